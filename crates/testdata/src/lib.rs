//! # fdoku-testdata — where fdoku's tests and benchmarks find puzzles
//!
//! Two kinds of data, in two places:
//!
//! * **Fixtures**: small samples of public collections, committed under the
//!   repository's `tests/data/` (its `README.md` names each file's origin,
//!   the lines taken and the licence). A test that needs only a sample reads
//!   one through [`fixture`] or [`read_fixture`], and always runs.
//! * **The corpus**: the full collections, among them some whose licence
//!   keeps them out of the repository, in the directory named by the
//!   environment variable `FDOKU_DATA` (CI sets it to `../shared/data`
//!   beside the checkout). A test that needs a whole collection asks
//!   [`corpus`] or [`read_corpus`], which decide by [`CorpusSetting`]:
//!   - `FDOKU_DATA` set: the file's path, and a panic if the file is not
//!     there;
//!   - unset, outside CI: `None`, after a `skipped: …` line on stderr
//!     (written past libtest's capture, so it shows); the test returns
//!     early and passes;
//!   - unset under CI (`CI` set to anything but empty, `0` or `false`): a
//!     panic, so that CI never skips a corpus test unseen.
//!
//! A relative `FDOKU_DATA` is taken from the workspace root, where `cargo`
//! is run, not from the crate directory each test runs in:
//! `FDOKU_DATA=../shared/data cargo test` works from the repository root.
//!
//! ```
//! use fdoku_testdata::{CorpusSetting, read_fixture};
//! use std::ffi::OsStr;
//! use std::path::Path;
//!
//! let top95 = read_fixture("norvig_top95.txt");
//! assert_eq!(top95.lines().count(), 95);
//!
//! let root = Path::new("/src/fdoku");
//! let set = |data: Option<&str>, ci: Option<&str>| {
//!     CorpusSetting::from_values(data.map(OsStr::new), ci.map(OsStr::new), root)
//! };
//! assert_eq!(
//!     set(Some("../shared/data"), None),
//!     CorpusSetting::Dir("/src/fdoku/../shared/data".into())
//! );
//! assert_eq!(set(None, None), CorpusSetting::Skip);
//! assert_eq!(set(None, Some("false")), CorpusSetting::Skip);
//! assert_eq!(set(None, Some("true")), CorpusSetting::Required);
//! ```

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable that names the corpus directory.
pub const DATA_VAR: &str = "FDOKU_DATA";

/// Where CI keeps the corpus, from the workspace root: the example the
/// messages give.
const SHARED_DATA: &str = "../shared/data";

/// The workspace root: two levels above this crate's directory.
fn workspace_root() -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    crate_dir
        .parent()
        .and_then(Path::parent)
        .map_or_else(|| crate_dir.join("../.."), Path::to_path_buf)
}

/// The committed fixture `name`: `tests/data/<name>` at the repository
/// root, as an absolute path. Panics if there is no such file.
///
/// ```
/// let path = fdoku_testdata::fixture("norvig_hardest11.txt");
/// assert!(path.is_absolute() && path.is_file());
/// ```
pub fn fixture(name: &str) -> PathBuf {
    let path = workspace_root().join("tests/data").join(name);
    assert!(
        path.is_file(),
        "no fixture {}: the committed test data lives in tests/data (see its README.md)",
        path.display()
    );
    path
}

/// The text of the committed fixture `name` (see [`fixture`]).
pub fn read_fixture(name: &str) -> String {
    read(&fixture(name))
}

/// What the environment says about the corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorpusSetting {
    /// `FDOKU_DATA` names this directory (a relative one joined to the
    /// workspace root).
    Dir(PathBuf),
    /// `FDOKU_DATA` is unset (or empty) outside CI: corpus tests skip.
    Skip,
    /// `FDOKU_DATA` is unset (or empty) under CI: corpus tests fail.
    Required,
}

impl CorpusSetting {
    /// Decides from the values of `FDOKU_DATA` and `CI` (`None` when unset);
    /// a relative `FDOKU_DATA` is joined to `root`.
    pub fn from_values(data: Option<&OsStr>, ci: Option<&OsStr>, root: &Path) -> Self {
        match data.filter(|d| !d.is_empty()) {
            Some(dir) => Self::Dir(root.join(dir)),
            None if ci.is_some_and(is_true) => Self::Required,
            None => Self::Skip,
        }
    }

    /// Decides from this process's environment, relative to the workspace
    /// root.
    pub fn from_env() -> Self {
        Self::from_values(
            std::env::var_os(DATA_VAR).as_deref(),
            std::env::var_os("CI").as_deref(),
            &workspace_root(),
        )
    }
}

/// Whether a flag variable's value means "on": anything but empty, `0` or
/// `false` (in any case).
fn is_true(value: &OsStr) -> bool {
    let value = value.to_string_lossy();
    let value = value.trim();
    !(value.is_empty() || value == "0" || value.eq_ignore_ascii_case("false"))
}

/// The corpus file `name` in `FDOKU_DATA`, or `None` when the corpus tests
/// are skipped here (see the crate documentation).
///
/// Panics when `FDOKU_DATA` is set but holds no `name`, and when it is unset
/// under CI. A test that gets `None` returns at once:
///
/// ```
/// let Some(path) = fdoku_testdata::corpus("norvig_top95.txt") else {
///     return; // skipped, and said so on stderr
/// };
/// assert!(path.is_file());
/// ```
pub fn corpus(name: &str) -> Option<PathBuf> {
    match CorpusSetting::from_env() {
        CorpusSetting::Dir(dir) => Some(in_dir(&dir, name)),
        CorpusSetting::Skip => {
            // Straight to the process's stderr: libtest captures what
            // `eprintln!` prints in a test that passes, and a skip must show.
            let _ = writeln!(
                std::io::stderr(),
                "skipped: {}: {DATA_VAR} is not set (point it at a directory holding {name}, e.g. {SHARED_DATA})",
                current_test()
            );
            None
        }
        CorpusSetting::Required => panic!(
            "{}: {DATA_VAR} is not set, but CI is: the corpus tests need {DATA_VAR} under CI \
             (a directory holding {name}, e.g. {SHARED_DATA})",
            current_test()
        ),
    }
}

/// The text of the corpus file `name`, or `None` when the corpus tests are
/// skipped here (see [`corpus`]).
pub fn read_corpus(name: &str) -> Option<String> {
    corpus(name).map(|path| read(&path))
}

/// For benchmarks, which always want the full collections: the corpus file
/// `name` in `FDOKU_DATA`, or, where that is unset, in `../shared/data`
/// beside the workspace. Panics, saying what to set, when the file is not
/// there.
pub fn bench_corpus(name: &str) -> PathBuf {
    let dir = match CorpusSetting::from_env() {
        CorpusSetting::Dir(dir) => dir,
        CorpusSetting::Skip | CorpusSetting::Required => workspace_root().join(SHARED_DATA),
    };
    in_dir(&dir, name)
}

/// `dir/name`, which must be a file.
fn in_dir(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    assert!(
        path.is_file(),
        "no {} in {}: set {DATA_VAR} to the directory holding the puzzle collections \
         (e.g. {SHARED_DATA}; a relative path is taken from the workspace root)",
        name,
        dir.display()
    );
    path
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The running test, as `binary::test` where known: the test binary's
/// name without cargo's hash, and libtest's name for the test's thread.
fn current_test() -> String {
    let binary = std::env::current_exe().ok().and_then(|exe| {
        let stem = exe.file_stem()?.to_string_lossy().into_owned();
        Some(match stem.rsplit_once('-') {
            Some((name, hash)) if hash.bytes().all(|b| b.is_ascii_hexdigit()) => name.to_owned(),
            _ => stem,
        })
    });
    let thread = std::thread::current()
        .name()
        .filter(|name| *name != "main")
        .map(str::to_owned);
    match (binary, thread) {
        (Some(binary), Some(test)) => format!("{binary}::{test}"),
        (one, other) => one.or(other).unwrap_or_else(|| "a corpus test".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(data: Option<&str>, ci: Option<&str>) -> CorpusSetting {
        CorpusSetting::from_values(data.map(OsStr::new), ci.map(OsStr::new), Path::new("/repo"))
    }

    #[test]
    fn a_set_data_directory_wins_whatever_ci_says() {
        for ci in [None, Some(""), Some("true"), Some("false")] {
            assert_eq!(
                setting(Some("/data"), ci),
                CorpusSetting::Dir("/data".into()),
                "{ci:?}"
            );
        }
    }

    #[test]
    fn a_relative_data_directory_is_taken_from_the_workspace_root() {
        assert_eq!(
            setting(Some("../shared/data"), None),
            CorpusSetting::Dir("/repo/../shared/data".into())
        );
    }

    #[test]
    fn unset_or_empty_data_skips_outside_ci_and_is_required_under_it() {
        for data in [None, Some("")] {
            for off in [None, Some(""), Some("0"), Some("false"), Some("FALSE")] {
                assert_eq!(setting(data, off), CorpusSetting::Skip, "{data:?} {off:?}");
            }
            for on in ["true", "1", "yes", "True"] {
                assert_eq!(
                    setting(data, Some(on)),
                    CorpusSetting::Required,
                    "{data:?} {on}"
                );
            }
        }
    }

    #[test]
    fn fixtures_resolve_to_committed_files() {
        let readme = fixture("README.md");
        assert!(readme.ends_with("tests/data/README.md"));
        assert!(read_fixture("README.md").contains("FDOKU_DATA"));
    }

    #[test]
    #[should_panic(expected = "no fixture")]
    fn a_missing_fixture_names_the_place_to_look() {
        fixture("no-such-fixture.txt");
    }

    #[test]
    #[should_panic(expected = "set FDOKU_DATA to the directory holding")]
    fn a_corpus_directory_without_the_file_says_what_to_set() {
        in_dir(
            Path::new(env!("CARGO_MANIFEST_DIR")),
            "no-such-collection.txt",
        );
    }

    #[test]
    fn the_running_test_is_named_with_its_binary() {
        let name = current_test();
        assert!(
            name.starts_with("fdoku_testdata::")
                && name.ends_with("the_running_test_is_named_with_its_binary"),
            "{name}"
        );
    }
}
