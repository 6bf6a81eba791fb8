//! `POST /api/hint`, `POST /api/explain`, `POST /api/grade`: the logic
//! solver's next step, its whole path, and the puzzle's ratings — the same
//! calls as `fdoku hint`, `fdoku explain` and `fdoku grade`.
//!
//! Each first asks `fdoku_logic::grade::prepare` for the solution and
//! whether it is unique (uniqueness techniques are used only then; the
//! solution backs the declared backtracking step when no technique
//! applies), all under the request's budget.

use axum::Json;
use axum::extract::State;
use fdoku_fd::Budget;
use fdoku_logic::explain::{ExplanationStatus, ShownStep, explain as explain_path};
use fdoku_logic::grade::{GradeError, grade as rate_grade, prepare};
use fdoku_logic::{Grid, PathOptions, PathOrder, next_step};
use fdoku_sudoku::{Puzzle, check_solution};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::AppState;
use crate::api::mistakes::{self, Check};
use crate::error::{ApiError, ApiResult};
use crate::extract::JsonBody;
use crate::input::{PuzzleInput, with_values};
use crate::work::stopped;

/// How much a hint tells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum HintLevel {
    /// The technique's name only.
    #[default]
    Vague,
    /// The step: where, and what it removes or places.
    Concrete,
    /// The step and the grid after it.
    Apply,
}

impl HintLevel {
    fn name(self) -> &'static str {
        match self {
            HintLevel::Vague => "vague",
            HintLevel::Concrete => "concrete",
            HintLevel::Apply => "apply",
        }
    }
}

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

/// Narrows the grid's candidates to the page's pencil marks; a mark list
/// without the solution's digit is the user's mistake, named.
fn keep_marks(grid: &mut Grid, marks: &[Vec<u8>], solution: &[u8]) -> ApiResult<()> {
    if marks.len() != solution.len() {
        return Err(ApiError::Unprocessable(format!(
            "candidates: {} cells, expected {}",
            marks.len(),
            solution.len()
        )));
    }
    for (cell, kept) in marks.iter().enumerate() {
        if kept.is_empty() || grid.value(cell) != 0 {
            continue;
        }
        if !kept.contains(&solution[cell]) {
            return Err(ApiError::Unprocessable(format!(
                "candidates: {} has lost a digit it needs (check its pencil marks)",
                grid.name(cell)
            )));
        }
        for digit in grid.digits(cell) {
            if !kept.contains(&digit) {
                grid.eliminate(cell, digit);
            }
        }
    }
    Ok(())
}

/// The next step of the simplest-first path from the current grid; on a
/// grid with wrong entries, the cells that are wrong.
pub async fn hint(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<HintRequest>,
) -> ApiResult<Json<Value>> {
    let givens = request.input.read_givens()?;
    let values = request.input.values;
    let (level, order) = (request.level, request.order);
    let marks = request.candidates;
    state
        .run(move |budget| {
            let Some(values) = values else {
                return next_hint(&givens, None, marks.as_deref(), level, order, budget);
            };
            let known = match mistakes::check(&givens, &values, budget)? {
                Check::Wrong(wrong) => {
                    let cleared = mistakes::without(&values, &wrong);
                    let apply = level == HintLevel::Apply;
                    let revealing = level != HintLevel::Vague;
                    let name = level.name();
                    return Ok(mistakes::hint(
                        name,
                        wrong,
                        revealing,
                        apply.then_some(&cleared[..]),
                    ));
                }
                Check::Right(solution) => Some(solution),
                Check::Unknown => None,
            };
            let puzzle = with_values(&givens, &values)?;
            next_hint(&puzzle, known, marks.as_deref(), level, order, budget)
        })
        .await
        .map(Json)
}

/// The next step on `puzzle`; `known` is its unique solution when the
/// caller has it already.
fn next_hint(
    puzzle: &Puzzle,
    known: Option<Vec<u8>>,
    marks: Option<&[Vec<u8>]>,
    level: HintLevel,
    order: PathOrder,
    budget: &Budget,
) -> ApiResult<Value> {
    let mut grid = Grid::new(puzzle);
    let level_name = level.name();
    if grid.is_solved() {
        return Ok(json!({
            "level": level_name,
            "solved": true,
            "technique": null,
            "technique_name": null,
            "text": "The grid is solved.",
        }));
    }
    let (solution, unique) = match known {
        Some(solution) => (solution, true),
        None => prepare(puzzle, budget).map_err(|e| grade_error(e, puzzle))?,
    };
    if let Some(marks) = marks {
        keep_marks(&mut grid, marks, &solution)?;
    }
    let options = PathOptions {
        techniques: order.techniques(),
        unique,
        solution: Some(solution),
        budget: budget.clone(),
    };
    let step = next_step(&grid, &options).ok_or_else(|| match budget.out_of_time() {
        Some(_) => stopped(),
        None => ApiError::Unprocessable("no step applies: the grid contradicts itself".to_owned()),
    })?;
    let mut doc = json!({
        "level": level_name,
        "solved": false,
        "technique": step.technique,
        "technique_name": step.technique.name(),
    });
    if level != HintLevel::Vague {
        doc["text"] = step.text(&grid).into();
        doc["step"] = serde_json::to_value(ShownStep::new(step.clone(), &grid))
            .map_err(|e| ApiError::Internal(e.to_string()))?;
    }
    if level == HintLevel::Apply {
        let mut after = grid.clone();
        after.apply(&step);
        doc["values"] = json!(after.values());
        doc["candidates"] = (0..after.values().len())
            .map(|c| {
                if after.value(c) == 0 {
                    after.digits(c)
                } else {
                    Vec::new()
                }
            })
            .collect::<Vec<_>>()
            .into();
    }
    Ok(doc)
}

/// The body of `/api/explain`.
#[derive(Deserialize)]
pub struct ExplainRequest {
    #[serde(flatten)]
    input: PuzzleInput,
    /// Whose simplest-first path to follow (`hodoku` by default).
    #[serde(default)]
    order: PathOrder,
}

/// The whole simplest-first path (HoDoKu's order unless asked for SE's),
/// with the grade.
pub async fn explain(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<ExplainRequest>,
) -> ApiResult<Json<Value>> {
    let puzzle = request.input.read()?;
    let order = request.order;
    state
        .run(move |budget| path(&puzzle, order, budget))
        .await
        .map(Json)
}

fn path(puzzle: &Puzzle, order: PathOrder, budget: &Budget) -> ApiResult<Value> {
    let explained = explain_path(puzzle, order, budget).map_err(|e| grade_error(e, puzzle))?;
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

/// SE-style ER/EP/ED, HoDoKu-style score and level, fdoku's level.
pub async fn grade(
    State(state): State<AppState>,
    JsonBody(input): JsonBody<PuzzleInput>,
) -> ApiResult<Json<Value>> {
    let puzzle = input.read()?;
    state
        .run(move |budget| {
            let grade = rate_grade(&puzzle, budget).map_err(|e| grade_error(e, &puzzle))?;
            let mut doc =
                serde_json::to_value(&grade).map_err(|e| ApiError::Internal(e.to_string()))?;
            doc["hardest_name"] = grade.hardest.name().into();
            Ok(doc)
        })
        .await
        .map(Json)
}
