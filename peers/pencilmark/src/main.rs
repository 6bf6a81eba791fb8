//! fdoku's side of the variant benchmark against pencilmark: for each
//! f-puzzles file given, count solutions up to 2 with `solve` and the
//! default options, and print one JSON line.
//!
//! `peer-pencilmark [--passes K] FILE…` — each puzzle is read once (not
//! timed), solved once as a warm-up, its first solution checked with
//! `check_solution`, then timed: the fastest of K passes (default 3), each
//! repeating the solve for at least 0.25 s, as CPU time of this thread per
//! solve. A solve that takes a second or more is timed once, by its
//! warm-up run. `bench.py` runs this and pencilmark and compares them.

use std::time::{Duration, Instant};

use fdoku_fd::stats::thread_cpu_time;
use fdoku_sudoku::format::{Format, read_puzzles};
use fdoku_sudoku::solve::{Goal, Report, SolveOptions, Status, solve};
use fdoku_sudoku::{Puzzle, check_solution, grid_line};

/// How long one pass repeats a solve.
const PASS: Duration = Duration::from_millis(250);
/// Solves at least this slow are timed once.
const SLOW: Duration = Duration::from_secs(1);

/// CPU time of this thread, or wall time where the thread clock is missing.
struct Clock {
    cpu: Option<Duration>,
    wall: Instant,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            cpu: thread_cpu_time(),
            wall: Instant::now(),
        }
    }

    fn elapsed(&self) -> Duration {
        match (self.cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b - a,
            _ => self.wall.elapsed(),
        }
    }
}

/// The fastest of `passes` passes of `job`, per run, and the runs made.
fn best_of(passes: u32, mut job: impl FnMut()) -> (Duration, u32) {
    let mut best = Duration::MAX;
    let mut total = 0;
    for _ in 0..passes {
        let clock = Clock::start();
        let mut runs = 0u32;
        while runs == 0 || clock.wall.elapsed() < PASS {
            job();
            runs += 1;
        }
        best = best.min(clock.elapsed() / runs);
        total += runs;
    }
    (best, total)
}

/// A JSON string literal.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Solved => "solved",
        Status::Unique => "unique",
        Status::Multiple => "multiple",
        Status::None => "none",
        Status::Stopped => "stopped",
    }
}

/// The first solution as text: digits, or comma-separated values above 9.
fn solution_text(puzzle: &Puzzle, grid: &[u8]) -> String {
    if puzzle.size() <= 9 {
        grid_line(grid)
    } else {
        let values: Vec<String> = grid.iter().map(u8::to_string).collect();
        values.join(",")
    }
}

/// Reads, solves, checks and times one file; the JSON line, or why not.
fn bench_file(path: &str, passes: u32) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let items = read_puzzles(path, &text, Format::Auto, &Default::default());
    let [item] = items.as_slice() else {
        return Err(format!("{path}: expected one puzzle, read {}", items.len()));
    };
    let puzzle = item.puzzle.as_ref().map_err(|e| e.to_string())?;
    let options = SolveOptions::default();
    let clock = Clock::start();
    let report: Report = solve(puzzle, Goal::Count(2), &options);
    let first = clock.elapsed();
    let check = match &report.solution {
        Some(grid) => match check_solution(puzzle, grid) {
            Ok(()) => "ok".to_owned(),
            Err(e) => format!("failed: {e}"),
        },
        None => "no solution".to_owned(),
    };
    let (time, runs) = if first >= SLOW {
        (first, 1)
    } else {
        best_of(passes, || {
            std::hint::black_box(solve(puzzle, Goal::Count(2), &options));
        })
    };
    let solution = report
        .solution
        .as_deref()
        .map_or("null".to_owned(), |g| quoted(&solution_text(puzzle, g)));
    Ok(format!(
        "{{\"file\":{},\"size\":{},\"status\":\"{}\",\"count\":{},\"solution\":{},\"check\":{},\"us\":{:.2},\"runs\":{},\"nodes\":{},\"guesses\":{}}}",
        quoted(path),
        puzzle.size(),
        status_name(report.status),
        report.count,
        solution,
        quoted(&check),
        time.as_secs_f64() * 1e6,
        runs,
        report.stats.nodes,
        report.stats.guesses,
    ))
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let mut passes = 3;
    if args.peek().map(String::as_str) == Some("--passes") {
        args.next();
        match args.next().and_then(|k| k.parse().ok()) {
            Some(k) if k > 0 => passes = k,
            _ => {
                eprintln!("--passes: expected a whole number above 0");
                std::process::exit(2);
            }
        }
    }
    let files: Vec<String> = args.collect();
    if files.is_empty() {
        eprintln!("usage: peer-pencilmark [--passes K] FILE…");
        std::process::exit(2);
    }
    let mut failed = false;
    for path in &files {
        match bench_file(path, passes) {
            Ok(line) => println!("{line}"),
            Err(message) => {
                println!(
                    "{{\"file\":{},\"error\":{}}}",
                    quoted(path),
                    quoted(&message)
                );
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
}
