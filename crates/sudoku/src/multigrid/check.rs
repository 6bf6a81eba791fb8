//! The independent checker of multigrid solutions.
//!
//! It shares nothing with the solver or with [`Multigrid`]'s own cell
//! numbering: it lays the solution out on a canvas of its own, from the
//! sub-grids' origins and listed cells alone, then reads every sub-grid's
//! rows, columns and boxes back from canvas coordinates, and every
//! relabelled pair's digits place by place (read as the rule checker reads
//! isomorphic twins).

use thiserror::Error;

use super::{Multigrid, MultigridPuzzle};
use crate::check::relabelling::first_clash;

/// Why a solution is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MultigridSolutionError {
    /// Not one digit per cell.
    #[error("{found} digits, expected {expected} (one per cell)")]
    Length {
        /// Digits given.
        found: usize,
        /// Cells on the canvas.
        expected: usize,
    },
    /// A digit outside 1..=N.
    #[error("r{row}c{col} holds {value}, expected 1 to {size}")]
    Digit {
        /// Canvas row (1-based).
        row: usize,
        /// Canvas column (1-based).
        col: usize,
        /// The value.
        value: u8,
        /// N.
        size: usize,
    },
    /// A given changed.
    #[error("r{row}c{col} is given as {given}, not {value}")]
    Given {
        /// Canvas row (1-based).
        row: usize,
        /// Canvas column (1-based).
        col: usize,
        /// The given.
        given: u8,
        /// The solution's digit.
        value: u8,
    },
    /// Two sub-grids that should relabel one another and do not.
    #[error("grids {first} and {second} are no relabelling of each other: {detail}")]
    Relabelling {
        /// The first grid (1-based).
        first: usize,
        /// The second grid (1-based).
        second: usize,
        /// Where the digits disagree.
        detail: String,
    },
    /// A digit twice in a row, column or box of a sub-grid.
    #[error("{digit} appears twice in {house} of grid {grid}")]
    Repeat {
        /// The digit.
        digit: u8,
        /// `row 3`, `column 4`, `box 5`.
        house: String,
        /// The sub-grid (1-based).
        grid: usize,
    },
}

/// Checks that `solution` (one digit per cell, in reading order over the
/// canvas) fills `puzzle`: every sub-grid's rows, columns and boxes hold
/// 1..=N once each, every given is kept, and every relabelled pair's
/// digits correspond through one permutation.
///
/// ```
/// use fdoku_sudoku::multigrid::{Multigrid, MultigridPuzzle, check_multigrid, solve_multigrid};
/// use fdoku_sudoku::solve::Goal;
///
/// let puzzle = MultigridPuzzle::empty(Multigrid::named("twodoku", 4).unwrap());
/// let solution = solve_multigrid(&puzzle, Goal::First, &Default::default()).solution.unwrap();
/// assert!(check_multigrid(&puzzle, &solution).is_ok());
/// let mut wrong = solution.clone();
/// wrong.swap(0, 1); // r1c1 and r1c2 trade digits: column 1 of grid 1 repeats one
/// assert_eq!(
///     check_multigrid(&puzzle, &wrong).unwrap_err().to_string(),
///     format!("{} appears twice in column 1 of grid 1", wrong[0])
/// );
/// ```
pub fn check_multigrid(
    puzzle: &MultigridPuzzle,
    solution: &[u8],
) -> Result<(), MultigridSolutionError> {
    let grid: &Multigrid = puzzle.grid();
    let n = grid.size();
    let (box_rows, box_cols) = grid.boxes();
    let arrangement = grid.arrangement();
    // Each sub-grid's canvas squares, in its reading order.
    let squares: Vec<Vec<(usize, usize)>> = arrangement
        .origins
        .iter()
        .map(|&(top, left)| {
            (0..n)
                .flat_map(|r| (0..n).map(move |c| (top + r, left + c)))
                .collect()
        })
        .chain(arrangement.scattered.iter().cloned())
        .collect();
    let height = squares.iter().flatten().map(|s| s.0 + 1).max().unwrap_or(0);
    let width = squares.iter().flatten().map(|s| s.1 + 1).max().unwrap_or(0);
    let mut inside = vec![false; height * width];
    for &(r, c) in squares.iter().flatten() {
        inside[r * width + c] = true;
    }
    // The canvas: None off the sub-grids, (digit, given) on them.
    let mut canvas = vec![None; height * width];
    let mut next = 0;
    for (at, _) in inside.iter().enumerate().filter(|(_, i)| **i) {
        if next < solution.len() {
            canvas[at] = Some((solution[next], puzzle.givens()[next]));
        }
        next += 1;
    }
    if next != solution.len() {
        return Err(MultigridSolutionError::Length {
            found: solution.len(),
            expected: next,
        });
    }
    for (at, square) in canvas.iter().enumerate() {
        let Some((value, given)) = *square else {
            continue;
        };
        let (row, col) = (at / width + 1, at % width + 1);
        if value == 0 || usize::from(value) > n {
            return Err(MultigridSolutionError::Digit {
                row,
                col,
                value,
                size: n,
            });
        }
        if given != 0 && given != value {
            return Err(MultigridSolutionError::Given {
                row,
                col,
                given,
                value,
            });
        }
    }
    let digit = |(r, c): (usize, usize)| canvas[r * width + c].map_or(0, |(v, _)| v);
    for (g, squares) in squares.iter().enumerate() {
        let at = |r: usize, c: usize| digit(squares[r * n + c]);
        for i in 0..n {
            let row: Vec<u8> = (0..n).map(|j| at(i, j)).collect();
            let col: Vec<u8> = (0..n).map(|j| at(j, i)).collect();
            let (box_top, box_left) =
                (i / (n / box_cols) * box_rows, i % (n / box_cols) * box_cols);
            let square: Vec<u8> = (0..n)
                .map(|j| at(box_top + j / box_cols, box_left + j % box_cols))
                .collect();
            for (house, values) in [("row", row), ("column", col), ("box", square)] {
                if let Some(twice) = repeated(&values, n) {
                    return Err(MultigridSolutionError::Repeat {
                        digit: twice,
                        house: format!("{house} {}", i + 1),
                        grid: g + 1,
                    });
                }
            }
        }
    }
    for &(first, second) in &arrangement.relabelled {
        let pairs = squares[first].iter().zip(&squares[second]);
        if let Some(clash) = first_clash(pairs.map(|(&a, &b)| (digit(a), digit(b)))) {
            let name = |(r, c): (usize, usize)| format!("r{}c{}", r + 1, c + 1);
            return Err(MultigridSolutionError::Relabelling {
                first: first + 1,
                second: second + 1,
                detail: clash.describe(|i| name(squares[first][i]), |i| name(squares[second][i])),
            });
        }
    }
    Ok(())
}

/// A digit that appears twice in `values`.
fn repeated(values: &[u8], n: usize) -> Option<u8> {
    let mut seen = vec![false; n + 1];
    for &v in values {
        let slot = &mut seen[usize::from(v).min(n)];
        if *slot {
            return Some(v);
        }
        *slot = true;
    }
    None
}
