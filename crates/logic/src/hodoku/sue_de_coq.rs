//! HoDoKu's Sue de Coq: the first its search meets (see
//! [`sue_de_coq`](crate::sue_de_coq) for the pattern).
//!
//! Rows, then columns, line by line, box by box: two or three open cells of
//! the intersection holding at least two digits more than cells (pairs
//! before the triples extending them); then sets of the line's other cells
//! (depth first) holding one of those digits, fewer digits of their own
//! than cells, and leaving some of the intersection's digits over; then
//! sets of the box's other cells (depth first, none holding a digit of the
//! intersection the line set took) taking exactly the rest. Digits other
//! than the intersection's may appear in both sets (HoDoKu's search allows
//! it); the line's other cells lose the line set's and the intersection's
//! digits the box set lacks, the box's other cells the box set's and the
//! intersection's the line set lacks, and both lose the digits both sets
//! hold outside the intersection's.

use super::super::barren::Slots;
use super::super::grid::Grid;
use super::super::step::{Candidate, Step};
use super::super::technique::Technique;
use super::tables::{Cells, cells_of, masks, open_cells};

/// The cells of a line and a box that cross: 15 in a classic grid.
const CROSS_CELLS: usize = 15;

thread_local! {
    /// Per line kind, line and box, the digits and candidates of their
    /// cells when the search there last found nothing: what it finds
    /// depends on nothing else, so a later grid where they are the same is
    /// not searched there again.
    static BARREN: Slots<[u32; CROSS_CELLS], { 2 * 9 * 9 }> = const { Slots::new() };
}

/// HoDoKu's Sue de Coq in a classic grid, if any.
pub(crate) fn sue_de_coq(grid: &Grid) -> Option<Step> {
    let m = masks();
    let open = open_cells(grid);
    for kind in 0..2 {
        for line in 0..9 {
            let line_cells = m.houses[kind][line] & open;
            for block in 0..9 {
                if m.houses[kind][line] & m.houses[2][block] == 0 {
                    continue;
                }
                let state = cross_state(grid, m.houses[kind][line] | m.houses[2][block]);
                let slot = (kind * 9 + line) * 9 + block;
                if BARREN.with(|barren| barren.known(slot, &state)) {
                    continue;
                }
                let box_cells = m.houses[2][block] & open;
                let search = Search {
                    grid,
                    line: line_cells,
                    block: box_cells,
                    houses: [kind * 9 + line, 18 + block],
                };
                if let Some(step) = search.intersection() {
                    return Some(step);
                }
                BARREN.with(|barren| barren.record(slot, state));
            }
        }
    }
    None
}

/// The digit and candidates of each of the cells of a crossing line and
/// box, in cell order.
fn cross_state(grid: &Grid, cells: Cells) -> [u32; CROSS_CELLS] {
    let mut state = [0; CROSS_CELLS];
    for (key, cell) in state.iter_mut().zip(cells_of(cells)) {
        *key = grid.mask(cell) | u32::from(grid.value(cell)) << 16;
    }
    state
}

/// One line and box.
struct Search<'g> {
    grid: &'g Grid,
    /// Their open cells.
    line: Cells,
    block: Cells,
    houses: [usize; 2],
}

/// The cells and digits of a set.
#[derive(Clone, Copy)]
struct Set {
    cells: Cells,
    digits: u32,
}

impl Search<'_> {
    fn intersection(&self) -> Option<Step> {
        let cells: Vec<usize> = cells_of(self.line & self.block).collect();
        let n = cells.len();
        if n < 2 {
            return None;
        }
        let mask = |c: usize| self.grid.mask(c);
        for i1 in 0..n - 1 {
            for i2 in i1 + 1..n {
                let pair = Set {
                    cells: 1 << cells[i1] | 1 << cells[i2],
                    digits: mask(cells[i1]) | mask(cells[i2]),
                };
                if let Some(step) = self.with_core(pair, 2) {
                    return Some(step);
                }
                for &c3 in &cells[i2 + 1..] {
                    let triple = Set {
                        cells: pair.cells | 1 << c3,
                        digits: pair.digits | mask(c3),
                    };
                    if let Some(step) = self.with_core(triple, 3) {
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    fn with_core(&self, core: Set, size: usize) -> Option<Step> {
        let more = (core.digits.count_ones() as usize).checked_sub(size)?;
        if more < 2 {
            return None;
        }
        let source: Vec<usize> = cells_of(self.line & !core.cells).collect();
        self.line_sets(
            core,
            more,
            &source,
            0,
            Set {
                cells: 0,
                digits: 0,
            },
        )
    }

    /// The line sets extending `chosen` with cells of `source` from `from`.
    fn line_sets(
        &self,
        core: Set,
        more: usize,
        source: &[usize],
        from: usize,
        chosen: Set,
    ) -> Option<Step> {
        for (i, &cell) in source.iter().enumerate().skip(from) {
            let set = Set {
                cells: chosen.cells | 1 << cell,
                digits: chosen.digits | self.grid.mask(cell),
            };
            let size = set.cells.count_ones() as usize;
            let shared = (set.digits & core.digits).count_ones() as usize;
            let own = (set.digits & !core.digits).count_ones() as usize;
            if shared > 0 && size > own && size - own < more {
                let rest = more - (size - own);
                let allowed = !(set.digits & core.digits);
                let box_source: Vec<usize> =
                    cells_of(self.block & !core.cells & !set.cells).collect();
                let empty = Set {
                    cells: 0,
                    digits: 0,
                };
                let box_set = BoxSearch {
                    core,
                    line_set: set,
                    rest,
                    allowed,
                    source: &box_source,
                };
                if let Some(step) = self.box_sets(&box_set, 0, empty) {
                    return Some(step);
                }
            }
            if let Some(step) = self.line_sets(core, more, source, i + 1, set) {
                return Some(step);
            }
        }
        None
    }

    /// The box sets extending `chosen`.
    fn box_sets(&self, search: &BoxSearch<'_>, from: usize, chosen: Set) -> Option<Step> {
        for (i, &cell) in search.source.iter().enumerate().skip(from) {
            let mask = self.grid.mask(cell);
            if mask & !search.allowed != 0 {
                continue;
            }
            let set = Set {
                cells: chosen.cells | 1 << cell,
                digits: chosen.digits | mask,
            };
            let size = set.cells.count_ones() as usize;
            let shared = (set.digits & search.core.digits).count_ones() as usize;
            let own = (set.digits & !search.core.digits).count_ones() as usize;
            if shared > 0
                && size.checked_sub(own) == Some(search.rest)
                && let Some(step) = self.step(search.core, search.line_set, set)
            {
                return Some(step);
            }
            if size.saturating_sub(own) <= search.rest
                && let Some(step) = self.box_sets(search, i + 1, set)
            {
                return Some(step);
            }
        }
        None
    }

    /// The step of a pattern, if it removes something.
    fn step(&self, core: Set, line_set: Set, box_set: Set) -> Option<Step> {
        let both = line_set.digits & box_set.digits & !core.digits;
        let mut removed = Vec::new();
        let mut remove = |cells: Cells, digits: u32| {
            for cell in cells_of(cells) {
                let hit = self.grid.mask(cell) & digits;
                removed.extend(
                    (1..=9u8)
                        .filter(|d| hit >> (d - 1) & 1 == 1)
                        .map(|d| Candidate::new(cell, d)),
                );
            }
        };
        let box_rest = self.block & !core.cells & !box_set.cells;
        remove(
            box_rest,
            ((core.digits | box_set.digits) & !line_set.digits) | both,
        );
        let line_rest = self.line & !core.cells & !line_set.cells;
        remove(
            line_rest,
            ((core.digits | line_set.digits) & !box_set.digits) | both,
        );
        if removed.is_empty() {
            return None;
        }
        let mut step = Step::new(Technique::SueDeCoq);
        step.houses = self.houses.to_vec();
        step.pattern = self.grid.candidates_in(cells_of(core.cells), u32::MAX);
        step.extra = self
            .grid
            .candidates_in(cells_of(line_set.cells | box_set.cells), u32::MAX);
        removed.sort_unstable();
        removed.dedup();
        step.eliminations = removed;
        Some(step)
    }
}

/// The box part of a search: what the line set leaves it.
struct BoxSearch<'s> {
    core: Set,
    line_set: Set,
    /// The intersection's digits the box set must take.
    rest: usize,
    /// The digits box cells may hold.
    allowed: u32,
    source: &'s [usize],
}
