//! Solving a FlatZinc model and printing what MiniZinc expects.
//!
//! Satisfaction: the first solution (`-n N`: the first `N`, `-a`: all),
//! then `==========` when the search space was exhausted. Optimisation:
//! branch and bound by restarts — each solution found narrows the
//! objective to `< best` (`>` when maximising) and the search starts again
//! from the root, with the weights it has learnt — until no better solution
//! exists (`==========`: the last solution is optimal);
//! only the best solution is printed unless `-a` or `-i` asks for each
//! improving one. `=====UNSATISFIABLE=====` when there is no solution,
//! `=====UNKNOWN=====` when the budget ran out before any. Every solution
//! passes the independent checker ([`crate::check()`]) before it is printed.
//! With `-p N`, a first solution or an optimum is sought by a [`portfolio`]
//! of `N` searches at once.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fdoku_fd::{Budget, SearchConfig, SearchStatus, Solution, Solver, Stats, Var};
use thiserror::Error;

mod portfolio;

use crate::ast::FlatZinc;
use crate::check::check;
use crate::compile::{Compiled, compile};
use crate::error::Error;
pub use crate::options::Options;
use crate::output;

/// How a run ended (the status line printed after the solutions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Solutions were printed; the search did not finish (no status line).
    Satisfied,
    /// Every solution was printed (`==========`).
    AllSolutions,
    /// The last solution printed is optimal (`==========`).
    Optimal,
    /// No solution exists (`=====UNSATISFIABLE=====`).
    Unsatisfiable,
    /// The budget ran out before any solution (`=====UNKNOWN=====`).
    Unknown,
}

/// Why a run failed.
#[derive(Debug, Error)]
pub enum RunError {
    /// The model cannot be compiled (an unknown builtin, a value too large).
    #[error(transparent)]
    Model(#[from] Error),
    /// The engine produced an assignment that the checker rejects: a bug,
    /// reported instead of a wrong answer.
    #[error("internal error: a solution failed the independent check: {0}")]
    WrongSolution(String),
    /// The output could not be written.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Counters summed over the searches of one run.
#[derive(Default)]
struct Tally {
    stats: Stats,
    searches: u64,
    solutions: u64,
    objective: Option<i64>,
}

impl Tally {
    fn add(&mut self, stats: Stats) {
        self.stats.nodes += stats.nodes;
        self.stats.failures += stats.failures;
        self.stats.propagations += stats.propagations;
        self.stats.max_depth = self.stats.max_depth.max(stats.max_depth);
        self.stats.restarts += stats.restarts;
        self.searches += 1;
    }
}

/// Solves `fzn` as `options` say, writing solutions and the status line to
/// `out`.
pub fn run(fzn: &FlatZinc, options: &Options, out: &mut dyn Write) -> Result<Status, RunError> {
    let started = Instant::now();
    let compiled = compile(fzn)?;
    let init_time = started.elapsed();
    let deadline = options
        .time_limit
        .and_then(|limit| started.checked_add(limit));
    // The engine reads its cancel flag at every node (its clock only every
    // 64): a watchdog raises the flag at the deadline or on Ctrl-C.
    let stop = Arc::new(AtomicBool::new(due(deadline, options.cancel.as_deref())));
    let budget = Budget::unlimited().with_cancel_flag(Arc::clone(&stop));
    let mut configs = portfolio::configs(fzn, &compiled.vars, options);
    // Enumeration is one search's: another would print solutions again.
    let enumerates =
        compiled.objective.is_none() && (options.all || options.solutions.is_some_and(|n| n > 1));
    if enumerates {
        configs.truncate(1);
    }
    let mut tally = Tally::default();
    let solve_started = Instant::now();
    let search = Search {
        fzn,
        compiled: &compiled,
        budget,
        options,
    };
    let done = AtomicBool::new(false);
    let status = std::thread::scope(|scope| {
        if deadline.is_some() || options.cancel.is_some() {
            scope.spawn(|| watch(deadline, options.cancel.as_deref(), &stop, &done));
        }
        let status = match (compiled.objective, configs.len()) {
            (None, 1) => search.satisfy(configs.remove(0), &mut tally, out),
            (Some(objective), 1) => search.optimise(configs.remove(0), objective, &mut tally, out),
            (None, _) => search.satisfy_portfolio(configs, &stop, &mut tally, out),
            (Some(objective), _) => {
                search.optimise_portfolio(configs, objective, &stop, &mut tally, out)
            }
        };
        done.store(true, Ordering::Relaxed);
        status
    })?;
    match status {
        Status::AllSolutions | Status::Optimal => writeln!(out, "==========")?,
        Status::Unsatisfiable => writeln!(out, "=====UNSATISFIABLE=====")?,
        Status::Unknown => writeln!(out, "=====UNKNOWN=====")?,
        Status::Satisfied => {}
    }
    if options.statistics {
        let stat = |out: &mut dyn Write, name: &str, value: String| {
            writeln!(out, "%%%mzn-stat: {name}={value}")
        };
        stat(out, "initTime", format!("{:.6}", init_time.as_secs_f64()))?;
        stat(
            out,
            "solveTime",
            format!("{:.6}", solve_started.elapsed().as_secs_f64()),
        )?;
        stat(out, "solutions", tally.solutions.to_string())?;
        stat(out, "variables", compiled.model.num_vars().to_string())?;
        stat(
            out,
            "propagators",
            compiled.model.constraints().len().to_string(),
        )?;
        stat(out, "propagations", tally.stats.propagations.to_string())?;
        stat(out, "nodes", tally.stats.nodes.to_string())?;
        stat(out, "failures", tally.stats.failures.to_string())?;
        let restarts = tally.searches.saturating_sub(1) + tally.stats.restarts;
        stat(out, "restarts", restarts.to_string())?;
        stat(out, "peakDepth", tally.stats.max_depth.to_string())?;
        if let Some(objective) = tally.objective {
            stat(out, "objective", objective.to_string())?;
        }
        writeln!(out, "%%%mzn-stat-end")?;
    }
    out.flush()?;
    Ok(status)
}

/// Whether `deadline` has passed or `cancel` is raised.
fn due(deadline: Option<Instant>, cancel: Option<&AtomicBool>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
        || cancel.is_some_and(|c| c.load(Ordering::Relaxed))
}

/// Raises `stop` once the run is [`due`], polling every 2 ms until `done`.
fn watch(
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
    stop: &AtomicBool,
    done: &AtomicBool,
) {
    while !done.load(Ordering::Relaxed) {
        if due(deadline, cancel) {
            stop.store(true, Ordering::Relaxed);
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// One run's model and limits.
struct Search<'a> {
    fzn: &'a FlatZinc,
    compiled: &'a Compiled,
    budget: Budget,
    options: &'a Options,
}

impl Search<'_> {
    /// The FlatZinc values of an engine solution, checked.
    fn checked_values(&self, solution: &Solution) -> Result<Vec<i64>, RunError> {
        let values: Vec<i64> = self
            .compiled
            .vars
            .iter()
            .map(|&v| i64::from(solution.value(v)))
            .collect();
        check(self.fzn, &values).map_err(RunError::WrongSolution)?;
        Ok(values)
    }

    fn satisfy(
        &self,
        config: SearchConfig,
        tally: &mut Tally,
        out: &mut dyn Write,
    ) -> Result<Status, RunError> {
        let limit = match (self.options.all, self.options.solutions) {
            (true, limit) => limit,
            (false, limit) => Some(limit.unwrap_or(1)),
        };
        // Solutions differ on the model's own variables: MiniZinc's
        // auxiliary ones take the first values that complete them.
        let config = SearchConfig {
            project: true,
            ..config
        };
        let mut solver =
            Solver::with_config(&self.compiled.model, config).with_budget(self.budget.clone());
        let mut solutions = solver.solutions();
        while limit.is_none_or(|limit| tally.solutions < limit) {
            let Some(solution) = solutions.next() else {
                break;
            };
            let values = self.checked_values(&solution)?;
            output::solution(self.fzn, &values, out)?;
            tally.solutions += 1;
        }
        tally.add(solver.stats());
        Ok(match (solver.status(), tally.solutions) {
            (Some(SearchStatus::Complete), 0) => Status::Unsatisfiable,
            (Some(SearchStatus::Complete), _) => Status::AllSolutions,
            (Some(SearchStatus::Stopped(_)), 0) => Status::Unknown,
            _ => Status::Satisfied,
        })
    }

    fn optimise(
        &self,
        config: SearchConfig,
        (objective, minimise): (Var, bool),
        tally: &mut Tally,
        out: &mut dyn Write,
    ) -> Result<Status, RunError> {
        let print_each = self.options.all || self.options.intermediate;
        let mut best: Option<Vec<i64>> = None;
        // One solver for every search: the weights it learns stay.
        let mut solver =
            Solver::with_config(&self.compiled.model, config).with_budget(self.budget.clone());
        let status = loop {
            let result = solver.solve();
            tally.add(result.stats);
            let Some(solution) = result.solution else {
                break match (result.status, &best) {
                    (SearchStatus::Complete, Some(_)) => Status::Optimal,
                    (SearchStatus::Complete, None) => Status::Unsatisfiable,
                    (_, Some(_)) => Status::Satisfied,
                    (_, None) => Status::Unknown,
                };
            };
            let values = self.checked_values(&solution)?;
            let value = solution.value(objective);
            tally.solutions += 1;
            tally.objective = Some(i64::from(value));
            if print_each {
                output::solution(self.fzn, &values, out)?;
            }
            best = Some(values);
            if self.options.solutions == Some(tally.solutions) {
                break Status::Satisfied;
            }
            // Only better solutions from now on: none when the value is
            // already the extreme of 32 bits.
            let better = if minimise {
                value.checked_sub(1).map(|bound| (i32::MIN, bound))
            } else {
                value.checked_add(1).map(|bound| (bound, i32::MAX))
            };
            let Some((min, max)) = better else {
                break Status::Optimal;
            };
            solver.narrow(objective, min, max);
        };
        if !print_each && let Some(values) = &best {
            output::solution(self.fzn, values, out)?;
        }
        Ok(status)
    }
}
