//! "123" clues: of the digits 1, 2 and 3, the one the clue names comes
//! first in its row or column, read from the clue: the cells before it
//! hold none of the other two. A clue of 2 keeps 1 and 3 out of the first
//! cell, and where the row's 1 is already placed third from the clue, the
//! 2 stands in the first two cells. Each cell keeps the digits it holds in
//! some arrangement of the row (different digits) that the clue accepts.

use std::ops::ControlFlow;

use super::super::grid::Grid;
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::readings::{Reading, arranged, keep, places};
use super::{elements, labelled};
use fdoku_sudoku::Element;

/// Reports each "123" clue that rules out some candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let size = grid.size();
    for (index, element) in elements(grid) {
        let Some(first) = Clue::of(element) else {
            continue;
        };
        if let Some(step) = first_of(grid, index, &element.cells(size), &first) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// A "123" clue naming `digit`.
pub(super) struct Clue {
    digit: u8,
}

impl Clue {
    /// The clue of a "123" element.
    pub(super) fn of(element: &Element) -> Option<Clue> {
        match element {
            Element::FirstOfOneTwoThree { digit, .. } => Some(Clue {
                digit: *digit as u8,
            }),
            _ => None,
        }
    }
}

impl Reading for Clue {
    /// Whether the named digit was read (before the other two).
    type State = bool;

    fn identity(&self) -> (u8, u32) {
        (4, u32::from(self.digit))
    }

    fn start(&self) -> bool {
        false
    }

    fn read(&self, seen: bool, digit: u8) -> Option<bool> {
        match (seen, digit) {
            (true, _) => Some(true),
            (false, d) if d == self.digit => Some(true),
            (false, 1..=3) => None,
            (false, _) => Some(false),
        }
    }

    fn accepts(&self, seen: bool) -> bool {
        seen
    }
}

/// The step of one "123" clue, if something goes.
fn first_of(grid: &Grid, index: usize, line: &[usize], clue: &Clue) -> Option<Step> {
    let kept = arranged(grid, line, clue);
    let mut step = keep(grid, line, &kept, Technique::OneTwoThree)?;
    let others: Vec<String> = (1..=3u8)
        .filter(|&d| d != clue.digit)
        .map(|d| d.to_string())
        .collect();
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: {} comes before {} from the clue; it stands in {}, and no cell before it holds \
         {}",
        labelled(grid, index),
        clue.digit,
        others.join(" and "),
        places(grid, line, &kept, clue.digit),
        others.join(" or ")
    ));
    Some(step)
}
