//! The propagation trace: every domain change and search step, as data.
//!
//! When tracing is switched on ([`crate::SearchConfig::trace`]) the solver
//! records one [`TraceEvent`] per pruning, decision, failure and solution. A
//! front-end can replay the list to animate propagation step by step (which
//! constraint removed which values from which variable), an explainer can
//! turn it into sentences, and tests can assert on it. When tracing is off
//! nothing is recorded and nothing is allocated.
//!
//! ```
//! use fdoku_fd::{Model, SearchConfig, Solver, TraceEvent, Var};
//!
//! let mut m = Model::new();
//! let x = m.new_var(1, 2);
//! let y = m.new_var(1, 2);
//! m.not_equal(x, y, 0);
//! let config = SearchConfig { trace: true, ..SearchConfig::default() };
//! let mut solver = Solver::with_config(&m, config);
//! solver.solve();
//! let trace = solver.take_trace();
//! // Guess x = 1, then the constraint removes 1 from y.
//! assert_eq!(trace[0], TraceEvent::Guess { depth: 1, var: x, value: 1 });
//! assert!(matches!(&trace[1], TraceEvent::Prune { var, removed, .. }
//!     if *var == y && removed == &[1]));
//! ```

use serde::Serialize;

use crate::var::{ConstraintId, Var};

/// One step of propagation or search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
#[non_exhaustive]
pub enum TraceEvent {
    /// A constraint removed values from a variable.
    Prune {
        /// The constraint whose propagator did it.
        constraint: ConstraintId,
        /// The variable.
        var: Var,
        /// The values removed, in increasing order.
        removed: Vec<i32>,
    },
    /// A constraint found the current node inconsistent.
    Fail {
        /// The constraint whose propagator failed.
        constraint: ConstraintId,
        /// The variable left without values, when there is one.
        var: Option<Var>,
    },
    /// Search tries `var = value` (the left branch), opening level `depth`.
    Guess {
        /// The search depth after the decision (1 for the first).
        depth: u32,
        /// The variable.
        var: Var,
        /// The value tried.
        value: i32,
    },
    /// After `var = value` failed or was explored, search tries `var ≠ value`.
    Refute {
        /// The search depth of the refuted decision's parent.
        depth: u32,
        /// The variable.
        var: Var,
        /// The value removed.
        value: i32,
    },
    /// A restarting search goes back to the root: every decision and every
    /// refutation since the root propagation is undone.
    Restart,
    /// Every variable is fixed and every constraint holds.
    Solution {
        /// 1 for the first solution found.
        index: u64,
    },
}
