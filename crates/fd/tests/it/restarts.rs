//! Restarting search: the same solutions as brute force, each once; the same
//! optimum by branch and bound as without restarts; a cutoff that never
//! grows proves nothing; and one search per seed.

use std::collections::BTreeSet;

use fdoku_fd::{
    Budget, Model, Restarts, SearchConfig, SearchStatus, Solver, StopReason, Strength, ValOrder,
    Var, VarOrder,
};
use proptest::prelude::*;

use crate::brute_force::{brute_force, csp};

/// Cutoffs of one or a few failures, so that the small models restart.
const SCHEDULES: [Restarts; 3] = [
    Restarts::Luby { scale: 1 },
    Restarts::Geometric {
        scale: 1,
        base: 1.5,
    },
    Restarts::Linear { scale: 2 },
];

/// Every schedule × variable order × last-conflict setting, value orders
/// in turn.
fn restarting_configs() -> impl Iterator<Item = SearchConfig> {
    SCHEDULES.into_iter().flat_map(|restarts| {
        VarOrder::ALL.into_iter().flat_map(move |var_order| {
            [false, true].into_iter().map(move |last_conflict| {
                let val_order = ValOrder::ALL[var_order as usize * 2 + usize::from(last_conflict)];
                SearchConfig {
                    var_order,
                    val_order,
                    last_conflict,
                    restarts,
                    seed: 7,
                    ..SearchConfig::default()
                }
            })
        })
    })
}

/// The smallest value of `objective` over `model`'s solutions by branch and
/// bound: after each solution the objective is narrowed below it and the
/// same solver searches again. `None` when there is no solution; fails the
/// test unless the last search was complete.
fn minimise(
    model: &Model,
    objective: Var,
    config: SearchConfig,
) -> Result<Option<i32>, TestCaseError> {
    let mut solver = Solver::with_config(model, config);
    let mut best = None;
    loop {
        let result = solver.solve();
        let Some(solution) = result.solution else {
            prop_assert_eq!(result.status, SearchStatus::Complete);
            return Ok(best);
        };
        let value = solution.value(objective);
        prop_assert!(best.is_none_or(|best| value < best), "no improvement");
        best = Some(value);
        solver.narrow(objective, i32::MIN, value - 1);
    }
}

/// `holes + 1` pigeons in `holes` holes, pairwise different: no solution,
/// and many failures before a search proves it.
fn pigeonhole(holes: i32) -> Model {
    let mut m = Model::new();
    let pigeons = m.new_vars(holes as usize + 1, 1, holes);
    for (i, &a) in pigeons.iter().enumerate() {
        for &b in &pigeons[i + 1..] {
            m.not_equal(a, b, 0);
        }
    }
    m
}

/// `n` queens, one per column, with binary `≠` only.
fn queens(n: usize) -> Model {
    let mut m = Model::new();
    let rows = m.new_vars(n, 1, n as i32);
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i32;
            m.not_equal(rows[i], rows[j], 0);
            m.not_equal(rows[i], rows[j], d);
            m.not_equal(rows[i], rows[j], -d);
        }
    }
    m
}

proptest! {
    #![proptest_config(crate::proptest_config(
        "tests/proptest-regressions/restarts.txt", 200, 0x7e57_a127
    ))]

    #[test]
    fn restarting_search_finds_exactly_the_brute_force_solutions(csp in csp()) {
        let model = csp.model(Strength::Domain);
        let expected = brute_force(&model);
        for config in restarting_configs() {
            let label = format!("{config:?}");
            let mut solver = Solver::with_config(&model, config);
            let found: Vec<Vec<i32>> = solver.solutions().map(|s| s.values().to_vec()).collect();
            let unique: BTreeSet<Vec<i32>> = found.iter().cloned().collect();
            prop_assert_eq!(found.len(), unique.len(), "a solution was repeated: {}", label);
            prop_assert_eq!(&unique, &expected, "{}", label);
            prop_assert_eq!(solver.status(), Some(SearchStatus::Complete), "{}", label);
            prop_assert_eq!(solver.count(None).count, expected.len() as u64, "{}", label);
            let first = solver.solve();
            prop_assert_eq!(first.solution.is_some(), !expected.is_empty(), "{}", label);
            if let Some(s) = first.solution {
                prop_assert!(expected.contains(s.values()), "{}", label);
            }
        }
    }

    #[test]
    fn branch_and_bound_with_restarts_proves_the_brute_force_optimum(
        csp in csp(),
        pick in 0usize..8,
    ) {
        let model = csp.model(Strength::Domain);
        let objective = model.vars().nth(pick % model.num_vars()).unwrap();
        let expected = brute_force(&model).iter().map(|s| s[objective.index()]).min();
        let plain = minimise(&model, objective, SearchConfig::default())?;
        prop_assert_eq!(plain, expected, "without restarts");
        for config in restarting_configs() {
            let label = format!("{config:?}");
            prop_assert_eq!(minimise(&model, objective, config)?, expected, "{}", label);
        }
    }
}

#[test]
fn a_restarting_search_still_proves_unsatisfiability() {
    let model = pigeonhole(6);
    for restarts in SCHEDULES {
        let config = SearchConfig {
            restarts,
            ..SearchConfig::default()
        };
        let result = Solver::with_config(&model, config).solve();
        assert!(result.solution.is_none());
        assert_eq!(result.status, SearchStatus::Complete, "{restarts:?}");
        assert!(result.stats.restarts > 0, "{restarts:?}: {}", result.stats);
    }
}

#[test]
fn a_constant_cutoff_never_claims_a_proof() {
    // Every run of an unsatisfiable search fails at least once, so a cutoff
    // of one failure never lets a run finish: only the budget stops it.
    let config = SearchConfig {
        restarts: Restarts::Constant { scale: 1 },
        ..SearchConfig::default()
    };
    let model = pigeonhole(4);
    let budget = Budget::unlimited().with_node_limit(20_000);
    let result = Solver::with_config(&model, config)
        .with_budget(budget)
        .solve();
    assert!(result.solution.is_none());
    assert_eq!(result.status, SearchStatus::Stopped(StopReason::NodeLimit));
}

#[test]
fn a_seed_gives_one_search_and_other_seeds_the_same_solutions() {
    let model = queens(9);
    let run = |seed| {
        let config = SearchConfig {
            restarts: Restarts::Luby { scale: 1 },
            seed,
            ..SearchConfig::default()
        };
        let mut solver = Solver::with_config(&model, config);
        let found: Vec<Vec<i32>> = solver.solutions().map(|s| s.values().to_vec()).collect();
        let stats = solver.stats();
        (found, stats.nodes, stats.restarts)
    };
    let (first, nodes, restarts) = run(1);
    assert!(
        restarts > 0,
        "the search restarts before its first solution"
    );
    assert_eq!(run(1), (first.clone(), nodes, restarts));
    let answers: BTreeSet<Vec<i32>> = first.iter().cloned().collect();
    assert_eq!(answers.len(), 352);
    let mut orders = BTreeSet::from([first]);
    for seed in 2..6 {
        let (found, _, _) = run(seed);
        assert_eq!(found.iter().cloned().collect::<BTreeSet<_>>(), answers);
        orders.insert(found);
    }
    assert!(
        orders.len() > 1,
        "the seed changes the order of the solutions"
    );
}
