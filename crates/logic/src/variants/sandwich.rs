//! Sandwich clues: the digits between the row's 1 and its largest digit N
//! (on either side) add up to the clue. The 1 and the N fit only at two
//! places whose gap the cells between can fill to the clue, with the
//! other digits left for the cells outside; a cell holds 1 or N only
//! where some fitting gap ends, and a gap cell only the digits of a
//! filling that adds up to the clue. A clue of 0 puts the 1 and the N side
//! by side; the largest clue, every digit but 1 and N, puts them at the
//! ends.

use std::ops::ControlFlow;

use super::super::grid::Grid;
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::readings::{Reading, arranged, keep, places};
use super::{elements, labelled};
use fdoku_sudoku::Element;

/// Reports each sandwich clue whose fitting gaps rule out some candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let size = grid.size();
    for (index, element) in elements(grid) {
        let Some(clue) = Clue::of(grid, element) else {
            continue;
        };
        if let Some(step) = sandwich(grid, index, &element.cells(size), &clue) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Where the reading stands: before the first crust, inside the gap with
/// its total so far, or past the second crust.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Gap {
    Before,
    Inside(u32),
    After,
}

/// A sandwich clue of `sum` on a row of `size` digits.
pub(super) struct Clue {
    size: u8,
    sum: u32,
}

impl Clue {
    /// The clue of a sandwich element.
    pub(super) fn of(grid: &Grid, element: &Element) -> Option<Clue> {
        match element {
            Element::Sandwich { sum, .. } => Some(Clue {
                size: grid.size() as u8,
                sum: *sum,
            }),
            _ => None,
        }
    }
}

impl Reading for Clue {
    type State = Gap;

    fn identity(&self) -> (u8, u32) {
        (0, self.sum)
    }

    fn start(&self) -> Gap {
        Gap::Before
    }

    fn read(&self, gap: Gap, digit: u8) -> Option<Gap> {
        let crust = digit == 1 || digit == self.size;
        match (gap, crust) {
            (Gap::Before, false) | (Gap::After, false) => Some(gap),
            (Gap::Before, true) => Some(Gap::Inside(0)),
            (Gap::Inside(total), true) => (total == self.sum).then_some(Gap::After),
            (Gap::Inside(total), false) => {
                let total = total + u32::from(digit);
                (total <= self.sum).then_some(Gap::Inside(total))
            }
            (Gap::After, true) => None,
        }
    }

    fn accepts(&self, gap: Gap) -> bool {
        gap == Gap::After
    }
}

/// The step of one sandwich clue, if something goes.
fn sandwich(grid: &Grid, index: usize, line: &[usize], clue: &Clue) -> Option<Step> {
    let Clue { size, sum } = *clue;
    let kept = arranged(grid, line, clue);
    let mut step = keep(grid, line, &kept, Technique::Sandwich)?;
    let ones = places(grid, line, &kept, 1);
    let tops = places(grid, line, &kept, size);
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: the digits between the 1 and the {size} add up to {sum}; only gaps that the \
         cells between can fill to {sum} fit, so the 1 stands in {ones} and the {size} in {tops}",
        labelled(grid, index)
    ));
    Some(step)
}
