//! `POST /api/solve`: the engine's answer and its propagation trace.
//!
//! The puzzle becomes the engine model of `fdoku_sudoku::solve::FdSolver`
//! (one all_different per house at the strength asked for, a linear sum
//! per cage). Two searches of the same model run under the request's
//! budget:
//!
//! 1. traced, to the first solution: every pruning (which house removed
//!    which digits from which cell), failure, guess and refutation, as
//!    the page replays them. The trace is capped at [`MAX_EVENTS`]; to keep
//!    its memory bounded the traced search gets a node limit that grows
//!    (×4 from 1,024 nodes) only while the trace stays under the cap;
//! 2. untraced, to two solutions: the status (`unique`, `multiple`,
//!    `none`, or `stopped` when the deadline came after a first solution),
//!    the first solution (checked by the independent checker) and the
//!    statistics (of this search).

use axum::Json;
use axum::extract::State;
use fdoku_fd::{SearchConfig, SearchStatus, Solver, StopReason, Strength, TraceEvent};
use fdoku_sudoku::solve::FdSolver;
use fdoku_sudoku::{Puzzle, check_solution};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::JsonBody;
use crate::input::PuzzleInput;
use crate::work::stopped;

/// The most trace events returned (then `"truncated": true`).
pub const MAX_EVENTS: usize = 20_000;

/// The traced search's node limit never grows past this.
const MAX_TRACE_NODES: u64 = 1 << 22;

/// The body of `/api/solve`.
#[derive(Deserialize)]
pub struct SolveRequest {
    #[serde(flatten)]
    input: PuzzleInput,
    /// `check`, `forward`, `hall` or `domain` (the default).
    #[serde(default)]
    strength: Option<String>,
}

/// Solves with the engine and returns the status, solution, statistics and
/// trace.
pub async fn solve(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<SolveRequest>,
) -> ApiResult<Json<Value>> {
    let strength: Strength = match request.strength.as_deref() {
        None => Strength::Domain,
        Some(name) => name.parse().map_err(ApiError::BadRequest)?,
    };
    let puzzle = request.input.read()?;
    state
        .run(move |budget| engine_answer(&puzzle, strength, budget))
        .await
        .map(Json)
}

fn engine_answer(
    puzzle: &Puzzle,
    strength: Strength,
    budget: &fdoku_fd::Budget,
) -> ApiResult<Value> {
    let config = SearchConfig {
        alldiff: Some(strength),
        ..SearchConfig::default()
    };
    let fd = FdSolver::new(puzzle, config.clone());
    let model = fd.model();
    let mut cell_of = vec![None; model.num_vars()];
    for (cell, var) in fd.cells().iter().enumerate() {
        cell_of[var.index()] = Some(cell);
    }
    let grid_of = |values: &[i32]| -> Vec<u8> {
        fd.cells()
            .iter()
            .map(|v| u8::try_from(values[v.index()]).unwrap_or(0))
            .collect()
    };

    // 1. The trace of the first solution's search (first: its caps keep it
    //    short, so the answer below gets the rest of the deadline).
    let traced_config = SearchConfig {
        trace: true,
        ..config.clone()
    };
    let mut node_limit = 1024u64;
    let (events, truncated) = loop {
        let mut traced = Solver::with_config(model, traced_config.clone())
            .with_budget(budget.clone().with_node_limit(node_limit));
        let result = traced.solve();
        let events = traced.take_trace();
        match result.status {
            SearchStatus::Stopped(StopReason::NodeLimit)
                if events.len() < MAX_EVENTS && node_limit < MAX_TRACE_NODES =>
            {
                node_limit *= 4;
            }
            SearchStatus::Stopped(_) => break (events, true),
            _ => break (events, false),
        }
    };
    // 2. The answer: up to two solutions.
    let mut solver = Solver::with_config(model, config).with_budget(budget.clone());
    let (first, second) = {
        let mut solutions = solver.solutions();
        let first = solutions.next();
        let second = first.as_ref().and_then(|_| solutions.next());
        (first, second)
    };
    let halted = matches!(solver.status(), Some(SearchStatus::Stopped(_)));
    let status = match (&first, &second) {
        (None, _) if halted => return Err(stopped()),
        (None, _) => "none",
        (Some(_), Some(_)) => "multiple",
        (Some(_), None) if halted => "stopped",
        (Some(_), None) => "unique",
    };
    let solution = first.as_ref().map(|s| grid_of(s.values()));
    if let Some(grid) = &solution {
        check_solution(puzzle, grid).map_err(|e| {
            ApiError::Internal(format!(
                "internal error: the engine's solution fails the check: {e}"
            ))
        })?;
    }
    let stats = solver.stats();

    let truncated = truncated || events.len() > MAX_EVENTS;
    let trace: Vec<Value> = events
        .iter()
        .take(MAX_EVENTS)
        .filter_map(|event| match event {
            TraceEvent::Prune {
                constraint,
                var,
                removed,
            } => Some(json!({
                "event": "prune",
                "cell": cell_of.get(var.index()).copied().flatten(),
                "removed": removed,
                "by": model.constraint_label(*constraint),
            })),
            TraceEvent::Fail { constraint, var } => Some(json!({
                "event": "fail",
                "cell": var.and_then(|v| cell_of.get(v.index()).copied().flatten()),
                "by": model.constraint_label(*constraint),
            })),
            TraceEvent::Guess { depth, var, value } => Some(json!({
                "event": "guess",
                "cell": cell_of.get(var.index()).copied().flatten(),
                "digit": value,
                "depth": depth,
            })),
            TraceEvent::Refute { depth, var, value } => Some(json!({
                "event": "refute",
                "cell": cell_of.get(var.index()).copied().flatten(),
                "digit": value,
                "depth": depth,
            })),
            TraceEvent::Solution { .. } => Some(json!({ "event": "solution" })),
            _ => None,
        })
        .collect();

    Ok(json!({
        "status": status,
        "solution": solution,
        "strength": strength.name(),
        "stats": {
            "nodes": stats.nodes,
            "guesses": stats.nodes.saturating_sub(1),
            "failures": stats.failures,
            "propagations": stats.propagations,
            "max_depth": stats.max_depth,
            "micros": stats.time.as_micros() as u64,
        },
        "clash": puzzle.clash().map(|c| c.to_string()),
        "trace": trace,
        "truncated": truncated,
    }))
}
