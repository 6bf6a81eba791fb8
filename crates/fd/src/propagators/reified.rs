//! Reified linear constraints: `b ⇔ Σ aᵢ·xᵢ op c`, and the half-reified
//! `b ⇒ Σ aᵢ·xᵢ op c`, with `b` a 0/1 variable.
//!
//! Once `b` is fixed the constraint is a plain [`Linear`]: `b = 1` enforces
//! the comparison, `b = 0` its negation (`=` becomes `≠`, `≤ c` becomes
//! `≥ c + 1`); a half-reified constraint with `b = 0` holds whatever the sum.
//! While `b` is open, the bounds of the sum decide it when they can: with
//! `x, y ∈ 0..2` and `b ⇔ x + y ≤ 5`, the sum is at most 4, so the comparison
//! is *entailed* and `b = 1`; with `b ⇔ x + y ≥ 5` it is *disentailed* and
//! `b = 0` (a half-reified `b` is only ever set to 0 this way). Entailment is
//! read from bounds only, so `x ∈ {1, 3}` does not settle `b ⇔ x = 2` until
//! `x` is fixed: sound, and exact on fixed variables.

use super::linear::Linear;
use crate::constraint::LinearOp;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct ReifiedLinear {
    terms: Vec<(i64, Var)>,
    op: LinearOp,
    rhs: i64,
    reif: Var,
    implies: bool,
    /// The comparison, enforced when `reif = 1`.
    holds: Linear,
    /// Its negation, enforced when `reif = 0` (unless half-reified).
    fails: Linear,
}

impl ReifiedLinear {
    pub(crate) fn new(
        terms: Vec<(i64, Var)>,
        op: LinearOp,
        rhs: i64,
        reif: Var,
        implies: bool,
    ) -> Self {
        let (negated, negated_rhs) = match op {
            LinearOp::Eq => (LinearOp::Ne, rhs),
            LinearOp::Ne => (LinearOp::Eq, rhs),
            LinearOp::Le => (LinearOp::Ge, rhs.saturating_add(1)),
            LinearOp::Ge => (LinearOp::Le, rhs.saturating_sub(1)),
        };
        ReifiedLinear {
            holds: Linear::new(terms.clone(), op, rhs),
            fails: Linear::new(terms.clone(), negated, negated_rhs),
            terms,
            op,
            rhs,
            reif,
            implies,
        }
    }

    /// Whether the bounds already decide the comparison: `Some(true)` when
    /// every assignment satisfies it, `Some(false)` when none does.
    fn decided(&self, ctx: &PropCtx<'_>) -> Option<bool> {
        let (mut lo, mut hi) = (0i128, 0i128);
        for &(a, var) in &self.terms {
            let a = i128::from(a);
            let (min, max) = (i128::from(ctx.min(var)), i128::from(ctx.max(var)));
            lo += (a * min).min(a * max);
            hi += (a * min).max(a * max);
        }
        let c = i128::from(self.rhs);
        match self.op {
            LinearOp::Eq if lo == hi && lo == c => Some(true),
            LinearOp::Eq if c < lo || c > hi => Some(false),
            LinearOp::Ne if lo == hi && lo == c => Some(false),
            LinearOp::Ne if c < lo || c > hi => Some(true),
            LinearOp::Le if hi <= c => Some(true),
            LinearOp::Le if lo > c => Some(false),
            LinearOp::Ge if lo >= c => Some(true),
            LinearOp::Ge if hi < c => Some(false),
            _ => None,
        }
    }
}

impl Propagator for ReifiedLinear {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        let terms = self.terms.iter().map(|&(_, v)| (v, Events::BOUNDS));
        terms.chain([(self.reif, Events::FIXED)]).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let decided = self.decided(ctx);
        propagate_reified(ctx, self.reif, self.implies, decided, |ctx, holds| {
            if holds {
                self.holds.propagate_from_scratch(ctx)
            } else {
                self.fails.propagate_from_scratch(ctx)
            }
        })?;
        // Entailed once the bounds decide the comparison the way `reif` says.
        note_entailment(ctx, self.reif, self.implies, decided, |ctx| {
            self.decided(ctx)
        });
        Ok(())
    }
}

/// The rule of every reified constraint `reif ⇔ C` (`reif ⇒ C` when
/// `implies`): a fixed `reif` enforces `C` (`enforce(ctx, true)`) or its
/// negation (`enforce(ctx, false)`, never when half-reified); an open one
/// takes the value that `decided` (whether the domains settle `C`) gives.
pub(super) fn propagate_reified(
    ctx: &mut PropCtx<'_>,
    reif: Var,
    implies: bool,
    decided: Option<bool>,
    enforce: impl FnOnce(&mut PropCtx<'_>, bool) -> PropResult,
) -> PropResult {
    match ctx.value(reif) {
        Some(1) => enforce(ctx, true),
        Some(_) if implies => Ok(()),
        Some(_) => enforce(ctx, false),
        None => match decided {
            Some(true) if !implies => ctx.fix(reif, 1).map(drop),
            Some(false) => ctx.fix(reif, 0).map(drop),
            _ => Ok(()),
        },
    }
}

/// Tells the queue, after a run of `reif ⇔ C` (`reif ⇒ C` when
/// `implies`), whether it holds for good: `reif` fixed to what the domains
/// now settle of `C` (`decided_now`), or to 0 under `⇒`; or `reif` open
/// under `⇒` with `C` settled true before the run (`decided`).
pub(super) fn note_entailment(
    ctx: &mut PropCtx<'_>,
    reif: Var,
    implies: bool,
    decided: Option<bool>,
    decided_now: impl FnOnce(&PropCtx<'_>) -> Option<bool>,
) {
    let entailed = match ctx.value(reif) {
        Some(0) if implies => true,
        Some(b) => decided_now(ctx) == Some(b == 1),
        None => implies && decided == Some(true),
    };
    if entailed {
        ctx.entailed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn bounds_decide_an_open_reifying_variable() {
        // b ⇔ x + y ≤ 5 with x, y ∈ 0..2: entailed, b = 1.
        let terms = vec![(1, Var(0)), (1, Var(1))];
        let mut le = ReifiedLinear::new(terms.clone(), LinearOp::Le, 5, Var(2), false);
        let small: &[i32] = &[0, 1, 2];
        let after = after_one_run(&mut le, &[small, small, &[0, 1]]);
        assert_eq!(after.unwrap(), ["{0..2}", "{0..2}", "{1}"]);
        // b ⇔ x + y ≥ 5: disentailed, b = 0, even when half-reified.
        let mut ge = ReifiedLinear::new(terms.clone(), LinearOp::Ge, 5, Var(2), true);
        let after = after_one_run(&mut ge, &[small, small, &[0, 1]]);
        assert_eq!(after.unwrap(), ["{0..2}", "{0..2}", "{0}"]);
        // b ⇒ x + y ≤ 5 is entailed, but a half-reified b stays open.
        let mut imp = ReifiedLinear::new(terms, LinearOp::Le, 5, Var(2), true);
        let after = after_one_run(&mut imp, &[small, small, &[0, 1]]);
        assert_eq!(after.unwrap(), ["{0..2}", "{0..2}", "{0, 1}"]);
    }

    #[test]
    fn a_fixed_reifying_variable_enforces_the_comparison_or_its_negation() {
        // b ⇔ x − y ≤ 0 (x ≤ y), x, y ∈ 0..3.
        let terms = vec![(1, Var(0)), (-1, Var(1))];
        let mut le = ReifiedLinear::new(terms, LinearOp::Le, 0, Var(2), false);
        let range: &[i32] = &[0, 1, 2, 3];
        // b = 0: x ≥ y + 1, so x loses 0 and y loses 3.
        let after = after_one_run(&mut le, &[range, range, &[0]]);
        assert_eq!(after.unwrap(), ["{1..3}", "{0..2}", "{0}"]);
        // b = 1 with x = 3: y = 3.
        let after = after_one_run(&mut le, &[&[3], range, &[1]]);
        assert_eq!(after.unwrap(), ["{3}", "{3}", "{1}"]);
        // b = 0 with x = 0: no y is below it.
        assert_eq!(after_one_run(&mut le, &[&[0], range, &[0]]), None);
    }
}
