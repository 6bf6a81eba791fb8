//! Sudoku Explainer's chaining techniques, rated the way SE rates them:
//! forcing chains and cycles, Nishio, multiple (cell and region) and dynamic
//! forcing chains, and their nested forms.
//!
//! Each technique is one of SE's producers: it assumes candidates on or off,
//! propagates (see `propagation`), and reports every deduction it finds, easiest
//! first — by rating (the producer's base plus SE's length bonus on the
//! number of implications, nested chains included), then by size, then by
//! kind — one deduction per set of removals. The step carries the rating
//! ([`Step::explainer_rating`](crate::Step)) and its form
//! (contradiction, double, cell, region, cycle).
//!
//! Propagation uses houses, peers and the variant relations, so every
//! technique here holds in every size and variant; killer cage mates switch
//! each other off. From level 1 (dynamic forcing chains (+) and the nested
//! chains) an assumption also follows the variant constraints' own
//! deductions (an arrow's sum, a little killer's, a thermometer's bounds),
//! as HoDoKu's forcing nets do: without them a puzzle whose rules do much
//! of the work would reach the nested chains, which cannot see its sums.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::{Rules, format::parse_line};
//!
//! // Arto Inkala's "world's hardest": SE's first step is a dynamic forcing
//! // chain (+) rated 9.7 — assuming 3 in r1c4 makes 8 both true and false in
//! // r6c2 (locked candidates work inside the assumption).
//! let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
//! let grid = Grid::new(&parse_line(line, &Rules::classic(9).unwrap()).unwrap());
//! assert!(Technique::DynamicForcingChains.find_first(&grid).is_none());
//! let step = Technique::DynamicForcingChainsPlus.find_first(&grid).unwrap();
//! assert_eq!(step.explainer_rating, Some(97));
//! assert_eq!(step.form, Some("contradiction"));
//! assert!(step.text(&grid).ends_with("8r6c2: remove 3 from r1c4"));
//! ```

mod context;
mod deductions;
mod hint;
mod multiple;
mod potential;
mod propagation;
mod rules;
mod unary;

use std::ops::ControlFlow;

use context::Context;
pub(crate) use hint::length_bonus;
use propagation::Chaining;

use super::grid::Grid;
use super::step::Found;
use super::technique::Technique;

/// Reports every deduction of `technique` (one of SE's chaining producers).
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let Some(chaining) = producer(technique) else {
        return ControlFlow::Continue(());
    };
    let candidates: usize = grid
        .open_cells()
        .iter()
        .map(|c| grid.mask(c).count_ones() as usize)
        .sum();
    if (chaining.dynamic && candidates > DYNAMIC_CANDIDATES)
        || (chaining.level >= 2 && candidates > NESTED_CANDIDATES)
    {
        return ControlFlow::Continue(());
    }
    let context = Context::new(grid);
    for hint in chaining.hints(&context, grid) {
        found(hint.to_step(technique))?;
    }
    ControlFlow::Continue(())
}

/// Dynamic chains are not searched in grids with more candidates than this
/// (large sizes early on): each of thousands of assumptions would propagate
/// through thousands of candidates.
const DYNAMIC_CANDIDATES: usize = 1_000;

/// Nested chains (levels 2 to 5, SE's last resort for the hardest classic
/// puzzles, which have 300 candidates or fewer when they need them) are not
/// searched in grids with more candidates than this: a killer puzzle's
/// nearly empty grid would take hours.
const NESTED_CANDIDATES: usize = 400;

/// SE's settings for each producer.
fn producer(technique: Technique) -> Option<Chaining> {
    use Technique::*;
    let chaining = |multiple, dynamic, nishio, level| Chaining {
        multiple,
        dynamic,
        nishio,
        level,
    };
    Some(match technique {
        ForcingChainsAndCycles => chaining(false, false, false, 0),
        NishioForcingChains => chaining(false, true, true, 0),
        MultipleForcingChains => chaining(true, false, false, 0),
        DynamicForcingChains => chaining(true, true, false, 0),
        DynamicForcingChainsPlus => chaining(true, true, false, 1),
        NestedForcingChains => chaining(true, true, false, 2),
        NestedMultipleForcingChains => chaining(true, true, false, 3),
        NestedDynamicForcingChains => chaining(true, true, false, 4),
        NestedDynamicForcingChainsPlus => chaining(true, true, false, 5),
        _ => return None,
    })
}
