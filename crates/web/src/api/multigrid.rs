//! Grids of several overlapping Sudokus ([`fdoku_sudoku::multigrid`]:
//! samurai, twodoku, butterfly, sumo, …) in the API: `/api/parse` lays one
//! out for drawing, `/api/solve` solves and counts it with the engine (the
//! only solver that takes them), `/api/generate` makes one on a named
//! layout. Each answer carries `"kind": "multigrid"`. The logic solver
//! takes one grid, so `/api/hint`, `/api/explain` and `/api/grade` refuse
//! multigrids by name ([`crate::input`]).

use fdoku_fd::{Budget, SearchConfig, Strength};
use fdoku_sudoku::HouseKind;
use fdoku_sudoku::format::multigrid::describe_multigrid;
use fdoku_sudoku::generate::GenerateError;
use fdoku_sudoku::multigrid::{
    Multigrid, MultigridError, MultigridPuzzle, check_multigrid, generate_multigrid,
    solve_multigrid,
};
use fdoku_sudoku::solve::{Goal, SolveOptions};
use serde_json::{Value, json};

use crate::error::{ApiError, ApiResult};
use crate::work::stopped;

/// Search nodes allowed for the full grid and for each uniqueness check of
/// a generation (as `fdoku generate --node-limit`'s default).
const NODE_LIMIT: u64 = 200_000;

/// Every sub-grid's cells (in its reading order) and its boxes; a
/// sub-grid of any shape is described as the library has it.
fn sub_grids(grid: &Multigrid) -> Vec<Value> {
    let mut boxes = vec![Vec::new(); grid.grid_count()];
    for (index, house) in grid.houses() {
        if house.kind == HouseKind::Box {
            boxes[index].push(house.cells);
        }
    }
    boxes
        .into_iter()
        .enumerate()
        .map(|(index, boxes)| json!({"cells": grid.grid_cells(index), "boxes": boxes}))
        .collect()
}

/// The drawing data of a multigrid (`/api/parse`): the canvas, where each
/// cell stands on it, each sub-grid's cells and boxes, the pairs of
/// sub-grids that relabel one another (twins), the givens.
pub fn layout(puzzle: &MultigridPuzzle) -> Value {
    let grid = puzzle.grid();
    let (box_rows, box_cols) = grid.boxes();
    let cells: Vec<[usize; 2]> = (0..grid.cell_count())
        .map(|cell| {
            let (row, col) = grid.position(cell);
            [row, col]
        })
        .collect();
    json!({
        "kind": "multigrid",
        "layout": grid.name(),
        "size": grid.size(),
        "box": [box_rows, box_cols],
        "height": grid.height(),
        "width": grid.width(),
        "cells": cells,
        "grids": sub_grids(grid),
        "relabelled": grid.arrangement().relabelled,
        "givens": puzzle.givens(),
        "clues": puzzle.clue_count(),
        "clash": puzzle.clash().map(|c| c.to_string()),
        "text": puzzle.to_text(),
        "description": describe_multigrid(puzzle),
        "meta": {"title": null, "author": null, "rules": null},
    })
}

/// Solves `puzzle` with the engine at `strength`, counting to two
/// solutions (`/api/solve`). The solution passes the independent checker.
pub fn solve(puzzle: &MultigridPuzzle, strength: Strength, budget: &Budget) -> ApiResult<Value> {
    let options = SolveOptions {
        fd: SearchConfig {
            alldiff: Some(strength),
            ..SearchConfig::default()
        },
        budget: budget.clone(),
        ..SolveOptions::default()
    };
    let report = solve_multigrid(puzzle, Goal::Count(2), &options);
    if report.count == 0 && report.stats.stopped.is_some() {
        return Err(stopped());
    }
    if let Some(solution) = &report.solution {
        check_multigrid(puzzle, solution).map_err(|e| {
            ApiError::Internal(format!(
                "internal error: the solution fails the independent check: {e}"
            ))
        })?;
    }
    let grid = puzzle.grid();
    Ok(json!({
        "kind": "multigrid",
        "layout": grid.name(),
        "status": report.status,
        "count": report.count,
        "solution": report.solution,
        "canvas": report.solution.as_deref().map(|s| grid.canvas(s)),
        "stats": {
            "nodes": report.stats.nodes,
            "guesses": report.stats.guesses,
            "micros": report.stats.micros,
        },
        "clash": (report.count == 0).then(|| puzzle.clash()).flatten().map(|c| c.to_string()),
        "strength": strength,
    }))
}

/// The named layout `name` of `size`×`size` sub-grids: a 400 for a name
/// that is no layout, a 422 for a size it cannot take.
pub fn named(name: &str, size: usize) -> ApiResult<Multigrid> {
    Multigrid::named(name, size).map_err(|e| match e {
        MultigridError::UnknownLayout { .. } => ApiError::BadRequest(format!("layout: {e}")),
        e => ApiError::Unprocessable(format!("layout {name}, size {size}: {e}")),
    })
}

/// A unique puzzle on `grid` drawn from `seed` (`/api/generate`), as the
/// record of `fdoku generate --layout … --format json`: the canvas, the
/// solution's canvas, the JSON description.
pub fn generate(grid: &Multigrid, seed: u64, budget: &Budget) -> ApiResult<Value> {
    let made = generate_multigrid(grid, seed, NODE_LIMIT, budget).map_err(|e| match e {
        GenerateError::Stopped(_) => stopped(),
        e => ApiError::Unprocessable(e.to_string()),
    })?;
    check_multigrid(&made.puzzle, &made.solution).map_err(|e| {
        ApiError::Internal(format!(
            "internal error: the generated solution fails the check: {e}"
        ))
    })?;
    Ok(json!({
        "kind": "multigrid",
        "layout": grid.name(),
        "size": grid.size(),
        "seed": seed,
        "clues": made.puzzle.clue_count(),
        "minimal": made.minimal,
        "checks": made.checks,
        "puzzle": grid.canvas(made.puzzle.givens()),
        "solution": grid.canvas(&made.solution),
        "description": describe_multigrid(&made.puzzle),
    }))
}
