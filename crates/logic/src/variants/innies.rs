//! Innies and outies — the 45 rule of killer sudoku, over any run of whole
//! rows or columns, or one house. A region of k whole houses holds every
//! digit k times, so its cells add up to k·N(N+1)/2 (45 a house on 9×9).
//! Take away the cages lying wholly inside: the cells left over (the
//! *innies*) add up to the rest. When the cages that meet the region cover
//! it, their cells outside it (the *outies*) add up to what those cages
//! hold beyond the region's total. Up to four innies or outies are then
//! filled like a cage of that sum (different digits where cells see each
//! other), and their candidates that reach no filling go. A little killer
//! diagonal lying inside the region counts like a cage (its digits may
//! repeat, its total is still the clue): a 6×6 box of 21 holding a
//! diagonal of 7 leaves 14 to its other cells.

use std::ops::ControlFlow;

use super::super::cellset::CellSet;
use super::super::grid::Grid;
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::elements;
use super::sums::trim_line;
use fdoku_sudoku::{Element, HouseKind};

/// The most innies or outies filled as one virtual cage.
const MOST_CELLS: usize = 4;

/// Reports each region whose innies or outies lose candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let cages: Vec<(CellSet, u32)> = grid
        .cages()
        .iter()
        .filter_map(|cage| Some((cage.cells.iter().copied().collect(), cage.sum?)))
        .collect();
    let diagonals = diagonals(grid);
    if cages.is_empty() && diagonals.is_empty() {
        return ControlFlow::Continue(());
    }
    let size = grid.size() as u32;
    let per_house = size * (size + 1) / 2;
    for (name, region, houses) in regions(grid) {
        let total = houses * per_house;
        let inside: Vec<&(CellSet, u32)> =
            cages.iter().filter(|(c, _)| c.is_subset(&region)).collect();
        let known: u32 = inside.iter().map(|(_, s)| s).sum();
        let covered = inside.iter().fold(CellSet::EMPTY, |all, (c, _)| all | *c);
        // Little killer diagonals inside the region, each clear of the
        // cages and diagonals already counted.
        let mut lines = Vec::new();
        let (mut on_lines, mut line_known) = (covered, known);
        for (index, cells, sum) in &diagonals {
            if cells.is_subset(&region) && !cells.intersects(&on_lines) {
                on_lines |= *cells;
                line_known += sum;
                lines.push(*index);
            }
        }
        if !lines.is_empty()
            && let Some(left) = total.checked_sub(line_known)
            && let Some(mut step) = virtual_cage(
                grid,
                region - on_lines,
                left,
                &format!(
                    "{name} adds up to {total}, the cages and little killer diagonals inside \
                     it to {line_known}: its innies"
                ),
            )
        {
            step.elements = lines;
            found(step)?;
        }
        let innies = region - covered;
        if !inside.is_empty()
            && let Some(left) = total.checked_sub(known)
            && let Some(step) = virtual_cage(
                grid,
                innies,
                left,
                &format!("{name} adds up to {total}, the cages inside it to {known}: its innies"),
            )
        {
            found(step)?;
        }
        let meeting: Vec<&(CellSet, u32)> = cages
            .iter()
            .filter(|(c, _)| c.intersects(&region) && !c.is_subset(&region))
            .collect();
        let reach = meeting.iter().fold(covered, |all, (c, _)| all | *c);
        if meeting.is_empty() || !region.is_subset(&reach) {
            continue;
        }
        let outies = reach - region;
        let held = known + meeting.iter().map(|(_, s)| s).sum::<u32>();
        if let Some(beyond) = held.checked_sub(total)
            && let Some(step) = virtual_cage(
                grid,
                outies,
                beyond,
                &format!("{name} adds up to {total}, the cages meeting it to {held}: their outies"),
            )
        {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The little killer diagonals: element index, cells, sum.
fn diagonals(grid: &Grid) -> Vec<(usize, CellSet, u32)> {
    let size = grid.size();
    elements(grid)
        .filter_map(|(index, element)| match element {
            Element::LittleKiller { sum, .. } => {
                Some((index, element.cells(size).into_iter().collect(), *sum))
            }
            _ => None,
        })
        .collect()
}

/// The step filling `cells` (innies or outies, as `why` says) like a cage
/// of `sum`, if it removes something.
fn virtual_cage(grid: &Grid, cells: CellSet, sum: u32, why: &str) -> Option<Step> {
    if cells.is_empty() || cells.len() > MOST_CELLS {
        return None;
    }
    let list: Vec<usize> = cells.iter().collect();
    let mut targets = vec![false; sum as usize + 1];
    targets[sum as usize] = true;
    let mut step = Step::new(Technique::InniesOuties);
    trim_line(grid, &list, &targets, &mut step);
    if step.eliminations.is_empty() {
        return None;
    }
    let names: Vec<String> = list.iter().map(|&c| grid.name(c)).collect();
    step.reason = Some(format!("{why} {} add up to {sum}", names.join(", ")));
    Some(step)
}

/// Every single house, and every run of two or more (but not all)
/// consecutive rows or columns: name, cells, number of houses.
fn regions(grid: &Grid) -> Vec<(String, CellSet, u32)> {
    let mut regions: Vec<(String, CellSet, u32)> = (0..grid.houses().len())
        .map(|h| (grid.houses()[h].name(), grid.house_cells(h), 1))
        .collect();
    let size = grid.size();
    for kind in [HouseKind::Row, HouseKind::Column] {
        let lines: Vec<usize> = (0..grid.houses().len())
            .filter(|&h| grid.house_kind(h) == kind)
            .collect();
        let word = match kind {
            HouseKind::Row => "rows",
            _ => "columns",
        };
        for first in 0..size {
            for last in first + 1..(first + size - 1).min(size) {
                let cells = lines[first..=last]
                    .iter()
                    .fold(CellSet::EMPTY, |all, &h| all | grid.house_cells(h));
                let name = format!("{word} {}–{}", first + 1, last + 1);
                regions.push((name, cells, (last - first + 1) as u32));
            }
        }
    }
    regions
}
