//! Kropki dots read together: two dots through one cell whose other cells
//! see each other (`two_links`) — three cells of a row joined by two white
//! dots hold a run of three with the middle one in the middle, never 1 or
//! N; a black-dot chain's middle holds 2 or 4 on 9×9 (1-2-4, 2-4-8) — and
//! the parity of a chain of white dots of odd difference, which alternates
//! from cell to cell (`alternation`): where one house would hold more
//! cells of one parity than it has such digits, the parities go the other
//! way round.

use std::ops::ControlFlow;

use super::super::grid::Grid;
use super::super::step::Found;
use super::super::technique::Technique;
use super::{CellLink, alternation, two_links};
use fdoku_sudoku::{Dot, Element};

/// Reports the dot chains of `grid`.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let dots = links(grid, |_, _| true);
    two_links::find(grid, Technique::DotChain, &dots, found)?;
    let odd = links(grid, |dot, value| dot == Dot::White && value % 2 == 1);
    let parity = alternation::parity(grid.size());
    alternation::find(grid, Technique::DotChain, &odd, &parity, found)
}

/// The links of `grid`'s kropki dots of the kind `wanted` accepts (by its
/// colour and value).
fn links(grid: &Grid, wanted: impl Fn(Dot, u32) -> bool) -> Vec<&CellLink> {
    two_links::of_elements(grid, |element| match element {
        Element::Kropki { dot, value, .. } => wanted(*dot, *value),
        _ => false,
    })
}
