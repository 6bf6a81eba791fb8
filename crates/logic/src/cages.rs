//! Killer cages: the combinations a cage's sum allows.
//!
//! A cage's cells hold different digits adding up to its sum. Every way of
//! filling the cage from its cells' candidates (different digits, the right
//! total) is tried;
//! a candidate no such filling uses is removed. A 2-cell cage of sum 3 can
//! only be {1, 2}; a 3-cell cage of 23 only {6, 8, 9}.
//!
//! Killer puzzles only (other variants have no cages); it works on every
//! size. HoDoKu and Sudoku Explainer have no killer techniques, so it has no
//! code there; it is rated like a locked candidate (HoDoKu medium, 50; SE
//! 2.6).
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::{Cage, Rules};
//!
//! let rules = Rules::classic(4).unwrap().with_cage(Cage { cells: vec![0, 1], sum: Some(3) }).unwrap();
//! let grid = Grid::with_values(&rules, &[0; 16]);
//! let step = Technique::CageCombination.find_first(&grid).unwrap();
//! assert_eq!(step.text(&grid), "Cage combination {1,2} in r1c1, r1c2: remove 3, 4 from r1c1, r1c2");
//! ```

use std::ops::ControlFlow;

use super::budget::tick;
use super::grid::{Grid, bit};
use super::step::{Candidate, Found, Step};
use super::technique::Technique;

/// Finds cages whose sum rules out some of their cells' candidates.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    for cage in grid.cages() {
        let open: Vec<usize> = cage
            .cells
            .iter()
            .copied()
            .filter(|&c| grid.value(c) == 0)
            .collect();
        if open.is_empty() {
            continue;
        }
        let placed: u32 = cage.cells.iter().map(|&c| u32::from(grid.value(c))).sum();
        // A cage without a sum only keeps its digits apart: its cells are
        // peers already.
        let Some(left) = cage.sum.and_then(|sum| sum.checked_sub(placed)) else {
            continue;
        };
        let taken = cage
            .cells
            .iter()
            .filter(|&&c| grid.value(c) != 0)
            .fold(0, |m, &c| m | bit(grid.value(c)));
        let mut used = vec![0u32; open.len()];
        let mut digits = vec![0u8; open.len()];
        fill(grid, &open, 0, left, taken, &mut digits, &mut used)?;
        let mut step = Step::new(technique);
        for (k, &cell) in open.iter().enumerate() {
            for digit in grid.digits(cell) {
                let candidate = Candidate::new(cell, digit);
                match used[k] & bit(digit) != 0 {
                    true => step.pattern.push(candidate),
                    false => step.eliminations.push(candidate),
                }
            }
        }
        if !step.eliminations.is_empty() {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Tries every filling of `open[k..]` adding up to `left` with digits
/// outside `taken`; records in `used` the digits each cell takes in some
/// complete filling; breaks when the budget of the search is spent.
fn fill(
    grid: &Grid,
    open: &[usize],
    k: usize,
    left: u32,
    taken: u32,
    digits: &mut [u8],
    used: &mut [u32],
) -> ControlFlow<()> {
    tick()?;
    if k == open.len() {
        if left == 0 {
            for (slot, &digit) in used.iter_mut().zip(digits.iter()) {
                *slot |= bit(digit);
            }
        }
        return ControlFlow::Continue(());
    }
    // The cells after this one need at least the smallest and at most the
    // largest distinct digits: prune fillings that cannot reach `left`.
    let rest = (open.len() - k - 1) as u32;
    let size = grid.size() as u32;
    let (least, most) = (rest * (rest + 1) / 2, rest * (2 * size - rest + 1) / 2);
    for digit in grid.digits(open[k]) {
        let Some(after) = left.checked_sub(u32::from(digit)) else {
            continue;
        };
        if taken & bit(digit) != 0 || after < least || after > most {
            continue;
        }
        digits[k] = digit;
        fill(grid, open, k + 1, after, taken | bit(digit), digits, used)?;
    }
    ControlFlow::Continue(())
}
