//! Propagation: propagators remove the values a constraint rules out, and
//! the queue runs them until nothing changes.
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
//! queue runs every from-scratch version at every fixpoint and asserts it
//! prunes nothing more: the incremental version is never weaker.
//!
//! A propagator whose constraint holds for every assignment left (`x ≠ y`
//! once `x` is fixed and its value gone from `y`) says so with
//! [`PropCtx::entailed`]; the queue then stops waking it until search
//! backtracks above that node. The from-scratch check above still runs it,
//! so an entailment claimed too early shows up as a missed pruning.
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
//!
//! This module is internal to the crate (see "Extending the engine" in the
//! crate documentation): [`PropagationQueue`] runs the propagators that
//! `crate::propagators` compiles from the model's constraints.

mod context;
mod propagator;
mod queue;
#[cfg(test)]
pub(crate) mod testing;

pub(crate) use context::{Conflict, PropCtx, PropResult};
pub(crate) use propagator::{Priority, Propagator};
pub(crate) use queue::PropagationQueue;
