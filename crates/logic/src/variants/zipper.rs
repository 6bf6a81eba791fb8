//! Zipper lines: cells the same distance from the middle add up to one
//! total — the middle cell's digit when the line's length is odd, a
//! common total when it is even. The total keeps the values every pair
//! can add up to (and, on an odd line, the middle can hold); each pair's
//! cells keep the digits that, with a digit of the partner, reach one of
//! them. (On an odd line the middle is larger than every other cell: a
//! link, so they never share a digit.)

use std::ops::ControlFlow;

use super::super::grid::{Grid, bit, digits_of};
use super::super::step::{Candidate, Found, Step};
use super::super::technique::Technique;
use super::sums::{common, listed, totals, trim_line};
use super::{elements, labelled, options};
use fdoku_sudoku::Element;

/// Reports each zipper line whose totals rule out some candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, element) in elements(grid) {
        let Element::Zipper { cells } = element else {
            continue;
        };
        if let Some(step) = zipper(grid, index, cells) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The step of one zipper line, if something goes.
fn zipper(grid: &Grid, index: usize, cells: &[usize]) -> Option<Step> {
    let len = cells.len();
    let pairs: Vec<[usize; 2]> = (0..len / 2)
        .map(|i| [cells[i], cells[len - 1 - i]])
        .collect();
    let middle = (len % 2 == 1).then(|| cells[len / 2]);
    let most = 2 * grid.size() + 1;
    let mut targets = match middle {
        Some(m) => (0..most)
            .map(|t| (1..=grid.size()).contains(&t) && options(grid, m) & bit(t as u8) != 0)
            .collect(),
        None => vec![true; most],
    };
    for pair in &pairs {
        let mut reach = totals(grid, pair);
        reach.resize(most, false);
        targets = common(&targets, &reach);
    }
    let mut step = Step::new(Technique::ZipperLine);
    if let Some(m) = middle.filter(|&m| grid.value(m) == 0) {
        for digit in digits_of(grid.mask(m)) {
            let list = match targets[usize::from(digit)] {
                true => &mut step.pattern,
                false => &mut step.eliminations,
            };
            list.push(Candidate::new(m, digit));
        }
    }
    for pair in &pairs {
        trim_line(grid, pair, &targets, &mut step);
    }
    if step.eliminations.is_empty() {
        return None;
    }
    let total = match middle {
        Some(m) => format!("{}'s digit", grid.name(m)),
        None => "one total".to_owned(),
    };
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: cells the same distance from the middle add up to {total}, which every pair \
         reaches only as {}",
        labelled(grid, index),
        listed(&targets)
    ));
    Some(step)
}
