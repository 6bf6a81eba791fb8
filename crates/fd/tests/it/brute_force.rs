//! Random small CSPs mixing every constraint kind: the engine's solution set,
//! under every all_different strength and every heuristic, equals the
//! assignments that brute-force enumeration accepts with the independent
//! checker — so every assignment of the search space is judged twice, by
//! code that shares nothing.

use std::collections::BTreeSet;

use fdoku_fd::{
    Budget, Constraint, Domain, LinearOp, Model, SearchConfig, SearchStatus, Solver, StopReason,
    Strength, ValOrder, Var, VarOrder, check,
};
use proptest::prelude::*;

/// How to build one constraint, with variable positions still abstract.
#[derive(Clone, Debug)]
enum Recipe {
    NotEqual(usize, usize, i32),
    AllDifferent(Vec<usize>, Vec<i32>),
    Linear(Vec<(i64, usize)>, LinearOp, i64),
    Clause(Vec<usize>, Vec<usize>),
    ExactlyOne(Vec<usize>),
    Table(Vec<usize>, Vec<Vec<i32>>),
}

#[derive(Clone, Debug)]
pub(crate) struct Csp {
    /// Integer variables (domains within -2..=4), then 0/1 variables.
    ints: Vec<BTreeSet<i32>>,
    bools: Vec<BTreeSet<i32>>,
    recipes: Vec<Recipe>,
}

/// A shuffled selection of distinct positions below `n`, between `lo` and
/// `hi` of them (capped at `n`).
fn positions(n: usize, lo: usize, hi: usize) -> impl Strategy<Value = Vec<usize>> {
    proptest::sample::subsequence((0..n).collect::<Vec<_>>(), lo.min(n)..=hi.min(n)).prop_shuffle()
}

/// Positions below `n`, `lo` to `hi` of them, where one variable may appear
/// several times (a constraint may mention a variable twice).
fn positions_with_repeats(n: usize, lo: usize, hi: usize) -> BoxedStrategy<Vec<usize>> {
    prop_oneof![
        3 => positions(n, lo, hi),
        1 => proptest::collection::vec(0..n, lo..=hi),
    ]
    .boxed()
}

fn recipe(ints: usize, bools: usize) -> BoxedStrategy<Recipe> {
    let mut options: Vec<BoxedStrategy<Recipe>> = vec![
        (0..ints, 0..ints, -2i32..=2)
            .prop_filter("two variables", |(x, y, _)| x != y)
            .prop_map(|(x, y, c)| Recipe::NotEqual(x, y, c))
            .boxed(),
        positions_with_repeats(ints, 2, 4)
            .prop_flat_map(|vars| {
                let n = vars.len();
                (Just(vars), proptest::collection::vec(-1i32..=1, n))
            })
            .prop_map(|(vars, offsets)| Recipe::AllDifferent(vars, offsets))
            .boxed(),
        (
            proptest::collection::vec((-3i64..=3, 0..ints), 1..=3),
            prop_oneof![
                Just(LinearOp::Eq),
                Just(LinearOp::Le),
                Just(LinearOp::Ge),
                Just(LinearOp::Ne)
            ],
            -6i64..=8,
        )
            .prop_map(|(terms, op, rhs)| Recipe::Linear(terms, op, rhs))
            .boxed(),
        positions_with_repeats(ints, 1, 3)
            .prop_flat_map(|vars| {
                let n = vars.len();
                (
                    Just(vars),
                    proptest::collection::vec(proptest::collection::vec(-2i32..=4, n), 0..8),
                )
            })
            .prop_map(|(vars, tuples)| Recipe::Table(vars, tuples))
            .boxed(),
    ];
    if bools >= 2 {
        options.push(
            (
                positions_with_repeats(bools, 0, 2),
                positions_with_repeats(bools, 0, 2),
            )
                .prop_map(|(pos, neg)| Recipe::Clause(pos, neg))
                .boxed(),
        );
        options.push(positions(bools, 1, 3).prop_map(Recipe::ExactlyOne).boxed());
    }
    proptest::strategy::Union::new(options).boxed()
}

pub(crate) fn csp() -> impl Strategy<Value = Csp> {
    (2usize..=4, 0usize..=3)
        .prop_flat_map(|(ints, bools)| {
            (
                proptest::collection::vec(proptest::collection::btree_set(-2i32..=4, 1..=5), ints),
                proptest::collection::vec(proptest::collection::btree_set(0i32..=1, 1..=2), bools),
                proptest::collection::vec(recipe(ints, bools), 1..=4),
            )
        })
        .prop_map(|(ints, bools, recipes)| Csp {
            ints,
            bools,
            recipes,
        })
}

impl Csp {
    pub(crate) fn model(&self, strength: Strength) -> Model {
        let mut m = Model::new();
        let ints: Vec<Var> = self
            .ints
            .iter()
            .map(|d| m.new_var_in(Domain::from_values(d.iter().copied())))
            .collect();
        let bools: Vec<Var> = self
            .bools
            .iter()
            .map(|d| m.new_var_in(Domain::from_values(d.iter().copied())))
            .collect();
        let pick = |vs: &[usize], from: &[Var]| vs.iter().map(|&i| from[i]).collect::<Vec<_>>();
        for r in &self.recipes {
            let c = match r {
                Recipe::NotEqual(x, y, c) => Constraint::NotEqual {
                    x: ints[*x],
                    y: ints[*y],
                    offset: *c,
                },
                Recipe::AllDifferent(vs, offsets) => Constraint::AllDifferent {
                    vars: pick(vs, &ints),
                    offsets: offsets.clone(),
                    strength,
                },
                Recipe::Linear(terms, op, rhs) => {
                    Constraint::linear(terms.iter().map(|&(a, i)| (a, ints[i])), *op, *rhs)
                }
                Recipe::Clause(pos, neg) => Constraint::Clause {
                    pos: pick(pos, &bools),
                    neg: pick(neg, &bools),
                },
                Recipe::ExactlyOne(vs) => Constraint::ExactlyOne {
                    vars: pick(vs, &bools),
                },
                Recipe::Table(vs, tuples) => Constraint::Table {
                    vars: pick(vs, &ints),
                    tuples: tuples.clone(),
                },
            };
            m.post(c);
        }
        m
    }
}

/// Every assignment in the product of the initial domains that `check` accepts.
pub(crate) fn brute_force(model: &Model) -> BTreeSet<Vec<i32>> {
    let domains: Vec<Vec<i32>> = model.domains().iter().map(|d| d.iter().collect()).collect();
    accepted(&domains, &|values| check(model, values).is_ok())
}

/// Every assignment in the product of `domains` that `accepts` accepts.
pub(crate) fn accepted(
    domains: &[Vec<i32>],
    accepts: &dyn Fn(&[i32]) -> bool,
) -> BTreeSet<Vec<i32>> {
    fn walk(
        domains: &[Vec<i32>],
        accepts: &dyn Fn(&[i32]) -> bool,
        current: &mut Vec<i32>,
        all: &mut BTreeSet<Vec<i32>>,
    ) {
        let Some(domain) = domains.get(current.len()) else {
            if accepts(current) {
                all.insert(current.clone());
            }
            return;
        };
        for &v in domain {
            current.push(v);
            walk(domains, accepts, current, all);
            current.pop();
        }
    }
    let mut all = BTreeSet::new();
    walk(domains, accepts, &mut Vec::new(), &mut all);
    all
}

/// `model`'s solutions are `expected` (a test's own reading of its
/// constraints): by the engine's checker, by a plain search, and under every
/// search configuration ([`agrees_with_brute_force`]).
pub(crate) fn agrees_with_reading(
    model: &Model,
    expected: &BTreeSet<Vec<i32>>,
    label: &str,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        &brute_force(model),
        expected,
        "the engine's checker disagrees"
    );
    let found: BTreeSet<Vec<i32>> = Solver::new(model)
        .solutions()
        .map(|s| s.values().to_vec())
        .collect();
    prop_assert_eq!(&found, expected);
    agrees_with_brute_force(model, label)
}

/// Every variable order × value order × last-conflict setting.
fn configs() -> impl Iterator<Item = SearchConfig> {
    VarOrder::ALL.into_iter().flat_map(|var_order| {
        ValOrder::ALL.into_iter().flat_map(move |val_order| {
            [false, true]
                .into_iter()
                .map(move |last_conflict| SearchConfig {
                    var_order,
                    val_order,
                    last_conflict,
                    seed: 11,
                    ..SearchConfig::default()
                })
        })
    })
}

/// Under every search configuration, `model`'s solutions are exactly the
/// assignments brute force accepts, each found once, and counting (with and
/// without a limit) and the first solution agree; `label` names the model in
/// failures.
pub(crate) fn agrees_with_brute_force(model: &Model, label: &str) -> Result<(), TestCaseError> {
    let expected = brute_force(model);
    for config in configs() {
        let label = format!("{label} {config:?}");
        let mut solver = Solver::with_config(model, config);
        let found: Vec<Vec<i32>> = solver.solutions().map(|s| s.values().to_vec()).collect();
        let unique: BTreeSet<Vec<i32>> = found.iter().cloned().collect();
        prop_assert_eq!(
            found.len(),
            unique.len(),
            "a solution was repeated: {}",
            label
        );
        prop_assert_eq!(&unique, &expected, "{}", label);
        prop_assert_eq!(solver.status(), Some(SearchStatus::Complete));
        // Counting, with and without a limit, and first solution.
        let total = expected.len() as u64;
        prop_assert_eq!(solver.count(None).count, total, "{}", label);
        let limited = solver.count(Some(2));
        prop_assert_eq!(limited.count, total.min(2), "{}", label);
        let first = solver.solve();
        prop_assert_eq!(first.solution.is_some(), total > 0, "{}", label);
        if let Some(s) = first.solution {
            prop_assert!(expected.contains(s.values()));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::proptest_config(
        "tests/proptest-regressions/brute_force.txt", 300, 0x5eed_f00d
    ))]

    #[test]
    fn solutions_equal_brute_force(csp in csp()) {
        for strength in Strength::ALL {
            agrees_with_brute_force(&csp.model(strength), &format!("{strength:?}"))?;
        }
    }

    /// Changing one value of a solution is caught by the checker exactly when
    /// the result is not a solution.
    #[test]
    fn checker_rejects_corrupted_solutions(csp in csp(), var_pick in 0usize..8, shift in 1i32..=6) {
        let model = csp.model(Strength::Domain);
        let solutions: BTreeSet<Vec<i32>> =
            Solver::new(&model).solutions().map(|s| s.values().to_vec()).collect();
        for solution in &solutions {
            let mut corrupted = solution.clone();
            let i = var_pick % corrupted.len();
            corrupted[i] += shift;
            prop_assert_eq!(check(&model, &corrupted).is_ok(), solutions.contains(&corrupted));
        }
    }
}

#[test]
fn a_node_limit_gives_a_partial_count_that_says_so() {
    let mut m = Model::new();
    let xs = m.new_vars(6, 1, 6);
    m.all_different(&xs);
    // (node limit, solutions counted, nodes) of the 720.
    for (limit, count, nodes) in [(1, 0, 1), (10, 3, 10), (100, 48, 100)] {
        let mut solver = Solver::new(&m).with_budget(Budget::unlimited().with_node_limit(limit));
        let counted = solver.count(None);
        assert_eq!(counted.status, SearchStatus::Stopped(StopReason::NodeLimit));
        assert_eq!((counted.count, counted.stats.nodes), (count, nodes));
    }
    assert_eq!(Solver::new(&m).count(None).count, 720);
}

#[test]
fn a_raised_cancel_flag_stops_the_search_at_once() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let mut m = Model::new();
    let xs = m.new_vars(20, 1, 20);
    m.all_different(&xs);
    let flag = Arc::new(AtomicBool::new(true));
    let mut solver = Solver::new(&m).with_budget(Budget::unlimited().with_cancel_flag(flag));
    let counted = solver.count(None);
    assert_eq!(counted.status, SearchStatus::Stopped(StopReason::Cancelled));
    assert_eq!(counted.count, 0);
}

#[test]
fn a_deadline_stops_an_enormous_count() {
    use std::time::Duration;
    let mut m = Model::new();
    let xs = m.new_vars(30, 1, 30);
    m.all_different(&xs);
    let budget = Budget::unlimited().with_timeout(Duration::from_millis(50));
    let counted = Solver::new(&m).with_budget(budget).count(None);
    assert_eq!(counted.status, SearchStatus::Stopped(StopReason::Deadline));
    assert!(counted.count > 0);
}

#[test]
fn random_value_order_is_reproducible_and_seed_dependent() {
    let mut m = Model::new();
    let xs = m.new_vars(6, 1, 6);
    m.all_different(&xs);
    let run = |seed| {
        let config = SearchConfig {
            val_order: ValOrder::Random,
            seed,
            ..SearchConfig::default()
        };
        let mut solver = Solver::with_config(&m, config);
        solver
            .solutions()
            .take(5)
            .map(|s| s.values().to_vec())
            .collect::<Vec<_>>()
    };
    assert_eq!(run(1), run(1));
    assert_ne!(run(1), run(2));
}
