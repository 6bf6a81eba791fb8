//! One puzzle per line.

use super::{Item, LineError, PlainVariant, accepted_counts, size_of_cells};
use crate::puzzle::{Puzzle, char_digit};
use crate::rules::{Rules, cell_name};

/// A cell of a line with its 1-based column.
pub(super) struct Cell {
    pub(super) column: usize,
    pub(super) value: Result<u8, String>,
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
                    _ => token
                        .parse::<u8>()
                        .map_err(|_| format!("'{token}' is not a number (expected 0 to 32, or .)")),
                };
                out.push(Cell { column, value });
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
            value: if BLANKS.contains(&c) {
                Ok(0)
            } else {
                char_digit(c).ok_or_else(|| format!("'{c}' is not a digit ({EXPECTED})"))
            },
        })
        .collect()
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
    if let Some(bad) = cells.iter().find(|c| c.value.is_err()) {
        return Err(LineError::new(
            bad.column,
            bad.value.clone().err().unwrap_or_default(),
        ));
    }
    let Some(size) = size_of_cells(cells.len()) else {
        let message = format!(
            "{} cells; expected a whole grid: {} cells",
            cells.len(),
            accepted_counts()
        );
        return Err(LineError::new(end, message));
    };
    let rules = variant
        .rules(size)
        .map_err(|message| LineError::new(1, message))?;
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
                ..LineError::new(cell.column, message)
            });
        }
        givens.push(value);
    }
    Puzzle::new(rules, givens).map_err(|e| LineError::new(1, e.to_string()))
}

/// Parses one line against `rules` (the size must match).
pub fn parse_line(text: &str, rules: &Rules) -> Result<Puzzle, LineError> {
    let cells = cells(text);
    if let Some(bad) = cells.iter().find(|c| c.value.is_err()) {
        return Err(LineError::new(
            bad.column,
            bad.value.clone().err().unwrap_or_default(),
        ));
    }
    if cells.len() != rules.cells() {
        let message = format!("{} cells, expected {}", cells.len(), rules.cells());
        return Err(LineError::new(text.chars().count() + 1, message));
    }
    from_values(&cells, rules.clone())
}

/// Every puzzle of a one-per-line text.
pub(super) fn read(input: &str, text: &str, variant: &PlainVariant) -> Vec<Item> {
    let mut items = Vec::new();
    // The rules of each grid size met so far, built once.
    let mut rules_by_size: Vec<(usize, Rules)> = Vec::new();
    for (number, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let fast = plain_givens(trimmed).and_then(|(size, givens)| {
            let rules = match rules_by_size.iter().find(|(n, _)| *n == size) {
                Some((_, rules)) => rules.clone(),
                None => {
                    let rules = variant.rules(size).ok()?;
                    rules_by_size.push((size, rules.clone()));
                    rules
                }
            };
            Puzzle::new(rules, givens).ok()
        });
        let puzzle = match fast {
            Some(puzzle) => Ok(puzzle),
            None => {
                let end = line.chars().count() + 1;
                puzzle_from(&cells(line), variant, end).map_err(|e| e.at(input, number + 1))
            }
        };
        items.push(Item {
            index: 0,
            line: number + 1,
            input: trimmed.to_owned(),
            puzzle,
        });
    }
    items
}

/// The common case without detours: a line of exactly N² single-character
/// cells, every one a digit of the grid or a blank. `None` sends the line
/// through the general reader (which also explains what is wrong).
fn plain_givens(line: &str) -> Option<(usize, Vec<u8>)> {
    let size = size_of_cells(line.len())?;
    let givens = line
        .bytes()
        .map(|b| match b {
            b'.' | b'0' | b'_' | b'-' | b'*' => Some(0),
            _ => char_digit(char::from(b)).filter(|&d| usize::from(d) <= size),
        })
        .collect::<Option<Vec<u8>>>()?;
    Some((size, givens))
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
