//! `fdoku solve --all`: every solution is checked and printed the moment
//! it is found, puzzle after puzzle (in input order), so memory stays flat
//! however many solutions there are, and a run cut short by a limit has
//! already printed everything it found.
//!
//! A JSON record is written in two pieces: where the puzzle came from and
//! its `solutions` as they come, then, once the search has ended, the
//! status, the count and the statistics.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::anyhow;
use fdoku_sudoku::format::{self, Item};
use fdoku_sudoku::solve::{Goal, Report, solve_with};
use fdoku_sudoku::{GridLine, Puzzle, check_solution};

use super::json::{JsonValue, record_start};
use super::{Answer, answer, notes, prepared, print};
use crate::cli::{OutputFormat, SolveArgs};
use crate::records::JsonRecords;

/// Solves `item` for every solution, printing each as it is found; returns
/// the report (or why the puzzle could not be solved) for the exit code.
pub(super) fn stream(
    item: &Item,
    goal: Goal,
    args: &SolveArgs,
    cancel: &Arc<AtomicBool>,
    out: &mut dyn Write,
    json: &mut JsonRecords,
) -> anyhow::Result<Result<Report, String>> {
    let (puzzle, options) = match prepared(&item.puzzle, args, cancel) {
        Ok(prepared) => prepared,
        Err(message) => {
            let solved = Err(message);
            print(
                item.into(),
                &solved,
                args,
                goal,
                out,
                &mut std::io::stderr(),
                json,
            )?;
            return Ok(solved);
        }
    };
    let mut sink = Sink::begin(item, args.format, out, json)?;
    let mut failure = None;
    let report = solve_with(puzzle, goal, &options, &mut |grid| {
        if failure.is_some() {
            return;
        }
        let printed = check_solution(puzzle, grid)
            .map_err(|e| {
                anyhow!(
                    "internal error: puzzle {} failed the independent check: {e}",
                    item.index
                )
            })
            .and_then(|()| sink.solution(grid, puzzle, out));
        if let Err(e) = printed {
            // The run ends with this error: stop the search at once.
            failure = Some(e);
            cancel.store(true, Ordering::SeqCst);
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let solved = Ok(report);
    sink.end(
        &answer(item.puzzle.as_ref().ok(), &solved, goal),
        args,
        out,
        json,
    )?;
    Ok(solved)
}

/// Where the solutions of one puzzle go, and how many went.
struct Sink {
    index: usize,
    format: OutputFormat,
    printed: u64,
}

impl Sink {
    /// Starts the puzzle's output: for JSON, the record up to its
    /// `solutions`.
    fn begin(
        item: &Item,
        format: OutputFormat,
        out: &mut dyn Write,
        json: &mut JsonRecords,
    ) -> anyhow::Result<Sink> {
        if json.open(out)? {
            record_start(out, item.index, &item.input)?;
            write!(out, ",\"solutions\":[")?;
        }
        Ok(Sink {
            index: item.index,
            format,
            printed: 0,
        })
    }

    /// Prints one (checked) solution.
    fn solution(
        &mut self,
        grid: &[u8],
        puzzle: &Puzzle,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        self.printed += 1;
        match self.format {
            OutputFormat::Line => writeln!(out, "{}", GridLine(grid))?,
            OutputFormat::Block => {
                writeln!(out, "# puzzle {}, solution {}", self.index, self.printed)?;
                write!(out, "{}", format::block(grid, puzzle.rules()))?;
                writeln!(out)?;
            }
            OutputFormat::Json | OutputFormat::Jsonl => {
                if self.printed > 1 {
                    write!(out, ",")?;
                }
                GridLine(grid).write_json(out)?;
            }
        }
        Ok(())
    }

    /// Ends the puzzle's output with what the search came to: the rest of
    /// the JSON record, or the status in text (and on standard error how
    /// far a search cut short got).
    fn end(
        self,
        answer: &Answer<GridLine<'_>>,
        args: &SolveArgs,
        out: &mut dyn Write,
        json: &JsonRecords,
    ) -> anyhow::Result<()> {
        let counted = answer.count.or(answer.count_at_least).unwrap_or_default();
        match self.format {
            OutputFormat::Json | OutputFormat::Jsonl => {
                write!(out, "]")?;
                answer.write_end(out)?;
                json.close(out)?;
                return Ok(());
            }
            OutputFormat::Line if self.printed == 0 => writeln!(out, "{}", answer.status)?,
            OutputFormat::Line => {}
            OutputFormat::Block => {
                let at_least = if answer.count.is_some() { "" } else { "≥" };
                let plural = if counted == 1 { "" } else { "s" };
                writeln!(
                    out,
                    "# puzzle {}: {}, {at_least}{counted} solution{plural}",
                    self.index, answer.status
                )?;
            }
        }
        notes(self.index, answer, args, &mut std::io::stderr())?;
        if answer.status == "stopped" {
            let reason = answer.stats.stopped.map_or("stopped", |r| r.describe());
            eprintln!(
                "fdoku: puzzle {}: stopped early ({reason}); {counted} solutions so far: a lower bound",
                self.index
            );
        } else if answer.count_at_least.is_some() {
            eprintln!(
                "fdoku: puzzle {}: the first {counted} solutions (--limit {counted}); there may be more",
                self.index
            );
        }
        Ok(())
    }
}
