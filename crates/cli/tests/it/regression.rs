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
fn generated_jigsaw_and_killer_records_said_variant_classic() {
    for (flag, variant) in [("--jigsaw", "jigsaw"), ("--killer", "killer")] {
        let o = fdoku(&[
            "generate", flag, "--size", "6", "--seed", "1", "-f", "jsonl",
        ]);
        assert_eq!(o.status.code(), Some(0), "{flag}");
        assert_eq!(first_record(&o)["variant"], variant, "{flag}");
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

/// An empty 9×9 grid: 6.67 × 10²¹ solutions.
const EMPTY_NINE: &str =
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000\n";

/// A hard 9×9 puzzle: its first solution takes more than 100 search nodes
/// with every solver.
const HARD: &str =
    "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8\n";

/// The peak resident memory of a running process, in kB (Linux).
fn peak_memory_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn solve_all_kept_every_solution_and_printed_nothing_until_the_end() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_fdoku"))
        .args(["solve", "--all", "--time-limit", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fdoku runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin
        .write_all(EMPTY_NINE.as_bytes())
        .expect("the grid is written");
    drop(stdin);
    let printed = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&printed);
    let stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut first_after = None;
        for line in BufReader::new(stdout).lines() {
            let line = line.expect("UTF-8 output");
            assert_eq!(line.len(), 81, "a solution per line: {line}");
            first_after.get_or_insert_with(|| start.elapsed());
            counter.fetch_add(1, Ordering::Relaxed);
        }
        first_after
    });
    std::thread::sleep(Duration::from_millis(2500));
    let printed_early = printed.load(Ordering::Relaxed);
    let peak = peak_memory_kb(child.id());
    let output = child.wait_with_output().expect("fdoku finishes");
    let first_after = reader.join().expect("the reader ends");
    // Streamed: thousands of solutions before the 4 s limit, not all at the end.
    assert!(
        printed_early > 1000,
        "{printed_early} solutions after 2.5 s"
    );
    assert!(first_after.is_some_and(|t| t < Duration::from_millis(2000)));
    // Flat memory: kept solutions would be hundreds of MB by now.
    if let Some(kb) = peak {
        assert!(kb < 100_000, "peak memory {kb} kB");
    }
    // Cut short by the time limit: said so, exit code 3.
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("stopped early (time limit reached)"),
        "{stderr}"
    );
    assert!(printed.load(Ordering::Relaxed) > printed_early);
}

#[test]
fn a_count_cut_short_by_the_time_limit_was_reported_as_multiple() {
    let args = [
        "solve",
        "--count",
        "--limit",
        "100000000",
        "--time-limit",
        "1",
        "-f",
        "jsonl",
    ];
    let o = fdoku_stdin(&args, EMPTY_NINE.as_bytes());
    assert_eq!(o.status.code(), Some(3));
    let record = first_record(&o);
    assert_eq!(record["status"], "stopped");
    assert!(record["count"].is_null());
    assert!(record["count_at_least"].as_u64().is_some_and(|n| n > 1));
    assert!(record["solution"].is_string(), "what was found so far");
}

#[test]
fn a_solution_found_before_a_node_limit_read_as_solved_and_exited_0() {
    for solver in ["auto", "mask", "fd"] {
        let count = |format| {
            let args = [
                "solve",
                "--count",
                "--node-limit",
                "100",
                "--solver",
                solver,
                "-f",
                format,
            ];
            fdoku_stdin(&args, HARD.as_bytes())
        };
        let o = count("line");
        let line = stdout(&o);
        assert!(line.starts_with("stopped ≥"), "{solver}: {line}");
        assert_eq!(o.status.code(), Some(3), "{solver}");
        let o = count("jsonl");
        let record = first_record(&o);
        assert_eq!(record["status"], "stopped", "{solver}");
        assert!(record["count"].is_null(), "{solver}: {record}");
        assert!(record["count_at_least"].is_u64(), "{solver}: {record}");
        assert_eq!(o.status.code(), Some(3), "{solver}");
    }
    let o = fdoku_stdin(&["solve", "--all", "--node-limit", "100"], HARD.as_bytes());
    assert_eq!(o.status.code(), Some(3));
}

#[test]
fn generate_at_its_node_limit_exited_2_as_if_no_grid_existed() {
    let o = fdoku(&["generate", "--size", "16", "--node-limit", "10"]);
    assert_eq!(o.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("stopped: node limit reached"), "{stderr}");
    assert!(stderr.contains("--node-limit"), "{stderr}");
}

#[test]
fn one_bad_json_line_lost_the_whole_batch() {
    let batch = "{\"size\":4}\nthis is not json\n{\"size\":4,\"givens\":\"1...............\"}\n";
    let o = fdoku_stdin(&["solve", "-f", "jsonl"], batch.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let records: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record"))
        .collect();
    let statuses: Vec<&str> = records
        .iter()
        .filter_map(|r| r["status"].as_str())
        .collect();
    assert_eq!(statuses, ["solved", "error", "solved"]);
    let error = records[1]["error"].as_str().unwrap_or_default();
    assert!(error.starts_with("<stdin>:2:"), "{error}");
}

#[test]
fn a_bar_in_a_comment_or_a_short_row_cost_the_puzzles_after_it() {
    let lines = "# 4×4 | from a list + more\n1...............\n..3.............\n";
    let o = fdoku_stdin(&["solve"], lines.as_bytes());
    assert_eq!(stdout(&o).lines().count(), 2, "two puzzles, not one block");
    assert_eq!(o.status.code(), Some(0));
    // The second block's first row is short; the third is still solved.
    let blocks = "1.3.\n..2.\n.1..\n4...\n123\n3412\n2143\n4321\n1234\n3412\n2143\n432.\n";
    let o = fdoku_stdin(&["solve"], blocks.as_bytes());
    assert_eq!(stdout(&o), "1234342121434312\nerror\n1234341221434321\n");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("<stdin>:5:4: this row has 3 cells"),
        "{stderr}"
    );
}

#[test]
fn any_number_of_threads_was_accepted() {
    let o = fdoku(&["solve", "-j", "18446744073709551615", "1234341221434321"]);
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("-j/--threads 18446744073709551615: expected at most 1024"),
        "{stderr}"
    );
    for command in [
        &["generate", "-j", "1025"][..],
        &["grade", "-j", "1025", "1234341221434321"],
    ] {
        assert_eq!(fdoku(command).status.code(), Some(2), "{command:?}");
    }
    let o = fdoku(&["solve", "-j", "1024", "1234341221434321"]);
    assert_eq!(stdout(&o), "1234341221434321\n");
}

#[test]
fn a_map_with_one_colour_name_twice_was_coloured() {
    let dir = std::env::temp_dir().join(format!("fdoku-colours-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let map = dir.join("map.json");
    let text = r#"{"colors": ["red", "green", "red"], "regions": ["A", "B", "C"], "adjacent": [["A", "B"], ["B", "C"], ["A", "C"]]}"#;
    std::fs::write(&map, text).unwrap();
    let o = fdoku(&["color", map.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("colors[2]: colour \"red\" is listed twice"),
        "{stderr}"
    );
}

#[test]
fn a_pattern_search_ran_past_its_time_limit() {
    // Seventeen clues one cell in five: almost no grid gives a unique
    // puzzle there, and the search ignored --time-limit until its
    // 100,000,000 attempts were spent.
    let dir = std::env::temp_dir().join(format!("fdoku-pattern-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("sparse.txt");
    let pattern: String = (0..81)
        .map(|i| if i % 5 == 0 { 'x' } else { '.' })
        .collect();
    std::fs::write(&file, pattern).expect("write");
    let started = std::time::Instant::now();
    let o = fdoku(&[
        "generate",
        "--pattern",
        file.to_str().expect("UTF-8 path"),
        "--attempts",
        "100000000",
        "--time-limit",
        "1",
    ]);
    let took = started.elapsed();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.status.code(), Some(3), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("time limit reached"));
    assert!(took < std::time::Duration::from_secs(10), "{took:?}");
}

#[test]
fn the_default_thread_count_passed_over_rayon_num_threads() {
    // The default of -j/--threads came from the cores alone, whatever
    // RAYON_NUM_THREADS said; a number too large for -j is refused alike.
    let run = |threads: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_fdoku"))
            .args(["solve", "--count", "examples/puzzles.txt"])
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .expect("fdoku runs")
    };
    let refused = run("5000");
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("RAYON_NUM_THREADS 5000: expected at most 1024"),
        "{message}"
    );
    let one = run("1");
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(
        stdout(&one),
        stdout(&fdoku(&["solve", "--count", "examples/puzzles.txt"]))
    );
    let ignored = run("many");
    assert_eq!(ignored.status.code(), Some(0));
}
