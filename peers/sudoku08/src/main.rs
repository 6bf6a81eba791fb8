//! fdoku's default 9×9 solver against the `sudoku` crate 0.8 (JCZSolve
//! family), same inputs, same process, counting to 2 solutions:
//! `cargo run --release --manifest-path peers/sudoku08/Cargo.toml`.
//! CPU time of this thread (Linux), best of 3 passes per solver.

use std::path::Path;
use std::time::{Duration, Instant};

use fdoku_fd::stats::thread_cpu_time;
use fdoku_sudoku::Rules;
use fdoku_sudoku::format::parse_line;
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};

fn best_of_3(mut job: impl FnMut()) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let (cpu, wall) = (thread_cpu_time(), Instant::now());
        job();
        best = best.min(match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b - a,
            _ => wall.elapsed(),
        });
    }
    best
}

fn main() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let rules = Rules::classic(9).expect("9×9");
    println!(
        "{:<30} {:>7}  {:>12} {:>12} {:>7}",
        "collection", "puzzles", "fdoku µs", "sudoku µs", "ratio"
    );
    for name in [
        "tdoku_17_clue_49158.txt",
        "tdoku_serg_benchmark.txt",
        "tdoku_magictour_top1465.txt",
        "tdoku_forum_hardest_1106.txt",
    ] {
        let text = std::fs::read_to_string(data.join(name)).expect("the data set");
        let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
        let ours: Vec<_> = lines
            .iter()
            .map(|l| parse_line(&l[..81], &rules).expect("valid"))
            .collect();
        let theirs: Vec<_> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(&l[..81]).expect("valid"))
            .collect();
        // Same answers first: unique or not, for every puzzle.
        for (p, s) in ours.iter().zip(&theirs) {
            let unique =
                solve(p, Goal::Count(2), &SolveOptions::default()).status == Status::Unique;
            assert_eq!(unique, s.is_uniquely_solvable());
        }
        let options = SolveOptions::default();
        let fdoku = best_of_3(|| {
            for p in &ours {
                std::hint::black_box(solve(p, Goal::Count(2), &options).count);
            }
        });
        let peer = best_of_3(|| {
            for s in &theirs {
                std::hint::black_box(s.is_uniquely_solvable());
            }
        });
        let n = lines.len() as f64;
        println!(
            "{name:<30} {:>7}  {:>12.2} {:>12.2} {:>7.2}",
            lines.len(),
            fdoku.as_secs_f64() * 1e6 / n,
            peer.as_secs_f64() * 1e6 / n,
            fdoku.as_secs_f64() / peer.as_secs_f64()
        );
    }
}
