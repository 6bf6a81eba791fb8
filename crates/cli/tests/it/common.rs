//! Running the real binary from the repository root.

// Each test file compiles this module on its own and uses only some helpers.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// `fdoku ARGS`, run from the repository root.
pub fn fdoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fdoku"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("fdoku runs")
}

/// `fdoku ARGS` with `stdin` as its standard input.
pub fn fdoku_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fdoku"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fdoku runs");
    let mut input = child.stdin.take().expect("piped stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&data));
    let output = child.wait_with_output().expect("fdoku finishes");
    let _ = writer.join();
    output
}

/// `fdoku ARGS` started with piped output, and the first line it prints
/// (the rest of its output is left unread).
pub fn first_line(args: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fdoku"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fdoku runs");
    let mut first = String::new();
    let stdout = child.stdout.take().expect("piped stdout");
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a line of output");
    (child, first)
}

/// `path` (a fixture or corpus file from `fdoku_testdata`) as a
/// command-line argument.
pub fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// Its standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8")
}

/// The output of a run that must succeed (the message shows its stderr),
/// as one JSON value per line.
pub fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON value per line"))
        .collect()
}
