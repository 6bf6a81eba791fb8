//! The integration tests of fdoku-fzn, one module per subject, built as one
//! test binary:
//!
//! * [`known_answers`] — models flattened by MiniZinc 2.6.4 (`tests/data`)
//!   with their known solution counts and optima;
//! * [`bad_input`] — syntax errors, unknown builtins, float and set
//!   variables, unsatisfiable and empty models;
//! * [`random_models`] — random small FlatZinc models: the solutions
//!   printed with `-a` equal those brute force accepts with the checker;
//! * [`portfolio`] — `-p N` against one search and brute force;
//! * [`restarts`] — restart annotations, restarting search and branch and
//!   bound against brute force and known optima, seeds;
//! * [`regression`] — one test per bug found, named after it.

mod bad_input;
mod known_answers;
mod portfolio;
mod random_models;
mod regression;
mod restarts;

use fdoku_fzn::{Options, Status};

/// The text of the fixture `tests/data/NAME.fzn`.
fn fixture(name: &str) -> String {
    let path = format!("{}/tests/data/{name}.fzn", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs FlatZinc `text` under `options`: what it prints, and how it ended.
fn run(text: &str, options: &Options) -> (String, Status) {
    let fzn = fdoku_fzn::parse(text).expect("the model parses");
    let mut out = Vec::new();
    let status = fdoku_fzn::run(&fzn, options, &mut out).expect("the model runs");
    (String::from_utf8(out).expect("UTF-8 output"), status)
}

/// The options of `-a`.
fn all() -> Options {
    Options {
        all: true,
        ..Options::default()
    }
}

/// The solutions printed in `output`, each as its lines.
fn solutions(output: &str) -> Vec<String> {
    output
        .split("----------\n")
        .filter(|chunk| chunk.contains(" = "))
        .map(|chunk| {
            chunk
                .lines()
                .filter(|line| line.contains(" = "))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect()
}
