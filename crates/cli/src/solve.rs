//! `fdoku solve`: read puzzles, solve them (in parallel, output in input
//! order), check every solution, print one result per puzzle.
//!
//! `--all` streams instead (see [`all`]): puzzles one after another, each
//! solution printed as it is found, so memory stays flat however many
//! there are. Grids of several overlapping Sudokus go through
//! [`multigrid`], in their place in the input order.

mod all;
mod multigrid;

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::anyhow;
use fdoku_sudoku::format::{self, Item, ParseError};
use fdoku_sudoku::solve::{Goal, Report, SearchStats, SolveOptions, Status};
use fdoku_sudoku::{Puzzle, check_solution, grid_line};
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::{OutputFormat, SolveArgs};
use crate::inputs::Batch;
use crate::records::JsonRecords;

/// Puzzles solved between two writes of the output.
const CHUNK: usize = 1024;

/// One puzzle's outcome: its report, or why it could not be read.
struct Outcome {
    item: Item,
    solved: Result<Report, String>,
}

/// The batch record: `--format jsonl` prints exactly one per input puzzle.
#[derive(Serialize)]
struct Record<'a> {
    index: usize,
    input: &'a str,
    #[serde(flatten)]
    answer: Answer,
}

/// What a record says about its puzzle; `S` is how a solution is written
/// (a line, or a multigrid's canvas rows).
#[derive(Serialize)]
pub(crate) struct Answer<S = String> {
    status: &'static str,
    solution: Option<S>,
    /// The exact count, when the search went through.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// A lower bound, when the search stopped at `--limit` or a limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    count_at_least: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    stats: SearchStats,
}

impl Answer {
    /// The same answer with its solution written as `solution`.
    fn written_as<S>(self, solution: Option<S>) -> Answer<S> {
        Answer {
            status: self.status,
            solution,
            count: self.count,
            count_at_least: self.count_at_least,
            error: self.error,
            reason: self.reason,
            stats: self.stats,
        }
    }
}

/// What a batch ran into: an input it could not use, a search cut short.
#[derive(Default)]
struct Tally {
    failed: bool,
    stopped: bool,
}

impl Tally {
    fn note(&mut self, solved: &Result<Report, String>) {
        self.failed |= solved.as_ref().map_or(true, |r| r.unsupported);
        self.stopped |= solved.as_ref().is_ok_and(|r| r.stats.stopped.is_some());
    }
}

/// Runs `fdoku solve`; returns the exit code.
pub fn run(args: &SolveArgs, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    // Bad limits are a usage error for the whole run, not for each puzzle.
    args.limits.budget(cancel, None)?;
    let pool = crate::workers::pool(args.threads)?;
    let mut tally = Tally::default();
    let batches = crate::inputs::batches(
        &args.files,
        args.input_format.format(),
        args.input_format.multigrids(),
        &args.variant.plain(),
        &mut tally.failed,
    );
    let goal = if args.all {
        Goal::All(args.limit)
    } else if args.count {
        Goal::Count(args.limit.unwrap_or(2))
    } else {
        Goal::First
    };
    let total: usize = batches.iter().map(Batch::count).sum();
    let progress = if total < 2 {
        indicatif::ProgressBar::hidden()
    } else {
        crate::progress::bar(
            total as u64,
            "{bar:40} {pos}/{len} puzzles  {per_sec}  eta {eta}",
        )
    };
    let mut json = JsonRecords::begin(args.format.json(), out)?;
    let mut context = Context {
        goal,
        args,
        cancel,
        out: &mut *out,
        json: &mut json,
        tally: &mut tally,
        progress: &progress,
    };
    for batch in batches {
        match batch {
            Batch::Puzzles(items) => solve_items(items, &pool, &mut context)?,
            Batch::Multigrids(items) => multigrid::run(&items, &pool, &mut context)?,
        }
    }
    json.end(out)?;
    progress.finish_and_clear();
    out.flush()?;
    Ok(crate::error::batch_exit_code(tally.failed, tally.stopped))
}

/// What solving a batch of puzzles writes to and keeps count in.
struct Context<'a> {
    goal: Goal,
    args: &'a SolveArgs,
    cancel: &'a Arc<AtomicBool>,
    out: &'a mut dyn Write,
    json: &'a mut JsonRecords,
    tally: &'a mut Tally,
    progress: &'a indicatif::ProgressBar,
}

/// Solves and prints one-grid puzzles: in parallel chunks (output in input
/// order), or one after another streaming every solution with `--all`.
fn solve_items(
    items: Vec<Item>,
    pool: &rayon::ThreadPool,
    context: &mut Context<'_>,
) -> anyhow::Result<()> {
    let (goal, args, cancel) = (context.goal, context.args, context.cancel);
    if matches!(goal, Goal::All(_)) {
        for item in items {
            let solved = all::stream(&item, goal, args, cancel, context.out, context.json)?;
            context.tally.note(&solved);
            context.progress.inc(1);
        }
        return Ok(());
    }
    let mut remaining = items.into_iter().peekable();
    while remaining.peek().is_some() {
        let chunk: Vec<Item> = remaining.by_ref().take(CHUNK).collect();
        let outcomes: Vec<Outcome> = pool.install(|| {
            chunk
                .into_par_iter()
                .map(|item| {
                    let solved = solve_item(&item, goal, args, cancel);
                    Outcome { item, solved }
                })
                .collect()
        });
        for outcome in &outcomes {
            verify(outcome)?;
            context.tally.note(&outcome.solved);
            print(
                &outcome.item,
                &outcome.solved,
                args,
                goal,
                context.out,
                context.json,
            )?;
        }
        context.progress.inc(outcomes.len() as u64);
    }
    Ok(())
}

/// The options a puzzle is solved with; a bad limit is the reason it could
/// not be.
fn options(args: &SolveArgs, cancel: &Arc<AtomicBool>) -> Result<SolveOptions, String> {
    // Listing every solution can run for ever: it has a default time limit.
    let default_seconds = args.all.then_some(crate::cli::DEFAULT_TIME_LIMIT);
    let budget = args
        .limits
        .budget(cancel, default_seconds)
        .map_err(|e| e.to_string())?;
    Ok(SolveOptions {
        solver: args.solver.choice(),
        fd: args.heuristics.config(Some(args.alldiff)),
        budget,
    })
}

/// A puzzle read and the options to solve it with, or why it cannot be
/// solved (it could not be read, or a limit is bad).
fn prepared<'p, P>(
    puzzle: &'p Result<P, ParseError>,
    args: &SolveArgs,
    cancel: &Arc<AtomicBool>,
) -> Result<(&'p P, SolveOptions), String> {
    let puzzle = puzzle.as_ref().map_err(ToString::to_string)?;
    Ok((puzzle, options(args, cancel)?))
}

fn solve_item(
    item: &Item,
    goal: Goal,
    args: &SolveArgs,
    cancel: &Arc<AtomicBool>,
) -> Result<Report, String> {
    let (puzzle, options) = prepared(&item.puzzle, args, cancel)?;
    Ok(fdoku_sudoku::solve::solve(puzzle, goal, &options))
}

/// The solution about to be printed passes the independent checker.
fn verify(outcome: &Outcome) -> anyhow::Result<()> {
    if let (Ok(puzzle), Ok(report)) = (&outcome.item.puzzle, &outcome.solved)
        && let Some(grid) = &report.solution
    {
        check_solution(puzzle, grid).map_err(|e| {
            anyhow!(
                "internal error: puzzle {} failed the independent check: {e}",
                outcome.item.index
            )
        })?;
    }
    Ok(())
}

/// The status a record shows. A search cut short by a node or time limit
/// (or Ctrl-C) is `stopped` whatever it found on the way: one solution
/// found is not "unique", and a count cut short is not an answer.
pub(crate) fn status_name(report: &Report) -> &'static str {
    if report.unsupported {
        return "error";
    }
    if report.stats.stopped.is_some() {
        return "stopped";
    }
    match report.status {
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

/// The answer a record gives for `puzzle` (when it could be read).
pub(crate) fn answer(
    puzzle: Option<&Puzzle>,
    solved: &Result<Report, String>,
    goal: Goal,
) -> Answer {
    match solved {
        Ok(report) => {
            let counted = goal != Goal::First;
            let exact = count_is_exact(report, goal);
            Answer {
                status: status_name(report),
                solution: report.solution.as_deref().map(grid_line),
                count: (counted && exact).then_some(report.count),
                count_at_least: (counted && !exact).then_some(report.count),
                error: report.unsupported.then(|| {
                    "the mask solver does not take killer cages; use --solver fd".to_owned()
                }),
                reason: (report.status == Status::None && report.stats.stopped.is_none())
                    .then(|| puzzle?.clash())
                    .flatten()
                    .map(|clash| clash.to_string()),
                stats: report.stats,
            }
        }
        Err(message) => Answer {
            status: "error",
            solution: None,
            count: None,
            count_at_least: None,
            error: Some(message.clone()),
            reason: None,
            stats: SearchStats::default(),
        },
    }
}

/// What text output tells on standard error: why a puzzle could not be
/// read or solved, and its statistics when asked.
fn notes<S>(index: usize, answer: &Answer<S>, args: &SolveArgs) {
    if let Some(error) = &answer.error {
        eprintln!("fdoku: {error}");
    }
    if let Some(reason) = &answer.reason {
        eprintln!("fdoku: puzzle {index}: no solution: {reason}");
    }
    if args.stats {
        let s = answer.stats;
        eprintln!(
            "puzzle {index}: {} guesses, {} nodes, {} µs",
            s.guesses, s.nodes, s.micros
        );
    }
}

/// The line `--format line` prints for `answer`: the solution (or the
/// status), after the status and count when counting.
/// The line is put together by hand and written at once: the formatting
/// machinery would cost more than the rest of printing.
pub(crate) fn write_line(out: &mut dyn Write, answer: &Answer) -> std::io::Result<()> {
    let shown = answer.solution.as_deref().unwrap_or(answer.status);
    let mut line = Vec::with_capacity(shown.len() + 32);
    let counted = match (answer.count, answer.count_at_least) {
        (Some(count), _) => Some(("", count)),
        (None, Some(count)) => Some(("≥", count)),
        (None, None) => None,
    };
    if let Some((bound, count)) = counted {
        line.extend_from_slice(answer.status.as_bytes());
        line.push(b' ');
        line.extend_from_slice(bound.as_bytes());
        push_decimal(&mut line, count);
        line.push(b' ');
    }
    line.extend_from_slice(shown.as_bytes());
    line.push(b'\n');
    out.write_all(&line)
}

/// Appends `n` in decimal.
fn push_decimal(line: &mut Vec<u8>, n: u64) {
    let mut digits = [0u8; 20];
    let mut rest = n;
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    line.extend_from_slice(&digits[start..]);
}

/// Prints one puzzle's result: a record, or a line or block of text.
fn print(
    item: &Item,
    solved: &Result<Report, String>,
    args: &SolveArgs,
    goal: Goal,
    out: &mut dyn Write,
    json: &mut JsonRecords,
) -> anyhow::Result<()> {
    let record = Record {
        index: item.index,
        input: &item.input,
        answer: answer(item.puzzle.as_ref().ok(), solved, goal),
    };
    if json.write(out, &record)? {
        return Ok(());
    }
    let answer = &record.answer;
    notes(item.index, answer, args);
    let solution = solved.as_ref().ok().and_then(|r| r.solution.as_ref());
    match args.format {
        OutputFormat::Line => write_line(out, answer)?,
        OutputFormat::Block => {
            writeln!(out, "# puzzle {}: {}", item.index, answer.status)?;
            if let (Ok(puzzle), Some(grid)) = (&item.puzzle, solution) {
                write!(out, "{}", format::block(grid, puzzle.rules()))?;
                writeln!(out)?;
            }
        }
        OutputFormat::Json | OutputFormat::Jsonl => {}
    }
    Ok(())
}
