//! The independent checker: does a full assignment satisfy the model?
//!
//! It reads the constraint *descriptions* and evaluates their meaning
//! directly — a sum is summed, an all_different is sorted — without calling
//! any propagator. A bug in a propagator therefore cannot hide itself here:
//! every solution the command line prints, and every solution in the tests,
//! goes through [`check`].
//!
//! ```
//! use fdoku_fd::{check, Model};
//!
//! let mut m = Model::new();
//! let xs = m.new_vars(3, 1, 3);
//! m.all_different(&xs);
//! assert!(check(&m, &[1, 2, 3]).is_ok());
//! let err = check(&m, &[1, 2, 1]).unwrap_err();
//! assert_eq!(err.to_string(), "constraint all_different#0 is violated: value 1 is taken twice");
//! ```

use std::collections::HashSet;

use thiserror::Error;

use crate::constraint::Constraint;
use crate::domain::Domain;
use crate::model::Model;
use crate::var::{ConstraintId, Var};

/// Why an assignment is not a solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Violation {
    /// The assignment does not give one value per variable.
    #[error("the assignment has {found} values but the model has {expected} variables")]
    WrongLength {
        /// Values given.
        found: usize,
        /// Variables in the model.
        expected: usize,
    },
    /// A value outside the variable's initial domain.
    #[error("variable {} = {value} is outside its domain {domain}", var.0)]
    OutOfDomain {
        /// The variable.
        var: Var,
        /// Its value.
        value: i32,
        /// Its initial domain.
        domain: Domain,
    },
    /// A constraint does not hold.
    #[error("constraint {label} is violated: {detail}")]
    Constraint {
        /// The constraint.
        id: ConstraintId,
        /// Its name or `kind#index`.
        label: String,
        /// What is wrong.
        detail: String,
    },
}

/// Checks that `values` (one per variable, in order) satisfies every domain
/// and constraint of `model`.
pub fn check(model: &Model, values: &[i32]) -> Result<(), Violation> {
    if values.len() != model.num_vars() {
        return Err(Violation::WrongLength {
            found: values.len(),
            expected: model.num_vars(),
        });
    }
    for var in model.vars() {
        let value = values[var.index()];
        if !model.domain(var).contains(value) {
            return Err(Violation::OutOfDomain {
                var,
                value,
                domain: model.domain(var).clone(),
            });
        }
    }
    for (i, constraint) in model.constraints().iter().enumerate() {
        if let Err(detail) = holds(constraint, &|v: Var| values[v.index()]) {
            let id = ConstraintId(i as u32);
            return Err(Violation::Constraint {
                id,
                label: model.constraint_label(id),
                detail,
            });
        }
    }
    Ok(())
}

/// Evaluates one constraint; `Err` says what is wrong.
fn holds(constraint: &Constraint, value: &dyn Fn(Var) -> i32) -> Result<(), String> {
    match constraint {
        Constraint::NotEqual { x, y, offset } => {
            let (a, b) = (i64::from(value(*x)), i64::from(value(*y)));
            require(a != b + i64::from(*offset), || {
                format!("{a} = {b} + {offset}")
            })
        }
        Constraint::AllDifferent { vars, offsets, .. } => {
            let mut seen = HashSet::new();
            for (&var, &offset) in vars.iter().zip(offsets) {
                let shifted = i64::from(value(var)) + i64::from(offset);
                if !seen.insert(shifted) {
                    return Err(format!("value {shifted} is taken twice"));
                }
            }
            Ok(())
        }
        Constraint::Linear { terms, op, rhs } => {
            let sum: i128 = terms
                .iter()
                .map(|&(a, v)| i128::from(a) * i128::from(value(v)))
                .sum();
            require(op.holds(sum, i128::from(*rhs)), || {
                format!("the sum is {sum}, not {} {rhs}", op.symbol())
            })
        }
        Constraint::Clause { pos, neg } => require(
            pos.iter().any(|&v| value(v) == 1) || neg.iter().any(|&v| value(v) == 0),
            || "every literal is false".to_owned(),
        ),
        Constraint::ExactlyOne { vars } => {
            let ones = vars.iter().filter(|&&v| value(v) == 1).count();
            require(ones == 1, || format!("{ones} variables are 1"))
        }
        Constraint::Table { vars, tuples } => {
            let tuple: Vec<i32> = vars.iter().map(|&v| value(v)).collect();
            require(tuples.contains(&tuple), || {
                format!("{tuple:?} is not in the table")
            })
        }
        Constraint::Relation { x, y, pairs } => {
            let pair = (value(*x), value(*y));
            require(pairs.contains(&pair), || {
                format!("{pair:?} is not an allowed pair")
            })
        }
        Constraint::Regular { vars, automaton } => {
            let sequence: Vec<i32> = vars.iter().map(|&v| value(v)).collect();
            require(automaton.accepts(&sequence), || {
                format!("the automaton does not accept {sequence:?}")
            })
        }
        Constraint::ReifiedLinear {
            terms,
            op,
            rhs,
            reif,
            implies,
        } => {
            let sum: i128 = terms
                .iter()
                .map(|&(a, v)| i128::from(a) * i128::from(value(v)))
                .sum();
            let compares = op.holds(sum, i128::from(*rhs));
            reified(
                value(*reif),
                *implies,
                compares,
                &format!("the sum is {sum}"),
            )
        }
        Constraint::InSetReif {
            x,
            set,
            reif,
            implies,
        } => {
            let v = value(*x);
            let member = set.iter().any(|&(lo, hi)| lo <= v && v <= hi);
            reified(value(*reif), *implies, member, &format!("x = {v}"))
        }
        Constraint::Arith { op, x, y, z } => {
            let (a, b, c) = (value(*x), value(*y), value(*z));
            let result = op.apply(i64::from(a), i64::from(b));
            require(result == Some(i64::from(c)), || match result {
                Some(r) => format!("{a} {} {b} is {r}, not {c}", op.name()),
                None => format!("{a} {} {b} has no value", op.name()),
            })
        }
        Constraint::Element {
            index,
            array,
            value: v,
            base,
        } => {
            let (k, c) = (value(*index), value(*v));
            let picked = usize::try_from(i64::from(k) - i64::from(*base))
                .ok()
                .and_then(|p| array.get(p));
            match picked {
                Some(&x) => require(value(x) == c, || {
                    format!("position {k} holds {}, not {c}", value(x))
                }),
                None => Err(format!("index {k} is outside the array")),
            }
        }
        Constraint::Abs { x, z } => {
            let (a, c) = (i64::from(value(*x)), i64::from(value(*z)));
            require(a.abs() == c, || format!("|{a}| is not {c}"))
        }
        Constraint::Count {
            vars,
            value: v,
            count,
        } => {
            let (wanted, c) = (value(*v), value(*count));
            let found = vars.iter().filter(|&&x| value(x) == wanted).count();
            require(i64::try_from(found) == Ok(i64::from(c)), || {
                format!("{wanted} occurs {found} times, not {c}")
            })
        }
        Constraint::LexLess { x, y, strict } => {
            let a: Vec<i32> = x.iter().map(|&v| value(v)).collect();
            let b: Vec<i32> = y.iter().map(|&v| value(v)).collect();
            let ordered = if *strict { a < b } else { a <= b };
            require(ordered, || {
                let sign = if *strict { "<" } else { "≤" };
                format!("{a:?} is not lexicographically {sign} {b:?}")
            })
        }
        Constraint::Inverse {
            f,
            f_base,
            invf,
            invf_base,
        } => {
            inverse_of(f, *f_base, invf, *invf_base, value)?;
            inverse_of(invf, *invf_base, f, *f_base, value)
        }
        Constraint::Circuit { succ, base } => circuit(succ, *base, value),
        Constraint::Cumulative {
            starts,
            durations,
            resources,
            capacity,
        } => {
            let task = |i: usize| {
                let (s, d) = (i64::from(value(starts[i])), i64::from(value(durations[i])));
                (s, s + d, i64::from(value(resources[i])))
            };
            let b = i64::from(value(*capacity));
            if !starts.is_empty() && b < 0 {
                return Err(format!("the capacity {b} is negative"));
            }
            for i in 0..starts.len() {
                let (start, end, use_) = task(i);
                if end < start || use_ < 0 {
                    return Err(format!("task {i} has a negative duration or resource"));
                }
                // The load is largest at some task's start.
                let load: i64 = (0..starts.len())
                    .map(task)
                    .filter(|&(s, e, _)| s <= start && start < e)
                    .map(|(_, _, r)| r)
                    .sum();
                if load > b {
                    return Err(format!("the tasks running at {start} use {load} > {b}"));
                }
            }
            Ok(())
        }
    }
}

/// Every value of `f` (positions from `f_base`) is a position of `g`
/// (from `g_base`) that `g` maps back.
fn inverse_of(
    f: &[Var],
    f_base: i32,
    g: &[Var],
    g_base: i32,
    value: &dyn Fn(Var) -> i32,
) -> Result<(), String> {
    for (i, &x) in f.iter().enumerate() {
        let position = i64::from(f_base) + i as i64;
        let j = i64::from(value(x));
        let back = usize::try_from(j - i64::from(g_base))
            .ok()
            .and_then(|k| g.get(k))
            .map(|&y| i64::from(value(y)));
        match back {
            Some(b) if b == position => {}
            Some(b) => return Err(format!("{position} maps to {j}, which maps to {b}")),
            None => return Err(format!("{position} maps to {j}, outside the other array")),
        }
    }
    Ok(())
}

/// Whether the successors form one cycle through every node.
fn circuit(succ: &[Var], base: i32, value: &dyn Fn(Var) -> i32) -> Result<(), String> {
    let n = succ.len();
    let next = |node: usize| {
        usize::try_from(i64::from(value(succ[node])) - i64::from(base))
            .ok()
            .filter(|&k| k < n)
    };
    let mut seen = vec![false; n];
    let mut node = 0;
    for step in 0..n {
        if seen[node] {
            return Err(format!("the cycle closes after {step} of {n} nodes"));
        }
        seen[node] = true;
        node = next(node).ok_or_else(|| {
            format!(
                "a successor is outside the nodes {base}..{}",
                i64::from(base) + n as i64 - 1
            )
        })?;
        if next(node) == Some(node) {
            return Err("a node is its own successor".to_owned());
        }
    }
    require(n == 0 || node == 0, || {
        "the successors do not lead back to the first node".to_owned()
    })
}

/// `b ⇔ truth` (`b ⇒ truth` when `implies`) for a 0/1 `b`; `what` says
/// what made `truth`.
fn reified(b: i32, implies: bool, truth: bool, what: &str) -> Result<(), String> {
    let holds = match b {
        0 => implies || !truth,
        1 => truth,
        _ => false,
    };
    require(holds, || format!("{what} and the reifying variable is {b}"))
}

fn require(ok: bool, detail: impl FnOnce() -> String) -> Result<(), String> {
    if ok { Ok(()) } else { Err(detail()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LinearOp;

    #[test]
    fn reports_length_domain_and_constraint_violations() {
        let mut m = Model::new();
        let x = m.new_var(0, 3);
        let y = m.new_var(0, 3);
        m.linear(&[(1, x), (1, y)], LinearOp::Eq, 4);
        assert!(check(&m, &[1, 3]).is_ok());
        assert!(matches!(
            check(&m, &[1]),
            Err(Violation::WrongLength { .. })
        ));
        assert_eq!(
            check(&m, &[4, 0]).unwrap_err().to_string(),
            "variable 0 = 4 is outside its domain {0..3}"
        );
        assert_eq!(
            check(&m, &[1, 2]).unwrap_err().to_string(),
            "constraint linear#0 is violated: the sum is 3, not = 4"
        );
    }
}
