//! Linear constraints `Σ aᵢ·xᵢ op c` with `op` one of `=`, `≤`, `≥`, `≠`.
//!
//! For `≤`: the smallest the sum can be is `S = Σ min(aᵢ·xᵢ)`. If `S > c` the
//! constraint fails; otherwise each term may use at most the slack
//! `c − (S − min(aᵢ·xᵢ))`, which bounds `xᵢ` from above (`aᵢ > 0`) or below
//! (`aᵢ < 0`). `≥` is `≤` on the negated sum, `=` is both, repeated until the
//! bounds stop moving (bounds consistency). With `x, y ∈ 0..5` and
//! `2x + 3y = 12`: `3y ≥ 12 − 2·5` gives `y ≥ 1` and `3y ≤ 12` gives `y ≤ 4`;
//! then `2x ≤ 12 − 3·1` gives `x ≤ 4`, then `y ≥ 2`, then `x ≤ 3`: the
//! bounds `x ∈ 0..3`, `y ∈ 2..4` are exactly those of the solutions (0,4), (3,2).
//!
//! `≠` waits until all variables but one are fixed, then removes the one
//! value that would make the sum equal `c`. Arithmetic is done in `i128`, so
//! no sum of `i32` values times `i64` coefficients can overflow.

use crate::constraint::LinearOp;
use crate::propagation::{Conflict, Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct Linear {
    terms: Vec<(i128, Var)>,
    op: LinearOp,
    rhs: i64,
}

impl Linear {
    /// Merges repeated variables (`2x + 3x` is `5x`) and drops zero
    /// coefficients, so each variable appears once: then tightening one
    /// term's bound never changes another term, and one pass is exact.
    pub(crate) fn new(terms: Vec<(i64, Var)>, op: LinearOp, rhs: i64) -> Self {
        let mut merged: Vec<(i128, Var)> = Vec::with_capacity(terms.len());
        for (a, var) in terms {
            match merged.iter_mut().find(|(_, v)| *v == var) {
                Some((sum, _)) => *sum += i128::from(a),
                None => merged.push((i128::from(a), var)),
            }
        }
        merged.retain(|&(a, _)| a != 0);
        Linear {
            terms: merged,
            op,
            rhs,
        }
    }

    /// Enforces `sign · Σ aᵢ·xᵢ ≤ sign · rhs`; returns whether any bound moved.
    fn at_most(&self, ctx: &mut PropCtx<'_>, sign: i128) -> Result<bool, Conflict> {
        let rhs = sign * i128::from(self.rhs);
        let term_min = |ctx: &PropCtx<'_>, a: i128, var: Var| {
            let (lo, hi) = (i128::from(ctx.min(var)), i128::from(ctx.max(var)));
            (a * lo).min(a * hi)
        };
        let smallest: i128 = self
            .terms
            .iter()
            .map(|&(a, var)| term_min(ctx, sign * a, var))
            .sum();
        if smallest > rhs {
            return Err(ctx.fail());
        }
        let mut changed = false;
        for &(a, var) in &self.terms {
            let a = sign * a;
            // a·x ≤ slack, where slack ≥ the term's current minimum.
            let slack = rhs - (smallest - term_min(ctx, a, var));
            if a > 0 {
                changed |= ctx.set_max(var, clamp(div_floor(slack, a)))?;
            } else {
                changed |= ctx.set_min(var, clamp(div_ceil(slack, a)))?;
            }
        }
        Ok(changed)
    }

    fn not_equal(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let mut open = None;
        let mut fixed_sum: i128 = 0;
        for &(a, var) in &self.terms {
            match ctx.value(var) {
                Some(v) => fixed_sum += a * i128::from(v),
                None if open.is_none() => open = Some((a, var)),
                None => return Ok(()),
            }
        }
        let rest = i128::from(self.rhs) - fixed_sum;
        match open {
            None if rest == 0 => return Err(ctx.fail()),
            None => {}
            Some((a, var)) => {
                if rest % a == 0
                    && let Ok(value) = i32::try_from(rest / a)
                {
                    ctx.remove(var, value)?;
                }
            }
        }
        // The one value that would break it is gone: it holds.
        ctx.entailed();
        Ok(())
    }
}

fn div_floor(n: i128, d: i128) -> i128 {
    let q = n / d;
    if (n % d != 0) && ((n < 0) != (d < 0)) {
        q - 1
    } else {
        q
    }
}

fn div_ceil(n: i128, d: i128) -> i128 {
    let q = n / d;
    if (n % d != 0) && ((n < 0) == (d < 0)) {
        q + 1
    } else {
        q
    }
}

fn clamp(v: i128) -> i32 {
    v.clamp(i128::from(i32::MIN), i128::from(i32::MAX)) as i32
}

impl Propagator for Linear {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        let events = if self.op == LinearOp::Ne {
            Events::FIXED
        } else {
            Events::BOUNDS
        };
        self.terms.iter().map(|&(_, v)| (v, events)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        match self.op {
            LinearOp::Ne => self.not_equal(ctx),
            LinearOp::Le => self.at_most(ctx, 1).map(drop),
            LinearOp::Ge => self.at_most(ctx, -1).map(drop),
            LinearOp::Eq => loop {
                let lowered = self.at_most(ctx, 1)?;
                let raised = self.at_most(ctx, -1)?;
                if !(lowered || raised) {
                    return Ok(());
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn floor_and_ceil_round_the_right_way() {
        assert_eq!(
            (div_floor(7, 2), div_floor(-7, 2), div_floor(7, -2)),
            (3, -4, -4)
        );
        assert_eq!(
            (div_ceil(7, 2), div_ceil(-7, 2), div_ceil(-7, -2)),
            (4, -3, 4)
        );
        assert_eq!(div_floor(6, 3), 2);
        assert_eq!(div_ceil(-6, 3), -2);
    }

    #[test]
    fn an_equation_tightens_bounds_until_they_stop_moving() {
        // 2x + 3y = 12 over 0..5, the example above: x ∈ 0..3, y ∈ 2..4.
        let mut eq = Linear::new(vec![(2, Var(0)), (3, Var(1))], LinearOp::Eq, 12);
        let range: &[i32] = &[0, 1, 2, 3, 4, 5];
        let after = after_one_run(&mut eq, &[range, range]);
        assert_eq!(after.unwrap(), ["{0..3}", "{2..4}"]);
    }

    #[test]
    fn an_inequality_moves_one_bound_per_variable() {
        // x − y ≤ −1 (x < y) over 0..4: x loses 4, y loses 0.
        let mut lt = Linear::new(vec![(1, Var(0)), (-1, Var(1))], LinearOp::Le, -1);
        let range: &[i32] = &[0, 1, 2, 3, 4];
        let after = after_one_run(&mut lt, &[range, range]);
        assert_eq!(after.unwrap(), ["{0..3}", "{1..4}"]);
        // x = 4 and y ∈ 0..3: no y is above x.
        assert_eq!(after_one_run(&mut lt, &[&[4], &[0, 1, 2, 3]]), None);
    }

    #[test]
    fn a_disequation_waits_for_the_last_open_variable() {
        // x + y ≠ 4 with x = 1: y loses 3.
        let mut ne = Linear::new(vec![(1, Var(0)), (1, Var(1))], LinearOp::Ne, 4);
        let after = after_one_run(&mut ne, &[&[1], &[2, 3, 4]]);
        assert_eq!(after.unwrap(), ["{1}", "{2, 4}"]);
        let after = after_one_run(&mut ne, &[&[0, 1], &[2, 3, 4]]);
        assert_eq!(after.unwrap(), ["{0, 1}", "{2..4}"]);
    }
}
