//! `fdoku solve`: read puzzles, solve them (in parallel, output in input
//! order), check every solution, print one result per puzzle.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::anyhow;
use fdoku_sudoku::format::{self, Item};
use fdoku_sudoku::solve::{Goal, Report, SearchStats, SolveOptions, Status, solve_with};
use fdoku_sudoku::{Puzzle, check_solution, grid_line};
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::{OutputFormat, SolveArgs};
use crate::records::JsonRecords;

/// Puzzles solved between two writes of the output.
const CHUNK: usize = 1024;

/// One puzzle's outcome.
struct Outcome {
    item: Item,
    /// The report and every solution kept (all of them with `--all`), or the
    /// reason the puzzle could not be read.
    solved: Result<(Report, Vec<Vec<u8>>), String>,
}

/// The batch record: `--format jsonl` prints exactly one per input puzzle.
#[derive(Serialize)]
struct Record<'a> {
    index: usize,
    input: &'a str,
    status: &'static str,
    solution: Option<String>,
    /// The exact count, when the search went through.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// A lower bound, when the search stopped at `--limit` or a limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    count_at_least: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    stats: SearchStats,
}

/// Runs `fdoku solve`; returns the exit code.
pub fn run(args: &SolveArgs, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    // Bad limits are a usage error for the whole run, not for each puzzle.
    args.limits.budget(cancel, None)?;
    let mut failed = false;
    let items = crate::inputs::puzzles(
        &args.files,
        args.input_format.format(),
        &args.variant.plain(),
        &mut failed,
    );
    let goal = if args.all {
        Goal::All(args.limit)
    } else if args.count {
        Goal::Count(args.limit.unwrap_or(2))
    } else {
        Goal::First
    };
    let pool = crate::workers::pool(args.threads)?;
    let progress = if items.len() < 2 {
        indicatif::ProgressBar::hidden()
    } else {
        crate::progress::bar(
            items.len() as u64,
            "{bar:40} {pos}/{len} puzzles  {per_sec}  eta {eta}",
        )
    };
    let mut stopped = false;
    let mut json = JsonRecords::begin(args.format.json(), out)?;
    let mut remaining = items.into_iter().peekable();
    while remaining.peek().is_some() {
        let chunk: Vec<Item> = remaining.by_ref().take(CHUNK).collect();
        let outcomes: Vec<Outcome> = pool.install(|| {
            chunk
                .into_par_iter()
                .map(|item| solve_item(item, goal, args, cancel))
                .collect()
        });
        for outcome in &outcomes {
            verify(outcome)?;
            failed |= outcome.solved.as_ref().map_or(true, |(r, _)| r.unsupported);
            stopped |= outcome
                .solved
                .as_ref()
                .is_ok_and(|(r, _)| r.status == Status::Stopped);
            print(outcome, args, goal, out, &mut json)?;
            progress.inc(1);
        }
    }
    json.end(out)?;
    progress.finish_and_clear();
    out.flush()?;
    Ok(crate::error::batch_exit_code(failed, stopped))
}

fn solve_item(item: Item, goal: Goal, args: &SolveArgs, cancel: &Arc<AtomicBool>) -> Outcome {
    let puzzle = match &item.puzzle {
        Ok(puzzle) => puzzle,
        Err(e) => {
            let solved = Err(e.to_string());
            return Outcome { item, solved };
        }
    };
    // Listing every solution can run for ever: it has a default time limit.
    let default_seconds = args.all.then_some(crate::cli::DEFAULT_TIME_LIMIT);
    let budget = match args.limits.budget(cancel, default_seconds) {
        Ok(budget) => budget,
        Err(e) => {
            let solved = Err(e.to_string());
            return Outcome { item, solved };
        }
    };
    let options = SolveOptions {
        solver: args.solver.choice(),
        fd: args.heuristics.config(Some(args.alldiff)),
        budget,
    };
    let mut kept = Vec::new();
    let report = solve_with(puzzle, goal, &options, &mut |grid| kept.push(grid.to_vec()));
    let solved = Ok((report, kept));
    Outcome { item, solved }
}

/// Every solution about to be printed passes the independent checker.
fn verify(outcome: &Outcome) -> anyhow::Result<()> {
    if let (Ok(puzzle), Ok((_, solutions))) = (&outcome.item.puzzle, &outcome.solved) {
        for grid in solutions {
            check_solution(puzzle, grid).map_err(|e| {
                anyhow!(
                    "internal error: puzzle {} failed the independent check: {e}",
                    outcome.item.index
                )
            })?;
        }
    }
    Ok(())
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

/// Whether the search went through, so that its count is every solution:
/// it did not stop at a limit, nor at the number of solutions asked for.
fn count_is_exact(report: &Report, goal: Goal) -> bool {
    let limit = match goal {
        Goal::First => Some(1),
        Goal::Count(limit) => Some(limit),
        Goal::All(limit) => limit,
    };
    report.stats.stopped.is_none() && limit != Some(report.count)
}

fn record<'a>(outcome: &'a Outcome, goal: Goal) -> Record<'a> {
    let item = &outcome.item;
    match &outcome.solved {
        Ok((report, solutions)) => Record {
            index: item.index,
            input: &item.input,
            status: if report.unsupported {
                "error"
            } else {
                status_name(report.status)
            },
            solution: report.solution.as_deref().map(grid_line),
            count: (goal != Goal::First && count_is_exact(report, goal)).then_some(report.count),
            count_at_least: (goal != Goal::First && !count_is_exact(report, goal))
                .then_some(report.count),
            solutions: matches!(goal, Goal::All(_))
                .then(|| solutions.iter().map(|g| grid_line(g)).collect()),
            error: report
                .unsupported
                .then(|| "the mask solver does not take killer cages; use --solver fd".to_owned()),
            reason: (report.status == Status::None)
                .then(|| item.puzzle.as_ref().ok()?.clash())
                .flatten()
                .map(|clash| clash.to_string()),
            stats: report.stats,
        },
        Err(message) => Record {
            index: item.index,
            input: &item.input,
            status: "error",
            solution: None,
            count: None,
            count_at_least: None,
            solutions: None,
            error: Some(message.clone()),
            reason: None,
            stats: SearchStats::default(),
        },
    }
}

fn print(
    outcome: &Outcome,
    args: &SolveArgs,
    goal: Goal,
    out: &mut dyn Write,
    json: &mut JsonRecords,
) -> anyhow::Result<()> {
    let rec = record(outcome, goal);
    if json.write(out, &rec)? {
        return Ok(());
    }
    if let Some(error) = &rec.error {
        eprintln!("fdoku: {error}");
    }
    if let Some(reason) = &rec.reason {
        eprintln!("fdoku: puzzle {}: no solution: {reason}", rec.index);
    }
    if args.stats {
        let s = rec.stats;
        eprintln!(
            "puzzle {}: {} guesses, {} nodes, {} µs",
            rec.index, s.guesses, s.nodes, s.micros
        );
    }
    let puzzle: Option<&Puzzle> = outcome.item.puzzle.as_ref().ok();
    let grids: Vec<&Vec<u8>> = match (&outcome.solved, goal) {
        (Ok((_, all)), Goal::All(_)) => all.iter().collect(),
        (Ok((report, _)), _) => report.solution.iter().collect(),
        (Err(_), _) => Vec::new(),
    };
    match args.format {
        OutputFormat::Line => {
            if matches!(goal, Goal::All(_)) {
                for g in &grids {
                    writeln!(out, "{}", grid_line(g))?;
                }
                if grids.is_empty() {
                    writeln!(out, "{}", rec.status)?;
                }
            } else {
                let shown = grids
                    .first()
                    .map_or_else(|| rec.status.to_owned(), |g| grid_line(g));
                match (rec.count, rec.count_at_least) {
                    (Some(count), _) => writeln!(out, "{} {count} {shown}", rec.status)?,
                    (None, Some(count)) => writeln!(out, "{} ≥{count} {shown}", rec.status)?,
                    (None, None) => writeln!(out, "{shown}")?,
                }
            }
        }
        OutputFormat::Block => {
            writeln!(out, "# puzzle {}: {}", rec.index, rec.status)?;
            if let Some(puzzle) = puzzle {
                for g in &grids {
                    write!(out, "{}", format::block(g, puzzle.rules()))?;
                    writeln!(out)?;
                }
            }
        }
        OutputFormat::Json | OutputFormat::Jsonl => {}
    }
    Ok(())
}
