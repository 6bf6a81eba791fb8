//! The canvas read from text: one line per canvas row, one character per
//! canvas column — a digit (`1`–`9`, then `A`–`W`) for a given, `.` or
//! `0` for an empty cell, a space where there is no cell. Both the plain
//! text and the JSON `givens` write canvases so; this module reads their
//! rows and works out or checks the sub-grids they draw.

use super::super::ParseErrorKind;
use crate::multigrid::{Arrangement, LAYOUTS, MAX_CANVAS, Multigrid, NamedLayout, standard_boxes};
use crate::puzzle::{char_digit, digit_char};
use crate::rules::BOX_SHAPES;

/// What a canvas position holds: no cell, or a cell with a given (0 = empty).
pub(super) type Row = Vec<Option<u8>>;

/// A mistake in a canvas: the canvas row (from 0), the 1-based column,
/// what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct CanvasError {
    pub row: usize,
    pub column: usize,
    pub kind: ParseErrorKind,
    pub message: String,
}

impl CanvasError {
    fn new(row: usize, column: usize, kind: ParseErrorKind, message: String) -> Self {
        CanvasError {
            row,
            column,
            kind,
            message,
        }
    }
}

/// Reads canvas row `row` (from 0) of `text`.
pub(super) fn parse_row(row: usize, text: &str) -> Result<Row, CanvasError> {
    let mut cells = Row::new();
    for (at, ch) in text.trim_end().chars().enumerate() {
        let column = at + 1;
        if column > MAX_CANVAS {
            return Err(CanvasError::new(
                row,
                column,
                ParseErrorKind::RowWidth,
                format!("a canvas row longer than {MAX_CANVAS} columns"),
            ));
        }
        cells.push(match ch {
            ' ' => None,
            '.' | '0' => Some(0),
            '\t' => {
                return Err(CanvasError::new(
                    row,
                    column,
                    ParseErrorKind::Digit,
                    "a tab (expected spaces where there is no cell: a tab's width is not known)"
                        .to_owned(),
                ));
            }
            _ => Some(char_digit(ch).ok_or_else(|| {
                CanvasError::new(
                    row,
                    column,
                    ParseErrorKind::Digit,
                    format!(
                        "{ch:?} is not a digit (expected 1-9, A-W, a blank . or 0, or a space where there is no cell)"
                    ),
                )
            })?),
        });
    }
    Ok(cells)
}

/// The canvas's height and width.
fn extent(rows: &[Row]) -> (usize, usize) {
    (rows.len(), rows.iter().map(Vec::len).max().unwrap_or(0))
}

/// The height and width of `arrangement`'s canvas for `size`×`size`
/// sub-grids.
fn extent_of(arrangement: &Arrangement, size: usize) -> (usize, usize) {
    let corners = arrangement
        .origins
        .iter()
        .map(|&(r, c)| (r + size, c + size));
    let listed = arrangement
        .scattered
        .iter()
        .flatten()
        .map(|&(r, c)| (r + 1, c + 1));
    corners
        .chain(listed)
        .fold((0, 0), |(h, w), (r, c)| (h.max(r), w.max(c)))
}

/// Whether `rows` draw exactly the cells of `grid`.
fn same_shape(grid: &Multigrid, rows: &[Row]) -> bool {
    (grid.height(), grid.width()) == extent(rows)
        && rows.iter().enumerate().all(|(r, row)| {
            (0..grid.width())
                .all(|c| grid.cell_at(r, c).is_some() == row.get(c).is_some_and(Option::is_some))
        })
}

/// The sizes with a standard box shape that sub-grids may have.
fn sizes() -> impl Iterator<Item = usize> {
    BOX_SHAPES
        .iter()
        .map(|&(n, _)| n)
        .filter(|&n| standard_boxes(n).is_some())
}

/// The named layout `layout` whose canvas at some size with standard
/// boxes has the extent of `rows`.
fn named_of_extent(layout: &NamedLayout, rows: &[Row]) -> Option<Multigrid> {
    sizes().find_map(|n| {
        let (r, c) = standard_boxes(n)?;
        let arrangement = layout.arrangement(n, r, c)?;
        (extent_of(&arrangement, n) == extent(rows))
            .then(|| Multigrid::arranged(n, r, c, arrangement).ok())
            .flatten()
    })
}

/// The layouts a canvas is read as without a `layout:` line.
fn drawn_alone() -> impl Iterator<Item = &'static NamedLayout> {
    LAYOUTS.iter().filter(|layout| !layout.named_only)
}

/// The named layout (and size) whose cells are exactly those `rows` draw,
/// among those read from their canvas alone.
pub(super) fn infer(rows: &[Row]) -> Option<Multigrid> {
    drawn_alone()
        .filter_map(|layout| named_of_extent(layout, rows))
        .find(|grid| same_shape(grid, rows))
}

/// The names of the layouts read only under a `layout:` line naming them
/// whose cells are exactly those `rows` draw.
pub(super) fn named_only(rows: &[Row]) -> Vec<&'static str> {
    LAYOUTS
        .iter()
        .filter(|layout| layout.named_only)
        .filter(|layout| named_of_extent(layout, rows).is_some_and(|g| same_shape(&g, rows)))
        .map(|layout| layout.name)
        .collect()
}

/// The first named layout read from its canvas alone whose canvas has the
/// extent of `rows`, at some size: the one a canvas with a cell missing
/// or too many meant.
pub(super) fn nearest(rows: &[Row]) -> Option<Multigrid> {
    drawn_alone().find_map(|layout| named_of_extent(layout, rows))
}

/// The sub-grids of `layout` that `rows` draw, or why they draw none.
pub(super) fn of_layout(layout: &NamedLayout, rows: &[Row]) -> Result<Multigrid, CanvasError> {
    named_of_extent(layout, rows).ok_or_else(|| {
        let (height, width) = extent(rows);
        let expected: Vec<String> = sizes()
            .filter_map(|n| {
                let (r, c) = standard_boxes(n)?;
                let (h, w) = extent_of(&layout.arrangement(n, r, c)?, n);
                Some(format!("{h}×{w} ({n}×{n} grids)"))
            })
            .collect();
        CanvasError::new(
            0,
            1,
            ParseErrorKind::RowCount,
            format!(
                "a canvas of {height} rows and {width} columns is no {} (expected rows × columns {})",
                layout.name,
                expected.join(", ")
            ),
        )
    })
}

/// The givens `rows` draw on `grid`, after checking that they draw its
/// cells and no others, each digit no larger than the sub-grids' side.
pub(super) fn givens(grid: &Multigrid, rows: &[Row]) -> Result<Vec<u8>, CanvasError> {
    let what = grid.name().unwrap_or("layout");
    if rows.len() != grid.height() {
        return Err(CanvasError::new(
            rows.len().min(grid.height()).saturating_sub(1),
            1,
            ParseErrorKind::RowCount,
            format!(
                "{} canvas rows, expected {} for this {what}",
                rows.len(),
                grid.height()
            ),
        ));
    }
    let mut givens = vec![0; grid.cell_count()];
    for (r, row) in rows.iter().enumerate() {
        for c in 0..grid.width().max(row.len()) {
            let drawn = row.get(c).copied().flatten();
            let mismatch = |message: &str| {
                CanvasError::new(r, c + 1, ParseErrorKind::RowWidth, message.to_owned())
            };
            match (grid.cell_at(r, c), drawn) {
                (Some(_), Some(value)) if usize::from(value) > grid.size() => {
                    return Err(CanvasError::new(
                        r,
                        c + 1,
                        ParseErrorKind::DigitRange,
                        format!(
                            "{:?} is larger than {}, the side of the sub-grids",
                            digit_char(value),
                            grid.size()
                        ),
                    ));
                }
                (Some(cell), Some(value)) => givens[cell] = value,
                (Some(_), None) => {
                    return Err(mismatch(&format!(
                        "no cell where the {what} has one (expected a digit or a blank . 0)"
                    )));
                }
                (None, Some(_)) => {
                    return Err(mismatch(&format!(
                        "a cell where the {what} has none (expected a space, or the end of the line)"
                    )));
                }
                (None, None) => {}
            }
        }
    }
    Ok(givens)
}
