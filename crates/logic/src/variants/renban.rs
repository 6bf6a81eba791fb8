//! Renban run bounds: the L cells of a renban line hold L different,
//! consecutive digits — one run of L, such as 3–6 for four cells. A run
//! fits only if every cell can hold one of its digits and each of its
//! digits has a cell; a candidate outside every run that fits goes. (The
//! cells hold different digits: they are peers, so a digit placed on the
//! line leaves the rest of it.)

use std::ops::ControlFlow;

use super::super::grid::{Grid, digits_of};
use super::super::step::{Candidate, Found, Step};
use super::super::technique::Technique;
use super::{elements, labelled, options};
use fdoku_sudoku::Element;

/// Reports each renban line whose fitting runs rule out some candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, element) in elements(grid) {
        let Element::Renban { cells } = element else {
            continue;
        };
        if let Some(step) = runs(grid, index, cells) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The step of one renban line, if some candidate lies in no fitting run.
fn runs(grid: &Grid, index: usize, cells: &[usize]) -> Option<Step> {
    let length = cells.len();
    let size = grid.size();
    let masks: Vec<u32> = cells.iter().map(|&c| options(grid, c)).collect();
    let union = masks.iter().fold(0, |all, &m| all | m);
    let mut fitting = Vec::new();
    let mut covered = 0u32;
    for start in 1..=size + 1 - length {
        let run = ((1u32 << length) - 1) << (start - 1);
        if masks.iter().all(|&m| m & run != 0) && union & run == run {
            fitting.push((start, start + length - 1));
            covered |= run;
        }
    }
    let mut step = Step::new(Technique::Renban);
    for (&cell, &mask) in cells.iter().zip(&masks) {
        if grid.value(cell) != 0 {
            continue;
        }
        let cell_candidates = |m: u32| {
            digits_of(m)
                .into_iter()
                .map(move |d| Candidate::new(cell, d))
        };
        step.pattern.extend(cell_candidates(mask & covered));
        step.eliminations.extend(cell_candidates(mask & !covered));
    }
    if step.eliminations.is_empty() {
        return None;
    }
    let runs: Vec<String> = fitting.iter().map(|(a, b)| format!("{a}–{b}")).collect();
    let fit = match runs.is_empty() {
        true => "no run fits".to_owned(),
        false => format!("only {} fit", runs.join(", ")),
    };
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: its {length} cells hold a run of {length} consecutive digits, and {fit}",
        labelled(grid, index)
    ));
    Some(step)
}
