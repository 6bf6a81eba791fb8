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
//! the side following from the canvas's height; a sub-grid of listed
//! cells is its cells in its reading order joined by `/`
//! (`0,0/0,2/…`, the side then following from their count), and a pair of
//! sub-grids that relabel one another is their numbers from 1 joined by
//! `~` (`1~2`). Without it the layout is the named one whose cells the
//! canvas draws — except twins and the clueless layouts, which the line
//! must name (twins' canvas cannot show the relabelling; clueless-1 and
//! clueless-2 draw the same cells).

use super::super::{ParseError, ParseErrorKind};
use super::MultigridItem;
use super::canvas::{self, CanvasError, Row};
use crate::multigrid::{
    Arrangement, Multigrid, MultigridPuzzle, NamedLayout, layout_names, named_layout,
    standard_boxes,
};

/// What a `layout:` line says.
enum Header {
    Named(&'static NamedLayout),
    Custom(Arrangement),
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
    let mut arrangement = Arrangement::default();
    let mut offset = 0;
    for token in trimmed.split(' ') {
        let here = at + trimmed[..offset].chars().count();
        offset += token.len() + 1;
        if token.is_empty() {
            continue;
        }
        if let Some((a, b)) = token.split_once('~') {
            let number = |t: &str| t.parse::<usize>().ok().and_then(|g| g.checked_sub(1));
            match (number(a), number(b)) {
                (Some(a), Some(b)) => arrangement.relabelled.push((a, b)),
                _ => {
                    return Err((
                        here,
                        format!(
                            "{token:?} is not a relabelled pair (expected two grid numbers from 1, such as 1~2)"
                        ),
                    ));
                }
            }
            continue;
        }
        let cells: Option<Vec<(usize, usize)>> = token
            .split('/')
            .map(|cell| {
                cell.split_once(',')
                    .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            })
            .collect();
        match cells {
            Some(cells) if token.contains('/') => arrangement.scattered.push(cells),
            Some(cells) => arrangement.origins.extend(cells),
            None => {
                return Err((
                    here,
                    format!(
                        "{token:?} is not an origin (expected row,column in cells from 0, such as 6,6; cells joined by / for a sub-grid of listed cells; or a relabelled pair such as 1~2)"
                    ),
                ));
            }
        }
    }
    Ok(Header::Custom(arrangement))
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
            None => match canvas::infer(&rows) {
                Some(grid) => grid,
                None => {
                    let needed = canvas::named_only(&rows);
                    if !needed.is_empty() {
                        let lines: Vec<String> =
                            needed.iter().map(|n| format!("`layout: {n}`")).collect();
                        return Err(on_header(
                            first,
                            1,
                            format!(
                                "a canvas of {}, which only a layout line can name (expected {} before it)",
                                needed.join(" or "),
                                lines.join(" or ")
                            ),
                        ));
                    }
                    canvas::nearest(&rows).ok_or_else(|| {
                        on_header(
                            first,
                            1,
                            format!(
                                "a canvas of {} rows whose cells make no named layout (expected one of {}; \
                         or give the sub-grids' origins on a line such as `layout: 0,0 6,6` before it)",
                                rows.len(),
                                layout_names()
                            ),
                        )
                    })?
                }
            },
            Some((line, Err((column, message)))) => return Err(on_header(line, column, message)),
            Some((_, Ok(Header::Named(layout)))) => {
                canvas::of_layout(layout, &rows).map_err(at_row)?
            }
            Some((line, Ok(Header::Custom(arrangement)))) => {
                let (size, source) = match arrangement.scattered.first() {
                    Some(cells) => (
                        cells.len().isqrt(),
                        format!("the {} cells of the first listed sub-grid", cells.len()),
                    ),
                    None => {
                        let top = arrangement.origins.iter().map(|o| o.0).max().unwrap_or(0);
                        let source =
                            format!("the canvas's {} rows below the lowest origin", rows.len());
                        (rows.len().saturating_sub(top), source)
                    }
                };
                let (box_rows, box_cols) = standard_boxes(size).ok_or_else(|| {
                    on_header(
                        line,
                        1,
                        format!(
                            "{source} make {size}×{size} sub-grids, a side with no standard box shape (expected 4, 6, 8, 9, 10, 12, 15, 16 or 25)"
                        ),
                    )
                })?;
                Multigrid::arranged(size, box_rows, box_cols, arrangement)
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
