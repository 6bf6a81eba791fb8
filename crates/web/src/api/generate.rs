//! `POST /api/generate`: a new puzzle from `fdoku_logic::generate` —
//! classic or a plain variant (minimal, with a symmetry, of a difficulty,
//! needing a technique or rated in an ER range such as `"er": "7.0-8.5"`
//! on the `"se"` scale, `classic` or `sukaku`), jigsaw or killer, or with
//! `"layout"` a grid of several overlapping Sudokus
//! ([`super::multigrid::generate`]) — under the request's deadline: the
//! generator polls the budget and stops (503) when it passes.

use std::time::{SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::extract::State;
use fdoku_fd::Budget;
use fdoku_logic::generate::{GradedError, GradedPuzzle, RatingRange, Target, generate as make};
use fdoku_logic::grade::Level;
use fdoku_logic::{SeScale, Technique};
use fdoku_sudoku::format::json::describe;
use fdoku_sudoku::generate::{
    GenerateError, KillerOptions, Options, Symmetry, generate_killer, random_jigsaw_within,
};
use fdoku_sudoku::multigrid::Multigrid;
use fdoku_sudoku::{MAX_SIZE, check_solution, grid_line};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::JsonBody;
use crate::input::plain_variant;
use crate::work::stopped;

/// The body of `/api/generate`; every field is optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    #[serde(default)]
    size: Option<usize>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    symmetry: Option<String>,
    #[serde(default)]
    difficulty: Option<String>,
    #[serde(default)]
    technique: Option<String>,
    #[serde(default)]
    er: Option<String>,
    #[serde(default)]
    se: SeScale,
    #[serde(default)]
    jigsaw: bool,
    #[serde(default)]
    killer: bool,
    #[serde(default)]
    cage_size: Option<usize>,
    #[serde(default)]
    clues: Option<usize>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    layout: Option<String>,
}

/// What to make, checked before any work starts.
struct Plan {
    rules: fdoku_sudoku::Rules,
    options: Options,
    target: Target,
    jigsaw: bool,
    killer: Option<usize>,
    seed: u64,
}

fn plan(request: GenerateRequest) -> ApiResult<Plan> {
    let size = request.size.unwrap_or(9);
    if !(4..=MAX_SIZE).contains(&size) {
        return Err(ApiError::Unprocessable(format!(
            "size {size}: expected 4 to {MAX_SIZE}"
        )));
    }
    let rules = plain_variant(request.variant.as_deref())?
        .rules(size)
        .map_err(|e| ApiError::Unprocessable(format!("size {size}: {e}")))?;
    let symmetry: Symmetry = match request.symmetry.as_deref() {
        None => Symmetry::None,
        Some(name) => name.parse().map_err(ApiError::BadRequest)?,
    };
    let level = match request.difficulty.as_deref() {
        None | Some("any") => None,
        Some(name) => Some(Level::from_name(name).ok_or_else(|| {
            ApiError::BadRequest(format!(
                "unknown difficulty {name:?} (expected easy, medium, hard, expert or extreme)"
            ))
        })?),
    };
    let technique = match request.technique.as_deref() {
        None => None,
        Some(name) => Some(
            Technique::from_name(name)
                .ok_or_else(|| ApiError::BadRequest(format!("unknown technique {name:?}")))?,
        ),
    };
    let rating = match request.er.as_deref() {
        None => None,
        Some(text) => Some(
            RatingRange::parse(text, request.se)
                .map_err(|e| ApiError::BadRequest(format!("er: {e}")))?,
        ),
    };
    if request.jigsaw && request.killer {
        return Err(ApiError::BadRequest(
            "choose jigsaw or killer, not both".to_owned(),
        ));
    }
    let killer = match (request.killer, request.cage_size) {
        (false, None) => None,
        (false, Some(_)) => {
            return Err(ApiError::BadRequest(
                "\"cage_size\" needs \"killer\": true".to_owned(),
            ));
        }
        (true, None) => Some(KillerOptions::default().max_cage),
        (true, Some(cage_size)) if (1..=MAX_SIZE).contains(&cage_size) => Some(cage_size),
        (true, Some(cage_size)) => {
            return Err(ApiError::Unprocessable(format!(
                "cage_size: {cage_size} is not in 1..={MAX_SIZE}"
            )));
        }
    };
    Ok(Plan {
        rules,
        options: Options {
            symmetry,
            clues: request.clues,
            ..Options::default()
        },
        target: Target {
            level,
            technique,
            rating,
        },
        jigsaw: request.jigsaw,
        killer,
        seed: request.seed.unwrap_or_else(fresh_seed),
    })
}

/// What a multigrid on the layout `name` takes: its size and the seed. The
/// options of one grid are refused by name.
fn multigrid_plan(request: &GenerateRequest, name: &str) -> ApiResult<(Multigrid, u64)> {
    let one_grid = [
        ("variant", request.variant.is_some()),
        ("symmetry", request.symmetry.is_some()),
        ("difficulty", request.difficulty.is_some()),
        ("technique", request.technique.is_some()),
        ("er", request.er.is_some()),
        ("jigsaw", request.jigsaw),
        ("killer", request.killer),
        ("cage_size", request.cage_size.is_some()),
        ("clues", request.clues.is_some()),
    ];
    if let Some((field, _)) = one_grid.iter().find(|(_, given)| *given) {
        return Err(ApiError::BadRequest(format!(
            "\"{field}\" is for one grid (expected only \"size\" and \"seed\" with \"layout\": its clues are taken away in pairs symmetric about the centre until none can go)"
        )));
    }
    let size = request.size.unwrap_or(9);
    let grid = super::multigrid::named(name, size)?;
    Ok((grid, request.seed.unwrap_or_else(fresh_seed)))
}

/// Candidates tried for a level or technique before giving up.
const ATTEMPTS: u32 = 1000;

/// A seed for requests that give none: the clock's nanoseconds.
fn fresh_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Generates one puzzle.
pub async fn generate(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<GenerateRequest>,
) -> ApiResult<Json<Value>> {
    if let Some(name) = request.layout.as_deref() {
        let (grid, seed) = multigrid_plan(&request, name)?;
        return state
            .run(move |budget| super::multigrid::generate(&grid, seed, budget))
            .await
            .map(Json);
    }
    let plan = plan(request)?;
    state.run(move |budget| run(plan, budget)).await.map(Json)
}

fn run(mut plan: Plan, budget: &Budget) -> ApiResult<Value> {
    plan.options.budget = budget.clone();
    let made = match plan.killer {
        _ if plan.jigsaw => random_jigsaw_within(
            plan.rules.size(),
            plan.seed,
            plan.options.node_limit,
            budget,
        )
        .map_err(GradedError::from)
        .and_then(|layout| make(&layout, &plan.options, plan.target, ATTEMPTS, plan.seed)),
        Some(max_cage) => {
            let options = KillerOptions {
                max_cage,
                budget: budget.clone(),
                ..KillerOptions::default()
            };
            generate_killer(&plan.rules, &options, plan.seed)
                .map(|generated| GradedPuzzle {
                    generated,
                    grade: None,
                })
                .map_err(GradedError::from)
        }
        None => make(&plan.rules, &plan.options, plan.target, ATTEMPTS, plan.seed),
    };
    let GradedPuzzle {
        generated: made,
        grade,
    } = made.map_err(|e| match e {
        GradedError::Generate(GenerateError::Stopped(_)) => stopped(),
        // The library's message suggests a command-line option; here the
        // request's seed and symmetry are what can change.
        GradedError::Target { target, attempts } => ApiError::Unprocessable(format!(
            "no {target} in {attempts} candidates (another seed or symmetry may find one)"
        )),
        other => ApiError::Unprocessable(other.to_string()),
    })?;
    check_solution(&made.puzzle, &made.solution).map_err(|e| {
        ApiError::Internal(format!(
            "internal error: the generated solution fails the check: {e}"
        ))
    })?;
    let line_only = !plan.jigsaw && plan.killer.is_none();
    Ok(json!({
        "puzzle": line_only.then(|| made.puzzle.to_line()),
        "description": describe(&made.puzzle),
        "solution": grid_line(&made.solution),
        "seed": plan.seed,
        "size": made.puzzle.size(),
        "variant": made.puzzle.rules().variant_name(),
        "symmetry": plan.options.symmetry.name(),
        "clues": made.puzzle.clue_count(),
        "minimal": made.minimal,
        "level": grade.map(|g| g.level.name()),
        "hodoku_score": grade.map(|g| g.hodoku_score),
        "se": grade.and_then(|g| g.se).map(|se| json!({
            "scale": plan.target.rating.map(|r| r.scale.name()),
            "er": se.er,
            "ep": se.ep,
            "ed": se.ed,
        })),
    }))
}
