//! `fdoku explain` and `fdoku hint`: the logic solver's steps, as sentences
//! or as data.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use fdoku_fd::StopReason;
use fdoku_logic::explain::{ExplanationStatus, explain as explain_path};
use fdoku_logic::grade::GradeError;
use fdoku_logic::grade::prepare;
use fdoku_logic::hint::{HintError, HintRequest, hint as hint_for};
use fdoku_logic::{PathOrder, SeScale, add_scale};
use fdoku_sudoku::{Puzzle, check_solution, grid_line};

use crate::cli::{ExplainArgs, HintArgs, HintLevel, StepFormat};
use crate::error::BadInput;

/// Runs `fdoku explain`.
pub fn explain(
    args: &ExplainArgs,
    cancel: &Arc<AtomicBool>,
    out: &mut dyn Write,
) -> anyhow::Result<u8> {
    let puzzle = crate::inputs::one_puzzle(&args.puzzle)?;
    let budget = args.limits.budget(cancel)?;
    let spinner = crate::progress::spinner("explaining");
    let order = PathOrder::from(args.order).on_scale(args.se.into());
    let scale = SeScale::from(args.se);
    let explained = match explain_path(&puzzle, order, &budget) {
        Ok(explained) => explained,
        Err(GradeError::Stopped(_)) => return Ok(unsolved_in_time(&spinner, &budget)),
        Err(e) => return not_rated(&puzzle, e, args.format, out),
    };
    spinner.finish_and_clear();
    if let Some(values) = explained.solution_grid() {
        check_solution(&puzzle, &values).map_err(|e| {
            anyhow::anyhow!("internal error: the explained solution fails the check: {e}")
        })?;
    }
    let mut explained = explained;
    if let Some(grade) = explained.grade.as_mut() {
        // The rating of the scale asked for, when the path walked is not its.
        let added =
            prepare(&puzzle, &budget).and_then(|p| add_scale(grade, &puzzle, &p, scale, &budget));
        if added.is_err() {
            explained.grade = None;
            explained.status = ExplanationStatus::Stopped;
        }
    }
    let stopped = explained.status == ExplanationStatus::Stopped;
    match args.format {
        StepFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, &explained)?;
            writeln!(out)?;
        }
        StepFormat::Text => {
            let steps = &explained.steps;
            let width = steps.len().to_string().len();
            for (i, s) in steps.iter().enumerate() {
                writeln!(out, "{:>width$}. [{:.1}] {}", i + 1, s.rating, s.text)?;
            }
            match &explained.solution {
                Some(solution) => writeln!(out, "solved: {solution}")?,
                None => writeln!(
                    out,
                    "stopped after {} steps: {}",
                    steps.len(),
                    stop_reason(&budget)
                )?,
            }
            if let Some((g, se)) = explained
                .grade
                .as_ref()
                .and_then(|g| Some((g, g.se(scale)?)))
            {
                // Say which path each rating belongs to: the steps above
                // are one order's, ER/EP/ED always the SE scale's.
                let se_name = match scale {
                    SeScale::Classic => "Sudoku Explainer's path",
                    SeScale::Sukaku => "SukakuExplainer's path",
                };
                let (se_path, hodoku_path) = match order {
                    PathOrder::Hodoku => (se_name, "this path"),
                    _ if order == scale.order() => ("this path", "HoDoKu's path"),
                    _ => (se_name, "HoDoKu's path"),
                };
                writeln!(
                    out,
                    "ER {:.1} EP {:.1} ED {:.1} ({se_path})  HoDoKu {} {} ({hodoku_path})  level {}",
                    se.er,
                    se.ep,
                    se.ed,
                    g.hodoku_score,
                    g.hodoku_level.name(),
                    g.level.name()
                )?;
            }
        }
    }
    Ok(if stopped { 3 } else { 0 })
}

/// Says that the budget ran out before the puzzle was solved; the exit code.
fn unsolved_in_time(spinner: &indicatif::ProgressBar, budget: &fdoku_fd::Budget) -> u8 {
    spinner.finish_and_clear();
    eprintln!(
        "fdoku: stopped before the puzzle was solved: {}",
        stop_reason(budget)
    );
    3
}

/// Why a budget ran out, for people.
fn stop_reason(budget: &fdoku_fd::Budget) -> String {
    match budget.out_of_time() {
        Some(StopReason::Deadline) => {
            "time limit reached (--time-limit SECONDS, 0 for none)".to_owned()
        }
        Some(reason) => reason.describe().to_owned(),
        None => "the limit was reached".to_owned(),
    }
}

/// A puzzle without exactly one solution has no explanation nor rating:
/// said in the format asked for, exit code 2.
fn not_rated(
    puzzle: &Puzzle,
    why: GradeError,
    format: StepFormat,
    out: &mut dyn Write,
) -> anyhow::Result<u8> {
    let (status, shown) = match why {
        GradeError::NotUnique => ("not_unique", "not unique (2+ solutions)".to_owned()),
        _ => (
            "none",
            match puzzle.clash() {
                Some(clash) => format!("no solution: {clash}"),
                None => "no solution".to_owned(),
            },
        ),
    };
    match format {
        StepFormat::Json => {
            let doc = serde_json::json!({
                "puzzle": puzzle.to_line(),
                "status": status,
                "unique": false,
                "message": shown,
            });
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)?;
        }
        StepFormat::Text => writeln!(out, "{shown}")?,
    }
    eprintln!("fdoku: the puzzle has no rating: it needs exactly one solution");
    Ok(2)
}

/// Runs `fdoku hint`.
pub fn hint(args: &HintArgs, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    let puzzle = crate::inputs::one_puzzle(&args.puzzle)?;
    let budget = args.limits.budget(cancel)?;
    let spinner = crate::progress::spinner("looking for a step");
    let request = HintRequest::new(
        &puzzle,
        args.level.into(),
        PathOrder::from(args.order).on_scale(args.se.into()),
    );
    let found = hint_for(&request, &budget);
    spinner.finish_and_clear();
    let shown = match found {
        Ok(shown) => shown,
        Err(HintError::Stopped) => {
            eprintln!(
                "fdoku: stopped before a step was found: {}",
                stop_reason(&budget)
            );
            return Ok(3);
        }
        Err(e) => return Err(BadInput(e.to_string()).into()),
    };
    if !shown.unique {
        eprintln!(
            "fdoku: note: the puzzle is not unique (2+ solutions); uniqueness techniques are not used"
        );
    }
    match args.format {
        StepFormat::Json => {
            let mut doc = serde_json::to_value(&shown)?;
            if let (Some(values), Some(candidates)) = (&shown.values, &shown.candidates) {
                // The grid on one line, and a description `fdoku hint`
                // reads back to go on from here.
                let mut next = fdoku_sudoku::format::json::describe(&puzzle);
                next["givens"] = grid_line(values).into();
                next["candidates"] = candidates.clone().into();
                doc["grid"] = grid_line(values).into();
                doc["next"] = next;
            }
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)?;
        }
        // A vague step hint names the technique only; every other hint
        // has its sentence.
        StepFormat::Text => match (&shown.text, shown.technique_name) {
            (Some(text), _) => writeln!(out, "{text}")?,
            (None, name) => writeln!(out, "Look for: {}", name.unwrap_or("?"))?,
        },
    }
    if let (StepFormat::Text, Some(values), Some(candidates)) =
        (args.format, &shown.values, &shown.candidates)
    {
        // The grid after the step with its candidates, which `fdoku hint`
        // reads back to go on from here.
        let masks: Vec<u32> = candidates
            .iter()
            .map(|digits| digits.iter().fold(0, |m, &d| m | fdoku_logic::bit(d)))
            .collect();
        write!(
            out,
            "{}",
            fdoku_sudoku::format::candidate_grid(values, &masks, puzzle.rules())
        )?;
    }
    Ok(0)
}

impl From<HintLevel> for fdoku_logic::hint::HintLevel {
    fn from(level: HintLevel) -> Self {
        match level {
            HintLevel::Vague => Self::Vague,
            HintLevel::Concrete => Self::Concrete,
            HintLevel::Apply => Self::Apply,
        }
    }
}
