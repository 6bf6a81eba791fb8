//! HoDoKu's unique rectangle type 3: the first its search meets (see
//! [`uniqueness`](crate::uniqueness) for the pattern).
//!
//! HoDoKu starts a rectangle only from a cell of two candidates, then takes
//! a second corner in its box and row or column, then the far side line by
//! line; a corner qualifies when the placed digits allow both digits there
//! (a candidate of the pair removed by an earlier step does not spoil it).
//! Each rectangle is looked at once. Type 3: two corners hold other digits
//! too, and with cells of a house they share (holding neither digit of the
//! pair; in a box not all on one line) they make a naked subset — the two
//! corners counting as one cell; the rest of the house loses the subset's
//! digits (and of the box too, for a line subset within one box).

use std::collections::HashSet;

use super::super::grid::Grid;
use super::super::step::{Candidate, Step};
use super::super::technique::Technique;
use super::tables::{Cells, allowed, cell_houses, cells_of, masks};

/// HoDoKu's unique rectangle type 3 in a classic grid, if any.
pub(crate) fn unique_rectangle_3(grid: &Grid) -> Option<Step> {
    let m = masks();
    let allowed = allowed(grid);
    let mut seen = HashSet::new();
    for first in (0..81).filter(|&c| grid.value(c) == 0 && grid.mask(c).count_ones() == 2) {
        let digits = grid.digits(first);
        let (a, b) = (digits[0], digits[1]);
        let fits = |c: usize| {
            allowed[usize::from(a)] >> c & 1 == 1 && allowed[usize::from(b)] >> c & 1 == 1
        };
        let [row, col, block] = cell_houses(first);
        for second in cells_of(m.houses[2][block]) {
            let [r2, c2, _] = cell_houses(second);
            if second == first
                || (r2 != row && c2 != col)
                || grid.value(second) != 0
                || !fits(second)
            {
                continue;
            }
            let same_row = r2 == row;
            for place in 0..9 {
                let (far1, far2) = match same_row {
                    true => (place * 9 + col, place * 9 + c2),
                    false => (row * 9 + place, r2 * 9 + place),
                };
                if cell_houses(far1)[2] == block
                    || grid.value(far1) != 0
                    || grid.value(far2) != 0
                    || !fits(far1)
                    || !fits(far2)
                {
                    continue;
                }
                let mut corners = [first, second, far1, far2];
                corners.sort_unstable();
                if !seen.insert(corners) {
                    continue;
                }
                if let Some(step) = type_3(grid, [first, second, far1, far2], (a, b)) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Type 3 on one rectangle.
fn type_3(grid: &Grid, corners: [usize; 4], (a, b): (u8, u8)) -> Option<Step> {
    let pair = 1 << (a - 1) | 1 << (b - 1);
    let extra: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| grid.mask(c) & !pair != 0)
        .collect();
    let [one, two] = extra[..] else {
        return None;
    };
    let own = (grid.mask(one) | grid.mask(two)) & !pair;
    let (h1, h2) = (cell_houses(one), cell_houses(two));
    let m = masks();
    for kind in 0..3 {
        if h1[kind] != h2[kind] {
            continue;
        }
        let house = m.houses[kind][h1[kind]];
        let pool: Vec<usize> = cells_of(house)
            .filter(|&c| {
                !corners.contains(&c)
                    && grid.value(c) == 0
                    && grid.mask(c) & pair == 0
                    && grid.mask(c) != 0
            })
            .collect();
        let search = Subsets {
            grid,
            kind,
            house,
            pool: &pool,
        };
        if let Some(removed) = search.extend(0, own, &mut vec![one, two]) {
            let mut step = Step::new(Technique::UniqueRectangle3);
            step.houses = vec![kind * 9 + h1[kind]];
            for &cell in &corners {
                for digit in grid.digits(cell) {
                    let candidate = Candidate::new(cell, digit);
                    match pair >> (digit - 1) & 1 {
                        1 => step.pattern.push(candidate),
                        _ => step.extra.push(candidate),
                    }
                }
            }
            step.pattern.sort_unstable();
            step.extra.sort_unstable();
            step.eliminations = removed;
            return Some(step);
        }
    }
    None
}

/// The naked subsets of a house with the two extra corners.
struct Subsets<'a> {
    grid: &'a Grid,
    /// Row 0, column 1, box 2.
    kind: usize,
    house: Cells,
    pool: &'a [usize],
}

impl Subsets<'_> {
    /// The removals of the first subset extending `cells` (holding
    /// `digits`) with pool cells from `from`.
    fn extend(&self, from: usize, digits: u32, cells: &mut Vec<usize>) -> Option<Vec<Candidate>> {
        for i in from..self.pool.len() {
            let digits = digits | self.grid.mask(self.pool[i]);
            cells.push(self.pool[i]);
            let on_one_line = |k: usize| {
                cells
                    .iter()
                    .all(|&c| cell_houses(c)[k] == cell_houses(cells[0])[k])
            };
            let skip = self.kind == 2 && (on_one_line(0) || on_one_line(1));
            if !skip && digits.count_ones() as usize + 1 == cells.len() {
                let removed = self.removals(digits, cells);
                if !removed.is_empty() {
                    return Some(removed);
                }
            }
            if let Some(removed) = self.extend(i + 1, digits, cells) {
                return Some(removed);
            }
            cells.pop();
        }
        None
    }

    fn removals(&self, digits: u32, cells: &[usize]) -> Vec<Candidate> {
        let m = masks();
        let mut region = self.house;
        if self.kind < 2 {
            let block = cell_houses(cells[0])[2];
            if cells.iter().all(|&c| cell_houses(c)[2] == block) {
                region |= m.houses[2][block];
            }
        }
        let mut removed = Vec::new();
        for cell in cells_of(region).filter(|c| !cells.contains(c)) {
            let hit = self.grid.mask(cell) & digits;
            removed.extend(
                (1..=9u8)
                    .filter(|d| hit >> (d - 1) & 1 == 1)
                    .map(|d| Candidate::new(cell, d)),
            );
        }
        removed
    }
}
