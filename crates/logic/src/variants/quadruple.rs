//! Quadruples: the digits listed at a grid point appear in the cells
//! around it (a digit listed twice, twice). A listed digit needed k times
//! that only k of the cells can hold goes in all of them; when the listed
//! digits are as many as the cells, every cell holds one of them and loses
//! every other candidate; and a listed digit still missing lies in one of
//! its places among the cells, so it leaves every cell seeing all those
//! places (the rest of the box of a quadruple inside one box). A digit
//! listed twice stands in two cells that do not see each other: across
//! the diagonal of a 2×2 quadruple, so a cell on no such diagonal loses
//! it, and a cell on every one holds it.

use std::ops::ControlFlow;

use super::super::cellset::CellSet;
use super::super::grid::{Grid, bit, digits_of};
use super::super::step::{Candidate, Found, Step};
use super::super::technique::Technique;
use super::{digit_list, elements, labelled, options};
use fdoku_sudoku::Element;

/// Reports each quadruple that places a digit or removes candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, element) in elements(grid) {
        let Element::Quadruple { cells, digits } = element else {
            continue;
        };
        for step in [
            filled(grid, index, cells, digits),
            forced(grid, index, cells, digits),
            spread(grid, index, cells, digits),
            pointing(grid, index, cells, digits),
        ]
        .into_iter()
        .flatten()
        {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// As many listed digits as cells: the cells lose every other digit.
fn filled(grid: &Grid, index: usize, cells: &[usize], digits: &[u8]) -> Option<Step> {
    if digits.len() != cells.len() {
        return None;
    }
    let listed = digits.iter().fold(0, |m, &d| m | bit(d));
    let mut step = Step::new(Technique::Quadruple);
    for &cell in cells.iter().filter(|&&c| grid.value(c) == 0) {
        step.pattern.extend(grid.candidates_in([cell], listed));
        step.eliminations
            .extend(grid.candidates_in([cell], !listed));
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: its {} cells hold the {} digits listed, {}",
        labelled(grid, index),
        cells.len(),
        digits.len(),
        digit_list(listed)
    ));
    Some(step)
}

/// A listed digit with exactly as many places among the cells as it is
/// needed: it goes in each.
fn forced(grid: &Grid, index: usize, cells: &[usize], digits: &[u8]) -> Option<Step> {
    for (digit, needed) in listed(digits) {
        let places = places_of(grid, cells, digit);
        let open: Vec<usize> = places
            .iter()
            .copied()
            .filter(|&c| grid.value(c) == 0)
            .collect();
        if places.len() != needed || open.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::Quadruple);
        for &cell in &open {
            step.placements.push(Candidate::new(cell, digit));
            step.eliminations.extend(
                digits_of(grid.mask(cell) & !bit(digit))
                    .into_iter()
                    .map(|d| Candidate::new(cell, d)),
            );
        }
        step.pattern = places.iter().map(|&c| Candidate::new(c, digit)).collect();
        step.elements.push(index);
        step.reason = Some(format!(
            "{}: {digit} appears {}, and only {} can hold it",
            labelled(grid, index),
            times(needed),
            places
                .iter()
                .map(|&c| grid.name(c))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        return Some(step);
    }
    None
}

/// Each digit listed, least first, with how many times it is listed.
fn listed(digits: &[u8]) -> Vec<(u8, usize)> {
    let mut listed: Vec<u8> = digits.to_vec();
    listed.sort_unstable();
    listed.dedup();
    listed
        .into_iter()
        .map(|digit| (digit, digits.iter().filter(|&&d| d == digit).count()))
        .collect()
}

/// The cells among `cells` that hold or may hold `digit`.
fn places_of(grid: &Grid, cells: &[usize], digit: u8) -> Vec<usize> {
    cells
        .iter()
        .copied()
        .filter(|&c| options(grid, c) & bit(digit) != 0)
        .collect()
}

/// `once`, `twice`, `3 times`.
fn times(needed: usize) -> String {
    match needed {
        1 => "once".to_owned(),
        2 => "twice".to_owned(),
        n => format!("{n} times"),
    }
}

/// A digit listed more than once stands in that many cells that do not
/// see each other: the cells on every such choice hold it, the cells on
/// none lose it.
fn spread(grid: &Grid, index: usize, cells: &[usize], digits: &[u8]) -> Option<Step> {
    for (digit, needed) in listed(digits) {
        let places = places_of(grid, cells, digit);
        if needed < 2 || places.len() > 16 {
            continue;
        }
        let placed = (0..places.len())
            .filter(|&k| grid.value(places[k]) == digit)
            .fold(0u32, |m, k| m | 1 << k);
        let apart = |choice: u32| {
            (0..places.len()).all(|a| {
                (a + 1..places.len())
                    .all(|b| choice >> a & choice >> b & 1 == 0 || !grid.sees(places[a], places[b]))
            })
        };
        let choices: Vec<u32> = (0..1u32 << places.len())
            .filter(|&c| c.count_ones() as usize >= needed && c & placed == placed && apart(c))
            .collect();
        let Some(&first) = choices.first() else {
            continue;
        };
        let in_all = choices.iter().fold(first, |m, &c| m & c);
        let in_any = choices.iter().fold(0, |m, &c| m | c);
        let mut step = Step::new(Technique::Quadruple);
        for (k, &cell) in places.iter().enumerate() {
            if grid.value(cell) != 0 {
                continue;
            }
            if in_all >> k & 1 == 1 {
                step.placements.push(Candidate::new(cell, digit));
                step.eliminations
                    .extend(grid.candidates_in([cell], grid.mask(cell) & !bit(digit)));
            } else if in_any >> k & 1 == 0 {
                step.eliminations.push(Candidate::new(cell, digit));
            }
        }
        if step.placements.is_empty() && step.eliminations.is_empty() {
            continue;
        }
        step.pattern = places.iter().map(|&c| Candidate::new(c, digit)).collect();
        step.elements.push(index);
        let named: Vec<String> = choices
            .iter()
            .map(|&choice| {
                let chosen: Vec<String> = (0..places.len())
                    .filter(|&k| choice >> k & 1 == 1)
                    .map(|k| grid.name(places[k]))
                    .collect();
                chosen.join(" and ")
            })
            .collect();
        step.reason = Some(format!(
            "{}: {digit} appears {}, in cells that do not see each other: {}",
            labelled(grid, index),
            times(needed),
            named.join(" or ")
        ));
        return Some(step);
    }
    None
}

/// A listed digit not yet placed as often as listed: it leaves the cells
/// seeing all of its places among the quadruple's cells.
fn pointing(grid: &Grid, index: usize, cells: &[usize], digits: &[u8]) -> Option<Step> {
    for (digit, needed) in listed(digits) {
        let placed = cells.iter().filter(|&&c| grid.value(c) == digit).count();
        let places: CellSet = cells
            .iter()
            .copied()
            .filter(|&c| grid.has(c, digit))
            .collect();
        if placed >= needed || places.is_empty() {
            continue;
        }
        let targets = grid.seen_by_all(&places) & grid.cells_with(digit);
        if targets.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::Quadruple);
        step.pattern = places.iter().map(|c| Candidate::new(c, digit)).collect();
        step.eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
        step.elements.push(index);
        step.reason = Some(format!(
            "{}: {digit} must appear, in {}",
            labelled(grid, index),
            places
                .iter()
                .map(|c| grid.name(c))
                .collect::<Vec<_>>()
                .join(" or ")
        ));
        return Some(step);
    }
    None
}
