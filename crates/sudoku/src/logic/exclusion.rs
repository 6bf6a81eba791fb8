//! Aligned pair exclusion (Sudoku Explainer's rule).
//!
//! Take two open cells P and Q and try every pair of values (a, b) for them.
//! A pair is impossible when
//!
//! * a = b and P and Q see each other, or
//! * some set of N cells all seen by both P and Q, lying in one house, would
//!   be left fewer than N digits once a and b are gone: a cell whose
//!   candidates are within {a, b}, or an almost locked set holding both.
//!
//! A candidate of P that pairs with no possible value of Q is false (and the
//! other way round).
//!
//! The rule uses only peers and houses, so it holds in every size and variant.
//!
//! ```
//! use fdoku_sudoku::logic::{Candidate, Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // r1c1 {1,2} and r2c4 {1,3} do not see each other, but both see
//! // r1c5 {1,2} and r2c2 {2,3}. r1c1 = 2 with r2c4 = 1 empties r1c5, with
//! // r2c4 = 3 empties r2c2: 2 leaves r1c1. Both values of r2c4 keep a partner.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! let keep = |grid: &mut Grid, cell: usize, digits: &[u8]| {
//!     for d in (1..=9).filter(|d| !digits.contains(d)) {
//!         grid.eliminate(cell, d);
//!     }
//! };
//! keep(&mut grid, 0, &[1, 2]);
//! keep(&mut grid, 12, &[1, 3]);
//! keep(&mut grid, 4, &[1, 2]);
//! keep(&mut grid, 10, &[2, 3]);
//! let steps = Technique::AlignedPairExclusion.find_all(&grid);
//! let pair = steps.iter().find(|s| s.pattern_cells() == [0, 12]).unwrap();
//! assert_eq!(pair.eliminations, [Candidate::new(0, 2)]);
//! ```

use std::ops::ControlFlow;

use super::als;
use super::cellset::CellSet;
use super::grid::{Grid, bit, digits_of};
use super::step::{Candidate, Step};
use super::technique::{Found, Technique};

/// A set of cells in one house that cannot lose too many digits.
struct Excluder {
    cells: CellSet,
    mask: u32,
}

impl Excluder {
    /// Whether the values `a` and `b` elsewhere would leave it too few digits.
    fn excludes(&self, a: u8, b: u8) -> bool {
        (self.mask & !bit(a) & !bit(b)).count_ones() < self.cells.len() as u32
    }
}

/// Finds aligned pair exclusions.
pub(super) fn find(grid: &Grid, _technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let open: Vec<usize> = grid.open_cells().iter().collect();
    let mut excluders: Vec<Excluder> = open
        .iter()
        .filter(|&&c| grid.mask(c).count_ones() <= 2)
        .map(|&c| Excluder {
            cells: [c].into_iter().collect(),
            mask: grid.mask(c),
        })
        .collect();
    excluders.extend(
        als::collect(grid, 2..=usize::MAX)
            .into_iter()
            .map(|a| Excluder {
                cells: a.cells,
                mask: a.mask,
            }),
    );
    for (i, &p) in open.iter().enumerate() {
        let seen_by_p: Vec<&Excluder> = excluders
            .iter()
            .filter(|e| e.cells.is_subset(&grid.peers(p)))
            .collect();
        for &q in &open[i + 1..] {
            let near: Vec<&Excluder> = seen_by_p
                .iter()
                .copied()
                .filter(|e| e.cells.is_subset(&grid.peers(q)))
                .collect();
            if near.is_empty() && !grid.sees(p, q) {
                continue;
            }
            pair(grid, [p, q], &near, found)?;
        }
    }
    ControlFlow::Continue(())
}

/// Checks every pair of values of the two cells.
fn pair(
    grid: &Grid,
    [p, q]: [usize; 2],
    near: &[&Excluder],
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    let aligned = grid.sees(p, q);
    let (mut p_alive, mut q_alive) = (0u32, 0u32);
    let mut used = CellSet::EMPTY;
    for a in digits_of(grid.mask(p)) {
        for b in digits_of(grid.mask(q)) {
            if a == b && aligned {
                continue;
            }
            match near.iter().find(|e| e.excludes(a, b)) {
                Some(excluder) => used |= excluder.cells,
                None => {
                    p_alive |= bit(a);
                    q_alive |= bit(b);
                }
            }
        }
    }
    let mut step = Step::new(Technique::AlignedPairExclusion);
    for (cell, alive) in [(p, p_alive), (q, q_alive)] {
        step.eliminations.extend(
            digits_of(grid.mask(cell) & !alive)
                .into_iter()
                .map(|d| Candidate::new(cell, d)),
        );
        step.pattern.extend(
            digits_of(grid.mask(cell))
                .into_iter()
                .map(|d| Candidate::new(cell, d)),
        );
    }
    if step.eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    step.extra = grid.candidates_in(used.iter(), u32::MAX);
    found(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    /// An empty 9×9 grid where each listed cell keeps only its digits.
    fn grid_with(cells: &[(usize, &[u8])]) -> Grid {
        let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
        for &(cell, digits) in cells {
            for d in (1..=9).filter(|d| !digits.contains(d)) {
                grid.eliminate(cell, d);
            }
        }
        grid
    }

    fn eliminations_for(grid: &Grid, cells: [usize; 2]) -> Vec<Candidate> {
        Technique::AlignedPairExclusion
            .find_all(grid)
            .into_iter()
            .find(|s| s.pattern_cells() == cells)
            .map(|s| s.eliminations)
            .unwrap_or_default()
    }

    /// r1c1 {1,2} and r2c4 {1,3} do not see each other. r1c1 = 2 would make
    /// the ALS r1c5 {1,4}, r1c6 {2,4} r1c5 = 1 (so r2c4 = 3), and r2c4 = 3
    /// with r1c1 = 2 empties r2c2 {2,3}: 2 leaves r1c1 (solution: r1c1 = 1,
    /// r1c5 = 4, r1c6 = 2, r2c4 and r2c2 free).
    #[test]
    fn an_almost_locked_set_excludes_a_pair() {
        let grid = grid_with(&[
            (0, &[1, 2]),
            (12, &[1, 3]),
            (4, &[1, 4]),
            (5, &[2, 4]),
            (10, &[2, 3]),
        ]);
        assert_eq!(eliminations_for(&grid, [0, 12]), [Candidate::new(0, 2)]);
    }

    /// r1c1 {1,2} and r1c2 {2,3} see each other (row 1, box 1). (1,2) empties
    /// r1c9 {1,2}, (1,3) empties r2c3 {1,3}, (2,2) repeats a digit: r1c1
    /// loses 1 and r1c2 loses 2 (solution: r1c1 = 2, r1c2 = 3, r1c9 = 1,
    /// r2c3 = 1).
    #[test]
    fn aligned_cells_cannot_share_a_value() {
        let grid = grid_with(&[(0, &[1, 2]), (1, &[2, 3]), (8, &[1, 2]), (11, &[1, 3])]);
        assert_eq!(
            eliminations_for(&grid, [0, 1]),
            [Candidate::new(0, 1), Candidate::new(1, 2)]
        );
    }
}
