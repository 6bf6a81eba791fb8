//! Thermometer bounds: digits rise from the bulb, strictly on a
//! thermometer, or never fall on a slow one. Walking up from the bulb, each
//! cell is at least one more than the least digit the cell before it can
//! hold (as much on a slow thermometer); walking down from the tip, at most
//! one less than the most the cell after it can hold. On an empty grid this
//! is the position rule — the 3rd cell of a 5-cell thermometer holds 3 to 7
//! on a 9×9 grid — and with candidates gone it carries the cells' current
//! least and most digits along the line.

use std::ops::ControlFlow;

use super::super::grid::{Grid, digits_of};
use super::super::step::{Candidate, Found, Step};
use super::super::technique::Technique;
use super::{elements, labelled, options};
use fdoku_sudoku::Element;

/// Reports each thermometer whose bounds rule out some candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, element) in elements(grid) {
        let Element::Thermometer { cells, slow } = element else {
            continue;
        };
        if let Some(step) = bounds(grid, index, cells, *slow) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The least and most digit of a non-empty mask.
fn least(mask: u32) -> u32 {
    mask.trailing_zeros() + 1
}

fn most(mask: u32) -> u32 {
    32 - mask.leading_zeros()
}

/// `3rd`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The step of one thermometer, if its bounds remove something.
fn bounds(grid: &Grid, index: usize, cells: &[usize], slow: bool) -> Option<Step> {
    let rise = u32::from(!slow);
    let masks: Vec<u32> = cells.iter().map(|&c| options(grid, c)).collect();
    if masks.contains(&0) {
        return None;
    }
    let n = cells.len();
    let mut low = vec![0u32; n];
    let mut high = vec![0u32; n];
    for i in 0..n {
        let from_below = if i == 0 { 1 } else { low[i - 1] + rise };
        low[i] = least(masks[i]).max(from_below);
    }
    for i in (0..n).rev() {
        let from_above = if i + 1 == n {
            grid.size() as u32
        } else {
            high[i + 1].saturating_sub(rise)
        };
        high[i] = most(masks[i]).min(from_above);
    }
    let mut step = Step::new(Technique::Thermometer);
    let mut clauses = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        if grid.value(cell) != 0 {
            continue;
        }
        let outside: Vec<u8> = digits_of(masks[i])
            .into_iter()
            .filter(|&d| u32::from(d) < low[i] || u32::from(d) > high[i])
            .collect();
        let inside = digits_of(masks[i])
            .into_iter()
            .filter(|d| !outside.contains(d))
            .map(|d| Candidate::new(cell, d));
        step.pattern.extend(inside);
        if outside.is_empty() {
            continue;
        }
        let name = grid.name(cell);
        if outside.iter().any(|&d| u32::from(d) < low[i]) {
            let at_least = low[i];
            clauses.push(match i == 0 || (!slow && at_least == i as u32 + 1) {
                true => format!(
                    "{name} is {} from the bulb, so at least {at_least}",
                    ordinal(i + 1)
                ),
                false => format!(
                    "{name} {} {} (at least {}), so at least {at_least}",
                    if slow { "is not below" } else { "is above" },
                    grid.name(cells[i - 1]),
                    low[i - 1]
                ),
            });
        }
        if outside.iter().any(|&d| u32::from(d) > high[i]) {
            let at_most = high[i];
            let from_tip = n - i;
            let by_position = !slow && at_most == (grid.size() - (from_tip - 1)) as u32;
            clauses.push(match i + 1 == n || by_position {
                true => format!(
                    "{name} is {} from the tip, so at most {at_most}",
                    ordinal(from_tip)
                ),
                false => format!(
                    "{name} {} {} (at most {}), so at most {at_most}",
                    if slow { "is not above" } else { "is below" },
                    grid.name(cells[i + 1]),
                    high[i + 1]
                ),
            });
        }
        step.eliminations
            .extend(outside.into_iter().map(|d| Candidate::new(cell, d)));
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.elements.push(index);
    step.reason = Some(format!("{}: {}", labelled(grid, index), clauses.join("; ")));
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn ordinals() {
        let names: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal).to_vec();
        assert_eq!(
            names,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
            ]
        );
    }
}
