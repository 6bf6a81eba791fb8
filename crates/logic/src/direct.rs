//! Sudoku Explainer's "direct" hints: a locked-candidates or hidden-subset
//! step whose eliminations leave a digit with one place in a house, taken
//! together with that hidden single. SE rates them below the naked single
//! (direct pointing 1.7, direct claiming 1.9, direct hidden pair 2.0,
//! direct hidden triple 2.5), so they shape the ratings of easy puzzles.
//!
//! They hold wherever their base technique and hidden singles hold: every
//! variant.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // Box 1's 1 points along row 1; box 3's 1 is left in r1c7..r1c9 and
//! // r2c7, so clearing row 1 leaves r2c7 as box 3's only place for 1.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for cell in [9, 10, 11, 18, 19, 20] {
//!     grid.eliminate(cell, 1); // box 1: 1 only in row 1
//! }
//! for cell in [16, 17, 24, 25, 26] {
//!     grid.eliminate(cell, 1); // box 3: 1 only in r1c7..r1c9 and r2c7
//! }
//! let step = Technique::DirectPointing.find_first(&grid).unwrap();
//! assert!(step.text(&grid).ends_with("r2c7 = 1; remove 1 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9"));
//! ```

use std::ops::ControlFlow;

use super::grid::Grid;
use super::step::{Candidate, Found, Step};
use super::technique::Technique;

/// Finds the direct form of the technique's base.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let base = match technique {
        Technique::DirectPointing => Technique::Pointing,
        Technique::DirectClaiming => Technique::Claiming,
        Technique::DirectHiddenPair => Technique::HiddenPair,
        _ => Technique::HiddenTriple,
    };
    base.find(grid, &mut |step| match single_after(grid, &step) {
        Some(placement) => {
            let mut direct = step;
            direct.technique = technique;
            direct.placements.push(placement);
            found(direct)
        }
        None => ControlFlow::Continue(()),
    })
}

/// The hidden single the step's eliminations create, if any: a house of an
/// eliminated candidate where its digit had more places and now has one.
fn single_after(grid: &Grid, step: &Step) -> Option<Candidate> {
    let mut after = grid.clone();
    after.apply(step);
    step.eliminations.iter().find_map(|removed| {
        grid.cell_houses(removed.cell).iter().find_map(|&house| {
            let places = after.cells_with(removed.digit) & after.house_cells(house);
            let before = grid.cells_with(removed.digit) & grid.house_cells(house);
            let cell = places.first_cell()?;
            (places.len() == 1 && before.len() > 1).then(|| Candidate::new(cell, removed.digit))
        })
    })
}
