//! Runs a search the way the flags ask and prints it, as text or JSON.
//!
//! Every solution goes through the independent checker before it is
//! printed; a solution that fails it is an internal error (exit code 1).
//! Text output streams (`--all` on a big problem starts printing at once);
//! JSON output is one object per run.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, anyhow};
use fdoku_fd::{Model, SearchStatus, Solution, Solver, Stats, Strength, check};
use serde::Serialize;

use crate::cli::SearchArgs;
use crate::error::BadInput;

/// What the user asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    First,
    All,
    Count,
}

impl Mode {
    fn of(args: &SearchArgs) -> Mode {
        match (args.mode.all, args.mode.count) {
            (true, _) => Mode::All,
            (_, true) => Mode::Count,
            _ => Mode::First,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::All => "all",
            Mode::Count => "count",
        }
    }
}

/// A problem the CLI can search and print.
pub trait Problem {
    /// A solution as JSON shows it.
    type Shown: Serialize;
    /// `queens`, `color`, …
    fn name(&self) -> &'static str;
    /// The model to search.
    fn model(&self) -> &Model;
    /// Problem-specific fields of the JSON report (an object).
    fn params(&self) -> serde_json::Value;
    /// A solution for JSON.
    fn shown(&self, solution: &Solution) -> Self::Shown;
    /// A solution for people, on as many lines as it needs (`--first`).
    fn display(&self, solution: &Solution) -> String;
    /// A solution on one line (`--all`).
    fn line(&self, solution: &Solution) -> String;
}

#[derive(Serialize)]
struct Report<S: Serialize> {
    problem: &'static str,
    #[serde(flatten)]
    params: serde_json::Value,
    mode: &'static str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<&'static str>,
    /// The number of solutions, when the search went through.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// A lower bound, when it stopped at `--limit` or a limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    count_at_least: Option<u64>,
    solutions: Vec<S>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<Stats>,
}

/// Searches `problem` as `args` say, printing to `out`. Returns the exit
/// code: 0 when answered, 3 when stopped early.
pub fn execute<P: Problem>(
    problem: &P,
    args: &SearchArgs,
    alldiff: Option<Strength>,
    cancel: &Arc<AtomicBool>,
    out: &mut dyn Write,
) -> anyhow::Result<u8> {
    let mode = Mode::of(args);
    let limit = if mode == Mode::First {
        Some(1)
    } else {
        args.limit
    };
    let config = args.heuristics.config(alldiff);
    let mut solver =
        Solver::with_config(problem.model(), config).with_budget(args.limits.budget(cancel, None)?);
    let mut shown = Vec::new();
    let mut count = 0;
    let mut solutions = solver.solutions();
    while limit.is_none_or(|limit| count < limit) {
        let Some(solution) = solutions.next() else {
            break;
        };
        check(problem.model(), solution.values())
            .map_err(|v| anyhow!("internal error: a solution failed the independent check: {v}"))?;
        count += 1;
        match (mode, args.json) {
            (Mode::Count, _) => {}
            (_, true) => shown.push(problem.shown(&solution)),
            (Mode::First, false) => write!(out, "{}", problem.display(&solution))?,
            (Mode::All, false) => writeln!(out, "{}", problem.line(&solution))?,
        }
    }
    let status = if limit == Some(count) {
        SearchStatus::SolutionLimit
    } else {
        solver.status().unwrap_or(SearchStatus::Complete)
    };
    let stats = solver.stats();
    let exact = status == SearchStatus::Complete;
    let (status_name, stopped_by) = match status {
        SearchStatus::Complete => ("complete", None),
        SearchStatus::SolutionLimit => ("limit", None),
        SearchStatus::Stopped(reason) => ("stopped", Some(reason.describe())),
    };
    if args.json {
        let report = Report {
            problem: problem.name(),
            params: problem.params(),
            mode: mode.name(),
            status: status_name,
            stopped_by,
            count: exact.then_some(count),
            count_at_least: (!exact).then_some(count),
            solutions: shown,
            stats: args.stats.then_some(stats),
        };
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        match mode {
            Mode::Count if exact => writeln!(out, "{count}")?,
            Mode::Count => writeln!(out, "≥{count}")?,
            Mode::First if count == 0 && stopped_by.is_none() => writeln!(out, "no solution")?,
            _ => {}
        }
        if let Some(reason) = stopped_by {
            let what = match mode {
                Mode::First => "no solution found yet".to_owned(),
                _ => format!("{count} solutions so far: a lower bound"),
            };
            eprintln!("fdoku: stopped early ({reason}); {what}");
        }
        if args.stats {
            eprintln!("{stats}");
        }
    }
    out.flush()?;
    Ok(if stopped_by.is_some() { 3 } else { 0 })
}

/// Reads a whole input file, naming it in the error.
pub fn read_input(path: &std::path::Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))
        .map_err(|e| BadInput(format!("{e:#}")).into())
}
