//! Engine benchmark: `cargo bench -p fdoku-models --bench engine`.
//!
//! Times are CPU time of the benchmark thread, best of several runs.
//! Prints, for every all_different strength and for the default variable
//! order (dom/wdeg) and smallest-domain (MRV), the best of several runs of
//! 12-queens (count all 14,200 solutions) and of Norvig's top95 (committed
//! whole as the fixture `tests/data/norvig_top95.txt`) through the plain
//! 9×9 Sudoku model (first solution, and count to 2 — the uniqueness
//! question), with nodes next to time: nodes do not depend on the machine.
//! Anchors on this kind of 2-core machine (published reference figures): Gecode counts
//! 12-queens in 0.55 s with 232k nodes; on top95 Gecode (domain) takes
//! 0.091 s and 1,640 nodes, Choco 0.083 s and 729 nodes.
//! Set `FDOKU_BENCH_RUNS` to change the number of runs (default 5).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use fdoku_fd::stats::thread_cpu_time;
use fdoku_fd::{SearchConfig, SearchStatus, Solver, Stats, Strength, ValOrder, VarOrder, check};
use fdoku_models::queens::Queens;
use fdoku_models::sudoku9::Sudoku9;

/// The best of `runs` runs of `job`, in CPU time where available, else
/// wall-clock. Each run repeats the job until it has lasted 0.25 s, because
/// the kernel's CPU clock ticks in milliseconds.
fn best_of<T>(runs: usize, mut job: impl FnMut() -> T) -> (Duration, T) {
    let mut best = None;
    for _ in 0..runs {
        let (cpu, wall) = (thread_cpu_time(), Instant::now());
        let mut out = job();
        let mut reps = 1;
        while wall.elapsed() < Duration::from_millis(250) {
            out = job();
            reps += 1;
        }
        let total = match (cpu, thread_cpu_time()) {
            (Some(before), Some(after)) => after - before,
            _ => wall.elapsed(),
        };
        let elapsed = total / reps;
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

fn queens(runs: usize, strength: Strength, var_order: VarOrder) -> (Duration, u64) {
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
    (time, stats.nodes)
}

fn top95(
    runs: usize,
    strength: Strength,
    label: &str,
    config: &SearchConfig,
    puzzles: &[String],
    limit: u64,
) -> (Duration, u64) {
    let (time, (nodes, probes)) = best_of(runs, || {
        let (mut nodes, mut probes) = (0, 0);
        for line in puzzles {
            let sudoku = Sudoku9::parse(line, strength).expect("top95 puzzles are well formed");
            let mut solver = Solver::with_config(&sudoku.model, config.clone());
            let mut found = 0;
            for solution in solver.solutions().take(limit as usize) {
                assert!(check(&sudoku.model, solution.values()).is_ok());
                found += 1;
            }
            assert_eq!(found, 1, "every top95 puzzle has one solution");
            let Stats {
                nodes: n,
                probes: p,
                ..
            } = solver.stats();
            nodes += n;
            probes += p;
            if limit > 1 {
                assert_eq!(solver.status(), Some(SearchStatus::Complete));
            }
        }
        (nodes, probes)
    });
    let what = if limit == 1 { "first" } else { "count≤2" };
    let probes = if probes > 0 {
        format!("  probes {probes}")
    } else {
        String::new()
    };
    println!(
        "top95 {what:<8}           {:>7} {label:>15}  {:>9.4} s  nodes {nodes:>9}  ({:.1} µs/puzzle){probes}",
        strength.name(),
        time.as_secs_f64(),
        time.as_secs_f64() * 1e6 / puzzles.len() as f64
    );
    (time, nodes)
}

/// Compiles and runs `peers/gecode.cpp` when g++ and Gecode are installed;
/// returns its lines as (task, seconds, nodes).
fn gecode(top95: &Path, runs: usize) -> Option<Vec<(String, f64, u64)>> {
    if !Path::new("/usr/include/gecode/int.hh").exists() {
        println!(
            "\n(Gecode not installed — `apt-get install libgecode-dev` to compare in the same run)"
        );
        return None;
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/peers/gecode.cpp");
    let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gecode-peer");
    let built = Command::new("g++")
        .args(["-O2", "-std=c++17"])
        .arg(&source)
        .arg("-o")
        .arg(&binary)
        .args([
            "-lgecodesearch",
            "-lgecodeminimodel",
            "-lgecodeint",
            "-lgecodekernel",
            "-lgecodesupport",
        ])
        .status()
        .ok()?;
    if !built.success() {
        println!("\n(the Gecode peer did not compile)");
        return None;
    }
    let out = Command::new(&binary)
        .arg(top95)
        .arg(runs.to_string())
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    text.lines()
        .map(|line| {
            let mut fields = line.split('\t');
            let task = fields.next()?.to_owned();
            let seconds = fields.next()?.parse().ok()?;
            let nodes = fields.next()?.parse().ok()?;
            Some((task, seconds, nodes))
        })
        .collect()
}

fn main() {
    let runs = std::env::var("FDOKU_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    // fdoku with Gecode's search (MRV, smallest value), task by task.
    let mut same_search: Vec<(&str, (Duration, u64))> = Vec::new();
    for strength in [Strength::Forward, Strength::Hall, Strength::Domain] {
        for var_order in [VarOrder::DomWdeg, VarOrder::SmallestDomain] {
            let measured = queens(runs, strength, var_order);
            match (strength, var_order) {
                (Strength::Forward, VarOrder::SmallestDomain) => {
                    same_search.push(("12-queens forward", measured))
                }
                (Strength::Domain, VarOrder::SmallestDomain) => {
                    same_search.push(("12-queens domain", measured))
                }
                _ => {}
            }
        }
    }
    let path = fdoku_testdata::fixture("norvig_top95.txt");
    let text = fdoku_testdata::read_fixture("norvig_top95.txt");
    let puzzles: Vec<String> = text.lines().map(str::to_owned).collect();
    assert_eq!(puzzles.len(), 95);
    let probing = SearchConfig {
        val_order: ValOrder::MostPruning,
        last_conflict: true,
        ..SearchConfig::default()
    };
    for strength in [Strength::Forward, Strength::Hall, Strength::Domain] {
        for var_order in [VarOrder::DomWdeg, VarOrder::SmallestDomain] {
            for limit in [1, 2] {
                let label = var_order.name();
                let measured = top95(runs, strength, label, &config(var_order), &puzzles, limit);
                if (strength, var_order) == (Strength::Domain, VarOrder::SmallestDomain) {
                    let task = if limit == 1 {
                        "top95 first"
                    } else {
                        "top95 count2"
                    };
                    same_search.push((task, measured));
                }
            }
        }
    }
    for limit in [1, 2] {
        top95(
            runs,
            Strength::Domain,
            "most-pruning+lc",
            &probing,
            &puzzles,
            limit,
        );
    }
    if let Some(peer) = gecode(&path, runs) {
        println!("\nSame model, same search (MRV, min value), same run: fdoku / Gecode 6.2");
        for (task, seconds, nodes) in peer {
            let Some((_, (time, ours))) = same_search.iter().find(|(t, _)| *t == task) else {
                continue;
            };
            println!(
                "{task:<18}  fdoku {:>8.4} s  Gecode {seconds:>8.4} s  ratio {:.2}  nodes {ours} vs {nodes}",
                time.as_secs_f64(),
                time.as_secs_f64() / seconds
            );
        }
    }
}
