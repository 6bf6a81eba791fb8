//! all_different at strength **check**: fail when two fixed values clash.
//!
//! The first `different` of the 2008 Haskell FD Sudoku article only re-tested
//! fixed values, so labelling had
//! to try every digit and backtrack on the clash: nearly brute force.

use super::Scope;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct CheckOnly {
    scope: Scope,
}

impl CheckOnly {
    pub(crate) fn new(scope: Scope) -> Self {
        CheckOnly { scope }
    }
}

impl Propagator for CheckOnly {
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
        let mut fixed: Vec<i64> = (0..self.scope.len())
            .filter_map(|i| self.scope.value(ctx, i))
            .collect();
        fixed.sort_unstable();
        if fixed.windows(2).any(|w| w[0] == w[1]) {
            Err(ctx.fail())
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn only_a_clash_of_fixed_values_fails() {
        // x ∈ {1}, y ∈ {1, 2}: y keeps 1 (nothing is pruned) ...
        let mut prop = CheckOnly::new(Scope::plain(2));
        let after = after_one_run(&mut prop, &[&[1], &[1, 2]]);
        assert_eq!(after.unwrap(), ["{1}", "{1, 2}"]);
        // ... and x ∈ {2}, y ∈ {2} fails.
        assert_eq!(after_one_run(&mut prop, &[&[2], &[2]]), None);
    }
}
