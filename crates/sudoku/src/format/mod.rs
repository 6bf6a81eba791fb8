//! Reading and writing puzzles.
//!
//! Input formats, detected from the text or forced:
//!
//! * **line** — one puzzle per line: N² characters (`1`–`9`, `A`–`W` for
//!   10–32; blanks `.` `0` `_` `-` `*`; spaces and `|` ignored), or N²
//!   numbers separated by spaces or commas (`0` or `.` for blank). Covers
//!   `.sdm` files and most collections. Lines starting with `#` are comments.
//! * **block** — N rows per puzzle, with or without separator lines such as
//!   `------+-------+------` and `|` between boxes, rows written as digits or
//!   as lists (`[5,3,0,…]`); blank lines, `#` comments, `[Puzzle]` and Project
//!   Euler's `Grid 01` headers separate puzzles. Covers `.sdk` and Project
//!   Euler 96 files.
//! * **json** — one puzzle description (any variant), an array of them, or
//!   one per line (each line its own puzzle); see [`json`].
//! * **f-puzzles** — the JSON of the f-puzzles editor, or one link per
//!   line: f-puzzles `?load=` links, SudokuPad links with an f-puzzles
//!   payload, bare payloads; see [`fpuzzles`].
//! * **ipuz** — an ipuz file of a Sudoku kind; see [`ipuz`].
//! * **sudokuwiki** — sudokuwiki.org's solver links and boards, with or
//!   without candidates; see [`sudokuwiki`].
//! * **penpa** — Penpa+ links of Sudoku; see [`penpa`].
//!
//! Grids of several overlapping Sudokus (a samurai) are not one puzzle:
//! [`multigrid`] reads them, and the readers here refuse them by name.
//!
//! Every error names the input, the line and the column, and what was
//! expected; in a batch a bad puzzle becomes an error item and the others
//! are still read.
//!
//! ```
//! use fdoku_sudoku::format::{Format, read_puzzles};
//! use fdoku_sudoku::Rules;
//!
//! let text = "1.3.\n..2.\n.1..\n4...\n\n4x..\n";
//! let items = read_puzzles("demo.txt", text, Format::Block, &Default::default());
//! assert_eq!(items.len(), 2);
//! assert!(items[0].puzzle.is_ok());
//! let err = items[1].puzzle.as_ref().unwrap_err();
//! assert_eq!(err.to_string(), "demo.txt:6:2: 'x' is not a digit (expected 1-9, A-W, or a blank . 0 _ - *)");
//! ```

mod block;
pub mod fpuzzles;
pub mod ipuz;
pub mod json;
mod line;
mod line_reader;
mod marks;
pub mod multigrid;
pub mod penpa;
mod plain_line;
mod print;
pub mod sudokupad;
pub mod sudokuwiki;
mod template;

pub use fpuzzles::scl;

use thiserror::Error;

use crate::puzzle::Puzzle;
use crate::rules::{BOX_SHAPES, Rules, RulesError};

pub use line::parse_line;
pub use line_reader::{LinePuzzle, LineRead, LineReader};
pub use marks::candidate_grid;
pub use print::{block, line};
pub use template::Template;

/// A puzzle that could not be read: where, what kind of thing was
/// expected there, and the message that says both.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{input}:{line}:{column}: {message}")]
pub struct ParseError {
    /// The input's name (a file name, or `<stdin>`).
    pub input: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (character).
    pub column: usize,
    /// What was expected, for programs.
    pub kind: ParseErrorKind,
    /// What was wrong and what was expected, for people.
    pub message: String,
}

/// What a reader expected where it found something else.
///
/// ```
/// use fdoku_sudoku::format::{Format, ParseErrorKind, read_puzzles};
///
/// let items = read_puzzles("t", "12x4............", Format::Line, &Default::default());
/// let err = items[0].puzzle.as_ref().unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::Digit);
/// assert_eq!((err.line, err.column), (1, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A digit or a blank: `1`–`9`, `A`–`W`, `.` `0` `_` `-` `*`.
    Digit,
    /// A number from 0 to 32, or `.` (rows written as numbers).
    Number,
    /// A digit no larger than the grid's size.
    DigitRange,
    /// A whole grid: N² cells for a size with a standard box shape (or the
    /// size the rules give).
    CellCount,
    /// A row as wide as the other rows of its block, and no wider than the
    /// largest grid.
    RowWidth,
    /// As many rows in a block as a row has cells.
    RowCount,
    /// Rules that the size and variant allow (a box shape, windows).
    Rules,
    /// Givens that the rules allow.
    Givens,
    /// Candidates that agree with the givens.
    Candidates,
    /// Well-formed JSON.
    JsonSyntax,
    /// A field of a JSON description, present and valid (the message names
    /// the field).
    JsonField,
    /// A link or payload that unpacks: an f-puzzles or SudokuPad link
    /// with a payload, packed by lz-string.
    Payload,
}

/// An error inside one line, before the input and line are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// 1-based column.
    pub column: usize,
    /// What was expected.
    pub kind: ParseErrorKind,
    /// What was wrong.
    pub message: String,
    /// The offending cell (0-based, in reading order), when one is to blame.
    pub cell: Option<usize>,
}

impl LineError {
    fn new(column: usize, kind: ParseErrorKind, message: impl Into<String>) -> Self {
        LineError {
            column,
            kind,
            message: message.into(),
            cell: None,
        }
    }

    fn at(self, input: &str, line: usize) -> ParseError {
        ParseError {
            input: input.to_owned(),
            line,
            column: self.column,
            kind: self.kind,
            message: self.message,
        }
    }
}

/// Which input format to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Decide from the text.
    #[default]
    Auto,
    /// One puzzle per line.
    Line,
    /// Rows over several lines.
    Block,
    /// JSON descriptions.
    Json,
    /// f-puzzles JSON, or f-puzzles and SudokuPad links, one per line.
    FPuzzles,
    /// An ipuz file of a Sudoku kind.
    Ipuz,
    /// sudokuwiki.org boards: its solver's links, or the boards alone.
    SudokuWiki,
    /// Penpa+ links, one per line.
    Penpa,
}

impl Format {
    /// Whether the format is read from links (one per line), which hold
    /// slashes without being file names.
    pub fn is_link(self) -> bool {
        matches!(self, Format::FPuzzles | Format::SudokuWiki | Format::Penpa)
    }
}

/// The variant rules applied to puzzles read from plain (non-JSON) formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlainVariant {
    /// The two long diagonals are houses.
    pub diagonals: bool,
    /// The windoku windows are houses.
    pub windoku: bool,
}

impl PlainVariant {
    /// The rules for an N×N grid: standard boxes plus this variant.
    pub fn rules(self, size: usize) -> Result<Rules, RulesError> {
        let mut rules = Rules::classic(size)?;
        if self.diagonals {
            rules = rules.with_diagonals();
        }
        if self.windoku {
            rules = rules.with_windoku()?;
        }
        Ok(rules)
    }
}

/// One puzzle of an input, in order.
#[derive(Clone, Debug)]
pub struct Item {
    /// 1-based position in the input.
    pub index: usize,
    /// 1-based line where it starts.
    pub line: usize,
    /// Its text: the line itself, or the rows joined for blocks.
    pub input: String,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<Puzzle, ParseError>,
}

/// A line that held neither a puzzle nor a comment (a title, a note): it is
/// passed over, and said so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The input's name.
    pub input: String,
    /// 1-based line.
    pub line: usize,
    /// The line, trimmed (its first 60 characters).
    pub text: String,
}

impl Skipped {
    fn new(input: &str, line: usize, text: &str) -> Self {
        Skipped {
            input: input.to_owned(),
            line,
            text: text.chars().take(60).collect(),
        }
    }
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: skipped a line that is not a puzzle: {:?}",
            self.input, self.line, self.text
        )
    }
}

/// Everything read from one input: its puzzles, and the lines passed over.
#[derive(Clone, Debug, Default)]
pub struct Input {
    /// The puzzles (or why each could not be read), in order.
    pub items: Vec<Item>,
    /// Lines of text that were not puzzles.
    pub skipped: Vec<Skipped>,
}

/// Reads every puzzle of `text` (named `input` in errors), and notes the
/// lines of text passed over (a title such as `My puzzles`).
///
/// ```
/// use fdoku_sudoku::format::{Format, read_input};
///
/// let text = "My puzzles\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......  SE 9.2\n";
/// let read = read_input("mine.txt", text, Format::Auto, &Default::default());
/// assert_eq!(read.items.len(), 1);
/// assert!(read.items[0].puzzle.is_ok());
/// assert_eq!(read.skipped[0].to_string(), "mine.txt:1: skipped a line that is not a puzzle: \"My puzzles\"");
/// ```
pub fn read_input(input: &str, text: &str, format: Format, variant: &PlainVariant) -> Input {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let format = match format {
        Format::Auto => detect(text),
        other => other,
    };
    let mut skipped = Vec::new();
    if matches!(format, Format::Json | Format::Block | Format::Line) && multigrid::detect(text) {
        return Input {
            items: vec![multigrid::not_one_grid(input, text)],
            skipped,
        };
    }
    let mut items = match format {
        Format::Json => json::read(input, text),
        Format::FPuzzles => fpuzzles::read(input, text),
        Format::Ipuz => ipuz::read(input, text),
        Format::SudokuWiki => sudokuwiki::read(input, text),
        Format::Penpa => penpa::read(input, text),
        Format::Block => block::read(input, text, variant, &mut skipped),
        Format::Line | Format::Auto => line_reader::read_all(input, text, variant, &mut skipped),
    };
    for (i, item) in items.iter_mut().enumerate() {
        item.index = i + 1;
    }
    Input { items, skipped }
}

/// Reads every puzzle of `text` (named `input` in errors); lines of text are
/// passed over silently (see [`read_input`] to hear of them).
pub fn read_puzzles(input: &str, text: &str, format: Format, variant: &PlainVariant) -> Vec<Item> {
    read_input(input, text, format, variant).items
}

/// How many lines [`detect`] looks at.
const DETECT_LINES: usize = 20;

/// Guesses the format: f-puzzles for an object with a `grid` or a first
/// line that is an f-puzzles or SudokuPad link or payload; ipuz for an
/// object that names an ipuz Sudoku kind; sudokuwiki for a first line that
/// is a sudokuwiki.org link with a board or a packed board; Penpa+ for a
/// first line that is a Penpa+ link; JSON if the text
/// starts with `{` or `[{`. Otherwise
/// it looks at the first 20 lines that may hold cells (not blank, a `#`
/// comment, a header, a drawn separator or a line of text such as a title):
/// one puzzle per line if at least half of them are whole grids (more cells
/// than a row can hold, 32, or a field that is a whole grid larger than
/// 4×4: a puzzle followed by a rating, say); blocks of rows otherwise. Rows
/// of exactly 16 cells are 16×16 rows when one holds a digit above 4, 4×4
/// puzzles when one holds a digit twice, else rows when they hold a `|` or a
/// drawn separator line has a `+` (never a comment's or a title's).
pub fn detect(text: &str) -> Format {
    if fpuzzles::detect(text) {
        return Format::FPuzzles;
    }
    if ipuz::detect(text) {
        return Format::Ipuz;
    }
    if sudokuwiki::detect(text) {
        return Format::SudokuWiki;
    }
    if penpa::detect(text) {
        return Format::Penpa;
    }
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('{')
        || (start.starts_with('[') && start[1..].trim_start().starts_with('{'))
    {
        return Format::Json;
    }
    let sample: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !passed_over(l))
        .take(DETECT_LINES)
        .collect();
    let whole_grid = |l: &str| {
        (l.len() > crate::rules::MAX_SIZE && plain_line::is_plain(l))
            || line::cell_count(l) > crate::rules::MAX_SIZE
            || line::grid_field(l).is_some_and(|(cells, _)| cells.len() > 16)
    };
    let narrow: Vec<&&str> = sample.iter().filter(|l| !whole_grid(l)).collect();
    if narrow.len() * 2 <= sample.len() {
        return Format::Line;
    }
    match narrow.first().map(|l| line::cell_count(l)) {
        Some(16) if !rows_of_sixteen(text, &narrow) => Format::Line,
        Some(_) => Format::Block,
        None => Format::Line,
    }
}

/// Whether lines of 16 cells are rows of 16×16 grids rather than 4×4
/// puzzles: a digit above 4 says rows (no 4×4 puzzle has one), a digit
/// twice in a line says puzzles (no 16×16 row has one); otherwise box
/// separators say rows — a `|` in those lines, or a drawn separator line
/// with a `+`. A `|` or `+` in a comment or a title says nothing.
fn rows_of_sixteen(text: &str, narrow: &[&&str]) -> bool {
    let digits = |l: &str| -> Vec<u8> {
        line::cells(l)
            .iter()
            .filter_map(|c| c.value.as_ref().ok().copied())
            .filter(|&d| d > 0)
            .collect()
    };
    let sixteen: Vec<Vec<u8>> = narrow
        .iter()
        .filter(|l| line::cell_count(l) == 16)
        .map(|l| digits(l))
        .collect();
    if sixteen.iter().flatten().any(|&d| d > 4) {
        return true;
    }
    let repeats = |row: &Vec<u8>| (1..=4).any(|d| row.iter().filter(|&&x| x == d).count() > 1);
    if sixteen.iter().any(repeats) {
        return false;
    }
    let drawn = text
        .lines()
        .map(str::trim)
        .any(|l| !l.starts_with('#') && l.contains('+') && block::is_separator(l, None));
    drawn || narrow.iter().any(|l| l.contains('|'))
}

/// A line detection does not look at: blank, a `#` comment, a header, a
/// drawn separator, or text without a puzzle in it.
fn passed_over(l: &str) -> bool {
    l.is_empty()
        || l.starts_with('#')
        || block::is_header(l)
        || block::is_separator(l, None)
        // A plain row of cells is a whole grid by itself, never text.
        || (!plain_line::is_plain(l) && line::grid_field(l).is_none() && line::is_text(l))
}

/// The N with N² = `cells` and standard boxes.
fn size_of_cells(cells: usize) -> Option<usize> {
    BOX_SHAPES
        .iter()
        .map(|&(n, _)| n)
        .find(|&n| n * n == cells && n > 1)
}

/// "81 (9×9)" style list of the accepted cell counts.
fn accepted_counts() -> String {
    let sizes: Vec<String> = BOX_SHAPES
        .iter()
        .filter(|(n, _)| *n > 1)
        .map(|&(n, _)| format!("{}", n * n))
        .collect();
    sizes.join(", ")
}

/// The lines of a one-puzzle-per-line input that hold something, with
/// their 1-based numbers: blank lines and `#` comments passed over.
pub(crate) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let t = l.trim();
        (!t.is_empty() && !t.starts_with('#')).then_some((i + 1, l))
    })
}

/// The first line of `text` that holds something, trimmed.
pub(crate) fn first_content_line(text: &str) -> Option<&str> {
    content_lines(text).next().map(|(_, l)| l.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_follows_the_first_puzzle_line() {
        assert_eq!(detect("\n  {\"size\": 4}"), Format::Json);
        assert_eq!(detect("[{\"size\": 4}]"), Format::Json);
        assert_eq!(
            detect(&format!("{}\n{}\n", ".".repeat(81), ".".repeat(80))),
            Format::Line
        );
        assert_eq!(detect(&"1".repeat(10_000)), Format::Line);
        assert_eq!(detect("Grid 01\n003020600\n900305001\n"), Format::Block);
        assert_eq!(
            detect("[5,3,0,0,7,0,0,0,0]\n[6,0,0,1,9,5,0,0,0]\n"),
            Format::Block
        );
        assert_eq!(detect(&".".repeat(16)), Format::Line, "a 4×4 puzzle");
        let row16 = format!(
            "{} | {} | {} | {}\n",
            "1 2 3 4", "5 6 7 8", "9 A B C", "D E F G"
        );
        assert_eq!(
            detect(&row16.repeat(4)),
            Format::Block,
            "a 16×16 row with separators"
        );
    }
}
