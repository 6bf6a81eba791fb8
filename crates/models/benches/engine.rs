//! Engine benchmark: `cargo bench -p fdoku-models --bench engine`.
//!
//! Prints, for every all_different strength and for the default variable
//! order (dom/wdeg) and smallest-domain (MRV), the best of several runs of
//! 12-queens (count all 14,200 solutions) and of Norvig's top95 through
//! seed 000's Sudoku model (first solution, and count to 2 — the uniqueness
//! question), with nodes next to time: nodes do not depend on the machine.
//! Anchors on this kind of 2-core machine (from the issue): Gecode counts
//! 12-queens in 0.55 s with 232k nodes; on top95 Gecode (domain) takes
//! 0.091 s and 1,640 nodes, Choco 0.083 s and 729 nodes.
//! Set `FDOKU_BENCH_RUNS` to change the number of runs (default 5).

use std::time::{Duration, Instant};

use fdoku_fd::{SearchConfig, SearchStatus, Solver, Stats, Strength, VarOrder, check};
use fdoku_models::queens::Queens;
use fdoku_models::sudoku9::Sudoku9;

const TOP95: &str = "../../../shared/data/norvig_top95.txt";

fn best_of<T>(runs: usize, mut job: impl FnMut() -> T) -> (Duration, T) {
    let mut best = None;
    for _ in 0..runs {
        let started = Instant::now();
        let out = job();
        let elapsed = started.elapsed();
        if best.as_ref().is_none_or(|(b, _)| elapsed < *b) {
            best = Some((elapsed, out));
        }
    }
    best.expect("at least one run")
}

/// The default search (dom/wdeg), or smallest-domain (MRV) as Gecode's
/// anchors were run.
fn config(var_order: VarOrder) -> SearchConfig {
    SearchConfig {
        var_order,
        ..SearchConfig::default()
    }
}

fn queens(runs: usize, strength: Strength, var_order: VarOrder) {
    let (time, stats) = best_of(runs, || {
        let q = Queens::new(12, strength);
        let counted = Solver::with_config(&q.model, config(var_order)).count(None);
        assert_eq!(counted.count, 14_200);
        counted.stats
    });
    println!(
        "12-queens count-all      {:>7} {:>15}  {:>9.4} s  nodes {:>9}  failures {:>8}",
        strength.name(),
        var_order.name(),
        time.as_secs_f64(),
        stats.nodes,
        stats.failures
    );
}

fn top95(runs: usize, strength: Strength, var_order: VarOrder, puzzles: &[String], limit: u64) {
    let (time, nodes) = best_of(runs, || {
        let mut nodes = 0;
        for line in puzzles {
            let sudoku = Sudoku9::parse(line, strength).expect("top95 puzzles are well formed");
            let mut solver = Solver::with_config(&sudoku.model, config(var_order));
            let mut found = 0;
            for solution in solver.solutions().take(limit as usize) {
                assert!(check(&sudoku.model, solution.values()).is_ok());
                found += 1;
            }
            assert_eq!(found, 1, "every top95 puzzle has one solution");
            let Stats { nodes: n, .. } = solver.stats();
            nodes += n;
            if limit > 1 {
                assert_eq!(solver.status(), Some(SearchStatus::Complete));
            }
        }
        nodes
    });
    let what = if limit == 1 { "first" } else { "count≤2" };
    println!(
        "top95 {what:<8}           {:>7} {:>15}  {:>9.4} s  nodes {:>9}  ({:.1} µs/puzzle)",
        strength.name(),
        var_order.name(),
        time.as_secs_f64(),
        nodes,
        time.as_secs_f64() * 1e6 / puzzles.len() as f64
    );
}

fn main() {
    let runs = std::env::var("FDOKU_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    for strength in [Strength::Forward, Strength::Hall, Strength::Domain] {
        for var_order in [VarOrder::DomWdeg, VarOrder::SmallestDomain] {
            queens(runs, strength, var_order);
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TOP95);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let puzzles: Vec<String> = text.lines().map(str::to_owned).collect();
    assert_eq!(puzzles.len(), 95);
    for strength in [Strength::Forward, Strength::Hall, Strength::Domain] {
        for var_order in [VarOrder::DomWdeg, VarOrder::SmallestDomain] {
            for limit in [1, 2] {
                top95(runs, strength, var_order, &puzzles, limit);
            }
        }
    }
}
