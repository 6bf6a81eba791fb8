//! Naked and hidden subsets (pairs, triples, quads) and locked pairs/triples.
//!
//! * **Naked subset** — k cells of a house whose candidates together are k
//!   digits: those digits go in those cells, so they leave every other cell
//!   of each house containing all k cells.
//! * **Locked pair/triple** — a naked pair/triple lying in two houses at once
//!   (a box and a line): HoDoKu names it apart, as it clears both houses.
//! * **Hidden subset** — k digits whose places in a house are the same k
//!   cells: those cells hold nothing else.
//!
//! Houses are all the grid's houses, so subsets work in every variant.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for digit in [1, 2, 4, 5, 6, 8, 9] {
//!     grid.eliminate(28, digit);
//!     grid.eliminate(34, digit);
//! }
//! let step = Technique::NakedPair.find_first(&grid).unwrap();
//! assert!(step.text(&grid).starts_with("Naked pair {3,7} in r4c2, r4c8 (row 4): remove 3, 7 from r4c1, r4c3"));
//! ```

use std::ops::ControlFlow;

use super::budget::tick;
use super::cellset::CellSet;
use super::combinations::for_each_combination;
use super::grid::{Grid, bit, digits_of};
use super::step::{Candidate, Found, Step};
use super::technique::Technique;

/// Finds naked, locked or hidden subsets of the technique's size.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    use Technique::*;
    match technique {
        NakedPair => naked(grid, technique, 2, found),
        NakedTriple => naked(grid, technique, 3, found),
        NakedQuad => naked(grid, technique, 4, found),
        LockedPair => naked(grid, technique, 2, found),
        LockedTriple => naked(grid, technique, 3, found),
        HiddenPair => hidden(grid, technique, 2, found),
        HiddenTriple => hidden(grid, technique, 3, found),
        _ => hidden(grid, technique, 4, found),
    }
}

fn naked(grid: &Grid, technique: Technique, k: usize, found: &mut Found<'_>) -> ControlFlow<()> {
    let locked = matches!(technique, Technique::LockedPair | Technique::LockedTriple);
    let open = grid.open_cells();
    for house in 0..grid.houses().len() {
        let cells: Vec<usize> = (grid.house_cells(house) & open)
            .iter()
            .filter(|&c| (grid.mask(c).count_ones() as usize) <= k)
            .collect();
        for_each_combination(&cells, k, &mut |pick| {
            tick()?;
            let union = pick.iter().fold(0, |m, &c| m | grid.mask(c));
            if union.count_ones() as usize != k {
                return ControlFlow::Continue(());
            }
            let pick_set: CellSet = pick.iter().copied().collect();
            let shared: Vec<usize> = grid
                .cell_houses(pick[0])
                .iter()
                .copied()
                .filter(|&h| pick_set.is_subset(&grid.house_cells(h)))
                .collect();
            // Each subset is reported once, from the first house holding it;
            // a locked one must lie in a box and a line.
            if shared[0] != house || (locked && !is_box_and_line(grid, &shared)) {
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(technique);
            step.houses = if locked { shared.clone() } else { vec![house] };
            let targets = shared
                .iter()
                .fold(CellSet::EMPTY, |s, &h| s | grid.house_cells(h))
                - pick_set;
            for digit in digits_of(union) {
                step.pattern
                    .extend(pick.iter().map(|&c| Candidate::new(c, digit)));
                for cell in (targets & grid.cells_with(digit)).iter() {
                    step.eliminations.push(Candidate::new(cell, digit));
                }
            }
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            step.pattern.sort_unstable();
            step.eliminations.sort_unstable();
            found(step)
        })?;
    }
    ControlFlow::Continue(())
}

fn is_box_and_line(grid: &Grid, houses: &[usize]) -> bool {
    use fdoku_sudoku::HouseKind::{Box, Column, Row};
    let kinds: Vec<_> = houses.iter().map(|&h| grid.house_kind(h)).collect();
    kinds.contains(&Box) && (kinds.contains(&Row) || kinds.contains(&Column))
}

fn hidden(grid: &Grid, technique: Technique, k: usize, found: &mut Found<'_>) -> ControlFlow<()> {
    for house in 0..grid.houses().len() {
        let cells = grid.house_cells(house);
        let open = (cells & grid.open_cells()).len();
        let digits: Vec<u8> = (1..=grid.size() as u8)
            .filter(|&d| (1..=k).contains(&(grid.cells_with(d) & cells).len()))
            .collect();
        if open <= k {
            continue;
        }
        for_each_combination(&digits, k, &mut |pick| {
            tick()?;
            let places = pick
                .iter()
                .fold(CellSet::EMPTY, |s, &d| s | (grid.cells_with(d) & cells));
            if places.len() != k {
                return ControlFlow::Continue(());
            }
            let keep = pick.iter().fold(0, |m, &d| m | bit(d));
            let mut step = Step::new(technique);
            step.houses = vec![house];
            for cell in places.iter() {
                for digit in digits_of(grid.mask(cell)) {
                    let candidate = Candidate::new(cell, digit);
                    if keep & bit(digit) != 0 {
                        step.pattern.push(candidate);
                    } else {
                        step.eliminations.push(candidate);
                    }
                }
            }
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            found(step)
        })?;
    }
    ControlFlow::Continue(())
}
