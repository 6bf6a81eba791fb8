//! Between lines: every digit inside the line lies strictly between the
//! digits at its two ends. An inside candidate needs one end below it and
//! the other above; an end's candidate needs a digit at the other end that,
//! with it, leaves every inside cell a candidate strictly between them. (The
//! ends differ from each other and from every inside cell: they are peers.)

use std::ops::ControlFlow;

use super::super::grid::{Grid, bit, digits_of};
use super::super::step::{Candidate, Found, Step};
use super::super::technique::Technique;
use super::{elements, labelled, options};
use fdoku_sudoku::Element;

/// Reports each between line whose ends rule out some candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, element) in elements(grid) {
        let Element::Between { cells } = element else {
            continue;
        };
        if cells.len() < 3 {
            continue;
        }
        if let Some(step) = between(grid, index, cells) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The digits strictly between `a` and `b`, as a mask.
fn strictly_between(a: u8, b: u8) -> u32 {
    let (low, high) = (a.min(b), a.max(b));
    if high <= low + 1 {
        return 0;
    }
    // Bits low .. high - 2 stand for digits low + 1 .. high - 1.
    ((1u32 << (high - low - 1)) - 1) << low
}

/// The step of one between line, if something goes.
fn between(grid: &Grid, index: usize, cells: &[usize]) -> Option<Step> {
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    let inside = &cells[1..cells.len() - 1];
    let (ends_a, ends_b) = (options(grid, first), options(grid, last));
    let inner: Vec<u32> = inside.iter().map(|&c| options(grid, c)).collect();
    // The end pairs that leave every inside cell a digit between them.
    let mut keep_a = 0;
    let mut keep_b = 0;
    let mut keep_inner = vec![0u32; inside.len()];
    for a in digits_of(ends_a) {
        for b in digits_of(ends_b).into_iter().filter(|&b| b != a) {
            let window = strictly_between(a, b);
            if inner.iter().all(|&m| m & window != 0) {
                keep_a |= bit(a);
                keep_b |= bit(b);
                for (kept, &m) in keep_inner.iter_mut().zip(&inner) {
                    *kept |= m & window;
                }
            }
        }
    }
    let mut step = Step::new(Technique::BetweenLine);
    let all = std::iter::once((first, ends_a, keep_a))
        .chain(std::iter::once((last, ends_b, keep_b)))
        .chain(
            inside
                .iter()
                .zip(&inner)
                .zip(&keep_inner)
                .map(|((&c, &m), &k)| (c, m, k)),
        );
    for (cell, mask, kept) in all {
        if grid.value(cell) != 0 {
            continue;
        }
        step.pattern.extend(grid.candidates_in([cell], mask & kept));
        step.eliminations.extend(
            digits_of(mask & !kept)
                .into_iter()
                .map(|d| Candidate::new(cell, d)),
        );
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: every inside cell lies strictly between the ends {} and {}",
        labelled(grid, index),
        grid.name(first),
        grid.name(last)
    ));
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::strictly_between;
    use crate::grid::digits_of;

    #[test]
    fn digits_strictly_between() {
        assert_eq!(digits_of(strictly_between(2, 6)), [3, 4, 5]);
        assert_eq!(digits_of(strictly_between(9, 1)), [2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(strictly_between(4, 5), 0);
        assert_eq!(strictly_between(4, 4), 0);
    }
}
