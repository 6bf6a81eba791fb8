//! Known answers for the classic problems, under every all_different strength.

use fdoku_fd::{SearchConfig, Solver, Strength, check};
use fdoku_models::coloring::MapSpec;
use fdoku_models::features::FeatureSpec;
use fdoku_models::queens::Queens;

/// OEIS A000170: the number of ways to place n non-attacking queens.
const A000170: [u64; 14] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];

fn count_queens(n: usize, strength: Strength) -> u64 {
    let queens = Queens::new(n, strength);
    let mut solver = Solver::new(&queens.model);
    let mut count = 0;
    for solution in solver.solutions() {
        assert!(check(&queens.model, solution.values()).is_ok());
        count += 1;
    }
    count
}

#[test]
fn queens_counts_match_oeis_up_to_12_under_every_strength() {
    for (n, &expected) in A000170.iter().enumerate().take(13).skip(1) {
        for strength in Strength::ALL {
            if strength == Strength::Check && n > 10 {
                continue; // covered by the ignored test below: 18.5M nodes at n = 12
            }
            assert_eq!(count_queens(n, strength), expected, "n = {n}, {strength:?}");
        }
    }
}

#[test]
#[ignore = "slow: 13-queens under all four strengths (about a minute in release)"]
fn queens_13_and_the_slow_strengths() {
    for strength in Strength::ALL {
        assert_eq!(count_queens(13, strength), A000170[13], "{strength:?}");
    }
    for (n, &expected) in A000170.iter().enumerate().take(13).skip(11) {
        assert_eq!(count_queens(n, Strength::Check), expected);
    }
}

#[test]
fn every_queens_solution_is_a_real_board() {
    let queens = Queens::new(8, Strength::Domain);
    for solution in Solver::new(&queens.model).solutions() {
        let columns = queens.columns(&solution);
        for (r1, &c1) in columns.iter().enumerate() {
            for (r2, &c2) in columns.iter().enumerate().skip(r1 + 1) {
                assert_ne!(c1, c2);
                assert_ne!(r2 - r1, c1.abs_diff(c2), "queens on a diagonal");
            }
        }
    }
}

#[test]
fn stronger_all_different_searches_less_on_queens() {
    let nodes = |strength| {
        let queens = Queens::new(9, strength);
        Solver::new(&queens.model).count(None).stats.nodes
    };
    let [check, forward, hall, domain] = Strength::ALL.map(nodes);
    // Forward checking searches 43 times less than check; each stronger
    // strength less again.
    assert_eq!(
        [check, forward, hall, domain],
        [128_673, 2_955, 2_681, 2_277]
    );
}

fn read_example(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn australia_has_18_colourings_with_tasmania_and_6_without() {
    for (file, expected) in [("australia.json", 18), ("australia-mainland.json", 6)] {
        let map = MapSpec::parse(&read_example(file)).unwrap();
        let coloring = map.model(Some(3)).unwrap();
        for strength in Strength::ALL {
            let config = SearchConfig {
                alldiff: Some(strength),
                ..SearchConfig::default()
            };
            let mut solver = Solver::with_config(&coloring.model, config);
            let mut count = 0;
            for solution in solver.solutions() {
                assert!(check(&coloring.model, solution.values()).is_ok());
                let colours = coloring.assignment(&solution);
                let colour = |r: &str| colours.iter().find(|(n, _)| *n == r).unwrap().1;
                for [a, b] in &map.adjacent {
                    assert_ne!(colour(a), colour(b), "{a} and {b} share a border");
                }
                count += 1;
            }
            assert_eq!(count, expected, "{file}");
        }
        // Two colours are not enough (WA, NT, SA form a triangle).
        assert_eq!(
            Solver::new(&map.model(Some(2)).unwrap().model)
                .count(None)
                .count,
            0
        );
    }
}

#[test]
fn seed_002_edges_without_the_queensland_border_give_12() {
    // Seed 002 lists 8 borders and omits Queensland–New South Wales.
    let map = MapSpec::parse(
        r#"{"regions": ["WA", "NT", "SA", "Q", "NSW", "V"],
            "adjacent": [["WA","NT"],["WA","SA"],["NT","SA"],["NT","Q"],["SA","Q"],
                         ["SA","NSW"],["SA","V"],["NSW","V"]]}"#,
    )
    .unwrap();
    assert_eq!(
        Solver::new(&map.model(None).unwrap().model)
            .count(None)
            .count,
        12
    );
}

/// The phone's six rules, written out independently of the engine.
fn phone_rules_hold(on: &dyn Fn(&str) -> bool) -> bool {
    let screens = ["Basic", "Colour", "High resolution"]
        .iter()
        .filter(|f| on(f))
        .count();
    let media = on("Camera") || on("MP3");
    on("Mobile Phone")
        && on("Calls") == on("Mobile Phone")
        && on("Screen") == on("Mobile Phone")
        && (!on("GPS") || on("Mobile Phone"))
        && (!on("Media") || on("Mobile Phone"))
        && screens == usize::from(on("Screen"))
        && (if on("Media") { media } else { !media })
        && (!on("Camera") || on("High resolution"))
        && !(on("GPS") && on("Basic"))
}

#[test]
fn phone_configurations_equal_brute_force() {
    let spec = FeatureSpec::parse(&read_example("phone.json")).unwrap();
    let phone = spec.model().unwrap();
    let names: Vec<&str> = spec.features.iter().map(String::as_str).collect();
    let mut expected = Vec::new();
    for bits in 0u32..1 << names.len() {
        let on = |f: &str| bits >> names.iter().position(|n| *n == f).unwrap() & 1 == 1;
        if phone_rules_hold(&on) {
            expected.push(names.iter().copied().filter(|f| on(f)).collect::<Vec<_>>());
        }
    }
    assert_eq!(expected.len(), 14);
    for strength in Strength::ALL {
        let config = SearchConfig {
            alldiff: Some(strength),
            ..SearchConfig::default()
        };
        let mut solver = Solver::with_config(&phone.model, config);
        let mut found = Vec::new();
        for solution in solver.solutions() {
            assert!(check(&phone.model, solution.values()).is_ok());
            let enabled = phone.enabled(&solution);
            assert!(phone_rules_hold(&|f| enabled.contains(&f)), "{enabled:?}");
            found.push(enabled);
        }
        found.sort();
        expected.sort();
        assert_eq!(found, expected);
    }
    assert_eq!(expected.len(), 14);
}

#[test]
fn file_errors_name_the_place_and_what_was_expected() {
    let err = MapSpec::parse("{\"regions\": [\"A\"],\n \"adjacent\": [[\"A\"]]}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 19: invalid length 1, expected an array of length 2"
    );
    let err = MapSpec::parse("{\"regions\": [\"A\", \"A\"], \"adjacent\": []}")
        .unwrap()
        .model(None)
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        "regions[1]: region \"A\" is listed twice (expected unique names)"
    );
    let err = MapSpec::parse("{\"regions\": [], \"adjacent\": [], \"colours\": 3}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 41: unknown field `colours`, expected one of `name`, `colors`, `regions`, `adjacent`"
    );
    let spec = FeatureSpec::parse(
        r#"{"features": ["A", "B"], "rules": [{"rule": "requires", "from": "A", "to": "C"}]}"#,
    )
    .unwrap();
    assert_eq!(
        spec.model().err().unwrap().to_string(),
        "rules[0].to: unknown feature \"C\" (expected one of the features)"
    );
    let err =
        FeatureSpec::parse(r#"{"features": [], "rules": [{"rule": "implies"}]}"#).unwrap_err();
    assert!(
        err.to_string().contains("unknown variant `implies`"),
        "{err}"
    );
}
