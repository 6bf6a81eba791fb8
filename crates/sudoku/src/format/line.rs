//! One puzzle per line.

use super::{LineError, ParseErrorKind, PlainVariant, accepted_counts, size_of_cells};
use crate::puzzle::{Puzzle, char_digit};
use crate::rules::{Rules, cell_name};

/// A cell of a line with its 1-based column.
pub(super) struct Cell {
    pub(super) column: usize,
    pub(super) value: Result<u8, (ParseErrorKind, String)>,
    /// Pencil marks: the candidates of an open cell of a candidate grid (bit
    /// `d - 1` for digit `d`), 0 for a plain cell.
    pub(super) marks: u32,
}

const BLANKS: [char; 5] = ['.', '0', '_', '-', '*'];
const EXPECTED: &str = "expected 1-9, A-W, or a blank . 0 _ - *";

/// The cells of a line: characters, or numbers when it has commas or
/// multi-digit numbers.
pub(super) fn cells(text: &str) -> Vec<Cell> {
    let tokens = text.split_whitespace().count();
    let numbers = text.contains(',')
        || (tokens > 1
            && text
                .split_whitespace()
                .any(|t| t.len() > 1 && t.chars().all(|c| c.is_ascii_digit())));
    if numbers {
        let mut out = Vec::new();
        let mut column = 1;
        for token in text.split(|c: char| matches!(c, ',' | '[' | ']' | '|') || c.is_whitespace()) {
            if !token.is_empty() {
                let value = match token {
                    "." | "0" | "_" | "-" | "*" => Ok(0),
                    _ => token.parse::<u8>().map_err(|_| {
                        let message = format!("'{token}' is not a number (expected 0 to 32, or .)");
                        (ParseErrorKind::Number, message)
                    }),
                };
                out.push(Cell {
                    column,
                    value,
                    marks: 0,
                });
            }
            column += token.chars().count() + 1;
        }
        return out;
    }
    text.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace() && *c != '|')
        .map(|(i, c)| Cell {
            column: i + 1,
            value: char_value(c),
            marks: 0,
        })
        .collect()
}

/// A character's cell value: a digit, 0 for a blank, or what is wrong.
fn char_value(c: char) -> Result<u8, (ParseErrorKind, String)> {
    if BLANKS.contains(&c) {
        Ok(0)
    } else {
        char_digit(c).ok_or_else(|| {
            let message = format!("'{c}' is not a digit ({EXPECTED})");
            (ParseErrorKind::Digit, message)
        })
    }
}

/// The error of the first cell that is not a digit or a blank, if any.
pub(super) fn bad_cell(cells: &[Cell]) -> Option<LineError> {
    cells.iter().find_map(|cell| {
        let (kind, message) = cell.value.as_ref().err()?;
        Some(LineError::new(cell.column, *kind, message.clone()))
    })
}

/// The field of a line that is by itself a whole grid (N² cell characters),
/// when the whole line is not: a puzzle followed or preceded by other fields
/// (a rating, a source, a hash, a comment), as collections write them. Fields
/// are separated by white space, `,`, `;` or `:`; a `+` marking a placed digit
/// (HoDoKu's library) is passed over. The largest grid wins, then the first.
pub(super) fn grid_field(line: &str) -> Option<(Vec<Cell>, &str)> {
    let mut best: Option<(Vec<Cell>, &str)> = None;
    let mut start = 0;
    for field in line.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':')) {
        let cells: Vec<Cell> = field
            .chars()
            .enumerate()
            .filter(|&(_, c)| c != '+')
            .map(|(i, c)| Cell {
                column: start + i + 1,
                value: char_value(c),
                marks: 0,
            })
            .collect();
        start += field.chars().count() + 1;
        let Some(size) = size_of_cells(cells.len()) else {
            continue;
        };
        let fits = cells
            .iter()
            .all(|c| c.value.as_ref().is_ok_and(|&v| usize::from(v) <= size));
        if fits && best.as_ref().is_none_or(|(b, _)| b.len() < cells.len()) {
            best = Some((cells, field));
        }
    }
    best
}

/// Whether a line that holds no puzzle is text (a title, a note) rather than
/// a damaged puzzle: fewer than half of its characters are digits or blanks,
/// and it has a word in lower case or a character no puzzle uses, but no
/// control character or undecodable byte (those make it damaged data).
pub(super) fn is_text(line: &str) -> bool {
    let mut digits = 0;
    let mut others = 0;
    let mut foreign = false;
    for c in line.chars() {
        if (c.is_control() && c != '\t') || c == char::REPLACEMENT_CHARACTER {
            return false;
        }
        if c.is_whitespace() || matches!(c, '|' | ',' | ';' | ':' | '+' | '[' | ']') {
            continue;
        }
        if c.is_ascii_digit() || BLANKS.contains(&c) {
            digits += 1;
        } else {
            others += 1;
            foreign |= char_digit(c).is_none();
        }
    }
    let lower_word = line
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_lowercase());
    others > digits && (lower_word || foreign)
}

/// How many cells a line holds (for format detection).
pub(super) fn cell_count(text: &str) -> usize {
    cells(text).len()
}

/// Builds a puzzle from cells, checking the count, the characters and the range.
pub(super) fn puzzle_from(
    cells: &[Cell],
    variant: &PlainVariant,
    end: usize,
) -> Result<Puzzle, LineError> {
    if let Some(bad) = bad_cell(cells) {
        return Err(bad);
    }
    let Some(size) = size_of_cells(cells.len()) else {
        let message = format!(
            "{} cells; expected a whole grid: {} cells",
            cells.len(),
            accepted_counts()
        );
        return Err(LineError::new(end, ParseErrorKind::CellCount, message));
    };
    let rules = variant
        .rules(size)
        .map_err(|e| LineError::new(1, ParseErrorKind::Rules, e.to_string()))?;
    from_values(cells, rules)
}

fn from_values(cells: &[Cell], rules: Rules) -> Result<Puzzle, LineError> {
    let size = rules.size();
    let mut givens = Vec::with_capacity(cells.len());
    for (i, cell) in cells.iter().enumerate() {
        let value = cell.value.clone().unwrap_or(0);
        if usize::from(value) > size {
            let message = format!(
                "{} is {value}, more than {size} in a {size}×{size} grid",
                cell_name(size, i)
            );
            return Err(LineError {
                cell: Some(i),
                ..LineError::new(cell.column, ParseErrorKind::DigitRange, message)
            });
        }
        givens.push(value);
    }
    Puzzle::new(rules, givens).map_err(|e| LineError::new(1, ParseErrorKind::Givens, e.to_string()))
}

/// Parses one line against `rules` (the size must match).
pub fn parse_line(text: &str, rules: &Rules) -> Result<Puzzle, LineError> {
    let cells = cells(text);
    if let Some(bad) = bad_cell(&cells) {
        return Err(bad);
    }
    if cells.len() != rules.cells() {
        let message = format!("{} cells, expected {}", cells.len(), rules.cells());
        let end = text.chars().count() + 1;
        return Err(LineError::new(end, ParseErrorKind::CellCount, message));
    }
    from_values(&cells, rules.clone())
}

/// What a line that is not a plain row of N² characters holds.
pub(super) enum Read<'a> {
    /// A puzzle (or a damaged one, with what is wrong), and its text.
    Puzzle(Box<Result<Puzzle, LineError>>, &'a str),
    /// Text: a title or a note.
    Text,
}

/// A line read the long way: the whole line as cells (characters or
/// numbers), else a field that is a whole grid, else text or an error.
pub(super) fn general<'a>(line: &'a str, variant: &PlainVariant) -> Read<'a> {
    let end = line.chars().count() + 1;
    let whole = cells(line);
    let whole_grid = whole.iter().all(|c| c.value.is_ok()) && size_of_cells(whole.len()).is_some();
    if !whole_grid {
        if let Some((field, shown)) = grid_field(line) {
            return Read::Puzzle(Box::new(puzzle_from(&field, variant, end)), shown);
        }
        if is_text(line) {
            return Read::Text;
        }
    }
    Read::Puzzle(Box::new(puzzle_from(&whole, variant, end)), line.trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Format, read_puzzles};

    fn read1(text: &str) -> Result<Puzzle, String> {
        let items = read_puzzles("t", text, Format::Line, &PlainVariant::default());
        items[0].puzzle.clone().map_err(|e| e.to_string())
    }

    #[test]
    fn every_blank_and_both_number_styles() {
        let a = read1(&format!("12.4_.*-0{}", ".".repeat(72))).unwrap();
        assert_eq!(&a.givens()[..9], [1, 2, 0, 4, 0, 0, 0, 0, 0]);
        let numbers = ["1", "2", "0", "4"].repeat(4).join(",");
        let b = read1(&numbers).unwrap();
        assert_eq!(b.size(), 4);
        let spaced = read1(&["10", "0"].repeat(128).join(" ")).unwrap();
        assert_eq!(spaced.size(), 16);
        assert_eq!(spaced.givens()[0], 10);
    }

    #[test]
    fn letters_for_big_grids() {
        let mut line = "G".to_owned() + &".".repeat(255);
        assert_eq!(read1(&line).unwrap().givens()[0], 16);
        line.replace_range(0..1, "H");
        assert_eq!(
            read1(&line).unwrap_err(),
            "t:1:1: r1c1 is 17, more than 16 in a 16×16 grid"
        );
    }

    #[test]
    fn errors_say_where_and_what() {
        assert_eq!(
            read1(&".".repeat(80)).unwrap_err(),
            "t:1:81: 80 cells; expected a whole grid: 16, 36, 64, 81, 100, 144, 225, 256, 625 cells"
        );
        let mut bad = ".".repeat(81);
        bad.replace_range(4..5, "?");
        assert_eq!(
            read1(&bad).unwrap_err(),
            "t:1:5: '?' is not a digit (expected 1-9, A-W, or a blank . 0 _ - *)"
        );
        assert_eq!(
            read1("1,2,x,4").unwrap_err(),
            "t:1:5: 'x' is not a number (expected 0 to 32, or .)"
        );
    }
}
