//! The rules beyond houses and killer cages — global rules, odd/even
//! cells, the negative rules and the elements a setter draws — speak to the
//! logic solver here, and nowhere else. Each says three things:
//!
//! * **Peers**: two cells that never hold the same digit — a knight's or
//!   king's move apart, one disjoint group, two cells of a renban or of a
//!   thermometer, the ends and any inside cell of a between line, two cells
//!   whose relation no equal digits satisfy (a dot, a whisper's
//!   neighbours). [`Grid`]'s peers take them ([`distinct_pairs`]), so every
//!   technique asking whether two cells "see" each other — singles,
//!   subsets, fish fins, wings, colouring, chains, forcing — uses them.
//! * **Links**: two cells whose digits must stand in a relation
//!   ([`CellLink`]): for each digit of one, the digits of the other that go
//!   with it, read from the relations `fdoku_sudoku` gives each element
//!   ([`element_pairs`], [`negative_pairs`]) and from non-consecutive,
//!   entropic and modular lines. A candidate is then weakly linked to each
//!   of the other cell's digits that does not go with it (a whisper cell's 4
//!   to its neighbour's 6; a thermometer cell's 7 to 7, 8, 9 one cell up).
//!   Placing a digit clears them like a peer's; the chain graph (AICs, nice
//!   loops), HoDoKu's forcing chains and nets and Sudoku Explainer's
//!   chaining follow these weak links as they follow a house's.
//! * **Deductions**: the constraint's own named steps ([`find`]), each
//!   naming the element behind it (`Step::elements`) and saying its reason
//!   in words (`Step::reason`): a candidate with no partner across a
//!   relation, bounds along a thermometer, the run of a renban, the ends
//!   of a between line, the sums of arrows and little killers, the digits
//!   a quadruple needs, odd and even cells, and the killer's 45 rule
//!   (innies and outies).
//!
//! Rules whose own logic the solver does not have yet (sandwich, X-sum,
//! skyscraper, region-sum and zipper lines) are refused by name
//! ([`unsupported`]): a path without their logic would guess where a person
//! reasons.

mod between;
mod innies;
mod pairs;
mod parity;
mod quadruple;
mod renban;
mod sums;
mod thermometer;

use std::ops::ControlFlow;

use super::cellset::CellSet;
use super::grid::{Grid, bit, digits_of};
use super::step::Found;
use super::technique::Technique;
use fdoku_sudoku::solve::{element_pairs, negative_pairs};
use fdoku_sudoku::{Element, ElementKind, GlobalRule, Rules};

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
    fn new(
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
        (1..self.with_a.len()).all(|x| self.with_a[x] & bit(x as u8) == 0)
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
/// neighbours, and neighbours within three cells of an entropic or
/// modular line.
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

/// The kinds of `rules`' elements the logic solver has no logic for, by
/// name, each once.
pub(crate) fn unsupported(rules: &Rules) -> Vec<&'static str> {
    let mut names = Vec::new();
    for element in rules.elements() {
        let kind = ElementKind::of(element);
        if technique_of(kind).is_none() && !names.contains(&kind.name()) {
            names.push(kind.name());
        }
    }
    names
}

/// The technique that reports an element kind's own deductions; `None`
/// for the kinds the solver does not reason with.
fn technique_of(kind: ElementKind) -> Option<Technique> {
    use ElementKind as K;
    Some(match kind {
        K::Thermometer | K::SlowThermometer => Technique::Thermometer,
        K::WhiteDot | K::BlackDot => Technique::KropkiDot,
        K::Xv => Technique::Xv,
        K::Whisper => Technique::Whisper,
        K::Palindrome => Technique::Palindrome,
        K::Clone => Technique::CloneShape,
        K::Minimum | K::Maximum => Technique::MinMax,
        K::Entropic => Technique::EntropicLine,
        K::Modular => Technique::ModularLine,
        K::Renban => Technique::Renban,
        K::Between => Technique::BetweenLine,
        K::Arrow => Technique::ArrowSum,
        K::LittleKiller => Technique::LittleKillerSum,
        K::Quadruple => Technique::Quadruple,
        _ => return None,
    })
}

/// The technique reporting deductions from `source` (the relation's
/// partner checks).
fn technique_of_source(rules: &Rules, source: Source) -> Option<Technique> {
    match source {
        Source::Element(index) => technique_of(ElementKind::of(&rules.elements()[index])),
        Source::NonConsecutive => Some(Technique::NonConsecutive),
        Source::Negative => Some(Technique::NegativeConstraint),
    }
}

/// Reports every deduction of `technique` (one of the constraints' own) in
/// `grid`.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    use Technique as T;
    match technique {
        T::OddEven => parity::find(grid, found),
        T::Thermometer => thermometer::find(grid, found),
        T::Renban => renban::find(grid, found),
        T::BetweenLine => between::find(grid, found),
        T::ArrowSum | T::LittleKillerSum => sums::find(grid, technique, found),
        T::Quadruple => quadruple::find(grid, found),
        T::InniesOuties => innies::find(grid, found),
        _ => pairs::find(grid, technique, found),
    }
}

/// The elements of `grid`'s rules with their indices.
fn elements(grid: &Grid) -> impl Iterator<Item = (usize, &Element)> {
    grid.rules().elements().iter().enumerate()
}

/// An element's name for people: its kind and its number among the
/// elements of that kind, `thermometer 2` (as every format numbers them).
pub(crate) fn element_name(rules: &Rules, index: usize) -> String {
    let elements = rules.elements();
    let kind = elements[index].kind();
    let number = elements[..=index]
        .iter()
        .filter(|e| e.kind() == kind)
        .count();
    format!("{kind} {number}")
}

/// `thermometer 2 (r1c1–r1c5)`: the name and where it lies (the first and
/// last cell of a line, both cells of a pair, the one cell of a min/max).
fn labelled(grid: &Grid, index: usize) -> String {
    let rules = grid.rules();
    let cells = rules.elements()[index].cells(rules.size());
    let place = match cells[..] {
        [] => String::new(),
        [one] => format!(" ({})", grid.name(one)),
        [a, b] => format!(" ({}, {})", grid.name(a), grid.name(b)),
        [first, .., last] => format!(" ({}–{})", grid.name(first), grid.name(last)),
    };
    format!("{}{place}", element_name(rules, index))
}

/// The digits a cell may hold: its candidates, or its placed digit.
fn options(grid: &Grid, cell: usize) -> u32 {
    match grid.value(cell) {
        0 => grid.mask(cell),
        digit => bit(digit),
    }
}

/// `1, 2, 9`.
fn digit_list(mask: u32) -> String {
    let digits: Vec<String> = digits_of(mask).iter().map(u8::to_string).collect();
    digits.join(", ")
}
