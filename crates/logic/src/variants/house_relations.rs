//! A house read together with the relations between its cells: its open
//! cells hold its missing digits, one each, and every relation between two
//! of its cells (a dot, an XV, a whisper or thermometer step, a min/max
//! cell's neighbour…) must hold. Listing the ways to fill the cells the
//! relations touch — each leaving the house's other cells a digit apiece —
//! a candidate of those cells that none of them uses goes, where the house
//! alone (its subsets) would keep it.
//!
//! ```text
//! row 4 missing {1, 5, 9}; r4c7 X r4c8: 1 + 9 in the X, so r4c9 is 5
//! ```

use std::ops::ControlFlow;

use super::super::grid::{Grid, bit, digits_of};
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::{CellLink, Source, digit_list, element_name, options};

/// The most fillings of a house's related cells a person lists (the
/// product of their candidate counts); a larger house is left alone.
const MOST_FILLINGS: usize = 2_000;

/// Reports each house whose relations rule out candidates its subsets
/// keep.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for house in 0..grid.houses().len() {
        if let Some(step) = read(grid, house) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The open cells of a house that its inner relations touch, with those
/// relations.
struct Related<'g> {
    cells: Vec<usize>,
    links: Vec<&'g CellLink>,
}

/// The relations between two cells of `house` touching an open cell.
fn related(grid: &Grid, house: usize) -> Option<Related<'_>> {
    let inside = grid.house_cells(house);
    let links: Vec<&CellLink> = grid
        .links()
        .iter()
        .filter(|l| inside.contains(l.a) && inside.contains(l.b))
        .filter(|l| grid.value(l.a) == 0 || grid.value(l.b) == 0)
        .collect();
    let mut cells: Vec<usize> = links
        .iter()
        .flat_map(|l| [l.a, l.b])
        .filter(|&c| grid.value(c) == 0)
        .collect();
    cells.sort_by_key(|&c| (grid.mask(c).count_ones(), c));
    cells.dedup();
    let fillings = cells.iter().try_fold(1usize, |n, &c| {
        n.checked_mul(grid.mask(c).count_ones() as usize)
    })?;
    (!links.is_empty() && fillings <= MOST_FILLINGS).then_some(Related { cells, links })
}

/// Whether the other open cells of a house can take the `left` digits,
/// one each (a matching of cells to digits).
pub(super) fn fits(grid: &Grid, others: &[usize], left: u32) -> bool {
    fn augment(masks: &[u32], cell: usize, seen: &mut u32, owner: &mut [Option<usize>]) -> bool {
        for d in 0..32 {
            if masks[cell] >> d & 1 == 0 || *seen >> d & 1 == 1 {
                continue;
            }
            *seen |= 1 << d;
            let free = match owner[d] {
                None => true,
                Some(other) => augment(masks, other, seen, owner),
            };
            if free {
                owner[d] = Some(cell);
                return true;
            }
        }
        false
    }
    let masks: Vec<u32> = others.iter().map(|&c| grid.mask(c) & left).collect();
    let mut owner = vec![None; 32];
    (0..masks.len()).all(|cell| augment(&masks, cell, &mut 0, &mut owner))
}

/// Per related cell, the digits some filling of the house uses: with the
/// relations kept (`keep_relations`) or with the house's rule alone.
fn supported(grid: &Grid, house: usize, related: &Related, keep_relations: bool) -> Vec<u32> {
    let others: Vec<usize> = grid
        .house_cells(house)
        .iter()
        .filter(|&c| grid.value(c) == 0 && !related.cells.contains(&c))
        .collect();
    let placed = grid
        .house_cells(house)
        .iter()
        .filter(|&c| grid.value(c) != 0)
        .fold(0, |m, c| m | bit(grid.value(c)));
    let missing = (u32::MAX >> (32 - grid.size())) & !placed;
    let mut chosen = vec![0u8; related.cells.len()];
    let mut kept = vec![0u32; related.cells.len()];
    let goes = |k: usize, digit: u8, chosen: &[u8]| {
        let cell = related.cells[k];
        related.links.iter().all(|l| {
            let (other, with) = match (l.a == cell, l.b == cell) {
                (true, _) => (l.b, &l.with_a),
                (_, true) => (l.a, &l.with_b),
                _ => return true,
            };
            let theirs = match related.cells.iter().position(|&c| c == other) {
                Some(j) if j < k => bit(chosen[j]),
                Some(_) => return true,
                None => options(grid, other),
            };
            with[usize::from(digit)] & theirs != 0
        })
    };
    fill(
        &mut |k, digit, chosen: &[u8]| !keep_relations || goes(k, digit, chosen),
        &mut |chosen: &[u8], used| {
            if fits(grid, &others, missing & !used) {
                for (k, &d) in chosen.iter().enumerate() {
                    kept[k] |= bit(d);
                }
            }
        },
        grid,
        &related.cells,
        &mut chosen,
        0,
        0,
    );
    kept
}

/// Walks every filling of `cells` from the `k`th on with different
/// digits that `allowed` accepts, handing each complete one to `done`.
fn fill(
    allowed: &mut dyn FnMut(usize, u8, &[u8]) -> bool,
    done: &mut dyn FnMut(&[u8], u32),
    grid: &Grid,
    cells: &[usize],
    chosen: &mut [u8],
    k: usize,
    used: u32,
) {
    if k == cells.len() {
        done(chosen, used);
        return;
    }
    for digit in digits_of(grid.mask(cells[k]) & !used) {
        if allowed(k, digit, chosen) {
            chosen[k] = digit;
            fill(allowed, done, grid, cells, chosen, k + 1, used | bit(digit));
        }
    }
}

/// The step of one house, if its relations remove what its subsets keep.
fn read(grid: &Grid, house: usize) -> Option<Step> {
    let related = related(grid, house)?;
    let alone = supported(grid, house, &related, false);
    let together = supported(grid, house, &related, true);
    let mut step = Step::new(Technique::HouseRelations);
    step.houses.push(house);
    let mut clauses = Vec::new();
    for (k, &cell) in related.cells.iter().enumerate() {
        let mask = grid.mask(cell);
        let gone = mask & alone[k] & !together[k];
        step.pattern
            .extend(grid.candidates_in([cell], mask & together[k]));
        if gone != 0 {
            step.eliminations.extend(grid.candidates_in([cell], gone));
            clauses.push(format!("{} in {}", digit_list(gone), grid.name(cell)));
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    let mut names = Vec::new();
    for link in &related.links {
        let name = match link.source {
            Source::Element(index) => {
                if !step.elements.contains(&index) {
                    step.elements.push(index);
                }
                element_name(grid.rules(), index)
            }
            Source::NonConsecutive => "non-consecutive neighbours".to_owned(),
            Source::Negative => "unmarked neighbours".to_owned(),
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let cells: Vec<String> = related.cells.iter().map(|&c| grid.name(c)).collect();
    step.reason = Some(format!(
        "{} with {}: of the ways to fill {} with its missing digits that leave its other cells \
         one each, none that keeps the relations puts {}",
        grid.houses()[house].name(),
        names.join(", "),
        cells.join(", "),
        clauses.join(", ")
    ));
    Some(step)
}
