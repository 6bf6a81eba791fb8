//! all_different at each strength, against the solutions themselves.
//!
//! With one all_different and nothing else, the values that occur in some
//! solution are known by enumeration. The **domain** strength must keep
//! exactly those (generalised arc consistency); **hall** must keep at least
//! those and at most what **forward** keeps; **check** removes nothing.

use std::collections::BTreeSet;

use fdoku_fd::{Domain, Model, Strength, Var, check, propagate};
use proptest::prelude::*;

/// Where failing cases are kept and replayed first.
const REGRESSIONS: &str = "tests/proptest-regressions/alldiff_strengths.txt";

fn instance() -> impl Strategy<Value = (Vec<BTreeSet<i32>>, Vec<i32>)> {
    (2usize..=7).prop_flat_map(|n| {
        (
            proptest::collection::vec(proptest::collection::btree_set(0i32..8, 1..=5), n),
            proptest::collection::vec(-2i32..=2, n),
        )
    })
}

fn model((domains, offsets): &(Vec<BTreeSet<i32>>, Vec<i32>), strength: Strength) -> Model {
    let mut m = Model::new();
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| m.new_var_in(d.iter().copied().collect()))
        .collect();
    m.all_different_offset(&vars, offsets, strength);
    m
}

/// Per variable, the values it takes in some solution (`None`: no solution).
fn supported(m: &Model) -> Option<Vec<BTreeSet<i32>>> {
    let mut support = vec![BTreeSet::new(); m.num_vars()];
    let mut any = false;
    let mut current = Vec::new();
    fn walk(m: &Model, cur: &mut Vec<i32>, support: &mut [BTreeSet<i32>], any: &mut bool) {
        if cur.len() == m.num_vars() {
            if check(m, cur).is_ok() {
                *any = true;
                for (s, &v) in support.iter_mut().zip(cur.iter()) {
                    s.insert(v);
                }
            }
            return;
        }
        for v in m.domain(Var(cur.len() as u32)).clone().iter() {
            cur.push(v);
            walk(m, cur, support, any);
            cur.pop();
        }
    }
    walk(m, &mut current, &mut support, &mut any);
    any.then_some(support)
}

fn as_sets(domains: &[Domain]) -> Vec<BTreeSet<i32>> {
    domains.iter().map(|d| d.iter().collect()).collect()
}

fn subset(a: &[BTreeSet<i32>], b: &[BTreeSet<i32>]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.is_subset(y))
}

proptest! {
    #![proptest_config(crate::proptest_config(REGRESSIONS, 2000, 0x0a11_d1ff))]

    #[test]
    fn strengths_nest_and_domain_is_exactly_gac(inst in instance()) {
        let by = |s| propagate(&model(&inst, s), None).map(|d| as_sets(&d));
        let gac = supported(&model(&inst, Strength::Domain));
        let domain = by(Strength::Domain);
        prop_assert_eq!(&domain, &gac, "domain strength must equal the solutions' support");
        let (hall, forward, checked) = (by(Strength::Hall), by(Strength::Forward), by(Strength::Check));
        if let Some(gac) = &gac {
            let hall = hall.expect("hall never fails a satisfiable instance");
            let forward = forward.expect("forward never fails a satisfiable instance");
            prop_assert!(subset(gac, &hall));
            prop_assert!(subset(&hall, &forward));
            let original = as_sets(model(&inst, Strength::Check).domains());
            prop_assert!(subset(&forward, &original));
            prop_assert_eq!(checked, Some(original), "check prunes nothing");
        } else if let (Some(h), Some(f)) = (&hall, &forward) {
            prop_assert!(subset(h, f));
        }
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(REGRESSIONS, 1000, 0x0a11_d1ff + 1))]

    /// Values spread 20 apart do not fit a 64-bit window, so the list-based
    /// Régin runs: it too must keep exactly the solutions' support.
    #[test]
    fn wide_domains_are_exactly_gac((domains, offsets) in instance()) {
        let spread: Vec<BTreeSet<i32>> =
            domains.iter().map(|d| d.iter().map(|v| v * 20).collect()).collect();
        let inst = (spread, offsets);
        let m = model(&inst, Strength::Domain);
        let by = propagate(&m, None).map(|d| as_sets(&d));
        prop_assert_eq!(by, supported(&m));
    }
}

/// `n` variables whose domains hold exactly the values `0..n` between them,
/// many of them nearly full: the Sudoku-house case that counting settles.
fn house() -> impl Strategy<Value = (Vec<BTreeSet<i32>>, Vec<i32>)> {
    (2i32..=6).prop_flat_map(|n| {
        proptest::collection::vec(
            prop_oneof![
                proptest::collection::btree_set(0..n, 1..=n as usize),
                (0..n).prop_map(move |gap| (0..n).filter(|&v| v != gap).collect()),
            ],
            n as usize,
        )
        .prop_map(move |mut domains| {
            for v in 0..n {
                if !domains.iter().any(|d| d.contains(&v)) {
                    domains[v as usize].insert(v);
                }
            }
            (domains, vec![0; n as usize])
        })
    })
}

proptest! {
    #![proptest_config(crate::proptest_config(REGRESSIONS, 1000, 0x0a11_d1ff + 2))]

    /// As many values as variables: the domain strength still keeps exactly
    /// the solutions' support.
    #[test]
    fn houses_are_exactly_gac(inst in house()) {
        let m = model(&inst, Strength::Domain);
        let by = propagate(&m, None).map(|d| as_sets(&d));
        prop_assert_eq!(by, supported(&m));
    }
}

#[test]
fn seed_004_examples() {
    // x, y ∈ {1,2}; z ∈ {1,2,3}; w ∈ {1..4}: Hall interval [1,2], then [3,3].
    let mut m = Model::new();
    let xs = [
        m.new_var(1, 2),
        m.new_var(1, 2),
        m.new_var(1, 3),
        m.new_var(1, 4),
    ];
    m.all_different(&xs);
    for strength in [Strength::Hall, Strength::Domain] {
        let d = propagate(&m, Some(strength)).unwrap();
        assert_eq!(
            (d[2].value(), d[3].value()),
            (Some(3), Some(4)),
            "{strength:?}"
        );
    }
    let d = propagate(&m, Some(Strength::Forward)).unwrap();
    assert_eq!(
        d[3],
        Domain::range(1, 4),
        "forward needs a fixed value to act"
    );
    // x = {1,2}, y = {2,3}, z = {1,3}, w = {1..4}: a Hall set of three.
    let mut m = Model::new();
    let xs = [
        m.new_var_in(Domain::from_values([1, 2])),
        m.new_var_in(Domain::from_values([2, 3])),
        m.new_var_in(Domain::from_values([1, 3])),
        m.new_var(1, 4),
    ];
    m.all_different(&xs);
    let d = propagate(&m, Some(Strength::Domain)).unwrap();
    assert_eq!(d[3].value(), Some(4));
    // A Hall set with a hole: bounds reasoning cannot see it, matching can.
    let mut m = Model::new();
    let xs = [
        m.new_var_in(Domain::from_values([1, 3])),
        m.new_var_in(Domain::from_values([1, 3])),
        m.new_var(1, 3),
    ];
    m.all_different(&xs);
    assert_eq!(
        propagate(&m, Some(Strength::Hall)).unwrap()[2],
        Domain::range(1, 3)
    );
    assert_eq!(
        propagate(&m, Some(Strength::Domain)).unwrap()[2].value(),
        Some(2)
    );
}

#[test]
fn pigeonholes_fail_at_the_root_from_hall_up() {
    let mut m = Model::new();
    let xs = m.new_vars(4, 1, 3);
    m.all_different(&xs);
    assert!(propagate(&m, Some(Strength::Domain)).is_none());
    assert!(propagate(&m, Some(Strength::Hall)).is_none());
    assert!(propagate(&m, Some(Strength::Forward)).is_some());
}

#[test]
fn large_constraints_use_the_exact_fallback() {
    // 70 variables (more than the bitmask path takes) over 0..69, with the
    // first 69 squeezed into 0..68: the last must be 69.
    let mut m = Model::new();
    let xs: Vec<Var> = (0..70)
        .map(|i| m.new_var(0, if i < 69 { 68 } else { 69 }))
        .collect();
    m.all_different(&xs);
    let d = propagate(&m, Some(Strength::Domain)).unwrap();
    assert_eq!(d[69].value(), Some(69));
    // Values spread wider than a 64-bit window.
    let mut m = Model::new();
    let xs = [
        m.new_var_in(Domain::from_values([0, 1000])),
        m.new_var_in(Domain::from_values([0, 1000])),
        m.new_var_in(Domain::from_values([0, 500, 1000])),
    ];
    m.all_different(&xs);
    assert_eq!(
        propagate(&m, Some(Strength::Domain)).unwrap()[2].value(),
        Some(500)
    );
}
