//! `fdoku solve`: read puzzles, solve them (in parallel, output in input
//! order), check every solution, print one result per puzzle.
//!
//! The inputs stream through [`pipeline`]: read in pieces, each piece
//! read, solved, checked and written by a worker, and the pieces written in
//! input order, so memory stays flat however long the input. `--all`
//! streams on the main thread instead (see [`all`]): puzzles one after
//! another, each solution printed as it is found. Grids of several
//! overlapping Sudokus go through [`multigrid`], in their place in the
//! input order.

mod all;
mod json;
mod multigrid;
mod pipeline;

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::anyhow;
use fdoku_sudoku::format::{self, Item, LineRead, LineReader, ParseError};
use fdoku_sudoku::solve::{Goal, Report, SearchStats, SolveOptions, Status};
use fdoku_sudoku::{GridLine, Puzzle, check_solution};

use crate::cli::{OutputFormat, SolveArgs};
use crate::inputs::{Batch, LineChunks, Opened};
use crate::records::JsonRecords;
use pipeline::{Pipeline, Work};

/// Puzzles of a text read whole handed to a worker at once.
const CHUNK: usize = 512;

/// A puzzle as it is solved and printed: its number, its text, and the
/// puzzle (or why it could not be read).
#[derive(Clone, Copy)]
struct Entry<'a> {
    index: usize,
    input: &'a str,
    puzzle: &'a Result<Puzzle, ParseError>,
}

impl<'a> From<&'a Item> for Entry<'a> {
    fn from(item: &'a Item) -> Self {
        Entry {
            index: item.index,
            input: &item.input,
            puzzle: &item.puzzle,
        }
    }
}

/// What a record says about its puzzle; `S` is how a solution is written
/// (a line, or a multigrid's canvas rows). Records write it as JSON by
/// hand (see [`json`]).
pub(crate) struct Answer<S> {
    status: &'static str,
    solution: Option<S>,
    /// The exact count, when the search went through.
    count: Option<u64>,
    /// A lower bound, when the search stopped at `--limit` or a limit.
    count_at_least: Option<u64>,
    error: Option<String>,
    reason: Option<String>,
    stats: SearchStats,
}

impl Answer<GridLine<'_>> {
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

    /// Adds what another part of the batch ran into.
    fn add(&mut self, other: &Tally) {
        self.failed |= other.failed;
        self.stopped |= other.stopped;
    }
}

/// Runs `fdoku solve`; returns the exit code.
pub fn run(args: &SolveArgs, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    // Bad limits are a usage error for the whole run, not for each puzzle.
    args.limits.budget(cancel, None)?;
    let workers = crate::workers::count(args.threads)?;
    let goal = if args.all {
        Goal::All(args.limit)
    } else if args.count {
        Goal::Count(args.limit.unwrap_or(2))
    } else {
        Goal::First
    };
    let progress = crate::progress::bar(0, "{pos} puzzles  {per_sec}  {elapsed}");
    let mut tally = Tally::default();
    let mut json = JsonRecords::begin(args.format.json(), out)?;
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    std::thread::scope(|scope| {
        let mut context = Context {
            goal,
            args,
            cancel,
            out: &mut *out,
            json: &mut json,
            tally: &mut tally,
            progress: &progress,
            numbered: 0,
        };
        // Every solution of `--all` is printed as it is found: no workers.
        let workers = if args.all { 0 } else { workers };
        let mut pipeline = Pipeline::start(scope, workers, goal, args, cancel);
        for file in files {
            solve_input(file, &mut pipeline, &mut context)?;
        }
        pipeline.drain(&mut context)
    })?;
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
    /// Puzzles written so far.
    numbered: usize,
}

/// Solves and prints the puzzles of one input (a file, `-` for stdin, or a
/// puzzle as the argument). One that cannot be read is reported on stderr
/// and the others are still solved.
fn solve_input(
    file: &std::path::Path,
    pipeline: &mut Pipeline<'_>,
    context: &mut Context<'_>,
) -> anyhow::Result<()> {
    let args = context.args;
    let format = args.input_format.format();
    match crate::inputs::open(file, format, args.input_format.multigrids()) {
        Ok(Opened::Lines(chunks)) => solve_lines(chunks, pipeline, context),
        Ok(Opened::Whole(name, text)) => {
            pipeline.drain(context)?;
            let variant = args.variant.plain();
            let multigrids = args.input_format.multigrids();
            let failed = &mut context.tally.failed;
            match crate::inputs::batch((name, text), format, multigrids, &variant, failed) {
                Batch::Puzzles(items) => {
                    solve_items(items, pipeline, context)?;
                    // An input without puzzles was reported as it was read.
                    pipeline.end_input(None, context);
                    Ok(())
                }
                Batch::Multigrids(mut items) => {
                    for item in &mut items {
                        item.index += context.numbered;
                    }
                    let pool = crate::workers::pool(args.threads)?;
                    multigrid::run(&items, &pool, context)?;
                    context.numbered += items.len();
                    pipeline.drain(context)
                }
            }
        }
        Err(message) => {
            pipeline.drain(context)?;
            eprintln!("fdoku: {message}");
            context.tally.failed = true;
            Ok(())
        }
    }
}

/// Solves the puzzles of an input of one puzzle per line, piece by piece.
fn solve_lines(
    mut chunks: LineChunks,
    pipeline: &mut Pipeline<'_>,
    context: &mut Context<'_>,
) -> anyhow::Result<()> {
    loop {
        match chunks.next_chunk() {
            Ok(Some(chunk)) if context.args.all => {
                let variant = context.args.variant.plain();
                let mut reader =
                    LineReader::new(&chunk.name, &chunk.text, chunk.first_line, &variant);
                while let Some(read) = reader.read_next() {
                    match read {
                        LineRead::Puzzle(line) => {
                            pipeline.solved_here(1);
                            stream_item(line.to_item(), context)?;
                        }
                        LineRead::Skipped(passed) => eprintln!("fdoku: {passed}"),
                    }
                }
            }
            Ok(Some(chunk)) => pipeline.send(Work::Lines(chunk), context)?,
            Ok(None) => break,
            Err(e) => {
                pipeline.drain(context)?;
                eprintln!("fdoku: cannot read {}: {e}", chunks.name());
                context.tally.failed = true;
                return Ok(());
            }
        }
    }
    let message = crate::inputs::no_puzzle_in(chunks.name(), chunks.blank());
    pipeline.end_input(Some(message), context);
    Ok(())
}

/// Solves and prints one-grid puzzles read whole: in pieces on the
/// workers, or one after another streaming every solution with `--all`.
fn solve_items(
    items: Vec<Item>,
    pipeline: &mut Pipeline<'_>,
    context: &mut Context<'_>,
) -> anyhow::Result<()> {
    if context.args.all {
        return items
            .into_iter()
            .try_for_each(|item| stream_item(item, context));
    }
    let mut remaining = items.into_iter().peekable();
    while remaining.peek().is_some() {
        let chunk: Vec<Item> = remaining.by_ref().take(CHUNK).collect();
        pipeline.send(Work::Items(chunk), context)?;
    }
    Ok(())
}

/// Solves `item` for every solution, printing each as it is found
/// (`--all`), numbered after the puzzles so far.
fn stream_item(mut item: Item, context: &mut Context<'_>) -> anyhow::Result<()> {
    context.numbered += 1;
    item.index = context.numbered;
    let (goal, args, cancel) = (context.goal, context.args, context.cancel);
    let solved = all::stream(&item, goal, args, cancel, context.out, context.json)?;
    context.tally.note(&solved);
    context.progress.inc(1);
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
    entry: Entry<'_>,
    goal: Goal,
    args: &SolveArgs,
    cancel: &Arc<AtomicBool>,
) -> Result<Report, String> {
    let (puzzle, options) = prepared(entry.puzzle, args, cancel)?;
    Ok(fdoku_sudoku::solve::solve(puzzle, goal, &options))
}

/// The solution about to be printed passes the independent checker.
fn verify(entry: Entry<'_>, solved: &Result<Report, String>) -> anyhow::Result<()> {
    if let (Ok(puzzle), Ok(report)) = (entry.puzzle, solved)
        && let Some(grid) = &report.solution
    {
        check_solution(puzzle, grid).map_err(|e| {
            anyhow!(
                "internal error: puzzle {} failed the independent check: {e}",
                entry.index
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
pub(crate) fn answer<'a>(
    puzzle: Option<&Puzzle>,
    solved: &'a Result<Report, String>,
    goal: Goal,
) -> Answer<GridLine<'a>> {
    match solved {
        Ok(report) => {
            let counted = goal != Goal::First;
            let exact = count_is_exact(report, goal);
            Answer {
                status: status_name(report),
                solution: report.solution.as_deref().map(GridLine),
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

/// What text output tells on standard error (`err`): why a puzzle could
/// not be read or solved, and its statistics when asked.
fn notes<S>(
    index: usize,
    answer: &Answer<S>,
    args: &SolveArgs,
    err: &mut dyn Write,
) -> std::io::Result<()> {
    if let Some(error) = &answer.error {
        writeln!(err, "fdoku: {error}")?;
    }
    if let Some(reason) = &answer.reason {
        writeln!(err, "fdoku: puzzle {index}: no solution: {reason}")?;
    }
    if args.stats {
        let s = answer.stats;
        writeln!(
            err,
            "puzzle {index}: {} guesses, {} nodes, {} µs",
            s.guesses, s.nodes, s.micros
        )?;
    }
    Ok(())
}

/// The line `--format line` prints for `answer`: the solution (or the
/// status), after the status and count when counting. It is put together
/// by hand: the formatting machinery would cost more than the rest of
/// printing.
pub(crate) fn write_line<W: Write + ?Sized>(
    out: &mut W,
    answer: &Answer<GridLine<'_>>,
) -> std::io::Result<()> {
    let counted = match (answer.count, answer.count_at_least) {
        (Some(count), _) => Some(("", count)),
        (None, Some(count)) => Some(("≥", count)),
        (None, None) => None,
    };
    if let Some((bound, count)) = counted {
        out.write_all(answer.status.as_bytes())?;
        out.write_all(b" ")?;
        out.write_all(bound.as_bytes())?;
        write_decimal(out, count)?;
        out.write_all(b" ")?;
    }
    match &answer.solution {
        Some(solution) => solution.write_to(out)?,
        None => out.write_all(answer.status.as_bytes())?,
    }
    out.write_all(b"\n")
}

/// Writes `n` in decimal.
fn write_decimal<W: Write + ?Sized>(out: &mut W, n: u64) -> std::io::Result<()> {
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
    out.write_all(&digits[start..])
}

/// Prints one puzzle's result: a record, or a line or block of text (and
/// its notes on `err`).
fn print<W: Write + ?Sized>(
    entry: Entry<'_>,
    solved: &Result<Report, String>,
    args: &SolveArgs,
    goal: Goal,
    out: &mut W,
    err: &mut dyn Write,
    json: &mut JsonRecords,
) -> anyhow::Result<()> {
    let answer = answer(entry.puzzle.as_ref().ok(), solved, goal);
    let record = |out: &mut W| {
        json::record_start(out, entry.index, entry.input)?;
        answer.write_end(out)
    };
    if json.write_with(out, record)? {
        return Ok(());
    }
    let answer = &answer;
    notes(entry.index, answer, args, err)?;
    match args.format {
        OutputFormat::Line => write_line(out, answer)?,
        OutputFormat::Block => {
            writeln!(out, "# puzzle {}: {}", entry.index, answer.status)?;
            if let (Ok(puzzle), Some(grid)) = (entry.puzzle, &answer.solution) {
                write!(out, "{}", format::block(grid.0, puzzle.rules()))?;
                writeln!(out)?;
            }
        }
        OutputFormat::Json | OutputFormat::Jsonl => {}
    }
    Ok(())
}
