//! A candidate with no partner across a two-cell relation: a digit of one
//! cell that no digit left in the other goes with. A white dot's 5 when its
//! neighbour holds only 1, 2 and 9; a whisper's 5 (nothing is 5 away from
//! it); the 4 of a palindrome cell whose mirror has no 4; a minimum's 9.
//! Cells that see each other must also differ, so a white dot in one row
//! whose other cell holds only 3 leaves 2 and 4, not 3.
//!
//! Every relation the variant rules give (`CellLink`: kropki dots, XV,
//! whispers, palindromes, clones, min/max cells, entropic and modular lines,
//! non-consecutive and negative neighbours) is checked by one finder; each
//! step is of its rule's technique and names the element.

use std::ops::ControlFlow;

use super::super::grid::{Grid, bit, digits_of};
use super::super::step::{Candidate, Found, Step};
use super::super::technique::Technique;
use super::{CellLink, Source, digit_list, labelled, options, technique_of_source};

/// Reports each cell of a relation of `technique`'s rule that holds
/// candidates without a partner in the other cell.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    for link in grid.links() {
        if technique_of_source(grid.rules(), link.source) != technique {
            continue;
        }
        for cell in [link.a, link.b] {
            if let Some(step) = lonely(grid, link, cell, technique) {
                found(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step removing `cell`'s candidates without a partner across `link`.
fn lonely(grid: &Grid, link: &CellLink, cell: usize, technique: Technique) -> Option<Step> {
    if grid.value(cell) != 0 {
        return None;
    }
    let (other, allowed) = link.from(cell);
    let partners = options(grid, other);
    let apart = grid.sees(cell, other);
    let without = digits_of(grid.mask(cell))
        .into_iter()
        .filter(|&d| {
            let mut goes = allowed[usize::from(d)] & partners;
            if apart {
                goes &= !bit(d);
            }
            goes == 0
        })
        .fold(0, |mask, d| mask | bit(d));
    if without == 0 {
        return None;
    }
    let mut step = Step::new(technique);
    step.pattern = digits_of(partners)
        .into_iter()
        .map(|d| Candidate::new(other, d))
        .collect();
    step.eliminations = grid.candidates_in([cell], without);
    let rule = match link.source {
        Source::Element(index) => {
            step.elements.push(index);
            labelled(grid, index)
        }
        Source::NonConsecutive => format!(
            "non-consecutive neighbours ({}, {})",
            grid.name(link.a),
            grid.name(link.b)
        ),
        Source::Negative => format!(
            "unmarked neighbours ({}, {})",
            grid.name(link.a),
            grid.name(link.b)
        ),
    };
    let held = match grid.value(other) {
        0 => format!("{} holds only {}", grid.name(other), digit_list(partners)),
        digit => format!("{} is {digit}", grid.name(other)),
    };
    step.reason = Some(format!(
        "{rule}: {held}, and none goes with {} in {}",
        digit_list(without),
        grid.name(cell),
    ));
    Some(step)
}
