//! SE's bivalue universal grave, types 1–4.
//!
//! Houses are read box by box, then rows, then columns, digit by digit.
//! Wherever a digit has neither zero nor two places, exactly one of its
//! places must be a cell of three candidates or more: that cell is a BUG
//! cell and the digit one of its BUG digits (none such: no BUG; two or
//! more: another house decides). With every BUG digit taken out of its
//! cell, every open cell must be bivalue and every digit have zero or two
//! places in each house — the grave a unique puzzle cannot reach, so some
//! BUG cell takes a BUG digit:
//!
//! * **Type 1** (5.6) — one BUG cell: it keeps only its BUG digits.
//! * **Type 2** (5.7) — one BUG digit in every BUG cell: it leaves every
//!   cell seeing them all.
//! * **Type 3** (5.8–6.2) — the BUG digits, as one cell, with other cells
//!   of a house holding every BUG cell form a naked subset, which clears the
//!   house's other cells seeing every BUG cell.
//! * **Type 4** (5.7) — two BUG cells in one house sharing one non-BUG
//!   digit `d`: one of them takes its BUG digit, the other `d`, so each
//!   loses its other digits.
//!
//! The hints come in SE's order (type 2 before 4, type 4 before 3); the
//! path takes the first.

use std::ops::ControlFlow;

use super::{REGION_TYPES, Se, colex, common_tuple};
use crate::grid::{bit, digits_of};
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// The BUG cells and digits, or `None` when the grid is no BUG.
struct Grave {
    /// BUG cells in the order found.
    cells: Vec<usize>,
    /// Each BUG cell's BUG digits (a mask), by position in `cells`.
    digits: Vec<u32>,
    /// All BUG digits.
    all: u32,
    /// The cells seeing every BUG cell, in SE's order.
    common: Option<Vec<usize>>,
}

/// Every hint SE's BUG producer reports, in its order.
pub(super) fn hints(se: &Se<'_>) -> Vec<Step> {
    let Some(grave) = grave(se) else {
        return Vec::new();
    };
    let mut hints = Vec::new();
    let common = grave.common.clone().unwrap_or_default();
    if grave.cells.len() == 1 {
        let cell = grave.cells[0];
        let mut step = bug_step(se, &grave, Technique::BugPlusOne);
        step.eliminations = se.candidates([cell], se.mask(cell) & !grave.all);
        hints.push(step);
    } else if grave.all.count_ones() == 1 {
        let removed = se.candidates(common.iter().copied(), grave.all);
        if !removed.is_empty() {
            let mut step = bug_step(se, &grave, Technique::Bug2);
            step.eliminations = removed;
            hints.push(step);
        }
        if grave.cells.len() == 2 {
            hints.extend(type_4(se, &grave));
        }
    } else if !common.is_empty() {
        if grave.cells.len() == 2 {
            hints.extend(type_4(se, &grave));
        }
        hints.extend(type_3(se, &grave, &common));
    }
    hints
}

/// A step with the BUG digits as pattern and the BUG cells' other
/// candidates as extra.
fn bug_step(se: &Se<'_>, grave: &Grave, technique: Technique) -> Step {
    let mut step = Step::new(technique);
    for (&cell, &digits) in grave.cells.iter().zip(&grave.digits) {
        for digit in digits_of(se.mask(cell)) {
            let candidate = Candidate::new(cell, digit);
            match digits & bit(digit) {
                0 => step.extra.push(candidate),
                _ => step.pattern.push(candidate),
            }
        }
    }
    step.pattern.sort_unstable();
    step.extra.sort_unstable();
    step
}

fn grave(se: &Se<'_>) -> Option<Grave> {
    let mut masks: Vec<u32> = (0..81).map(|c| se.mask(c)).collect();
    let mut grave = Grave {
        cells: Vec::new(),
        digits: Vec::new(),
        all: 0,
        common: None,
    };
    for kind in REGION_TYPES {
        for region in 0..9 {
            for digit in 1..=9u8 {
                let places = se.positions(kind, region, digit);
                if places.count_ones() == 0 || places.count_ones() == 2 {
                    continue;
                }
                let wide: Vec<usize> = (0..9)
                    .filter(|&i| places >> i & 1 == 1)
                    .map(|i| kind.cell(region, i))
                    .filter(|&c| se.mask(c).count_ones() >= 3)
                    .collect();
                match wide[..] {
                    [] => return None,
                    [cell] => {
                        let at = match grave.cells.iter().position(|&c| c == cell) {
                            Some(at) => at,
                            None => {
                                grave.cells.push(cell);
                                grave.digits.push(0);
                                grave.cells.len() - 1
                            }
                        };
                        grave.digits[at] |= bit(digit);
                        grave.all |= bit(digit);
                        masks[cell] &= !bit(digit);
                        let around = Se::house_cells(cell);
                        let common = grave.common.get_or_insert_with(|| around.clone());
                        common.retain(|c| around.contains(c) && !grave.cells.contains(c));
                        if grave.cells.len() > 1 && grave.all.count_ones() > 1 && common.is_empty()
                        {
                            return None;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    if (0..81).any(|c| se.grid.value(c) == 0 && masks[c].count_ones() != 2) {
        return None;
    }
    for kind in REGION_TYPES {
        for region in 0..9 {
            for digit in 1..=9u8 {
                let places = (0..9)
                    .filter(|&i| masks[kind.cell(region, i)] & bit(digit) != 0)
                    .count();
                if places != 0 && places != 2 {
                    return None;
                }
            }
        }
    }
    Some(grave)
}

/// Type 4: two BUG cells sharing one non-BUG digit, in each house holding
/// both (SE's order of kinds).
fn type_4(se: &Se<'_>, grave: &Grave) -> Vec<Step> {
    let (c1, c2) = (grave.cells[0], grave.cells[1]);
    let shared = se.mask(c1) & se.mask(c2) & !grave.all;
    if shared.count_ones() != 1 {
        return Vec::new();
    }
    REGION_TYPES
        .iter()
        .filter(|k| k.region_of(c1) == k.region_of(c2))
        .map(|&kind| {
            let mut step = bug_step(se, grave, Technique::Bug4);
            step.houses.push(se.house(kind, kind.region_of(c1)));
            let mut removed = se.candidates([c1], se.mask(c1) & !grave.digits[0] & !shared);
            removed.extend(se.candidates([c2], se.mask(c2) & !grave.digits[1] & !shared));
            step.eliminations = removed;
            step
        })
        .collect()
}

/// Type 3: the BUG digits with `degree − 1` cells of a house holding every
/// BUG cell, among the cells seeing them all, form a naked subset.
fn type_3(se: &Se<'_>, grave: &Grave, common: &[usize]) -> Vec<Step> {
    let mut steps = Vec::new();
    for kind in REGION_TYPES {
        let region = kind.region_of(grave.cells[0]);
        if grave.cells.iter().any(|&c| kind.region_of(c) != region) {
            continue;
        }
        let house_cells: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| kind.region_of(c) == region)
            .collect();
        for degree in 2..=6 {
            if house_cells.len() < degree {
                continue;
            }
            let _ = colex(degree - 1, house_cells.len(), &mut |picked| {
                let subset: Vec<usize> = picked.iter().map(|&i| house_cells[i]).collect();
                let mut masks: Vec<u32> = subset.iter().map(|&c| se.mask(c)).collect();
                let others = masks.iter().fold(0, |m, &x| m | x);
                masks.push(grave.all);
                if others.count_ones() as usize != degree {
                    return ControlFlow::Continue(());
                }
                let Some(naked) = common_tuple(masks.iter().copied(), degree) else {
                    return ControlFlow::Continue(());
                };
                let targets = house_cells
                    .iter()
                    .copied()
                    .filter(|c| !subset.contains(c) && !grave.cells.contains(c));
                let removed = se.candidates(targets, naked);
                if !removed.is_empty() {
                    let mut step = bug_step(se, grave, Technique::Bug3);
                    step.houses.push(se.house(kind, region));
                    for &cell in &subset {
                        step.extra.extend(
                            digits_of(se.mask(cell))
                                .into_iter()
                                .map(|d| Candidate::new(cell, d)),
                        );
                    }
                    step.eliminations = removed;
                    let added = (naked.count_ones() as f64 - 1.0) * 0.1;
                    step.explainer_rating = Some(((5.7 + added) * 10.0).round() as u16);
                    steps.push(step);
                }
                ControlFlow::Continue(())
            });
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::super::test_grids::{candidates, from_marks};
    use super::*;
    use crate::grid::Grid;
    use fdoku_sudoku::Rules;

    fn first(grid: &Grid) -> Option<Step> {
        hints(&Se::new(grid)).into_iter().next()
    }

    #[test]
    fn type_1_keeps_the_bug_digit_and_places_nothing() {
        // HoDoKu's BUG+1 library case (r3c8, r3c9 without 2).
        let line =
            "1953246874.78659.168.179...75.936.189.651837.31824756926975184357..8.19.8.1.9.7..";
        let values: Vec<u8> = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
        let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &values);
        grid.eliminate(25, 2);
        grid.eliminate(26, 2);
        let step = first(&grid).unwrap();
        assert_eq!(step.technique, Technique::BugPlusOne);
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, candidates(&[(9, 9, 5), (9, 9, 6)]));
    }

    #[test]
    fn type_2_clears_the_one_bug_digit_from_cells_seeing_every_bug_cell() {
        // SE's BUG type 2 in ........54..95.2..6.2..38.9.4.1..9..8.92.............75....8..3.8....14.......6..
        let grid = from_marks(
            ".....24.54.895.2.1652413879.4.1..9.68.92...14.6..94..75..6.8793.865.9142.....1658",
            "19 19 37 78 678 2 4 36 5 4 37 8 9 5 67 2 36 1 6 5 2 4 1 3 8 7 9 23 4 57 1 38 57 9 28 \
             6 8 37 9 2 67 567 35 1 4 12 6 15 38 9 4 35 28 7 5 12 14 6 24 8 7 9 3 37 8 6 5 37 9 1 4 \
             2 79 29 34 37 24 1 6 5 8",
        );
        let step = first(&grid).unwrap();
        assert_eq!(step.technique, Technique::Bug2);
        assert_eq!(step.eliminations, candidates(&[(2, 6, 7), (5, 5, 7)]));
    }

    #[test]
    fn type_4_leaves_each_bug_cell_its_bug_digit_and_the_shared_one() {
        // SE's BUG type 4 in 19....8.....68..4.........1.46.........2.7.....59..3..7...2.....5...87....2.4.5.3
        let grid = from_marks(
            "1974328..523681947468579231.4685317.3..2674...759143..73.1256..65.3987....27465.3",
            "1 9 7 4 3 2 8 56 56 5 2 3 6 8 1 9 4 7 4 6 8 5 7 9 2 3 1 29 4 6 8 5 3 1 7 29 3 18 19 2 \
             6 7 4 58 59 28 7 5 9 1 4 3 268 268 7 3 49 1 2 5 6 89 48 6 5 14 3 9 8 7 12 24 89 18 2 7 \
             4 6 5 19 3",
        );
        let step = first(&grid).unwrap();
        assert_eq!(step.technique, Technique::Bug4);
        assert_eq!(step.eliminations, candidates(&[(6, 8, 2), (6, 9, 8)]));
    }

    #[test]
    fn no_bug_in_an_open_grid() {
        let grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
        assert!(hints(&Se::new(&grid)).is_empty());
    }
}
