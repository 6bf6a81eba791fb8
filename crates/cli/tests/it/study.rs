//! `fdoku study` through the real binary: every table there, the same on
//! any thread count, and the orderings the seeds found.

use crate::common::{arg, fdoku, stdout};

#[test]
fn study_variants_reports_every_variant_and_strength_the_same_on_any_thread_count() {
    let run = |threads: &str| {
        fdoku(&[
            "study",
            "variants",
            "-n",
            "6",
            "--seed",
            "2",
            "--node-limit",
            "3000",
            "--json",
            "--threads",
            threads,
        ])
    };
    let one = run("1");
    assert_eq!(
        one.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    assert_eq!(stdout(&one), stdout(&run("2")));
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout(&one)).expect("JSON array");
    assert_eq!(rows.len(), 12, "3 variants × 4 strengths");
    for row in &rows {
        assert_eq!(row["nodes"]["n"], 6);
        let (mean, max) = (
            row["nodes"]["mean"].as_f64().unwrap_or(-1.0),
            row["nodes"]["max"].as_u64().unwrap_or(0),
        );
        assert!(mean >= 1.0 && mean <= max as f64 && max <= 3000, "{row}");
    }
    // Domain consistency never needs more search than forward checking here.
    for variant in ["classic", "diagonal", "extra blocks"] {
        let mean = |strength: &str| {
            rows.iter()
                .find(|r| r["variant"] == variant && r["alldiff"] == strength)
                .and_then(|r| r["nodes"]["mean"].as_f64())
                .expect("a row")
        };
        assert!(mean("domain") <= mean("forward"), "{variant}");
    }
}

#[test]
fn study_propagation_climbs_the_pruning_ladder() {
    let top95 = fdoku_testdata::fixture("norvig_top95.txt");
    let run = |threads: &str| {
        let o = fdoku(&[
            "study",
            "propagation",
            arg(&top95),
            "--node-limit",
            "2000",
            "--json",
            "--threads",
            threads,
        ]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let mut report: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
        // Times differ from run to run; everything else must not.
        for row in report["searches"].as_array_mut().expect("searches") {
            row["micros_mean"] = serde_json::Value::Null;
        }
        report
    };
    let report = run("1");
    assert_eq!(report, run("2"));
    assert_eq!(report["puzzles"], 95);
    let size = |i: usize| {
        report["pruning"][i]["log10_grids"]["mean"]
            .as_f64()
            .expect("a number")
    };
    assert!(
        size(0) > size(1) && size(1) >= size(2),
        "each rung leaves less to try"
    );
    assert_eq!(report["pruning"][0]["solved"], 0);
    let mean = |i: usize| {
        report["searches"][i]["nodes"]["mean"]
            .as_f64()
            .expect("a number")
    };
    assert_eq!(report["searches"].as_array().map(Vec::len), Some(4));
    assert!(mean(0) > mean(1), "propagating singletons beats checking");
    assert!(
        mean(1) > mean(2),
        "fewest choices first beats first open cell"
    );
    assert!(
        mean(2) > mean(3),
        "domain consistency needs the least search"
    );
}
