//! The web page in a real browser: `crates/web/e2e/run.mjs` (node's test
//! runner, npm `playwright-core`, Debian's `/usr/bin/chromium` headless)
//! starts this build's `fdoku serve` and drives the page — entering a
//! puzzle, playing and single-stepping the propagation, hints, generation,
//! the URL round trip, 16×16 and killer boards, variant elements, the
//! trace naming them and hints lighting them — writing screenshots to
//! `target/e2e-artifacts/`.
//!
//! `.ci/run` installs chromium and runs `npm ci` in `crates/web/e2e`. Under
//! `CI` a missing piece fails the test; elsewhere it is skipped with a note
//! saying what to install.

use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn the_page_works_in_headless_chromium() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let e2e = root.join("crates/web/e2e");
    let missing: Vec<&str> = [
        (!Path::new("/usr/bin/chromium").exists()).then_some("chromium (apt-get install chromium)"),
        (!e2e.join("node_modules/playwright-core").exists())
            .then_some("playwright-core (npm ci in crates/web/e2e)"),
        Command::new("node")
            .arg("--version")
            .output()
            .is_err()
            .then_some("node"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !missing.is_empty() {
        let message = format!(
            "browser tests need {}; `bash .ci/run` installs them",
            missing.join(", ")
        );
        assert!(std::env::var_os("CI").is_none(), "{message}");
        eprintln!("skipped: {message}");
        return;
    }
    let status = Command::new("node")
        .arg("run.mjs")
        .current_dir(&e2e)
        .env("FDOKU_BIN", env!("CARGO_BIN_EXE_fdoku"))
        .env("E2E_ARTIFACTS", root.join("target/e2e-artifacts"))
        .status()
        .expect("node runs");
    assert!(
        status.success(),
        "the browser tests failed (see their output above)"
    );
}
