//! `-p N`: the portfolio gives the answers of one search — the same optima,
//! the same proofs, solutions that brute force accepts — and enumeration
//! stays exact.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use fdoku_fzn::{Options, Status};
use proptest::prelude::*;

use crate::random_models::{brute_force, model};
use crate::{all, fixture, run, solutions};

/// The options of `-p threads`.
fn threads(threads: usize) -> Options {
    Options {
        threads,
        ..Options::default()
    }
}

/// The value of `name = V;` in the last solution of `output`.
fn last_value(output: &str, name: &str) -> Option<i64> {
    let prefix = format!("{name} = ");
    let last = solutions(output).pop()?;
    let line = last.lines().find(|line| line.starts_with(&prefix))?;
    line[prefix.len()..line.len() - 1].parse().ok()
}

#[test]
fn a_portfolio_proves_the_optima_of_one_search() {
    for n in [2, 3, 4] {
        let options = Options {
            statistics: true,
            ..threads(n)
        };
        let (output, status) = run(&fixture("golomb_05"), &options);
        assert_eq!(status, Status::Optimal, "-p {n}");
        assert!(output.contains("%%%mzn-stat: objective=11\n"), "{output}");
        assert_eq!(solutions(&output).len(), 1, "only the best without -a");
        let (output, status) = run(&fixture("jobshop_vw3x3"), &options);
        assert_eq!(status, Status::Optimal, "-p {n}");
        assert!(output.contains("%%%mzn-stat: objective=256\n"), "{output}");
        // -a: every improvement once, each better than the one before.
        let (output, status) = run(
            &fixture("jobshop_vw3x3"),
            &Options {
                threads: n,
                ..all()
            },
        );
        assert_eq!(status, Status::Optimal);
        let makespans: Vec<i64> = solutions(&output)
            .iter()
            .map(|s| last_value(&format!("{s}\n----------\n"), "t_end").expect("t_end"))
            .collect();
        assert!(makespans.windows(2).all(|w| w[1] < w[0]), "{makespans:?}");
        assert_eq!(makespans.last(), Some(&256));
    }
}

#[test]
fn a_portfolio_proves_unsatisfiability_and_finds_solutions() {
    let (output, status) = run(&fixture("langford_l_2_05"), &threads(3));
    assert_eq!(
        (output.as_str(), status),
        ("=====UNSATISFIABLE=====\n", Status::Unsatisfiable)
    );
    for name in ["sudoku_fixed_p48", "queens_008", "langford_l_2_07"] {
        let (output, status) = run(&fixture(name), &threads(2));
        assert_eq!(status, Status::Satisfied, "{name}");
        assert_eq!(solutions(&output).len(), 1, "{name}");
        assert!(!output.contains("=========="), "{name}");
    }
}

#[test]
fn enumeration_with_a_portfolio_runs_one_search() {
    let options = Options {
        threads: 4,
        ..all()
    };
    let (output, status) = run(&fixture("australia"), &options);
    assert_eq!(status, Status::AllSolutions);
    let found = solutions(&output);
    assert_eq!(found.iter().collect::<BTreeSet<_>>().len(), 18);
    assert_eq!(found.len(), 18);
}

#[test]
fn a_portfolio_stopped_before_any_solution_is_unknown() {
    for name in ["queens_008", "golomb_05"] {
        let options = Options {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..threads(2)
        };
        let (output, status) = run(&fixture(name), &options);
        assert_eq!(
            (output.as_str(), status),
            ("=====UNKNOWN=====\n", Status::Unknown)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(300),
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x9a7f_0110),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_portfolio_answers_as_brute_force(seed in any::<u64>(), n in 2usize..=4) {
        let text = model(seed);
        let accepted = brute_force(&text);
        let (output, status) = run(&text, &threads(n));
        let found = solutions(&output);
        if accepted.is_empty() {
            prop_assert_eq!(status, Status::Unsatisfiable, "model:\n{}", text);
        } else {
            prop_assert_eq!(status, Status::Satisfied, "model:\n{}", text);
            prop_assert_eq!(found.len(), 1);
            prop_assert!(accepted.contains(&found[0]), "model:\n{}", text);
        }
        let optimum = accepted
            .iter()
            .map(|s| last_value(&format!("{s}\n----------\n"), "x0").expect("x0"))
            .max();
        let maximise = text.replace("solve satisfy;", "solve maximize x0;");
        let (output, status) = run(&maximise, &threads(n));
        prop_assert_eq!(last_value(&output, "x0"), optimum, "model:\n{}", maximise);
        let expected = if optimum.is_some() { Status::Optimal } else { Status::Unsatisfiable };
        prop_assert_eq!(status, expected);
    }
}
