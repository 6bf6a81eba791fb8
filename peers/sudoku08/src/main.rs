//! fdoku's default 9×9 solver against the `sudoku` crate 0.8 (JCZSolve
//! family), same inputs, same process, counting to 2 solutions.
//!
//! * `peer-sudoku08` — for each benchmark set in `../shared/data`: check
//!   that both agree on every puzzle, then CPU µs per puzzle (best of 3
//!   passes), the ratio, and fdoku's guesses per puzzle. Measured builds
//!   use `RUSTFLAGS="-C target-cpu=x86-64-v3"`, like the anchors.
//! * then the time to generate a minimal unique puzzle, without and with
//!   180° symmetry, against `Sudoku::generate_with_symmetry`.
//! * `peer-sudoku08 FILE…` — the same table for the given files (one
//!   puzzle per line), without the generation timings.
//! * `peer-sudoku08 --only fdoku|fdoku-portable|sudoku|parse FILE` — one
//!   pass with one solver (`fdoku-portable`: fdoku without AVX2, whatever
//!   the CPU), or only the parsing, for `valgrind --tool=callgrind`:
//!   `callgrind.sh` subtracts the parse-only run to get instructions per
//!   puzzle.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fdoku_fd::stats::thread_cpu_time;
use fdoku_sudoku::format::parse_line;
use fdoku_sudoku::generate::{Options, Symmetry, generate};
use fdoku_sudoku::solve::{Goal, NineSolver, SolveOptions, Status, solve};
use fdoku_sudoku::{Puzzle, Rules};

const SETS: [&str; 4] = [
    "tdoku_17_clue_49158.txt",
    "tdoku_serg_benchmark.txt",
    "tdoku_magictour_top1465.txt",
    "tdoku_forum_hardest_1106.txt",
];

/// The fastest of 3 passes, each repeating `job` for at least 0.25 s (the
/// thread clock ticks every few ms), as CPU time per run of `job`.
fn best_of_3(mut job: impl FnMut()) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let (cpu, wall) = (thread_cpu_time(), Instant::now());
        let mut runs = 0u32;
        while runs == 0 || wall.elapsed() < Duration::from_millis(250) {
            job();
            runs += 1;
        }
        let spent = match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b - a,
            _ => wall.elapsed(),
        };
        best = best.min(spent / runs);
    }
    best
}

fn load(path: &Path) -> (Vec<Puzzle>, Vec<sudoku::Sudoku>) {
    let rules = Rules::classic(9).expect("9×9");
    let text = std::fs::read_to_string(path).expect("the data set");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
    let ours = lines
        .iter()
        .map(|l| parse_line(&l[..81], &rules).expect("valid"))
        .collect();
    let theirs = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(&l[..81]).expect("valid"))
        .collect();
    (ours, theirs)
}

fn fdoku_unique(p: &Puzzle) -> bool {
    NineSolver::new(p).expect("classic 9×9").count(2) == 1
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, which, file] = args.as_slice() {
        assert_eq!(
            flag, "--only",
            "usage: peer-sudoku08 [--only fdoku|fdoku-portable|sudoku|parse FILE]"
        );
        let (ours, theirs) = load(Path::new(file));
        let unique = match which.as_str() {
            "fdoku" => ours.iter().filter(|p| fdoku_unique(p)).count(),
            "fdoku-portable" => ours
                .iter()
                .filter(|p| NineSolver::new(p).expect("9×9").portable().count(2) == 1)
                .count(),
            "sudoku" => theirs.iter().filter(|s| s.is_uniquely_solvable()).count(),
            "parse" => 0,
            other => panic!("unknown solver {other}"),
        };
        println!("{} puzzles, {unique} unique", ours.len());
        return;
    }
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let files: Vec<PathBuf> = if args.is_empty() {
        SETS.iter().map(|name| data.join(name)).collect()
    } else {
        args.iter().map(PathBuf::from).collect()
    };
    println!(
        "{:<30} {:>7}  {:>12} {:>12} {:>7} {:>14}",
        "collection", "puzzles", "fdoku µs", "sudoku µs", "ratio", "fdoku guesses"
    );
    for file in &files {
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let (ours, theirs) = load(file);
        // Same answers first: unique or not, for every puzzle.
        let mut guesses = 0;
        for (p, s) in ours.iter().zip(&theirs) {
            let report = solve(p, Goal::Count(2), &SolveOptions::default());
            assert_eq!(report.status == Status::Unique, s.is_uniquely_solvable());
            assert_eq!(fdoku_unique(p), s.is_uniquely_solvable());
            guesses += report.stats.guesses;
        }
        let fdoku = best_of_3(|| {
            for p in &ours {
                std::hint::black_box(fdoku_unique(p));
            }
        });
        let peer = best_of_3(|| {
            for s in &theirs {
                std::hint::black_box(s.is_uniquely_solvable());
            }
        });
        let n = ours.len() as f64;
        println!(
            "{name:<30} {:>7}  {:>12.2} {:>12.2} {:>7.2} {:>14.2}",
            ours.len(),
            fdoku.as_secs_f64() * 1e6 / n,
            peer.as_secs_f64() * 1e6 / n,
            fdoku.as_secs_f64() / peer.as_secs_f64(),
            guesses as f64 / n
        );
    }

    if !args.is_empty() {
        return;
    }
    // Generation: minimal unique puzzles, without and with 180° symmetry.
    println!();
    println!(
        "{:<30} {:>12} {:>12} {:>7}",
        "generate (minimal, unique)", "fdoku µs", "sudoku µs", "ratio"
    );
    let rules = Rules::classic(9).expect("9×9");
    for (name, ours, theirs) in [
        ("no symmetry", Symmetry::None, sudoku::Symmetry::None),
        (
            "180° rotation",
            Symmetry::Rot180,
            sudoku::Symmetry::HalfRotation,
        ),
    ] {
        const PUZZLES: u64 = 500;
        let options = Options {
            symmetry: ours,
            ..Options::default()
        };
        let mut seed = 0;
        let fdoku = best_of_3(|| {
            for _ in 0..PUZZLES {
                seed += 1;
                std::hint::black_box(generate(&rules, &options, seed).expect("a puzzle"));
            }
        });
        let peer = best_of_3(|| {
            for _ in 0..PUZZLES {
                std::hint::black_box(sudoku::Sudoku::generate_with_symmetry(theirs));
            }
        });
        let per = |d: Duration| d.as_secs_f64() * 1e6 / PUZZLES as f64;
        println!(
            "{name:<30} {:>12.1} {:>12.1} {:>7.2}",
            per(fdoku),
            per(peer),
            fdoku.as_secs_f64() / peer.as_secs_f64()
        );
    }
}
