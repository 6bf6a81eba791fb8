//! The simple techniques nested chains apply inside an assumption (SE's
//! "advanced potentials"): locked candidates, hidden pairs, naked pairs and
//! X-wings, searched in Sudoku Explainer's order and with its conditions, each
//! with the removals the pattern needed (its parents); then, under variant
//! rules, the constraints' own deductions (an arrow's sum, …), as HoDoKu's
//! forcing nets follow them.
//!
//! Order matters: when two patterns remove the same candidate inside one
//! assumption, the first one found gives it its parents, and the parents
//! count towards the chain's rating.

use std::rc::Rc;

use super::context::Context;
use super::deductions::Deduction;
use crate::cellset::CellSet;
use crate::grid::{Grid, digits_of};
use crate::step::Candidate;
use crate::technique::Technique;
use crate::variants;
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
            for &(cover, inside) in context.crossing(base) {
                if current.house_kind(cover) != cover_kind {
                    continue;
                }
                let mut rest = digits;
                while rest != 0 {
                    let digit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if places[digit] & !inside == 0 {
                        found.extend(confined(
                            current.house_cells(base),
                            current.house_cells(cover),
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

/// The indices of the set bits of `mask`, ascending.
fn bits64(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

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
            // Both digits must have exactly the same two places.
            let twice = (1..=size)
                .filter(|&d| places[d].count_ones() == 2)
                .fold(0u64, |mask, d| mask | 1 << d);
            for first in bits64(twice) {
                for second in bits64(twice & !((2u64 << first) - 1)) {
                    let both = places[first];
                    if places[second] != both {
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
            // Both cells must hold exactly the same two candidates.
            let bivalue = cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| current.mask(c).count_ones() == 2)
                .fold(0u64, |mask, (position, _)| mask | 1 << position);
            for i in bits64(bivalue) {
                let a = cells[i];
                let union = current.mask(a);
                for j in bits64(bivalue & !((2u64 << i) - 1)) {
                    let b = cells[j];
                    if current.mask(b) != union {
                        continue;
                    }
                    naked_pair(cells, a, b, union, current, initial, &mut found);
                }
            }
        }
    }
    found
}

/// Records the naked pair of cells `a` and `b` holding the digits of
/// `union`, if it removes anything from the rest of the house's `cells`.
fn naked_pair(
    cells: &[usize],
    a: usize,
    b: usize,
    union: u32,
    current: &Grid,
    initial: &Grid,
    found: &mut Vec<RuleHint>,
) {
    let removals: Vec<Candidate> = cells
        .iter()
        .filter(|&&c| c != a && c != b)
        .flat_map(|&c| {
            digits_of(current.mask(c) & union)
                .into_iter()
                .map(move |d| Candidate::new(c, d))
        })
        .collect();
    if removals.is_empty() {
        return;
    }
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
        let stride = size + 1;
        let mut crossings = vec![0u32; size * stride];
        for cell in current.open_cells().iter() {
            let (line, cross) = match base_kind {
                Column => (cell % size, cell / size),
                _ => (cell / size, cell % size),
            };
            let mut mask = current.mask(cell);
            while mask != 0 {
                let digit = mask.trailing_zeros() as usize + 1;
                crossings[line * stride + digit] |= 1 << cross;
                mask &= mask - 1;
            }
        }
        // Per base line, the digits (placed few enough times) it holds in
        // exactly two cover lines: both lines of an X-wing do.
        let twice: Vec<u64> = (0..size)
            .map(|line| {
                (1..=size)
                    .filter(|&d| {
                        placed[d] + 4 <= size && crossings[line * stride + d].count_ones() == 2
                    })
                    .fold(0u64, |mask, d| mask | 1 << d)
            })
            .collect();
        for a in 0..size {
            for b in a + 1..size {
                for digit in bits64(twice[a] & twice[b]) {
                    let union = crossings[a * stride + digit];
                    if crossings[b * stride + digit] != union {
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
            }
        }
    }
    found
}

/// The variant constraints' own deductions (an arrow's sum, a thermometer's
/// bounds, innies and outies, …: [`Technique::CONSTRAINTS`], each in turn,
/// but for the little killers' fillings weighed against the whole grid)
/// in the working grid, each with the removals, since the assumption, from
/// the cells it read as parents. Nothing on a grid without cell rules or
/// cages.
pub(super) fn constraints(context: &Context, current: &Grid, initial: &Grid) -> Vec<RuleHint> {
    let rules = current.rules();
    if !rules.has_cell_rules() && current.cages().is_empty() {
        return Vec::new();
    }
    let mut found = Vec::new();
    let cells_of = |index: usize| rules.elements()[index].cells(current.size());
    let techniques = Technique::CONSTRAINTS.iter().copied();
    for technique in techniques.filter(|&t| !variants::weighs_whole_grid(t)) {
        let deductions: Vec<Rc<Deduction>> = match variants::reads_elements_alone(technique) {
            // An element whose cells are as the assumption found them
            // gives nothing with parents: skip it.
            true => (0..rules.elements().len())
                .filter(|&index| {
                    cells_of(index)
                        .iter()
                        .any(|&c| initial.mask(c) != current.mask(c))
                })
                .filter_map(|index| element_deduction(context, current, technique, index))
                .collect(),
            false => technique
                .find_all(current)
                .iter()
                .map(|step| Rc::new(Deduction::of(current, step)))
                .collect(),
        };
        for deduction in deductions {
            let removals: Vec<Candidate> = deduction
                .removals
                .iter()
                .filter(|c| current.has(c.cell, c.digit))
                .copied()
                .collect();
            if removals.is_empty() {
                continue;
            }
            let parents = deduction
                .read
                .iter()
                .flat_map(|cell| {
                    digits_of(initial.mask(cell) & !current.mask(cell))
                        .into_iter()
                        .map(move |d| Candidate::new(cell, d))
                })
                .collect();
            found.push(RuleHint { removals, parents });
        }
    }
    found
}

/// Element `index`'s deduction by `technique` in `grid`, kept in the
/// context's deductions (`deductions`) when it depends on the element's cells only.
fn element_deduction(
    context: &Context,
    grid: &Grid,
    technique: Technique,
    index: usize,
) -> Option<Rc<Deduction>> {
    let find = || {
        variants::element_step(grid, technique, index)
            .map(|step| Rc::new(Deduction::of(grid, &step)))
    };
    if !variants::reads_own_cells_only(technique) {
        return find();
    }
    let cells = grid.rules().elements()[index].cells(grid.size());
    let state = cells
        .iter()
        .map(|&c| match grid.value(c) {
            0 => grid.mask(c),
            digit => 1 << 31 | u32::from(digit),
        })
        .collect();
    let key = (technique, index, state);
    if let Some(known) = context.deductions.borrow().get(&key) {
        return known.clone();
    }
    let found = find();
    context.deductions.borrow_mut().insert(key, found.clone());
    found
}
