//! Sums of arrows and little killers. The cells along an arrow's line add
//! up to the number in its circle (a circle of two or three cells reads
//! its digits as one number); the cells on a little killer's diagonal add
//! up to the clue. The circle keeps the readings the line can add up to,
//! and a line cell keeps the digits that, with some total the other cells
//! can add, reach a reading (or the clue). Consecutive cells that see each
//! other (up to four: a diagonal's cells in one box, a line along a row)
//! are filled together with different digits. Digits may repeat along a
//! line; where its cells all see each other they differ, and the bounds
//! count different digits (two cells of one row add up to at least 3).

use std::ops::ControlFlow;

use super::super::cellset::CellSet;
use super::super::grid::{Grid, bit, digits_of};
use super::super::step::{Candidate, Found, Step};
use super::super::technique::Technique;
use super::{digit_list, elements, labelled, options};
use fdoku_sudoku::Element;

/// Reports each arrow (or little killer) whose sum bounds rule out some
/// candidates.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, _) in elements(grid) {
        if let Some(step) = element_step(grid, technique, index) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// What [`find`] reports for element `index` alone: its sum's deduction
/// when it is an arrow (`ArrowSum`) or a little killer
/// (`LittleKillerSum`).
pub(super) fn element_step(grid: &Grid, technique: Technique, index: usize) -> Option<Step> {
    let element = &grid.rules().elements()[index];
    match (element, technique) {
        (Element::Arrow { circle, line }, Technique::ArrowSum) => arrow(grid, index, circle, line),
        (Element::LittleKiller { sum, .. }, Technique::LittleKillerSum) => {
            let cells = element.cells(grid.size());
            little_killer(grid, index, &cells, *sum)
        }
        _ => None,
    }
}

/// The least and most digit of a non-empty mask.
fn bounds(mask: u32) -> (u32, u32) {
    (mask.trailing_zeros() + 1, 32 - mask.leading_zeros())
}

/// The least and the most `cells` can add up to, from their candidates
/// (less `without`); when they all see each other (`apart`), with
/// different digits. `None` when they cannot be filled.
fn span(grid: &Grid, cells: &[usize], apart: bool, without: u32) -> Option<(u32, u32)> {
    let (mut low, mut high, mut union) = (0, 0, 0);
    for &cell in cells {
        let mask = options(grid, cell) & !without;
        if mask == 0 {
            return None;
        }
        let (least, most) = bounds(mask);
        low += least;
        high += most;
        union |= mask;
    }
    if apart {
        let digits = digits_of(union);
        let k = cells.len();
        if digits.len() < k {
            return None;
        }
        let sum = |ds: &[u8]| ds.iter().map(|&d| u32::from(d)).sum::<u32>();
        low = low.max(sum(&digits[..k]));
        high = high.min(sum(&digits[digits.len() - k..]));
    }
    Some((low, high))
}

/// Whether every two of `cells` see each other.
pub(super) fn all_apart(grid: &Grid, cells: &[usize]) -> bool {
    cells
        .iter()
        .enumerate()
        .all(|(i, &a)| cells[i + 1..].iter().all(|&b| grid.sees(a, b)))
}

/// The most cells of a line filled together as one group of different
/// digits (more would cost too many fillings; cutting a group only loses
/// strength, never soundness).
const GROUP: usize = 4;

/// `line` cut into groups of consecutive cells that all see each other
/// (so hold different digits).
fn groups(grid: &Grid, line: &[usize]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &cell in line {
        match groups.last_mut() {
            Some(group) if group.len() < GROUP && group.iter().all(|&c| grid.sees(c, cell)) => {
                group.push(cell);
            }
            _ => groups.push(vec![cell]),
        }
    }
    groups
}

/// Every filling of a group (cells that all see each other) with
/// different digits from their candidates.
fn fillings(grid: &Grid, cells: &[usize]) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for &cell in cells {
        let digits = digits_of(options(grid, cell));
        all = all
            .into_iter()
            .flat_map(|prefix: Vec<u8>| {
                digits
                    .iter()
                    .filter(|d| !prefix.contains(d))
                    .map(|&d| {
                        let mut next = prefix.clone();
                        next.push(d);
                        next
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    all
}

/// The totals of a filling.
fn total(digits: &[u8]) -> usize {
    digits.iter().map(|&d| usize::from(d)).sum()
}

/// `{a + b}` over the totals `a` and `b` hold (`set[t]` for total `t`).
fn sumset(a: &[bool], b: &[bool]) -> Vec<bool> {
    let mut out = vec![false; a.len() + b.len() - 1];
    for (x, _) in a.iter().enumerate().filter(|(_, r)| **r) {
        for (y, _) in b.iter().enumerate().filter(|(_, r)| **r) {
            out[x + y] = true;
        }
    }
    out
}

/// A line's groups, their fillings, and each group's totals.
struct Fills {
    groups: Vec<Vec<usize>>,
    fills: Vec<Vec<Vec<u8>>>,
    totals: Vec<Vec<bool>>,
}

impl Fills {
    fn of(grid: &Grid, line: &[usize]) -> Self {
        let groups = groups(grid, line);
        let fills: Vec<Vec<Vec<u8>>> = groups.iter().map(|g| fillings(grid, g)).collect();
        let totals = fills
            .iter()
            .map(|fs| {
                let mut set = vec![false; 1 + fs.iter().map(|f| total(f)).max().unwrap_or(0)];
                for f in fs {
                    set[total(f)] = true;
                }
                set
            })
            .collect();
        Fills {
            groups,
            fills,
            totals,
        }
    }

    /// Every total the whole line can add up to.
    fn line_totals(&self) -> Vec<bool> {
        self.totals
            .iter()
            .fold(vec![true], |acc, t| sumset(&acc, t))
    }

    /// Per group, per filling, whether it reaches one of `targets` with
    /// some total of the other groups.
    fn reaching(&self, targets: &[bool]) -> Vec<Vec<bool>> {
        let n = self.groups.len();
        let mut before = vec![vec![true]; n + 1];
        for g in 0..n {
            before[g + 1] = sumset(&before[g], &self.totals[g]);
        }
        let mut after = vec![vec![true]; n + 1];
        for g in (0..n).rev() {
            after[g] = sumset(&after[g + 1], &self.totals[g]);
        }
        (0..n)
            .map(|g| {
                let rest = sumset(&before[g], &after[g + 1]);
                self.fills[g]
                    .iter()
                    .map(|fill| {
                        let t = total(fill);
                        rest.iter()
                            .enumerate()
                            .any(|(r, &on)| on && targets.get(r + t).copied().unwrap_or(false))
                    })
                    .collect()
            })
            .collect()
    }

    /// Per cell, the digits of some filling of its group that, with some
    /// total of the other groups, reach one of `targets`.
    fn support(&self, targets: &[bool]) -> Vec<(usize, u32)> {
        let mut support = Vec::new();
        for (g, hits) in self.reaching(targets).iter().enumerate() {
            let mut masks = vec![0u32; self.groups[g].len()];
            for (fill, _) in self.fills[g].iter().zip(hits).filter(|(_, hit)| **hit) {
                for (mask, &d) in masks.iter_mut().zip(fill) {
                    *mask |= bit(d);
                }
            }
            support.extend(self.groups[g].iter().copied().zip(masks));
        }
        support
    }

    /// Per group of two or more cells, the digits every filling that
    /// reaches one of `targets` holds: they stand in the group.
    fn locked(&self, targets: &[bool]) -> Vec<(&[usize], u32)> {
        let mut locked = Vec::new();
        for (g, hits) in self.reaching(targets).iter().enumerate() {
            let mut every = u32::MAX;
            for (fill, _) in self.fills[g].iter().zip(hits).filter(|(_, hit)| **hit) {
                every &= fill.iter().fold(0, |mask, &d| mask | bit(d));
            }
            if self.groups[g].len() > 1 && every != u32::MAX && every != 0 {
                locked.push((self.groups[g].as_slice(), every));
            }
        }
        locked
    }
}

/// Each open cell of `line` loses the digits that, with what the other
/// cells can add, reach none of the `targets` (`targets[t]` for total `t`):
/// totals of their candidates (different digits within each group of
/// cells that see each other), and the least and most of different digits
/// where the cells all see each other.
pub(super) fn trim_line(grid: &Grid, line: &[usize], targets: &[bool], step: &mut Step) {
    trim_filled(grid, line, &Fills::of(grid, line), targets, step);
}

/// [`trim_line`] with the line's fillings already listed.
fn trim_filled(grid: &Grid, line: &[usize], fills: &Fills, targets: &[bool], step: &mut Step) {
    let low = targets.iter().position(|&t| t).unwrap_or(usize::MAX) as u32;
    let high = targets.iter().rposition(|&t| t).unwrap_or(0) as u32;
    let apart = all_apart(grid, line);
    let support = fills.support(targets);
    for (i, &cell) in line.iter().enumerate() {
        if grid.value(cell) != 0 {
            continue;
        }
        let supported = support
            .iter()
            .find(|(c, _)| *c == cell)
            .map_or(0, |&(_, mask)| mask);
        let others: Vec<usize> = line
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &c)| c)
            .collect();
        for digit in digits_of(grid.mask(cell)) {
            let d = u32::from(digit);
            let without = if apart { bit(digit) } else { 0 };
            let fits =
                span(grid, &others, apart, without).is_some_and(|(others_low, others_high)| {
                    d + others_high >= low && d + others_low <= high
                }) && supported & bit(digit) != 0;
            match fits {
                true => step.pattern.push(Candidate::new(cell, digit)),
                false => step.eliminations.push(Candidate::new(cell, digit)),
            }
        }
    }
}

/// The number a circle's digits read, most significant first.
fn reading(digits: &[u8]) -> u32 {
    digits.iter().fold(0, |n, &d| n * 10 + u32::from(d))
}

/// Every way to fill the circle from its candidates, as digits.
fn readings(grid: &Grid, circle: &[usize]) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for &cell in circle {
        let digits = digits_of(options(grid, cell));
        all = all
            .into_iter()
            .flat_map(|prefix: Vec<u8>| {
                digits.iter().map(move |&d| {
                    let mut next = prefix.clone();
                    next.push(d);
                    next
                })
            })
            .collect();
    }
    all
}

fn arrow(grid: &Grid, index: usize, circle: &[usize], line: &[usize]) -> Option<Step> {
    let (least, most) = span(grid, line, all_apart(grid, line), 0)?;
    let fills = Fills::of(grid, line);
    let line_totals = fills.line_totals();
    let mut targets = vec![false; line_totals.len()];
    let mut kept = vec![0u32; circle.len()];
    let (mut low, mut high) = (u32::MAX, 0);
    for digits in readings(grid, circle) {
        let value = reading(&digits);
        // Two circle cells that see each other differ.
        let clash = (0..digits.len()).any(|i| {
            (i + 1..digits.len()).any(|j| digits[i] == digits[j] && grid.sees(circle[i], circle[j]))
        });
        let reached = line_totals.get(value as usize).copied().unwrap_or(false);
        if clash || value < least || value > most || !reached {
            continue;
        }
        targets[value as usize] = true;
        for (k, &d) in kept.iter_mut().zip(&digits) {
            *k |= bit(d);
        }
        low = low.min(value);
        high = high.max(value);
    }
    let mut step = Step::new(Technique::ArrowSum);
    for (&cell, &k) in circle.iter().zip(&kept) {
        if grid.value(cell) == 0 {
            let mask = grid.mask(cell);
            step.pattern.extend(grid.candidates_in([cell], mask & k));
            step.eliminations
                .extend(grid.candidates_in([cell], mask & !k));
        }
    }
    trim_filled(grid, line, &fills, &targets, &mut step);
    if step.eliminations.is_empty() {
        return None;
    }
    let read = match low <= high {
        true if low == high => format!("the circle reads {low}"),
        true => format!("the circle reads {low} to {high}"),
        false => "no reading of the circle fits".to_owned(),
    };
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: the line adds up to {least} to {most}, and {read}",
        labelled(grid, index)
    ));
    Some(step)
}

fn little_killer(grid: &Grid, index: usize, cells: &[usize], sum: u32) -> Option<Step> {
    let (least, most) = span(grid, cells, all_apart(grid, cells), 0)?;
    let mut step = Step::new(Technique::LittleKillerSum);
    let mut targets = vec![false; sum as usize + 1];
    targets[sum as usize] = true;
    trim_line(grid, cells, &targets, &mut step);
    let mut reason = format!(
        "{}: the diagonal adds up to {sum}, its cells to {least} to {most}",
        labelled(grid, index)
    );
    if step.eliminations.is_empty() {
        // Digits every filling puts in a box's piece of the diagonal.
        let (pattern, eliminations, why) = locked_digits(grid, cells, &targets)?;
        step.pattern = pattern;
        step.eliminations = eliminations;
        reason.push_str(&why);
    }
    step.elements.push(index);
    step.reason = Some(reason);
    Some(step)
}

/// Every total `cells` can add up to from their candidates (different
/// digits within each group of cells that see each other), as
/// `totals[t]` for total `t`.
pub(super) fn totals(grid: &Grid, cells: &[usize]) -> Vec<bool> {
    Fills::of(grid, cells).line_totals()
}

/// The totals both `a` and `b` hold.
pub(super) fn common(a: &[bool], b: &[bool]) -> Vec<bool> {
    a.iter().zip(b).map(|(&x, &y)| x && y).collect()
}

/// The totals held, for people: `7, 9, 11`, or `none`.
pub(super) fn listed(totals: &[bool]) -> String {
    let held: Vec<String> = (0..totals.len())
        .filter(|&t| totals[t])
        .map(|t| t.to_string())
        .collect();
    match held.is_empty() {
        true => "none".to_owned(),
        false => held.join(", "),
    }
}

/// The candidates of a group of `line`'s cells that see each other, the
/// eliminations and the words for the digits that every filling reaching
/// `targets` puts in that group: no other cell seeing the whole group
/// holds them. `None` when that removes nothing.
fn locked_digits(
    grid: &Grid,
    line: &[usize],
    targets: &[bool],
) -> Option<(Vec<Candidate>, Vec<Candidate>, String)> {
    let fills = Fills::of(grid, line);
    for (group, digits) in fills.locked(targets) {
        let cells: CellSet = group.iter().copied().collect();
        let others = grid.seen_by_all(&cells);
        let eliminations = grid.candidates_in(others.iter(), digits);
        if eliminations.is_empty() {
            continue;
        }
        let names: Vec<String> = group.iter().map(|&c| grid.name(c)).collect();
        let why = format!(
            "; every filling puts {} in {}, so no cell seeing them all holds {}",
            digit_list(digits),
            names.join(", "),
            match digits.count_ones() {
                1 => "it",
                _ => "them",
            }
        );
        return Some((
            grid.candidates_in(group.iter().copied(), digits),
            eliminations,
            why,
        ));
    }
    None
}
