//! The Boolean builtins, on 0/1 engine variables: clauses for `and`, `or`
//! and `bool_clause`; sums for `=`, `≤`, `<`, `not`, `xor` and
//! `bool_lin_*`; reified sums for their `_reif` forms; a chain of `xor`s
//! for `array_bool_xor`.
//!
//! A constant in a clause either satisfies it (it is then not posted) or
//! drops out of it.

use fdoku_fd::{Constraint, LinearOp, Var};

use super::int::{Mode, reified, split_mode};
use super::{Args, Builder};
use crate::ast::Value;
use crate::error::{Error, Pos};

/// Posts `name` when it is a Boolean builtin; `Ok(false)` when it is not one.
pub(super) fn post(b: &mut Builder, name: &str, args: &Args<'_>) -> Result<bool, Error> {
    let pos = args.pos();
    let (base, mode) = split_mode(name);
    // Two-operand comparisons: (a, b) as a − b op rhs.
    let comparison = match base {
        "bool_eq" => Some((LinearOp::Eq, 0)),
        "bool_ne" | "bool_xor" | "bool_not" => Some((LinearOp::Ne, 0)),
        "bool_le" => Some((LinearOp::Le, 0)),
        "bool_lt" => Some((LinearOp::Le, -1)),
        _ => None,
    };
    if let Some((op, rhs)) = comparison {
        // bool_xor(a, b, r) is the reified form without the suffix.
        let reif_at = match (mode, base, args.arg(2).is_ok()) {
            (Mode::Plain, "bool_xor", true) => Some(2),
            (Mode::Plain, _, _) => None,
            _ => Some(2),
        };
        args.count(if reif_at.is_some() { 3 } else { 2 })?;
        let x = b.var(args.value(0)?, pos)?;
        let y = b.var(args.value(1)?, pos)?;
        let terms = [(1, x), (-1, y)];
        match reif_at {
            None => b.linear(&terms, op, rhs),
            Some(i) => {
                let reif = b.var(args.value(i)?, pos)?;
                reified(b, &terms, op, rhs, reif, mode);
            }
        }
        return Ok(true);
    }
    if mode == Mode::Plain && matches!(base, "bool_lin_eq" | "bool_lin_le") {
        args.count(3)?;
        let mut terms = args.terms(b, 0)?;
        terms.push((-1, b.var(args.value(2)?, pos)?));
        let op = if base == "bool_lin_eq" {
            LinearOp::Eq
        } else {
            LinearOp::Le
        };
        b.linear(&terms, op, 0);
        return Ok(true);
    }
    match name {
        "bool_clause" => {
            args.count(2)?;
            clause(b, args.array(0)?, args.array(1)?, pos)?;
        }
        "bool_and" | "bool_or" => {
            args.count(3)?;
            let operands = [args.value(0)?.clone(), args.value(1)?.clone()];
            conjunction(b, name == "bool_and", &operands, args.value(2)?, pos)?;
        }
        "array_bool_and" | "array_bool_or" => {
            args.count(2)?;
            let operands = args.array(0)?;
            conjunction(b, name == "array_bool_and", operands, args.value(1)?, pos)?;
        }
        "bool_clause_reif" => {
            // r ⇔ Σ pos − Σ neg ≥ 1 − |neg|.
            args.count(3)?;
            let positive = b.vars(args.array(0)?, pos)?;
            let negative = b.vars(args.array(1)?, pos)?;
            let terms: Vec<(i64, Var)> = positive
                .iter()
                .map(|&v| (1, v))
                .chain(negative.iter().map(|&v| (-1, v)))
                .collect();
            let reif = b.var(args.value(2)?, pos)?;
            let rhs = 1 - negative.len() as i64;
            reified(b, &terms, LinearOp::Ge, rhs, reif, Mode::Reif);
        }
        "array_bool_xor" => {
            args.count(1)?;
            let operands = b.vars(args.array(0)?, pos)?;
            let Some(&first) = operands.first() else {
                b.fail();
                return Ok(true);
            };
            // parity_k ⇔ parity_{k−1} ≠ operand_k; the last parity is 1.
            let mut parity = first;
            for &x in &operands[1..] {
                let next = b.aux(0, 1);
                reified(
                    b,
                    &[(1, parity), (-1, x)],
                    LinearOp::Ne,
                    0,
                    next,
                    Mode::Reif,
                );
                parity = next;
            }
            b.linear(&[(1, parity)], LinearOp::Eq, 1);
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `r ⇔ ∧ operands` (`and`) or `r ⇔ ∨ operands` (`or`), as clauses.
fn conjunction(
    b: &mut Builder,
    and: bool,
    operands: &[Value],
    r: &Value,
    pos: Pos,
) -> Result<(), Error> {
    let r = std::slice::from_ref(r);
    if and {
        // r ⇒ a for each a; (∧ a) ⇒ r.
        for a in operands {
            clause(b, std::slice::from_ref(a), r, pos)?;
        }
        clause(b, r, operands, pos)
    } else {
        // a ⇒ r for each a; r ⇒ (∨ a).
        for a in operands {
            clause(b, r, std::slice::from_ref(a), pos)?;
        }
        clause(b, operands, r, pos)
    }
}

/// `∨ positive ∨ ¬negative`, after the constants are taken out.
fn clause(b: &mut Builder, positive: &[Value], negative: &[Value], pos: Pos) -> Result<(), Error> {
    let (mut pos_vars, mut neg_vars) = (Vec::new(), Vec::new());
    for (values, vars, satisfying) in [
        (positive, &mut pos_vars, true),
        (negative, &mut neg_vars, false),
    ] {
        for value in values {
            match value {
                Value::Bool(v) if *v == satisfying => return Ok(()),
                Value::Bool(_) => {}
                other => vars.push(b.var(other, pos)?),
            }
        }
    }
    b.post(Constraint::Clause {
        pos: pos_vars,
        neg: neg_vars,
    });
    Ok(())
}
