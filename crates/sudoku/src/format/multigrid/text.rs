//! The plain-text multigrid: an optional `layout:` line, then the canvas.
//!
//! ```text
//! layout: samurai
//! 4....2...   ......3..
//! ...
//! ```
//!
//! Canvases are separated by blank lines; `#` starts a comment line. The
//! `layout:` line names a layout (`layout: samurai`) or lists the origins
//! of the sub-grids in cells, row then column from 0 (`layout: 0,0 6,6`),
//! the side following from the canvas's height. Without it the layout is
//! the named one whose cells the canvas draws.

use super::super::{ParseError, ParseErrorKind};
use super::MultigridItem;
use super::canvas::{self, CanvasError, Row};
use crate::multigrid::{
    Multigrid, MultigridPuzzle, NamedLayout, layout_names, named_layout, standard_boxes,
};

/// What a `layout:` line says.
enum Header {
    Named(&'static NamedLayout),
    Origins(Vec<(usize, usize)>),
}

/// The `layout:` line waiting for its canvas: its line number, and what it
/// says (or where and why it cannot be read).
type Pending = Option<(usize, Result<Header, (usize, String)>)>;

/// Whether `line` is a `layout:` line; its value when it is.
pub(super) fn layout_value(line: &str) -> Option<&str> {
    let trimmed = line.trim();
    let (key, value) = trimmed.split_once(':')?;
    key.trim().eq_ignore_ascii_case("layout").then_some(value)
}

/// Reads a `layout:` line's value; `column` is where the value starts.
fn header(value: &str, column: usize) -> Result<Header, (usize, String)> {
    let trimmed = value.trim();
    let at = column + value.len() - value.trim_start().len();
    if !trimmed.starts_with(|c: char| c.is_ascii_digit()) {
        return named_layout(trimmed).map(Header::Named).ok_or_else(|| {
            (
                at,
                format!(
                    "{trimmed:?} is not a layout (expected one of {}, or origins such as 0,0 6,6)",
                    layout_names()
                ),
            )
        });
    }
    let mut origins = Vec::new();
    let mut offset = 0;
    for token in trimmed.split(' ') {
        let here = at + trimmed[..offset].chars().count();
        offset += token.len() + 1;
        if token.is_empty() {
            continue;
        }
        let origin = token
            .split_once(',')
            .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
        match origin {
            Some(origin) => origins.push(origin),
            None => {
                return Err((
                    here,
                    format!(
                        "{token:?} is not an origin (expected row,column in cells from 0, such as 6,6)"
                    ),
                ));
            }
        }
    }
    Ok(Header::Origins(origins))
}

/// Every canvas of `text`.
pub(super) fn read(input: &str, text: &str) -> Vec<MultigridItem> {
    let mut items = Vec::new();
    let mut header: Pending = None;
    let mut block: Vec<(usize, &str)> = Vec::new();
    let lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    for (number, line) in lines.chain(std::iter::once((0, ""))) {
        let content = line.trim_end();
        if content.is_empty() {
            if !block.is_empty() {
                items.push(canvas_item(input, header.take(), &block));
                block.clear();
            }
            continue;
        }
        if content.trim_start().starts_with('#') {
            continue;
        }
        if let Some(value) = layout_value(content) {
            if !block.is_empty() {
                items.push(canvas_item(input, header.take(), &block));
                block.clear();
            }
            if let Some((at, _)) = header.take() {
                items.push(no_canvas(input, at));
            }
            let column = content.chars().count() - value.chars().count() + 1;
            header = Some((number, self::header(value, column)));
            continue;
        }
        block.push((number, content));
    }
    if let Some((at, _)) = header {
        items.push(no_canvas(input, at));
    }
    items
}

/// A `layout:` line with no canvas after it.
fn no_canvas(input: &str, line: usize) -> MultigridItem {
    MultigridItem {
        index: 0,
        line,
        input: String::new(),
        puzzle: Err(ParseError {
            input: input.to_owned(),
            line,
            column: 1,
            kind: ParseErrorKind::RowCount,
            message: "a layout line with no canvas after it (expected the canvas's rows)"
                .to_owned(),
        }),
    }
}

/// One canvas (its lines, numbered) and the `layout:` line before it.
fn canvas_item(input: &str, header: Pending, block: &[(usize, &str)]) -> MultigridItem {
    let first = block[0].0;
    let at_row = |e: CanvasError| ParseError {
        input: input.to_owned(),
        line: block[e.row.min(block.len() - 1)].0,
        column: e.column,
        kind: e.kind,
        message: e.message,
    };
    let puzzle = (|| {
        let rows = block
            .iter()
            .enumerate()
            .map(|(r, (_, text))| canvas::parse_row(r, text))
            .collect::<Result<Vec<Row>, _>>()
            .map_err(at_row)?;
        let on_header = |line: usize, column: usize, message: String| ParseError {
            input: input.to_owned(),
            line,
            column,
            kind: ParseErrorKind::Rules,
            message,
        };
        let grid = match header {
            None => match canvas::infer(&rows).or_else(|| canvas::nearest(&rows)) {
                Some(grid) => grid,
                None => {
                    return Err(on_header(
                        first,
                        1,
                        format!(
                            "a canvas of {} rows whose cells make no named layout (expected one of {}; \
                         or give the sub-grids' origins on a line such as `layout: 0,0 6,6` before it)",
                            rows.len(),
                            layout_names()
                        ),
                    ));
                }
            },
            Some((line, Err((column, message)))) => return Err(on_header(line, column, message)),
            Some((_, Ok(Header::Named(layout)))) => {
                canvas::of_layout(layout, &rows).map_err(at_row)?
            }
            Some((line, Ok(Header::Origins(origins)))) => {
                let top = origins.iter().map(|o| o.0).max().unwrap_or(0);
                let size = rows.len().saturating_sub(top);
                let (box_rows, box_cols) = standard_boxes(size).ok_or_else(|| {
                    on_header(
                        line,
                        1,
                        format!(
                            "the canvas's {} rows make {size}×{size} sub-grids below the lowest origin, a side with no standard box shape (expected 4, 6, 8, 9, 10, 12, 15, 16 or 25)",
                            rows.len()
                        ),
                    )
                })?;
                Multigrid::new(size, box_rows, box_cols, origins)
                    .map_err(|e| on_header(line, 1, e.to_string()))?
            }
        };
        let givens = canvas::givens(&grid, &rows).map_err(at_row)?;
        MultigridPuzzle::new(grid, givens).map_err(|e| on_header(first, 1, e.to_string()))
    })();
    let text: Vec<&str> = block.iter().map(|(_, l)| *l).collect();
    MultigridItem {
        index: 0,
        line: first,
        input: text.join("\n"),
        puzzle,
    }
}
