//! What a search found nothing in, remembered per thread, so that the same
//! search of a later grid where nothing it looks at has changed is skipped.
//!
//! A path asks every finder again at every step, and most steps change a
//! few candidates only. Many searches look at a small part of the grid: a
//! subset search at one house, Sue de Coq at one line and box, a fish at
//! one digit's candidates. What such a search finds depends on nothing but
//! that part (its *state*), so "this search, run to its end on this state,
//! found nothing" stays true: a later grid where the state is the same
//! holds nothing for it either.
//!
//! Each search place (a *slot* or a *key*) keeps the last state its search
//! found nothing in; [`known`](Slots::known) asks whether the state now is
//! that one, [`record`](Slots::record) replaces it. Two tables hold them,
//! each meant to live in a `thread_local!` of the finder using it:
//!
//! * [`Slots`], a fixed array, for places numbered in advance (subset
//!   searches per house, Sue de Coq per line and box);
//! * [`Keyed`], a map, for places named by a key whose range depends on
//!   the grid. This module keeps one for one-digit pattern finders (basic,
//!   finned and Franken fish): [`known`] and [`record`], keyed by
//!   technique, the finder's part and the digit, the state being the
//!   grid's geometry and that digit's cells.
//!
//! ```text
//! thread_local! {
//!     static BARREN: Slots<[u32; 9], 27> = const { Slots::new() };
//! }
//! let state = house_state(grid, house);
//! if BARREN.with(|barren| barren.known(house, &state)) {
//!     continue; // searched already, nothing there
//! }
//! // … search the house, return what it finds …
//! BARREN.with(|barren| barren.record(house, state));
//! ```
//!
//! The unit tests below run this pattern.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Arc;

use super::cellset::CellSet;
use super::grid::{Geometry, Grid};
use super::technique::Technique;

/// Per slot `0..N`, the state its search last found nothing in.
pub(crate) struct Slots<S, const N: usize> {
    states: RefCell<[Option<S>; N]>,
}

impl<S: Copy + PartialEq, const N: usize> Slots<S, N> {
    /// No search remembered.
    pub(crate) const fn new() -> Self {
        Self {
            states: RefCell::new([None; N]),
        }
    }

    /// Whether the search at `slot` is known to find nothing in `state`.
    pub(crate) fn known(&self, slot: usize, state: &S) -> bool {
        self.states.borrow()[slot].as_ref() == Some(state)
    }

    /// Records that the search at `slot`, run to its end, found nothing in
    /// `state`.
    pub(crate) fn record(&self, slot: usize, state: S) {
        self.states.borrow_mut()[slot] = Some(state);
    }
}

/// Per key, the state its search last found nothing in.
pub(crate) struct Keyed<K, S> {
    states: RefCell<HashMap<K, S>>,
}

impl<K: Eq + Hash, S> Keyed<K, S> {
    /// No search remembered.
    pub(crate) fn new() -> Self {
        Self {
            states: RefCell::new(HashMap::new()),
        }
    }

    /// Whether the search at `key` is known to find nothing in `state`
    /// (any form of state the stored one compares with).
    pub(crate) fn known<Q: ?Sized>(&self, key: &K, state: &Q) -> bool
    where
        S: PartialEq<Q>,
    {
        self.states.borrow().get(key).is_some_and(|s| s == state)
    }

    /// Records that the search at `key`, run to its end, found nothing in
    /// `state`.
    pub(crate) fn record(&self, key: K, state: S) {
        self.states.borrow_mut().insert(key, state);
    }
}

/// A one-digit search: the technique, the finder's own part (fish: rows as
/// base, then columns), the digit.
type DigitKey = (Technique, u8, u8);

/// Where a digit's candidates are, on which geometry. The `Arc` keeps the
/// geometry alive, so its address cannot be reused for another while it is
/// remembered.
struct DigitState {
    geometry: Arc<Geometry>,
    cells: CellSet,
}

/// A grid's geometry and a digit's cells in it, borrowed.
type DigitView<'g> = (&'g Arc<Geometry>, CellSet);

impl PartialEq<DigitView<'_>> for DigitState {
    fn eq(&self, (geometry, cells): &DigitView<'_>) -> bool {
        Arc::ptr_eq(&self.geometry, geometry) && self.cells == *cells
    }
}

thread_local! {
    /// The one-digit searches' states.
    static DIGITS: Keyed<DigitKey, DigitState> = Keyed::new();
}

/// Whether this one-digit search is known to find nothing in `grid`.
pub(crate) fn known(grid: &Grid, technique: Technique, part: u8, digit: u8) -> bool {
    let view = (grid.geometry(), grid.cells_with(digit));
    DIGITS.with(|digits| digits.known(&(technique, part, digit), &view))
}

/// Records that this one-digit search, run to its end, found nothing in
/// `grid`.
pub(crate) fn record(grid: &Grid, technique: Technique, part: u8, digit: u8) {
    let state = DigitState {
        geometry: Arc::clone(grid.geometry()),
        cells: grid.cells_with(digit),
    };
    DIGITS.with(|digits| digits.record((technique, part, digit), state));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search at one of three places: finds the place's number if it is
    /// in the state, counting its runs.
    fn search(state: &[u8; 2], place: usize, runs: &mut usize) -> Option<usize> {
        *runs += 1;
        state.contains(&(place as u8)).then_some(place)
    }

    #[test]
    fn slots_skip_a_search_only_in_the_state_it_found_nothing_in() {
        thread_local! {
            static BARREN: Slots<[u8; 2], 3> = const { Slots::new() };
        }
        let mut runs = 0;
        let mut memo_search = |state: [u8; 2], slot: usize| {
            if BARREN.with(|barren| barren.known(slot, &state)) {
                return None;
            }
            let found = search(&state, slot, &mut runs);
            if found.is_none() {
                BARREN.with(|barren| barren.record(slot, state));
            }
            found
        };
        assert_eq!(memo_search([7, 8], 1), None);
        assert_eq!(memo_search([7, 8], 1), None); // skipped
        assert_eq!(memo_search([7, 8], 2), None); // another slot
        assert_eq!(memo_search([1, 8], 1), Some(1)); // changed state
        assert_eq!(memo_search([7, 8], 1), None); // still remembered
        assert_eq!(memo_search([7, 9], 1), None); // replaces the state
        assert_eq!(memo_search([7, 8], 1), None); // forgotten: searched
        assert_eq!(runs, 5);
    }

    #[test]
    fn keyed_compares_the_stored_state_with_a_borrowed_form() {
        let barren: Keyed<&str, String> = Keyed::new();
        assert!(!barren.known(&"row", "12"));
        barren.record("row", "12".to_owned());
        assert!(barren.known(&"row", "12"));
        assert!(!barren.known(&"row", "13"));
        assert!(!barren.known(&"column", "12"));
        barren.record("row", "13".to_owned());
        assert!(!barren.known(&"row", "12"));
    }

    #[test]
    fn digits_need_the_same_geometry_and_cells() {
        let rules = fdoku_sudoku::Rules::classic(9).unwrap();
        let grid = Grid::with_values(&rules, &[0; 81]);
        assert!(!known(&grid, Technique::XWing, 0, 5));
        record(&grid, Technique::XWing, 0, 5);
        assert!(known(&grid, Technique::XWing, 0, 5));
        assert!(known(&grid.clone(), Technique::XWing, 0, 5));
        assert!(!known(&grid, Technique::XWing, 1, 5));
        assert!(!known(&grid, Technique::XWing, 0, 6));
        assert!(!known(&grid, Technique::Swordfish, 0, 5));
        let mut values = [0; 81];
        values[40] = 5;
        let placed = Grid::with_values(&rules, &values);
        assert!(!known(&placed, Technique::XWing, 0, 5));
        // Another geometry, equal or not, is another state.
        let twin = Grid::with_values(&rules, &[0; 81]);
        assert!(!known(&twin, Technique::XWing, 0, 5));
    }
}
