//! Almost locked sets as chain nodes: n cells of one house holding n + 1
//! digits. If one digit leaves the set, the other n are locked in it — so
//! "x nowhere in the set" is strongly linked to "z somewhere in the set"
//! for any two of its digits x and z.

use std::ops::ControlFlow;

use super::super::cellset::CellSet;
use super::super::combinations::for_each_combination;
use super::super::grid::Grid;

/// The most cells of an almost locked set used in chains.
const MAX_CELLS: usize = 6;

/// An almost locked set: its cells and their digits.
#[derive(Clone, Copy, Debug)]
pub(super) struct Als {
    pub cells: CellSet,
    pub mask: u32,
}

/// Every almost locked set of two to [`MAX_CELLS`] cells, each once.
pub(super) fn almost_locked_sets(grid: &Grid) -> Vec<Als> {
    let open = grid.open_cells();
    let mut sets: Vec<Als> = Vec::new();
    for house in 0..grid.houses().len() {
        let cells: Vec<usize> = (grid.house_cells(house) & open).iter().collect();
        for size in 2..=MAX_CELLS.min(cells.len().saturating_sub(1)) {
            let _ = for_each_combination(&cells, size, &mut |pick| {
                let mask = pick.iter().fold(0, |m, &c| m | grid.mask(c));
                if mask.count_ones() as usize == size + 1 {
                    let cells: CellSet = pick.iter().copied().collect();
                    if !sets.iter().any(|s| s.cells == cells) {
                        sets.push(Als { cells, mask });
                    }
                }
                ControlFlow::Continue(())
            });
        }
    }
    sets
}
