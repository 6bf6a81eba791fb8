//! Clauses over 0/1 variables: `p₁ ∨ … ∨ pₖ ∨ ¬n₁ ∨ … ∨ ¬nₘ`.
//!
//! A clause is satisfied by any positive variable at 1 or negative variable at
//! 0. When every literal but one is false, the last one is forced (unit
//! propagation); when all are false the clause fails. `requires(a, b)` is the
//! clause `¬a ∨ b`: with `a = 1` it forces `b = 1`.

use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct Clause {
    pos: Vec<Var>,
    neg: Vec<Var>,
}

impl Clause {
    /// Repeated literals are dropped, so `a ∨ a ∨ b` propagates like `a ∨ b`.
    pub(crate) fn new(mut pos: Vec<Var>, mut neg: Vec<Var>) -> Self {
        for literals in [&mut pos, &mut neg] {
            literals.sort_unstable();
            literals.dedup();
        }
        Clause { pos, neg }
    }

    /// The literals as (variable, value that satisfies it).
    fn literals(&self) -> impl Iterator<Item = (Var, i32)> + '_ {
        let pos = self.pos.iter().map(|&v| (v, 1));
        pos.chain(self.neg.iter().map(|&v| (v, 0)))
    }
}

impl Propagator for Clause {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.literals().map(|(v, _)| (v, Events::FIXED)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Cheap
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let mut open = None;
        let mut open_count = 0;
        for (var, satisfying) in self.literals() {
            match ctx.value(var) {
                Some(v) if v == satisfying => {
                    ctx.entailed();
                    return Ok(());
                }
                Some(_) => {}
                None => {
                    open_count += 1;
                    open = Some((var, satisfying));
                }
            }
        }
        match (open_count, open) {
            (1, Some((var, satisfying))) => {
                ctx.fix(var, satisfying)?;
                ctx.entailed();
                Ok(())
            }
            (0, _) => Err(ctx.fail()),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn the_last_open_literal_is_forced() {
        // a ∨ b ∨ ¬c with a = 0 and c = 1: only b is left to satisfy it.
        let mut clause = Clause::new(vec![Var(0), Var(1)], vec![Var(2)]);
        let after = after_one_run(&mut clause, &[&[0], &[0, 1], &[1]]);
        assert_eq!(after.unwrap(), ["{0}", "{1}", "{1}"]);
        // Every literal false: a = 0, b = 0, c = 1.
        assert_eq!(after_one_run(&mut clause, &[&[0], &[0], &[1]]), None);
    }

    #[test]
    fn a_repeated_literal_counts_once() {
        // a ∨ a with a open is one open literal, so a = 1.
        let mut clause = Clause::new(vec![Var(0), Var(0)], vec![]);
        assert_eq!(after_one_run(&mut clause, &[&[0, 1]]).unwrap(), ["{1}"]);
    }
}
