//! The JSON description of a multigrid:
//!
//! ```json
//! {"layout": "samurai", "givens": ["4....2...   ......3..", "…"]}
//! {"subgrids": [[0, 0], [6, 6]], "size": 9, "boxes": [3, 3], "givens": […]}
//! ```
//!
//! `layout` names a layout, or `subgrids` lists the sub-grids: the origin
//! of a window (row, column of its top-left cell, from 0), or the cells
//! of a sub-grid of listed cells (`[[1, 1], [1, 4], …]`, N² of them in its
//! reading order); `relabelled` lists pairs of sub-grids (numbers from 1,
//! windows first) whose digits correspond through one relabelling, as
//! twins' do; `size` is the side of the
//! sub-grids (else it follows from `givens`), `boxes` their box shape
//! (else the standard one), `givens` the canvas, one string per row as in
//! the plain text (missing: an empty puzzle), `name` a label. A file holds
//! one description, an array of them, or one per line.

use serde::Deserialize;

use super::super::{ParseError, ParseErrorKind};
use super::MultigridItem;
use super::canvas::{self, CanvasError, Row};
use crate::multigrid::{
    Arrangement, Multigrid, MultigridPuzzle, layout_names, named_layout, standard_boxes,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Spec {
    #[serde(default)]
    layout: Option<String>,
    #[serde(default)]
    subgrids: Option<Vec<serde_json::Value>>,
    #[serde(default)]
    relabelled: Option<Vec<[usize; 2]>>,
    #[serde(default)]
    size: Option<usize>,
    #[serde(default)]
    boxes: Option<[usize; 2]>,
    #[serde(default)]
    givens: Option<Vec<String>>,
    #[serde(default)]
    #[allow(dead_code)]
    name: Option<String>,
}

/// Whether a JSON object describes a multigrid: it has `layout` or
/// `subgrids`.
pub(super) fn is_multigrid(value: &serde_json::Value) -> bool {
    let object = match value {
        serde_json::Value::Array(items) => items.first(),
        other => Some(other),
    };
    object
        .and_then(serde_json::Value::as_object)
        .is_some_and(|o| o.contains_key("layout") || o.contains_key("subgrids"))
}

/// Every description of a JSON text.
pub(super) fn read(input: &str, text: &str) -> Vec<MultigridItem> {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Array(values)) => values
            .into_iter()
            .map(|v| from_value(input, 1, v))
            .collect(),
        Ok(value) => vec![from_value(input, first_line(text), value)],
        Err(_) if text.lines().filter(|l| !l.trim().is_empty()).count() > 1 => text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| one(input, i + 1, l))
            .collect(),
        Err(_) => vec![one(input, first_line(text), text.trim())],
    }
}

/// The 1-based line where `text`'s content starts.
fn first_line(text: &str) -> usize {
    text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0) + 1
}

/// One line (or the whole text) holding one description.
fn one(input: &str, line: usize, text: &str) -> MultigridItem {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(value) => from_value(input, line, value),
        Err(e) => MultigridItem {
            index: 0,
            line,
            input: text.to_owned(),
            puzzle: Err(ParseError {
                input: input.to_owned(),
                line: line + e.line().saturating_sub(1),
                column: e.column().max(1),
                kind: ParseErrorKind::JsonSyntax,
                message: e
                    .to_string()
                    .split(" at line ")
                    .next()
                    .unwrap_or("")
                    .to_owned(),
            }),
        },
    }
}

/// One parsed description, starting on `line`.
fn from_value(input: &str, line: usize, value: serde_json::Value) -> MultigridItem {
    let source = value.to_string();
    let error = |message: String| ParseError {
        input: input.to_owned(),
        line,
        column: 1,
        kind: ParseErrorKind::JsonField,
        message,
    };
    let puzzle = serde_json::from_value::<Spec>(value)
        .map_err(|e| error(e.to_string()))
        .and_then(|spec| build(&spec).map_err(error));
    MultigridItem {
        index: 0,
        line,
        input: source,
        puzzle,
    }
}

/// The puzzle a description says, or what is wrong with it (naming the field).
fn build(spec: &Spec) -> Result<MultigridPuzzle, String> {
    let rows: Vec<Row> = spec
        .givens
        .iter()
        .flatten()
        .enumerate()
        .map(|(r, text)| canvas::parse_row(r, text))
        .collect::<Result<_, _>>()
        .map_err(at_field)?;
    let boxes = |size: usize| match spec.boxes {
        Some([r, c]) => Ok((r, c)),
        None => standard_boxes(size).ok_or_else(|| {
            format!(
                "boxes: {size}×{size} sub-grids have no standard box shape; give one, e.g. [2, 3]"
            )
        }),
    };
    if spec.relabelled.is_some() && spec.subgrids.is_none() {
        return Err("relabelled: only with \"subgrids\" (a named layout has its own)".to_owned());
    }
    let grid = match (&spec.layout, &spec.subgrids) {
        (Some(_), Some(_)) => {
            return Err("subgrids: give \"layout\" or \"subgrids\", not both".to_owned());
        }
        (None, None) => return Err("layout: missing (give \"layout\" or \"subgrids\")".to_owned()),
        (Some(name), None) => {
            let layout = named_layout(name).ok_or_else(|| {
                format!(
                    "layout: {name:?} is not a layout (expected one of {})",
                    layout_names()
                )
            })?;
            let side = spec.size.or(spec.boxes.map(|[r, c]| r.saturating_mul(c)));
            match (side, spec.givens.is_some()) {
                (Some(size), _) => {
                    let (r, c) = boxes(size)?;
                    Multigrid::named_with_boxes(name, size, r, c)
                        .map_err(|e| format!("layout: {e}"))?
                }
                (None, true) => canvas::of_layout(layout, &rows).map_err(at_field)?,
                (None, false) => {
                    return Err(
                        "size: missing (give \"size\", or \"givens\" to draw the canvas)"
                            .to_owned(),
                    );
                }
            }
        }
        (None, Some(subgrids)) => {
            let arrangement = arrangement(subgrids, spec.relabelled.as_deref().unwrap_or(&[]))?;
            let size = match (spec.size, arrangement.scattered.first()) {
                (Some(size), _) => size,
                (None, Some(cells)) => cells.len().isqrt(),
                (None, None) if !rows.is_empty() => {
                    let top = arrangement.origins.iter().map(|o| o.0).max().unwrap_or(0);
                    rows.len().saturating_sub(top)
                }
                (None, None) => {
                    return Err(
                        "size: missing (give \"size\", or \"givens\" to draw the canvas)"
                            .to_owned(),
                    );
                }
            };
            let (r, c) = boxes(size)?;
            Multigrid::arranged(size, r, c, arrangement).map_err(|e| format!("subgrids: {e}"))?
        }
    };
    let givens = match spec.givens {
        Some(_) => canvas::givens(&grid, &rows).map_err(at_field)?,
        None => vec![0; grid.cell_count()],
    };
    MultigridPuzzle::new(grid, givens).map_err(|e| format!("givens: {e}"))
}

/// The sub-grids `subgrids` list (each an origin `[row, column]` or a list
/// of such cells) and the pairs `relabelled` names (from 1).
fn arrangement(
    subgrids: &[serde_json::Value],
    relabelled: &[[usize; 2]],
) -> Result<Arrangement, String> {
    let mut arrangement = Arrangement::default();
    let cell = |v: &serde_json::Value| -> Option<(usize, usize)> {
        let [r, c] = serde_json::from_value::<[usize; 2]>(v.clone()).ok()?;
        Some((r, c))
    };
    let mut listed = false;
    for (i, entry) in subgrids.iter().enumerate() {
        let cells: Option<Vec<(usize, usize)>> = entry
            .as_array()
            .filter(|items| items.iter().all(serde_json::Value::is_array))
            .and_then(|items| items.iter().map(cell).collect());
        match (cell(entry), cells) {
            (Some(origin), _) if !listed => arrangement.origins.push(origin),
            (None, Some(cells)) => {
                listed = true;
                arrangement.scattered.push(cells);
            }
            (Some(_), _) => {
                return Err(format!(
                    "subgrids[{i}]: an origin after a sub-grid of listed cells (expected the windows' origins first)"
                ));
            }
            (None, None) => {
                return Err(format!(
                    "subgrids[{i}]: {entry} is no sub-grid (expected an origin [row, column], or a list of [row, column] cells)"
                ));
            }
        }
    }
    for (i, &[a, b]) in relabelled.iter().enumerate() {
        let (Some(a), Some(b)) = (a.checked_sub(1), b.checked_sub(1)) else {
            return Err(format!(
                "relabelled[{i}]: [{a}, {b}] (expected two grid numbers from 1)"
            ));
        };
        arrangement.relabelled.push((a, b));
    }
    Ok(arrangement)
}

/// A canvas mistake named by its field: `givens[3], column 5: …`.
fn at_field(e: CanvasError) -> String {
    format!("givens[{}], column {}: {}", e.row, e.column, e.message)
}

/// The JSON description of `puzzle`, which
/// [`read_multigrids`](super::read_multigrids) turns back into it.
pub fn describe_multigrid(puzzle: &MultigridPuzzle) -> serde_json::Value {
    let grid = puzzle.grid();
    let (r, c) = grid.boxes();
    let mut description = serde_json::Map::new();
    match grid.name() {
        Some(name) => {
            description.insert("layout".into(), name.into());
        }
        None => {
            let arrangement = grid.arrangement();
            let origins = arrangement.origins.iter().map(|o| serde_json::json!(o));
            let listed = arrangement.scattered.iter().map(|c| serde_json::json!(c));
            let subgrids: Vec<serde_json::Value> = origins.chain(listed).collect();
            description.insert("subgrids".into(), subgrids.into());
            if !arrangement.relabelled.is_empty() {
                let pairs: Vec<[usize; 2]> = arrangement
                    .relabelled
                    .iter()
                    .map(|&(a, b)| [a + 1, b + 1])
                    .collect();
                description.insert("relabelled".into(), serde_json::json!(pairs));
            }
        }
    }
    description.insert("size".into(), grid.size().into());
    description.insert("boxes".into(), serde_json::json!([r, c]));
    description.insert("givens".into(), grid.canvas(puzzle.givens()).into());
    serde_json::Value::Object(description)
}
