//! all_different at strength **hall**: Hall intervals, i.e. bounds consistency.
//!
//! If `k` variables all have their bounds inside an interval `[a, b]` of
//! exactly `k` values, those variables use up the whole interval (a *Hall
//! interval*), so every other variable's bounds must leave it; more than `k`
//! such variables is a failure. Applying this until nothing moves is bounds
//! consistency for all_different (Puget 1998; López-Ortiz et al. 2003 do it
//! in O(n log n)).
//!
//! The from-scratch version tries every interval between a lower and an
//! upper bound (O(n³) per pass). The incremental version sweeps: for each
//! lower bound `a` it visits variables by increasing upper bound, counting
//! those that start at or after `a`, which finds every tight interval in
//! O(n²) per pass. Both repeat until no bound moves.

use super::Scope;
use crate::model::Var;
use crate::propagator::{Conflict, Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;

pub(crate) struct Hall {
    scope: Scope,
}

impl Hall {
    pub(crate) fn new(scope: Scope) -> Self {
        Hall { scope }
    }

    /// Pushes every variable not inside `[a, b]` out of it. Returns whether a
    /// bound moved.
    fn push_out(
        &self,
        ctx: &mut PropCtx<'_>,
        bounds: &[(i64, i64)],
        (a, b): (i64, i64),
    ) -> Result<bool, Conflict> {
        let mut moved = false;
        for (i, &(lo, hi)) in bounds.iter().enumerate() {
            if a <= lo && hi <= b {
                continue;
            }
            if (a..=b).contains(&lo) {
                moved |= self.scope.set_min(ctx, i, b + 1)?;
            }
            if (a..=b).contains(&hi) {
                moved |= self.scope.set_max(ctx, i, a - 1)?;
            }
        }
        Ok(moved)
    }

    fn all_bounds(&self, ctx: &PropCtx<'_>) -> Vec<(i64, i64)> {
        (0..self.scope.len())
            .map(|i| self.scope.bounds(ctx, i))
            .collect()
    }

    /// One sweep; returns whether a bound moved.
    fn sweep(&self, ctx: &mut PropCtx<'_>) -> Result<bool, Conflict> {
        let bounds = self.all_bounds(ctx);
        let mut by_max: Vec<usize> = (0..bounds.len()).collect();
        by_max.sort_unstable_by_key(|&i| bounds[i].1);
        let mut lows: Vec<i64> = bounds.iter().map(|&(lo, _)| lo).collect();
        lows.sort_unstable();
        lows.dedup();
        for &a in &lows {
            let mut inside = 0i64;
            for &i in &by_max {
                let (lo, b) = bounds[i];
                if lo < a {
                    continue;
                }
                inside += 1;
                let width = b - a + 1;
                if inside > width {
                    return Err(ctx.fail());
                }
                if inside == width && self.push_out(ctx, &bounds, (a, b))? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// One pass over every (lower bound, upper bound) pair; returns whether a
    /// bound moved.
    fn naive_pass(&self, ctx: &mut PropCtx<'_>) -> Result<bool, Conflict> {
        let bounds = self.all_bounds(ctx);
        for &(a, _) in &bounds {
            for &(_, b) in &bounds {
                if b < a {
                    continue;
                }
                let inside = bounds
                    .iter()
                    .filter(|&&(lo, hi)| a <= lo && hi <= b)
                    .count() as i64;
                if inside > b - a + 1 {
                    return Err(ctx.fail());
                }
                if inside == b - a + 1 && self.push_out(ctx, &bounds, (a, b))? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}

impl Propagator for Hall {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.scope
            .vars
            .iter()
            .map(|&v| (v, Events::BOUNDS))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        while self.naive_pass(ctx)? {}
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        while self.sweep(ctx)? {}
        Ok(())
    }
}
