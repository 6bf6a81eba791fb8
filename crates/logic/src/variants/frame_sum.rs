//! Frame sums: the first cells seen from the clue, one box deep, add up to
//! it — a cage of a box's width (or height) at the grid's edge whose
//! digits the rest of the row must leave. The row is read from the clue
//! over its candidates (different digits), and each of its cells keeps the
//! digits it holds in some arrangement whose first cells reach the clue:
//! a frame sum of 6 on 9×9 puts 1, 2 and 3 in the three edge cells, one of
//! 24 puts 7, 8 and 9 there, and the other six cells lose them.

use std::ops::ControlFlow;

use super::super::grid::Grid;
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::readings::{Reading, arranged, keep};
use super::{digit_list, elements, labelled};
use fdoku_sudoku::Element;

/// Reports each frame sum whose total rules out some candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let size = grid.size();
    for (index, element) in elements(grid) {
        let Some(clue) = Clue::of(grid, element) else {
            continue;
        };
        if let Some(step) = frame_sum(grid, index, &element.cells(size), &clue) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// A frame sum of `sum` over the first `depth` cells.
pub(super) struct Clue {
    depth: u8,
    sum: u32,
}

impl Clue {
    /// The clue of a frame-sum element, if the layout gives its row a
    /// depth.
    pub(super) fn of(grid: &Grid, element: &Element) -> Option<Clue> {
        let Element::FrameSum { clue, sum } = element else {
            return None;
        };
        let depth = grid.rules().layout().frame_depth(grid.size(), *clue)?;
        Some(Clue {
            depth: depth as u8,
            sum: *sum,
        })
    }
}

impl Reading for Clue {
    /// The cells read while still adding and their total; `(depth, sum)`
    /// once the edge cells reach the clue.
    type State = (u8, u32);

    fn identity(&self) -> (u8, u32) {
        (3, self.sum << 8 | u32::from(self.depth))
    }

    fn start(&self) -> (u8, u32) {
        (0, 0)
    }

    fn read(&self, (read, total): (u8, u32), digit: u8) -> Option<(u8, u32)> {
        if read == self.depth {
            return Some((read, total));
        }
        let total = total + u32::from(digit);
        let within = match read + 1 == self.depth {
            true => total == self.sum,
            false => total < self.sum,
        };
        within.then_some((read + 1, total))
    }

    fn accepts(&self, (read, _): (u8, u32)) -> bool {
        read == self.depth
    }
}

/// The step of one frame sum, if something goes.
fn frame_sum(grid: &Grid, index: usize, line: &[usize], clue: &Clue) -> Option<Step> {
    let kept = arranged(grid, line, clue);
    let mut step = keep(grid, line, &kept, Technique::FrameSum)?;
    let depth = usize::from(clue.depth);
    let edge: u32 = kept[..depth].iter().fold(0, |all, k| all | k);
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: the first {depth} cells from the clue, {}, add up to {} with different digits \
         the rest of the row leaves: they hold only {}",
        labelled(grid, index),
        line[..depth]
            .iter()
            .map(|&c| grid.name(c))
            .collect::<Vec<_>>()
            .join(", "),
        clue.sum,
        digit_list(edge)
    ));
    Some(step)
}
