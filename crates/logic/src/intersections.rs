//! Locked candidates: when a digit's places in one house all lie in a second
//! house, the digit is taken there, and leaves the rest of the second house.
//!
//! Classic Sudoku knows two forms — **pointing** (box → row or column) and
//! **claiming** (row or column → box). Here any two intersecting houses
//! count, so the same finder covers diagonals, windoku windows and jigsaw
//! regions: the step is *claiming* when the first house is a row or column,
//! *pointing* otherwise.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // In box 1 the digit 1 can only go in row 1 (r2 and r3 of the box hold it
//! // nowhere after these removals), so it leaves the rest of row 1.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for cell in [9, 10, 11, 18, 19, 20] {
//!     grid.eliminate(cell, 1);
//! }
//! let step = Technique::Pointing.find_first(&grid).unwrap();
//! assert_eq!(step.text(&grid), "Pointing {1} in r1c1, r1c2, r1c3 (box 1, row 1): remove 1 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9");
//! ```

use std::ops::ControlFlow;

use super::cellset::CellSet;
use super::grid::Grid;
use super::step::{Candidate, Found, Step};
use super::technique::Technique;
use fdoku_sudoku::HouseKind;

/// Finds pointing or claiming steps.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let houses = grid.houses().len();
    let is_line = |h: usize| matches!(grid.house_kind(h), HouseKind::Row | HouseKind::Column);
    let claiming = technique == Technique::Claiming;
    for first in (0..houses).filter(|&h| is_line(h) == claiming) {
        let first_cells = grid.house_cells(first);
        let places_of: Vec<(u8, CellSet)> = (1..=grid.size() as u8)
            .map(|digit| (digit, grid.cells_with(digit) & first_cells))
            .filter(|(_, places)| places.len() >= 2)
            .collect();
        if places_of.is_empty() {
            continue;
        }
        for second in 0..houses {
            let common = first_cells & grid.house_cells(second);
            if second == first || common.len() < 2 {
                continue;
            }
            for &(digit, places) in &places_of {
                if !places.is_subset(&common) {
                    continue;
                }
                let removed = grid.cells_with(digit) & (grid.house_cells(second) - first_cells);
                if removed.is_empty() {
                    continue;
                }
                let mut step = Step::new(technique);
                step.houses = vec![first, second];
                step.pattern = places.iter().map(|c| Candidate::new(c, digit)).collect();
                step.eliminations = removed.iter().map(|c| Candidate::new(c, digit)).collect();
                found(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}
