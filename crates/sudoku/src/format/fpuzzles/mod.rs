//! The f-puzzles format: the JSON of the f-puzzles.com editor, its links,
//! and SudokuPad links that carry it.
//!
//! A link is `https://www.f-puzzles.com/?load=<payload>`, the payload being
//! the puzzle's JSON packed by lz-string (see [`lz`]). Read are: a JSON
//! object (`{"size": 9, "grid": [[{"value": 5, "given": true}, {}, …], …], …}`),
//! and text with one puzzle per line as an f-puzzles link, a SudokuPad link
//! with an f-puzzles payload (see [`super::sudokupad`]) or a bare payload.
//!
//! Every constraint key that fdoku can solve is read: `diagonal+` (the
//! anti-diagonal), `diagonal-`, `antiknight`, `antiking`, `disjointgroups`,
//! `nonconsecutive` (sparing pairs with a white dot), `negative`
//! (`ratio`, `xv`), `killercage`, `littlekillersum`, `sandwichsum`, `xsum`,
//! `skyscraper`, `arrow` (a circle of 1 to 3 cells, each shaft its own
//! arrow), `thermometer`, `slowthermometer`, `palindrome`, `renban`,
//! `whispers` (German unless a `value` is given), `betweenline`,
//! `regionsumline`, `entropicline`, `zipperline`, `modularline`,
//! `minimum`, `maximum`, `odd`, `even` (and the grid cells' `parity`),
//! `extraregion`, `clone`, `quadruple`, `difference` (white dot, 1 unless
//! a value is given), `ratio` (black dot, 2), `xv` and `rowindexer`,
//! `columnindexer`, `boxindexer` (each cell of an entry one indexer cell);
//! regions come from the cells' `region` (all `null`: no regions).
//! Drawings (`line`, `cage`,
//! `text`, `circle`, `rectangle`), the editor's settings and the message
//! shown on a correct solve (`successMessage`) are passed over; any other
//! key with content is an error naming it. The title,
//! author, rules text and answer are kept beside the puzzle ([`Meta`]).
//!
//! ```
//! use fdoku_sudoku::format::fpuzzles::{Meta, read_fpuzzles, to_fpuzzles};
//!
//! let text = r#"{"size": 4, "title": "Tiny", "grid": [[{"value": 1, "given": true}, {}, {}, {}],
//!   [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], "antiknight": true}"#;
//! let read = read_fpuzzles("tiny.json", text);
//! let tiny = read[0].puzzle.as_ref().unwrap();
//! assert_eq!(tiny.puzzle.rules().variant_name(), "anti-knight");
//! assert_eq!(tiny.meta.title.as_deref(), Some("Tiny"));
//! let again = to_fpuzzles(&tiny.puzzle, &tiny.meta).unwrap();
//! assert_eq!(read_fpuzzles("again", &again)[0].puzzle.as_ref().unwrap(), tiny);
//!
//! let bad = read_fpuzzles("link.txt", "https://www.f-puzzles.com/?load=");
//! assert_eq!(
//!     bad[0].puzzle.as_ref().unwrap_err().to_string(),
//!     "link.txt:1:33: the link is empty: expected an f-puzzles payload after \"?load=\""
//! );
//! ```

mod indexers;
pub mod lz;
mod read;
pub mod scl;
mod signs;
pub(crate) use read::layout;
mod write;

use serde_json::Value;
use thiserror::Error;

use super::sudokupad;
use super::{Item, ParseError, ParseErrorKind, content_lines, first_content_line};
use crate::puzzle::Puzzle;

/// What an f-puzzles file says besides the rules: kept on conversion.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The puzzle's title.
    pub title: Option<String>,
    /// Who set it.
    pub author: Option<String>,
    /// The rules in words, as the setter wrote them.
    pub ruleset: Option<String>,
    /// The answer, row by row, when the file carries a whole one.
    pub solution: Option<Vec<u8>>,
}

/// A puzzle read from f-puzzles, with its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FPuzzle {
    /// Rules and givens.
    pub puzzle: Puzzle,
    /// Title, author, rules text, answer.
    pub meta: Meta,
}

/// One puzzle of an f-puzzles input.
#[derive(Clone, Debug)]
pub struct Entry {
    /// 1-based line where it starts.
    pub line: usize,
    /// Its text: the JSON on one line, or the link.
    pub source: String,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<FPuzzle, ParseError>,
}

/// A puzzle f-puzzles cannot express (an X or V of another sum, say).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot write as f-puzzles: {0}")]
pub struct WriteError(pub String);

/// Every puzzle of an f-puzzles input: one JSON object, or one link or
/// payload per line (blank lines and `#` comments passed over).
pub fn read_fpuzzles(input: &str, text: &str) -> Vec<Entry> {
    let text = text.trim_start_matches('\u{feff}');
    if text.trim_start().starts_with('{') {
        let source = serde_json::from_str::<Value>(text)
            .map_or_else(|_| text.trim().to_owned(), |v| v.to_string());
        let puzzle = serde_json::from_str::<Value>(text)
            .map_err(|e| syntax_error(input, 0, 0, text, &e))
            .and_then(|v| {
                from_value(&v).map_err(|m| error_at(input, 1, 1, ParseErrorKind::JsonField, m))
            });
        return vec![Entry {
            line: 1,
            source,
            puzzle,
        }];
    }
    content_lines(text)
        .map(|(line, l)| Entry {
            line,
            source: l.trim().to_owned(),
            puzzle: from_link(input, line, l),
        })
        .collect()
}

/// The items of the reader interface (the words are dropped).
pub(super) fn read(input: &str, text: &str) -> Vec<Item> {
    items(read_fpuzzles(input, text))
}

/// Entries as the reader interface's items: the puzzle without its words.
pub(in crate::format) fn items(entries: Vec<Entry>) -> Vec<Item> {
    entries
        .into_iter()
        .map(|entry| Item {
            index: 0,
            line: entry.line,
            input: entry.source,
            puzzle: entry.puzzle.map(|p| p.puzzle),
        })
        .collect()
}

/// Whether `text` is f-puzzles: a JSON object with a `grid`, or a first
/// line that is an f-puzzles or SudokuPad link or a bare payload.
pub(super) fn detect(text: &str) -> bool {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('{') {
        // A damaged object is judged by its text.
        return match serde_json::from_str::<Value>(start) {
            Ok(value) => value.get("grid").is_some(),
            Err(_) => start.contains("\"grid\""),
        };
    }
    let first = first_content_line(start);
    first.is_some_and(|l| l.contains(LOAD) || sudokupad::is_link(l) || is_bare_payload(l))
}

/// What precedes the payload in an f-puzzles link.
const LOAD: &str = "?load=";

/// The start of every payload of a JSON object: `{` packed (`N4Ig` for
/// f-puzzles' `{"`, `N4Yw`, `N4Sw`, … for SudokuPad's compact `{cs:`, `{id:`).
const PAYLOAD_START: &str = "N4";

/// What a payload by itself looks like: the packed start of a JSON
/// object, then only the packing's characters.
fn has_payload_shape(l: &str) -> bool {
    l.starts_with(PAYLOAD_START)
        && l.len() >= 16
        && l.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | '%'))
}

/// A payload by itself, as detection takes it: the shape, and a packing
/// that unpacks to an object.
fn is_bare_payload(l: &str) -> bool {
    has_payload_shape(l)
        && lz::decompress_from_base64(&unescape(l)).is_ok_and(|json| json.starts_with('{'))
}

/// Whether an unpacked bare payload is f-puzzles JSON (it has a `grid`)
/// rather than a SudokuPad puzzle.
fn is_fpuzzles_json(json: &str) -> bool {
    match serde_json::from_str::<Value>(json) {
        Ok(value) => value.get("grid").is_some(),
        Err(_) => json.contains("\"grid\""),
    }
}

/// The puzzle of one line: a link or a payload.
fn from_link(input: &str, line: usize, text: &str) -> Result<FPuzzle, ParseError> {
    let column = |byte: usize| text[..byte].chars().count() + 1;
    let at =
        |byte: usize, kind, message: String| error_at(input, line, column(byte), kind, message);
    let trimmed_at = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    let mut scl = false;
    let mut bare = false;
    let (start, payload, empty) = if let Some(load) = text.find(LOAD) {
        let start = load + LOAD.len();
        let rest = &text[start..];
        let end = rest.find(['&', '#']).unwrap_or(rest.len());
        (
            start,
            rest[..end].trim_end(),
            "an f-puzzles payload after \"?load=\"",
        )
    } else if let Some(found) = sudokupad::payload(text) {
        match found.map_err(|m| at(trimmed_at, ParseErrorKind::Payload, m))? {
            (start, sudokupad::Payload::FPuzzles(payload)) => {
                (start, payload, "an f-puzzles payload after \"fpuzzles\"")
            }
            (start, sudokupad::Payload::Scl(payload)) => {
                scl = true;
                (start, payload, "a SudokuPad puzzle after \"scl\"")
            }
        }
    } else if has_payload_shape(trimmed) {
        bare = true;
        (trimmed_at, trimmed, "an f-puzzles or SudokuPad payload")
    } else {
        return Err(at(
            trimmed_at,
            ParseErrorKind::Payload,
            "expected an f-puzzles link (https://www.f-puzzles.com/?load=…), a SudokuPad link \
             (https://sudokupad.app/scl… or https://sudokupad.app/fpuzzles…) or a bare payload \
             of either"
                .to_owned(),
        ));
    };
    if payload.is_empty() {
        return Err(at(
            start,
            ParseErrorKind::Payload,
            format!("the link is empty: expected {empty}"),
        ));
    }
    let json = lz::decompress_from_base64(&unescape(payload)).map_err(|e| {
        let byte = match e {
            lz::LzError::Character { position, .. } => {
                start
                    + payload
                        .char_indices()
                        .nth(position - 1)
                        .map_or(0, |(b, _)| b)
            }
            _ => start,
        };
        at(byte, ParseErrorKind::Payload, e.to_string())
    })?;
    if scl || (bare && !is_fpuzzles_json(&json)) {
        return scl::from_text(&json).map_err(|m| at(start, ParseErrorKind::JsonField, m));
    }
    let value = serde_json::from_str::<Value>(&json).map_err(|e| {
        let mut error = syntax_error(input, line - 1, column(start) - 1, &json, &e);
        error.line = line;
        error.column = column(start);
        error.message = format!(
            "the payload's JSON, line {} column {}: {}",
            e.line(),
            e.column(),
            error.message
        );
        error
    })?;
    from_value(&value).map_err(|m| at(start, ParseErrorKind::JsonField, m))
}

/// A payload as f-puzzles wrote it: copies percent-encode `+ / =`, or turn
/// `+` into a space.
fn unescape(payload: &str) -> String {
    let mut out = String::with_capacity(payload.len());
    let mut rest = payload;
    while let Some(c) = rest.chars().next() {
        let escaped = [("%2B", '+'), ("%2F", '/'), ("%3D", '=')]
            .into_iter()
            .find(|(code, _)| rest.get(..3).is_some_and(|r| r.eq_ignore_ascii_case(code)));
        match escaped {
            Some((_, ch)) => {
                out.push(ch);
                rest = &rest[3..];
            }
            None => {
                out.push(if c == ' ' { '+' } else { c });
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

fn from_value(value: &Value) -> Result<FPuzzle, String> {
    read::read(value).map(|(puzzle, meta)| FPuzzle { puzzle, meta })
}

/// Malformed JSON, positioned in `text` (whose first line is line
/// `line_offset + 1` of the input, starting at column `column_offset + 1`).
pub(super) fn syntax_error(
    input: &str,
    line_offset: usize,
    column_offset: usize,
    text: &str,
    e: &serde_json::Error,
) -> ParseError {
    let full = e.to_string();
    let message = full
        .rfind(" at line ")
        .map_or(full.clone(), |at| full[..at].to_owned());
    let row = text
        .split('\n')
        .nth(e.line().saturating_sub(1))
        .unwrap_or("");
    let column = row
        .char_indices()
        .take_while(|&(at, _)| at < e.column())
        .count()
        .max(1);
    ParseError {
        input: input.to_owned(),
        line: line_offset + e.line().max(1),
        column: column_offset + column,
        kind: ParseErrorKind::JsonSyntax,
        message,
    }
}

/// An error at a line and column of the input.
fn error_at(
    input: &str,
    line: usize,
    column: usize,
    kind: ParseErrorKind,
    message: String,
) -> ParseError {
    ParseError {
        input: input.to_owned(),
        line,
        column,
        kind,
        message,
    }
}

/// The f-puzzles JSON of `puzzle`, with `meta`'s title, author, rules
/// text and answer.
pub fn to_fpuzzles(puzzle: &Puzzle, meta: &Meta) -> Result<String, WriteError> {
    write::write(puzzle, meta)
        .map(|v| v.to_string())
        .map_err(WriteError)
}

/// The f-puzzles payload: the JSON packed by lz-string.
pub fn payload(puzzle: &Puzzle, meta: &Meta) -> Result<String, WriteError> {
    to_fpuzzles(puzzle, meta).map(|json| lz::compress_to_base64(&json))
}

/// The f-puzzles link, `https://www.f-puzzles.com/?load=<payload>`.
pub fn to_link(puzzle: &Puzzle, meta: &Meta) -> Result<String, WriteError> {
    payload(puzzle, meta).map(|p| format!("https://www.f-puzzles.com/{LOAD}{p}"))
}

/// The SudokuPad link, `https://sudokupad.app/fpuzzles<payload>`:
/// SudokuPad draws the constraints and checks the answer, when given.
pub fn to_sudokupad_link(puzzle: &Puzzle, meta: &Meta) -> Result<String, WriteError> {
    payload(puzzle, meta).map(|p| sudokupad::link(&p))
}

/// f-puzzles' box shape for a side: ⌊√N⌋ rows, fewer until they divide
/// N, so a prime side has one box per row.
pub(crate) fn default_boxes(size: usize) -> (usize, usize) {
    let mut rows = size.isqrt().max(1);
    while !size.is_multiple_of(rows) {
        rows -= 1;
    }
    (rows, size / rows)
}

/// The region f-puzzles gives a cell that names none: its box, row-major.
pub(crate) fn default_region(size: usize, cell: usize) -> u8 {
    let (rows, cols) = default_boxes(size);
    let (r, c) = (cell / size, cell % size);
    ((r / rows) * (size / cols) + c / cols) as u8
}
