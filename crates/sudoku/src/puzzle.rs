//! A puzzle: rules plus givens (and, for a grid in progress, the candidates
//! left in each cell), and the digit convention for printing it.
//!
//! Digits are written `1`–`9`, then `A` = 10, `B` = 11, … up to `W` = 32
//! (case-insensitive when reading), so a 16×16 grid uses `1`–`9` and `A`–`G`
//! and a 25×25 grid `1`–`9` and `A`–`P`. An empty cell prints as `.`.
//!
//! ```
//! use fdoku_sudoku::{Puzzle, Rules};
//!
//! let mut givens = vec![0; 16];
//! givens[0] = 1;
//! givens[15] = 4;
//! let p = Puzzle::new(Rules::classic(4).unwrap(), givens).unwrap();
//! assert_eq!(p.to_line(), "1..............4");
//! assert_eq!(fdoku_sudoku::digit_char(16), 'G');
//! ```

use serde::Serialize;
use thiserror::Error;

pub(crate) use crate::rules::full_mask;
use crate::rules::{Rules, cell_name};

/// The character for digit `d` (1..=32): `1`–`9`, then `A`–`W`.
pub fn digit_char(d: u8) -> char {
    char::from(digit_byte(d))
}

/// [`digit_char`] as an ASCII byte, worked out without a branch so that
/// loops over cells run on vectors.
fn digit_byte(d: u8) -> u8 {
    // The letters start seven characters past the digits: `:` to `@` lie
    // between `9` and `A`.
    let byte = (b'0'.wrapping_add(d)).wrapping_add(u8::from(d > 9) * (b'A' - b'9' - 1));
    if (1..=32).contains(&d) { byte } else { b'?' }
}

/// The digit a character stands for (`1`–`9`, `A`–`W` in either case).
pub fn char_digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='W' => Some(c as u8 - b'A' + 10),
        'a'..='w' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

/// Why givens do not fit the rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// Not one value per cell.
    #[error("{found} cells given, expected {expected}")]
    Length {
        /// Cells given.
        found: usize,
        /// N².
        expected: usize,
    },
    /// A given outside 1..=N.
    #[error("{cell} holds {value}, expected 1 to {size} (or empty)")]
    Digit {
        /// The cell's name.
        cell: String,
        /// The value.
        value: u8,
        /// N.
        size: usize,
    },
    /// Candidates that do not fit the grid.
    #[error("{cell}: candidate {digit} is outside 1 to {size}")]
    Candidate {
        /// The cell's name.
        cell: String,
        /// The candidate.
        digit: u32,
        /// N.
        size: usize,
    },
    /// Not one candidate set per cell.
    #[error("{found} candidate sets given, expected {expected} (one per cell)")]
    CandidateCount {
        /// Sets given.
        found: usize,
        /// N².
        expected: usize,
    },
    /// Not one entry per cell.
    #[error("{found} entries, expected {expected} (one per cell)")]
    EntryCount {
        /// Entries given.
        found: usize,
        /// N².
        expected: usize,
    },
    /// An entry that contradicts a given.
    #[error("{cell} is given as {given}, not {entry}")]
    EntryOverGiven {
        /// The cell's name.
        cell: String,
        /// The given.
        given: u8,
        /// The entry.
        entry: u8,
    },
}

/// Two givens with the same digit in one house.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Clash {
    /// The house's name (`row 1`, `box 5`, `cage 3`).
    pub house: String,
    /// The repeated digit.
    pub digit: u8,
    /// The two cells' names.
    pub cells: [String; 2],
}

impl std::fmt::Display for Clash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} and {} both hold {} in {}",
            self.cells[0],
            self.cells[1],
            digit_char(self.digit),
            self.house
        )
    }
}

/// Rules and givens (0 = empty cell), and optionally the candidates still
/// allowed in each cell (a grid in progress, as pencil marks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    rules: Rules,
    givens: Vec<u8>,
    candidates: Option<Vec<u32>>,
}

impl Puzzle {
    /// A puzzle, after checking there is one given (or 0) per cell, each in 1..=N.
    pub fn new(rules: Rules, givens: Vec<u8>) -> Result<Self, PuzzleError> {
        let size = rules.size();
        if givens.len() != rules.cells() {
            return Err(PuzzleError::Length {
                found: givens.len(),
                expected: rules.cells(),
            });
        }
        // A pass without a branch per cell; the cell at fault is looked for
        // only when there is one.
        let highest = givens.iter().fold(0, |most, &v| most.max(v));
        if usize::from(highest) > size
            && let Some(cell) = givens.iter().position(|&v| usize::from(v) > size)
        {
            return Err(PuzzleError::Digit {
                cell: cell_name(size, cell),
                value: givens[cell],
                size,
            });
        }
        Ok(Puzzle {
            rules,
            givens,
            candidates: None,
        })
    }

    /// Puts `givens` (one per cell, each in 0..=N) in place of the
    /// puzzle's givens, keeping its rules and dropping any candidates: the
    /// next puzzle of a batch on the same rules, read without allocating.
    /// `false`, and the puzzle unchanged, when they do not fit.
    pub(crate) fn refill(&mut self, givens: &[u8]) -> bool {
        let highest = givens.iter().fold(0, |most, &v| most.max(v));
        if givens.len() != self.givens.len() || usize::from(highest) > self.size() {
            return false;
        }
        self.givens.copy_from_slice(givens);
        self.candidates = None;
        true
    }

    /// The same puzzle with only these candidates left: one mask per cell,
    /// bit `d - 1` for digit `d` (a given's own mask is not consulted).
    /// Solvers, the checker and the logic solver all keep to them.
    ///
    /// ```
    /// use fdoku_sudoku::{Puzzle, Rules, check_solution};
    ///
    /// let p = Puzzle::new(Rules::classic(4).unwrap(), vec![0; 16]).unwrap();
    /// let mut masks = vec![0b1111; 16];
    /// masks[0] = 0b0010; // r1c1 can only be 2
    /// let p = p.with_candidates(masks).unwrap();
    /// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// assert_eq!(check_solution(&p, &grid).unwrap_err().to_string(), "r1c1 holds 1, not one of its candidates");
    /// ```
    pub fn with_candidates(self, masks: Vec<u32>) -> Result<Self, PuzzleError> {
        let size = self.size();
        if masks.len() != self.rules.cells() {
            return Err(PuzzleError::CandidateCount {
                found: masks.len(),
                expected: self.rules.cells(),
            });
        }
        let full = full_mask(size);
        if let Some(cell) = masks.iter().position(|&m| m & !full != 0) {
            return Err(PuzzleError::Candidate {
                cell: cell_name(size, cell),
                digit: 32 - (masks[cell] & !full).leading_zeros(),
                size,
            });
        }
        Ok(Puzzle {
            candidates: Some(masks),
            ..self
        })
    }

    /// The puzzle with a player's `entries` (one per cell, 0 = open) placed
    /// as givens; an entry may repeat its cell's given but not contradict
    /// it. Pencil marks are kept.
    ///
    /// ```
    /// use fdoku_sudoku::{Puzzle, Rules};
    ///
    /// let p = Puzzle::new(Rules::classic(4).unwrap(), [1].into_iter().chain([0; 15]).collect()).unwrap();
    /// let mut entries = vec![0; 16];
    /// entries[5] = 3;
    /// assert_eq!(p.with_entries(&entries).unwrap().to_line(), "1....3..........");
    /// entries[0] = 2;
    /// assert_eq!(p.with_entries(&entries).unwrap_err().to_string(), "r1c1 is given as 1, not 2");
    /// ```
    pub fn with_entries(&self, entries: &[u8]) -> Result<Puzzle, PuzzleError> {
        let size = self.size();
        if entries.len() != self.givens.len() {
            return Err(PuzzleError::EntryCount {
                found: entries.len(),
                expected: self.givens.len(),
            });
        }
        let mut givens = self.givens.clone();
        for (cell, (&entry, given)) in entries.iter().zip(givens.iter_mut()).enumerate() {
            if entry == 0 {
                continue;
            }
            if *given != 0 && *given != entry {
                return Err(PuzzleError::EntryOverGiven {
                    cell: cell_name(size, cell),
                    given: *given,
                    entry,
                });
            }
            *given = entry;
        }
        let placed = Puzzle::new(self.rules.clone(), givens)?;
        Ok(Puzzle {
            candidates: self.candidates.clone(),
            ..placed
        })
    }

    /// The puzzle without pencil marks: its rules and givens only.
    pub fn without_candidates(&self) -> Puzzle {
        Puzzle {
            candidates: None,
            ..self.clone()
        }
    }

    /// The candidates of each cell (bit `d - 1` for digit `d`), when the
    /// puzzle carries them; `None` means every digit the givens allow.
    pub fn candidates(&self) -> Option<&[u32]> {
        self.candidates.as_deref()
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The givens, row by row (0 = empty).
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The side N.
    pub fn size(&self) -> usize {
        self.rules.size()
    }

    /// How many cells are given.
    pub fn clue_count(&self) -> usize {
        self.givens.iter().filter(|&&v| v != 0).count()
    }

    /// The givens on one line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        grid_line(&self.givens)
    }

    /// The first two givens that repeat a digit in a house or cage, if any.
    pub fn clash(&self) -> Option<Clash> {
        let size = self.size();
        let repeat = self.rules.first_repeat(&self.givens)?;
        let [first, second] = repeat.cells;
        Some(Clash {
            house: repeat.group,
            digit: repeat.digit,
            cells: [cell_name(size, first), cell_name(size, second)],
        })
    }
}

/// A grid of digits on one line (`.` for 0).
pub fn grid_line(values: &[u8]) -> String {
    GridLine(values).to_string()
}

/// A grid of digits on one line (`.` for 0), as [`grid_line`] writes it,
/// but borrowed: written out a piece at a time without a `String` between.
///
/// ```
/// use fdoku_sudoku::GridLine;
///
/// let mut out = Vec::new();
/// GridLine(&[1, 0, 12, 4]).write_to(&mut out).unwrap();
/// assert_eq!(out, b"1.C4");
/// assert_eq!(GridLine(&[0, 3]).to_string(), ".3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridLine<'a>(pub &'a [u8]);

impl GridLine<'_> {
    /// Cells written at a time: a 9×9 grid at once.
    const PIECE: usize = 128;

    /// Writes the line (without a line end) to `out`.
    pub fn write_to(&self, out: &mut (impl std::io::Write + ?Sized)) -> std::io::Result<()> {
        self.pieces(|piece| out.write_all(piece))
    }

    /// Hands the line to `write` in pieces of ASCII bytes.
    fn pieces<E>(&self, mut write: impl FnMut(&[u8]) -> Result<(), E>) -> Result<(), E> {
        if let Ok(nine) = <&[u8; 81]>::try_from(self.0) {
            // The common size, at a length known in advance: whole vectors.
            let mut line = [0u8; 81];
            Self::fill(&mut line, nine);
            return write(&line);
        }
        let mut piece = [0u8; Self::PIECE];
        for cells in self.0.chunks(Self::PIECE) {
            Self::fill(&mut piece, cells);
            write(&piece[..cells.len()])?;
        }
        Ok(())
    }

    #[inline(always)]
    fn fill(piece: &mut [u8], cells: &[u8]) {
        for (byte, &v) in piece.iter_mut().zip(cells) {
            *byte = if v == 0 { b'.' } else { digit_byte(v) };
        }
    }
}

impl std::fmt::Display for GridLine<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.pieces(|piece| {
            let text = std::str::from_utf8(piece).map_err(|_| std::fmt::Error)?;
            f.write_str(text)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_round_trip() {
        for d in 1..=32u8 {
            assert_eq!(char_digit(digit_char(d)), Some(d));
        }
        assert_eq!(char_digit('p'), Some(25));
        assert_eq!(char_digit('0'), None);
        assert_eq!(char_digit('X'), None);
    }

    #[test]
    fn clashes_are_named() {
        let mut givens = vec![0; 81];
        givens[0] = 5;
        givens[20] = 5; // r3c3: same box as r1c1
        let p = Puzzle::new(Rules::classic(9).unwrap(), givens).unwrap();
        assert_eq!(
            p.clash().unwrap().to_string(),
            "r1c1 and r3c3 both hold 5 in box 1"
        );
        let err = Puzzle::new(Rules::classic(4).unwrap(), vec![5; 16]).unwrap_err();
        assert_eq!(err.to_string(), "r1c1 holds 5, expected 1 to 4 (or empty)");
    }
}
