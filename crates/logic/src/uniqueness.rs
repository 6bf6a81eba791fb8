//! Uniqueness: patterns that would give a puzzle a second solution, and so
//! cannot happen in a puzzle known to have exactly one.
//!
//! **The deadly rectangle.** Take four open cells in two rows and two columns
//! and two digits `a`, `b`. If the solution filled all four with `a` and `b`
//! (rows and columns force a checkerboard), swapping `a` and `b` in them would
//! give a second solution — provided every house (and killer cage) holds
//! either none of the four cells or two of them in one row or column: then
//! each such house keeps its digits (one `a`, one `b`), and a cage keeps its
//! sum. Classic boxes and jigsaw regions satisfy this when the rectangle
//! spans exactly two of them, side by side (Latin squares have none, so any
//! rectangle does); a diagonal, window, extra region or cage holding one
//! corner, or two opposite ones, breaks it, and the finder then refuses the
//! rectangle, as it does when any rule beyond houses and cages touches a
//! corner (a global or negative rule touches them all; an odd/even cell,
//! or a cell of an element or beside a min/max cell, itself). The four
//! cells are open, so none is a given.
//!
//! Call the cells whose candidates lie within `{a,b}` *plain* and the others
//! *extra* cells. Since the rectangle must not end up all `a`/`b`, some extra
//! cell takes one of its extra digits. Cells may lack one of `a`, `b`
//! ("missing candidates", as HoDoKu allows); each must hold at least one,
//! and at least one plain cell must hold both.
//!
//! * **Type 1** — one extra cell: it loses `a` and `b`.
//! * **Type 2** — two extra cells in one row or column with the same single
//!   extra digit `c`: one of them is `c`, so `c` leaves their common peers.
//! * **Type 5** — the same with the extra cells on a diagonal, or three extra
//!   cells.
//! * **Type 3** — two extra cells in one house act as one cell holding their
//!   extra digits; with other cells of the house it forms a naked subset (of
//!   up to four cells, that one included), which clears every house holding
//!   it, like a locked pair.
//! * **Type 4** — two extra cells in one house, where `a` has no other place:
//!   one of them is `a`, so neither can be `b`.
//! * **Type 6** — two diagonal extra cells, and `a` in both rows (or both
//!   columns) only in the rectangle: an `a` in an extra cell would force the
//!   whole rectangle to `a`/`b`, so they lose `a`.
//! * **Hidden rectangle** — a plain bivalue corner; in the opposite corner's
//!   row and column `a` has no place outside the rectangle: that corner
//!   cannot be `b`.
//! * **Avoidable rectangle** — the same swap with placed cells: four cells
//!   none of which is a given, some placed. Were they `a`/`b` crosswise,
//!   swapping would solve the puzzle again with the same givens. *Type 1*:
//!   three placed corners, `a` opposite the open one and `b` in the other
//!   two: the open corner cannot be `a`. *Type 2*: `a` and `b` placed side by
//!   side; the open corners hold only the digit completing the pattern and
//!   one other digit `c`, the same: one of them is `c`, so `c` leaves their
//!   common peers. (They need to know the givens: see [`Grid::is_given`].)
//! * **BUG+1** — every open cell bivalue except one with three candidates,
//!   and every digit twice in each house where it is a candidate, except the
//!   one digit three times in the houses of that cell. Without it the grid
//!   would be a "binary universal grave": swapping each cell's two
//!   candidates gives a second filling, so the puzzle would have no or two
//!   solutions. The digit goes there (the step places it and removes the
//!   cell's other two candidates, as HoDoKu does). This holds for every house layout, but
//!   not with killer cages (the swap can break a sum) or with rules beyond
//!   houses touching any cell, where it finds nothing.
//!
//! All of these assume the puzzle has exactly one solution (see
//! [`Technique::needs_uniqueness`]).
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // r1c1, r1c4, r2c1 hold only {1,2}; r2c4 has more: it cannot be 1 or 2.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for cell in [0, 3, 9] {
//!     for digit in 3..=9 {
//!         grid.eliminate(cell, digit);
//!     }
//! }
//! let step = Technique::UniqueRectangle1.find_first(&grid).unwrap();
//! assert_eq!(step.text(&grid), "Unique rectangle type 1 {1,2} in r1c1, r1c4, r2c1, r2c4 with r2c4: remove 1, 2 from r2c4");
//!
//! // Placed while solving (not givens): r1c1 = 1, r1c4 = 2, r2c1 = 2, so
//! // r2c4 cannot be 1.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for (cell, digit) in [(0, 1), (3, 2), (9, 2)] {
//!     grid.place(cell, digit);
//! }
//! let step = Technique::AvoidableRectangle1.find_first(&grid).unwrap();
//! assert!(step.text(&grid).ends_with("remove 1 from r2c4"));
//! ```

use std::ops::ControlFlow;

use super::budget::tick;
use super::cellset::CellSet;
use super::combinations::for_each_combination;
use super::grid::{Grid, bit, digits_of};
use super::step::{Candidate, Found, Step};
use super::technique::Technique;
use fdoku_sudoku::HouseKind;

/// Finds unique rectangles of the technique's type, hidden rectangles or BUG+1.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    use Technique::*;
    match technique {
        BugPlusOne => bug_plus_one(grid, found),
        AvoidableRectangle1 => for_each_avoidable(grid, &mut |rect| avoidable_1(grid, rect, found)),
        AvoidableRectangle2 => for_each_avoidable(grid, &mut |rect| avoidable_2(grid, rect, found)),
        _ => for_each_rectangle(grid, &mut |rect| match technique {
            UniqueRectangle1 => type_1(grid, rect, found),
            UniqueRectangle2 | UniqueRectangle5 => type_2_or_5(grid, rect, technique, found),
            UniqueRectangle3 => type_3(grid, rect, found),
            UniqueRectangle4 => type_4(grid, rect, found),
            UniqueRectangle6 => type_6(grid, rect, found),
            _ => hidden(grid, rect, found),
        }),
    }
}

/// Four open cells: `cells[0]` and `cells[1]` share a row, `cells[0]` and
/// `cells[2]` a column, and `cells[3]` is opposite `cells[0]`. Corners `i`
/// and `3 - i` are diagonal; any other two share a row or column.
struct Rectangle {
    cells: [usize; 4],
    /// The mask of the two digits.
    pair: u32,
}

impl Rectangle {
    fn set(&self) -> CellSet {
        self.cells.iter().copied().collect()
    }

    /// The corners (0..4) with candidates outside the pair.
    fn extra_corners(&self, grid: &Grid) -> Vec<usize> {
        (0..4)
            .filter(|&i| grid.mask(self.cells[i]) & !self.pair != 0)
            .collect()
    }

    /// The digits outside the pair in these corners.
    fn extra_mask(&self, grid: &Grid, corners: &[usize]) -> u32 {
        corners
            .iter()
            .fold(0, |m, &i| m | grid.mask(self.cells[i]) & !self.pair)
    }

    /// A step with the rectangle's pair candidates as pattern and the extra
    /// corners' other candidates as extra.
    fn step(&self, grid: &Grid, technique: Technique) -> Step {
        let mut step = Step::new(technique);
        for cell in self.cells {
            for digit in digits_of(grid.mask(cell)) {
                let candidate = Candidate::new(cell, digit);
                if self.pair & bit(digit) != 0 {
                    step.pattern.push(candidate);
                } else {
                    step.extra.push(candidate);
                }
            }
        }
        step.pattern.sort_unstable();
        step.extra.sort_unstable();
        step
    }
}

/// Whether two corners share a row or column.
fn aligned(i: usize, j: usize) -> bool {
    i + j != 3
}

/// Calls `visit` with every rectangle whose swap would be a second solution
/// (see the module doc), once each.
fn for_each_rectangle(
    grid: &Grid,
    visit: &mut dyn FnMut(&Rectangle) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let size = grid.size();
    let open = grid.open_cells();
    for anchor in open.iter() {
        let pair = grid.mask(anchor);
        if pair.count_ones() != 2 {
            continue;
        }
        let holds_pair = |c: usize| open.contains(c) && grid.mask(c) & pair != 0;
        let (row, col) = (anchor / size, anchor % size);
        for other_col in (0..size).filter(|&c| c != col) {
            tick()?;
            let beside = row * size + other_col;
            if !holds_pair(beside) {
                continue;
            }
            for other_row in (0..size).filter(|&r| r != row) {
                let (below, opposite) = (other_row * size + col, other_row * size + other_col);
                if !holds_pair(below) || !holds_pair(opposite) {
                    continue;
                }
                let rect = Rectangle {
                    cells: [anchor, beside, below, opposite],
                    pair,
                };
                // Report each rectangle from its first corner holding exactly the pair.
                let first_plain = rect
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| grid.mask(c) == pair)
                    .min();
                if first_plain == Some(anchor) && swap_keeps_houses(grid, &rect) {
                    visit(&rect)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether every house and cage holds none of the corners or two in a row
/// or column.
fn swap_keeps_houses(grid: &Grid, rect: &Rectangle) -> bool {
    let set = rect.set();
    let meets_well = |meet: CellSet| {
        let mut corners = (0..4).filter(|&i| meet.contains(rect.cells[i]));
        match (corners.next(), corners.next(), corners.next()) {
            (None, _, _) => true,
            (Some(i), Some(j), None) => aligned(i, j),
            _ => false,
        }
    };
    let houses_ok = rect.cells.iter().all(|&cell| {
        grid.cell_houses(cell)
            .iter()
            .all(|&h| meets_well(grid.house_cells(h) & set))
    });
    houses_ok
        && rect.cells.iter().all(|&cell| !grid.is_constrained(cell))
        && grid
            .cages()
            .iter()
            .all(|cage| meets_well(cage.cells.iter().copied().collect::<CellSet>() & set))
}

/// `digits` removed from `cells` where still candidates, sorted.
fn removals(grid: &Grid, cells: impl IntoIterator<Item = usize>, digits: u32) -> Vec<Candidate> {
    let mut removed = grid.candidates_in(cells, digits);
    removed.sort_unstable();
    removed.dedup();
    removed
}

fn type_1(grid: &Grid, rect: &Rectangle, found: &mut Found<'_>) -> ControlFlow<()> {
    let extra = rect.extra_corners(grid);
    if extra.len() != 1 {
        return ControlFlow::Continue(());
    }
    let mut step = rect.step(grid, Technique::UniqueRectangle1);
    step.eliminations = removals(grid, [rect.cells[extra[0]]], rect.pair);
    found(step)
}

/// Types 2 and 5: the extra corners share one extra digit and nothing else.
fn type_2_or_5(
    grid: &Grid,
    rect: &Rectangle,
    technique: Technique,
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    let extra = rect.extra_corners(grid);
    let extra_digit = rect.extra_mask(grid, &extra);
    let is_type_2 = extra.len() == 2 && aligned(extra[0], extra[1]);
    let is_type_5 = extra.len() == 3 || (extra.len() == 2 && !is_type_2);
    let wanted = match technique {
        Technique::UniqueRectangle2 => is_type_2,
        _ => is_type_5,
    };
    if !wanted || extra_digit.count_ones() != 1 {
        return ControlFlow::Continue(());
    }
    let cells: CellSet = extra.iter().map(|&i| rect.cells[i]).collect();
    let removed = removals(grid, grid.seen_by_all(&cells).iter(), extra_digit);
    if removed.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut step = rect.step(grid, technique);
    step.eliminations = removed;
    found(step)
}

/// The two extra corners when there are exactly two in one row or column.
fn aligned_extra_pair(grid: &Grid, rect: &Rectangle) -> Option<[usize; 2]> {
    match rect.extra_corners(grid)[..] {
        [i, j] if aligned(i, j) => Some([rect.cells[i], rect.cells[j]]),
        _ => None,
    }
}

/// The houses containing both cells.
fn common_houses(grid: &Grid, a: usize, b: usize) -> Vec<usize> {
    grid.cell_houses(a)
        .iter()
        .copied()
        .filter(|&h| grid.house_cells(h).contains(b))
        .collect()
}

/// The largest naked subset type 3 looks for (the virtual cell included).
const MAX_SUBSET: usize = 4;

fn type_3(grid: &Grid, rect: &Rectangle, found: &mut Found<'_>) -> ControlFlow<()> {
    let Some([first, second]) = aligned_extra_pair(grid, rect) else {
        return ControlFlow::Continue(());
    };
    let virtual_mask = (grid.mask(first) | grid.mask(second)) & !rect.pair;
    if virtual_mask.count_ones() < 2 {
        return ControlFlow::Continue(());
    }
    let rect_set = rect.set();
    let houses = common_houses(grid, first, second);
    for &house in &houses {
        let others: Vec<usize> = (grid.house_cells(house) & (grid.open_cells() - rect_set))
            .iter()
            .collect();
        for real in 1..MAX_SUBSET.min(others.len() + 1) {
            for_each_combination(&others, real, &mut |pick| {
                tick()?;
                let digits = pick.iter().fold(virtual_mask, |m, &c| m | grid.mask(c));
                if digits.count_ones() as usize != real + 1 {
                    return ControlFlow::Continue(());
                }
                // The subset clears every house holding it (a line and a box
                // at once, like a locked pair); it is reported from the first.
                let pick_set: CellSet = pick.iter().copied().collect();
                let shared: Vec<usize> = houses
                    .iter()
                    .copied()
                    .filter(|&h| pick_set.is_subset(&grid.house_cells(h)))
                    .collect();
                if shared[0] != house {
                    return ControlFlow::Continue(());
                }
                let targets = shared
                    .iter()
                    .fold(CellSet::EMPTY, |s, &h| s | grid.house_cells(h))
                    - rect_set
                    - pick_set;
                let removed = removals(grid, targets.iter(), digits);
                if removed.is_empty() {
                    return ControlFlow::Continue(());
                }
                let mut step = rect.step(grid, Technique::UniqueRectangle3);
                step.houses = shared;
                for &cell in pick {
                    step.extra.extend(
                        digits_of(grid.mask(cell))
                            .into_iter()
                            .map(|d| Candidate::new(cell, d)),
                    );
                }
                step.extra.sort_unstable();
                step.eliminations = removed;
                found(step)
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// The pair's two digits, in both orders.
fn both_orders(pair: u32) -> [(u8, u8); 2] {
    let digits = digits_of(pair);
    [(digits[0], digits[1]), (digits[1], digits[0])]
}

fn type_4(grid: &Grid, rect: &Rectangle, found: &mut Found<'_>) -> ControlFlow<()> {
    let Some([first, second]) = aligned_extra_pair(grid, rect) else {
        return ControlFlow::Continue(());
    };
    let ends: CellSet = [first, second].into_iter().collect();
    for house in common_houses(grid, first, second) {
        for (kept, removed_digit) in both_orders(rect.pair) {
            if grid.cells_with(kept) & grid.house_cells(house) != ends {
                continue;
            }
            let removed = removals(grid, [first, second], bit(removed_digit));
            if removed.is_empty() {
                continue;
            }
            let mut step = rect.step(grid, Technique::UniqueRectangle4);
            step.houses = vec![house];
            step.eliminations = removed;
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The house of kind `kind` (row or column) containing `cell`.
fn line_of(grid: &Grid, cell: usize, kind: HouseKind) -> Option<usize> {
    grid.cell_houses(cell)
        .iter()
        .copied()
        .find(|&h| grid.house_kind(h) == kind)
}

/// Whether `digit`, in each of the houses, has places and all of them in the rectangle.
fn confined(grid: &Grid, rect: &Rectangle, digit: u8, houses: &[Option<usize>]) -> bool {
    houses.iter().all(|h| {
        h.is_some_and(|h| {
            let places = grid.cells_with(digit) & grid.house_cells(h);
            !places.is_empty() && places.is_subset(&rect.set())
        })
    })
}

fn type_6(grid: &Grid, rect: &Rectangle, found: &mut Found<'_>) -> ControlFlow<()> {
    let extra = rect.extra_corners(grid);
    let [i, j] = extra[..] else {
        return ControlFlow::Continue(());
    };
    if aligned(i, j) {
        return ControlFlow::Continue(());
    }
    let [a, _, _, d] = rect.cells;
    let rows = [
        line_of(grid, a, HouseKind::Row),
        line_of(grid, d, HouseKind::Row),
    ];
    let cols = [
        line_of(grid, a, HouseKind::Column),
        line_of(grid, d, HouseKind::Column),
    ];
    for digit in digits_of(rect.pair) {
        for lines in [rows, cols] {
            if !confined(grid, rect, digit, &lines) {
                continue;
            }
            let removed = removals(grid, [rect.cells[i], rect.cells[j]], bit(digit));
            if removed.is_empty() {
                continue;
            }
            let mut step = rect.step(grid, Technique::UniqueRectangle6);
            step.houses = lines.iter().flatten().copied().collect();
            step.eliminations = removed;
            // Rows and columns give the same removal: report it once.
            found(step)?;
            break;
        }
    }
    ControlFlow::Continue(())
}

fn hidden(grid: &Grid, rect: &Rectangle, found: &mut Found<'_>) -> ControlFlow<()> {
    let plain: Vec<usize> = (0..4)
        .filter(|&i| grid.mask(rect.cells[i]) & !rect.pair == 0)
        .collect();
    let shape_ok = match plain[..] {
        [_] => true,
        [i, j] => !aligned(i, j),
        _ => false,
    };
    if !shape_ok {
        return ControlFlow::Continue(());
    }
    for corner in plain {
        if grid.mask(rect.cells[corner]) != rect.pair {
            continue;
        }
        let far = rect.cells[3 - corner];
        let lines = [
            line_of(grid, far, HouseKind::Row),
            line_of(grid, far, HouseKind::Column),
        ];
        for (kept, removed_digit) in both_orders(rect.pair) {
            if !confined(grid, rect, kept, &lines) {
                continue;
            }
            let removed = removals(grid, [far], bit(removed_digit));
            if removed.is_empty() {
                continue;
            }
            let mut step = rect.step(grid, Technique::HiddenRectangle);
            step.houses = lines.iter().flatten().copied().collect();
            step.eliminations = removed;
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

fn bug_plus_one(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    if !grid.cages().is_empty() || grid.all_cells().iter().any(|c| grid.is_constrained(c)) {
        return ControlFlow::Continue(());
    }
    let open = grid.open_cells();
    let mut triple = None;
    for cell in open.iter() {
        match grid.mask(cell).count_ones() {
            2 => {}
            3 if triple.is_none() => triple = Some(cell),
            _ => return ControlFlow::Continue(()),
        }
    }
    let Some(cell) = triple else {
        return ControlFlow::Continue(());
    };
    let count = |house: usize, digit: u8| (grid.cells_with(digit) & grid.house_cells(house)).len();
    let first_house = grid.cell_houses(cell)[0];
    let mut threes = digits_of(grid.mask(cell))
        .into_iter()
        .filter(|&d| count(first_house, d) == 3);
    let (Some(digit), None) = (threes.next(), threes.next()) else {
        return ControlFlow::Continue(());
    };
    for house in 0..grid.houses().len() {
        let in_house = grid.house_cells(house).contains(cell);
        for d in 1..=grid.size() as u8 {
            let expected_three = in_house && d == digit;
            let n = count(house, d);
            let fits = if expected_three {
                n == 3
            } else {
                n == 0 || n == 2
            };
            if !fits {
                return ControlFlow::Continue(());
            }
        }
    }
    let mut step = Step::placing(Technique::BugPlusOne, cell, digit);
    step.pattern = grid
        .candidates_in(open.iter(), u32::MAX)
        .into_iter()
        .filter(|c| !(c.cell == cell && c.digit == digit))
        .collect();
    step.extra = vec![Candidate::new(cell, digit)];
    step.eliminations = removals(grid, [cell], grid.mask(cell) & !bit(digit));
    found(step)
}

/// Calls `visit` with every rectangle of cells that are not givens, at least
/// two of them placed, whose swap would keep every house (see the module
/// doc); its `pair` is left empty for the caller.
fn for_each_avoidable(
    grid: &Grid,
    visit: &mut dyn FnMut(&Rectangle) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let size = grid.size();
    let free = |cell: usize| !grid.is_given(cell);
    for row in 0..size {
        for other_row in row + 1..size {
            for col in 0..size {
                tick()?;
                for other_col in col + 1..size {
                    let cells = [
                        row * size + col,
                        row * size + other_col,
                        other_row * size + col,
                        other_row * size + other_col,
                    ];
                    let placed = cells.iter().filter(|&&c| grid.value(c) != 0).count();
                    if placed < 2 || !cells.iter().all(|&c| free(c)) {
                        continue;
                    }
                    let rect = Rectangle { cells, pair: 0 };
                    if swap_keeps_houses(grid, &rect) {
                        visit(&rect)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// An avoidable rectangle step: the placed corners and the open corners'
/// candidates of the pair as pattern, their other candidates as extra.
fn avoidable_step(grid: &Grid, cells: [usize; 4], pair: u32, technique: Technique) -> Step {
    let rect = Rectangle { cells, pair };
    let mut step = rect.step(grid, technique);
    step.pattern.extend(
        cells
            .iter()
            .filter(|&&c| grid.value(c) != 0)
            .map(|&c| Candidate::new(c, grid.value(c))),
    );
    step.pattern.sort_unstable();
    step
}

/// Avoidable rectangle type 1: three placed corners, `a` opposite the open
/// one and `b` in the other two — the open corner cannot be `a`.
fn avoidable_1(grid: &Grid, rect: &Rectangle, found: &mut Found<'_>) -> ControlFlow<()> {
    let open: Vec<usize> = (0..4).filter(|&i| grid.value(rect.cells[i]) == 0).collect();
    let [corner] = open[..] else {
        return ControlFlow::Continue(());
    };
    let value = |i: usize| grid.value(rect.cells[i]);
    let sides: Vec<usize> = (0..4)
        .filter(|&i| i != corner && aligned(i, corner))
        .collect();
    let (a, b) = (value(3 - corner), value(sides[0]));
    if value(sides[1]) != b || a == b || !grid.has(rect.cells[corner], a) {
        return ControlFlow::Continue(());
    }
    let mut step = avoidable_step(
        grid,
        rect.cells,
        bit(a) | bit(b),
        Technique::AvoidableRectangle1,
    );
    step.eliminations = vec![Candidate::new(rect.cells[corner], a)];
    found(step)
}

/// Avoidable rectangle type 2: two placed corners `a`, `b` side by side; the
/// open corners hold only the digit completing the rectangle and one other
/// digit `c`, the same: one of them is `c`, which leaves their common peers.
fn avoidable_2(grid: &Grid, rect: &Rectangle, found: &mut Found<'_>) -> ControlFlow<()> {
    let placed: Vec<usize> = (0..4).filter(|&i| grid.value(rect.cells[i]) != 0).collect();
    let [p, q] = placed[..] else {
        return ControlFlow::Continue(());
    };
    let (a, b) = (grid.value(rect.cells[p]), grid.value(rect.cells[q]));
    if !aligned(p, q) || a == b {
        return ControlFlow::Continue(());
    }
    let (open_a, open_b) = (rect.cells[3 - p], rect.cells[3 - q]);
    let extra = grid.mask(open_a) & !bit(a);
    if extra.count_ones() != 1
        || grid.mask(open_a) != bit(a) | extra
        || grid.mask(open_b) != bit(b) | extra
        || extra & bit(b) != 0
    {
        return ControlFlow::Continue(());
    }
    let corners: CellSet = [open_a, open_b].into_iter().collect();
    let removed = removals(grid, grid.seen_by_all(&corners).iter(), extra);
    if removed.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut step = avoidable_step(
        grid,
        rect.cells,
        bit(a) | bit(b),
        Technique::AvoidableRectangle2,
    );
    step.eliminations = removed;
    found(step)
}

#[cfg(test)]
mod tests {
    // A panic is how a test reports a failure.
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::{PathOptions, solve_path};
    use fdoku_sudoku::generate::{
        KillerOptions, Options, generate, generate_killer, random_jigsaw,
    };
    use fdoku_sudoku::{Cage, Rules};
    use fdoku_sudoku::{Puzzle, char_digit};

    /// An empty grid where `cells` hold only {1,2}, forming a type 1
    /// rectangle with the last cell, which keeps every digit.
    fn type_1_grid(rules: &Rules, cells: [usize; 3]) -> Grid {
        let mut grid = Grid::with_values(rules, &vec![0; rules.cells()]);
        for cell in cells {
            for digit in 3..=9 {
                grid.eliminate(cell, digit);
            }
        }
        grid
    }

    fn type_1_count(grid: &Grid) -> usize {
        Technique::UniqueRectangle1.find_all(grid).len()
    }

    #[test]
    fn a_diagonal_through_one_corner_breaks_the_rectangle() {
        let diagonal = Rules::classic(9).unwrap().with_diagonals();
        // r1c1 lies on the main diagonal: no deadly pattern.
        assert_eq!(type_1_count(&type_1_grid(&diagonal, [0, 3, 9])), 0);
        assert_eq!(
            type_1_count(&type_1_grid(&Rules::classic(9).unwrap(), [0, 3, 9])),
            1
        );
        // r1c2, r1c4, r3c2, r3c4 miss both diagonals.
        assert_eq!(type_1_count(&type_1_grid(&diagonal, [1, 3, 19])), 1);
    }

    #[test]
    fn a_cage_must_hold_no_corner_or_two_side_by_side() {
        let caged = |cells: Vec<usize>| {
            let cage = Cage {
                cells,
                sum: Some(3),
            };
            Rules::classic(9).unwrap().with_cage(cage).unwrap()
        };
        // r1c1 with its neighbour r1c2: one corner.
        assert_eq!(type_1_count(&type_1_grid(&caged(vec![0, 1]), [0, 3, 9])), 0);
        // r1c1 and r2c1: two corners in one column.
        assert_eq!(type_1_count(&type_1_grid(&caged(vec![0, 9]), [0, 3, 9])), 1);
    }

    #[test]
    fn bug_plus_one_places_the_odd_digit_but_not_with_cages() {
        let line =
            "1953246874.78659.168.179...75.936.189.651837.31824756926975184357..8.19.8.1.9.7..";
        let values: Vec<u8> = line.chars().map(|c| char_digit(c).unwrap_or(0)).collect();
        let load = |rules: &Rules| {
            let mut grid = Grid::with_values(rules, &values);
            grid.eliminate(25, 2); // r3c8, r3c9 <> 2, as in HoDoKu's library
            grid.eliminate(26, 2);
            grid
        };
        let grid = load(&Rules::classic(9).unwrap());
        let steps = Technique::BugPlusOne.find_all(&grid);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].eliminations,
            [Candidate::new(80, 5), Candidate::new(80, 6)]
        );
        let caged = Rules::classic(9)
            .unwrap()
            .with_cage(Cage {
                cells: vec![0, 1],
                sum: Some(10),
            })
            .unwrap();
        assert!(Technique::BugPlusOne.find_all(&load(&caged)).is_empty());
    }

    /// Walks the path of a unique puzzle; every step any wing or uniqueness
    /// finder reports on the way must agree with the solution.
    fn assert_sound(puzzle: &Puzzle, solution: &[u8]) {
        let options = PathOptions {
            unique: true,
            solution: Some(solution.to_vec()),
            ..PathOptions::default()
        };
        let mut grid = Grid::new(puzzle);
        for taken in solve_path(puzzle, &options).steps {
            for technique in Technique::ALL.iter().filter(|t| {
                t.needs_uniqueness()
                    || matches!(t, Technique::XYWing | Technique::XYZWing | Technique::WWing)
            }) {
                for step in technique.find_all(&grid) {
                    let text = step.text(&grid);
                    assert!(
                        step.eliminations
                            .iter()
                            .all(|e| solution[e.cell] != e.digit),
                        "{text}"
                    );
                    assert!(
                        step.placements.iter().all(|p| solution[p.cell] == p.digit),
                        "{text}"
                    );
                }
            }
            grid.apply(&taken);
        }
    }

    #[test]
    fn sound_on_generated_variant_puzzles() {
        let options = Options::default();
        let mut rule_sets = vec![
            Rules::classic(4).unwrap(),
            Rules::classic(6).unwrap(),
            Rules::latin(5).unwrap(),
            Rules::classic(9).unwrap().with_diagonals(),
            Rules::classic(9).unwrap().with_windoku().unwrap(),
        ];
        for seed in 1..=2 {
            rule_sets.push(random_jigsaw(9, seed, 200_000).unwrap());
        }
        let mut walked = 0;
        // Three seeds keep CI short (the paths of diagonal and killer
        // puzzles reach the slow chain and forcing finders).
        for seed in 1..=3 {
            // A search that runs out of nodes makes no puzzle: skip it.
            for rules in &rule_sets {
                if let Ok(made) = generate(rules, &options, seed) {
                    assert_sound(&made.puzzle, &made.solution);
                    walked += 1;
                }
            }
            let killer = KillerOptions::default();
            if let Ok(made) = generate_killer(&Rules::classic(9).unwrap(), &killer, seed) {
                assert_sound(&made.puzzle, &made.solution);
                walked += 1;
            }
        }
        assert_eq!(walked, 24, "7 rule sets and the killer, 3 seeds each");
    }
}
