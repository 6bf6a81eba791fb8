//! The integration tests of fdoku-fd, one module per subject, built as one
//! test binary: one link instead of one per file.
//!
//! * [`alldiff_strengths`] — what each all_different strength keeps, against
//!   the solutions themselves;
//! * [`brute_force`] — random small models under every strength and
//!   heuristic, against brute-force enumeration; budgets;
//! * [`trace_replay`] — the trace rebuilds every domain change;
//! * [`relation`] — two-variable tables (support masks) against brute
//!   force and the checker;
//! * [`regular`] — the `regular` constraint against brute force, the
//!   checker and a sandwich count known by hand;
//! * [`flatzinc_constraints`] — reified sums and set membership,
//!   arithmetic and element, against brute force with arithmetic of its
//!   own;
//! * [`globals`] — lex order, inverse, circuit and cumulative, against
//!   brute force with a reading of their own;
//! * [`restarts`] — restarting search against brute force, branch and
//!   bound with restarts, seeds;
//! * [`regression`] — one test per bug found, named after it.

mod alldiff_strengths;
mod brute_force;
mod flatzinc_constraints;
mod globals;
mod regression;
mod regular;
mod relation;
mod restarts;
mod trace_replay;

use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

/// A property test's configuration: `cases` cases (or `PROPTEST_CASES`)
/// from a fixed `seed`. Failures found once are saved in, and replayed first
/// from, `regressions` (a path below the crate, where cargo runs tests:
/// `tests/proptest-regressions/NAME.txt`).
fn proptest_config(regressions: &'static str, cases: u32, seed: u64) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(cases);
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(regressions))),
        rng_seed: RngSeed::Fixed(seed),
        ..Config::default()
    }
}
