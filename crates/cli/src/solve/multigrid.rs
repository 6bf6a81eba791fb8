//! `fdoku solve` on grids of several overlapping Sudokus: each is solved
//! with the engine (the only solver that takes them), every solution
//! passes the independent multigrid checker before it is printed, and the
//! result prints as the solved canvas, with the status and count line of
//! `--count` above it, or as a JSON record whose `solution` is the
//! canvas's lines.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::json::{next_member, record_start};
use super::{Context, answer, notes, prepared};
use crate::cli::{OutputFormat, SolveArgs};
use crate::records::JsonRecords;
use anyhow::anyhow;
use fdoku_sudoku::format::multigrid::MultigridItem;
use fdoku_sudoku::multigrid::{Multigrid, check_multigrid, solve_multigrid_with};
use fdoku_sudoku::solve::{Goal, Report};
use rayon::prelude::*;

/// One multigrid's outcome: its report and every solution kept to print
/// (the first, or all with `--all`), or why it could not be solved.
struct Outcome {
    solved: Result<Report, String>,
    solutions: Vec<Vec<u8>>,
}

/// Solves and prints `items` in order (solved in parallel on `pool`).
pub(super) fn run(
    items: &[MultigridItem],
    pool: &rayon::ThreadPool,
    context: &mut Context<'_>,
) -> anyhow::Result<()> {
    let (goal, args, cancel) = (context.goal, context.args, context.cancel);
    let outcomes: Vec<Outcome> = pool.install(|| {
        items
            .par_iter()
            .map(|item| solve_item(item, goal, args, cancel))
            .collect()
    });
    for (item, outcome) in items.iter().zip(&outcomes) {
        if let Ok(puzzle) = &item.puzzle {
            for solution in &outcome.solutions {
                check_multigrid(puzzle, solution).map_err(|e| {
                    anyhow!(
                        "internal error: puzzle {} failed the independent check: {e}",
                        item.index
                    )
                })?;
            }
        }
        context.tally.note(&outcome.solved);
        print(item, outcome, args, goal, context.out, context.json)?;
        context.progress.inc(1);
    }
    Ok(())
}

fn solve_item(
    item: &MultigridItem,
    goal: Goal,
    args: &SolveArgs,
    cancel: &Arc<AtomicBool>,
) -> Outcome {
    let (puzzle, options) = match prepared(&item.puzzle, args, cancel) {
        Ok(prepared) => prepared,
        Err(message) => {
            return Outcome {
                solved: Err(message),
                solutions: Vec::new(),
            };
        }
    };
    let mut solutions = Vec::new();
    let report = solve_multigrid_with(puzzle, goal, &options, &mut |grid| {
        solutions.push(grid.to_vec());
    });
    Outcome {
        solved: Ok(report),
        solutions,
    }
}

/// Prints one multigrid's result: a record, or the status line and canvases.
fn print(
    item: &MultigridItem,
    outcome: &Outcome,
    args: &SolveArgs,
    goal: Goal,
    out: &mut dyn Write,
    json: &mut JsonRecords,
) -> anyhow::Result<()> {
    let grid = item.puzzle.as_ref().ok().map(|p| p.grid());
    let mut answer = answer(None, &outcome.solved, goal);
    answer.reason = outcome
        .solved
        .as_ref()
        .ok()
        .filter(|r| r.count == 0 && r.stats.stopped.is_none())
        .and_then(|_| item.puzzle.as_ref().ok()?.clash())
        .map(|clash| clash.to_string());
    let canvases: Vec<Vec<String>> = match grid {
        Some(grid) => outcome.solutions.iter().map(|s| grid.canvas(s)).collect(),
        None => Vec::new(),
    };
    let answer = answer.written_as(canvases.first().cloned());
    // The record of one-grid puzzles, with the named layout (when the
    // sub-grids make one), every solution with `--all`, and solutions
    // written as canvas rows.
    let record = |out: &mut _| {
        record_start(out, item.index, &item.input)?;
        next_member(out, "layout", &grid.and_then(Multigrid::name))?;
        if matches!(goal, Goal::All(_)) {
            next_member(out, "solutions", &canvases)?;
        }
        answer.write_end(out)
    };
    if json.write_with(out, record)? {
        return Ok(());
    }
    let answer = &answer;
    notes(item.index, answer, args, &mut std::io::stderr())?;
    // Canvases span several lines: a blank line keeps them apart.
    if item.index > 1 {
        writeln!(out)?;
    }
    if args.format == OutputFormat::Block {
        writeln!(out, "# puzzle {}: {}", item.index, answer.status)?;
    }
    match (answer.count, answer.count_at_least) {
        (Some(count), _) => writeln!(out, "{} {count}", answer.status)?,
        (None, Some(count)) => writeln!(out, "{} ≥{count}", answer.status)?,
        (None, None) if canvases.is_empty() => writeln!(out, "{}", answer.status)?,
        (None, None) => {}
    }
    for (i, canvas) in canvases.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        for line in canvas {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}
