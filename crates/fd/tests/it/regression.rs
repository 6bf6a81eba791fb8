//! One test per bug found, named after what went wrong.

use fdoku_fd::{
    Budget, Constraint, Domain, LinearOp, Model, SearchConfig, SearchStatus, Solver, Strength,
    VarOrder, check, propagate,
};

/// Every solution of `m` under every strength, each checked independently.
fn all_solutions(m: &Model, config: SearchConfig) -> Vec<Vec<i32>> {
    Strength::ALL
        .into_iter()
        .flat_map(|strength| {
            let config = SearchConfig {
                alldiff: Some(strength),
                ..config.clone()
            };
            Solver::with_config(m, config)
                .solutions()
                .map(|s| {
                    assert!(check(m, s.values()).is_ok(), "{:?}", s.values());
                    s.values().to_vec()
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn refuting_at_depth_zero_did_not_leak_into_the_next_search() {
    // `x ≠ v` taken at depth 0 was written at the untrailed root level.
    let mut m = Model::new();
    let xs = m.new_vars(4, 1, 4);
    m.all_different(&xs);
    let mut solver = Solver::new(&m);
    assert_eq!(solver.count(None).count, 24);
    assert_eq!(solver.count(None).count, 24);
    assert!(solver.solve().solution.is_some());
    assert_eq!(solver.count(Some(5)).count, 5);
    assert_eq!(solver.count(None).count, 24);
}

#[test]
fn a_linear_term_repeated_was_bounded_as_two_variables() {
    // -2x + 2x + 2x ≤ 2 with x ∈ {2, 3} has no solution.
    let mut m = Model::new();
    let x = m.new_var_in(Domain::from_values([2, 3]));
    m.post(Constraint::linear(
        [(-2, x), (2, x), (2, x)],
        LinearOp::Le,
        2,
    ));
    assert!(all_solutions(&m, SearchConfig::default()).is_empty());
}

#[test]
fn a_table_mentioning_a_variable_twice_reported_a_non_solution() {
    // x ∈ 1..3, (x, x) ∈ {(1,2), (2,3)}: unsatisfiable.
    let mut m = Model::new();
    let x = m.new_var(1, 3);
    m.post(Constraint::Table {
        vars: vec![x, x],
        tuples: vec![vec![1, 2], vec![2, 3]],
    });
    assert!(all_solutions(&m, SearchConfig::default()).is_empty());
}

#[test]
fn an_all_different_mentioning_a_variable_twice_reported_a_non_solution() {
    // x, x, x + 1 all different with x ∈ {1, 2}: unsatisfiable.
    let mut m = Model::new();
    let x = m.new_var(1, 2);
    m.all_different_offset(&[x, x, x], &[0, 0, 1], Strength::Domain);
    assert!(all_solutions(&m, SearchConfig::default()).is_empty());
}

#[test]
fn forward_checking_missed_a_position_fixed_through_its_twin() {
    // w ∈ {11, 50}, v ∈ {21, 50}, x, z ∈ {1, 2}; all_different of
    // x, x + 10, z, z + 20, w, v. Deciding w = 11 fixes x through x + 10;
    // the position of x itself was never spread, so x = z = 2 got through.
    let mut m = Model::new();
    let w = m.new_var_in(Domain::from_values([11, 50]));
    let v = m.new_var_in(Domain::from_values([21, 50]));
    let x = m.new_var(1, 2);
    let z = m.new_var(1, 2);
    m.all_different_offset(
        &[x, x, z, z, w, v],
        &[0, 10, 0, 20, 0, 0],
        Strength::Forward,
    );
    let config = SearchConfig {
        var_order: VarOrder::Input,
        ..SearchConfig::default()
    };
    for solution in all_solutions(&m, config) {
        assert_ne!(solution[2], solution[3], "{solution:?}");
    }
}

#[test]
fn a_variable_fixed_outside_its_domain_made_the_search_loop_forever() {
    // x fixed to 10 over 1..=3 has no value left; no constraint watches it,
    // so root propagation never failed and search branched on x, refuted
    // the (absent) value, and picked x again, forever (here: until the
    // node limit). Found by fuzzing.
    let mut m = Model::new();
    let x = m.new_var(1, 3);
    m.fix(x, 10);
    let y = m.new_var(1, 2);
    m.not_equal(y, y, 1);
    assert!(m.domain(x).is_empty());
    let limited = || Solver::new(&m).with_budget(Budget::unlimited().with_node_limit(1000));
    let counted = limited().count(None);
    assert_eq!((counted.count, counted.status), (0, SearchStatus::Complete));
    let first = limited().solve();
    assert_eq!(first.status, SearchStatus::Complete);
    assert!(first.solution.is_none());
    assert!(propagate(&m, None).is_none());
}
