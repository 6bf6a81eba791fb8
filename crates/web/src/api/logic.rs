//! `POST /api/hint`, `POST /api/explain`, `POST /api/grade`: the logic
//! solver's next step, its whole path, and the puzzle's ratings — the same
//! calls as `fdoku hint`, `fdoku explain` and `fdoku grade`.
//!
//! Each is one library call (`fdoku_logic::hint::hint`,
//! `fdoku_logic::explain::explain`, `fdoku_logic::grade_on_scale`) under the
//! request's budget; this module reads the body and writes the answer. Each
//! takes `"se": "classic"` (the default) or `"sukaku"`: the scale of the
//! SE-style ratings (with `sukaku`, a grade carries both; Sudoku
//! Explainer's order becomes SukakuExplainer's).

use axum::Json;
use axum::extract::State;
use fdoku_fd::Budget;
use fdoku_logic::explain::{ExplanationStatus, explain as explain_path};
use fdoku_logic::grade::{Grade, GradeError, prepare};
use fdoku_logic::hint::{HintError, HintLevel, HintRequest as LogicHintRequest, hint as next_hint};
use fdoku_logic::{PathOrder, SeScale, add_scale, bit, grade_on_scale};
use fdoku_sudoku::{Puzzle, check_solution, full_mask};
use serde::Deserialize;
use serde_json::Value;

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::JsonBody;
use crate::input::PuzzleInput;
use crate::work::stopped;

/// The body of `/api/hint`.
#[derive(Deserialize)]
pub struct HintRequest {
    #[serde(flatten)]
    input: PuzzleInput,
    #[serde(default)]
    level: HintLevel,
    /// Whose simplest-first order picks the step (`hodoku` by default).
    #[serde(default)]
    order: PathOrder,
    /// Whose SE-style scale rates the step (`classic` by default).
    #[serde(default)]
    se: SeScale,
    /// The page's pencil marks per cell (an empty list: as computed), so a
    /// hint follows the eliminations already applied.
    #[serde(default)]
    candidates: Option<Vec<Vec<u8>>>,
}

fn grade_error(e: GradeError, puzzle: &Puzzle) -> ApiError {
    match e {
        GradeError::Stopped(_) => stopped(),
        GradeError::NotUnique => ApiError::Unprocessable(
            "the puzzle is not unique (2+ solutions): a rating needs exactly one".to_owned(),
        ),
        GradeError::NoSolution => ApiError::Unprocessable(match puzzle.clash() {
            Some(clash) => format!("the puzzle has no solution: {clash}"),
            None => "the puzzle has no solution".to_owned(),
        }),
    }
}

/// The givens with the page's pencil marks as their candidates (an empty
/// list leaves a cell as computed).
fn with_marks(givens: Puzzle, marks: &[Vec<u8>]) -> ApiResult<Puzzle> {
    let size = givens.size();
    let full = full_mask(size);
    let mut masks = Vec::with_capacity(marks.len());
    for (cell, kept) in marks.iter().enumerate() {
        if let Some(&d) = kept.iter().find(|&&d| d == 0 || usize::from(d) > size) {
            return Err(ApiError::Unprocessable(format!(
                "candidates[{cell}]: {d} is not a digit (expected 1 to {size})"
            )));
        }
        masks.push(match kept.is_empty() {
            true => full,
            false => kept.iter().fold(0u32, |mask, &d| mask | bit(d)),
        });
    }
    givens
        .with_candidates(masks)
        .map_err(|e| ApiError::Unprocessable(format!("candidates: {e}")))
}

/// The next step of the simplest-first path from the current grid; on a
/// grid with wrong entries, the cells that are wrong.
pub async fn hint(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<HintRequest>,
) -> ApiResult<Json<Value>> {
    let givens = request.input.read_givens()?;
    let puzzle = match &request.candidates {
        Some(marks) => with_marks(givens, marks)?,
        None => givens,
    };
    let entries = request.input.values;
    let (level, order) = (request.level, request.order.on_scale(request.se));
    state
        .run(move |budget| {
            let asked = LogicHintRequest {
                puzzle: &puzzle,
                entries: entries.as_deref(),
                level,
                order,
            };
            let shown = next_hint(&asked, budget).map_err(|e| match e {
                HintError::Stopped => stopped(),
                HintError::Entries(e) => ApiError::Unprocessable(format!("values: {e}")),
                e => ApiError::Unprocessable(e.to_string()),
            })?;
            serde_json::to_value(&shown).map_err(|e| ApiError::Internal(e.to_string()))
        })
        .await
        .map(Json)
}

/// The body of `/api/explain`.
#[derive(Deserialize)]
pub struct ExplainRequest {
    #[serde(flatten)]
    input: PuzzleInput,
    /// Whose simplest-first path to follow (`hodoku` by default).
    #[serde(default)]
    order: PathOrder,
    /// Whose SE-style scale rates it (`classic` by default).
    #[serde(default)]
    se: SeScale,
}

/// The whole simplest-first path (HoDoKu's order unless asked for SE's),
/// with the grade.
pub async fn explain(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<ExplainRequest>,
) -> ApiResult<Json<Value>> {
    let puzzle = request.input.read()?;
    let (order, se) = (request.order.on_scale(request.se), request.se);
    state
        .run(move |budget| path(&puzzle, order, se, budget))
        .await
        .map(Json)
}

fn path(puzzle: &Puzzle, order: PathOrder, se: SeScale, budget: &Budget) -> ApiResult<Value> {
    let mut explained = explain_path(puzzle, order, budget).map_err(|e| grade_error(e, puzzle))?;
    if let Some(grade) = explained.grade.as_mut() {
        prepare(puzzle, budget)
            .and_then(|prepared| add_scale(grade, puzzle, &prepared, se, budget))
            .map_err(|e| grade_error(e, puzzle))?;
    }
    if explained.status == ExplanationStatus::Stopped || budget.out_of_time().is_some() {
        return Err(stopped());
    }
    if let Some(values) = explained.solution_grid() {
        check_solution(puzzle, &values).map_err(|e| {
            ApiError::Internal(format!(
                "internal error: the explained solution fails the check: {e}"
            ))
        })?;
    }
    serde_json::to_value(&explained).map_err(|e| ApiError::Internal(e.to_string()))
}

/// The body of `/api/grade`.
#[derive(Deserialize)]
pub struct GradeRequest {
    #[serde(flatten)]
    input: PuzzleInput,
    /// Whose SE-style scale (`classic` by default; `sukaku` adds its ER/EP/ED).
    #[serde(default)]
    se: SeScale,
}

/// SE-style ER/EP/ED, HoDoKu-style score and level, fdoku's level.
pub async fn grade(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<GradeRequest>,
) -> ApiResult<Json<Value>> {
    let puzzle = request.input.read()?;
    let se = request.se;
    state
        .run(move |budget| {
            let grade = grade_on_scale(&puzzle, budget, se).map_err(|e| grade_error(e, &puzzle))?;
            graded(&grade)
        })
        .await
        .map(Json)
}

/// A grade as JSON, with its hardest techniques' names for people.
fn graded(grade: &Grade) -> ApiResult<Value> {
    let mut doc = serde_json::to_value(grade).map_err(|e| ApiError::Internal(e.to_string()))?;
    doc["hardest_name"] = grade.hardest.name().into();
    if let Some(sukaku) = grade.sukaku {
        doc["sukaku"]["hardest_name"] = sukaku.hardest.name().into();
    }
    Ok(doc)
}
