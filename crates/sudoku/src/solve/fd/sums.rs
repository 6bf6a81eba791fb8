//! Sums over a few cells as tables: every filling of the cells' current
//! domains that adds up, with the digits of cells that see each other
//! (a house, a disjoint group, a cage, a knight's or king's move) kept
//! apart. A table is arc consistent over the sum and the distinctness
//! together — a solver's "combinations" of a cage, an arrow or a little
//! killer — where a linear sum alone keeps only bounds.
//!
//! A sum with too many fillings (or too much work to list them) keeps its
//! linear constraint.

use fdoku_fd::{Model, Var};

use crate::rules::{GlobalRule, Rules};

/// The most fillings a sum is posted as a table with. On the published
/// killer puzzles, tables of up to 1,000 fillings cut the search 3–240
/// times; larger ones cost more to build than they save.
pub(super) const FILLINGS_LIMIT: usize = 1_000;

/// Search steps allowed to list a sum's fillings before it keeps its
/// linear constraint.
const STEPS_LIMIT: usize = 100_000;

/// Which cells must hold different digits.
pub(super) struct Seeing {
    /// The groups of distinct digits each cell belongs to.
    groups: Vec<Vec<u32>>,
    /// The grid's side, to place cells for the move rules.
    size: usize,
    /// Whether a knight's move, or a king's, keeps two cells apart.
    knight: bool,
    king: bool,
}

impl Seeing {
    /// The houses, disjoint groups, cages and cell rules of `rules`.
    pub(super) fn new(rules: &Rules) -> Seeing {
        let mut groups = vec![Vec::new(); rules.cells()];
        let houses = rules.houses().into_iter().map(|h| h.cells);
        let cages = rules.cages().iter().map(|c| c.cells.clone());
        let all = houses.chain(rules.disjoint_groups()).chain(cages);
        for (id, group) in all.enumerate() {
            for cell in group {
                groups[cell].push(id as u32);
            }
        }
        Seeing {
            groups,
            size: rules.size(),
            knight: rules.has(GlobalRule::AntiKnight),
            king: rules.has(GlobalRule::AntiKing),
        }
    }

    /// Whether `a` and `b` must hold different digits.
    pub(super) fn differ(&self, a: usize, b: usize) -> bool {
        let (rows, columns) = (
            (a / self.size).abs_diff(b / self.size),
            (a % self.size).abs_diff(b % self.size),
        );
        let knight = self.knight && rows.min(columns) == 1 && rows.max(columns) == 2;
        let king = self.king && rows <= 1 && columns <= 1;
        a != b && (knight || king || self.groups[a].iter().any(|g| self.groups[b].contains(g)))
    }
}

/// Every tuple of values of `terms`' variables, from their domains in
/// `model`, with `Σ coefficient · value = rhs` and different values
/// wherever `differ(i, j)` says so (`i`, `j` positions in `terms`); `None`
/// when there are more than [`FILLINGS_LIMIT`].
pub(super) fn fillings(
    model: &Model,
    terms: &[(i64, Var)],
    rhs: i64,
    differ: impl Fn(usize, usize) -> bool,
) -> Option<Vec<Vec<i32>>> {
    let k = terms.len();
    let values: Vec<Vec<i32>> = terms
        .iter()
        .map(|&(_, v)| model.domain(v).iter().collect())
        .collect();
    let apart: Vec<Vec<bool>> = (0..k)
        .map(|i| (0..k).map(|j| j < i && differ(i, j)).collect())
        .collect();
    // The least and most the terms from position i on can add.
    let (mut least, mut most) = (vec![0i64; k + 1], vec![0i64; k + 1]);
    for i in (0..k).rev() {
        let (c, lo, hi) = (
            terms[i].0,
            i64::from(*values[i].first()?),
            i64::from(*values[i].last()?),
        );
        least[i] = least[i + 1] + (c * lo).min(c * hi);
        most[i] = most[i + 1] + (c * lo).max(c * hi);
    }
    let mut lister = Lister {
        terms,
        rhs,
        values: &values,
        apart: &apart,
        least: &least,
        most: &most,
        tuple: Vec::with_capacity(k),
        out: Vec::new(),
        count: 0,
        steps: 0,
    };
    if !lister.fill(0, 0) {
        return None;
    }
    if k == 0 {
        return Some(vec![Vec::new(); lister.count]);
    }
    Some(lister.out.chunks_exact(k).map(<[i32]>::to_vec).collect())
}

/// The depth-first listing of one sum's fillings.
struct Lister<'a> {
    terms: &'a [(i64, Var)],
    rhs: i64,
    values: &'a [Vec<i32>],
    apart: &'a [Vec<bool>],
    least: &'a [i64],
    most: &'a [i64],
    tuple: Vec<i32>,
    /// The fillings found, one after another (listed flat, so that a sum
    /// found to have too many costs no allocation per filling).
    out: Vec<i32>,
    count: usize,
    steps: usize,
}

impl Lister<'_> {
    /// Extends the tuple from position `i` with `sum` so far; `false` when
    /// a limit was passed.
    fn fill(&mut self, i: usize, sum: i64) -> bool {
        self.steps += 1;
        if self.steps > STEPS_LIMIT {
            return false;
        }
        if i == self.terms.len() {
            if sum == self.rhs {
                if self.count == FILLINGS_LIMIT {
                    return false;
                }
                self.out.extend_from_slice(&self.tuple);
                self.count += 1;
            }
            return true;
        }
        let coefficient = self.terms[i].0;
        for &value in &self.values[i] {
            let sum = sum + coefficient * i64::from(value);
            // Values come in increasing order: once the rest cannot come
            // back down (or up) to the total, no later value can either.
            let too_much = sum + self.least[i + 1] > self.rhs;
            let too_little = sum + self.most[i + 1] < self.rhs;
            if (too_much && coefficient > 0) || (too_little && coefficient < 0) {
                break;
            }
            let clash = (0..i).any(|j| self.apart[i][j] && self.tuple[j] == value);
            if clash || too_much || too_little {
                continue;
            }
            self.tuple.push(value);
            let more = self.fill(i + 1, sum);
            self.tuple.pop();
            if !more {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::fillings;
    use fdoku_fd::{Model, Var};

    fn sum_of(n: usize, domain: (i32, i32), rhs: i64, distinct: bool) -> Option<Vec<Vec<i32>>> {
        let mut model = Model::new();
        let vars = model.new_vars(n, domain.0, domain.1);
        let terms: Vec<(i64, Var)> = vars.iter().map(|&v| (1, v)).collect();
        fillings(&model, &terms, rhs, |_, _| distinct)
    }

    #[test]
    fn cage_fillings_are_every_order_of_every_combination() {
        assert_eq!(
            sum_of(2, (1, 9), 4, true),
            Some(vec![vec![1, 3], vec![3, 1]])
        );
        // 1+2+6, 1+3+5, 2+3+4, each in 6 orders.
        assert_eq!(sum_of(3, (1, 9), 9, true).map(|t| t.len()), Some(18));
        assert_eq!(sum_of(3, (1, 9), 30, true), Some(vec![]));
        // 9! orders of the nine digits: too many for a table.
        assert_eq!(sum_of(9, (1, 9), 45, true), None);
    }

    #[test]
    fn cells_that_do_not_see_each_other_may_repeat() {
        // 2+2 and 1+3, 3+1.
        assert_eq!(sum_of(2, (1, 9), 4, false).map(|t| t.len()), Some(3));
    }

    #[test]
    fn fillings_are_those_of_brute_force() {
        // Every weighting of up to three cells over 1..4 by -10, -1, 1 and 2,
        // every reachable total, cells apart or not: the same tuples, in
        // the same order, as listing every tuple and keeping those that fit.
        let weights = [-10i64, -1, 1, 2];
        for k in 1..=3usize {
            for code in 0..weights.len().pow(k as u32) {
                let coefficients: Vec<i64> = (0..k)
                    .map(|i| weights[code / weights.len().pow(i as u32) % weights.len()])
                    .collect();
                let mut model = Model::new();
                let vars = model.new_vars(k, 1, 4);
                let terms: Vec<(i64, Var)> = coefficients.iter().copied().zip(vars).collect();
                let all: Vec<Vec<i32>> = (0..4usize.pow(k as u32))
                    .map(|t| {
                        (0..k)
                            .rev()
                            .map(|i| (t / 4usize.pow(i as u32) % 4) as i32 + 1)
                            .collect()
                    })
                    .collect();
                for distinct in [false, true] {
                    for rhs in -50..=30 {
                        let expected: Vec<Vec<i32>> = all
                            .iter()
                            .filter(|t| {
                                let total: i64 = t
                                    .iter()
                                    .zip(&coefficients)
                                    .map(|(&v, &c)| c * i64::from(v))
                                    .sum();
                                let apart = (0..k).all(|i| (0..i).all(|j| t[i] != t[j]));
                                total == rhs && (apart || !distinct)
                            })
                            .cloned()
                            .collect();
                        let found = fillings(&model, &terms, rhs, |_, _| distinct);
                        assert_eq!(found, Some(expected), "{coefficients:?} = {rhs}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_circle_worth_ten_per_place_reads_as_a_number() {
        // 10·a + b = c + d over 1..4: 10a + b is at least 11, c + d at most 8.
        let mut model = Model::new();
        let v = model.new_vars(4, 1, 4);
        let terms = [(10, v[0]), (1, v[1]), (-1, v[2]), (-1, v[3])];
        assert_eq!(fillings(&model, &terms, 0, |_, _| false), Some(vec![]));
    }
}
