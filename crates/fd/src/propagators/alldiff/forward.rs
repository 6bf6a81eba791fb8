//! all_different at strength **forward**: a fixed value leaves every peer.
//!
//! Forward propagation, as in the C# CSP solver sudoku-csp and the improved
//! `different` of the 2008 Haskell FD Sudoku article: when
//! `x` becomes 4, 4 is removed from the other variables; any of them left with
//! one value is fixed in turn and handled in the same run. Incrementally, only
//! the variables fixed since the last run are looked at.

use super::Scope;
use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct Forward {
    scope: Scope,
    /// Positions fixed since the last run (all of them before the first run).
    pending: Vec<usize>,
}

impl Forward {
    pub(crate) fn new(scope: Scope) -> Self {
        let pending = (0..scope.len()).collect();
        Forward { scope, pending }
    }

    /// Remembers that position `i` became fixed, for the next run.
    pub(super) fn note_fixed(&mut self, i: usize) {
        self.pending.push(i);
    }

    /// The variables and offsets.
    pub(super) fn scope(&self) -> &Scope {
        &self.scope
    }

    /// Removes the value of fixed position `i` from the others; newly fixed
    /// peers are pushed on `work`.
    fn spread(&self, ctx: &mut PropCtx<'_>, i: usize, work: &mut Vec<usize>) -> PropResult {
        let Some(value) = self.scope.value(ctx, i) else {
            return Ok(());
        };
        for j in (0..self.scope.len()).filter(|&j| j != i) {
            if self.scope.remove(ctx, j, value)? && ctx.dom(self.scope.vars[j]).is_fixed() {
                work.push(j);
            }
        }
        Ok(())
    }
}

impl Propagator for Forward {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.scope.watch(Events::FIXED)
    }

    fn priority(&self) -> Priority {
        Priority::Cheap
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let mut work: Vec<usize> = (0..self.scope.len()).collect();
        while let Some(i) = work.pop() {
            self.spread(ctx, i, &mut work)?;
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        let mut work = std::mem::take(&mut self.pending);
        while let Some(i) = work.pop() {
            self.spread(ctx, i, &mut work)?;
        }
        self.pending = work;
        Ok(())
    }

    fn notify(&mut self, index: usize, _events: Events, _domain: &Domain) -> bool {
        self.note_fixed(index);
        true
    }

    fn cancel(&mut self) {
        self.pending.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn a_fixed_value_leaves_every_peer_and_new_singletons_spread_too() {
        // x ∈ {1}: y ∈ {1, 2} becomes {2}, which then takes 2 from z.
        let mut prop = Forward::new(Scope::plain(3));
        let after = after_one_run(&mut prop, &[&[1], &[1, 2], &[1, 2, 3]]);
        assert_eq!(after.unwrap(), ["{1}", "{2}", "{3}"]);
    }

    #[test]
    fn offsets_shift_the_value_removed() {
        // x and y + 1 differ, x ∈ {1}: y loses 0 (its value 0 shifts to 1).
        let mut prop = Forward::new(Scope {
            vars: vec![Var(0), Var(1)],
            offsets: vec![0, 1],
        });
        let after = after_one_run(&mut prop, &[&[1], &[0, 1]]);
        assert_eq!(after.unwrap(), ["{1}", "{1}"]);
    }
}
