//! `fdoku study`: search-effort experiments on many puzzles.
//!
//! * [`variants`](mod@variants) — search effort per variant (classic, diagonal, extra
//!   blocks) under each all_different strength.
//! * [`propagation`](mod@propagation) — what each kind of pruning and search leaves to do,
//!   from checking only to domain consistency.
//!
//! Both run on generated puzzles (or files) in parallel; every result is
//! collected in input order, so nothing depends on the thread count.

mod propagation;
mod variants;

pub use propagation::propagation;
pub use variants::variants;

use fdoku_fd::{Budget, SearchConfig, Strength, ValOrder, VarOrder};
use fdoku_sudoku::generate::{Options, generate};
use fdoku_sudoku::solve::{Goal, SolveOptions, SolverChoice, Status, solve};
use fdoku_sudoku::{Puzzle, Rules};
use rayon::ThreadPool;
use rayon::prelude::*;

use crate::generate::puzzle_seed;

/// Prints a study's result: pretty JSON, or its tables.
fn emit<T: serde::Serialize>(
    json: bool,
    result: &T,
    out: &mut dyn std::io::Write,
    tables: impl FnOnce(&mut dyn std::io::Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if json {
        serde_json::to_writer_pretty(&mut *out, result)?;
        writeln!(out)?;
    } else {
        tables(out)?;
    }
    out.flush()?;
    Ok(())
}

/// `count` minimal puzzles of `rules`, puzzle `i` from `fdoku generate`'s
/// seed for `i` (those that fail to generate are left out).
fn generated(pool: &ThreadPool, rules: &Rules, count: usize, seed: u64) -> Vec<Puzzle> {
    pool.install(|| {
        (1..=count)
            .into_par_iter()
            .filter_map(|i| generate(rules, &Options::default(), puzzle_seed(seed, i)).ok())
            .map(|made| made.puzzle)
            .collect()
    })
}

/// One engine search per puzzle to its first solution, smallest digit
/// first: (nodes, µs, stopped at `node_limit`) for each, in order.
fn searches(
    pool: &ThreadPool,
    puzzles: &[Puzzle],
    strength: Strength,
    var_order: VarOrder,
    node_limit: u64,
) -> Vec<(u64, u64, bool)> {
    let options = SolveOptions {
        solver: SolverChoice::Fd,
        fd: SearchConfig {
            var_order,
            val_order: ValOrder::Min,
            alldiff: Some(strength),
            ..SearchConfig::default()
        },
        budget: Budget::unlimited().with_node_limit(node_limit),
    };
    pool.install(|| {
        puzzles
            .par_iter()
            .map(|p| {
                let report = solve(p, Goal::First, &options);
                let stats = report.stats;
                (stats.nodes, stats.micros, report.status == Status::Stopped)
            })
            .collect()
    })
}
