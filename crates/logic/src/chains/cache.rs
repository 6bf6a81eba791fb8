//! The last grid's loop and AIC steps, per thread: a solver tries the
//! continuous loops, the discontinuous loops and the AICs one after another
//! on the same grid, and one search serves all three.

use std::cell::RefCell;
use std::sync::Arc;

use super::super::budget::poll;
use super::super::grid::{Geometry, Grid};
use super::super::step::Step;
use super::Kind;

/// The steps of every kind found in one grid, plain or grouped.
struct Entry {
    /// Held, so that no other geometry can take its address.
    geometry: Arc<Geometry>,
    values: Vec<u8>,
    masks: Vec<u32>,
    grouped: bool,
    steps: [Vec<Step>; 3],
}

impl Entry {
    fn is_for(&self, grid: &Grid, grouped: bool) -> bool {
        self.grouped == grouped
            && Arc::ptr_eq(&self.geometry, grid.geometry())
            && self.values == grid.values()
            && self
                .masks
                .iter()
                .enumerate()
                .all(|(c, &m)| grid.mask(c) == m)
    }
}

thread_local! {
    static LAST: RefCell<Option<Entry>> = const { RefCell::new(None) };
}

/// The steps of `kind` in `grid`, found by `search` (which returns the
/// steps of every kind) unless the last grid searched on this thread had
/// the same geometry, digits and candidates. A search cut off by the
/// budget is not kept.
pub(super) fn steps(
    grid: &Grid,
    grouped: bool,
    kind: Kind,
    search: impl FnOnce() -> [Vec<Step>; 3],
) -> Vec<Step> {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some(entry) = last.as_ref().filter(|e| e.is_for(grid, grouped)) {
            return entry.steps[kind as usize].clone();
        }
        let steps = search();
        let wanted = steps[kind as usize].clone();
        // A search the budget cut off found only some of the steps.
        if poll().is_break() {
            return wanted;
        }
        let cells = grid.values().len();
        *last = Some(Entry {
            geometry: Arc::clone(grid.geometry()),
            values: grid.values().to_vec(),
            masks: (0..cells).map(|c| grid.mask(c)).collect(),
            grouped,
            steps,
        });
        wanted
    })
}
