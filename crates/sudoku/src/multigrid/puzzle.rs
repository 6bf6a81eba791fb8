//! A multigrid puzzle: the geometry plus a given (or 0) per cell.

use super::Multigrid;
use crate::puzzle::{Clash, PuzzleError};

/// A [`Multigrid`] with its givens (0 = empty cell), one per cell in
/// reading order over the canvas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultigridPuzzle {
    grid: Multigrid,
    givens: Vec<u8>,
}

impl MultigridPuzzle {
    /// A puzzle, after checking there is one given (or 0) per cell, each in 1..=N.
    pub fn new(grid: Multigrid, givens: Vec<u8>) -> Result<Self, PuzzleError> {
        if givens.len() != grid.cell_count() {
            return Err(PuzzleError::Length {
                found: givens.len(),
                expected: grid.cell_count(),
            });
        }
        let size = grid.size();
        if let Some(cell) = givens.iter().position(|&v| usize::from(v) > size) {
            return Err(PuzzleError::Digit {
                cell: grid.cell_name(cell),
                value: givens[cell],
                size,
            });
        }
        Ok(MultigridPuzzle { grid, givens })
    }

    /// The empty puzzle of `grid`.
    pub fn empty(grid: Multigrid) -> Self {
        let givens = vec![0; grid.cell_count()];
        MultigridPuzzle { grid, givens }
    }

    /// The geometry.
    pub fn grid(&self) -> &Multigrid {
        &self.grid
    }

    /// The givens, cell by cell (0 = empty).
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// How many cells are given.
    pub fn clue_count(&self) -> usize {
        self.givens.iter().filter(|&&v| v != 0).count()
    }

    /// The first two givens that repeat a digit in a house of a sub-grid.
    pub fn clash(&self) -> Option<Clash> {
        for (grid, house) in self.grid.houses() {
            let mut seen = vec![None; self.grid.size() + 1];
            for &cell in &house.cells {
                let digit = self.givens[cell];
                if digit == 0 {
                    continue;
                }
                if let Some(first) = seen[usize::from(digit)] {
                    return Some(Clash {
                        house: Multigrid::house_name(grid, &house),
                        digit,
                        cells: [self.grid.cell_name(first), self.grid.cell_name(cell)],
                    });
                }
                seen[usize::from(digit)] = Some(cell);
            }
        }
        None
    }
}
