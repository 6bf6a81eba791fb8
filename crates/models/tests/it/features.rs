//! Feature models decompose into clauses and sums: on small random feature
//! models, the assignments the checker accepts and the configurations the
//! solver finds are exactly those that satisfy the rules as written here,
//! by brute force over every on/off assignment.

use std::collections::BTreeSet;

use fdoku_fd::{SearchConfig, Solver, ValOrder, VarOrder, check};
use fdoku_models::features::{FeatureSpec, RuleSpec};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

fn name(i: usize) -> String {
    format!("f{i}")
}

/// One rule between distinct features among `n`: a parent and one to three
/// children.
fn rule(n: usize) -> impl Strategy<Value = RuleSpec> {
    let features = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 2..=n.min(4));
    (0u8..6, features.prop_shuffle()).prop_map(|(kind, picked)| {
        let parent = name(picked[0]);
        let child = name(picked[1]);
        let children = picked[1..].iter().map(|&i| name(i)).collect();
        match kind {
            0 => RuleSpec::Mandatory { parent, child },
            1 => RuleSpec::Optional { parent, child },
            2 => RuleSpec::Alternative { parent, children },
            3 => RuleSpec::Or { parent, children },
            4 => RuleSpec::Requires {
                from: parent,
                to: child,
            },
            _ => RuleSpec::Excludes {
                a: parent,
                b: child,
            },
        }
    })
}

/// Two to six features, perhaps a root, and up to five rules.
fn spec() -> impl Strategy<Value = FeatureSpec> {
    (2usize..=6)
        .prop_flat_map(|n| {
            (
                Just(n),
                proptest::option::of(0..n),
                proptest::collection::vec(rule(n), 0..=5),
            )
        })
        .prop_map(|(n, root, rules)| FeatureSpec {
            name: None,
            features: (0..n).map(name).collect(),
            root: root.map(name),
            rules,
        })
}

/// What a rule means, written from the feature-model definitions.
fn holds(rule: &RuleSpec, on: &dyn Fn(&str) -> bool) -> bool {
    let children_on = |children: &[String]| children.iter().filter(|c| on(c)).count();
    match rule {
        RuleSpec::Mandatory { parent, child } => on(parent) == on(child),
        RuleSpec::Optional { parent, child } => !on(child) || on(parent),
        RuleSpec::Alternative { parent, children } => {
            children_on(children) == usize::from(on(parent))
        }
        RuleSpec::Or { parent, children } => {
            let some = children_on(children) > 0;
            on(parent) == some
        }
        RuleSpec::Requires { from, to } => !on(from) || on(to),
        RuleSpec::Excludes { a, b } => !(on(a) && on(b)),
    }
}

fn configs() -> [SearchConfig; 3] {
    [
        SearchConfig::default(),
        SearchConfig {
            var_order: VarOrder::Input,
            val_order: ValOrder::Max,
            ..SearchConfig::default()
        },
        SearchConfig {
            var_order: VarOrder::SmallestDomain,
            val_order: ValOrder::MostPruning,
            last_conflict: true,
            ..SearchConfig::default()
        },
    ]
}

/// 256 cases (or `PROPTEST_CASES`) from a fixed seed; failures found once
/// are saved in, and replayed first from, `tests/proptest-regressions/`.
fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(256);
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/features.txt",
        ))),
        rng_seed: RngSeed::Fixed(0xfea7_0de1),
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn decomposed_rules_mean_the_rules(spec in spec()) {
        let compiled = spec.model().unwrap();
        let n = spec.features.len();
        let mut expected = BTreeSet::new();
        for bits in 0u32..1 << n {
            let values: Vec<i32> = (0..n).map(|i| (bits >> i & 1) as i32).collect();
            let on = |f: &str| values[spec.features.iter().position(|g| g == f).unwrap()] == 1;
            let root_on = spec.root.as_deref().is_none_or(on);
            let allowed = root_on && spec.rules.iter().all(|rule| holds(rule, &on));
            prop_assert_eq!(check(&compiled.model, &values).is_ok(), allowed, "{:?}", values);
            if allowed {
                expected.insert(values);
            }
        }
        for config in configs() {
            let label = format!("{config:?}");
            let mut solver = Solver::with_config(&compiled.model, config);
            let found: Vec<Vec<i32>> = solver.solutions().map(|s| s.values().to_vec()).collect();
            let unique: BTreeSet<Vec<i32>> = found.iter().cloned().collect();
            prop_assert_eq!(found.len(), unique.len(), "a configuration was repeated: {}", label);
            prop_assert_eq!(&unique, &expected, "{}", label);
        }
    }
}

#[test]
fn a_violated_rule_is_named_after_its_place_in_the_file() {
    let spec = FeatureSpec::parse(
        r#"{"features": ["Screen", "Basic", "Colour"],
            "rules": [{"rule": "alternative", "parent": "Screen", "children": ["Basic", "Colour"]}]}"#,
    )
    .unwrap();
    let compiled = spec.model().unwrap();
    assert!(check(&compiled.model, &[1, 1, 0]).is_ok());
    assert!(check(&compiled.model, &[0, 0, 0]).is_ok());
    assert!(check(&compiled.model, &[1, 1, 1]).is_err());
    assert!(check(&compiled.model, &[1, 0, 0]).is_err());
    assert_eq!(
        check(&compiled.model, &[0, 0, 1]).unwrap_err().to_string(),
        "constraint rules[0] alternative is violated: the sum is 1, not = 0"
    );
}
