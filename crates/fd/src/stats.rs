//! Search statistics, named as Gecode and Choco users expect.
//!
//! * `nodes` — search nodes visited: the root plus every branch taken (left
//!   `x = v` or right `x ≠ v`), failed ones included;
//! * `failures` — nodes where propagation found a contradiction;
//! * `propagations` — propagator executions;
//! * `max_depth` — the deepest decision level reached (Gecode's "peak depth");
//! * `solutions` — solutions found;
//! * `probes` — tentative assignments tried and undone by the most-pruning
//!   value order (search effort that `nodes` does not show);
//! * `restarts` — returns to the root of a restarting search (left out of
//!   JSON when 0);
//! * `time_us` — microseconds spent inside the solver.

use std::time::Duration;

use serde::Serialize;

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Search nodes visited (root and every branch taken).
    pub nodes: u64,
    /// Nodes that failed.
    pub failures: u64,
    /// Propagator runs.
    pub propagations: u64,
    /// Deepest decision level.
    pub max_depth: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Tentative assignments made to order values (most-pruning).
    pub probes: u64,
    /// Times the search went back to the root ([`crate::Restarts`]).
    #[serde(skip_serializing_if = "is_zero")]
    pub restarts: u64,
    /// Time spent searching.
    #[serde(rename = "time_us", serialize_with = "as_micros")]
    pub time: Duration,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn as_micros<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.as_micros() as u64)
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "nodes {}, failures {}, propagations {}, max depth {}, solutions {}, ",
            self.nodes, self.failures, self.propagations, self.max_depth, self.solutions,
        )?;
        if self.probes > 0 {
            write!(f, "probes {}, ", self.probes)?;
        }
        if self.restarts > 0 {
            write!(f, "restarts {}, ", self.restarts)?;
        }
        write!(f, "time {:.3} ms", self.time.as_secs_f64() * 1000.0)
    }
}

/// CPU time this thread has run so far, where the system tells it (Linux:
/// `/proc/thread-self/schedstat`, nanoseconds, kernel tick resolution);
/// `None` elsewhere. Benchmarks compare CPU time, not wall-clock time, on
/// shared machines.
pub fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}
