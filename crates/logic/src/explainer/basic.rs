//! SE's singles, intersections, subsets, fish and XY(Z)-wings, each
//! searched in SE's order; the first hint is returned.

use std::ops::ControlFlow;

use super::{BLOCKS_COLUMNS_ROWS, Kind, Se, colex, common_tuple, sees};
use crate::barren::Slots;
use crate::grid::{bit, digits_of};
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// The first full house (`alone`) or hidden single: boxes, columns, rows,
/// digits ascending.
pub(super) fn single(se: &Se<'_>, alone: bool) -> Option<Step> {
    for kind in BLOCKS_COLUMNS_ROWS {
        for region in 0..9 {
            let is_alone = se.empty_count(kind, region) == 1;
            if is_alone != alone {
                continue;
            }
            for digit in 1..=9 {
                let places = se.positions(kind, region, digit);
                if places.count_ones() == 1 {
                    let cell = kind.cell(region, places.trailing_zeros() as usize);
                    let technique = match alone {
                        true => Technique::FullHouse,
                        false => Technique::HiddenSingle,
                    };
                    let mut step = Step::placing(technique, cell, digit);
                    step.houses.push(se.house(kind, region));
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The first pointing (box → line) or claiming (line → box), direct or
/// not. A direct one places the hidden single it leaves in a region of the
/// first house's kind crossing the second, and removes nothing.
pub(super) fn locking(se: &Se<'_>, direct: bool, pointing: bool) -> Option<Step> {
    let pairs = match pointing {
        true => [(Kind::Block, Kind::Column), (Kind::Block, Kind::Row)],
        false => [(Kind::Column, Kind::Block), (Kind::Row, Kind::Block)],
    };
    let technique = match (direct, pointing) {
        (true, true) => Technique::DirectPointing,
        (true, false) => Technique::DirectClaiming,
        (false, true) => Technique::Pointing,
        (false, false) => Technique::Claiming,
    };
    for (first_kind, second_kind) in pairs {
        for first in 0..9 {
            for second in 0..9 {
                let second_cells: Vec<usize> =
                    (0..9).map(|i| second_kind.cell(second, i)).collect();
                if !(0..9).any(|i| second_cells.contains(&first_kind.cell(first, i))) {
                    continue;
                }
                for digit in 1..=9 {
                    let places = se.positions(first_kind, first, digit);
                    if places.count_ones() <= 1 {
                        continue;
                    }
                    let cells: Vec<usize> = (0..9)
                        .filter(|&i| places >> i & 1 == 1)
                        .map(|i| first_kind.cell(first, i))
                        .collect();
                    if !cells.iter().all(|c| second_cells.contains(c)) {
                        continue;
                    }
                    let removed: Vec<Candidate> = second_cells
                        .iter()
                        .filter(|c| !cells.contains(c) && se.mask(**c) & bit(digit) != 0)
                        .map(|&c| Candidate::new(c, digit))
                        .collect();
                    let mut step = Step::new(technique);
                    step.houses = vec![se.house(first_kind, first), se.house(second_kind, second)];
                    step.pattern = cells.iter().map(|&c| Candidate::new(c, digit)).collect();
                    if !direct {
                        if removed.is_empty() {
                            continue;
                        }
                        step.eliminations = removed;
                        step.eliminations.sort_unstable();
                        return Some(step);
                    }
                    if let Some(single) = single_beside(se, first_kind, first, &second_cells, digit)
                    {
                        step.placements.push(single);
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// The hidden single a locking step leaves: another region of `kind`
/// crossing `second_cells` where the digit had several places and one
/// remains outside them.
fn single_beside(
    se: &Se<'_>,
    kind: Kind,
    first: usize,
    second_cells: &[usize],
    digit: u8,
) -> Option<Candidate> {
    for third in (0..9).filter(|&r| r != first) {
        if !(0..9).any(|i| second_cells.contains(&kind.cell(third, i))) {
            continue;
        }
        let places = se.positions(kind, third, digit);
        if places.count_ones() <= 1 {
            continue;
        }
        let left: Vec<usize> = (0..9)
            .filter(|&i| places >> i & 1 == 1)
            .map(|i| kind.cell(third, i))
            .filter(|c| !second_cells.contains(c))
            .collect();
        if let [cell] = left[..] {
            return Some(Candidate::new(cell, digit));
        }
    }
    None
}

/// The first hidden subset of `degree` digits (boxes, columns, rows; digit
/// tuples in colex order). Direct: in a house with more open cells than
/// the degree, placing the hidden single it leaves there; else in a house
/// with more than twice as many, removing the subset cells' other digits.
pub(super) fn hidden_set(se: &Se<'_>, degree: usize, direct: bool) -> Option<Step> {
    let technique = match (direct, degree) {
        (true, 2) => Technique::DirectHiddenPair,
        (true, _) => Technique::DirectHiddenTriple,
        (false, 2) => Technique::HiddenPair,
        (false, 3) => Technique::HiddenTriple,
        (false, _) => Technique::HiddenQuad,
    };
    let search = usize::from(direct) * 3 + degree - 2;
    let mut result = None;
    for (k, kind) in BLOCKS_COLUMNS_ROWS.into_iter().enumerate() {
        for region in 0..9 {
            let empty = se.empty_count(kind, region);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            let slot = (search * 3 + k) * 9 + region;
            let state = house_state(se, kind, region);
            if BARREN.with(|barren| barren.known(slot, &state)) {
                continue;
            }
            let _ = colex(degree, 9, &mut |picked| {
                let places = picked
                    .iter()
                    .map(|&d| se.positions(kind, region, d as u8 + 1));
                let Some(common) = common_tuple(places, degree) else {
                    return ControlFlow::Continue(());
                };
                let digit_mask = picked.iter().fold(0, |m, &d| m | 1 << d);
                let cells: Vec<usize> = (0..9)
                    .filter(|&i| common >> i & 1 == 1)
                    .map(|i| kind.cell(region, i))
                    .collect();
                let mut step = Step::new(technique);
                step.houses.push(se.house(kind, region));
                for &cell in &cells {
                    for digit in digits_of(se.mask(cell)) {
                        let candidate = Candidate::new(cell, digit);
                        match digit_mask & bit(digit) {
                            0 if !direct => step.eliminations.push(candidate),
                            0 => {}
                            _ => step.pattern.push(candidate),
                        }
                    }
                }
                if direct {
                    let single = (1..=9u8)
                        .filter(|d| digit_mask & bit(*d) == 0)
                        .find_map(|d| {
                            let places = se.positions(kind, region, d);
                            let outside = places & !common;
                            (places.count_ones() > 1 && outside.count_ones() == 1).then(|| {
                                Candidate::new(
                                    kind.cell(region, outside.trailing_zeros() as usize),
                                    d,
                                )
                            })
                        });
                    match single {
                        Some(single) => step.placements.push(single),
                        None => return ControlFlow::Continue(()),
                    }
                } else if step.eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                result = Some(step);
                ControlFlow::Break(())
            });
            if result.is_some() {
                return result;
            }
            BARREN.with(|barren| barren.record(slot, state));
        }
    }
    None
}

/// The subset searches remembered: hidden sets of 2 to 4 digits, direct
/// hidden pairs and triples, naked sets of 2 to 4 cells.
const SUBSET_SEARCHES: usize = 9;

thread_local! {
    /// Per subset search, house kind and house, the digits and candidates
    /// of the house's cells when the search there last found nothing: what
    /// it finds in a house depends on nothing else, so a later grid where
    /// they are the same is not searched there again.
    static BARREN: Slots<[u32; 9], { SUBSET_SEARCHES * 27 }> = const { Slots::new() };
}

/// The digit and candidates of each cell of a house, in house order.
fn house_state(se: &Se<'_>, kind: Kind, region: usize) -> [u32; 9] {
    let mut state = [0; 9];
    for (i, key) in state.iter_mut().enumerate() {
        let cell = kind.cell(region, i);
        *key = se.grid.mask(cell) | u32::from(se.grid.value(cell)) << 16;
    }
    state
}

/// The first naked subset of `degree` cells in a house with at least twice
/// as many open cells (boxes, columns, rows; cell tuples in colex order).
pub(super) fn naked_set(se: &Se<'_>, degree: usize) -> Option<Step> {
    let technique = match degree {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    let search = 6 + degree - 2;
    let mut result = None;
    for (k, kind) in BLOCKS_COLUMNS_ROWS.into_iter().enumerate() {
        for region in 0..9 {
            if se.empty_count(kind, region) < degree * 2 {
                continue;
            }
            let slot = (search * 3 + k) * 9 + region;
            let state = house_state(se, kind, region);
            if BARREN.with(|barren| barren.known(slot, &state)) {
                continue;
            }
            let _ = colex(degree, 9, &mut |picked| {
                let masks = picked.iter().map(|&i| se.mask(kind.cell(region, i)));
                let Some(digits) = common_tuple(masks, degree) else {
                    return ControlFlow::Continue(());
                };
                let cells: Vec<usize> = picked.iter().map(|&i| kind.cell(region, i)).collect();
                let others = (0..9)
                    .map(|i| kind.cell(region, i))
                    .filter(|c| !cells.contains(c));
                let removed = se.candidates(others, digits);
                if removed.is_empty() {
                    return ControlFlow::Continue(());
                }
                let mut step = Step::new(technique);
                step.houses.push(se.house(kind, region));
                for &cell in &cells {
                    step.pattern.extend(
                        digits_of(se.mask(cell))
                            .into_iter()
                            .map(|d| Candidate::new(cell, d)),
                    );
                }
                step.eliminations = removed;
                result = Some(step);
                ControlFlow::Break(())
            });
            if result.is_some() {
                return result;
            }
            BARREN.with(|barren| barren.record(slot, state));
        }
    }
    None
}

/// The first basic fish of `degree` lines: base columns before base rows,
/// line tuples in colex order, digits ascending (only digits placed at most
/// 9 − 2·degree times).
pub(super) fn fish(se: &Se<'_>, degree: usize) -> Option<Step> {
    let technique = match degree {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let mut placed = [0; 10];
    for cell in 0..81 {
        placed[usize::from(se.grid.value(cell))] += 1;
    }
    let mut result = None;
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        let _ = colex(degree, 9, &mut |lines| {
            for digit in 1..=9u8 {
                if placed[usize::from(digit)] + degree * 2 > 9 {
                    continue;
                }
                let places = lines.iter().map(|&l| se.positions(base, l, digit));
                let Some(covers) = common_tuple(places, degree) else {
                    continue;
                };
                let cover_lines: Vec<usize> = (0..9).filter(|&i| covers >> i & 1 == 1).collect();
                let mut removed = Vec::new();
                for &line in &cover_lines {
                    for i in (0..9).filter(|i| !lines.contains(i)) {
                        let cell = cover.cell(line, i);
                        if se.mask(cell) & bit(digit) != 0 {
                            removed.push(Candidate::new(cell, digit));
                        }
                    }
                }
                if removed.is_empty() {
                    continue;
                }
                let mut step = Step::new(technique);
                step.houses = lines.iter().map(|&l| se.house(base, l)).collect();
                step.houses
                    .extend(cover_lines.iter().map(|&l| se.house(cover, l)));
                for &line in lines {
                    for &other in &cover_lines {
                        let cell = base.cell(line, other);
                        if se.mask(cell) & bit(digit) != 0 {
                            step.pattern.push(Candidate::new(cell, digit));
                        }
                    }
                }
                step.pattern.sort_unstable();
                removed.sort_unstable();
                step.eliminations = removed;
                result = Some(step);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if result.is_some() {
            return result;
        }
    }
    None
}

/// The first XY-wing (or XYZ-wing): pivots in row-major order, each wing
/// among the pivot's house cells in SE's order.
pub(super) fn xy_wing(se: &Se<'_>, xyz: bool) -> Option<Step> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..81 {
        let xy = se.mask(pivot);
        if xy.count_ones() != pivot_size {
            continue;
        }
        let around = Se::house_cells(pivot);
        for &first in &around {
            let xz = se.mask(first);
            if xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            for &second in &around {
                let yz = se.mask(second);
                if yz.count_ones() != 2 {
                    continue;
                }
                let union = xy | xz | yz;
                let common = xy & xz & yz;
                if union.count_ones() != 3 || common.count_ones() != u32::from(xyz) {
                    continue;
                }
                let z = digits_of(xz & yz)[0];
                let removed: Vec<Candidate> = (0..81)
                    .filter(|&c| c != pivot && c != first && c != second)
                    .filter(|&c| sees(c, first) && sees(c, second) && (!xyz || sees(c, pivot)))
                    .filter(|&c| se.mask(c) & bit(z) != 0)
                    .map(|c| Candidate::new(c, z))
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let mut step = Step::new(match xyz {
                    true => Technique::XYZWing,
                    false => Technique::XYWing,
                });
                step.pattern = se.candidates([pivot, first, second], !0);
                step.eliminations = removed;
                return Some(step);
            }
        }
    }
    None
}
