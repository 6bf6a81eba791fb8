//! Two-variable tables and relations, which compile to support masks when
//! both domains are small: random relations on small models against brute
//! force (each posted as a table or as a relation), domains too wide for
//! masks, and the checker on a kropki pair.

use std::collections::BTreeSet;

use fdoku_fd::{Constraint, Domain, Model, Var, check};
use proptest::prelude::*;

use crate::brute_force::agrees_with_brute_force;

/// Variables over subsets of 1..=4 (one of them, when `wide`, also holds
/// 100, so no 64-value window covers it), and relations between pairs of
/// them, each a set of allowed pairs.
#[derive(Clone, Debug)]
struct Instance {
    domains: Vec<BTreeSet<i32>>,
    wide: bool,
    relations: Vec<Relation>,
}

/// The pairs allowed for the variables at positions `x` and `y`, posted as
/// a [`Constraint::Relation`] or, when `table`, as a [`Constraint::Table`].
#[derive(Clone, Debug)]
struct Relation {
    x: usize,
    y: usize,
    allowed: BTreeSet<(i32, i32)>,
    table: bool,
}

fn instance() -> impl Strategy<Value = Instance> {
    (3usize..=5)
        .prop_flat_map(|n| {
            let pair = (0..n, 0..n).prop_filter("two variables", |(x, y)| x != y);
            let allowed = proptest::collection::btree_set((1i32..=5, 1i32..=5), 0..=12);
            (
                proptest::collection::vec(proptest::collection::btree_set(1i32..=4, 1..=4), n),
                proptest::bool::weighted(0.2),
                proptest::collection::vec((pair, allowed, proptest::bool::ANY), 1..=5),
            )
        })
        .prop_map(|(domains, wide, relations)| Instance {
            domains,
            wide,
            relations: relations
                .into_iter()
                .map(|((x, y), allowed, table)| Relation {
                    x,
                    y,
                    allowed,
                    table,
                })
                .collect(),
        })
}

impl Instance {
    fn model(&self) -> Model {
        let mut m = Model::new();
        let vars: Vec<Var> = self
            .domains
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let extra = (self.wide && i == 0).then_some(100);
                m.new_var_in(Domain::from_values(d.iter().copied().chain(extra)))
            })
            .collect();
        for Relation {
            x,
            y,
            allowed,
            table,
        } in &self.relations
        {
            let (x, y) = (vars[*x], vars[*y]);
            m.post(match table {
                true => Constraint::Table {
                    vars: vec![x, y],
                    tuples: allowed.iter().map(|&(a, b)| vec![a, b]).collect(),
                },
                false => Constraint::Relation {
                    x,
                    y,
                    pairs: allowed.iter().copied().collect(),
                },
            });
        }
        m
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(
        "tests/proptest-regressions/relation.txt", 300, 0x2e1a_7105
    ))]

    /// Under every heuristic, the solutions are exactly the assignments that
    /// brute force and the checker accept.
    #[test]
    fn solutions_equal_brute_force(instance in instance()) {
        agrees_with_brute_force(&instance.model(), "relations")?;
    }
}

/// Kropki's black dot on digits: one digit is twice the other.
fn black_dot(a: i32, b: i32) -> bool {
    a == 2 * b || b == 2 * a
}

#[test]
fn a_black_dot_is_checked_and_propagated() {
    let mut m = Model::new();
    let x = m.new_var(1, 9);
    let y = m.new_var(1, 9);
    m.relation(x, y, black_dot);
    assert!(check(&m, &[3, 6]).is_ok());
    assert!(check(&m, &[8, 4]).is_ok());
    assert_eq!(
        check(&m, &[3, 5]).unwrap_err().to_string(),
        "constraint relation#0 is violated: (3, 5) is not an allowed pair"
    );
    // 5, 7 and 9 have no partner: they go from both cells.
    let domains = fdoku_fd::propagate(&m, None).expect("consistent");
    assert_eq!(domains[0].to_string(), "{1..4, 6, 8}");
    assert_eq!(domains[1].to_string(), "{1..4, 6, 8}");
    // Black dots on a row of three distinct digits: x–y and y–z.
    let z = m.new_var(1, 9);
    m.relation(y, z, black_dot);
    m.all_different(&[x, y, z]);
    let rows: BTreeSet<Vec<i32>> = fdoku_fd::Solver::new(&m)
        .solutions()
        .map(|s| s.values().to_vec())
        .collect();
    // The middle digit needs two different partners, its half and its
    // double: only 2 (with 1 and 4) and 4 (with 2 and 8) have both.
    let expected: BTreeSet<Vec<i32>> = [[1, 2, 4], [4, 2, 1], [2, 4, 8], [8, 4, 2]]
        .into_iter()
        .map(|row| row.to_vec())
        .collect();
    assert_eq!(rows, expected);
}
