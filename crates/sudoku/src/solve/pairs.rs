//! Elements that are relations between two cells, for both general solvers
//! and for the logic solver (fdoku-logic reads them as links between
//! candidates).
//!
//! Thermometers, kropki dots, XV, whispers, renban, palindromes, clones,
//! min/max cells, indexers, greater-than signs, product clues, parity and
//! nabner lines and the negative rules each come down to pairs of cells
//! whose digits must stand in a [`Relation`]: `a < b` along a thermometer,
//! `|a − b| = 1` across a white dot, `a = b` across a palindrome, "the
//! indexer holds X exactly when the X-th cell holds the indexer's
//! position" between an indexer and each cell it can name. The
//! engine posts each pair as a binary table; the bitmask solver keeps, for
//! each digit of one cell, the mask of the other's digits that go with it.
//! Elements over more cells at once (sums, sandwiches, between lines …)
//! have no pairs: rules with them are the engine's alone.
//!
//! ```text
//! thermometer r1c1 → r1c2 → r1c3   ⇒   (r1c1 < r1c2), (r1c2 < r1c3)
//! ```

use crate::elements::{Dot, Element, Extremum, Negative, marked, orthogonal_neighbours};
use crate::rules::Rules;

/// How the digits `x` of the first cell and `y` of the second must relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Relation {
    /// `x < y`.
    Less,
    /// `x ≤ y`.
    AtMost,
    /// `|x − y| = d`.
    Difference(u32),
    /// `x = r·y` or `y = r·x`.
    Ratio(u32),
    /// `x + y = s`.
    Sum(u32),
    /// `x · y = p`.
    Product(u32),
    /// One of `x` and `y` odd, the other even.
    OtherParity,
    /// `|x − y| ≥ d`.
    Apart(u32),
    /// `x ≠ y` and `|x − y| ≤ d`.
    Within(u32),
    /// `x = y`.
    Equal,
    /// `x = p` exactly when `y = q`: an indexer (`x`) naming the cell
    /// (`y`) at position `p`, whose digit is then the indexer's position `q`.
    Iff(u32, u32),
    /// None of the unmarked-pair relations the negative rules forbid.
    Unmarked(Negative),
}

impl Relation {
    /// Whether digits `x` and `y` satisfy it.
    pub fn holds(self, x: u32, y: u32) -> bool {
        match self {
            Relation::Less => x < y,
            Relation::AtMost => x <= y,
            Relation::Difference(d) => x.abs_diff(y) == d,
            Relation::Ratio(r) => x == r * y || y == r * x,
            Relation::Sum(s) => x + y == s,
            Relation::Product(p) => x * y == p,
            Relation::OtherParity => (x + y) % 2 == 1,
            Relation::Apart(d) => x.abs_diff(y) >= d,
            Relation::Within(d) => x != y && x.abs_diff(y) <= d,
            Relation::Equal => x == y,
            Relation::Iff(p, q) => (x == p) == (y == q),
            Relation::Unmarked(Negative {
                white,
                black,
                x: ten,
                v: five,
            }) => {
                !(white && x.abs_diff(y) == 1
                    || black && (x == 2 * y || y == 2 * x)
                    || ten && x + y == 10
                    || five && x + y == 5)
            }
        }
    }
}

/// Two cells and the relation of their digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The first cell.
    pub a: usize,
    /// The second cell.
    pub b: usize,
    /// What their digits must satisfy (first cell's digit first).
    pub relation: Relation,
}

/// The pairs `element` (one of `rules`' elements) comes down to, or
/// `None` when it relates more than two cells at once.
pub fn element_pairs(element: &Element, rules: &Rules) -> Option<Vec<Pair>> {
    let size = rules.size();
    let pair = |a, b, relation| Pair { a, b, relation };
    let chain = |cells: &[usize], relation| {
        cells
            .windows(2)
            .map(|w| pair(w[0], w[1], relation))
            .collect()
    };
    Some(match element {
        Element::Thermometer { cells, slow } => chain(
            cells,
            if *slow {
                Relation::AtMost
            } else {
                Relation::Less
            },
        ),
        Element::Kropki { cells, dot, value } => {
            let relation = match dot {
                Dot::White => Relation::Difference(*value),
                Dot::Black => Relation::Ratio(*value),
            };
            vec![pair(cells[0], cells[1], relation)]
        }
        Element::Xv { cells, sum } => vec![pair(cells[0], cells[1], Relation::Sum(*sum))],
        Element::GreaterThan { cells } => vec![pair(cells[1], cells[0], Relation::Less)],
        Element::Product { cells, product } => {
            vec![pair(cells[0], cells[1], Relation::Product(*product))]
        }
        Element::Whisper { cells, difference } => chain(cells, Relation::Apart(*difference)),
        Element::ParityLine { cells } => chain(cells, Relation::OtherParity),
        // No two equal or consecutive: every two at least 2 apart.
        Element::Nabner { cells } => cells
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| cells[i + 1..].iter().map(move |&b| (a, b)))
            .map(|(a, b)| pair(a, b, Relation::Apart(2)))
            .collect(),
        Element::Renban { cells } => {
            // Different digits no two more than len − 1 apart: a run.
            let span = cells.len() as u32 - 1;
            let mut pairs = Vec::new();
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    pairs.push(pair(a, b, Relation::Within(span)));
                }
            }
            pairs
        }
        Element::Palindrome { cells } => (0..cells.len() / 2)
            .map(|i| pair(cells[i], cells[cells.len() - 1 - i], Relation::Equal))
            .collect(),
        Element::Clone { cells, copy } => cells
            .iter()
            .zip(copy)
            .filter(|(a, b)| a != b)
            .map(|(&a, &b)| pair(a, b, Relation::Equal))
            .collect(),
        Element::Extremum { cell, kind } => orthogonal_neighbours(size, *cell)
            .into_iter()
            .filter(|other| !marked(rules.elements(), *kind).contains(other))
            .map(|other| match kind {
                Extremum::Minimum => pair(*cell, other, Relation::Less),
                Extremum::Maximum => pair(other, *cell, Relation::Less),
            })
            .collect(),
        Element::Indexer { cell, kind } => {
            // A box indexer on a grid without regions is refused when added.
            let (cells, place) = rules.layout().indexed(size, *cell, *kind)?;
            (1..)
                .zip(cells)
                .filter(|&(_, target)| target != *cell)
                .map(|(x, target)| pair(*cell, target, Relation::Iff(x, place)))
                .collect()
        }
        _ => return None,
    })
}

/// The pairs the negative rules put on every two orthogonal neighbours
/// without a mark of the rule's family (a kropki dot of either colour
/// frees a pair of both kropki rules, an X or V of both XV rules).
pub fn negative_pairs(rules: &Rules) -> Vec<Pair> {
    let negative = rules.negative();
    if !negative.any() {
        return Vec::new();
    }
    let size = rules.size();
    let edge = |a: usize, b: usize| (a.min(b), a.max(b));
    let mut dotted = std::collections::HashSet::new();
    let mut lettered = std::collections::HashSet::new();
    for element in rules.elements() {
        match element {
            Element::Kropki { cells, .. } => {
                dotted.insert(edge(cells[0], cells[1]));
            }
            Element::Xv { cells, .. } => {
                lettered.insert(edge(cells[0], cells[1]));
            }
            _ => {}
        }
    }
    let mut pairs = Vec::new();
    for a in 0..size * size {
        for b in orthogonal_neighbours(size, a)
            .into_iter()
            .filter(|&b| b > a)
        {
            let kropki = !dotted.contains(&(a, b));
            let xv = !lettered.contains(&(a, b));
            let rule = Negative {
                white: negative.white && kropki,
                black: negative.black && kropki,
                x: negative.x && xv,
                v: negative.v && xv,
            };
            if rule.any() {
                pairs.push(Pair {
                    a,
                    b,
                    relation: Relation::Unmarked(rule),
                });
            }
        }
    }
    pairs
}

/// Every pair of `rules`' elements and negative rules, or `None` when some
/// element relates more than two cells.
pub(crate) fn all_pairs(rules: &Rules) -> Option<Vec<Pair>> {
    let mut pairs = Vec::new();
    for element in rules.elements() {
        pairs.extend(element_pairs(element, rules)?);
    }
    pairs.extend(negative_pairs(rules));
    Some(pairs)
}
