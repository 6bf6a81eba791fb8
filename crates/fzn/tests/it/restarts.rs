//! Restarts as `fdoku fzn` uses them: the `restart_*` annotations are read,
//! restarting search prints the same solutions and proves the same optima
//! as without, a cutoff that never grows proves nothing, and the seed
//! changes at most the order of the solutions.

use std::collections::BTreeSet;
use std::time::Duration;

use fdoku_fd::Restarts;
use fdoku_fzn::{Options, Status};
use proptest::prelude::*;

use crate::random_models::{brute_force, model, prints_the_brute_force_solutions};
use crate::{all, fixture, run, solutions};

/// `name`'s fixture with its solve item's annotations replaced by
/// `annotations` (`solve satisfy` models only).
fn annotated(name: &str, annotations: &str) -> String {
    let text = fixture(name);
    let solve = text.find("\nsolve ").expect("a solve item") + 1;
    assert!(
        text[solve..].contains("satisfy;"),
        "{name} is a satisfaction model"
    );
    format!("{}solve {annotations} satisfy;\n", &text[..solve])
}

/// The value of `restarts=` in the statistics of `output`.
fn restarts(output: &str) -> u64 {
    let line = output
        .lines()
        .find_map(|line| line.strip_prefix("%%%mzn-stat: restarts="))
        .expect("a restarts statistic");
    line.parse().expect("a count")
}

/// The objective `x0` of the last solution printed.
fn last_x0(output: &str) -> Option<i64> {
    let last = solutions(output).pop()?;
    let line = last.lines().find(|line| line.starts_with("x0 = "))?;
    line["x0 = ".len()..line.len() - 1].parse().ok()
}

#[test]
fn restart_annotations_restart_and_keep_every_solution() {
    let statistics = Options {
        statistics: true,
        ..all()
    };
    for annotation in [
        ":: restart_luby(1)",
        ":: restart_geometric(1.5, 1)",
        ":: restart_linear(1)",
        ":: restart_constant(2)",
    ] {
        let text = annotated("queens_008", annotation);
        let (output, status) = run(&text, &statistics);
        assert_eq!(status, Status::AllSolutions, "{annotation}");
        let found = solutions(&output);
        assert_eq!(found.len(), 92, "{annotation}");
        assert_eq!(found.iter().collect::<BTreeSet<_>>().len(), 92);
        assert!(restarts(&output) > 0, "{annotation} restarts:\n{output}");
    }
    // `restart_none` turns off free search's restarts.
    let (output, _) = run(&annotated("queens_008", ":: restart_none"), &statistics);
    assert_eq!(restarts(&output), 0);
}

#[test]
fn a_restarting_search_proves_unsatisfiability_with_growing_cutoffs_only() {
    let text = fixture("langford_l_2_05");
    for restarts in [
        Restarts::Luby { scale: 1 },
        Restarts::Geometric {
            scale: 1,
            base: 1.2,
        },
    ] {
        let options = Options {
            restarts: Some(restarts),
            ..Options::default()
        };
        let (output, status) = run(&text, &options);
        assert_eq!(
            (output.as_str(), status),
            ("=====UNSATISFIABLE=====\n", Status::Unsatisfiable)
        );
    }
    // Every run of this search fails at least once: with a cutoff of one
    // failure no run ends, and the time limit finds no proof.
    let options = Options {
        restarts: Some(Restarts::Constant { scale: 1 }),
        time_limit: Some(Duration::from_millis(100)),
        ..Options::default()
    };
    let (output, status) = run(&text, &options);
    assert_eq!(
        (output.as_str(), status),
        ("=====UNKNOWN=====\n", Status::Unknown)
    );
}

#[test]
fn optimisation_with_restarts_proves_the_same_optimum() {
    for (name, optimum) in [
        ("golomb_05", "%%%mzn-stat: objective=11\n"),
        ("jobshop_vw3x3", "%%%mzn-stat: objective=256\n"),
    ] {
        for (restarts, free) in [
            (Restarts::None, false),
            (Restarts::Luby { scale: 1 }, false),
            (Restarts::Luby { scale: 1 }, true),
            (
                Restarts::Geometric {
                    scale: 2,
                    base: 1.3,
                },
                true,
            ),
        ] {
            let options = Options {
                statistics: true,
                restarts: Some(restarts),
                free,
                ..Options::default()
            };
            let (output, status) = run(&fixture(name), &options);
            assert_eq!(status, Status::Optimal, "{name} {restarts:?}");
            assert!(output.contains(optimum), "{name} {restarts:?}:\n{output}");
        }
    }
}

#[test]
fn the_seed_changes_only_the_order_of_the_solutions() {
    let text = fixture("australia");
    let with_seed = |seed| Options {
        seed,
        restarts: Some(Restarts::Luby { scale: 1 }),
        ..all()
    };
    let (reference, _) = run(&text, &with_seed(0));
    let answers: BTreeSet<String> = solutions(&reference).into_iter().collect();
    assert_eq!(answers.len(), 18);
    for seed in 1..8 {
        let (output, status) = run(&text, &with_seed(seed));
        assert_eq!(status, Status::AllSolutions);
        let found = solutions(&output);
        assert_eq!(found.len(), 18, "seed {seed}");
        assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), answers);
        assert_eq!(run(&text, &with_seed(seed)).0, output, "seed {seed} twice");
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(500),
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7e57_a12f),
        ..ProptestConfig::default()
    })]

    #[test]
    fn restarting_search_prints_exactly_the_brute_force_solutions(
        seed in any::<u64>(),
        search_seed in 0u64..4,
        last_conflict in any::<bool>(),
    ) {
        let options = Options {
            seed: search_seed,
            restarts: Some(Restarts::Luby { scale: 1 }),
            last_conflict: Some(last_conflict),
            ..all()
        };
        prints_the_brute_force_solutions(&model(seed), &options)?;
    }

    #[test]
    fn restarting_branch_and_bound_proves_the_brute_force_optimum(
        seed in any::<u64>(),
        search_seed in 0u64..4,
    ) {
        let text = model(seed);
        let optimum = brute_force(&text)
            .iter()
            .map(|solution| last_x0(&format!("{solution}\n----------\n")).expect("x0"))
            .min();
        let minimise = text.replace("solve satisfy;", "solve minimize x0;");
        let options = Options {
            seed: search_seed,
            restarts: Some(Restarts::Luby { scale: 1 }),
            ..Options::default()
        };
        let (output, status) = run(&minimise, &options);
        prop_assert_eq!(last_x0(&output), optimum, "model:\n{}", minimise);
        let expected = if optimum.is_some() { Status::Optimal } else { Status::Unsatisfiable };
        prop_assert_eq!(status, expected);
    }
}
