//! `fdoku generate` through the real binary: unique puzzles (checked here by
//! `fdoku solve`), the same output for a seed on any thread count, and
//! clear errors.

use std::path::PathBuf;
use std::process::{Command, Output};

fn fdoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fdoku"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("fdoku runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8")
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_one_or_two_threads() {
    let one = fdoku(&["generate", "-n", "40", "--seed", "9", "--threads", "1"]);
    let two = fdoku(&["generate", "-n", "40", "--seed", "9", "--threads", "2"]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(stdout(&one).lines().count(), 40);
    let other = fdoku(&["generate", "-n", "40", "--seed", "10"]);
    assert_ne!(stdout(&one), stdout(&other));
}

#[test]
fn generated_puzzles_are_unique_by_fdoku_solve() {
    let dir = std::env::temp_dir().join(format!("fdoku-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (variant, symmetry) in [
        ("classic", "rot180"),
        ("diagonal", "none"),
        ("windoku", "mirror"),
    ] {
        let o = fdoku(&[
            "generate",
            "-n",
            "5",
            "--variant",
            variant,
            "--symmetry",
            symmetry,
            "-f",
            "jsonl",
        ]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let records: Vec<serde_json::Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON record per line"))
            .collect();
        assert_eq!(records.len(), 5);
        let file = dir.join(format!("{variant}.txt"));
        let puzzles: Vec<&str> = records
            .iter()
            .map(|r| r["puzzle"].as_str().expect("a line"))
            .collect();
        std::fs::write(&file, puzzles.join("\n")).expect("write");
        let solved = fdoku(&[
            "solve",
            "--count",
            "--engine",
            "fd",
            "--variant",
            variant,
            "-f",
            "jsonl",
            file.to_str().expect("UTF-8 path"),
        ]);
        for (line, record) in stdout(&solved).lines().zip(&records) {
            let answer: serde_json::Value = serde_json::from_str(line).expect("JSON");
            assert_eq!(
                answer["status"], "unique",
                "{variant}: {}",
                record["puzzle"]
            );
            assert_eq!(answer["solution"], record["solution"]);
            assert_eq!(record["symmetry"], symmetry);
            assert_eq!(record["variant"], variant);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn impossible_requests_fail_clearly() {
    let o = fdoku(&["generate", "--size", "7"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--size 7"));
    let o = fdoku(&[
        "generate",
        "--size",
        "16",
        "--variant",
        "windoku",
        "--node-limit",
        "500",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no windoku 16×16 grid found within 500"));
    let o = fdoku(&["generate", "--minimal", "--clues", "30"]);
    assert_eq!(o.status.code(), Some(2), "clap: the two conflict");
}
