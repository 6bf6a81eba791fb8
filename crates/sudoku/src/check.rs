//! The independent checker: is a filled grid a solution of the puzzle?
//!
//! It reads only the rules and the givens — every digit in range, every given
//! kept, every open cell's digit among its candidates (when the puzzle has them), every house a permutation of 1..N, every cage's digits different
//! and adding up to its sum — and shares no code with any solver. Every
//! solution fdoku prints passes through it.
//!
//! ```
//! use fdoku_sudoku::{Puzzle, Rules, check_solution};
//!
//! let p = Puzzle::new(Rules::classic(4).unwrap(), vec![0; 16]).unwrap();
//! let good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
//! assert!(check_solution(&p, &good).is_ok());
//! let mut bad = good;
//! bad.swap(0, 1);
//! assert_eq!(check_solution(&p, &bad).unwrap_err().to_string(), "column 1 holds 2 twice (r1c1, r3c1)");
//! ```

use thiserror::Error;

use crate::puzzle::{Puzzle, digit_char};
use crate::rules::cell_name;

/// Why a grid is not a solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SolutionError {
    /// Not one digit per cell.
    #[error("{found} cells, expected {expected}")]
    Length {
        /// Cells given.
        found: usize,
        /// N².
        expected: usize,
    },
    /// A cell outside 1..=N.
    #[error("{cell} holds {value}, expected 1 to {size}")]
    Digit {
        /// The cell.
        cell: String,
        /// Its value.
        value: u8,
        /// N.
        size: usize,
    },
    /// A given was changed.
    #[error("{cell} was given {given} but holds {found}")]
    Given {
        /// The cell.
        cell: String,
        /// The given.
        given: char,
        /// The value in the grid.
        found: char,
    },
    /// A digit its cell's candidates rule out.
    #[error("{cell} holds {value}, not one of its candidates")]
    Candidate {
        /// The cell.
        cell: String,
        /// The value in the grid.
        value: char,
    },
    /// A house repeats a digit.
    #[error("{house} holds {digit} twice ({first}, {second})")]
    Repeat {
        /// The house or cage.
        house: String,
        /// The digit.
        digit: char,
        /// One cell.
        first: String,
        /// The other.
        second: String,
    },
    /// A cage adds up to the wrong sum.
    #[error("cage {cage} adds up to {found}, expected {sum}")]
    Sum {
        /// 1-based cage number.
        cage: usize,
        /// Its sum.
        sum: u32,
        /// The grid's total.
        found: u32,
    },
}

/// Checks that `grid` (N² digits, row by row) solves `puzzle`.
pub fn check_solution(puzzle: &Puzzle, grid: &[u8]) -> Result<(), SolutionError> {
    let size = puzzle.size();
    if grid.len() != size * size {
        return Err(SolutionError::Length {
            found: grid.len(),
            expected: size * size,
        });
    }
    for (cell, (&value, &given)) in grid.iter().zip(puzzle.givens()).enumerate() {
        if value == 0 || usize::from(value) > size {
            return Err(SolutionError::Digit {
                cell: cell_name(size, cell),
                value,
                size,
            });
        }
        if given != 0 && given != value {
            return Err(SolutionError::Given {
                cell: cell_name(size, cell),
                given: digit_char(given),
                found: digit_char(value),
            });
        }
        if given == 0
            && let Some(masks) = puzzle.candidates()
            && masks[cell] >> (value - 1) & 1 == 0
        {
            return Err(SolutionError::Candidate {
                cell: cell_name(size, cell),
                value: digit_char(value),
            });
        }
    }
    if let Some(repeat) = puzzle.rules().first_repeat(grid) {
        let [first, second] = repeat.cells;
        return Err(SolutionError::Repeat {
            house: repeat.group,
            digit: digit_char(repeat.digit),
            first: cell_name(size, first),
            second: cell_name(size, second),
        });
    }
    for (i, cage) in puzzle.rules().cages().iter().enumerate() {
        let found: u32 = cage.cells.iter().map(|&c| u32::from(grid[c])).sum();
        if found != cage.sum {
            return Err(SolutionError::Sum {
                cage: i + 1,
                sum: cage.sum,
                found,
            });
        }
    }
    Ok(())
}
