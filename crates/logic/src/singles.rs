//! Singles: the placements every solver starts with.
//!
//! * **Full house** — a house with one open cell: it takes the missing digit.
//! * **Naked single** — a cell with one candidate left.
//! * **Hidden single** — a digit with one place left in a house (boxes are
//!   searched first: Sudoku Explainer rates them easier than lines).
//!
//! All three hold for every size and variant: they only use houses and peers.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::{Rules, format::parse_line};
//!
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let grid = Grid::new(&parse_line(line, &Rules::classic(9).unwrap()).unwrap());
//! let step = Technique::HiddenSingle.find_first(&grid).unwrap();
//! assert_eq!(step.text(&grid), "Hidden single in box 1: r2c2 = 6");
//! ```

use std::ops::ControlFlow;

use super::grid::{Grid, digits_of};
use super::step::{Found, Step};
use super::technique::Technique;
use fdoku_sudoku::HouseKind;

/// Finds full houses, naked singles or hidden singles.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    match technique {
        Technique::FullHouse => full_houses(grid, found),
        Technique::NakedSingle => naked_singles(grid, found),
        _ => hidden_singles(grid, found),
    }
}

fn full_houses(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let open = grid.open_cells();
    for house in 0..grid.houses().len() {
        let left = grid.house_cells(house) & open;
        if left.len() != 1 {
            continue;
        }
        let Some(cell) = left.first_cell() else {
            continue;
        };
        if grid.mask(cell).count_ones() != 1 {
            continue;
        }
        let digit = digits_of(grid.mask(cell))[0];
        let mut step = Step::placing(Technique::FullHouse, cell, digit);
        step.houses.push(house);
        found(step)?;
    }
    ControlFlow::Continue(())
}

fn naked_singles(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for cell in grid.open_cells().iter() {
        if grid.mask(cell).count_ones() == 1 {
            let digit = digits_of(grid.mask(cell))[0];
            found(Step::placing(Technique::NakedSingle, cell, digit))?;
        }
    }
    ControlFlow::Continue(())
}

fn hidden_singles(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let is_line = |h: usize| matches!(grid.house_kind(h), HouseKind::Row | HouseKind::Column);
    let boxes_first = (0..grid.houses().len())
        .filter(|&h| !is_line(h))
        .chain((0..grid.houses().len()).filter(|&h| is_line(h)));
    for house in boxes_first {
        let cells = grid.house_cells(house);
        for digit in 1..=grid.size() as u8 {
            let places = grid.cells_with(digit) & cells;
            if places.len() == 1 {
                let Some(cell) = places.first_cell() else {
                    continue;
                };
                let mut step = Step::placing(Technique::HiddenSingle, cell, digit);
                step.houses.push(house);
                found(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}
