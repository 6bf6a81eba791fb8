//! Lockout lines: the two ends differ by at least the line's difference
//! (4 on 9×9 unless given), and every digit inside lies outside the ends'
//! range — neither between them nor equal to one. A person weighs the
//! pairs of digits the ends can hold: an end keeps the digits with a
//! partner at the other end far enough away that leaves every inside cell
//! a candidate outside the two, and an inside cell keeps the digits that
//! some such pair leaves it. On 9×9 an inside cell never holds 5: ends
//! both below it or both above it are at most 3 apart.
//!
//! ```text
//! lockout r1c1–r1c2–r1c3, r1c1 = 2: r1c3 is 6 to 9, so r1c2 is 1 or above r1c3
//! ```

use std::ops::ControlFlow;

use super::super::grid::{Grid, bit};
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::readings::keep;
use super::{digit_list, each_digit, elements, labelled, options};
use fdoku_sudoku::Element;

/// Reports each lockout line whose ends rule out some candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, element) in elements(grid) {
        let Element::Lockout { cells, difference } = element else {
            continue;
        };
        if let Some(step) = lockout(grid, index, cells, *difference) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Per cell of the line, the digits some pair of ends leaves it.
fn kept(grid: &Grid, cells: &[usize], difference: u32) -> Vec<u32> {
    let last = cells.len() - 1;
    let mut kept = vec![0u32; cells.len()];
    let (first, end) = (options(grid, cells[0]), options(grid, cells[last]));
    for x in each_digit(first) {
        for y in each_digit(end) {
            if u32::from(x.abs_diff(y)) < difference {
                continue;
            }
            // The digits from the lower end to the higher, both included.
            let (lo, hi) = (x.min(y), x.max(y));
            let range = (bit(hi) << 1) - bit(lo);
            let inside: Vec<u32> = cells[1..last]
                .iter()
                .map(|&c| options(grid, c) & !range)
                .collect();
            if inside.contains(&0) {
                continue;
            }
            kept[0] |= bit(x);
            kept[last] |= bit(y);
            for (k, i) in kept[1..last].iter_mut().zip(inside) {
                *k |= i;
            }
        }
    }
    kept
}

/// The step of one lockout line, if something goes.
fn lockout(grid: &Grid, index: usize, cells: &[usize], difference: u32) -> Option<Step> {
    let kept = kept(grid, cells, difference);
    let mut step = keep(grid, cells, &kept, Technique::LockoutLine)?;
    let last = cells.len() - 1;
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: its ends differ by at least {difference} and no digit inside lies between them \
         or equals one; with a partner at the other end that leaves every inside cell a \
         digit, {} keeps {} and {} keeps {}",
        labelled(grid, index),
        grid.name(cells[0]),
        digit_list(kept[0]),
        grid.name(cells[last]),
        digit_list(kept[last]),
    ));
    Some(step)
}
