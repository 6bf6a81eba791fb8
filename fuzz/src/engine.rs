//! The engine on random small models: a few variables with small domains
//! (bit sets and sparse interval sets), a few constraints of every kind from
//! the public API, a random search configuration. The solutions the engine
//! enumerates must be exactly those a brute force over the domains finds —
//! each once, each passing the independent checker — and counting, the
//! first solution and root propagation must agree with them.
//!
//! The fuzz crate builds `fdoku-fd` with `check-propagation`, so every
//! fixpoint is also compared with each propagator's from-scratch version.

use fdoku_fd::{
    Constraint, Domain, LinearOp, Model, Restarts, SearchConfig, SearchPhase, SearchStatus, Solver,
    Strength, ValOrder, Var, VarOrder, check, propagate,
};
use libfuzzer_sys::arbitrary::{Result, Unstructured};

/// The most assignments the brute force enumerates.
const MAX_ASSIGNMENTS: u64 = 20_000;

/// Builds a model and a search from `data` and compares the engine with the
/// brute force.
pub fn check_model(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok((model, config)) = model_and_search(&mut u) else {
        return;
    };
    let Some(mut expected) = brute_force(&model) else {
        return;
    };
    expected.sort();

    let mut solver = Solver::with_config(&model, config.clone());
    let mut found: Vec<Vec<i32>> = solver.solutions().map(|s| s.values().to_vec()).collect();
    assert_eq!(solver.status(), Some(SearchStatus::Complete), "{model:?}");
    for values in &found {
        if let Err(v) = check(&model, values) {
            panic!("the engine's solution {values:?} breaks {v:?}\n{model:?}\n{config:?}");
        }
    }
    found.sort();
    let before = found.len();
    found.dedup();
    assert_eq!(
        found.len(),
        before,
        "a solution found twice\n{model:?}\n{config:?}"
    );
    assert_eq!(
        found, expected,
        "engine vs brute force\n{model:?}\n{config:?}"
    );

    let total = expected.len() as u64;
    let counted = Solver::with_config(&model, config.clone()).count(None);
    assert_eq!(counted.count, total, "count\n{model:?}\n{config:?}");
    assert_eq!(counted.status, SearchStatus::Complete);
    let limit = u.int_in_range(1..=4).unwrap_or(1);
    let capped = Solver::with_config(&model, config.clone()).count(Some(limit));
    assert_eq!(
        capped.count,
        total.min(limit),
        "count up to {limit}\n{model:?}"
    );

    let first = Solver::with_config(&model, config.clone()).solve();
    assert_eq!(
        first.solution.is_some(),
        total > 0,
        "solve\n{model:?}\n{config:?}"
    );

    match propagate(&model, config.alldiff) {
        None => assert!(
            expected.is_empty(),
            "propagation lost every solution\n{model:?}"
        ),
        Some(domains) => {
            for values in &expected {
                for (domain, value) in domains.iter().zip(values) {
                    assert!(
                        domain.contains(*value),
                        "propagation removed {value} of solution {values:?}\n{model:?}"
                    );
                }
            }
        }
    }
}

/// Every assignment of the domains that the checker accepts; `None` when
/// there are too many assignments to try.
fn brute_force(model: &Model) -> Option<Vec<Vec<i32>>> {
    let domains: Vec<Vec<i32>> = model.domains().iter().map(|d| d.iter().collect()).collect();
    let mut assignments = 1u64;
    for d in &domains {
        assignments = assignments.saturating_mul(d.len() as u64);
    }
    if assignments > MAX_ASSIGNMENTS {
        return None;
    }
    let mut solutions = Vec::new();
    if assignments == 0 {
        return Some(solutions);
    }
    let mut index = vec![0usize; domains.len()];
    loop {
        let values: Vec<i32> = index.iter().zip(&domains).map(|(&i, d)| d[i]).collect();
        if check(model, &values).is_ok() {
            solutions.push(values);
        }
        // The next assignment, as an odometer.
        let mut position = 0;
        loop {
            if position == index.len() {
                return Some(solutions);
            }
            index[position] += 1;
            if index[position] < domains[position].len() {
                break;
            }
            index[position] = 0;
            position += 1;
        }
    }
}

/// One to five variables, up to six constraints, and a search configuration.
fn model_and_search(u: &mut Unstructured<'_>) -> Result<(Model, SearchConfig)> {
    let mut model = Model::new();
    let count = u.int_in_range(1..=5)?;
    let vars: Vec<Var> = (0..count)
        .map(|_| domain(u).map(|d| model.new_var_in(d)))
        .collect::<Result<_>>()?;
    for _ in 0..u.int_in_range(0..=6)? {
        // A malformed constraint is refused, not posted: that is what
        // `try_post` is for.
        let _ = model.try_post(constraint(u, &vars)?);
    }
    let config = SearchConfig {
        var_order: *u.choose(&VarOrder::ALL)?,
        val_order: *u.choose(&ValOrder::ALL)?,
        seed: u.arbitrary()?,
        alldiff: if u.arbitrary()? {
            Some(*u.choose(&Strength::ALL)?)
        } else {
            None
        },
        trace: u.arbitrary()?,
        last_conflict: u.arbitrary()?,
        branch_on: if u.arbitrary()? {
            Some(some_vars(u, &vars, 0)?)
        } else {
            None
        },
        phases: (0..u.int_in_range(0..=2)?)
            .map(|_| {
                Ok(SearchPhase {
                    vars: some_vars(u, &vars, 0)?,
                    var_order: *u.choose(&VarOrder::ALL)?,
                    val_order: *u.choose(&ValOrder::ALL)?,
                })
            })
            .collect::<Result<_>>()?,
        restarts: restarts(u)?,
        // Every solution, distinct on all variables, as brute force lists
        // them (projection is compared with brute force in fdoku-fzn's
        // property tests).
        project: false,
    };
    Ok((model, config))
}

/// A restart schedule with small cutoffs, or none. Only growing ones: a
/// constant cutoff may never let an unsatisfiable search end.
fn restarts(u: &mut Unstructured<'_>) -> Result<Restarts> {
    let scale = u.int_in_range(1..=4)?;
    Ok(match u.int_in_range(0..=3)? {
        0 => Restarts::None,
        1 => Restarts::Luby { scale },
        2 => Restarts::Linear { scale },
        _ => Restarts::Geometric { scale, base: 1.5 },
    })
}

/// A small domain: 0/1, a bit set of up to eight values near 0, or a few
/// values far apart (stored as intervals).
fn domain(u: &mut Unstructured<'_>) -> Result<Domain> {
    Ok(match u.int_in_range(0..=3)? {
        0 => Domain::range(0, 1),
        1 | 2 => Domain::from_mask(u.int_in_range(-4..=4)?, u64::from(u.arbitrary::<u8>()?)),
        _ => {
            let values: Vec<i32> = (0..u.int_in_range(0..=4)?)
                .map(|_| u.int_in_range(-300..=300))
                .collect::<Result<_>>()?;
            Domain::from_values(values)
        }
    })
}

/// `min` or more of `vars`, repeats allowed.
fn some_vars(u: &mut Unstructured<'_>, vars: &[Var], min: usize) -> Result<Vec<Var>> {
    let count = u.int_in_range(min..=vars.len() + 1)?;
    (0..count).map(|_| u.choose(vars).copied()).collect()
}

/// A constraint of any kind on some of `vars`.
fn constraint(u: &mut Unstructured<'_>, vars: &[Var]) -> Result<Constraint> {
    let small = |u: &mut Unstructured<'_>| u.int_in_range(-3..=3);
    Ok(match u.int_in_range(0..=5)? {
        0 => Constraint::NotEqual {
            x: *u.choose(vars)?,
            y: *u.choose(vars)?,
            offset: small(u)?,
        },
        1 => {
            let vars = some_vars(u, vars, 1)?;
            let offsets = vars.iter().map(|_| small(u)).collect::<Result<_>>()?;
            Constraint::AllDifferent {
                vars,
                offsets,
                strength: *u.choose(&Strength::ALL)?,
            }
        }
        2 => {
            let terms = some_vars(u, vars, 1)?
                .into_iter()
                .map(|v| small(u).map(|a| (i64::from(a), v)))
                .collect::<Result<Vec<_>>>()?;
            let op = *u.choose(&[LinearOp::Eq, LinearOp::Le, LinearOp::Ge, LinearOp::Ne])?;
            Constraint::linear(terms, op, i64::from(u.int_in_range(-12..=12)?))
        }
        3 => Constraint::Clause {
            pos: some_vars(u, vars, 0)?,
            neg: some_vars(u, vars, 0)?,
        },
        4 => Constraint::ExactlyOne {
            vars: some_vars(u, vars, 0)?,
        },
        _ => {
            let vars = some_vars(u, vars, 0)?;
            let tuples = (0..u.int_in_range(0..=6)?)
                .map(|_| vars.iter().map(|_| small(u)).collect::<Result<Vec<i32>>>())
                .collect::<Result<_>>()?;
            Constraint::Table { vars, tuples }
        }
    })
}
