//! Reading a text of puzzles one per line, a line at a time.
//!
//! A [`LineReader`] hands out each puzzle as it reads it, borrowed: its
//! text is a slice of the input and the puzzle is rebuilt in place, so the
//! common line (N² characters, see [`plain_line`](super::plain_line))
//! costs no allocation at all. Blank lines and `#` comments are passed over
//! in silence, lines of text (a title, a note) are handed out as
//! [`Skipped`], and anything else is a puzzle or an error that says where.

use super::line::{Read, general};
use super::plain_line::plain_givens;
use super::{Item, ParseError, PlainVariant, Skipped};
use crate::puzzle::Puzzle;
use crate::rules::Rules;

/// The puzzles of a one-per-line text, read in order without holding them.
///
/// ```
/// use fdoku_sudoku::format::{LineRead, LineReader};
///
/// let text = "a title\n\n1.3...2....1.4..\n12x4............\n";
/// let mut reader = LineReader::new("t.txt", text, 10, &Default::default());
/// let mut seen = Vec::new();
/// while let Some(read) = reader.read_next() {
///     seen.push(match read {
///         LineRead::Puzzle(p) => match p.puzzle {
///             Ok(puzzle) => format!("{}: {} givens", p.line, puzzle.clue_count()),
///             Err(e) => e.to_string(),
///         },
///         LineRead::Skipped(s) => format!("{}: skipped", s.line),
///     });
/// }
/// assert_eq!(seen, [
///     "10: skipped",
///     "12: 5 givens",
///     "t.txt:13:3: 'x' is not a digit (expected 1-9, A-W, or a blank . 0 _ - *)",
/// ]);
/// ```
pub struct LineReader<'t> {
    input: &'t str,
    /// The lines not read yet.
    rest: &'t str,
    /// The 1-based number of the next line.
    next_line: usize,
    variant: PlainVariant,
    /// The rules of each grid size met so far, built once.
    rules_by_size: Vec<(usize, Rules)>,
    /// The givens of the last plain line.
    givens: Vec<u8>,
    /// The last puzzle read, rebuilt in place by the next plain line of
    /// its size.
    puzzle: Option<Result<Puzzle, ParseError>>,
}

/// What one line of a one-per-line text holds.
pub enum LineRead<'r> {
    /// A puzzle, or why it could not be read.
    Puzzle(LinePuzzle<'r>),
    /// A line of text, passed over.
    Skipped(Skipped),
}

/// A puzzle as [`LineReader`] reads it, borrowed until the next line.
pub struct LinePuzzle<'r> {
    /// The 1-based line.
    pub line: usize,
    /// Its text: the line trimmed, or its field that is a whole grid.
    pub input: &'r str,
    /// The puzzle, or why it could not be read.
    pub puzzle: &'r Result<Puzzle, ParseError>,
}

impl LinePuzzle<'_> {
    /// The puzzle as an [`Item`] of its own (its index left at 0).
    pub fn to_item(&self) -> Item {
        Item {
            index: 0,
            line: self.line,
            input: self.input.to_owned(),
            puzzle: self.puzzle.clone(),
        }
    }
}

impl<'t> LineReader<'t> {
    /// A reader of `text`, the run of lines of an input named `input`
    /// (for errors) that starts at line `first_line`; `variant` gives the
    /// rules of every puzzle.
    pub fn new(input: &'t str, text: &'t str, first_line: usize, variant: &PlainVariant) -> Self {
        LineReader {
            input,
            rest: text,
            next_line: first_line,
            variant: *variant,
            rules_by_size: Vec::new(),
            givens: Vec::new(),
            puzzle: None,
        }
    }

    /// The next puzzle or line of text; `None` at the end.
    pub fn read_next(&mut self) -> Option<LineRead<'_>> {
        loop {
            let (number, raw) = self.next_raw_line()?;
            let line = raw.trim_end_matches('\r');
            // A plain line has no white space to trim: tried first as it is.
            let shown = if self.read_plain(line) {
                line
            } else {
                match self.read_other(line, number) {
                    Some(Ok(shown)) => shown,
                    Some(Err(passed)) => return Some(LineRead::Skipped(passed)),
                    None => continue,
                }
            };
            let puzzle = self.puzzle.as_ref()?;
            return Some(LineRead::Puzzle(LinePuzzle {
                line: number,
                input: shown,
                puzzle,
            }));
        }
    }

    /// Reads line `number`, which is not plain as it stands, into the
    /// puzzle and returns the puzzle's text; `None` for a blank line or a
    /// comment, the line passed over for a line of text.
    fn read_other(&mut self, line: &'t str, number: usize) -> Option<Result<&'t str, Skipped>> {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        if trimmed.len() < line.len() && self.read_plain(trimmed) {
            return Some(Ok(trimmed));
        }
        Some(match general(line, &self.variant) {
            Read::Puzzle(puzzle, shown) => {
                self.puzzle = Some((*puzzle).map_err(|e| e.at(self.input, number)));
                Ok(shown)
            }
            Read::Text => Err(Skipped::new(self.input, number, trimmed)),
        })
    }

    /// How many puzzles (and errors) the rest of the text holds; the
    /// reader is spent.
    pub fn count(mut self) -> usize {
        let mut puzzles = 0;
        while let Some((number, raw)) = self.next_raw_line() {
            let line = raw.trim_end_matches('\r');
            // A plain line is a puzzle, built or not.
            let plain = plain_givens(line.as_bytes(), &mut self.givens).is_some();
            puzzles += usize::from(plain || matches!(self.read_other(line, number), Some(Ok(_))));
        }
        puzzles
    }

    /// The next line without its `\n`, and its number.
    fn next_raw_line(&mut self) -> Option<(usize, &'t str)> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = match memchr::memchr(b'\n', self.rest.as_bytes()) {
            Some(end) => (&self.rest[..end], &self.rest[end + 1..]),
            None => (self.rest, ""),
        };
        self.rest = rest;
        self.next_line += 1;
        Some((self.next_line - 1, line))
    }

    /// Reads `line` as a plain row of N² cells into the puzzle, if it is
    /// one and the variant has rules for its size.
    fn read_plain(&mut self, line: &str) -> bool {
        let Some(size) = plain_givens(line.as_bytes(), &mut self.givens) else {
            return false;
        };
        if let Some(Ok(puzzle)) = &mut self.puzzle
            && puzzle.size() == size
        {
            // The reader's puzzles all have the variant's rules.
            return puzzle.refill(&self.givens);
        }
        let Some(rules) = self.rules(size) else {
            return false;
        };
        match Puzzle::new(rules, self.givens.clone()) {
            Ok(puzzle) => self.puzzle = Some(Ok(puzzle)),
            Err(_) => return false,
        }
        true
    }

    /// The variant's rules for `size`, built the first time.
    fn rules(&mut self, size: usize) -> Option<Rules> {
        if let Some((_, rules)) = self.rules_by_size.iter().find(|(n, _)| *n == size) {
            return Some(rules.clone());
        }
        let rules = self.variant.rules(size).ok()?;
        self.rules_by_size.push((size, rules.clone()));
        Some(rules)
    }
}

/// Every puzzle of the one-per-line `text` (the input `input`), with the
/// lines of text passed over.
pub(super) fn read_all(
    input: &str,
    text: &str,
    variant: &PlainVariant,
    skipped: &mut Vec<Skipped>,
) -> Vec<Item> {
    // At most one puzzle a line: room for them all at once rather than
    // growing (and moving every puzzle read) again and again.
    let mut items = Vec::with_capacity(line_count(text));
    let mut reader = LineReader::new(input, text, 1, variant);
    while let Some(read) = reader.read_next() {
        match read {
            LineRead::Puzzle(puzzle) => items.push(puzzle.to_item()),
            LineRead::Skipped(passed) => skipped.push(passed),
        }
    }
    items
}

/// How many lines `text` has (a last one without a newline included).
fn line_count(text: &str) -> usize {
    let newlines = text.bytes().filter(|&b| b == b'\n').count();
    newlines + usize::from(!text.ends_with('\n'))
}
