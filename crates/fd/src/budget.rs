//! One budget for every long operation: a node limit, a deadline, a cancel flag.
//!
//! Search polls its [`Budget`] at every node. When any limit is reached the
//! search stops where it is and reports a partial result with the
//! [`StopReason`]: never a hang, never a panic. A command line wires Ctrl-C
//! to the cancel flag; a server wires its request deadline to the deadline.
//!
//! ```
//! use std::time::Duration;
//! use fdoku_fd::{Budget, Model, Solver, StopReason, SearchStatus};
//!
//! let mut m = Model::new();
//! let xs = m.new_vars(12, 1, 12);
//! m.all_different(&xs);
//! let budget = Budget::unlimited().with_node_limit(100).with_timeout(Duration::from_secs(5));
//! let mut solver = Solver::new(&m).with_budget(budget);
//! let counted = solver.count(None); // 12! solutions: far too many
//! assert_eq!(counted.status, SearchStatus::Stopped(StopReason::NodeLimit));
//! assert!(counted.count > 0);
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

/// Why a search stopped before finishing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The node limit was reached.
    NodeLimit,
    /// The deadline passed.
    Deadline,
    /// The cancel flag was raised.
    Cancelled,
}

impl StopReason {
    /// A short explanation for people.
    pub fn describe(self) -> &'static str {
        match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::Deadline => "time limit reached",
            StopReason::Cancelled => "cancelled",
        }
    }
}

/// Limits on a long operation. The default is unlimited.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// No limits.
    pub fn unlimited() -> Self {
        Self::default()
    }

    /// Stop after `nodes` search nodes.
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = Some(nodes);
        self
    }

    /// Stop at `deadline`.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Stop `timeout` from now.
    pub fn with_timeout(self, timeout: Duration) -> Self {
        match Instant::now().checked_add(timeout) {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// Stop when `flag` becomes true (from another thread or a signal handler).
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Whether the deadline has passed or the cancel flag is raised (reads
    /// the clock every time: for long steps between nodes).
    pub fn out_of_time(&self) -> Option<StopReason> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::Deadline);
        }
        None
    }

    /// The node count after `nodes` at which a search that polls sparingly
    /// should ask [`Budget::exhausted`] next: the next multiple of 64, or the
    /// node limit when that comes first. Such a search sees the cancel flag
    /// within 64 nodes.
    ///
    /// ```
    /// use fdoku_fd::Budget;
    /// assert_eq!(Budget::unlimited().next_check(1), 64);
    /// assert_eq!(Budget::unlimited().with_node_limit(10).next_check(1), 10);
    /// assert_eq!(Budget::unlimited().next_check(64), 128);
    /// ```
    pub fn next_check(&self, nodes: u64) -> u64 {
        let next = (nodes / 64 + 1) * 64;
        match self.node_limit {
            Some(limit) if limit > nodes => next.min(limit),
            _ => next,
        }
    }

    /// Whether the budget is spent after `nodes` nodes. The clock is read
    /// only every 64 nodes, so polling stays cheap.
    pub fn exhausted(&self, nodes: u64) -> Option<StopReason> {
        if self.node_limit.is_some_and(|limit| nodes >= limit) {
            return Some(StopReason::NodeLimit);
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(StopReason::Cancelled);
        }
        if nodes.is_multiple_of(64) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::Deadline);
        }
        None
    }
}
