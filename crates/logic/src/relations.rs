//! The relations between two cells that rules beyond houses and killer
//! cages give, as the logic solver's [`Grid`](super::grid::Grid) takes
//! them: the pairs of cells that never hold the same digit (its peers) and
//! the links between two cells' digits (its weak links). The deductions of
//! each rule live in `variants`.
//!
//! ```text
//! whisper r1c1 – r1c2 (difference 5):  r1c1's 4 goes with r1c2's 9 only
//! ```

use fdoku_sudoku::solve::{element_pairs, negative_pairs};
use fdoku_sudoku::{Element, GlobalRule, Rules};

use super::cellset::CellSet;

/// Where a link or a deduction comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// The element at this index of [`Rules::elements`].
    Element(usize),
    /// Non-consecutive orthogonal neighbours.
    NonConsecutive,
    /// The negative ("all marks are given") rules.
    Negative,
}

/// Two cells whose digits must stand in a relation.
#[derive(Clone, Debug)]
pub(crate) struct CellLink {
    /// The first cell.
    pub a: usize,
    /// The second cell.
    pub b: usize,
    /// Indexed by digit `x` (0 unused): the digits of `b` that go with `x`
    /// in `a`, as a mask.
    pub with_a: Vec<u32>,
    /// Indexed by digit `y`: the digits of `a` that go with `y` in `b`.
    pub with_b: Vec<u32>,
    /// The rule it comes from.
    pub source: Source,
}

impl CellLink {
    /// The link of `holds(x, y)` (`x` in `a`, `y` in `b`) on an N×N grid.
    pub(crate) fn new(
        size: usize,
        a: usize,
        b: usize,
        source: Source,
        holds: impl Fn(u32, u32) -> bool,
    ) -> Self {
        let mut with_a = vec![0; size + 1];
        let mut with_b = vec![0; size + 1];
        for x in 1..=size as u32 {
            for y in 1..=size as u32 {
                if holds(x, y) {
                    with_a[x as usize] |= 1 << (y - 1);
                    with_b[y as usize] |= 1 << (x - 1);
                }
            }
        }
        CellLink {
            a,
            b,
            with_a,
            with_b,
            source,
        }
    }

    /// Whether no digit goes with itself: the two cells always differ.
    fn keeps_apart(&self) -> bool {
        (1..self.with_a.len()).all(|x| self.with_a[x] >> (x - 1) & 1 == 0)
    }

    /// Seen from `cell` (one of its two): the other cell and, per digit of
    /// `cell`, the other's digits that go with it.
    pub fn from(&self, cell: usize) -> (usize, &[u32]) {
        match cell == self.a {
            true => (self.b, &self.with_a),
            false => (self.a, &self.with_b),
        }
    }
}

/// A digit's class on an N×N grid (its third, its residue mod 3).
type DigitClass = fn(usize, u32) -> u32;

/// Every two-cell relation of `rules`: the elements' (and the negative
/// rules') pairs as `fdoku_sudoku` gives them, non-consecutive
/// neighbours, neighbours within three cells of an entropic or modular
/// line, and an odd zipper's middle with each other cell (larger).
pub(crate) fn links(rules: &Rules) -> Vec<CellLink> {
    let size = rules.size();
    let mut links = Vec::new();
    for (index, element) in rules.elements().iter().enumerate() {
        let source = Source::Element(index);
        if let Some(pairs) = element_pairs(element, rules) {
            links.extend(pairs.into_iter().map(|pair| {
                CellLink::new(size, pair.a, pair.b, source, |x, y| {
                    pair.relation.holds(x, y)
                })
            }));
        }
        // Equal digits: a cupid arrow pointing at one cell, the cells of
        // a count-different line of one digit.
        let equal: Vec<(usize, usize)> = match element {
            Element::Cupid { cell, cells } if cells.len() == 1 => vec![(*cell, cells[0])],
            Element::CountDifferent { cells, count: 1 } => {
                cells.windows(2).map(|w| (w[0], w[1])).collect()
            }
            _ => Vec::new(),
        };
        links.extend(
            equal
                .into_iter()
                .map(|(a, b)| CellLink::new(size, a, b, source, |x, y| x == y)),
        );
        // On an odd zipper the middle holds the sum of two other digits:
        // it is larger than every other cell of the line.
        if let Element::Zipper { cells } = element
            && cells.len() % 2 == 1
        {
            let middle = cells[cells.len() / 2];
            links.extend(
                cells
                    .iter()
                    .filter(|&&c| c != middle)
                    .map(|&c| CellLink::new(size, middle, c, source, |x, y| x > y)),
            );
        }
        // Any three in a row on the line (a line of three or more): so any
        // two within three cells differ in third (entropic) or residue
        // (modular).
        let class: Option<(&[usize], DigitClass)> = match element {
            Element::Entropic { cells } if cells.len() >= 3 => {
                Some((cells, |n, d| (d - 1) * 3 / n as u32))
            }
            Element::Modular { cells } if cells.len() >= 3 => Some((cells, |_, d| d % 3)),
            _ => None,
        };
        if let Some((cells, class)) = class {
            for (i, &a) in cells.iter().enumerate() {
                for &b in cells.iter().skip(i + 1).take(2) {
                    links.push(CellLink::new(size, a, b, source, |x, y| {
                        class(size, x) != class(size, y)
                    }));
                }
            }
        }
    }
    if rules.has(GlobalRule::NonConsecutive) {
        for (a, b) in rules.adjacent_pairs() {
            links.push(CellLink::new(size, a, b, Source::NonConsecutive, |x, y| {
                x.abs_diff(y) != 1
            }));
        }
    }
    for pair in negative_pairs(rules) {
        links.push(CellLink::new(
            size,
            pair.a,
            pair.b,
            Source::Negative,
            |x, y| pair.relation.holds(x, y),
        ));
    }
    links
}

/// The pairs of cells that never hold the same digit beyond houses and
/// cages: knight's and king's moves, disjoint groups, the cells of a
/// renban or a (strict) thermometer, a between line's ends with each other
/// and with its inside cells, and the two cells of every link no equal
/// digits satisfy.
pub(crate) fn distinct_pairs(rules: &Rules, links: &[CellLink]) -> Vec<(usize, usize)> {
    let mut pairs: Vec<(usize, usize)> = rules
        .distinct_pairs()
        .into_iter()
        .map(|(a, b, _)| (a, b))
        .collect();
    let mut all_apart = |cells: &[usize]| {
        for (i, &a) in cells.iter().enumerate() {
            pairs.extend(cells[i + 1..].iter().map(|&b| (a, b)));
        }
    };
    for group in rules.disjoint_groups() {
        all_apart(&group);
    }
    for element in rules.elements() {
        match element {
            Element::Renban { cells }
            | Element::Thermometer {
                cells, slow: false, ..
            } => all_apart(cells),
            Element::CountDifferent { cells, count } if *count as usize == cells.len() => {
                all_apart(cells)
            }
            Element::Between { cells } if cells.len() > 2 => {
                let (first, last) = (cells[0], cells[cells.len() - 1]);
                all_apart(&[first, last]);
                for &inside in &cells[1..cells.len() - 1] {
                    all_apart(&[first, inside]);
                    all_apart(&[last, inside]);
                }
            }
            _ => {}
        }
    }
    pairs.extend(links.iter().filter(|l| l.keeps_apart()).map(|l| (l.a, l.b)));
    pairs.extend(twins_apart(rules, &pairs));
    pairs
}

/// Isomorphic twins: two cells of one shape that never hold the same
/// digit (one house, one cage, or `apart` already) leave their partners
/// in the other shape different too.
fn twins_apart(rules: &Rules, apart: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut together: Vec<CellSet> = vec![CellSet::EMPTY; rules.cells()];
    let groups = rules.houses().into_iter().map(|h| h.cells);
    for group in groups.chain(rules.cages().iter().map(|c| c.cells.clone())) {
        let set: CellSet = group.iter().copied().collect();
        for &cell in &group {
            together[cell] |= set;
        }
    }
    for &(a, b) in apart {
        together[a].insert(b);
        together[b].insert(a);
    }
    let mut pairs = Vec::new();
    for element in rules.elements() {
        let Element::Twins { cells, twin } = element else {
            continue;
        };
        for (one, other) in [(cells, twin), (twin, cells)] {
            for i in 0..one.len() {
                for j in i + 1..one.len() {
                    let (a, b) = (other[i], other[j]);
                    if together[one[i]].contains(one[j]) && !together[a].contains(b) {
                        pairs.push((a, b));
                    }
                }
            }
        }
    }
    pairs
}

/// The cells some rule beyond houses and cages touches (every cell under a
/// global or negative rule): where swapping two digits may break a rule,
/// so uniqueness patterns keep off them.
pub(crate) fn constrained_cells(rules: &Rules) -> CellSet {
    if !rules.global_rules().is_empty() || rules.negative().any() {
        return CellSet::first(rules.cells());
    }
    let mut cells: CellSet = rules.parity_cells().iter().map(|&(c, _)| c).collect();
    for element in rules.elements() {
        cells |= element.cells(rules.size()).into_iter().collect::<CellSet>();
        if let Element::Extremum { cell, .. } = element {
            // The cell is compared with its neighbours.
            let size = rules.size();
            let (r, c) = (cell / size, cell % size);
            for (dr, dc) in [(0, 1), (1, 0), (0, usize::MAX), (usize::MAX, 0)] {
                let (r2, c2) = (r.wrapping_add(dr), c.wrapping_add(dc));
                if r2 < size && c2 < size {
                    cells.insert(r2 * size + c2);
                }
            }
        }
    }
    cells
}
