//! Counting circles: a digit d in one of the circles stands in exactly d of
//! them. So the circles' digits are a set of different digits adding up to
//! the number of circles, each digit d of it standing d times: ten circles
//! hold 1 + 2 + 3 + 4 (a 1, two 2s, three 3s, four 4s), 1 + 4 + 5, 2 + 3 +
//! 5, … A set fits only if it holds every digit already placed in a circle,
//! leaves every circle one of its digits, and each of its digits d has at
//! least d circles that can hold it and at most d circles that can hold
//! nothing else of it. The d circles holding d never see one another
//! (they would hold one digit twice in a house), so each set that fits is
//! then filled in: every circle given a digit of the set, each digit d to
//! d circles, no two circles that see each other alike. A circle keeps the
//! digits some filling gives it; a set with no filling goes. Where a set
//! has too many fillings to try them all (more than [`FILLING_NODES`]
//! steps), its circles keep every digit of it they allow, and then a digit
//! of every set with exactly d circles left to hold it fills them, and a
//! digit already placed d times leaves the other circles.
//!
//! ```text
//! three circles: 1 + 2 (a 1 and two 2s) or 3 (three 3s) — never 4 to 9
//! three circles in one row: 1 + 2 would hold 2 twice in it, so all three hold 3
//! ```

use std::ops::ControlFlow;

use super::super::grid::{Grid, bit};
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::readings::keep;
use super::{each_digit, elements, labelled, options};
use fdoku_sudoku::Element;

/// The most sets named in a step's reason.
const NAMED: usize = 4;

/// The most circles given a digit while filling in one set.
const FILLING_NODES: usize = 20_000;

/// Reports each group of counting circles whose counts rule out some
/// candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, element) in elements(grid) {
        let Element::CountingCircles { cells } = element else {
            continue;
        };
        if let Some(step) = counting(grid, index, cells) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// How many of `masks` hold `digit`.
fn holding(masks: &[u32], digit: u8) -> usize {
    masks.iter().filter(|&&m| m & bit(digit) != 0).count()
}

/// The sets of digits (masks) adding up to the number of circles that fit
/// the circles' candidates `masks`.
fn fitting_sets(masks: &[u32], size: usize) -> Vec<u32> {
    let placed = masks
        .iter()
        .filter(|m| m.count_ones() == 1)
        .fold(0, |all, m| all | m);
    let fits = |set: u32| {
        set & placed == placed
            && masks.iter().all(|&m| m & set != 0)
            && each_digit(set).all(|d| {
                let only = masks.iter().filter(|&&m| m & set == bit(d)).count();
                holding(masks, d) >= usize::from(d) && only <= usize::from(d)
            })
    };
    let mut sets = Vec::new();
    let mut chosen = Vec::new();
    adding_up(
        masks.len(),
        1,
        size.min(masks.len()),
        &mut chosen,
        &mut |set| {
            if fits(set) {
                sets.push(set);
            }
        },
    );
    sets
}

/// Calls `each` with every set of different digits from `from` to `most`
/// adding up to `left` (with `chosen` already in it), as a mask.
fn adding_up(
    left: usize,
    from: usize,
    most: usize,
    chosen: &mut Vec<u8>,
    each: &mut impl FnMut(u32),
) {
    if left == 0 {
        each(chosen.iter().fold(0, |all, &d| all | bit(d)));
        return;
    }
    for d in from..=most.min(left) {
        chosen.push(d as u8);
        adding_up(left - d, d + 1, most, chosen, each);
        chosen.pop();
    }
}

/// The digits each circle (`cells`, candidates `masks`) takes in some
/// filling of `set`: every digit d of it in exactly d circles, no two
/// circles that see each other alike; `None` when there is no filling.
/// Past [`FILLING_NODES`] steps each circle keeps every digit of `set` it
/// allows.
fn filled_in(grid: &Grid, cells: &[usize], masks: &[u32], set: u32) -> Option<Vec<u32>> {
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&i| (masks[i] & set).count_ones());
    let mut filling = Filling {
        grid,
        cells,
        masks: masks.iter().map(|m| m & set).collect(),
        digits: vec![0; cells.len()],
        counts: [0; 33],
        taken: vec![0; cells.len()],
        nodes: 0,
    };
    filling.fill(&order, set);
    if filling.nodes > FILLING_NODES {
        Some(filling.masks)
    } else {
        filling
            .taken
            .iter()
            .all(|&t| t != 0)
            .then_some(filling.taken)
    }
}

/// The search of [`filled_in`].
struct Filling<'a> {
    grid: &'a Grid,
    cells: &'a [usize],
    /// Each circle's candidates within the set.
    masks: Vec<u32>,
    /// Each circle's digit so far (0: none yet).
    digits: Vec<u8>,
    /// How many circles hold each digit so far.
    counts: [usize; 33],
    /// The digits each circle took in the fillings found.
    taken: Vec<u32>,
    /// Digits given so far.
    nodes: usize,
}

impl Filling<'_> {
    /// Gives the circles of `order` digits of `set`, one by one, recording
    /// every complete filling in `taken`, until the fillings run out or
    /// [`FILLING_NODES`] digits have been given.
    fn fill(&mut self, order: &[usize], set: u32) {
        let Some((&i, rest)) = order.split_first() else {
            for (taken, &d) in self.taken.iter_mut().zip(&self.digits) {
                *taken |= bit(d);
            }
            return;
        };
        let cell = self.cells[i];
        let mut allowed = self.masks[i];
        for (&d, &other) in self.digits.iter().zip(self.cells) {
            if d != 0 && self.grid.sees(cell, other) {
                allowed &= !bit(d);
            }
        }
        for d in each_digit(allowed) {
            let digit = usize::from(d);
            if self.counts[digit] == digit {
                continue;
            }
            self.nodes += 1;
            if self.nodes > FILLING_NODES {
                return;
            }
            self.digits[i] = d;
            self.counts[digit] += 1;
            if self.can_finish(rest, set) {
                self.fill(rest, set);
            }
            self.counts[digit] -= 1;
            self.digits[i] = 0;
        }
    }

    /// Whether the circles of `rest` can still give every digit of `set`
    /// the circles it lacks.
    fn can_finish(&self, rest: &[usize], set: u32) -> bool {
        each_digit(set).all(|d| {
            let lacking = usize::from(d) - self.counts[usize::from(d)];
            lacking == 0
                || rest
                    .iter()
                    .filter(|&&j| self.masks[j] & bit(d) != 0)
                    .count()
                    >= lacking
        })
    }
}

/// `1 + 2 + 4`.
fn sum_text(set: u32) -> String {
    let digits: Vec<String> = each_digit(set).map(|d| d.to_string()).collect();
    digits.join(" + ")
}

/// The step of one group of circles, if something goes.
fn counting(grid: &Grid, index: usize, cells: &[usize]) -> Option<Step> {
    let masks: Vec<u32> = cells.iter().map(|&c| options(grid, c)).collect();
    let mut sets = Vec::new();
    let mut kept = vec![0; cells.len()];
    for set in fitting_sets(&masks, grid.size()) {
        if let Some(taken) = filled_in(grid, cells, &masks, set) {
            sets.push(set);
            for (k, t) in kept.iter_mut().zip(taken) {
                *k |= t;
            }
        }
    }
    let some = sets.iter().fold(0, |all, s| all | s);
    let every = sets.iter().fold(u32::MAX, |all, s| all & s);
    let mut filled = Vec::new();
    for d in each_digit(some) {
        let placed = masks.iter().filter(|&&m| m == bit(d)).count();
        let forced = every & bit(d) != 0 && holding(&kept, d) == usize::from(d);
        if placed == usize::from(d) {
            for k in kept.iter_mut().filter(|k| **k != bit(d)) {
                *k &= !bit(d);
            }
        } else if forced {
            filled.push(d.to_string());
            for k in kept.iter_mut().filter(|k| **k & bit(d) != 0) {
                *k = bit(d);
            }
        }
    }
    let mut step = keep(grid, cells, &kept, Technique::CountingCircles)?;
    let mut named: Vec<String> = sets.iter().take(NAMED).map(|&s| sum_text(s)).collect();
    if sets.len() > NAMED {
        named.push(format!("{} more", sets.len() - NAMED));
    }
    let mut reason = format!(
        "{}: a digit d in a circle stands in exactly d of the {} circles, none seeing \
         another, so their digits add up to {} as {}",
        labelled(grid, index),
        cells.len(),
        cells.len(),
        match named.is_empty() {
            true => "nothing the circles can hold".to_owned(),
            false => named.join(", or "),
        }
    );
    if !filled.is_empty() {
        reason.push_str(&format!(
            "; {} fills the circles left to hold it",
            filled.join(" and ")
        ));
    }
    step.elements.push(index);
    step.reason = Some(reason);
    Some(step)
}
