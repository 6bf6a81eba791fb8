//! The integer and set builtins: comparisons and sums (plain, reified,
//! half-reified), arithmetic, element, minimum/maximum, set membership,
//! `bool2int`.
//!
//! | builtin | engine |
//! |---|---|
//! | `int_eq/ne/le/lt`, `int_lin_eq/le/ne`, `int_plus`, `bool2int` | linear (`x ≠ y + c` for two-term `≠`) |
//! | `int_*_reif`, `int_*_imp`, `int_lin_*_reif`, `int_lin_*_imp` | reified linear (`x = c` reified: set membership) |
//! | `int_times/div/mod/pow/min/max`, `int_abs` | arithmetic |
//! | `array_int_element` | a two-variable table `(i, a[i])` |
//! | `array_var_int_element` | element |
//! | `array_int_minimum/maximum` | a chain of `min`/`max` |
//! | `set_in`, `set_in_reif`, `set_in_imp` | domain restriction, reified membership |

use fdoku_fd::{ArithOp, Constraint, LinearOp, Var};

use super::{Args, Builder, domain_of};
use crate::ast::Value;
use crate::error::Error;

/// Posts `name` when it is an integer builtin; `Ok(false)` when it is not one.
pub(super) fn post(b: &mut Builder, name: &str, args: &Args<'_>) -> Result<bool, Error> {
    let (base, mode) = split_mode(name);
    let comparison = match base {
        "int_eq" => Some(LinearOp::Eq),
        "int_ne" => Some(LinearOp::Ne),
        "int_le" | "int_lt" => Some(LinearOp::Le),
        _ => None,
    };
    let linear = match base {
        "int_lin_eq" => Some(LinearOp::Eq),
        "int_lin_ne" => Some(LinearOp::Ne),
        "int_lin_le" => Some(LinearOp::Le),
        _ => None,
    };
    let arith = match base {
        "int_times" => Some(ArithOp::Times),
        "int_div" => Some(ArithOp::Div),
        "int_mod" => Some(ArithOp::Mod),
        "int_pow" => Some(ArithOp::Pow),
        "int_min" => Some(ArithOp::Min),
        "int_max" => Some(ArithOp::Max),
        _ => None,
    };
    let pos = args.pos();
    if let Some(op) = comparison {
        args.count(if mode == Mode::Plain { 2 } else { 3 })?;
        let x = b.var(args.value(0)?, pos)?;
        let y = b.var(args.value(1)?, pos)?;
        let rhs = if base == "int_lt" { -1 } else { 0 };
        let terms = [(1, x), (-1, y)];
        if mode == Mode::Plain {
            post_linear(b, &terms, op, rhs);
        } else if op == LinearOp::Eq
            && let Some((var, c)) = var_and_constant(args.value(0)?, args.value(1)?)
        {
            // x = c reified: membership, exact on domains with holes.
            let x = b.var(var, pos)?;
            let reif = b.var(args.value(2)?, pos)?;
            let set = int_set_of(c, pos)?;
            b.post(Constraint::InSetReif {
                x,
                set,
                reif,
                implies: mode == Mode::Imp,
            });
        } else {
            let reif = b.var(args.value(2)?, pos)?;
            reified(b, &terms, op, rhs, reif, mode);
        }
        return Ok(true);
    }
    if let Some(op) = linear {
        args.count(if mode == Mode::Plain { 3 } else { 4 })?;
        let terms = args.terms(b, 0)?;
        let rhs = args.int(2)?;
        if mode == Mode::Plain {
            post_linear(b, &terms, op, rhs);
        } else {
            let reif = b.var(args.value(3)?, pos)?;
            reified(b, &terms, op, rhs, reif, mode);
        }
        return Ok(true);
    }
    if mode != Mode::Plain {
        return set_membership(b, name, args);
    }
    if let Some(op) = arith {
        args.count(3)?;
        let x = b.var(args.value(0)?, pos)?;
        let y = b.var(args.value(1)?, pos)?;
        let z = b.var(args.value(2)?, pos)?;
        b.post(Constraint::Arith { op, x, y, z });
        return Ok(true);
    }
    match name {
        "int_abs" => {
            args.count(2)?;
            let x = b.var(args.value(0)?, pos)?;
            let z = b.var(args.value(1)?, pos)?;
            b.post(Constraint::Abs { x, z });
        }
        "int_plus" => {
            args.count(3)?;
            let vars = [args.value(0)?, args.value(1)?, args.value(2)?];
            let [x, y, z] = [
                b.var(vars[0], pos)?,
                b.var(vars[1], pos)?,
                b.var(vars[2], pos)?,
            ];
            b.linear(&[(1, x), (1, y), (-1, z)], LinearOp::Eq, 0);
        }
        "bool2int" => {
            args.count(2)?;
            let x = b.var(args.value(0)?, pos)?;
            let y = b.var(args.value(1)?, pos)?;
            b.linear(&[(1, x), (-1, y)], LinearOp::Eq, 0);
        }
        "array_int_element" | "array_bool_element" => {
            args.count(3)?;
            let index = b.var(args.value(0)?, pos)?;
            let values = constants(args, 1)?;
            let z = b.var(args.value(2)?, pos)?;
            let tuples = (1..).zip(&values).map(|(k, &v)| vec![k, v]);
            let tuples = tuples
                .map(|t| narrow_tuple(&t, pos))
                .collect::<Result<Vec<_>, _>>()?;
            b.post(Constraint::Table {
                vars: vec![index, z],
                tuples,
            });
        }
        "array_var_int_element" | "array_var_bool_element" => {
            args.count(3)?;
            let index = b.var(args.value(0)?, pos)?;
            let array = b.vars(args.array(1)?, pos)?;
            let value = b.var(args.value(2)?, pos)?;
            b.post(Constraint::Element {
                index,
                array,
                value,
                base: 1,
            });
        }
        "array_int_minimum" | "array_int_maximum" => {
            args.count(2)?;
            let m = b.var(args.value(0)?, pos)?;
            let xs = b.vars(args.array(1)?, pos)?;
            let op = if name == "array_int_minimum" {
                ArithOp::Min
            } else {
                ArithOp::Max
            };
            let Some(&first) = xs.first() else {
                b.fail();
                return Ok(true);
            };
            let mut acc = first;
            for &x in &xs[1..] {
                let (lo, hi) = hull(b, &[acc, x]);
                let next = b.aux(lo, hi);
                b.post(Constraint::Arith {
                    op,
                    x: acc,
                    y: x,
                    z: next,
                });
                acc = next;
            }
            b.linear(&[(1, m), (-1, acc)], LinearOp::Eq, 0);
        }
        "set_in" => {
            args.count(2)?;
            let set = args.set(1)?.clone();
            match args.value(0)? {
                Value::Int(c) if set.contains(*c) => {}
                Value::Int(_) => b.fail(),
                value => {
                    let x = b.var(value, pos)?;
                    let domain = domain_of(&set, pos)?;
                    b.model.restrict(x, &domain);
                }
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Whether a builtin is plain, reified (`_reif`) or half-reified (`_imp`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Plain,
    Reif,
    Imp,
}

/// `int_le_reif` → (`int_le`, reified).
pub(super) fn split_mode(name: &str) -> (&str, Mode) {
    if let Some(base) = name.strip_suffix("_reif") {
        (base, Mode::Reif)
    } else if let Some(base) = name.strip_suffix("_imp") {
        (base, Mode::Imp)
    } else {
        (name, Mode::Plain)
    }
}

/// `Σ terms op rhs`, as `x ≠ y + c` when it is a two-variable `≠`.
fn post_linear(b: &mut Builder, terms: &[(i64, Var)], op: LinearOp, rhs: i64) {
    if op == LinearOp::Ne
        && let [(a1, x), (a2, y)] = terms
        && a1.checked_mul(*a2) == Some(-1)
        && x != y
        && let Ok(offset) = i32::try_from(rhs)
    {
        // x − y ≠ c is x ≠ y + c; −x + y ≠ c is y ≠ x + c.
        let (x, y) = if *a1 == 1 { (*x, *y) } else { (*y, *x) };
        b.post(Constraint::NotEqual { x, y, offset });
        return;
    }
    b.linear(terms, op, rhs);
}

/// `reif ⇔ Σ terms op rhs` (`⇒` for `_imp`).
pub(super) fn reified(
    b: &mut Builder,
    terms: &[(i64, Var)],
    op: LinearOp,
    rhs: i64,
    reif: Var,
    mode: Mode,
) {
    b.post(Constraint::ReifiedLinear {
        terms: terms.to_vec(),
        op,
        rhs,
        reif,
        implies: mode == Mode::Imp,
    });
}

/// `set_in_reif` and `set_in_imp`.
fn set_membership(b: &mut Builder, name: &str, args: &Args<'_>) -> Result<bool, Error> {
    let (base, mode) = split_mode(name);
    if base != "set_in" {
        return Ok(false);
    }
    args.count(3)?;
    let pos = args.pos();
    let x = b.var(args.value(0)?, pos)?;
    let set = args
        .set(1)?
        .ranges()
        .iter()
        .map(|&(lo, hi)| Ok((narrow(lo, pos)?, narrow(hi, pos)?)))
        .collect::<Result<Vec<_>, Error>>()?;
    let reif = b.var(args.value(2)?, pos)?;
    b.post(Constraint::InSetReif {
        x,
        set,
        reif,
        implies: mode == Mode::Imp,
    });
    Ok(true)
}

/// `(x, c)` when one of the two is a variable and the other a constant.
fn var_and_constant<'v>(a: &'v Value, b: &'v Value) -> Option<(&'v Value, i64)> {
    match (a, b) {
        (Value::Var(_), Value::Int(c)) => Some((a, *c)),
        (Value::Int(c), Value::Var(_)) => Some((b, *c)),
        _ => None,
    }
}

fn int_set_of(c: i64, pos: crate::error::Pos) -> Result<Vec<(i32, i32)>, Error> {
    let c = narrow(c, pos)?;
    Ok(vec![(c, c)])
}

fn narrow(v: i64, pos: crate::error::Pos) -> Result<i32, Error> {
    i32::try_from(v).map_err(|_| {
        Error::unsupported(pos, format!("the value {v} is outside the 32-bit integers"))
    })
}

fn narrow_tuple(tuple: &[i64], pos: crate::error::Pos) -> Result<Vec<i32>, Error> {
    tuple.iter().map(|&v| narrow(v, pos)).collect()
}

/// Argument `i` as integer or Boolean constants (`true` is 1).
fn constants(args: &Args<'_>, i: usize) -> Result<Vec<i64>, Error> {
    args.array(i)?
        .iter()
        .map(|v| match v {
            Value::Int(c) => Ok(*c),
            Value::Bool(b) => Ok(i64::from(*b)),
            _ => Err(Error::invalid(
                args.pos(),
                format!("argument {} must be an array of constants", i + 1),
            )),
        })
        .collect()
}

/// The smallest and largest initial values of `vars`.
fn hull(b: &Builder, vars: &[Var]) -> (i32, i32) {
    let lo = vars.iter().map(|&v| b.domain(v).min()).min().unwrap_or(0);
    let hi = vars.iter().map(|&v| b.domain(v).max()).max().unwrap_or(0);
    (lo, hi)
}
