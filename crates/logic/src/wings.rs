//! Wings: short patterns of bivalue cells that trap one digit.
//!
//! * **XY-wing** — a pivot `{x,y}` sees two pincers `{x,z}` and `{y,z}`
//!   (all three bivalue). Whatever the pivot holds, one pincer is `z`, so
//!   `z` leaves every cell seeing both pincers.
//! * **XYZ-wing** — the pivot holds `{x,y,z}` and the pincers `{x,z}` and
//!   `{y,z}`: one of the three cells is `z`, so `z` leaves every cell seeing
//!   all three.
//! * **W-wing** — two bivalue cells `{x,y}` that do not see each other, and
//!   a strong link on `x` (a house where `x` has exactly two places, neither
//!   of them a wing cell) whose ends see one wing cell each. Both wing cells
//!   cannot be `x`, so one of them is `y`, and `y` leaves every cell seeing
//!   both. The step's links spell the chain `y = x - x = x - x = y`.
//!
//! They only use peers and houses, so they hold for every size and variant
//! (killer cage mates count as peers).
//!
//! ```
//! use fdoku_logic::{Grid, Technique, bit};
//! use fdoku_sudoku::Rules;
//!
//! // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for (cell, keep) in [(0, bit(1) | bit(2)), (4, bit(1) | bit(3)), (36, bit(2) | bit(3))] {
//!     for digit in 1..=9 {
//!         if keep & bit(digit) == 0 {
//!             grid.eliminate(cell, digit);
//!         }
//!     }
//! }
//! let step = Technique::XYWing.find_first(&grid).unwrap();
//! assert_eq!(step.text(&grid), "XY-wing {1,2,3} in r1c1, r1c5, r5c1: remove 3 from r5c5");
//! ```

use std::ops::ControlFlow;

use super::budget::tick;
use super::cellset::CellSet;
use super::grid::{Grid, digits_of};
use super::step::{Candidate, Found, Link, LinkKind, Node, Step};
use super::technique::Technique;

/// Finds XY-wings, XYZ-wings or W-wings.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    match technique {
        Technique::XYWing => xy_wings(grid, found),
        Technique::XYZWing => xyz_wings(grid, found),
        _ => w_wings(grid, found),
    }
}

/// The open cells with exactly two candidates.
fn bivalue_cells(grid: &Grid) -> Vec<usize> {
    grid.open_cells()
        .iter()
        .filter(|&c| grid.mask(c).count_ones() == 2)
        .collect()
}

/// `digit` removed from every cell of `targets` that still has it.
fn eliminations(grid: &Grid, targets: CellSet, digit: u8) -> Vec<Candidate> {
    (targets & grid.cells_with(digit))
        .iter()
        .map(|c| Candidate::new(c, digit))
        .collect()
}

/// Every candidate of the cells, sorted.
fn all_candidates(grid: &Grid, cells: &[usize]) -> Vec<Candidate> {
    let mut candidates = grid.candidates_in(cells.iter().copied(), u32::MAX);
    candidates.sort_unstable();
    candidates
}

/// The single digit of a one-bit mask.
fn only_digit(mask: u32) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

fn xy_wings(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let bivalue = bivalue_cells(grid);
    for &pivot in &bivalue {
        let pivot_mask = grid.mask(pivot);
        // Pincers share exactly one digit with the pivot.
        let pincers: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| grid.sees(pivot, c) && (grid.mask(c) & pivot_mask).count_ones() == 1)
            .collect();
        for (i, &first) in pincers.iter().enumerate() {
            for &second in &pincers[i + 1..] {
                tick()?;
                let (m1, m2) = (grid.mask(first), grid.mask(second));
                let z_mask = m1 & m2 & !pivot_mask;
                // Each pincer takes a different pivot digit, and they share z.
                if z_mask == 0 || (m1 & pivot_mask) == (m2 & pivot_mask) {
                    continue;
                }
                let z = only_digit(z_mask);
                let pincer_set: CellSet = [first, second].into_iter().collect();
                let removed = eliminations(grid, grid.seen_by_all(&pincer_set), z);
                if removed.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::XYWing);
                step.pattern = all_candidates(grid, &[pivot, first, second]);
                step.eliminations = removed;
                found(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn xyz_wings(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let bivalue = bivalue_cells(grid);
    for pivot in grid.open_cells().iter() {
        let pivot_mask = grid.mask(pivot);
        if pivot_mask.count_ones() != 3 {
            continue;
        }
        let pincers: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| grid.sees(pivot, c) && grid.mask(c) & !pivot_mask == 0)
            .collect();
        for (i, &first) in pincers.iter().enumerate() {
            for &second in &pincers[i + 1..] {
                tick()?;
                let (m1, m2) = (grid.mask(first), grid.mask(second));
                if m1 == m2 {
                    continue;
                }
                // Two different pairs of a triple share exactly one digit.
                let z = only_digit(m1 & m2);
                let wing: CellSet = [pivot, first, second].into_iter().collect();
                let removed = eliminations(grid, grid.seen_by_all(&wing), z);
                if removed.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::XYZWing);
                step.pattern = all_candidates(grid, &[pivot, first, second]);
                step.eliminations = removed;
                found(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn w_wings(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let bivalue = bivalue_cells(grid);
    for (i, &first) in bivalue.iter().enumerate() {
        let mask = grid.mask(first);
        for &second in &bivalue[i + 1..] {
            tick()?;
            if grid.mask(second) != mask || grid.sees(first, second) {
                continue;
            }
            let ends: CellSet = [first, second].into_iter().collect();
            let targets = grid.seen_by_all(&ends);
            for (link_digit, removed_digit) in digit_pairs(mask) {
                let removed = eliminations(grid, targets, removed_digit);
                if removed.is_empty() {
                    continue;
                }
                let Some((house, near, far)) = strong_link(grid, first, second, link_digit) else {
                    continue;
                };
                let mut step = Step::new(Technique::WWing);
                step.houses = vec![house];
                step.pattern = all_candidates(grid, &[first, second]);
                step.links = w_chain([first, near, far, second], link_digit, removed_digit);
                step.eliminations = removed;
                found(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Both orders of the two digits of a bivalue mask.
fn digit_pairs(mask: u32) -> [(u8, u8); 2] {
    let digits = digits_of(mask);
    [(digits[0], digits[1]), (digits[1], digits[0])]
}

/// The first house where `digit` has exactly two places, neither a wing
/// cell, one seeing `first` and the other `second`: (house, near `first`,
/// near `second`).
fn strong_link(
    grid: &Grid,
    first: usize,
    second: usize,
    digit: u8,
) -> Option<(usize, usize, usize)> {
    (0..grid.houses().len()).find_map(|house| {
        let places = grid.house_cells(house) & grid.cells_with(digit);
        if places.len() != 2 || places.contains(first) || places.contains(second) {
            return None;
        }
        let mut cells = places.iter();
        let (a, b) = (cells.next()?, cells.next()?);
        if grid.sees(a, first) && grid.sees(b, second) {
            Some((house, a, b))
        } else if grid.sees(b, first) && grid.sees(a, second) {
            Some((house, b, a))
        } else {
            None
        }
    })
}

/// `y(first) = x(first) - x(near) = x(far) - x(second) = y(second)`.
fn w_chain(cells: [usize; 4], x: u8, y: u8) -> Vec<Link> {
    let [first, near, far, second] = cells;
    let node = |cell: usize, digit: u8| Node {
        cells: vec![cell],
        digit,
    };
    let link = |from: Node, to: Node, kind: LinkKind| Link { from, to, kind };
    vec![
        link(node(first, y), node(first, x), LinkKind::Strong),
        link(node(first, x), node(near, x), LinkKind::Weak),
        link(node(near, x), node(far, x), LinkKind::Strong),
        link(node(far, x), node(second, x), LinkKind::Weak),
        link(node(second, x), node(second, y), LinkKind::Strong),
    ]
}

#[cfg(test)]
mod tests {
    // A panic is how a test reports a failure.
    #![allow(clippy::unwrap_used)]

    use super::*;
    use fdoku_sudoku::Rules;

    #[test]
    fn w_wing_spells_its_chain() {
        let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
        // {1,2} in r1c1 and r5c9; in column 5, 1 is left in r1c5 and r5c5 only.
        for cell in [0, 44] {
            for digit in 3..=9 {
                grid.eliminate(cell, digit);
            }
        }
        for row in [1, 2, 3, 5, 6, 7, 8] {
            grid.eliminate(row * 9 + 4, 1);
        }
        let steps = Technique::WWing.find_all(&grid);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].text(&grid),
            "W-wing 2r1c1 = 1r1c1 - 1r1c5 = 1r5c5 - 1r5c9 = 2r5c9: remove 2 from r1c9, r5c1"
        );
    }
}
