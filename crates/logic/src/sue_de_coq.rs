//! Sue de Coq (HoDoKu's definition, with its extended variant).
//!
//! Take two or three open cells `C` where a line meets a box, holding the
//! digits `V` with at least two more digits than cells. Add cells `L` from
//! the rest of the line and cells `B` from the rest of the box, each sharing
//! a digit with `V`, such that `L` and `B` share no digit and the digits of
//! `C ∪ L ∪ B` number exactly its cells. Every digit of the pattern then
//! appears in it at most once (a digit of `L` lives in the line, one of `B`
//! in the box, one of `C` alone in both), so each appears exactly once:
//!
//! * digits of `L` leave the rest of the line;
//! * digits of `B` leave the rest of the box;
//! * digits only `C` holds leave both.
//!
//! The argument needs only that `C` lies in two houses, so any two houses
//! meeting in two or more cells are used: box and line in classic grids,
//! jigsaw regions, windows and diagonals in variants.
//!
//! ```
//! use fdoku_logic::{Candidate, Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // r1c1 {1,2,3}, r1c2 {1,2,3,4} in row 1 and box 1 hold four digits in two
//! // cells; r1c5 {1,2} takes one of 1/2 in the row, r2c1 {3,4} one of 3/4 in
//! // the box. 1 and 2 leave the rest of row 1, 3 and 4 the rest of box 1.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! let keep = |grid: &mut Grid, cell: usize, digits: &[u8]| {
//!     for d in (1..=9).filter(|d| !digits.contains(d)) {
//!         grid.eliminate(cell, d);
//!     }
//! };
//! keep(&mut grid, 0, &[1, 2, 3]);
//! keep(&mut grid, 1, &[1, 2, 3, 4]);
//! keep(&mut grid, 4, &[1, 2]);
//! keep(&mut grid, 9, &[3, 4]);
//! let steps = Technique::SueDeCoq.find_all(&grid);
//! let outside = |s: &fdoku_logic::Step| s.extra.iter().map(|c| c.cell).collect::<Vec<_>>();
//! let step = steps.iter().find(|s| outside(s) == [4, 4, 9, 9]).unwrap();
//! assert!(step.eliminations.contains(&Candidate::new(8, 2))); // r1c9 loses 2
//! assert!(step.eliminations.contains(&Candidate::new(20, 4))); // r3c3 loses 4
//! assert!(!step.eliminations.contains(&Candidate::new(20, 1)));
//! ```

use std::ops::ControlFlow;

use super::budget::tick;
use super::cellset::CellSet;
use super::combinations::for_each_combination;
use super::grid::{Grid, digits_of};
use super::step::{Candidate, Found, Step};
use super::technique::Technique;

/// The most cells taken from the rest of a house: all of them in 9×9 grids,
/// three on larger ones (bounding the search).
fn max_side_cells(size: usize) -> usize {
    if size <= 9 { 6 } else { 3 }
}

/// A set of cells from one side, with their digits.
struct Side {
    cells: CellSet,
    mask: u32,
}

/// Finds Sue de Coq steps.
pub(super) fn find(grid: &Grid, _technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let open = grid.open_cells();
    let houses = grid.houses().len();
    for line in 0..houses {
        for block in line + 1..houses {
            let line_cells = grid.house_cells(line);
            let block_cells = grid.house_cells(block);
            let middle: Vec<usize> = (line_cells & block_cells & open).iter().collect();
            for size in 2..=middle.len().min(3) {
                for_each_combination(&middle, size, &mut |pick| {
                    tick()?;
                    let core = Core {
                        houses: [line, block],
                        cells: pick.iter().copied().collect(),
                        mask: pick.iter().fold(0, |m, &c| m | grid.mask(c)),
                    };
                    if core.mask.count_ones() as usize >= size + 2 {
                        search(grid, &core, found)?;
                    }
                    ControlFlow::Continue(())
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The intersection cells of a candidate Sue de Coq.
struct Core {
    houses: [usize; 2],
    cells: CellSet,
    mask: u32,
}

fn search(grid: &Grid, core: &Core, found: &mut Found<'_>) -> ControlFlow<()> {
    let [line, block] = core.houses;
    let (line_cells, block_cells) = (grid.house_cells(line), grid.house_cells(block));
    let line_sides = sides(grid, core, line_cells - block_cells);
    let block_sides = sides(grid, core, block_cells - line_cells);
    let needed = core.cells.len();
    for l in &line_sides {
        for b in block_sides.iter().filter(|b| b.mask & l.mask == 0) {
            tick()?;
            let all = core.mask | l.mask | b.mask;
            if all.count_ones() as usize != needed + l.cells.len() + b.cells.len() {
                continue;
            }
            let only_core = core.mask & !l.mask & !b.mask;
            let pattern = core.cells | l.cells | b.cells;
            let mut step = Step::new(Technique::SueDeCoq);
            step.houses = core.houses.to_vec();
            for (house, mask) in [(line, l.mask | only_core), (block, b.mask | only_core)] {
                for digit in digits_of(mask) {
                    let targets = grid.house_cells(house) & (grid.cells_with(digit) - pattern);
                    step.eliminations
                        .extend(targets.iter().map(|c| Candidate::new(c, digit)));
                }
            }
            if step.eliminations.is_empty() {
                continue;
            }
            step.eliminations.sort_unstable();
            step.eliminations.dedup();
            step.pattern = candidates(grid, core.cells);
            step.extra = candidates(grid, l.cells | b.cells);
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Every non-empty set of open cells of `rest` whose cells each share a digit
/// with the core, and with at most as many digits beyond their count as the
/// core has cells (a larger surplus can never balance the count).
fn sides(grid: &Grid, core: &Core, rest: CellSet) -> Vec<Side> {
    let cells: Vec<usize> = (rest & grid.open_cells())
        .iter()
        .filter(|&c| grid.mask(c) & core.mask != 0)
        .collect();
    let mut sides = Vec::new();
    let surplus = core.cells.len();
    for size in 1..=cells.len().min(max_side_cells(grid.size())) {
        let _ = for_each_combination(&cells, size, &mut |pick| {
            // Cut off, the sides are partial: the search's caller drops them.
            tick()?;
            let mask = pick.iter().fold(0, |m, &c| m | grid.mask(c));
            if mask.count_ones() as usize <= size + surplus {
                sides.push(Side {
                    cells: pick.iter().copied().collect(),
                    mask,
                });
            }
            ControlFlow::Continue(())
        });
    }
    sides
}

fn candidates(grid: &Grid, cells: CellSet) -> Vec<Candidate> {
    grid.candidates_in(cells.iter(), u32::MAX)
}
