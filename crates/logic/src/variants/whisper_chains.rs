//! German whispers read along the line: a cell between two of the line's
//! cells that see each other needs partners on both sides, different
//! (`two_links`: on 9×9 a whisper of 5 never puts 4 or 6 there, whose only
//! partners are 9 and 1), and where the difference is at least half the
//! grid's size the line alternates between low and high digits
//! (`alternation`), so cells two apart share their half: where one house
//! would hold more cells of one half than it has such digits left, the
//! halves go the other way round.

use std::ops::ControlFlow;

use super::super::grid::Grid;
use super::super::step::Found;
use super::super::technique::Technique;
use super::{CellLink, alternation, two_links};
use fdoku_sudoku::Element;

/// Reports the whisper chains of `grid`.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let whispers = links(grid, |_| true);
    two_links::find(grid, Technique::WhisperChain, &whispers, found)?;
    let mut differences: Vec<u32> = grid
        .rules()
        .elements()
        .iter()
        .filter_map(|e| match e {
            Element::Whisper { difference, .. } => Some(*difference),
            _ => None,
        })
        .collect();
    differences.sort_unstable();
    differences.dedup();
    for difference in differences {
        let Some(halves) = alternation::halves(grid.size(), difference) else {
            continue;
        };
        let lines = links(grid, |d| d == difference);
        alternation::find(grid, Technique::WhisperChain, &lines, &halves, found)?;
    }
    ControlFlow::Continue(())
}

/// The links of `grid`'s whisper lines whose difference `wanted` accepts.
fn links(grid: &Grid, wanted: impl Fn(u32) -> bool) -> Vec<&CellLink> {
    two_links::of_elements(grid, |element| match element {
        Element::Whisper { difference, .. } => wanted(*difference),
        _ => false,
    })
}
