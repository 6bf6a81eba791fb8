//! One test per bug found, named after what went wrong: each runs the real
//! binary the way the bug showed itself.

use std::process::Output;

use crate::common::{fdoku, fdoku_stdin, json_lines, stdout};

/// The first JSON record of a run that may fail.
fn first_record(o: &Output) -> serde_json::Value {
    let text = stdout(o);
    let line = text.lines().next().expect("a record");
    serde_json::from_str(line).expect("a JSON record")
}

/// A 4×4 killer: two cages across the first row.
const KILLER: &str = r#"{"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}, {"sum": 7, "cells": ["r1c3", "r1c4"]}]}"#;

#[test]
fn a_jigsaw_level_search_stopped_at_the_first_candidate_whose_grid_search_ran_out() {
    // On these seeds' jigsaw layouts some candidates' grid searches run out
    // of nodes; the level search stopped at the first such candidate ("no
    // jigsaw 9×9 grid found within 200000 search nodes", exit 2).
    for seed in ["3", "4", "7"] {
        let args = [
            "generate",
            "--jigsaw",
            "--difficulty",
            "medium",
            "--seed",
            seed,
            "-f",
            "jsonl",
        ];
        let records = json_lines(&fdoku(&args));
        assert_eq!(records[0]["difficulty"], "medium", "seed {seed}");
        assert!(
            records[0]["description"]["regions"].is_array(),
            "seed {seed}"
        );
    }
}

#[test]
fn a_killer_given_to_the_mask_solver_was_not_an_error() {
    // The mask solver cannot take cages: its report said so, but the record
    // carried an ordinary status and fdoku exited 0.
    let o = fdoku_stdin(
        &["solve", "--solver", "mask", "-f", "jsonl"],
        KILLER.as_bytes(),
    );
    let record = first_record(&o);
    assert_eq!(record["status"], "error");
    let message = record["error"].as_str().unwrap_or_default();
    assert!(message.contains("use --solver fd"), "{message}");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn box_shapes_whose_product_overflows_were_not_an_error_record() {
    // rows × columns was multiplied unchecked: 5 × 3689348814741910325
    // wraps round to 9.
    let huge = r#"{"size": 9, "boxes": [5, 3689348814741910325]}"#;
    let o = fdoku_stdin(&["solve", "-f", "jsonl"], huge.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let record = first_record(&o);
    let message = record["error"].as_str().unwrap_or_default();
    assert!(message.contains("do not tile a 9×9 grid"), "{message}");
}

#[test]
fn a_limit_of_zero_was_accepted() {
    let o = fdoku_stdin(&["solve", "--all", "--limit", "0"], b"");
    assert_eq!(o.status.code(), Some(2), "a limit of 0 is refused");
}
