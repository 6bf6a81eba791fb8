//! Region-sum lines: the line's pieces, each a run of consecutive cells in
//! one region (box or jigsaw region), all add up to the same total. The
//! total keeps the values every piece can add up to (different digits
//! within a region); each piece's cells keep the digits that, with the
//! piece's other cells, reach one of them. A piece of one cell fixes the
//! total to its digit.

use std::ops::ControlFlow;

use super::super::grid::Grid;
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::sums::{common, listed, totals, trim_line};
use super::{elements, labelled};
use fdoku_sudoku::Element;

/// Reports each region-sum line whose common total rules out some
/// candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, element) in elements(grid) {
        let Element::RegionSum { cells } = element else {
            continue;
        };
        if let Some(step) = region_sum(grid, index, cells) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The line cut into its pieces: maximal runs of consecutive cells in one
/// region.
fn pieces(grid: &Grid, line: &[usize]) -> Vec<Vec<usize>> {
    let rules = grid.rules();
    let region = |cell: usize| rules.layout().region_of(rules.size(), cell);
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    for (k, &cell) in line.iter().enumerate() {
        match pieces.last_mut() {
            Some(piece) if region(line[k - 1]) == region(cell) => piece.push(cell),
            _ => pieces.push(vec![cell]),
        }
    }
    pieces
}

/// The step of one region-sum line, if something goes.
fn region_sum(grid: &Grid, index: usize, line: &[usize]) -> Option<Step> {
    let pieces = pieces(grid, line);
    if pieces.len() < 2 {
        return None;
    }
    let most = line.len() * grid.size() + 1;
    let mut targets = vec![true; most];
    for piece in &pieces {
        let mut reach = totals(grid, piece);
        reach.resize(most, false);
        targets = common(&targets, &reach);
    }
    let mut step = Step::new(Technique::RegionSumLine);
    for piece in &pieces {
        trim_line(grid, piece, &targets, &mut step);
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: its {} pieces, one per region, add up to one total, which every piece reaches \
         only as {}",
        labelled(grid, index),
        pieces.len(),
        listed(&targets)
    ));
    Some(step)
}
