//! `fdoku bench`: how fast the solver answers "how many solutions, up to
//! N?" on whole files, through the same API `fdoku solve` uses.
//!
//! Per file: one untimed run that checks every solution with the
//! independent checker and gathers statuses and guesses, then timed passes
//! (CPU time of the thread, each pass repeated to at least 0.2 s), the
//! fastest reported. Reading the file, parsing, checking the solutions
//! and formatting the output lines are timed apart, the same way: their sum
//! with solving is the end-to-end cost of `fdoku solve --count` per puzzle.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::anyhow;
use clap::ValueEnum;
use fdoku_fd::stats::thread_cpu_time;
use fdoku_sudoku::format::read_puzzles;
use fdoku_sudoku::solve::{Goal, Report, SolveOptions, Status, solve};
use fdoku_sudoku::{Puzzle, check_solution};
use serde::Serialize;

use crate::cli::BenchArgs;
use crate::error::BadInput;

/// The sets `fdoku bench` runs when given no files.
const STANDARD_SETS: [&str; 4] = [
    "tdoku_17_clue_49158.txt",
    "tdoku_serg_benchmark.txt",
    "tdoku_magictour_top1465.txt",
    "tdoku_forum_hardest_1106.txt",
];

/// Each timed pass runs the file again until this much time has passed.
const MIN_PASS: Duration = Duration::from_millis(200);

/// One file's figures.
#[derive(Serialize)]
struct FileResult {
    file: String,
    puzzles: usize,
    micros_per_puzzle: f64,
    puzzles_per_second: f64,
    guesses_per_puzzle: f64,
    no_guess_fraction: f64,
    read_micros_per_puzzle: f64,
    parse_micros_per_puzzle: f64,
    check_micros_per_puzzle: f64,
    format_micros_per_puzzle: f64,
    end_to_end_micros_per_puzzle: f64,
    unique: usize,
    multiple: usize,
    none: usize,
    solved: usize,
    stopped: usize,
    unreadable: usize,
}

/// Runs `fdoku bench`; returns the exit code.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> anyhow::Result<u8> {
    let files = if args.files.is_empty() {
        standard_sets()?
    } else {
        args.files.clone()
    };
    let mut failed = false;
    let inputs = crate::inputs::read(&files, &mut failed);
    let progress = crate::progress::bar(
        inputs.len() as u64 * u64::from(args.passes + 1),
        "{bar:40} {pos}/{len} runs  {elapsed}",
    );
    let mut results = Vec::new();
    for (name, text) in &inputs {
        let result = bench_file(name, text, args, &progress)?;
        failed |= result.unreadable > 0;
        results.push(result);
    }
    progress.finish_and_clear();
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &results)?;
        writeln!(out)?;
    } else {
        print_table(&results, args, out)?;
    }
    out.flush()?;
    Ok(crate::error::batch_exit_code(failed, false))
}

/// The standard sets, from `$FDOKU_DATA` or `../shared/data`.
fn standard_sets() -> Result<Vec<PathBuf>, BadInput> {
    let dir = std::env::var_os("FDOKU_DATA")
        .map_or_else(|| PathBuf::from("../shared/data"), PathBuf::from);
    let files: Vec<PathBuf> = STANDARD_SETS.iter().map(|name| dir.join(name)).collect();
    if let Some(missing) = files.iter().find(|f| !f.is_file()) {
        return Err(BadInput(format!(
            "no files given, and the standard set {} is not there; \
             name puzzle files, or set FDOKU_DATA to the directory holding {}",
            missing.display(),
            STANDARD_SETS.join(", ")
        )));
    }
    Ok(files)
}

fn bench_file(
    name: &str,
    text: &str,
    args: &BenchArgs,
    progress: &indicatif::ProgressBar,
) -> anyhow::Result<FileResult> {
    let variant = args.variant.plain();
    let format = args.input_format.format();
    let read = read_time(name);
    let items = read_puzzles(name, text, format, &variant);
    let parse = repeated(|| {
        std::hint::black_box(read_puzzles(name, text, format, &variant));
    });
    let mut unreadable = 0;
    let mut lines = Vec::new();
    let puzzles: Vec<Puzzle> = items
        .into_iter()
        .filter_map(|item| match item.puzzle {
            Ok(puzzle) => {
                lines.push(item.line);
                Some(puzzle)
            }
            Err(e) => {
                eprintln!("fdoku: {e}");
                unreadable += 1;
                None
            }
        })
        .collect();
    let options = SolveOptions {
        solver: args.solver.choice(),
        ..SolveOptions::default()
    };
    let goal = Goal::Count(args.limit);
    let mut result = FileResult {
        file: name.to_owned(),
        puzzles: puzzles.len(),
        micros_per_puzzle: 0.0,
        puzzles_per_second: 0.0,
        guesses_per_puzzle: 0.0,
        no_guess_fraction: 0.0,
        read_micros_per_puzzle: micros_per(read, puzzles.len() + unreadable),
        parse_micros_per_puzzle: micros_per(parse, puzzles.len() + unreadable),
        check_micros_per_puzzle: 0.0,
        format_micros_per_puzzle: 0.0,
        end_to_end_micros_per_puzzle: 0.0,
        unique: 0,
        multiple: 0,
        none: 0,
        solved: 0,
        stopped: 0,
        unreadable,
    };
    // The untimed run: statuses, guesses, and every solution checked.
    let (mut guesses, mut no_guess) = (0u64, 0usize);
    let mut reports: Vec<Result<Report, String>> = Vec::with_capacity(puzzles.len());
    for (puzzle, line) in puzzles.iter().zip(&lines) {
        let report = solve(puzzle, goal, &options);
        if let Some(solution) = &report.solution {
            check_solution(puzzle, solution).map_err(|e| {
                anyhow!(
                    "internal error: {name}:{line}: the solution failed the independent check: {e}"
                )
            })?;
        }
        guesses += report.stats.guesses;
        no_guess += usize::from(report.stats.guesses == 0);
        match report.status {
            Status::Unique => result.unique += 1,
            Status::Multiple => result.multiple += 1,
            Status::None => result.none += 1,
            Status::Solved => result.solved += 1,
            Status::Stopped => result.stopped += 1,
        }
        reports.push(Ok(report));
    }
    progress.inc(1);
    let check = repeated(|| {
        for (puzzle, solved) in puzzles.iter().zip(&reports) {
            if let Ok(Report {
                solution: Some(solution),
                ..
            }) = solved
            {
                std::hint::black_box(check_solution(puzzle, solution).is_ok());
            }
        }
    });
    result.check_micros_per_puzzle = micros_per(check, puzzles.len());
    let mut output = Vec::new();
    let format = repeated(|| {
        output.clear();
        for (puzzle, solved) in puzzles.iter().zip(&reports) {
            let answer = crate::solve::answer(Some(puzzle), solved, goal);
            // Writing to a Vec cannot fail.
            let _ = crate::solve::write_line(&mut output, &answer);
        }
        std::hint::black_box(&output);
    });
    result.format_micros_per_puzzle = micros_per(format, puzzles.len());
    let n = puzzles.len().max(1) as f64;
    result.guesses_per_puzzle = guesses as f64 / n;
    result.no_guess_fraction = no_guess as f64 / n;
    let mut best = f64::INFINITY;
    for _ in 0..args.passes {
        let spent = repeated(|| {
            for puzzle in &puzzles {
                std::hint::black_box(solve(puzzle, goal, &options).count);
            }
        });
        best = best.min(micros_per(spent, puzzles.len()));
        progress.inc(1);
    }
    result.micros_per_puzzle = best;
    result.puzzles_per_second = if best > 0.0 { 1e6 / best } else { 0.0 };
    result.end_to_end_micros_per_puzzle = result.read_micros_per_puzzle
        + result.parse_micros_per_puzzle
        + best
        + result.check_micros_per_puzzle
        + result.format_micros_per_puzzle;
    Ok(result)
}

/// The time to read the file `name` from disk (nothing for standard input
/// or a puzzle given on the command line).
fn read_time(name: &str) -> Duration {
    let path = std::path::Path::new(name);
    if !path.is_file() {
        return Duration::ZERO;
    }
    repeated(|| {
        std::hint::black_box(std::fs::read(path).map(|bytes| bytes.len()).ok());
    })
}

/// Runs `job` at least once and until [`MIN_PASS`] has passed; returns the
/// CPU time of this thread per run (wall time where the platform has no
/// thread clock).
fn repeated(mut job: impl FnMut()) -> Duration {
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    let mut runs = 0u32;
    while runs == 0 || wall.elapsed() < MIN_PASS {
        job();
        runs += 1;
    }
    let spent = match (cpu, thread_cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall.elapsed(),
    };
    spent / runs
}

fn micros_per(spent: Duration, puzzles: usize) -> f64 {
    spent.as_secs_f64() * 1e6 / puzzles.max(1) as f64
}

fn print_table(
    results: &[FileResult],
    args: &BenchArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    writeln!(
        out,
        "counting to {} with solver {}, fastest of {} passes, CPU time of one thread",
        args.limit,
        args.solver
            .to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_owned()),
        args.passes
    )?;
    if args.profile {
        return print_profile(results, out);
    }
    writeln!(
        out,
        "{:<32} {:>8} {:>10} {:>11} {:>9} {:>9} {:>9}  unique/multiple/none",
        "file", "puzzles", "µs/puzzle", "puzzles/s", "guesses", "no guess", "parse µs"
    )?;
    for r in results {
        let file = file_name(&r.file);
        writeln!(
            out,
            "{file:<32} {:>8} {:>10.2} {:>11.0} {:>9.2} {:>8.1}% {:>9.2}  {}/{}/{}{}",
            r.puzzles,
            r.micros_per_puzzle,
            r.puzzles_per_second,
            r.guesses_per_puzzle,
            r.no_guess_fraction * 100.0,
            r.parse_micros_per_puzzle,
            r.unique,
            r.multiple,
            r.none,
            if r.unreadable > 0 {
                format!(" ({} unreadable)", r.unreadable)
            } else {
                String::new()
            }
        )?;
    }
    Ok(())
}

/// The split per puzzle: read, parse, solve, check, format, and their sum.
fn print_profile(results: &[FileResult], out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(
        out,
        "{:<32} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>11}  (µs per puzzle)",
        "file", "puzzles", "read", "parse", "solve", "check", "format", "end to end"
    )?;
    for r in results {
        writeln!(
            out,
            "{:<32} {:>8} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>11.2}",
            file_name(&r.file),
            r.puzzles,
            r.read_micros_per_puzzle,
            r.parse_micros_per_puzzle,
            r.micros_per_puzzle,
            r.check_micros_per_puzzle,
            r.format_micros_per_puzzle,
            r.end_to_end_micros_per_puzzle
        )?;
    }
    Ok(())
}

fn file_name(path: &str) -> String {
    std::path::Path::new(path)
        .file_name()
        .map_or(path.to_owned(), |f| f.to_string_lossy().into_owned())
}
