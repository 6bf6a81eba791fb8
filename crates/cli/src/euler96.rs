//! `fdoku euler96 FILE`: Project Euler problem 96.
//!
//! Solves the 50 grids, checks each solution, and prints the sum of the
//! three-digit numbers in the top-left corners, then the time taken.

use std::io::Write;
use std::time::Instant;

use anyhow::anyhow;
use fdoku_sudoku::check_solution;
use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
use fdoku_sudoku::solve::{Goal, SolveOptions, solve};

use crate::cli::Euler96Args;
use crate::error::BadInput;
use crate::run::read_input;

/// Runs `fdoku euler96`; returns the exit code.
pub fn run(args: &Euler96Args, out: &mut dyn Write) -> anyhow::Result<u8> {
    let text = read_input(&args.file)?;
    let name = args.file.display().to_string();
    let items = read_puzzles(&name, &text, Format::Auto, &PlainVariant::default());
    let mut puzzles = Vec::with_capacity(items.len());
    for item in items {
        puzzles.push(item.puzzle.map_err(|e| BadInput(e.to_string()))?);
    }
    if puzzles.is_empty() {
        return Err(BadInput(format!(
            "{name}: no grids found (expected `Grid 01` and 9 rows of 9 digits)"
        ))
        .into());
    }
    let started = Instant::now();
    let mut total = 0u32;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let report = solve(puzzle, Goal::First, &SolveOptions::default());
        let grid = report
            .solution
            .ok_or_else(|| BadInput(format!("{name}: grid {} has no solution", i + 1)))?;
        check_solution(puzzle, &grid).map_err(|e| {
            anyhow!(
                "internal error: grid {} failed the independent check: {e}",
                i + 1
            )
        })?;
        total += u32::from(grid[0]) * 100 + u32::from(grid[1]) * 10 + u32::from(grid[2]);
    }
    let elapsed = started.elapsed();
    writeln!(out, "{total}")?;
    writeln!(
        out,
        "{} grids solved and checked in {:.3} ms",
        puzzles.len(),
        elapsed.as_secs_f64() * 1000.0
    )?;
    Ok(0)
}
