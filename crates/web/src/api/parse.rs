//! `POST /api/parse`: a puzzle read and laid out for drawing — size, boxes
//! or jigsaw regions, diagonals, windows, cages, the variant elements (each
//! with the name the engine's trace gives it), odd and even cells, the
//! rules on every cell, givens, the candidates each open cell has left
//! (see [`candidates`]), the clash of the givens and entries if there is
//! one, and the title, author and rules text an f-puzzles or SudokuPad
//! puzzle carries.

use axum::Json;
use fdoku_fd::{SearchConfig, Strength, propagate};
use fdoku_logic::Grid;
use fdoku_sudoku::format::json::describe;
use fdoku_sudoku::solve::FdSolver;
use fdoku_sudoku::{Diagonal, Element, HouseKind, Layout, Parity, Puzzle, Rules};
use serde_json::{Value, json};

use crate::error::ApiResult;
use crate::extract::JsonBody;
use crate::input::{PuzzleInput, with_values};

/// Reads the puzzle (422 with the parser's message when it does not read).
pub async fn parse(JsonBody(input): JsonBody<PuzzleInput>) -> ApiResult<Json<Value>> {
    if let Some(multigrid) = input.multigrid()? {
        return Ok(Json(super::multigrid::layout(&multigrid)));
    }
    let puzzle = input.read_givens()?;
    let entered = match &input.values {
        Some(values) => with_values(&puzzle, values)?,
        None => puzzle.clone(),
    };
    let mut answer = layout(&puzzle, &entered);
    let meta = input.meta();
    answer["meta"] = json!({"title": meta.title, "author": meta.author, "rules": meta.ruleset});
    Ok(Json(answer))
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
    let candidates = candidates(&grid, entered);
    json!({
        "size": rules.size(),
        "box": boxes,
        "regions": regions,
        "diagonals": rules.diagonals(),
        "main_diagonal": rules.diagonal(Diagonal::Main),
        "anti_diagonal": rules.diagonal(Diagonal::Anti),
        "windows": windows,
        "extra": rules.extra_regions(),
        "cages": rules.cages(),
        "elements": named_elements(rules),
        "negative": rules.negative(),
        "odd": parity_cells(rules, Parity::Odd),
        "even": parity_cells(rules, Parity::Even),
        "global": rules.global_rules().iter().map(|rule| rule.name()).collect::<Vec<_>>(),
        "givens": puzzle.givens(),
        "values": grid.values(),
        "candidates": candidates,
        "line": puzzle.to_line(),
        "variant": rules.variant_name(),
        "clash": entered.clash().map(|c| c.to_string()),
        "description": describe(puzzle),
    })
}

/// The elements in their serde form, each with `"name"`: its kind and its
/// number among the elements of that kind (`thermometer 2`, `white dot 1`),
/// the name the engine gives its constraints and so the trace's `by`.
fn named_elements(rules: &Rules) -> Vec<Value> {
    let mut counts = std::collections::HashMap::new();
    rules
        .elements()
        .iter()
        .map(|element: &Element| {
            let count = counts.entry(element.kind()).or_insert(0usize);
            *count += 1;
            let mut value = json!(element);
            if let Value::Object(fields) = &mut value {
                fields.insert(
                    "name".to_owned(),
                    json!(format!("{} {count}", element.kind())),
                );
            }
            value
        })
        .collect()
}

/// The cells of `parity`, in cell order.
fn parity_cells(rules: &Rules, parity: Parity) -> Vec<usize> {
    rules
        .parity_cells()
        .iter()
        .filter(|&&(_, p)| p == parity)
        .map(|&(cell, _)| cell)
        .collect()
}

/// The candidates of each open cell (`[]` for a filled one): its peers'
/// digits removed, as the logic grid keeps them, then every rule and
/// element of the engine model propagated to its fixpoint from those —
/// a thermometer's bulb loses its high digits, a cell beside a placed
/// digit across a white dot keeps only its neighbours. The model's
/// all_different only checks (`Strength::Check`), so a house removes no
/// more than its placed digits, as pencil marks do. When propagation
/// finds no solution at all the peers' candidates are kept (the clash,
/// or the player's next step, tells).
fn candidates(grid: &Grid, entered: &Puzzle) -> Vec<Vec<u8>> {
    let cells = entered.rules().cells();
    let masks: Vec<u32> = (0..cells)
        .map(|c| grid.digits(c).iter().fold(0, |m, &d| m | 1 << (d - 1)))
        .collect();
    let propagated = entered
        .clone()
        .with_candidates(masks)
        .ok()
        .and_then(|restricted| {
            let fd = FdSolver::new(&restricted, SearchConfig::default());
            let domains = propagate(fd.model(), Some(Strength::Check))?;
            Some(
                fd.cells()
                    .iter()
                    .map(|&var| {
                        domains[var.index()]
                            .iter()
                            .filter_map(|v| u8::try_from(v).ok())
                            .collect::<Vec<u8>>()
                    })
                    .collect::<Vec<_>>(),
            )
        });
    (0..cells)
        .map(|c| match (grid.value(c), &propagated) {
            (0, Some(domains)) => domains[c].clone(),
            (0, None) => grid.digits(c),
            _ => Vec::new(),
        })
        .collect()
}
