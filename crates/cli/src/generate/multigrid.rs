//! `fdoku generate --layout NAME`: unique puzzles on a named layout of
//! overlapping Sudokus (samurai, …), in parallel and in order, the same
//! for a seed whatever the thread count (puzzle `i` draws from its own
//! seed, as the other puzzles do).
//!
//! ```text
//! $ fdoku generate --layout samurai --count 2
//! ```

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::anyhow;
use fdoku_sudoku::format::multigrid::describe_multigrid;
use fdoku_sudoku::multigrid::{
    Multigrid, MultigridGenerated, MultigridPuzzle, check_multigrid, generate_multigrid,
};
use serde::Serialize;

use crate::cli::{GenerateArgs, OutputFormat};
use crate::error::BadInput;
use crate::records::JsonRecords;

/// One puzzle's record (`--format json` and `jsonl`).
#[derive(Serialize)]
struct Record<'a> {
    index: usize,
    seed: u64,
    layout: &'a str,
    size: usize,
    clues: usize,
    /// The canvas, one string per row.
    puzzle: Vec<String>,
    solution: Vec<String>,
    checks: u32,
    minimal: bool,
    /// The JSON description, which `fdoku solve` reads back.
    description: serde_json::Value,
}

/// Runs `fdoku generate --layout NAME`; returns the exit code.
pub(super) fn run(
    args: &GenerateArgs,
    name: &str,
    cancel: &Arc<AtomicBool>,
    out: &mut dyn Write,
) -> anyhow::Result<u8> {
    let budget = || crate::cli::budget(Some(args.time_limit), None, cancel);
    budget()?;
    let grid = Multigrid::named(name, args.size)
        .map_err(|e| BadInput(format!("--layout {name} --size {}: {e}", args.size)))?;
    super::batch::make_in_order(
        args,
        cancel,
        out,
        |_, seed| {
            let budget = budget().unwrap_or_default();
            Ok(generate_multigrid(&grid, seed, args.node_limit, &budget)?)
        },
        |index, seed, generated, json, out| {
            check_multigrid(&generated.puzzle, &generated.solution).map_err(|e| {
                anyhow!(
                    "internal error: generated puzzle {index} failed the independent check: {e}"
                )
            })?;
            print(index, seed, &generated, args.format, json, out)
        },
    )
}

/// Prints one puzzle: its record, or its text (`layout:` line and canvas).
fn print(
    index: usize,
    seed: u64,
    generated: &MultigridGenerated,
    format: OutputFormat,
    json: &mut JsonRecords,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let puzzle: &MultigridPuzzle = &generated.puzzle;
    let grid = puzzle.grid();
    let record = Record {
        index,
        seed,
        layout: grid.name().unwrap_or("custom"),
        size: grid.size(),
        clues: puzzle.clue_count(),
        puzzle: grid.canvas(puzzle.givens()),
        solution: grid.canvas(&generated.solution),
        checks: generated.checks,
        minimal: generated.minimal,
        description: describe_multigrid(puzzle),
    };
    if json.write(out, &record)? {
        return Ok(());
    }
    if index > 1 {
        writeln!(out)?;
    }
    if format == OutputFormat::Block {
        writeln!(
            out,
            "# puzzle {index} (seed {seed}, {} clues)",
            record.clues
        )?;
    }
    write!(out, "{}", puzzle.to_text())?;
    Ok(())
}
