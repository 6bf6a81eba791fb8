//! The simple techniques nested chains apply inside an assumption (SE's
//! "advanced potentials"): locked candidates, hidden pairs, naked pairs and
//! X-wings, searched in Sudoku Explainer's order and with its conditions, each
//! with the removals the pattern needed (its parents).
//!
//! Order matters: when two patterns remove the same candidate inside one
//! assumption, the first one found gives it its parents, and the parents
//! count towards the chain's rating.

use std::ops::ControlFlow;

use super::context::Context;
use crate::cellset::CellSet;
use crate::combinations::for_each_combination;
use crate::grid::{Grid, digits_of};
use crate::step::Candidate;
use fdoku_sudoku::{HouseKind, MAX_SIZE};

/// A pattern found in the working grid: what it removes, and the removals
/// (since the assumption) it needed.
pub(super) struct RuleHint {
    pub removals: Vec<Candidate>,
    pub parents: Vec<Candidate>,
}

/// House kinds in SE's region order for sets (box, column, row), then the
/// variants' own.
const SET_KINDS: [HouseKind; 6] = [
    HouseKind::Box,
    HouseKind::Column,
    HouseKind::Row,
    HouseKind::Diagonal,
    HouseKind::Window,
    HouseKind::Extra,
];

/// Whether `digit` left `cell` since the assumption.
fn gone(initial: &Grid, current: &Grid, cell: usize, digit: u8) -> bool {
    initial.has(cell, digit) && !current.has(cell, digit)
}

/// A digit confined from `base` cells to `cover` cells: it leaves the rest
/// of the cover; the parents are its places gone from the rest of the base.
fn confined(
    base: CellSet,
    cover: CellSet,
    digit: u8,
    current: &Grid,
    initial: &Grid,
) -> Option<RuleHint> {
    let removed = (cover - base) & current.cells_with(digit);
    if removed.is_empty() {
        return None;
    }
    let parents = (base - cover)
        .iter()
        .filter(|&c| gone(initial, current, c, digit))
        .map(|c| Candidate::new(c, digit))
        .collect();
    let removals = removed.iter().map(|c| Candidate::new(c, digit)).collect();
    Some(RuleHint { removals, parents })
}

/// Locked candidates: the digit's places in a base house all lie in a cover
/// house. SE's order: box→column, box→row, column→box, row→box, then pairs
/// with the variants' houses.
pub(super) fn locking(context: &Context, current: &Grid, initial: &Grid) -> Vec<RuleHint> {
    let mut found = Vec::new();
    for (base_kind, cover_kind) in LOCKING_PAIRS {
        // No house of the cover's kind (a variant's on a classic grid):
        // nothing to find.
        if context.of(cover_kind).is_empty() {
            continue;
        }
        for &base in context.of(base_kind) {
            let cells = context.cells(base);
            let places = positions(current, cells);
            let digits = (1..=current.size()).filter(|&d| places[d].count_ones() >= 2);
            let digits = digits.fold(0u64, |mask, d| mask | 1 << d);
            if digits == 0 {
                continue;
            }
            for &cover in context.crossing(base) {
                if current.house_kind(cover) != cover_kind {
                    continue;
                }
                let cover_cells = current.house_cells(cover);
                let inside = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| cover_cells.contains(c))
                    .fold(0u32, |mask, (position, _)| mask | 1 << position);
                for digit in (1..=current.size()).filter(|&d| digits >> d & 1 != 0) {
                    if places[digit] & !inside == 0 {
                        let base_cells = current.house_cells(base);
                        found.extend(confined(
                            base_cells,
                            cover_cells,
                            digit as u8,
                            current,
                            initial,
                        ));
                    }
                }
            }
        }
    }
    found
}

/// The pairs of house kinds locked candidates look at, in SE's order:
/// box→column, box→row, column→box, row→box, then each of the variants'
/// houses with the box, column and row, both ways.
const LOCKING_PAIRS: [(HouseKind, HouseKind); 22] = {
    use HouseKind::*;
    let mut pairs = [(Box, Column); 22];
    (pairs[1], pairs[2], pairs[3]) = ((Box, Row), (Column, Box), (Row, Box));
    let (others, lines) = ([Diagonal, Window, Extra], [Box, Column, Row]);
    let mut at = 4;
    let mut o = 0;
    while o < others.len() {
        let mut l = 0;
        while l < lines.len() {
            pairs[at + l] = (lines[l], others[o]);
            pairs[at + lines.len() + l] = (others[o], lines[l]);
            l += 1;
        }
        at += 2 * lines.len();
        o += 1;
    }
    pairs
};

/// Per digit (from 1), the positions in `cells` holding it as a candidate,
/// as bits.
fn positions(current: &Grid, cells: &[usize]) -> [u32; MAX_SIZE + 1] {
    let mut places = [0u32; MAX_SIZE + 1];
    for (position, &cell) in cells.iter().enumerate() {
        let mut mask = current.mask(cell);
        while mask != 0 {
            places[mask.trailing_zeros() as usize + 1] |= 1 << position;
            mask &= mask - 1;
        }
    }
    places
}

/// Hidden pairs: two digits with the same two places in a house of more
/// than four open cells (each digit with both places: SE's sets never count
/// a member with a single candidate, nor do its naked pairs and X-wings).
pub(super) fn hidden_pairs(context: &Context, current: &Grid, initial: &Grid) -> Vec<RuleHint> {
    let size = current.size();
    let mut found = Vec::new();
    for kind in SET_KINDS {
        for &house in context.of(kind) {
            let cells = context.cells(house);
            let open = cells.iter().filter(|&&c| current.value(c) == 0).count();
            if open <= 4 {
                continue;
            }
            let places = positions(current, cells);
            for first in 1..=size {
                for second in first + 1..=size {
                    let (a, b) = (places[first], places[second]);
                    let both = a | b;
                    if a.count_ones() < 2 || b.count_ones() < 2 || both.count_ones() != 2 {
                        continue;
                    }
                    let digits = [first as u8, second as u8];
                    let pair_mask = (1u32 << (first - 1)) | (1u32 << (second - 1));
                    let in_pair = |position: usize| both & (1 << position) != 0;
                    let removals: Vec<Candidate> = cells
                        .iter()
                        .enumerate()
                        .filter(|&(position, _)| in_pair(position))
                        .flat_map(|(_, &cell)| {
                            digits_of(current.mask(cell) & !pair_mask)
                                .into_iter()
                                .map(move |d| Candidate::new(cell, d))
                        })
                        .collect();
                    if removals.is_empty() {
                        continue;
                    }
                    let parents = cells
                        .iter()
                        .enumerate()
                        .filter(|&(position, _)| !in_pair(position))
                        .flat_map(|(_, &cell)| {
                            digits
                                .into_iter()
                                .filter(move |&d| initial.has(cell, d))
                                .map(move |d| Candidate::new(cell, d))
                        })
                        .collect();
                    found.push(RuleHint { removals, parents });
                }
            }
        }
    }
    found
}

/// Naked pairs: two cells of a house with at least four open cells whose
/// candidates together are two digits.
pub(super) fn naked_pairs(context: &Context, current: &Grid, initial: &Grid) -> Vec<RuleHint> {
    let mut found = Vec::new();
    for kind in SET_KINDS {
        for &house in context.of(kind) {
            let cells = context.cells(house);
            let open = cells.iter().filter(|&&c| current.value(c) == 0).count();
            if open < 4 {
                continue;
            }
            let _ = for_each_combination(cells, 2, &mut |pair: &[usize]| {
                let (a, b) = (pair[0], pair[1]);
                let (mask_a, mask_b) = (current.mask(a), current.mask(b));
                let union = mask_a | mask_b;
                if mask_a.count_ones() < 2 || mask_b.count_ones() < 2 || union.count_ones() != 2 {
                    return ControlFlow::Continue(());
                }
                let removals: Vec<Candidate> = cells
                    .iter()
                    .filter(|&&c| c != a && c != b)
                    .flat_map(|&c| {
                        digits_of(current.mask(c) & union)
                            .into_iter()
                            .map(move |d| Candidate::new(c, d))
                    })
                    .collect();
                if !removals.is_empty() {
                    let parents = [a, b]
                        .iter()
                        .flat_map(|&c| {
                            digits_of(initial.mask(c) & !union)
                                .into_iter()
                                .map(move |d| Candidate::new(c, d))
                        })
                        .collect();
                    found.push(RuleHint { removals, parents });
                }
                ControlFlow::Continue(())
            });
        }
    }
    found
}

/// X-wings: a digit's places in two base lines lie in the same two cover
/// lines. Columns as base first, then rows (SE's order); only digits placed
/// at most `size - 4` times.
pub(super) fn x_wings(context: &Context, current: &Grid, initial: &Grid) -> Vec<RuleHint> {
    use HouseKind::*;
    let size = current.size();
    let mut placed = vec![0usize; size + 1];
    for &value in current.values() {
        placed[usize::from(value)] += 1;
    }
    let mut found = Vec::new();
    for (base_kind, cover_kind) in [(Column, Row), (Row, Column)] {
        let (bases, covers) = (context.of(base_kind), context.of(cover_kind));
        if bases.len() != size || covers.len() != size {
            continue;
        }
        // Per base line and digit, the cover lines holding its places.
        let mut crossings = vec![vec![0u32; size + 1]; size];
        for cell in current.open_cells().iter() {
            let (line, cross) = match base_kind {
                Column => (cell % size, cell / size),
                _ => (cell / size, cell % size),
            };
            let mut mask = current.mask(cell);
            while mask != 0 {
                let digit = mask.trailing_zeros() as usize + 1;
                crossings[line][digit] |= 1 << cross;
                mask &= mask - 1;
            }
        }
        let lines: Vec<usize> = (0..size).collect();
        let _ = for_each_combination(&lines, 2, &mut |pair: &[usize]| {
            let (a, b) = (pair[0], pair[1]);
            for digit in 1..=size {
                let (on_a, on_b) = (crossings[a][digit], crossings[b][digit]);
                let union = on_a | on_b;
                let pair = on_a.count_ones() >= 2 && on_b.count_ones() >= 2;
                if placed[digit] + 4 > size || !pair || union.count_ones() != 2 {
                    continue;
                }
                let first = union.trailing_zeros() as usize;
                let second = (union & (union - 1)).trailing_zeros() as usize;
                let base_cells = current.house_cells(bases[a]) | current.house_cells(bases[b]);
                let cover_cells =
                    current.house_cells(covers[first]) | current.house_cells(covers[second]);
                found.extend(confined(
                    base_cells,
                    cover_cells,
                    digit as u8,
                    current,
                    initial,
                ));
            }
            ControlFlow::Continue(())
        });
    }
    found
}
