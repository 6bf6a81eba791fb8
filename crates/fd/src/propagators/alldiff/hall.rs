//! all_different at strength **hall**: Hall sets of one value, and Hall
//! intervals — bounds consistency.
//!
//! The permutation rule of constraint-programming Sudoku solvers says: if N
//! variables can only take N values between them, nobody else may take those
//! values. For N = 1 that is a
//! fixed value leaving every peer (the [`super::forward`] rule). For larger N
//! this strength looks at *intervals*: if `k` variables all have their bounds
//! inside `[a, b]` and `b − a + 1 = k`, they use up the whole interval (a
//! *Hall interval*), so every other variable's bounds must leave it; more
//! than `k` such variables is a failure. Applying both until nothing moves is
//! bounds consistency plus value elimination, like Gecode's bounds
//! propagator (Puget 1998; López-Ortiz et al. 2003 give an O(n log n) version).
//!
//! Example: `x, y ∈ {1, 2}`, `z ∈ {1, 2, 3}`, `w ∈ {1..4}`: `[1, 2]` holds
//! `x` and `y`, so `z ≥ 3`, then `[3, 3]` holds `z`, so `w = 4`.
//!
//! The from-scratch version tries every interval between a lower and an
//! upper bound (O(n³) per pass). The incremental version sweeps: for each
//! lower bound `a` it visits variables by increasing upper bound, counting
//! those that start at or after `a`, finding every tight interval in O(n²).

use super::Scope;
use super::forward::Forward;
use crate::domain::Domain;
use crate::propagation::{Conflict, Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct Hall {
    forward: Forward,
    bounds: Vec<(i64, i64)>,
    by_max: Vec<usize>,
    lows: Vec<i64>,
}

impl Hall {
    pub(crate) fn new(scope: Scope) -> Self {
        Hall {
            forward: Forward::new(scope),
            bounds: Vec::new(),
            by_max: Vec::new(),
            lows: Vec::new(),
        }
    }

    fn scope(&self) -> &Scope {
        self.forward.scope()
    }

    /// One sweep over the Hall intervals of the current bounds; returns
    /// whether a bound moved. Pruning against bounds read at the start of the
    /// sweep is sound: bounds only shrink, so an interval found tight is tight
    /// or over-full (no solution) now.
    fn sweep(&mut self, ctx: &mut PropCtx<'_>) -> Result<bool, Conflict> {
        let n = self.scope().len();
        self.bounds.clear();
        self.bounds
            .extend((0..n).map(|i| self.forward.scope().bounds(ctx, i)));
        let bounds = &self.bounds;
        self.by_max.clear();
        self.by_max.extend(0..n);
        self.by_max.sort_unstable_by_key(|&i| bounds[i].1);
        self.lows.clear();
        self.lows.extend(bounds.iter().map(|&(lo, _)| lo));
        self.lows.sort_unstable();
        self.lows.dedup();
        let mut moved = false;
        for &a in &self.lows {
            let (mut inside, mut unfixed) = (0i64, 0);
            for &i in &self.by_max {
                let (lo, b) = bounds[i];
                if lo < a {
                    continue;
                }
                inside += 1;
                unfixed += usize::from(lo < b);
                let width = b - a + 1;
                if inside > width {
                    return Err(ctx.fail());
                }
                // Fixed variables alone were handled by the forward rule,
                // which already removed their values from everyone else.
                if inside == width && unfixed > 0 {
                    moved |= push_out(self.forward.scope(), ctx, bounds, (a, b))?;
                }
            }
        }
        Ok(moved)
    }
}

/// Pushes the bounds of every variable not inside `[a, b]` out of it.
/// Returns whether a bound moved.
fn push_out(
    scope: &Scope,
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
            moved |= scope.set_min(ctx, i, b + 1)?;
        }
        if (a..=b).contains(&hi) {
            moved |= scope.set_max(ctx, i, a - 1)?;
        }
    }
    Ok(moved)
}

/// One pass over every (lower bound, upper bound) pair, stopping at the first
/// interval that moves a bound; returns whether one did.
fn naive_pass(scope: &Scope, ctx: &mut PropCtx<'_>) -> Result<bool, Conflict> {
    let bounds: Vec<(i64, i64)> = (0..scope.len()).map(|i| scope.bounds(ctx, i)).collect();
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
            if inside == b - a + 1 && push_out(scope, ctx, &bounds, (a, b))? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

impl Propagator for Hall {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.scope().watch(Events::BOUNDS)
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        loop {
            self.forward.propagate_from_scratch(ctx)?;
            if !naive_pass(self.scope(), ctx)? {
                return Ok(());
            }
        }
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        loop {
            self.forward.propagate(ctx)?;
            if !self.sweep(ctx)? {
                return Ok(());
            }
            for i in 0..self.scope().len() {
                if ctx.dom(self.scope().vars[i]).is_fixed() {
                    self.forward.note_fixed(i);
                }
            }
        }
    }

    fn notify(&mut self, index: usize, events: Events, _domain: &Domain) -> bool {
        if events.intersects(Events::FIXED) {
            self.forward.note_fixed(index);
        }
        true
    }

    fn cancel(&mut self) {
        self.forward.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn a_full_interval_pushes_the_others_out() {
        // x, y ∈ {1, 2} fill the interval 1..2, so z ∈ {1, 2, 3} becomes {3};
        // then 3..3 is full, and w ∈ 1..4 becomes {4}.
        let mut prop = Hall::new(Scope::plain(4));
        let before: [&[i32]; 4] = [&[1, 2], &[1, 2], &[1, 2, 3], &[1, 2, 3, 4]];
        let after = after_one_run(&mut prop, &before);
        assert_eq!(after.unwrap(), ["{1, 2}", "{1, 2}", "{3}", "{4}"]);
        // Three variables inside 1..2 fail.
        assert_eq!(
            after_one_run(&mut prop, &[&[1, 2], &[1, 2], &[1, 2], &[4]]),
            None
        );
    }
}
