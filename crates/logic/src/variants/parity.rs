//! Odd and even cells: an odd cell holds an odd digit, an even cell an even
//! one. One step clears every such cell of the other parity.

use std::ops::ControlFlow;

use super::super::grid::Grid;
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use fdoku_sudoku::Parity;

/// Reports the odd and even cells that still hold digits of the other
/// parity, as one step.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let mut step = Step::new(Technique::OddEven);
    let mut named: [Vec<String>; 2] = Default::default();
    for &(cell, parity) in grid.rules().parity_cells() {
        let wrong = grid.candidates_in([cell], !parity.mask(grid.size()));
        if wrong.is_empty() {
            continue;
        }
        step.eliminations.extend(wrong);
        named[usize::from(parity == Parity::Even)].push(grid.name(cell));
    }
    if step.eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    let clauses: Vec<String> = [("odd", &named[0]), ("even", &named[1])]
        .into_iter()
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(word, cells)| {
            format!(
                "{} {}",
                cells.join(", "),
                if cells.len() == 1 {
                    format!("is {word}")
                } else {
                    format!("are {word}")
                }
            )
        })
        .collect();
    step.reason = Some(clauses.join("; "));
    found(step)
}
