//! The globals `lex_less`, `inverse`, `circuit` and `cumulative` on random
//! small models: the engine's solutions equal brute force under every
//! search configuration, and brute force here judges each assignment with
//! this file's own reading of each global, not the engine's checker.

use std::collections::BTreeSet;

use fdoku_fd::{Constraint, Domain, Model, Solver, Var};
use proptest::prelude::*;

use crate::brute_force::{accepted, agrees_with_reading};

/// One global over variable positions.
#[derive(Clone, Debug)]
enum Recipe {
    /// `x ≤lex y`, or `<lex` when strict.
    Lex(Vec<usize>, Vec<usize>, bool),
    /// `f` from its base, `invf` from its base.
    Inverse(Vec<usize>, i32, Vec<usize>, i32),
    /// Successors from a base.
    Circuit(Vec<usize>, i32),
    /// Tasks `(start, duration, resource)` and the capacity.
    Cumulative(Vec<(usize, usize, usize)>, usize),
}

#[derive(Clone, Debug)]
struct Instance {
    domains: Vec<BTreeSet<i32>>,
    recipes: Vec<Recipe>,
}

/// `lo..=hi` positions below `n`, a variable possibly repeated.
fn positions(n: usize, lo: usize, hi: usize) -> BoxedStrategy<Vec<usize>> {
    prop_oneof![
        3 => proptest::sample::subsequence((0..n).collect::<Vec<_>>(), lo.min(n)..=hi.min(n))
            .prop_shuffle(),
        1 => proptest::collection::vec(0..n, lo..=hi),
    ]
    .boxed()
}

fn recipe(n: usize) -> BoxedStrategy<Recipe> {
    prop_oneof![
        (positions(n, 0, 3), positions(n, 0, 3), any::<bool>())
            .prop_map(|(x, y, strict)| Recipe::Lex(x, y, strict)),
        (positions(n, 1, 3), 0i32..=1, positions(n, 1, 3), -1i32..=1)
            .prop_map(|(f, fb, g, gb)| Recipe::Inverse(f, fb, g, gb)),
        (positions(n, 1, 4), 0i32..=1).prop_map(|(succ, base)| Recipe::Circuit(succ, base)),
        (proptest::collection::vec((0..n, 0..n, 0..n), 1..=3), 0..n)
            .prop_map(|(tasks, capacity)| Recipe::Cumulative(tasks, capacity)),
    ]
    .boxed()
}

fn instance() -> impl Strategy<Value = Instance> {
    (3usize..=6)
        .prop_flat_map(|n| {
            (
                proptest::collection::vec(proptest::collection::btree_set(-1i32..=4, 1..=4), n),
                proptest::collection::vec(recipe(n), 1..=2),
            )
        })
        .prop_map(|(domains, recipes)| Instance { domains, recipes })
}

/// Every value of `f` (positions from `fb`) names a position of `g` (from
/// `gb`) whose value is that position of `f`.
fn maps_back(v: &[i32], f: &[usize], fb: i32, g: &[usize], gb: i32) -> bool {
    f.iter().enumerate().all(|(i, &x)| {
        let j = v[x] - gb;
        j >= 0 && (j as usize) < g.len() && v[g[j as usize]] == fb + i as i32
    })
}

impl Recipe {
    fn holds(&self, v: &[i32]) -> bool {
        match self {
            Recipe::Lex(x, y, strict) => {
                // Position by position; a proper prefix is the smaller.
                for (&a, &b) in x.iter().zip(y) {
                    if v[a] != v[b] {
                        return v[a] < v[b];
                    }
                }
                if *strict {
                    x.len() < y.len()
                } else {
                    x.len() <= y.len()
                }
            }
            Recipe::Inverse(f, fb, g, gb) => {
                maps_back(v, f, *fb, g, *gb) && maps_back(v, g, *gb, f, *fb)
            }
            Recipe::Circuit(succ, base) => {
                let n = succ.len() as i32;
                let next = |node: i32| v[succ[node as usize]] - base;
                if (0..n).any(|node| !(0..n).contains(&next(node)) || next(node) == node) {
                    return false;
                }
                // From node 0, the first return is after n steps.
                let mut node = 0;
                for step in 1..=n {
                    node = next(node);
                    if node == 0 {
                        return step == n;
                    }
                }
                false
            }
            Recipe::Cumulative(tasks, capacity) => {
                let b = v[*capacity];
                if b < 0 || tasks.iter().any(|&(_, d, r)| v[d] < 0 || v[r] < 0) {
                    return false;
                }
                // The load at every time any task covers.
                let times = tasks.iter().flat_map(|&(s, d, _)| v[s]..v[s] + v[d]);
                times.collect::<BTreeSet<i32>>().into_iter().all(|t| {
                    let load: i32 = tasks
                        .iter()
                        .filter(|&&(s, d, _)| v[s] <= t && t < v[s] + v[d])
                        .map(|&(_, _, r)| v[r])
                        .sum();
                    load <= b
                })
            }
        }
    }

    fn constraint(&self, vars: &[Var]) -> Constraint {
        let pick = |ps: &[usize]| ps.iter().map(|&p| vars[p]).collect::<Vec<_>>();
        match self {
            Recipe::Lex(x, y, strict) => Constraint::LexLess {
                x: pick(x),
                y: pick(y),
                strict: *strict,
            },
            Recipe::Inverse(f, fb, g, gb) => Constraint::Inverse {
                f: pick(f),
                f_base: *fb,
                invf: pick(g),
                invf_base: *gb,
            },
            Recipe::Circuit(succ, base) => Constraint::Circuit {
                succ: pick(succ),
                base: *base,
            },
            Recipe::Cumulative(tasks, capacity) => Constraint::Cumulative {
                starts: tasks.iter().map(|&(s, _, _)| vars[s]).collect(),
                durations: tasks.iter().map(|&(_, d, _)| vars[d]).collect(),
                resources: tasks.iter().map(|&(_, _, r)| vars[r]).collect(),
                capacity: vars[*capacity],
            },
        }
    }
}

impl Instance {
    fn model(&self) -> Model {
        let mut m = Model::new();
        let vars: Vec<Var> = self
            .domains
            .iter()
            .map(|d| m.new_var_in(Domain::from_values(d.iter().copied())))
            .collect();
        for recipe in &self.recipes {
            m.post(recipe.constraint(&vars));
        }
        m
    }

    /// Every assignment of the domains that this file's reading accepts.
    fn expected(&self) -> BTreeSet<Vec<i32>> {
        let domains: Vec<Vec<i32>> = self
            .domains
            .iter()
            .map(|d| d.iter().copied().collect())
            .collect();
        accepted(&domains, &|v| self.recipes.iter().all(|r| r.holds(v)))
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(
        "tests/proptest-regressions/globals.txt", 400, 0x910b_a150
    ))]

    #[test]
    fn solutions_equal_brute_force_with_an_independent_reading(instance in instance()) {
        agrees_with_reading(&instance.model(), &instance.expected(), "globals")?;
    }
}

#[test]
fn circuits_of_five_nodes_number_four_factorial() {
    // Every cyclic order of five nodes once: (5 − 1)! = 24.
    let mut m = Model::new();
    let succ = m.new_vars(5, 1, 5);
    m.post(Constraint::Circuit {
        succ: succ.clone(),
        base: 1,
    });
    assert_eq!(Solver::new(&m).count(None).count, 24);
}

#[test]
fn inverse_permutations_number_n_factorial() {
    // f and its inverse over 0..4: one solution per permutation of four.
    let mut m = Model::new();
    let f = m.new_vars(4, 0, 3);
    let invf = m.new_vars(4, 0, 3);
    m.post(Constraint::Inverse {
        f,
        f_base: 0,
        invf,
        invf_base: 0,
    });
    assert_eq!(Solver::new(&m).count(None).count, 24);
}

#[test]
fn a_full_resource_serialises_tasks() {
    // Three tasks of length 2 on a resource of 1, starting in 0..=4: the
    // six orders back to back (0, 2, 4).
    let mut m = Model::new();
    let starts = m.new_vars(3, 0, 4);
    let two = m.new_var(2, 2);
    let one = m.new_var(1, 1);
    m.post(Constraint::Cumulative {
        starts,
        durations: vec![two; 3],
        resources: vec![one; 3],
        capacity: one,
    });
    assert_eq!(Solver::new(&m).count(None).count, 6);
}
