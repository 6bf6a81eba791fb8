//! Reading grids of several overlapping Sudokus ([`crate::multigrid`]):
//! the plain-text canvas, with an optional `layout:` line, and
//! the JSON description ([`describe_multigrid`] writes it). Errors name the
//! input, the line and the column (the field, in JSON), and what was
//! expected.

mod canvas;
mod json;
mod text;

pub use json::describe_multigrid;

use super::ParseError;
use crate::multigrid::{MAX_CANVAS, MultigridPuzzle};

/// One multigrid of an input, in order.
#[derive(Clone, Debug)]
pub struct MultigridItem {
    /// 1-based position in the input.
    pub index: usize,
    /// 1-based line where it starts.
    pub line: usize,
    /// Its text: the canvas's lines, or the JSON description on one line.
    pub input: String,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<MultigridPuzzle, ParseError>,
}

/// Reads every multigrid of `text` (named `input` in errors): JSON
/// descriptions when it starts with `{` or `[`, canvases otherwise.
pub fn read_multigrids(input: &str, text: &str) -> Vec<MultigridItem> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let start = text.trim_start();
    let mut items = if start.starts_with('{') || start.starts_with('[') {
        json::read(input, text)
    } else {
        text::read(input, text)
    };
    for (i, item) in items.iter_mut().enumerate() {
        item.index = i + 1;
    }
    items
}

/// How many canvas lines [`detect`] reads at most.
const DETECT_ROWS: usize = MAX_CANVAS;

/// Whether `text` holds multigrids: a JSON description with `layout` or
/// `subgrids`, a `layout:` line before anything but comments, or a first
/// canvas whose cells make a named layout and not a plain rectangle (a
/// butterfly's canvas is a full square, the shape of one larger Sudoku,
/// so it needs its `layout:` line; so do the clueless layouts'). A twins
/// canvas is taken for one, to be told that it needs its `layout:` line.
pub fn detect(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let start = text.trim_start();
    if start.starts_with('{') || start.starts_with('[') {
        if !start.contains("\"layout\"") && !start.contains("\"subgrids\"") {
            return false;
        }
        let first = match serde_json::from_str::<serde_json::Value>(start) {
            Ok(value) => Some(value),
            Err(_) => start
                .lines()
                .next()
                .and_then(|l| serde_json::from_str(l).ok()),
        };
        return first.is_some_and(|v| json::is_multigrid(&v));
    }
    let mut lines = text
        .lines()
        .map(str::trim_end)
        .skip_while(|l| l.is_empty() || l.trim_start().starts_with('#'));
    let Some(first) = lines.next() else {
        return false;
    };
    if text::layout_value(first).is_some() {
        return true;
    }
    let block: Vec<&str> = std::iter::once(first)
        .chain(lines.take_while(|l| !l.is_empty()))
        .take(DETECT_ROWS + 1)
        .collect();
    if block.len() > DETECT_ROWS || !block.iter().any(|l| l.contains(' ')) {
        return false;
    }
    let rows: Result<Vec<_>, _> = block
        .iter()
        .enumerate()
        .map(|(r, l)| canvas::parse_row(r, l))
        .collect();
    rows.is_ok_and(|rows| canvas::infer(&rows).is_some() || !canvas::named_only(&rows).is_empty())
}

/// The error item the one-grid readers give for a text of multigrids.
pub(super) fn not_one_grid(input: &str, text: &str) -> super::Item {
    let line = text
        .lines()
        .position(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .unwrap_or(0)
        + 1;
    let what = read_multigrids(input, text)
        .first()
        .and_then(|item| item.puzzle.as_ref().ok()?.grid().name())
        .unwrap_or("grid of several overlapping Sudokus");
    let message = format!(
        "a {what} is not one grid (expected a single Sudoku; `fdoku solve` and `fdoku generate --layout` take grids of several)"
    );
    super::Item {
        index: 0,
        line,
        input: text.lines().nth(line - 1).unwrap_or("").trim().to_owned(),
        puzzle: Err(ParseError {
            input: input.to_owned(),
            line,
            column: 1,
            kind: super::ParseErrorKind::Rules,
            message,
        }),
    }
}
