//! A variant constraint's step as SE's chaining follows it inside an
//! assumption: what it removes in the working grid (a placement removes the
//! cell's other candidates) and the cells it read, whose removals since the
//! assumption are its parents; and the deductions met so far, per element
//! and state of its cells, kept for one top-level search.
//!
//! ```text
//! arrow 1 (r1c1 ← r1c2, r1c3) reads r1c1–r1c3: with r1c2 and r1c3 at
//! least 1 and 2, r1c1 loses 1 and 2 — parents: removals in those cells
//! ```

use std::collections::HashMap;
use std::rc::Rc;

use crate::cellset::CellSet;
use crate::grid::{Grid, bit, digits_of};
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// What a constraint's step removes in a working grid (its placements
/// remove the cells' other candidates) and the cells it read.
pub(super) struct Deduction {
    pub removals: Vec<Candidate>,
    pub read: CellSet,
}

/// The constraints' deductions per element and state of its cells, kept
/// for one top-level search (see `variants::reads_own_cells_only`): the
/// assumptions of a search leave most elements in a few states.
pub(super) type Deductions = HashMap<(Technique, usize, Vec<u32>), Option<Rc<Deduction>>>;

impl Deduction {
    /// The deduction of `step`, found in `grid`: the cells it read are its
    /// elements', its pattern's and its targets', and its houses' when it
    /// names no element (a cage read against a house).
    pub(super) fn of(grid: &Grid, step: &Step) -> Self {
        let mut removals = step.eliminations.clone();
        for placed in &step.placements {
            let others = grid.mask(placed.cell) & !bit(placed.digit);
            removals.extend(
                digits_of(others)
                    .into_iter()
                    .map(|d| Candidate::new(placed.cell, d)),
            );
        }
        let mut read: CellSet = step
            .pattern
            .iter()
            .chain(&step.extra)
            .chain(&step.eliminations)
            .chain(&step.placements)
            .map(|c| c.cell)
            .collect();
        for &index in &step.elements {
            for cell in grid.rules().elements()[index].cells(grid.size()) {
                read.insert(cell);
            }
        }
        if step.elements.is_empty() {
            for &house in &step.houses {
                read |= grid.house_cells(house);
            }
        }
        Deduction { removals, read }
    }
}
