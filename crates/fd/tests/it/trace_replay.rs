//! The trace is complete enough to animate propagation: replaying it from the
//! initial domains — guesses, prunings, refutations with their backtracking —
//! rebuilds every domain change, and lands exactly on each solution.

use fdoku_fd::{Domain, Model, SearchConfig, Solver, Strength, TraceEvent};

/// N-queens built directly on the engine.
fn queens(n: usize, strength: Strength) -> Model {
    let mut m = Model::new();
    let rows = m.new_vars(n, 0, n as i32 - 1);
    let up: Vec<i32> = (0..n as i32).collect();
    let down: Vec<i32> = (0..n as i32).map(|i| -i).collect();
    for offsets in [vec![0; n], up, down] {
        m.all_different_offset(&rows, &offsets, strength);
    }
    m
}

/// Replays `trace`; returns the domains at each `Solution` event.
fn replay(model: &Model, trace: &[TraceEvent]) -> Vec<Vec<i32>> {
    let mut current: Vec<Domain> = model.domains().to_vec();
    // before[k]: the domains just before the guess that opened depth k + 1.
    let mut before: Vec<Vec<Domain>> = Vec::new();
    let mut solutions = Vec::new();
    for event in trace {
        match event {
            TraceEvent::Guess { depth, var, value } => {
                assert_eq!(
                    before.len() + 1,
                    *depth as usize,
                    "guesses open one level at a time"
                );
                before.push(current.clone());
                assert!(current[var.index()].contains(*value));
                current[var.index()] = Domain::singleton(*value);
            }
            TraceEvent::Refute { depth, var, value } => {
                current = before[*depth as usize].clone();
                before.truncate(*depth as usize);
                assert!(
                    current[var.index()].remove(*value),
                    "refuted value was possible"
                );
            }
            TraceEvent::Prune { var, removed, .. } => {
                assert!(!removed.is_empty());
                for &v in removed {
                    assert!(
                        current[var.index()].remove(v),
                        "pruned {v} from {var:?} twice"
                    );
                }
                assert!(
                    !current[var.index()].is_empty(),
                    "a prune never empties a domain"
                );
            }
            TraceEvent::Fail { .. } => {}
            TraceEvent::Solution { .. } => {
                assert!(current.iter().all(Domain::is_fixed));
                solutions.push(current.iter().map(Domain::min).collect());
            }
            other => panic!("unexpected event {other:?}"),
        }
    }
    solutions
}

#[test]
fn replaying_the_trace_rebuilds_every_solution() {
    // Each strength's prunes over the whole search; check never prunes.
    for (strength, expected_prunes) in Strength::ALL.into_iter().zip([0, 381, 364, 328]) {
        let model = queens(6, strength);
        let config = SearchConfig {
            trace: true,
            ..SearchConfig::default()
        };
        let mut solver = Solver::with_config(&model, config);
        let found: Vec<Vec<i32>> = solver.solutions().map(|s| s.values().to_vec()).collect();
        assert_eq!(found.len(), 4);
        let trace = solver.take_trace();
        assert_eq!(replay(&model, &trace), found, "{strength:?}");
        let prunes = trace
            .iter()
            .filter(|e| matches!(e, TraceEvent::Prune { .. }))
            .count();
        assert_eq!(prunes, expected_prunes, "{strength:?}");
    }
}

#[test]
fn trace_names_the_constraint_and_serializes() {
    let mut m = Model::new();
    let x = m.new_var(1, 1);
    let y = m.new_var(1, 3);
    let id = m.not_equal(x, y, 0);
    let config = SearchConfig {
        trace: true,
        ..SearchConfig::default()
    };
    let mut solver = Solver::with_config(&m, config);
    assert!(solver.solve().solution.is_some());
    let trace = solver.take_trace();
    assert_eq!(
        trace[0],
        TraceEvent::Prune {
            constraint: id,
            var: y,
            removed: vec![1]
        }
    );
    let json = serde_json::to_string(&trace[0]).unwrap();
    assert_eq!(
        json,
        r#"{"event":"prune","constraint":0,"var":1,"removed":[1]}"#
    );
    assert!(
        solver.take_trace().is_empty(),
        "take_trace empties the record"
    );
    // Without tracing nothing is recorded.
    let mut quiet = Solver::new(&m);
    quiet.solve();
    assert!(quiet.take_trace().is_empty());
}
