//! Each variant element as engine constraints.
//!
//! The encodings, chosen for pruning per element:
//!
//! * relations between two cells (thermometer steps, kropki dots, XV,
//!   whispers, palindromes, clones, a renban's span, min/max cells,
//!   indexers, greater-than signs, product clues, parity and nabner
//!   lines, the "all marks are given" negatives) are relations: the pairs
//!   [`super::super::pairs`] lists for the bitmask solver too, so each
//!   keeps exactly the digits with a partner, and a renban also gets an
//!   `all_different`;
//! * arrows, little killers and frame sums are tables of their fillings
//!   where there are few (`super::sums`), else linear sums;
//! * zippers and region-sum lines are linear (bounds consistency);
//! * a between line is one table per inner cell over it and the two ends,
//!   and so is a lockout line, whose ends also get their difference;
//! * entropic and modular lines are automata over the line's digit
//!   classes (any three cells in a row: three classes), which keep exactly
//!   the digits of some valid reading of the whole line;
//! * a quadruple ties a 0/1 "holds d" to each cell per digit it needs
//!   and counts them, and counting circles count every digit so, the
//!   count being 0 or the digit itself;
//! * a count-different line ties a 0/1 "d is used" to those "holds d" by
//!   clauses (used exactly when some cell holds d) and sums the used
//!   digits, with an `all_different` when every digit must differ;
//! * a cupid arrow is a clause per digit d: its cell does not hold d, or
//!   one of the cells it points at does;
//! * isomorphic twins are a digit key read by an `element` per pair of
//!   partners (`super::relabel`, the model of relabelled sub-grids too),
//!   and two cells whose partners see each other are kept apart;
//! * sandwich, X-sum, skyscraper and "123" clues are automata read along
//!   their row or column (see [`super::automata`]).
//!
//! Every constraint is named after its element (`thermometer 2`,
//! `white dot 5`), so traces say which mark removed a candidate.

use std::cell::OnceCell;

use fdoku_fd::{Constraint, ConstraintId, LinearOp, Model, Var};

use super::super::pairs::{Pair, element_pairs, negative_pairs};
use super::automata;
use super::relabel::post_relabelling;
use super::sums::{self, Seeing};
use crate::elements::Element;
use crate::rules::Rules;

/// Posts every element and negative rule of `rules` over the cell variables.
pub(super) fn post(model: &mut Model, cells: &[Var], rules: &Rules) {
    let n = rules.size() as i32;
    let mut numbers = std::collections::HashMap::new();
    let seeing = OnceCell::new();
    for element in rules.elements() {
        let number = numbers.entry(element.kind()).or_insert(0);
        *number += 1;
        let name = format!("{} {number}", element.kind());
        let mut post = Poster {
            model: &mut *model,
            n,
            name: &name,
            seeing: &seeing,
            rules,
        };
        post.element(element, cells, rules);
    }
    negative(model, cells, rules);
}

/// Posts constraints named after one element.
struct Poster<'a> {
    model: &'a mut Model,
    n: i32,
    name: &'a str,
    /// Which cells see each other, worked out for the first sum that asks.
    seeing: &'a OnceCell<Seeing>,
    rules: &'a Rules,
}

impl Poster<'_> {
    fn named(&mut self, id: ConstraintId) {
        self.model.set_constraint_name(id, self.name);
    }

    /// `x` and `y` hold a pair of digits that `allowed` accepts.
    fn pair(&mut self, x: Var, y: Var, allowed: impl Fn(i32, i32) -> bool) {
        let id = self.model.relation(x, y, allowed);
        self.named(id);
    }

    /// `Σ terms = rhs` over `cells` (one per term): a table of its
    /// fillings when there are few, else a linear sum.
    fn sum(&mut self, cells: &[usize], terms: &[(i64, Var)], rhs: i64) {
        let seeing = self.seeing.get_or_init(|| Seeing::new(self.rules));
        let differ = |i: usize, j: usize| seeing.differ(cells[i], cells[j]);
        match sums::fillings(self.model, terms, rhs, differ) {
            Some(tuples) => {
                let vars = terms.iter().map(|&(_, v)| v).collect();
                let id = self.model.post(Constraint::Table { vars, tuples });
                self.named(id);
            }
            None => self.linear(terms, LinearOp::Eq, rhs),
        }
    }

    fn linear(&mut self, terms: &[(i64, Var)], op: LinearOp, rhs: i64) {
        let id = self.model.linear(terms, op, rhs);
        self.named(id);
    }

    fn table(&mut self, vars: Vec<Var>, allowed: impl Fn(&[i32]) -> bool) {
        // Every tuple of the variables' current domains, last place fastest.
        let values: Vec<Vec<i32>> = vars
            .iter()
            .map(|&v| self.model.domain(v).iter().collect())
            .collect();
        let mut tuples = Vec::new();
        let mut places = vec![0; vars.len()];
        let mut tuple: Vec<i32> = values.iter().filter_map(|v| v.first().copied()).collect();
        while tuple.len() == vars.len() {
            if allowed(&tuple) {
                tuples.push(tuple.clone());
            }
            let Some(place) = (0..vars.len())
                .rev()
                .find(|&i| places[i] + 1 < values[i].len())
            else {
                break;
            };
            places[place] += 1;
            tuple[place] = values[place][places[place]];
            for later in place + 1..vars.len() {
                places[later] = 0;
                tuple[later] = values[later][0];
            }
        }
        let id = self.model.post(Constraint::Table { vars, tuples });
        self.named(id);
    }

    /// A 0/1 "holds `d`" tied to each of `vars`, as sum terms.
    fn holding(&mut self, vars: &[Var], d: i32) -> Vec<(i64, Var)> {
        vars.iter()
            .map(|&x| {
                let b = self.model.new_bool();
                let id = self
                    .model
                    .relation(x, b, |value, flag| (value == d) == (flag == 1));
                self.named(id);
                (1, b)
            })
            .collect()
    }

    /// `x ≠ y`.
    fn apart(&mut self, x: Var, y: Var) {
        let id = self.model.not_equal(x, y, 0);
        self.named(id);
    }

    /// A 0/1 "some of `vars` holds `d`": 1 exactly when one of them does.
    fn used(&mut self, vars: &[Var], d: i32) -> Var {
        let holding: Vec<Var> = self.holding(vars, d).into_iter().map(|(_, b)| b).collect();
        let used = self.model.new_bool();
        let some = Constraint::Clause {
            pos: holding.clone(),
            neg: vec![used],
        };
        let id = self.model.post(some);
        self.named(id);
        for b in holding {
            let id = self.model.post(Constraint::Clause {
                pos: vec![used],
                neg: vec![b],
            });
            self.named(id);
        }
        used
    }

    fn element(&mut self, element: &Element, cells: &[Var], rules: &Rules) {
        let size = rules.size();
        let vars: Vec<Var> = element.cells(size).iter().map(|&c| cells[c]).collect();
        if let Some(pairs) = element_pairs(element, rules) {
            // Renban: different digits, no two more than len − 1 apart.
            if matches!(element, Element::Renban { .. }) && vars.len() > 1 {
                let id = self.model.post(Constraint::all_different(vars));
                self.named(id);
            }
            for Pair { a, b, relation } in pairs {
                self.pair(cells[a], cells[b], |x, y| {
                    relation.holds(x as u32, y as u32)
                });
            }
            return;
        }
        match element {
            // Their pairs, above.
            Element::Thermometer { .. }
            | Element::Kropki { .. }
            | Element::Xv { .. }
            | Element::Whisper { .. }
            | Element::Renban { .. }
            | Element::Palindrome { .. }
            | Element::Clone { .. }
            | Element::Extremum { .. }
            | Element::Indexer { .. }
            | Element::GreaterThan { .. }
            | Element::Product { .. }
            | Element::ParityLine { .. }
            | Element::Nabner { .. } => {}
            Element::Arrow { circle, .. } => {
                let places = (0..circle.len() as u32).rev().map(|p| -(10i64.pow(p)));
                let coefficients = places.chain(std::iter::repeat(1));
                let terms: Vec<(i64, Var)> = coefficients.zip(vars.iter().copied()).collect();
                self.sum(&element.cells(size), &terms, 0);
            }
            Element::FrameSum { clue, sum } => {
                // Refused when added unless the grid has boxes.
                let depth = rules.layout().frame_depth(size, *clue).unwrap_or(0);
                let cells: Vec<usize> = element.cells(size).into_iter().take(depth).collect();
                let terms: Vec<(i64, Var)> = vars.iter().take(depth).map(|&v| (1, v)).collect();
                self.sum(&cells, &terms, i64::from(*sum));
            }
            Element::LittleKiller { sum, .. } => {
                let terms: Vec<(i64, Var)> = vars.iter().map(|&v| (1, v)).collect();
                self.sum(&element.cells(size), &terms, i64::from(*sum));
            }
            Element::Sandwich { sum, .. } => {
                let id = self.model.post(Constraint::Regular {
                    vars,
                    automaton: automata::sandwich(size, *sum),
                });
                self.named(id);
            }
            Element::XSum { sum, .. } => {
                let id = self.model.post(Constraint::Regular {
                    vars,
                    automaton: automata::x_sum(size, *sum),
                });
                self.named(id);
            }
            Element::FirstOfOneTwoThree { digit, .. } => {
                let id = self.model.post(Constraint::Regular {
                    vars,
                    automaton: automata::first_of_one_two_three(size, *digit),
                });
                self.named(id);
            }
            Element::Skyscraper { count, .. } => {
                let id = self.model.post(Constraint::Regular {
                    vars,
                    automaton: automata::skyscraper(size, *count),
                });
                self.named(id);
            }
            Element::Between { .. } => {
                let (first, last) = (vars[0], vars[vars.len() - 1]);
                for &inner in &vars[1..vars.len() - 1] {
                    self.table(vec![first, inner, last], |t| {
                        t[0].min(t[2]) < t[1] && t[1] < t[0].max(t[2])
                    });
                }
            }
            Element::Lockout { difference, .. } => {
                let (first, last) = (vars[0], vars[vars.len() - 1]);
                let apart = *difference as i32;
                self.pair(first, last, |x, y| (x - y).abs() >= apart);
                for &inner in &vars[1..vars.len() - 1] {
                    self.table(vec![first, inner, last], |t| {
                        (t[0] - t[2]).abs() >= apart
                            && (t[1] < t[0].min(t[2]) || t[1] > t[0].max(t[2]))
                    });
                }
            }
            // A line of fewer than three cells has no three in a row.
            Element::Entropic { .. } | Element::Modular { .. } if vars.len() < 3 => {}
            Element::Entropic { .. } => {
                let third = self.n / 3;
                let automaton = automata::three_classes(size, |d| (d - 1) / third);
                let id = self.model.post(Constraint::Regular { vars, automaton });
                self.named(id);
            }
            Element::Modular { .. } => {
                let automaton = automata::three_classes(size, |d| d % 3);
                let id = self.model.post(Constraint::Regular { vars, automaton });
                self.named(id);
            }
            Element::Zipper { .. } => {
                let len = vars.len();
                let middle = if len % 2 == 1 {
                    vars[len / 2]
                } else {
                    self.model.new_var(2, 2 * self.n)
                };
                for i in 0..len / 2 {
                    let terms = [(1, vars[i]), (1, vars[len - 1 - i]), (-1, middle)];
                    self.linear(&terms, LinearOp::Eq, 0);
                }
            }
            Element::RegionSum { cells: line } => {
                let segments = region_segments(rules, line);
                if segments.len() > 1 {
                    let total = self.model.new_var(1, self.n * self.n);
                    for segment in segments {
                        let mut terms: Vec<(i64, Var)> =
                            segment.iter().map(|&c| (1, cells[c])).collect();
                        terms.push((-1, total));
                        self.linear(&terms, LinearOp::Eq, 0);
                    }
                }
            }
            Element::Quadruple { digits, .. } => {
                let mut wanted: Vec<u8> = digits.clone();
                wanted.sort_unstable();
                wanted.dedup();
                for d in wanted {
                    let times = digits.iter().filter(|&&x| x == d).count() as i64;
                    let terms = self.holding(&vars, i32::from(d));
                    self.linear(&terms, LinearOp::Ge, times);
                }
            }
            Element::CountDifferent { count, .. } => {
                if *count as usize == vars.len() && vars.len() > 1 {
                    let id = self.model.post(Constraint::all_different(vars.clone()));
                    self.named(id);
                }
                let terms: Vec<(i64, Var)> =
                    (1..=self.n).map(|d| (1, self.used(&vars, d))).collect();
                self.linear(&terms, LinearOp::Eq, i64::from(*count));
            }
            Element::Twins { cells: shape, twin } => {
                let pairs: Vec<(Var, Var)> = shape
                    .iter()
                    .zip(twin)
                    .map(|(&a, &b)| (cells[a], cells[b]))
                    .collect();
                post_relabelling(self.model, &pairs, self.n as usize, false, self.name);
                // Partners of two cells that see each other differ at once,
                // before the key knows either digit.
                for i in 0..shape.len() {
                    for j in i + 1..shape.len() {
                        let (x, y) = ((shape[i], shape[j]), (twin[i], twin[j]));
                        let seeing = self.seeing.get_or_init(|| Seeing::new(self.rules));
                        let apart = |(a, b)| seeing.differ(a, b);
                        match (apart(x), apart(y)) {
                            (true, false) => self.apart(cells[y.0], cells[y.1]),
                            (false, true) => self.apart(cells[x.0], cells[x.1]),
                            _ => {}
                        }
                    }
                }
            }
            Element::Cupid { .. } => {
                let (cell, pointed) = (vars[0], &vars[1..]);
                for d in 1..=self.n {
                    let holds = self.holding(&[cell], d);
                    let again = self.holding(pointed, d);
                    let id = self.model.post(Constraint::Clause {
                        pos: again.into_iter().map(|(_, b)| b).collect(),
                        neg: holds.into_iter().map(|(_, b)| b).collect(),
                    });
                    self.named(id);
                }
            }
            Element::CountingCircles { .. } => {
                // Σ (circle holds d) = d · (d is in a circle), for every d.
                for d in 1..=self.n {
                    let mut terms = self.holding(&vars, d);
                    let used = self.model.new_bool();
                    terms.push((-i64::from(d), used));
                    self.linear(&terms, LinearOp::Eq, 0);
                }
            }
        }
    }
}

/// The pieces of a line inside one region each, in order: maximal runs
/// of consecutive line cells sharing a region.
fn region_segments(rules: &Rules, line: &[usize]) -> Vec<Vec<usize>> {
    let region = |cell: usize| rules.layout().region_of(rules.size(), cell);
    let mut segments: Vec<Vec<usize>> = Vec::new();
    for (k, &cell) in line.iter().enumerate() {
        match segments.last_mut() {
            Some(segment) if k > 0 && region(line[k - 1]) == region(cell) => segment.push(cell),
            _ => segments.push(vec![cell]),
        }
    }
    segments
}

/// The "all marks are given" rules: every unmarked pair of orthogonal
/// neighbours ([`negative_pairs`], shared with the bitmask solver) is a
/// relation of the digit pairs its rule allows.
fn negative(model: &mut Model, cells: &[Var], rules: &Rules) {
    for Pair { a, b, relation } in negative_pairs(rules) {
        let allowed = |x: i32, y: i32| relation.holds(x as u32, y as u32);
        let id = model.relation(cells[a], cells[b], allowed);
        model.set_constraint_name(id, "negative constraint");
    }
}
