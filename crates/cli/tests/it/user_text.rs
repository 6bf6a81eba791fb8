//! What users read — the README, the docs, every command's `--help` and the
//! web page — speaks of what fdoku does, never of how it was built: no
//! numbered work sessions, issues or rounds, no numbered origin documents.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use crate::common::{fdoku, stdout};

/// Words that, followed by a number, name development history.
const HISTORY: [&str; 4] = ["session ", "issue ", "round ", "seed 0"];

/// The places in `text` where a history word is followed by a digit.
fn history_mentions(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut found = Vec::new();
    for word in HISTORY {
        for (at, _) in lower.match_indices(word) {
            let after = &lower[at + word.len()..];
            let starts_word = at == 0 || !lower[..at].ends_with(|c: char| c.is_alphanumeric());
            if starts_word && after.starts_with(|c: char| c.is_ascii_digit()) {
                let end = (at + word.len() + 8).min(lower.len());
                found.push(lower.get(at..end).unwrap_or(word).to_owned());
            }
        }
    }
    found
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn the_matcher_finds_history_and_nothing_else() {
    assert_eq!(history_mentions("as in Session 11, we"), ["session 11, we"]);
    assert_eq!(history_mentions("Seed 003's ladder"), ["seed 003's lad"]);
    assert_eq!(history_mentions("(issue 4)"), ["issue 4)"]);
    assert!(history_mentions("--seed 7, the issue is, a round trip").is_empty());
    assert!(history_mentions("a digression 4").is_empty());
}

#[test]
fn docs_and_page_name_no_development_history() {
    let repo = repo();
    let mut files = vec![repo.join("README.md"), repo.join("CONTRIBUTING.md")];
    files.extend(files_in(&repo.join("docs")));
    files.extend(files_in(&repo.join("crates/web/assets")));
    let mut offending = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue; // an image
        };
        for mention in history_mentions(&text) {
            offending.push(format!("{}: {mention}", file.display()));
        }
    }
    assert!(offending.is_empty(), "{offending:#?}");
}

#[test]
fn help_texts_name_no_development_history() {
    let main = stdout(&fdoku(&["--help"]));
    // The commands are the indented first words of the help's command list.
    let commands: Vec<String> = main
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .filter(|c| c != "help")
        .collect();
    // Fourteen commands; thirteen in a build without `serve`.
    let expected = if cfg!(feature = "serve") { 14 } else { 13 };
    assert_eq!(commands.len(), expected, "{commands:?}");
    let mut helps = vec![main];
    for command in &commands {
        helps.push(stdout(&fdoku(&[command, "--help"])));
    }
    for sub in ["variants", "propagation"] {
        helps.push(stdout(&fdoku(&["study", sub, "--help"])));
    }
    for help in helps {
        assert!(history_mentions(&help).is_empty(), "{help}");
    }
}
