//! The [`Propagator`] trait, and the [`Priority`] that orders the queue.

use super::{PropCtx, PropResult};
use crate::domain::Domain;
use crate::store::Events;
use crate::var::Var;

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

    /// A watched variable changed (`domain` is its new domain); returns
    /// whether to run the propagator.
    fn notify(&mut self, _index: usize, _events: Events, _domain: &Domain) -> bool {
        true
    }

    /// Forgets pending notifications after a failure or backtrack.
    fn cancel(&mut self) {}
}
