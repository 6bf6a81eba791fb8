//! SE's unique rectangles and loops ("unique patterns").
//!
//! From each bivalue cell `{a,b}` (row-major), SE walks cells holding both
//! digits, house after house (never twice in a row through the same kind of
//! house), back to the start after four cells or more; at most two cells
//! may hold more digits, or any number holding one and the same extra digit.
//! A loop is valid when every house it visits holds two of its cells, one
//! at an even and one at an odd position. Were all its cells `a`/`b`,
//! swapping them would give a second solution, so:
//!
//! * **Type 1** — one cell with more digits: it loses `a` and `b`.
//! * **Type 2** — the cells with more digits share one extra digit `c`: one
//!   of them is `c`, which leaves every cell seeing them all.
//! * **Type 3** — two cells with more digits in one house act as one cell
//!   holding their extra digits: with other cells of the house they make a
//!   naked subset, or `a`, `b` and other digits a hidden one (the second
//!   cell left out), which clears the rest.
//! * **Type 4** — two cells with more digits in one house where `a` has no
//!   other place: one of them is `a`, so neither is `b`.
//!
//! SE rates a loop 4.5, plus 0.1 from six cells, 0.2 from eight, 0.5 from
//! ten, and type 3 0.1 per subset cell beyond the first (naked) or second
//! (hidden); it offers the easiest first, type breaking ties, and a loop
//! once per kind of hint. Four-cell loops are unique rectangles.

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::{Kind, REGION_TYPES, Se, colex, common_tuple};
use crate::grid::{bit, digits_of};
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// A hint before it becomes a step.
struct Hint {
    /// 1–4, with 5 for type 3's hidden form (a kind of its own for SE).
    class: u8,
    loop_cells: Vec<usize>,
    difficulty: f64,
    step: Step,
}

thread_local! {
    /// The last grid's candidates and its first hint: the path asks once
    /// per type, eight times for one grid.
    static LAST: RefCell<Option<(Vec<u32>, Option<Step>)>> = const { RefCell::new(None) };
}

/// SE's first unique loop hint.
pub(super) fn first(se: &Se<'_>) -> Option<Step> {
    let masks: Vec<u32> = (0..81).map(|c| se.mask(c)).collect();
    LAST.with_borrow_mut(|last| {
        if let Some((seen, step)) = last.as_ref()
            && *seen == masks
        {
            return step.clone();
        }
        let step = hints(se).into_iter().next();
        *last = Some((masks, step.clone()));
        step
    })
}

/// Every hint, in SE's order: easiest first, then by type.
pub(super) fn hints(se: &Se<'_>) -> Vec<Step> {
    let mut found: Vec<Hint> = Vec::new();
    for start in 0..81 {
        let mask = se.mask(start);
        if mask.count_ones() != 2 {
            continue;
        }
        let digits = digits_of(mask);
        let pair = (digits[0], digits[1]);
        let mut search = Search {
            se,
            pair_mask: mask,
            path: Vec::new(),
            loops: Vec::new(),
        };
        search.walk(start, 2, 0, None);
        for cells in search.loops {
            if !is_valid(&cells) {
                continue;
            }
            for hint in loop_hints(se, &cells, pair) {
                let duplicate = found.iter().any(|h| {
                    h.class == hint.class
                        && h.loop_cells.len() == hint.loop_cells.len()
                        && hint.loop_cells.iter().all(|c| h.loop_cells.contains(c))
                });
                if !duplicate {
                    found.push(hint);
                }
            }
        }
    }
    // Stable: ties keep the order found.
    found.sort_by(|a, b| {
        a.difficulty
            .total_cmp(&b.difficulty)
            .then(type_of(a.class).cmp(&type_of(b.class)))
    });
    found.into_iter().map(|h| h.step).collect()
}

/// The type of a hint's class (type 3's hidden form is type 3).
fn type_of(class: u8) -> u8 {
    match class {
        5 => 3,
        class => class,
    }
}

/// SE's loop search for one pair of digits from one start cell.
struct Search<'a, 'g> {
    se: &'a Se<'g>,
    pair_mask: u32,
    path: Vec<usize>,
    loops: Vec<Vec<usize>>,
}

impl Search<'_, '_> {
    /// Depth first from `cell`, houses in SE's order, never through the
    /// kind of house just used.
    fn walk(&mut self, cell: usize, allowed_extra: u8, extra_digits: u32, last: Option<Kind>) {
        self.path.push(cell);
        // Extra digits gather over the cells tried from here, as in SE.
        let mut extra = extra_digits;
        for kind in REGION_TYPES {
            if Some(kind) == last {
                continue;
            }
            let region = kind.region_of(cell);
            for i in 0..9 {
                let next = kind.cell(region, i);
                if next == self.path[0] && self.path.len() >= 4 {
                    self.loops.push(self.path.clone());
                } else if !self.path.contains(&next) {
                    let mask = self.se.mask(next);
                    if mask & self.pair_mask != self.pair_mask {
                        continue;
                    }
                    extra |= mask & !self.pair_mask;
                    let size = mask.count_ones();
                    if size == 2 || extra.count_ones() == 1 || allowed_extra > 0 {
                        let left = allowed_extra.saturating_sub(u8::from(size > 2));
                        self.walk(next, left, extra, Some(kind));
                    }
                }
            }
        }
        self.path.pop();
    }
}

/// Every house visited by the loop holds two of its cells, at positions
/// of different parity.
fn is_valid(cells: &[usize]) -> bool {
    let mut visited = [Vec::new(), Vec::new()];
    for (i, &cell) in cells.iter().enumerate() {
        for kind in REGION_TYPES {
            let region = (kind, kind.region_of(cell));
            if visited[i % 2].contains(&region) {
                return false;
            }
            visited[i % 2].push(region);
        }
    }
    let [even, odd] = &visited;
    even.len() == odd.len() && even.iter().all(|r| odd.contains(r))
}

/// SE's rating of a loop's hints before type 3's addition.
fn base_difficulty(len: usize) -> f64 {
    let mut result = 4.5;
    if len >= 10 {
        result += 0.3;
    }
    if len >= 8 {
        result += 0.2;
    } else if len >= 6 {
        result += 0.1;
    }
    result
}

fn loop_hints(se: &Se<'_>, cells: &[usize], pair: (u8, u8)) -> Vec<Hint> {
    let extra: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| se.mask(c).count_ones() > 2)
        .collect();
    let pair_mask = bit(pair.0) | bit(pair.1);
    let mut hints = Vec::new();
    match extra[..] {
        [rescue] => {
            let removed = se.candidates([rescue], pair_mask);
            hints.extend(hint(se, cells, pair, 1, 0.0, removed, &[]));
        }
        [c1, c2] => {
            let others = (se.mask(c1) | se.mask(c2)) & !pair_mask;
            if others.count_ones() == 1 {
                hints.extend(type_2(se, cells, pair, &extra));
            } else if others.count_ones() >= 2 {
                hints.extend(type_3(se, cells, pair, c1, c2));
            }
            hints.extend(type_4(se, cells, pair, c1, c2));
        }
        [] => {}
        _ => hints.extend(type_2(se, cells, pair, &extra)),
    }
    hints
}

/// A hint of `class`, when it removes something.
fn hint(
    se: &Se<'_>,
    cells: &[usize],
    pair: (u8, u8),
    class: u8,
    added: f64,
    removed: Vec<Candidate>,
    subset: &[usize],
) -> Option<Hint> {
    if removed.is_empty() {
        return None;
    }
    let ty = type_of(class);
    let technique = match (cells.len(), ty) {
        (4, 1) => Technique::UniqueRectangle1,
        (4, 2) => Technique::UniqueRectangle2,
        (4, 3) => Technique::UniqueRectangle3,
        (4, _) => Technique::UniqueRectangle4,
        (_, 1) => Technique::UniqueLoop1,
        (_, 2) => Technique::UniqueLoop2,
        (_, 3) => Technique::UniqueLoop3,
        _ => Technique::UniqueLoop4,
    };
    let difficulty = base_difficulty(cells.len()) + added;
    let pair_mask = bit(pair.0) | bit(pair.1);
    let mut step = Step::new(technique);
    for &cell in cells {
        for digit in digits_of(se.mask(cell)) {
            let candidate = Candidate::new(cell, digit);
            match pair_mask & bit(digit) {
                0 => step.extra.push(candidate),
                _ => step.pattern.push(candidate),
            }
        }
    }
    for &cell in subset {
        step.extra.extend(
            digits_of(se.mask(cell))
                .into_iter()
                .map(|d| Candidate::new(cell, d)),
        );
    }
    step.pattern.sort_unstable();
    step.extra.sort_unstable();
    step.eliminations = removed;
    step.explainer_rating = Some((difficulty * 10.0).round() as u16);
    Some(Hint {
        class,
        loop_cells: cells.to_vec(),
        difficulty,
        step,
    })
}

fn type_2(se: &Se<'_>, cells: &[usize], pair: (u8, u8), extra: &[usize]) -> Option<Hint> {
    let pair_mask = bit(pair.0) | bit(pair.1);
    let digit = se.mask(extra[0]) & !pair_mask;
    let digit = digit & digit.wrapping_neg();
    let targets =
        (0..81).filter(|&c| !extra.contains(&c) && extra.iter().all(|&e| super::sees(c, e)));
    let removed = se.candidates(targets, digit);
    hint(se, cells, pair, 2, 0.0, removed, &[])
}

/// Type 3: a naked subset with the two extra cells as one, or a hidden
/// subset of the pair and other digits; degrees from the extra digits' count
/// up to 7, kinds in SE's order.
fn type_3(se: &Se<'_>, cells: &[usize], pair: (u8, u8), c1: usize, c2: usize) -> Vec<Hint> {
    let pair_mask = bit(pair.0) | bit(pair.1);
    let extra = (se.mask(c1) | se.mask(c2)) & !pair_mask;
    let mut hints = Vec::new();
    for degree in extra.count_ones() as usize..=7 {
        for kind in REGION_TYPES {
            let region = kind.region_of(c1);
            if region != kind.region_of(c2) {
                continue;
            }
            let empty = se.empty_count(kind, region);
            let (index1, index2) = (kind.index_of(c1), kind.index_of(c2));
            if degree * 2 <= empty {
                let _ = colex(degree, 9, &mut |picked| {
                    if !picked.contains(&index1) || picked.contains(&index2) {
                        return ControlFlow::Continue(());
                    }
                    let mut naked = extra & se.mask(c1) & se.mask(c2);
                    let mut masks = Vec::with_capacity(degree);
                    let mut subset = Vec::new();
                    for &i in picked {
                        if i == index1 {
                            masks.push(extra);
                        } else {
                            let cell = kind.cell(region, i);
                            masks.push(se.mask(cell));
                            naked |= se.mask(cell);
                            subset.push(cell);
                        }
                    }
                    if naked.count_ones() as usize != degree {
                        return ControlFlow::Continue(());
                    }
                    if let Some(digits) = common_tuple(masks.iter().copied(), degree) {
                        let targets = (0..9)
                            .map(|i| kind.cell(region, i))
                            .filter(|c| !subset.contains(c) && *c != c1 && *c != c2);
                        let removed = se.candidates(targets, digits);
                        let added = (digits.count_ones() as f64 - 1.0) * 0.1;
                        if let Some(mut h) = hint(se, cells, pair, 3, added, removed, &subset) {
                            h.step.houses.push(se.house(kind, region));
                            hints.push(h);
                        }
                    }
                    ControlFlow::Continue(())
                });
            }
            if degree * 2 < empty {
                let rest: Vec<u8> = (1..=9u8)
                    .filter(|&d| pair_mask & bit(d) == 0 && extra & bit(d) == 0)
                    .collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                let _ = colex(degree - 2, rest.len(), &mut |picked| {
                    let mut digits: Vec<u8> = picked.iter().map(|&i| rest[i]).collect();
                    digits.extend([pair.0, pair.1]);
                    let places: Vec<u32> = digits
                        .iter()
                        .map(|&d| se.positions(kind, region, d) & !(1 << index2))
                        .collect();
                    if places.contains(&0) {
                        return ControlFlow::Continue(());
                    }
                    let union = places.iter().fold(0, |m, p| m | p);
                    if union.count_ones() as usize != degree {
                        return ControlFlow::Continue(());
                    }
                    let hidden = digits.iter().fold(0, |m, &d| m | bit(d));
                    let indexes = union & !(1 << index1);
                    let subset: Vec<usize> = (0..9)
                        .filter(|&i| indexes >> i & 1 == 1)
                        .map(|i| kind.cell(region, i))
                        .collect();
                    let removed = se.candidates(subset.iter().copied(), !hidden & 0x1ff);
                    let added = (indexes.count_ones() as f64 - 1.0) * 0.1;
                    if let Some(mut h) = hint(se, cells, pair, 5, added, removed, &subset) {
                        h.step.houses.push(se.house(kind, region));
                        hints.push(h);
                    }
                    ControlFlow::Continue(())
                });
            }
        }
    }
    hints
}

/// Type 4: a house of both extra cells where one digit of the pair has no
/// other place (the last such house, `a` before `b`, as SE picks it).
fn type_4(se: &Se<'_>, cells: &[usize], pair: (u8, u8), c1: usize, c2: usize) -> Option<Hint> {
    let (mut first, mut second) = (None, None);
    for kind in REGION_TYPES {
        let region = kind.region_of(c1);
        if region != kind.region_of(c2) {
            continue;
        }
        let others: Vec<usize> = (0..9)
            .map(|i| kind.cell(region, i))
            .filter(|&c| c != c1 && c != c2)
            .collect();
        let has = |d: u8| others.iter().any(|&c| se.mask(c) & bit(d) != 0);
        if !has(pair.0) {
            first = Some((kind, region));
        }
        if !has(pair.1) {
            second = Some((kind, region));
        }
    }
    let ((kind, region), removed_digit) = match (first, second) {
        (Some(house), _) => (house, pair.1),
        (None, Some(house)) => (house, pair.0),
        (None, None) => return None,
    };
    let removed = se.candidates([c1, c2], bit(removed_digit));
    let mut h = hint(se, cells, pair, 4, 0.0, removed, &[])?;
    h.step.houses.push(se.house(kind, region));
    Some(h)
}

#[cfg(test)]
mod tests {
    use super::super::test_grids::{candidates, from_marks, pairs_only};
    use super::*;

    /// r1c1, r1c4, r2c4, r2c7, r3c7, r3c1: a loop of six cells through
    /// boxes 1–3, rows 1–3 and columns 1, 4, 7.
    const SIX: [usize; 6] = [0, 3, 12, 15, 24, 18];

    fn first_of(grid: &crate::grid::Grid) -> Option<Step> {
        first(&Se::new(grid))
    }

    #[test]
    fn type_1_clears_the_pair_from_the_one_cell_with_more() {
        let grid = pairs_only(&SIX, &[(24, &[3])]);
        let step = first_of(&grid).unwrap();
        assert_eq!(step.technique, Technique::UniqueLoop1);
        assert_eq!(step.explainer_rating, Some(46));
        assert_eq!(step.eliminations, candidates(&[(3, 7, 1), (3, 7, 2)]));
    }

    #[test]
    fn type_2_clears_the_shared_extra_digit_before_type_4() {
        // r2c7 and r3c7 both hold 3: it leaves box 3 and column 7.
        let grid = pairs_only(&SIX, &[(15, &[3]), (24, &[3])]);
        let all = hints(&Se::new(&grid));
        assert_eq!(all[0].technique, Technique::UniqueLoop2);
        let expected: Vec<(usize, usize, u8)> =
            [(1, 7), (1, 8), (1, 9), (2, 8), (2, 9), (3, 8), (3, 9)]
                .into_iter()
                .chain((4..=9).map(|row| (row, 7)))
                .map(|(row, col)| (row, col, 3))
                .collect();
        assert_eq!(all[0].eliminations, candidates(&expected));
        assert_eq!(all[1].technique, Technique::UniqueLoop4);
    }

    #[test]
    fn type_4_locks_a_digit_in_the_two_cells_with_more() {
        // r2c7 {1,2,3}, r3c7 {1,2,4}: 1 has no other place in column 7.
        let grid = pairs_only(&SIX, &[(15, &[3]), (24, &[4])]);
        let step = first_of(&grid).unwrap();
        assert_eq!(step.technique, Technique::UniqueLoop4);
        assert_eq!(step.eliminations, candidates(&[(2, 7, 2), (3, 7, 2)]));
    }

    #[test]
    fn no_hint_when_the_cells_with_more_share_no_house() {
        // r1c4 {1,2,3} and r3c7 {1,2,4}: neither type 2, 3 nor 4.
        let grid = pairs_only(&SIX, &[(3, &[3]), (24, &[4])]);
        assert!(hints(&Se::new(&grid)).is_empty());
    }

    #[test]
    fn sudoku_explainers_own_type_2_on_a_generated_puzzle() {
        // SE's step 58 of 6.1..47......5.3...5....1.2...16..53.647.....3..9...8......6.2.2..5.....7........
        let grid = from_marks(
            "6.1..4795....513.8.5..971.2...1624535647..2193129456871.5.76.2424.51..767.642.531",
            "6 238 1 238 38 4 7 9 5 49 279 79 26 5 1 3 46 8 48 5 38 368 9 7 1 46 2 89 789 789 1 6 \
             2 4 5 3 5 6 4 7 38 38 2 1 9 3 1 2 9 4 5 6 8 7 1 389 5 38 7 6 89 2 4 2 4 389 5 1 389 \
             89 7 6 7 89 6 4 2 89 5 3 1",
        );
        let step = first_of(&grid).unwrap();
        assert_eq!(step.technique, Technique::UniqueLoop2);
        assert_eq!(step.explainer_rating, Some(46));
        assert_eq!(step.eliminations, candidates(&[(7, 4, 3), (8, 3, 3)]));
    }
}
