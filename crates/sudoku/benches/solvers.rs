//! Sudoku solver benchmark: `cargo bench -p fdoku-sudoku --bench solvers`.
//!
//! For each full collection in `FDOKU_DATA` (or, where that is unset,
//! `../shared/data` beside the repository): µs per puzzle, guesses and nodes
//! per puzzle and the share solved without a guess, counting to 2 solutions
//! (the uniqueness question), for the default (the 9×9 path), the general
//! bitmask solver, and the engine model. Also Project Euler 96 in full. CPU time of this thread
//! (Linux), best of 3 passes. `fdoku bench` times the default solver alone;
//! `peers/sudoku08` compares it with the `sudoku` crate.

use std::time::{Duration, Instant};

use fdoku_fd::stats::thread_cpu_time;
use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
use fdoku_sudoku::solve::{Goal, SolveOptions, SolverChoice, solve};
use fdoku_sudoku::{Puzzle, check_solution};

fn load(name: &str) -> Vec<Puzzle> {
    let path = fdoku_testdata::bench_corpus(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_puzzles(name, &text, Format::Auto, &PlainVariant::default())
        .into_iter()
        .map(|item| item.puzzle.expect("well-formed data"))
        .collect()
}

fn run(name: &str, puzzles: &[Puzzle], solver: SolverChoice, goal: Goal) {
    let options = SolveOptions {
        solver,
        ..SolveOptions::default()
    };
    let mut best = Duration::MAX;
    let (mut guesses, mut nodes, mut no_guess) = (0u64, 0u64, 0usize);
    for _ in 0..3 {
        let (cpu, wall) = (thread_cpu_time(), Instant::now());
        (guesses, nodes, no_guess) = (0, 0, 0);
        for puzzle in puzzles {
            let report = solve(puzzle, goal, &options);
            guesses += report.stats.guesses;
            nodes += report.stats.nodes;
            no_guess += usize::from(report.stats.guesses == 0);
            assert!(report.solution.is_some(), "every puzzle has a solution");
        }
        let spent = match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b - a,
            _ => wall.elapsed(),
        };
        best = best.min(spent);
    }
    // Every solution checked, outside the timing.
    for puzzle in puzzles {
        let solution = solve(puzzle, goal, &options).solution.expect("solvable");
        assert!(check_solution(puzzle, &solution).is_ok());
    }
    let n = puzzles.len() as f64;
    println!(
        "{name:<32} {:>5} {:>7} puzzles  {:>9.2} µs/puzzle  {:>8.2} guesses  {:>8.2} nodes  {:>5.1}% no guess",
        match solver {
            SolverChoice::Fd => "fd",
            SolverChoice::Mask => "mask",
            SolverChoice::Auto => "9×9",
        },
        puzzles.len(),
        best.as_secs_f64() * 1e6 / n,
        guesses as f64 / n,
        nodes as f64 / n,
        100.0 * no_guess as f64 / n
    );
}

fn main() {
    let euler = load("euler96.txt");
    let started = Instant::now();
    let mut total = 0u32;
    for p in &euler {
        let s = solve(p, Goal::First, &SolveOptions::default())
            .solution
            .expect("solvable");
        total += u32::from(s[0]) * 100 + u32::from(s[1]) * 10 + u32::from(s[2]);
    }
    println!(
        "Project Euler 96: {total} in {:.3} ms (50 grids, first solution, default solver)",
        started.elapsed().as_secs_f64() * 1e3
    );
    for name in [
        "tdoku_17_clue_49158.txt",
        "tdoku_magictour_top1465.txt",
        "tdoku_forum_hardest_1106.txt",
        "tdoku_serg_benchmark.txt",
    ] {
        let puzzles = load(name);
        run(name, &puzzles, SolverChoice::Auto, Goal::Count(2));
        run(name, &puzzles, SolverChoice::Mask, Goal::Count(2));
        let sample: Vec<Puzzle> = puzzles
            .iter()
            .step_by(puzzles.len().div_ceil(2000))
            .cloned()
            .collect();
        run(
            &format!("{name} (sample)"),
            &sample,
            SolverChoice::Fd,
            Goal::Count(2),
        );
    }
}
