//! Parity lines read together with the houses they cross: along a line
//! odd and even digits alternate, and lines sharing cells join into one
//! chain, so a chain's cells fall in two sets, one odd and one even,
//! either way round (`alternation`). A house holds as many open cells of
//! each parity as it misses digits of that parity; where one way round
//! would put more cells of one parity in a house — the chain's own, with
//! those other chains or cells give it whichever way they go — than it
//! has such digits left, the other way holds.
//!
//! ```text
//! box 6 misses 1, 3, 4, 5, 6, 8, 9; lines put r4c7, r4c8, r4c9 on one
//! side and r5c7, r5c8 on the other, and r6c7–r6c8 on a line hold one of
//! each: were r4c7, r4c8, r4c9 even, box 6 would need four even digits
//! (it has 4, 6, 8), so they are odd and r5c7, r5c8 even
//! ```

use std::ops::ControlFlow;

use super::super::grid::Grid;
use super::super::step::Found;
use super::super::technique::Technique;
use super::{alternation, two_links};
use fdoku_sudoku::Element;

/// Reports the parity line chains of `grid` whose parities go one way
/// round only.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let lines = two_links::of_elements(grid, |element| {
        matches!(element, Element::ParityLine { .. })
    });
    if lines.is_empty() {
        return ControlFlow::Continue(());
    }
    let parity = alternation::parity(grid.size());
    alternation::find(grid, Technique::ParityChain, &lines, &parity, found)
}
