//! Running the real binary from the repository root.

use std::path::PathBuf;
use std::process::{Command, Output};

/// `fdoku ARGS`, run from the repository root.
pub fn fdoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fdoku"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("fdoku runs")
}

/// Its standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8")
}
