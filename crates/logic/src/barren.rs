//! What one digit's search found nothing in, remembered per thread, so the
//! next search of a grid where that digit's candidates have not changed is
//! skipped.
//!
//! A path asks the costly pattern finders (Franken fish, basic and finned
//! fish) again at every step, and most steps change the candidates of a
//! few digits only. These finders look at one digit at a time, and what
//! they find for a digit depends on nothing but the grid's geometry (its
//! houses and peers) and where that digit's candidates are. So "technique
//! `t`, searched for digit `d` with candidates in cells `c` on this
//! geometry, finds nothing" stays true: the search of another grid with
//! the same geometry and the same cells for `d` finds nothing too.
//!
//! Each (technique, part, digit) keeps the last such fact; `part` tells
//! apart searches a finder runs separately for one digit (fish: rows as
//! base, then columns). The entry holds the geometry (an `Arc`, so its
//! address cannot be reused for another while it is remembered).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use super::cellset::CellSet;
use super::grid::{Geometry, Grid};
use super::technique::Technique;

/// A search of one digit: the technique, the finder's own part, the digit.
type Key = (Technique, u8, u8);

thread_local! {
    /// Per search, the geometry and the digit's cells it last found nothing in.
    static BARREN: RefCell<HashMap<Key, (Arc<Geometry>, CellSet)>> =
        RefCell::new(HashMap::new());
}

/// Whether this search is known to find nothing in `grid`.
pub(crate) fn known(grid: &Grid, technique: Technique, part: u8, digit: u8) -> bool {
    BARREN.with_borrow(|barren| {
        barren
            .get(&(technique, part, digit))
            .is_some_and(|(geometry, cells)| {
                Arc::ptr_eq(geometry, grid.geometry()) && *cells == grid.cells_with(digit)
            })
    })
}

/// Records that this search, run to its end, found nothing in `grid`.
pub(crate) fn record(grid: &Grid, technique: Technique, part: u8, digit: u8) {
    BARREN.with_borrow_mut(|barren| {
        let entry = (Arc::clone(grid.geometry()), grid.cells_with(digit));
        barren.insert((technique, part, digit), entry);
    });
}
