//! `POST /api/parse`: a puzzle read and laid out for drawing — size, boxes
//! or jigsaw regions, diagonals, windows, cages, givens, the candidates
//! each open cell has left after its peers' digits, and the clash of the
//! givens and entries if there is one.

use axum::Json;
use fdoku_logic::Grid;
use fdoku_sudoku::format::json::describe;
use fdoku_sudoku::{HouseKind, Layout, Puzzle};
use serde_json::{Value, json};

use crate::error::ApiResult;
use crate::extract::JsonBody;
use crate::input::{PuzzleInput, with_values};

/// Reads the puzzle (422 with the parser's message when it does not read).
pub async fn parse(JsonBody(input): JsonBody<PuzzleInput>) -> ApiResult<Json<Value>> {
    let puzzle = input.read_givens()?;
    let entered = match &input.values {
        Some(values) => with_values(&puzzle, values)?,
        None => puzzle.clone(),
    };
    Ok(Json(layout(&puzzle, &entered)))
}

/// The drawing data of `puzzle`; the values, candidates and clash are those
/// of `entered` (the givens with the entries placed).
pub fn layout(puzzle: &Puzzle, entered: &Puzzle) -> Value {
    let grid = Grid::new(entered);
    let rules = puzzle.rules();
    let (boxes, regions) = match rules.layout() {
        Layout::Boxes { rows, cols } => (json!([rows, cols]), Value::Null),
        Layout::Jigsaw(region) => (Value::Null, json!(region)),
        Layout::None => (Value::Null, Value::Null),
    };
    let windows: Vec<Vec<usize>> = rules
        .houses()
        .into_iter()
        .filter(|h| h.kind == HouseKind::Window)
        .map(|h| h.cells)
        .collect();
    let candidates: Vec<Vec<u8>> = (0..rules.cells())
        .map(|c| {
            if grid.value(c) == 0 {
                grid.digits(c)
            } else {
                Vec::new()
            }
        })
        .collect();
    json!({
        "size": rules.size(),
        "box": boxes,
        "regions": regions,
        "diagonals": rules.diagonals(),
        "windows": windows,
        "extra": rules.extra_regions(),
        "cages": rules.cages(),
        "givens": puzzle.givens(),
        "values": grid.values(),
        "candidates": candidates,
        "line": puzzle.to_line(),
        "variant": rules.variant_name(),
        "clash": entered.clash().map(|c| c.to_string()),
        "description": describe(puzzle),
    })
}
