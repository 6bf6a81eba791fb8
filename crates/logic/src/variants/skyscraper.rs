//! Skyscraper clues: the clue counts the digits seen from it, each taller
//! than every digit before it. A clue of c puts the largest digit N at
//! least c − 1 cells in (every digit seen before it is shorter), and any
//! digit d at least c − 1 − (N − d) cells in (after it at most the N − d
//! taller digits can be seen); a clue of 1 puts N first, a clue of N puts
//! 1 to N in order. The cells keep the digits that stand there in some
//! arrangement of the line seen as the clue counts.

use std::ops::ControlFlow;

use super::super::grid::Grid;
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::readings::{Reading, arranged, keep, places};
use super::{elements, labelled};
use fdoku_sudoku::Element;

/// Reports each skyscraper clue whose visible count rules out some
/// candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let size = grid.size();
    for (index, element) in elements(grid) {
        let Some(clue) = Clue::of(grid, element) else {
            continue;
        };
        if let Some(step) = skyscraper(grid, index, &element.cells(size), &clue) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// A skyscraper clue of `count` on a row of `size` digits.
pub(super) struct Clue {
    size: u8,
    count: u32,
}

impl Clue {
    /// The clue of a skyscraper element.
    pub(super) fn of(grid: &Grid, element: &Element) -> Option<Clue> {
        match element {
            Element::Skyscraper { count, .. } => Some(Clue {
                size: grid.size() as u8,
                count: *count,
            }),
            _ => None,
        }
    }
}

impl Reading for Clue {
    /// The tallest digit read so far and how many were seen.
    type State = (u8, u32);

    fn identity(&self) -> (u8, u32) {
        (2, self.count)
    }

    fn start(&self) -> (u8, u32) {
        (0, 0)
    }

    fn read(&self, (tallest, seen): (u8, u32), digit: u8) -> Option<(u8, u32)> {
        let (tallest, seen) = match digit > tallest {
            true => (digit, seen + 1),
            false => (tallest, seen),
        };
        // Past the count, or too few taller digits left to reach it.
        let reachable = seen + u32::from(self.size - tallest) >= self.count;
        (seen <= self.count && reachable).then_some((tallest, seen))
    }

    fn accepts(&self, (_, seen): (u8, u32)) -> bool {
        seen == self.count
    }
}

/// The step of one skyscraper clue, if something goes.
fn skyscraper(grid: &Grid, index: usize, line: &[usize], clue: &Clue) -> Option<Step> {
    let Clue { size, count } = *clue;
    let kept = arranged(grid, line, clue);
    let mut step = keep(grid, line, &kept, Technique::SkyscraperClue)?;
    let tallest = places(grid, line, &kept, size);
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: {count} digits are seen from the clue, each taller than all before it; \
         the {size} stands in {tallest}, and the row's other digits where the count still fits",
        labelled(grid, index)
    ));
    Some(step)
}
