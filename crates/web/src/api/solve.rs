//! `POST /api/solve`: the engine's answer and its propagation trace.
//!
//! Glue over [`fdoku_sudoku::solve::trace()`]: it reads the puzzle and the
//! strength, runs the library under the request's budget and serialises its
//! [`TracedSolve`] (the status, the checked solution, the statistics and the
//! trace in cell terms; see the library for what each means). A grid of
//! several overlapping Sudokus is solved and counted without a trace
//! ([`super::multigrid::solve`]).

use axum::Json;
use axum::extract::State;
use fdoku_fd::Strength;
use fdoku_sudoku::solve::{TraceCaps, TraceError, TracedSolve, trace};
use serde::Deserialize;
use serde_json::Value;

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::JsonBody;
use crate::input::PuzzleInput;
use crate::work::stopped;

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
    if let Some(multigrid) = request.input.multigrid()? {
        return state
            .run(move |budget| super::multigrid::solve(&multigrid, strength, budget))
            .await
            .map(Json);
    }
    let puzzle = request.input.read()?;
    state
        .run(move |budget| {
            let traced =
                trace(&puzzle, strength, budget, TraceCaps::default()).map_err(|e| match e {
                    TraceError::Stopped(_) => stopped(),
                    e => ApiError::Internal(format!("internal error: {e}")),
                })?;
            as_json(&traced)
        })
        .await
        .map(Json)
}

/// The answer as a JSON value (built on the blocking pool: a trace runs to
/// 20,000 events), its keys sorted as in every other answer of the API.
fn as_json(traced: &TracedSolve) -> ApiResult<Value> {
    serde_json::to_value(traced).map_err(|e| {
        ApiError::Internal(format!(
            "internal error: the answer does not serialise: {e}"
        ))
    })
}
