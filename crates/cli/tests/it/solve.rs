//! `fdoku solve` and `fdoku euler96` through the real binary; outputs are
//! checked here, independently of the libraries where it matters.

use std::path::PathBuf;
use std::process::Output;

use crate::common::{arg, fdoku_stdin as fdoku};
use fdoku_testdata::{corpus, fixture, read_fixture};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

fn records(o: &Output) -> Vec<serde_json::Value> {
    text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// An independent Sudoku check of a 9×9 line against its puzzle.
fn solves(puzzle: &str, solution: &str) -> bool {
    let g: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
    let kept = puzzle
        .bytes()
        .zip(solution.bytes())
        .all(|(p, s)| p == b'.' || p == b'0' || p == s);
    let unit_ok = |cells: Vec<usize>| {
        let mut seen = [false; 10];
        cells
            .into_iter()
            .all(|c| !std::mem::replace(&mut seen[usize::from(g[c])], true))
    };
    kept && g.len() == 81
        && (0..9).all(|i| {
            unit_ok((0..9).map(|j| 9 * i + j).collect())
                && unit_ok((0..9).map(|j| 9 * j + i).collect())
                && unit_ok(
                    (0..9)
                        .map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3)
                        .collect(),
                )
        })
}

const TOP95_FIRST: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn euler96_answer_is_24702() {
    // Project Euler's grids are CC BY-NC-SA: read from FDOKU_DATA only.
    let Some(euler) = corpus("euler96.txt") else {
        return;
    };
    let o = fdoku(&["euler96", arg(&euler)], b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout).lines().next(), Some("24702"));
}

#[test]
fn jsonl_gives_one_record_per_input_in_order_even_with_bad_lines() {
    let bad_char = format!("{}?{}", &TOP95_FIRST[..10], &TOP95_FIRST[11..]);
    let input = format!(
        "{TOP95_FIRST}\n{}\n{bad_char}\n{TOP95_FIRST}\n",
        &TOP95_FIRST[..80]
    );
    let o = fdoku(&["solve", "--format", "jsonl", "--count"], input.as_bytes());
    assert_eq!(o.status.code(), Some(2), "a failed item gives exit code 2");
    let r = records(&o);
    assert_eq!(r.len(), 4);
    for (i, rec) in r.iter().enumerate() {
        assert_eq!(rec["index"], i + 1);
        assert!(rec["stats"]["guesses"].is_u64() && rec["stats"]["nodes"].is_u64());
    }
    assert_eq!(r[0]["status"], "unique");
    assert_eq!(r[0]["count"], 1);
    assert!(solves(TOP95_FIRST, r[0]["solution"].as_str().unwrap()));
    assert_eq!(r[1]["status"], "error");
    assert_eq!(
        r[1]["error"],
        "<stdin>:2:81: 80 cells; expected a whole grid: 16, 36, 64, 81, 100, 144, 225, 256, 625 cells"
    );
    assert_eq!(
        r[2]["error"],
        "<stdin>:3:11: '?' is not a digit (expected 1-9, A-W, or a blank . 0 _ - *)"
    );
    assert_eq!(r[3]["status"], "unique");
    // The same line always gives the same record, apart from the time.
    let strip = |mut v: serde_json::Value| {
        v["stats"]["micros"] = 0.into();
        v["index"] = 0.into();
        v
    };
    assert_eq!(strip(r[0].clone()), strip(r[3].clone()));
}

/// A file of 5,000 lines solved in chunks by several threads: every record
/// in order, damaged lines and a title named by their line in the whole
/// file, the same on one thread and two.
#[test]
fn a_large_file_keeps_order_and_line_numbers_on_any_thread_count() {
    let bad_char = format!("{}?{}", &TOP95_FIRST[..10], &TOP95_FIRST[11..]);
    let mut input = String::new();
    for line in 1..=5000 {
        match line {
            3210 => input.push_str(&bad_char),
            4321 => input.push_str("More puzzles"),
            4800 => input.push_str(&TOP95_FIRST[..80]),
            _ => input.push_str(TOP95_FIRST),
        }
        input.push_str(if line % 7 == 0 { "\r\n" } else { "\n" });
    }
    let run = |threads: &str| {
        let o = fdoku(
            &["solve", "-f", "jsonl", "--count", "-j", threads],
            input.as_bytes(),
        );
        assert_eq!(o.status.code(), Some(2), "failed items give exit code 2");
        let stderr = text(&o.stderr);
        let records: Vec<serde_json::Value> = records(&o)
            .into_iter()
            .map(|mut v| {
                v["stats"]["micros"] = 0.into();
                v
            })
            .collect();
        (records, stderr)
    };
    let (one, stderr) = run("1");
    assert_eq!(one.len(), 4999, "every line but the title");
    assert_eq!(
        one[3209]["error"],
        "<stdin>:3210:11: '?' is not a digit (expected 1-9, A-W, or a blank . 0 _ - *)"
    );
    assert!(
        one[4798]["error"]
            .as_str()
            .unwrap()
            .starts_with("<stdin>:4800:81: 80 cells")
    );
    assert!(
        stderr.contains("<stdin>:4321: skipped a line that is not a puzzle"),
        "{stderr}"
    );
    for (i, record) in one.iter().enumerate() {
        assert_eq!(record["index"], i + 1);
    }
    assert_eq!(run("2"), (one, stderr));
}

/// `"micros":N` (the one field that differs from run to run) as 0.
fn without_micros(text: &str) -> String {
    let mut rest = text;
    let mut kept = String::with_capacity(text.len());
    while let Some(at) = rest.find("\"micros\":") {
        let (before, after) = rest.split_at(at + "\"micros\":".len());
        kept.push_str(before);
        kept.push('0');
        rest = after.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    kept.push_str(rest);
    kept
}

/// A file longer than the start its format is decided from, read and
/// solved piece by piece, with damaged lines, a title, comments and blank
/// lines spread over it, then a puzzle given as the argument and an empty
/// file: every output format prints the same on one, two and four threads
/// (standard output, standard error and exit code), errors name their line
/// in the whole file, and records are numbered across the inputs.
#[test]
fn streamed_pieces_print_the_same_in_every_format_on_any_thread_count() {
    let dir = std::env::temp_dir().join(format!("fdoku-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad_char = format!("{}?{}", &TOP95_FIRST[..10], &TOP95_FIRST[11..]);
    let mut input = String::new();
    for line in 1..=16_000 {
        input.push_str(match line {
            1 => "\u{feff}Puzzles of a long file",
            2 | 7_999 => "# a comment",
            3 | 12_345 => "",
            5_001 => &bad_char,
            9_000 => "A title in the middle",
            15_999 => &TOP95_FIRST[..80],
            _ => TOP95_FIRST,
        });
        input.push_str(if line % 7 == 0 { "\r\n" } else { "\n" });
    }
    assert!(input.len() > 1 << 20, "longer than the start read first");
    let (big, empty) = (dir.join("big.txt"), dir.join("empty.txt"));
    std::fs::write(&big, &input).unwrap();
    std::fs::write(&empty, "").unwrap();
    let run = |format: &str, count: bool, threads: &str| {
        let mut args = vec!["solve", "-f", format, "-j", threads];
        args.extend(count.then_some("--count"));
        args.extend([arg(&big), TOP95_FIRST, arg(&empty)]);
        let o = crate::common::fdoku(&args);
        (
            o.status.code(),
            without_micros(&text(&o.stdout)),
            text(&o.stderr),
        )
    };
    for format in ["line", "block", "json", "jsonl"] {
        for count in [false, true] {
            let one = run(format, count, "1");
            assert_eq!(
                one.0,
                Some(2),
                "damaged lines and an empty file: exit code 2"
            );
            assert_eq!(run(format, count, "2"), one, "{format} --count {count}");
            assert_eq!(run(format, count, "4"), one, "{format} --count {count}");
        }
    }
    let (_, stdout, stderr) = run("jsonl", true, "2");
    std::fs::remove_dir_all(&dir).unwrap();
    let records: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        records.len(),
        16_000 - 6 + 1,
        "every puzzle line, and the argument"
    );
    for (i, record) in records.iter().enumerate() {
        assert_eq!(record["index"], i + 1);
    }
    let big = big.display();
    let error = |index: usize| records[index - 1]["error"].as_str().unwrap().to_owned();
    assert_eq!(
        error(5_001 - 3),
        format!("{big}:5001:11: '?' is not a digit (expected 1-9, A-W, or a blank . 0 _ - *)")
    );
    assert!(error(15_999 - 6).starts_with(&format!("{big}:15999:81: 80 cells")));
    assert_eq!(records.last().unwrap()["input"], TOP95_FIRST);
    assert_eq!(records.last().unwrap()["status"], "unique");
    let notes: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        notes,
        [
            format!(
                "fdoku: {big}:1: skipped a line that is not a puzzle: \"Puzzles of a long file\""
            ),
            format!(
                "fdoku: {big}:9000: skipped a line that is not a puzzle: \"A title in the middle\""
            ),
            format!("fdoku: {}: no puzzle: the input is empty", empty.display()),
        ],
        "notes in input order (errors are in the records)"
    );
}

#[test]
fn threads_do_not_change_the_output() {
    // The forum's first 60 hardest puzzles.
    let data = read_fixture("tdoku_forum_hardest_sample.txt");
    let sample: String = data.lines().take(60).map(|l| format!("{l}\n")).collect();
    let strip = |o: Output| -> Vec<serde_json::Value> {
        records(&o)
            .into_iter()
            .map(|mut v| {
                v["stats"]["micros"] = 0.into();
                v
            })
            .collect()
    };
    let one = strip(fdoku(
        &["solve", "-f", "jsonl", "--count", "-j", "1"],
        sample.as_bytes(),
    ));
    let two = strip(fdoku(
        &["solve", "-f", "jsonl", "--count", "-j", "2"],
        sample.as_bytes(),
    ));
    assert_eq!(one.len(), 60);
    assert_eq!(one, two);
    for (rec, line) in one.iter().zip(sample.lines()) {
        assert_eq!(rec["input"], line);
        assert!(solves(line, rec["solution"].as_str().unwrap()));
    }
}

#[test]
fn serg_puzzles_report_two_solutions() {
    // Every 250th of serg's puzzles: every 5th of the fixture.
    let data = read_fixture("tdoku_serg_every50.txt");
    let sample: String = data.lines().step_by(5).map(|l| format!("{l}\n")).collect();
    let o = fdoku(
        &["solve", "--count", "--limit", "2", "-f", "jsonl"],
        sample.as_bytes(),
    );
    assert!(o.status.success());
    for rec in records(&o) {
        assert_eq!(rec["status"], "multiple", "{rec}");
        assert_eq!(rec["count_at_least"], 2);
    }
}

#[test]
fn clashing_givens_are_no_solution_with_the_clash_named() {
    let mut line = TOP95_FIRST.to_owned();
    line.replace_range(1..2, "4"); // r1c2 = 4 repeats r1c1's 4
    let o = fdoku(&["solve", "-f", "jsonl"], line.as_bytes());
    let r = records(&o);
    assert_eq!(r[0]["status"], "none");
    assert_eq!(r[0]["reason"], "r1c1 and r1c2 both hold 4 in row 1");
    let o = fdoku(&["solve"], line.as_bytes());
    assert_eq!(text(&o.stdout).trim(), "none");
    assert!(text(&o.stderr).contains("no solution: r1c1 and r1c2 both hold 4 in row 1"));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn a_consistent_but_unsolvable_grid_is_none() {
    let line = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    // `--engine` is another name for `--solver`.
    for flag in ["--solver", "--engine"] {
        for solver in ["mask", "fd"] {
            let o = fdoku(&["solve", "-f", "jsonl", flag, solver], line.as_bytes());
            let r = records(&o);
            assert_eq!(r[0]["status"], "none", "{flag} {solver}");
            assert!(r[0]["reason"].is_null());
        }
    }
}

#[test]
fn an_empty_25x25_count_stops_at_the_limit() {
    let line = ".".repeat(625);
    let o = fdoku(&["solve", "--count", "-f", "jsonl"], line.as_bytes());
    let r = records(&o);
    assert_eq!(r[0]["status"], "multiple");
    assert_eq!(r[0]["count_at_least"], 2);
}

#[test]
fn a_10_megabyte_line_is_an_error_not_a_crash() {
    let line = "1".repeat(10 << 20);
    let o = fdoku(&["solve", "-f", "jsonl"], line.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let r = records(&o);
    assert_eq!(r.len(), 1);
    assert!(
        r[0]["error"]
            .as_str()
            .unwrap()
            .starts_with("<stdin>:1:10485761: 10485760 cells")
    );
}

#[test]
fn a_binary_file_is_an_error_with_a_position() {
    let bytes: Vec<u8> = (0u8..=255).cycle().take(4000).collect();
    let o = fdoku(&["solve", "-f", "jsonl"], &bytes);
    assert_eq!(o.status.code(), Some(2));
    let r = records(&o);
    assert!(!r.is_empty());
    for rec in &r {
        assert_eq!(rec["status"], "error");
        assert!(
            rec["error"].as_str().unwrap().starts_with("<stdin>:"),
            "{rec}"
        );
    }
}

#[test]
fn a_missing_file_is_reported_and_the_others_solved() {
    let hardest = fixture("norvig_hardest11.txt");
    let o = fdoku(&["solve", "no/such/file.txt", arg(&hardest)], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("cannot read no/such/file.txt"));
    assert_eq!(text(&o.stdout).lines().count(), 11);
}

#[test]
fn variants_and_killer_through_json() {
    let diag = "000000040400980006030007980000000000005704100000000000063800050800026003010000000";
    let o = fdoku(
        &["solve", "--variant", "diagonal", "--count", "-f", "jsonl"],
        diag.as_bytes(),
    );
    assert_eq!(records(&o)[0]["status"], "unique");
    let o = fdoku(&["solve", "--count", "-f", "jsonl"], diag.as_bytes());
    assert_eq!(records(&o)[0]["status"], "multiple");
    let killer = r#"{"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}, {"sum": 7, "cells": ["r1c3", "r1c4"]}]}"#;
    let o = fdoku(&["solve", "-f", "jsonl"], killer.as_bytes());
    let r = records(&o);
    assert_eq!(r[0]["status"], "solved");
    let s: Vec<u32> = r[0]["solution"]
        .as_str()
        .unwrap()
        .bytes()
        .map(|b| u32::from(b - b'0'))
        .collect();
    assert_eq!(s[0] + s[1], 3);
    assert_eq!(s[2] + s[3], 7);
}

#[test]
fn block_input_and_output_round_trip() {
    let Some(euler) = corpus("euler96.txt") else {
        return;
    };
    let o = fdoku(&["solve", "-f", "block", arg(&euler)], b"");
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert_eq!(out.matches("# puzzle").count(), 50);
    let again = fdoku(
        &["solve", "--input-format", "block", "-f", "jsonl"],
        out.as_bytes(),
    );
    let r = records(&again);
    assert_eq!(r.len(), 50, "solved grids read back as puzzles");
    assert!(
        r.iter()
            .all(|rec| rec["status"] == "solved" && rec["stats"]["guesses"] == 0)
    );
}

#[test]
fn the_shipped_examples_are_all_unique() {
    let o = fdoku(
        &["solve", "--count", "-f", "jsonl", "examples/puzzles.txt"],
        b"",
    );
    let r = records(&o);
    assert_eq!(r.len(), 5);
    let lines: Vec<String> = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/puzzles.txt"),
    )
    .unwrap()
    .lines()
    .filter(|l| !l.starts_with('#'))
    .map(str::to_owned)
    .collect();
    for (rec, line) in r.iter().zip(&lines) {
        assert_eq!(rec["status"], "unique", "{rec}");
        assert!(solves(line, rec["solution"].as_str().unwrap()));
    }
    // The solution printed by the Haskell FD article the first puzzle comes from.
    assert_eq!(
        r[0]["solution"],
        "567483291938126547412795368689372154743651829125849673254938716371264985896517432"
    );
    for file in [
        "examples/diagonal.json",
        "examples/windoku.json",
        "examples/killer-4x4.json",
    ] {
        let o = fdoku(&["solve", "--count", "-f", "jsonl", file], b"");
        assert_eq!(records(&o)[0]["status"], "unique", "{file}");
    }
}
