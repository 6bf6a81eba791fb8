//! X-sum clues: the digit X in the first cell from the clue counts the
//! cells, from the clue inwards, whose digits add up to the clue (the
//! first cell's own X among them). The first cell keeps the X whose first
//! X cells can add up to the clue with different digits, the others left
//! to the rest of the line; the cells within the count keep the digits of
//! a filling that reaches it. A clue of 1 puts 1 first; a clue of N(N+1)/2
//! puts N first.

use std::ops::ControlFlow;

use super::super::grid::{Grid, digits_of};
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::readings::{Reading, arranged, keep};
use super::{digit_list, elements, labelled};
use fdoku_sudoku::Element;

/// Reports each X-sum clue whose counts rule out some candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let size = grid.size();
    for (index, element) in elements(grid) {
        let Some(clue) = Clue::of(element) else {
            continue;
        };
        if let Some(step) = x_sum(grid, index, &element.cells(size), &clue) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Where the reading stands: the count X, the cells read and their total
/// while still counting; `Done` once X cells add up to the clue.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Count {
    Start,
    Counting { x: u8, read: u8, total: u32 },
    Done,
}

/// An X-sum clue of `sum`.
pub(super) struct Clue {
    sum: u32,
}

impl Clue {
    /// The clue of an X-sum element.
    pub(super) fn of(element: &Element) -> Option<Clue> {
        match element {
            Element::XSum { sum, .. } => Some(Clue { sum: *sum }),
            _ => None,
        }
    }

    /// After `read` cells of `x` adding up to `total`.
    fn counted(&self, x: u8, read: u8, total: u32) -> Option<Count> {
        match (read == x, total) {
            (true, t) if t == self.sum => Some(Count::Done),
            (false, t) if t < self.sum => Some(Count::Counting { x, read, total }),
            _ => None,
        }
    }
}

impl Reading for Clue {
    type State = Count;

    fn identity(&self) -> (u8, u32) {
        (1, self.sum)
    }

    fn start(&self) -> Count {
        Count::Start
    }

    fn read(&self, count: Count, digit: u8) -> Option<Count> {
        match count {
            Count::Start => self.counted(digit, 1, u32::from(digit)),
            Count::Counting { x, read, total } => {
                self.counted(x, read + 1, total + u32::from(digit))
            }
            Count::Done => Some(Count::Done),
        }
    }

    fn accepts(&self, count: Count) -> bool {
        count == Count::Done
    }
}

/// The step of one X-sum clue, if something goes.
fn x_sum(grid: &Grid, index: usize, line: &[usize], clue: &Clue) -> Option<Step> {
    let sum = clue.sum;
    let kept = arranged(grid, line, clue);
    let mut step = keep(grid, line, &kept, Technique::XSum)?;
    let first = grid.name(line[0]);
    let counts = match digits_of(kept[0]).is_empty() {
        true => "no X fits".to_owned(),
        false => format!("X is {}", digit_list(kept[0])),
    };
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: {first}'s digit X counts the cells from the clue that add up to {sum}; \
         with different digits that the row leaves, {counts}",
        labelled(grid, index)
    ));
    Some(step)
}
