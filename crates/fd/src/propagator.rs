//! Propagators: the code that removes values a constraint rules out.
//!
//! # The idea, on `x ≠ y`
//!
//! Take `x ∈ {1}` and `y ∈ {1, 2}` with the constraint `x ≠ y`. No solution can
//! have `y = 1`, because `x` must be 1. A propagator for `x ≠ y` notices that
//! `x` is fixed and removes 1 from `y`, leaving `y ∈ {2}`. Now `y` is fixed too;
//! any other constraint on `y` is woken to see what *that* allows it to remove.
//! When no propagator can remove anything more the store is at a *fixpoint*;
//! when some domain becomes empty the node has no solution and search backtracks.
//!
//! A propagator must be **sound** (never remove a value that appears in a
//! solution of its constraint) and must **check**: once all its variables are
//! fixed it fails exactly when the constraint is violated. It may prune more or
//! less (`x ≠ y` can do nothing while both have two values).
//!
//! # The contract
//!
//! Every propagator has a simple, obviously correct
//! [`Propagator::propagate_from_scratch`] that looks only at the current
//! domains. It may add an incremental [`Propagator::propagate`] that reuses
//! state (a matching, a list of newly fixed variables) told to it through
//! [`Propagator::notify`]. With the cargo feature `check-propagation` the
//! engine runs every from-scratch version at every fixpoint and asserts it
//! prunes nothing more: the incremental version is never weaker.
//!
//! ```
//! use fdoku_fd::{Model, Solver};
//!
//! let mut m = Model::new();
//! let x = m.new_var(1, 1);
//! let y = m.new_var(1, 2);
//! m.not_equal(x, y, 0);
//! let solution = Solver::new(&m).solve().solution.unwrap();
//! assert_eq!(solution.value(y), 2); // found by propagation alone
//! ```

use crate::domain::Domain;
use crate::store::{Events, Store, Wipeout};
use crate::trace::TraceEvent;
use crate::var::{ConstraintId, Var};

/// The node is inconsistent: some constraint cannot be satisfied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The variable whose domain would have become empty, when there is one.
    pub var: Option<Var>,
}

/// The result of running a propagator.
pub type PropResult = Result<(), Conflict>;

/// When a propagator runs relative to others: cheaper ones first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// Constant or near-constant time (`x ≠ y`, clauses, forward checking).
    Cheap = 0,
    /// Linear in the number of variables (sums, bounds reasoning).
    Linear = 1,
    /// Super-linear (matching, tables).
    Expensive = 2,
}

/// A propagator implements a constraint's pruning.
pub trait Propagator {
    /// The variables to watch and the events that wake the propagator. The
    /// position in this list is the `index` given to [`Propagator::notify`].
    fn subscriptions(&self) -> Vec<(Var, Events)>;

    /// When to run relative to other queued propagators.
    fn priority(&self) -> Priority;

    /// Whether one run reaches the propagator's own fixpoint, so the changes
    /// it makes need not wake it again.
    fn idempotent(&self) -> bool {
        false
    }

    /// Prunes using only the current domains: simple and obviously correct.
    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult;

    /// Prunes, possibly using incremental state. Must prune at least as much
    /// as [`Propagator::propagate_from_scratch`] by the time the queue is empty.
    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        self.propagate_from_scratch(ctx)
    }

    /// A watched variable changed; returns whether to run the propagator.
    fn notify(&mut self, _index: usize, _events: Events) -> bool {
        true
    }

    /// Forgets pending notifications after a failure or backtrack.
    fn cancel(&mut self) {}
}

/// What a propagator sees: the domains, and the ways to shrink them.
pub struct PropCtx<'a> {
    store: &'a mut Store,
    trace: Option<&'a mut Vec<TraceEvent>>,
    constraint: ConstraintId,
    blamed: Vec<Var>,
}

impl<'a> PropCtx<'a> {
    pub(crate) fn new(
        store: &'a mut Store,
        trace: Option<&'a mut Vec<TraceEvent>>,
        constraint: ConstraintId,
    ) -> Self {
        PropCtx {
            store,
            trace,
            constraint,
            blamed: Vec::new(),
        }
    }

    /// The current domain of `var`.
    #[inline]
    pub fn dom(&self, var: Var) -> &Domain {
        self.store.domain(var)
    }

    /// The smallest value of `var`.
    #[inline]
    pub fn min(&self, var: Var) -> i32 {
        self.dom(var).min()
    }

    /// The largest value of `var`.
    #[inline]
    pub fn max(&self, var: Var) -> i32 {
        self.dom(var).max()
    }

    /// The value of `var` when fixed.
    #[inline]
    pub fn value(&self, var: Var) -> Option<i32> {
        self.dom(var).value()
    }

    /// Removes `value` from `var`; returns whether it was there.
    #[inline(always)]
    pub fn remove(&mut self, var: Var, value: i32) -> Result<bool, Conflict> {
        if !self.dom(var).contains(value) {
            return Ok(false);
        }
        self.apply(var, |d| d.remove(value))
    }

    /// Removes every value below `lo` from `var`.
    #[inline]
    pub fn set_min(&mut self, var: Var, lo: i32) -> Result<bool, Conflict> {
        if lo <= self.min(var) {
            return Ok(false);
        }
        self.apply(var, |d| d.remove_below(lo))
    }

    /// Removes every value above `hi` from `var`.
    #[inline]
    pub fn set_max(&mut self, var: Var, hi: i32) -> Result<bool, Conflict> {
        if hi >= self.max(var) {
            return Ok(false);
        }
        self.apply(var, |d| d.remove_above(hi))
    }

    /// Fixes `var` to `value`.
    #[inline]
    pub fn fix(&mut self, var: Var, value: i32) -> Result<bool, Conflict> {
        if self.value(var) == Some(value) {
            return Ok(false);
        }
        self.apply(var, |d| d.fix(value))
    }

    /// Keeps only the values of `var` that are also in `keep`.
    pub fn intersect(&mut self, var: Var, keep: &Domain) -> Result<bool, Conflict> {
        self.apply(var, |d| d.intersect(keep))
    }

    /// Keeps only the values `base + i` of `var` for bits `i` set in `mask`.
    #[inline]
    pub fn retain_mask(&mut self, var: Var, base: i32, mask: u64) -> Result<bool, Conflict> {
        if self
            .dom(var)
            .mask_from(base)
            .is_some_and(|m| m & !mask == 0)
        {
            return Ok(false);
        }
        self.apply(var, |d| d.retain_mask(base, mask))
    }

    /// Names `var` as part of the reason for the coming failure (dom/wdeg
    /// then weights only the blamed variables of the constraint).
    pub fn blame(&mut self, var: Var) {
        self.blamed.push(var);
    }

    /// The variables blamed so far.
    pub(crate) fn take_blamed(&mut self) -> Vec<Var> {
        std::mem::take(&mut self.blamed)
    }

    /// A conflict with no particular variable.
    pub fn fail(&self) -> Conflict {
        Conflict { var: None }
    }

    /// The out-of-line part of every change: trail, events, trace.
    #[inline(never)]
    fn apply(
        &mut self,
        var: Var,
        change: impl FnOnce(&mut Domain) -> bool,
    ) -> Result<bool, Conflict> {
        let before = self.trace.is_some().then(|| self.store.domain(var).clone());
        match self.store.update(var, change) {
            Ok(changed) => {
                if let (true, Some(trace), Some(before)) = (changed, self.trace.as_mut(), before) {
                    let after = self.store.domain(var);
                    let removed = before.iter().filter(|&v| !after.contains(v)).collect();
                    trace.push(TraceEvent::Prune {
                        constraint: self.constraint,
                        var,
                        removed,
                    });
                }
                Ok(changed)
            }
            Err(Wipeout) => Err(Conflict { var: Some(var) }),
        }
    }
}
