//! The independent checker: does an assignment satisfy a FlatZinc model?
//!
//! Every builtin is evaluated here from its FlatZinc meaning — sums are
//! summed, `int_div` divides — by code that shares nothing with the
//! compilation to engine constraints or with the engine's propagators, so
//! a mistake there cannot pass unseen: [`crate::run`] checks each solution
//! before printing it.
//!
//! ```
//! let fzn = fdoku_fzn::parse("var 1..9: x;\nvar 1..9: y;\nconstraint int_times(x, y, 12);\nsolve satisfy;\n").unwrap();
//! assert!(fdoku_fzn::check(&fzn, &[3, 4]).is_ok());
//! let err = fdoku_fzn::check(&fzn, &[3, 5]).unwrap_err();
//! assert_eq!(err, "line 3: int_times is violated");
//! ```

use crate::ast::{Arg, ConstraintItem, FlatZinc, Value, VarType};

/// Checks that `values` (one per FlatZinc variable, Booleans as 0/1)
/// satisfies every domain, definition and constraint of `fzn`; `Err` says
/// which item is violated, and where.
pub fn check(fzn: &FlatZinc, values: &[i64]) -> Result<(), String> {
    if values.len() != fzn.vars.len() {
        return Err(format!(
            "{} values for {} variables",
            values.len(),
            fzn.vars.len()
        ));
    }
    let eval = Eval { values };
    for (decl, &v) in fzn.vars.iter().zip(values) {
        let in_domain = match decl.ty {
            VarType::Bool => v == 0 || v == 1,
            VarType::Int => decl.domain.as_ref().is_none_or(|d| d.contains(v)),
        };
        let defined = decl
            .equals
            .as_ref()
            .is_none_or(|e| eval.scalar(e) == Some(v));
        if !in_domain || !defined {
            return Err(format!(
                "line {}: variable {} = {v} is outside its declaration",
                decl.pos.line, decl.name
            ));
        }
    }
    for item in &fzn.constraints {
        match holds(item, &eval) {
            Some(true) => {}
            Some(false) => {
                return Err(format!("line {}: {} is violated", item.pos.line, item.name));
            }
            None => {
                return Err(format!(
                    "line {}: {} cannot be evaluated (unknown builtin or malformed arguments)",
                    item.pos.line, item.name
                ));
            }
        }
    }
    Ok(())
}

struct Eval<'a> {
    values: &'a [i64],
}

impl Eval<'_> {
    fn scalar(&self, value: &Value) -> Option<i64> {
        match value {
            Value::Int(c) => Some(*c),
            Value::Bool(b) => Some(i64::from(*b)),
            Value::Var(id) => self.values.get(id.0).copied(),
            Value::Set(_) => None,
        }
    }

    fn arg(&self, args: &[Arg], i: usize) -> Option<i64> {
        match args.get(i)? {
            Arg::Value(v) => self.scalar(v),
            Arg::Array(_) => None,
        }
    }

    fn array(&self, args: &[Arg], i: usize) -> Option<Vec<i64>> {
        match args.get(i)? {
            Arg::Array(values) => values.iter().map(|v| self.scalar(v)).collect(),
            Arg::Value(_) => None,
        }
    }

    fn truth(&self, args: &[Arg], i: usize) -> Option<bool> {
        match self.arg(args, i)? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

/// Whether a constraint holds (`None`: it cannot be evaluated).
fn holds(item: &ConstraintItem, e: &Eval<'_>) -> Option<bool> {
    let args = &item.args;
    let name = item.name.as_str();
    let (base, reified, half) = if let Some(b) = name.strip_suffix("_reif") {
        (b, true, false)
    } else if let Some(b) = name.strip_suffix("_imp") {
        (b, true, true)
    } else {
        (name, false, false)
    };
    let arity = |plain: usize| if reified { plain + 1 } else { plain };
    // The comparisons and sums, plain or (half-)reified.
    let relation = match base {
        "int_eq" | "int_ne" | "int_le" | "int_lt" | "bool_eq" | "bool_le" | "bool_lt" => {
            if args.len() != arity(2) {
                return None;
            }
            let (x, y) = (e.arg(args, 0)?, e.arg(args, 1)?);
            Some((compare(base, x, y)?, 2))
        }
        "int_lin_eq" | "int_lin_ne" | "int_lin_le" => {
            if args.len() != arity(3) {
                return None;
            }
            let (a, x) = (e.array(args, 0)?, e.array(args, 1)?);
            if a.len() != x.len() {
                return None;
            }
            let sum: i128 = a
                .iter()
                .zip(&x)
                .map(|(&a, &x)| i128::from(a) * i128::from(x))
                .sum();
            let c = i128::from(e.arg(args, 2)?);
            let truth = match base {
                "int_lin_eq" => sum == c,
                "int_lin_ne" => sum != c,
                _ => sum <= c,
            };
            Some((truth, 3))
        }
        "set_in" => {
            let Some(Arg::Value(Value::Set(set))) = args.get(1) else {
                return None;
            };
            if args.len() != arity(2) {
                return None;
            }
            Some((set.contains(e.arg(args, 0)?), 2))
        }
        "bool_clause" => {
            if args.len() != arity(2) {
                return None;
            }
            let (p, n) = (e.array(args, 0)?, e.array(args, 1)?);
            Some((p.contains(&1) || n.contains(&0), 2))
        }
        _ => None,
    };
    if let Some((truth, at)) = relation {
        if !reified {
            return Some(truth);
        }
        let r = e.truth(args, at)?;
        return Some(if half { !r || truth } else { r == truth });
    }
    if reified {
        return None;
    }
    let value = |i: usize| e.arg(args, i);
    let count = |n: usize| (args.len() == n).then_some(());
    Some(match name {
        "int_plus" => {
            count(3)?;
            i128::from(value(0)?) + i128::from(value(1)?) == i128::from(value(2)?)
        }
        "int_times" | "int_div" | "int_mod" | "int_pow" | "int_min" | "int_max" => {
            count(3)?;
            arithmetic(name, value(0)?, value(1)?) == Some(value(2)?)
        }
        "int_abs" => {
            count(2)?;
            value(0)?.checked_abs() == Some(value(1)?)
        }
        "bool2int" => {
            count(2)?;
            value(0)? == value(1)?
        }
        "bool_not" => {
            count(2)?;
            value(0)? != value(1)?
        }
        "bool_xor" if args.len() == 2 => value(0)? != value(1)?,
        "bool_xor" => {
            count(3)?;
            e.truth(args, 2)? == (value(0)? != value(1)?)
        }
        "bool_and" | "bool_or" => {
            count(3)?;
            let (x, y) = (e.truth(args, 0)?, e.truth(args, 1)?);
            let r = e.truth(args, 2)?;
            r == if name == "bool_and" { x && y } else { x || y }
        }
        "array_bool_and" | "array_bool_or" => {
            count(2)?;
            let xs = e.array(args, 0)?;
            let r = e.truth(args, 1)?;
            r == if name == "array_bool_and" {
                xs.iter().all(|&x| x == 1)
            } else {
                xs.contains(&1)
            }
        }
        "array_bool_xor" => {
            count(1)?;
            e.array(args, 0)?.iter().filter(|&&x| x == 1).count() % 2 == 1
        }
        "bool_lin_eq" | "bool_lin_le" => {
            count(3)?;
            let (a, x) = (e.array(args, 0)?, e.array(args, 1)?);
            let sum: i128 = a
                .iter()
                .zip(&x)
                .map(|(&a, &x)| i128::from(a) * i128::from(x))
                .sum();
            let c = i128::from(value(2)?);
            if name == "bool_lin_eq" {
                sum == c
            } else {
                sum <= c
            }
        }
        "bool_clause_reif" => {
            count(3)?;
            let (p, n) = (e.array(args, 0)?, e.array(args, 1)?);
            e.truth(args, 2)? == (p.contains(&1) || n.contains(&0))
        }
        "array_int_element"
        | "array_bool_element"
        | "array_var_int_element"
        | "array_var_bool_element" => {
            count(3)?;
            let index = value(0)?;
            let array = e.array(args, 1)?;
            let at = usize::try_from(index.checked_sub(1)?).ok();
            at.and_then(|i| array.get(i)) == Some(&value(2)?)
        }
        "array_int_minimum" | "array_int_maximum" => {
            count(2)?;
            let xs = e.array(args, 1)?;
            let extreme = if name == "array_int_minimum" {
                xs.iter().min()
            } else {
                xs.iter().max()
            };
            extreme == Some(&value(0)?)
        }
        "fzn_all_different_int" => {
            count(1)?;
            let xs = e.array(args, 0)?;
            let distinct: std::collections::HashSet<i64> = xs.iter().copied().collect();
            distinct.len() == xs.len()
        }
        "fzn_table_int" => {
            count(2)?;
            let (xs, table) = (e.array(args, 0)?, e.array(args, 1)?);
            if xs.is_empty() {
                true
            } else {
                table.chunks(xs.len()).any(|row| row == xs.as_slice())
            }
        }
        "fzn_count_eq" => {
            count(3)?;
            let (xs, wanted) = (e.array(args, 0)?, value(1)?);
            let found = xs.iter().filter(|&&x| x == wanted).count();
            i64::try_from(found).ok()? == value(2)?
        }
        "fzn_regular" => {
            count(6)?;
            accepted(e, args)?
        }
        "fzn_lex_lesseq_int" | "fzn_lex_lesseq_bool" | "fzn_lex_less_int" | "fzn_lex_less_bool" => {
            count(2)?;
            let (xs, ys) = (e.array(args, 0)?, e.array(args, 1)?);
            // The first difference decides; a proper prefix is the smaller.
            match xs.iter().zip(&ys).find(|(x, y)| x != y) {
                Some((x, y)) => x < y,
                None if name.starts_with("fzn_lex_less_") => xs.len() < ys.len(),
                None => xs.len() <= ys.len(),
            }
        }
        "fdoku_inverse" => {
            count(4)?;
            let (f, invf) = (e.array(args, 0)?, e.array(args, 2)?);
            let (f_base, invf_base) = (e.arg(args, 1)?, e.arg(args, 3)?);
            maps_back(&f, f_base, &invf, invf_base) && maps_back(&invf, invf_base, &f, f_base)
        }
        "fdoku_circuit" => {
            count(2)?;
            one_cycle(&e.array(args, 0)?, e.arg(args, 1)?)
        }
        "fzn_cumulative" => {
            count(4)?;
            let (s, d, r) = (e.array(args, 0)?, e.array(args, 1)?, e.array(args, 2)?);
            within_capacity(&s, &d, &r, value(3)?)?
        }
        _ => return None,
    })
}

/// Whether every `f[i]` (positions from `f_base`) is a position of `g`
/// (from `g_base`) holding `i`.
fn maps_back(f: &[i64], f_base: i64, g: &[i64], g_base: i64) -> bool {
    f.iter().zip(f_base..).all(|(&j, i)| {
        usize::try_from(j - g_base)
            .ok()
            .and_then(|k| g.get(k))
            .is_some_and(|&back| back == i)
    })
}

/// Whether the successors `next` (nodes numbered from `base`) visit every
/// node once before returning to the first; no node follows itself.
fn one_cycle(next: &[i64], base: i64) -> bool {
    let n = next.len();
    let successor = |node: usize| {
        usize::try_from(next[node] - base)
            .ok()
            .filter(|&k| k < n && k != node)
    };
    let mut node = 0;
    for step in 1..=n {
        match successor(node) {
            Some(k) => node = k,
            None => return false,
        }
        if node == 0 {
            return step == n;
        }
    }
    n == 0
}

/// Whether tasks starting at `s`, lasting `d` and using `r` (none
/// negative) never use more than `b` at once, `b` not negative when there
/// is a task. `None` when the arrays differ in length.
fn within_capacity(s: &[i64], d: &[i64], r: &[i64], b: i64) -> Option<bool> {
    if d.len() != s.len() || r.len() != s.len() {
        return None;
    }
    if s.is_empty() {
        return Some(true);
    }
    if b < 0 || d.iter().chain(r).any(|&v| v < 0) {
        return Some(false);
    }
    // The load only rises at a start: look at each.
    Some(s.iter().all(|&t| {
        let load: i64 = (0..s.len())
            .filter(|&j| s[j] <= t && t < s[j] + d[j])
            .map(|j| r[j])
            .sum();
        load <= b
    }))
}

/// Whether `fzn_regular(x, Q, S, d, q0, F)` accepts `x`: start in `q0`,
/// read each value `s ∈ 1..S` by moving to `d[q, s]` (row-major, 0 is no
/// move), end in `F`.
fn accepted(e: &Eval<'_>, args: &[Arg]) -> Option<bool> {
    let xs = e.array(args, 0)?;
    let (states, symbols) = (e.arg(args, 1)?, e.arg(args, 2)?);
    let d = e.array(args, 3)?;
    let Some(Arg::Value(Value::Set(accepting))) = args.get(5) else {
        return None;
    };
    let mut state = e.arg(args, 4)?;
    for &s in &xs {
        if !(1..=symbols).contains(&s) || !(1..=states).contains(&state) {
            return Some(false);
        }
        let at = (state - 1).checked_mul(symbols)?.checked_add(s - 1)?;
        let at = usize::try_from(at).ok()?;
        state = *d.get(at)?;
    }
    Some((1..=states).contains(&state) && accepting.contains(state))
}

/// `x op y` for the two-operand comparisons.
fn compare(base: &str, x: i64, y: i64) -> Option<bool> {
    Some(match base {
        "int_eq" | "bool_eq" => x == y,
        "int_ne" => x != y,
        "int_le" | "bool_le" => x <= y,
        "int_lt" | "bool_lt" => x < y,
        _ => return None,
    })
}

/// FlatZinc's integer arithmetic: division rounds towards zero, `mod` has
/// the sign of `x`, a negative power is `1 div xⁿ`; `None` where there is
/// no value (a zero divisor).
fn arithmetic(name: &str, x: i64, y: i64) -> Option<i64> {
    match name {
        "int_times" => x.checked_mul(y),
        "int_div" if y == 0 => None,
        "int_div" => i64::try_from(i128::from(x) / i128::from(y)).ok(),
        "int_mod" if y == 0 => None,
        "int_mod" => {
            let (x, y) = (i128::from(x), i128::from(y));
            i64::try_from(x - y * (x / y)).ok()
        }
        "int_pow" => {
            let power = match x {
                0 | 1 if y != 0 => x,
                -1 => 1 - 2 * (y.unsigned_abs() % 2) as i64,
                _ => {
                    let mut power: i64 = 1;
                    for _ in 0..y.unsigned_abs() {
                        power = power.checked_mul(x)?;
                    }
                    power
                }
            };
            if y >= 0 {
                Some(power)
            } else if power == 0 {
                None
            } else {
                Some(1 / power)
            }
        }
        "int_min" => Some(x.min(y)),
        "int_max" => Some(x.max(y)),
        _ => None,
    }
}
