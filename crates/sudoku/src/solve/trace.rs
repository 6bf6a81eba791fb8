//! Solving with the engine while recording what it does, in cell terms: the
//! answer `fdoku serve`'s page replays.
//!
//! [`trace`] runs two searches of the engine model ([`FdSolver`]: one
//! `all_different` per house at the strength asked for, per killer cage an
//! `all_different` and a sum) under one [`Budget`]:
//!
//! 1. traced, to the first solution: every pruning (which house removed
//!    which digits from which cell), failure, guess and refutation, as
//!    [`CellEvent`]s. The trace is capped at [`TraceCaps::max_events`]; to
//!    keep its memory bounded the traced search gets a node limit that
//!    grows (×4 from 64 nodes) only while the trace stays under the cap.
//!    It runs first, so its caps keep it short and the answer gets the rest
//!    of the budget;
//! 2. untraced, to two solutions: the [`Uniqueness`], the first solution
//!    (checked by the independent checker) and [`AnswerStats`].
//!
//! Replaying the prunes in order from full candidates (givens fixed) gives
//! the candidates at each step; a guess's subtree ends at a `fail` (its
//! prunes are then undone), and the `refute` that follows continues from
//! the state before the guess.
//!
//! ```
//! use fdoku_fd::{Budget, Strength};
//! use fdoku_sudoku::{Puzzle, Rules};
//! use fdoku_sudoku::solve::{CellEvent, TraceCaps, Uniqueness, trace};
//!
//! // A 4×4 with one cell open: the row removes the three other digits.
//! let givens = vec![0, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
//! let puzzle = Puzzle::new(Rules::classic(4).unwrap(), givens).unwrap();
//! let traced = trace(&puzzle, Strength::Forward, &Budget::unlimited(), TraceCaps::default()).unwrap();
//! assert_eq!(traced.status, Uniqueness::Unique);
//! assert_eq!(traced.solution.as_deref().map(|s| s[0]), Some(1));
//! assert!(matches!(&traced.trace[0], CellEvent::Prune { cell: 0, by, .. } if by == "row 1"));
//! assert_eq!(traced.trace.last(), Some(&CellEvent::Solution));
//! ```

use fdoku_fd::{
    Budget, Model, SearchConfig, SearchStatus, Solver, StopReason, Strength, TraceEvent, Var,
};
use serde::{Serialize, Serializer};
use thiserror::Error;

use super::FdSolver;
use crate::check::{SolutionError, check_solution};
use crate::puzzle::{Clash, Puzzle};

/// Limits on the recorded trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceCaps {
    /// The most events kept; a longer trace is cut there and marked
    /// [`TracedSolve::truncated`].
    pub max_events: usize,
    /// The traced search's node limit grows (×4 from 64) while its trace
    /// stays under `max_events`, but never past this.
    pub max_nodes: u64,
}

impl Default for TraceCaps {
    /// 20,000 events and 2²² nodes: a trace a browser replays at once.
    fn default() -> Self {
        TraceCaps {
            max_events: 20_000,
            max_nodes: 1 << 22,
        }
    }
}

/// The answer of [`trace`]: what the search to two solutions found, and how
/// the engine reached the first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TracedSolve {
    /// Whether the solution is unique.
    pub status: Uniqueness,
    /// The first solution, N² digits (checked by the independent checker).
    pub solution: Option<Vec<u8>>,
    /// The `all_different` strength used.
    pub strength: Strength,
    /// What the search to two solutions cost.
    pub stats: AnswerStats,
    /// Two givens that clash (which explains [`Uniqueness::None`]),
    /// serialised as its sentence.
    #[serde(serialize_with = "as_sentence")]
    pub clash: Option<Clash>,
    /// The engine's events up to the first solution, in order.
    pub trace: Vec<CellEvent>,
    /// Whether the trace stops before the first solution (at
    /// [`TraceCaps::max_events`], or when the budget ran out).
    pub truncated: bool,
}

/// Whether a puzzle has one solution, as far as the budget allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Uniqueness {
    /// Exactly one solution.
    Unique,
    /// At least two solutions.
    Multiple,
    /// No solution.
    None,
    /// A first solution was found; the budget ran out before a second one
    /// was ruled out.
    Stopped,
}

/// What the untraced search to two solutions cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AnswerStats {
    /// Search nodes, the root included.
    pub nodes: u64,
    /// Branches taken: nodes − 1, as the command line counts.
    pub guesses: u64,
    /// Nodes that failed.
    pub failures: u64,
    /// Propagator runs.
    pub propagations: u64,
    /// The deepest decision level.
    pub max_depth: u64,
    /// Microseconds spent.
    pub micros: u64,
}

/// One step of the engine, in cell terms. `by` names the constraint's
/// house: `row N`, `column N`, `box N`, `diagonal ↘`/`↙`, `window N`,
/// `region N`, `cage N` or `cage N sum`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum CellEvent {
    /// A house's constraint removed candidates from a cell.
    Prune {
        /// The cell's index.
        cell: usize,
        /// The digits removed, in increasing order.
        removed: Vec<u8>,
        /// The house.
        by: String,
    },
    /// A house's constraint found the node inconsistent.
    Fail {
        /// The cell left without candidates, if any.
        cell: Option<usize>,
        /// The house.
        by: String,
    },
    /// Search tries `cell = digit`, opening level `depth`.
    Guess {
        /// The cell's index.
        cell: usize,
        /// The digit tried.
        digit: u8,
        /// The search depth after the decision (1 for the first).
        depth: u32,
    },
    /// After that branch, search tries `cell ≠ digit` at level `depth`.
    Refute {
        /// The cell's index.
        cell: usize,
        /// The digit ruled out.
        digit: u8,
        /// The search depth of the refuted decision's parent.
        depth: u32,
    },
    /// Every cell is fixed and every house holds.
    Solution,
}

/// Why [`trace`] has no answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TraceError {
    /// The budget ran out before a first solution was found or ruled out.
    #[error("stopped before an answer: {}", .0.describe())]
    Stopped(StopReason),
    /// The engine's solution fails the independent checker (a bug).
    #[error("the engine's solution fails the check: {0}")]
    WrongSolution(#[source] SolutionError),
}

/// Solves `puzzle` with the engine at `strength` under `budget`: the
/// uniqueness, the first solution, what the search cost and the trace of
/// how the engine found it (see the module documentation).
pub fn trace(
    puzzle: &Puzzle,
    strength: Strength,
    budget: &Budget,
    caps: TraceCaps,
) -> Result<TracedSolve, TraceError> {
    let config = SearchConfig {
        alldiff: Some(strength),
        ..SearchConfig::default()
    };
    let fd = FdSolver::new(puzzle, config.clone());
    let (events, truncated) = traced_search(fd.model(), &config, budget, caps);
    let trace = in_cell_terms(&fd, &events, caps.max_events);

    let mut solver = Solver::with_config(fd.model(), config).with_budget(budget.clone());
    let (first, second) = {
        let mut solutions = solver.solutions();
        let first = solutions.next();
        let second = first.as_ref().and_then(|_| solutions.next());
        (first, second)
    };
    let stopped = match solver.status() {
        Some(SearchStatus::Stopped(reason)) => Some(reason),
        _ => None,
    };
    let status = match (&first, &second, stopped) {
        (None, _, Some(reason)) => return Err(TraceError::Stopped(reason)),
        (None, _, None) => Uniqueness::None,
        (Some(_), Some(_), _) => Uniqueness::Multiple,
        (Some(_), None, Some(_)) => Uniqueness::Stopped,
        (Some(_), None, None) => Uniqueness::Unique,
    };
    let solution = first.map(|s| {
        fd.cells()
            .iter()
            .map(|&var| digit(s.value(var)))
            .collect::<Vec<u8>>()
    });
    if let Some(grid) = &solution {
        check_solution(puzzle, grid).map_err(TraceError::WrongSolution)?;
    }
    let stats = solver.stats();
    Ok(TracedSolve {
        status,
        solution,
        strength,
        stats: AnswerStats {
            nodes: stats.nodes,
            guesses: stats.nodes.saturating_sub(1),
            failures: stats.failures,
            propagations: stats.propagations,
            max_depth: stats.max_depth,
            micros: stats.time.as_micros() as u64,
        },
        clash: puzzle.clash(),
        truncated: truncated || events.len() > caps.max_events,
        trace,
    })
}

/// The engine's events of the search to the first solution, and whether
/// that search stopped before it (at the node limit, once the trace is long
/// enough, or when the budget ran out).
fn traced_search(
    model: &Model,
    config: &SearchConfig,
    budget: &Budget,
    caps: TraceCaps,
) -> (Vec<TraceEvent>, bool) {
    let config = SearchConfig {
        trace: true,
        ..config.clone()
    };
    let mut node_limit = 64u64;
    loop {
        let mut traced = Solver::with_config(model, config.clone())
            .with_budget(budget.clone().with_node_limit(node_limit));
        let result = traced.solve();
        let events = traced.take_trace();
        match result.status {
            SearchStatus::Stopped(StopReason::NodeLimit)
                if events.len() < caps.max_events && node_limit < caps.max_nodes =>
            {
                node_limit *= 4;
            }
            SearchStatus::Stopped(_) => return (events, true),
            _ => return (events, false),
        }
    }
}

/// The first `max_events` engine events, each variable replaced by its cell
/// and each constraint by its house's name. The model has one variable per
/// cell and no other, so every event finds its cell.
fn in_cell_terms(fd: &FdSolver, events: &[TraceEvent], max_events: usize) -> Vec<CellEvent> {
    let model = fd.model();
    let mut cell_of = vec![None; model.num_vars()];
    for (cell, var) in fd.cells().iter().enumerate() {
        cell_of[var.index()] = Some(cell);
    }
    let cell = |var: Var| cell_of.get(var.index()).copied().flatten();
    events
        .iter()
        .take(max_events)
        .filter_map(|event| match event {
            TraceEvent::Prune {
                constraint,
                var,
                removed,
            } => Some(CellEvent::Prune {
                cell: cell(*var)?,
                removed: removed.iter().map(|&value| digit(value)).collect(),
                by: model.constraint_label(*constraint),
            }),
            TraceEvent::Fail { constraint, var } => Some(CellEvent::Fail {
                cell: var.and_then(cell),
                by: model.constraint_label(*constraint),
            }),
            TraceEvent::Guess { depth, var, value } => Some(CellEvent::Guess {
                cell: cell(*var)?,
                digit: digit(*value),
                depth: *depth,
            }),
            TraceEvent::Refute { depth, var, value } => Some(CellEvent::Refute {
                cell: cell(*var)?,
                digit: digit(*value),
                depth: *depth,
            }),
            TraceEvent::Solution { .. } => Some(CellEvent::Solution),
            _ => None,
        })
        .collect()
}

/// A value of a cell variable as a digit (the variables range over 1..=N).
fn digit(value: i32) -> u8 {
    u8::try_from(value).unwrap_or(0)
}

/// A clash as its sentence (`r1c1 and r1c2 both hold 1 in row 1`).
fn as_sentence<S: Serializer>(clash: &Option<Clash>, s: S) -> Result<S::Ok, S::Error> {
    match clash {
        Some(clash) => s.collect_str(clash),
        None => s.serialize_none(),
    }
}
