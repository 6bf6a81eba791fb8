//! `fdoku bench` through the real binary: the counts it reports are the
//! puzzles' known answers, bad lines are named and skipped, and a missing
//! default data directory is a clear usage error.

use std::path::PathBuf;
use std::process::{Command, Output};

use crate::common::arg;

fn fdoku(args: &[&str], data: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fdoku"));
    command
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."));
    if let Some(dir) = data {
        command.env("FDOKU_DATA", dir);
    }
    command.output().expect("fdoku runs")
}

fn json(o: &Output) -> Vec<serde_json::Value> {
    serde_json::from_slice(&o.stdout).expect("one JSON array")
}

#[test]
fn bench_reports_the_known_statuses_and_names_bad_lines() {
    let dir = std::env::temp_dir().join(format!("fdoku-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("mixed.txt");
    // Unique (Project Euler's first grid), multiple (a row removed from
    // it), none (two 4s in the first row), and a line with a bad character.
    let unique =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let multiple =
        "000000000900305001001806400008102900700000008006708200002609500800203009005010300";
    let clash = "443020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let bad = "00302060090030500100180640000810290070000000800670820000260950080020300900501030x";
    std::fs::write(&file, format!("{unique}\n{multiple}\n{clash}\n{bad}\n")).expect("write");
    let o = fdoku(
        &[
            "bench",
            "--passes",
            "1",
            "--json",
            file.to_str().expect("UTF-8 path"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "a bad line makes the exit code 2");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("mixed.txt:4:81"), "{stderr}");
    let results = json(&o);
    assert_eq!(results.len(), 1);
    let r = &results[0];
    assert_eq!(r["puzzles"], 3);
    assert_eq!(
        (
            r["unique"].as_u64(),
            r["multiple"].as_u64(),
            r["none"].as_u64()
        ),
        (Some(1), Some(1), Some(1))
    );
    assert_eq!(r["unreadable"], 1);
    assert!(r["micros_per_puzzle"].as_f64().expect("a number") > 0.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_counts_the_data_sets_correctly() {
    // The full magictour set: from the FDOKU_DATA corpus.
    let Some(magictour) = fdoku_testdata::corpus("tdoku_magictour_top1465.txt") else {
        return;
    };
    let top95 = fdoku_testdata::fixture("norvig_top95.txt");
    let o = fdoku(
        &[
            "bench",
            "--passes",
            "1",
            "--json",
            arg(&magictour),
            arg(&top95),
        ],
        None,
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let results = json(&o);
    assert_eq!(results[0]["puzzles"], 1465);
    assert_eq!(results[0]["unique"], 1465);
    assert_eq!(results[1]["puzzles"], 95);
    assert_eq!(results[1]["unique"], 95);
    let no_guess = results[0]["no_guess_fraction"].as_f64().expect("a number");
    assert!((0.0..=1.0).contains(&no_guess));
}

#[test]
fn bench_without_files_needs_the_standard_sets() {
    let o = fdoku(&["bench"], Some("/nonexistent-fdoku-data"));
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("FDOKU_DATA") && stderr.contains("tdoku_17_clue_49158.txt"),
        "{stderr}"
    );
}

#[test]
fn the_profile_splits_each_puzzle_into_stages_that_add_up() {
    let top95 = fdoku_testdata::fixture("norvig_top95.txt");
    let o = fdoku(&["bench", "--passes", "1", "--json", arg(&top95)], None);
    assert_eq!(o.status.code(), Some(0));
    let r = &json(&o)[0];
    let stage = |name: &str| r[name].as_f64().expect("a number");
    let stages = [
        "read_micros_per_puzzle",
        "parse_micros_per_puzzle",
        "micros_per_puzzle",
        "check_micros_per_puzzle",
        "format_micros_per_puzzle",
    ];
    // Every solution is checked and printed: those stages take time.
    for name in &stages[1..] {
        assert!(stage(name) > 0.0, "{name} = 0");
    }
    let sum: f64 = stages.iter().map(|name| stage(name)).sum();
    let end_to_end = stage("end_to_end_micros_per_puzzle");
    assert!(
        (end_to_end - sum).abs() < 1e-6 * sum,
        "{end_to_end} ≠ {sum}"
    );
    let table = fdoku(&["bench", "--passes", "1", "--profile", arg(&top95)], None);
    let text = String::from_utf8_lossy(&table.stdout);
    for column in ["read", "parse", "solve", "check", "format", "end to end"] {
        assert!(
            text.lines().nth(1).is_some_and(|h| h.contains(column)),
            "{text}"
        );
    }
    assert!(text.contains("norvig_top95.txt"), "{text}");
}
