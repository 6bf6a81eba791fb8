//! `fdoku explain` and `fdoku hint`: the logic solver's steps, as sentences
//! or as data.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use fdoku_sudoku::logic::{Grid, PathOptions, PathOrder, Step, next_step, solve_path};
use fdoku_sudoku::rate::{explainer_rating, grade_with_path, prepare};
use fdoku_sudoku::{check_solution, grid_line};
use serde::Serialize;

use crate::cli::{ExplainArgs, HintArgs, HintLevel, StepFormat};
use crate::error::BadInput;

/// A step with its sentence and SE-style rating, as printed in JSON.
#[derive(Serialize)]
struct StepRecord<'a> {
    text: String,
    rating: f64,
    #[serde(flatten)]
    step: &'a Step,
}

fn record<'a>(step: &'a Step, grid: &Grid) -> StepRecord<'a> {
    StepRecord {
        text: step.text(grid),
        rating: f64::from(explainer_rating(step, grid)) / 10.0,
        step,
    }
}

/// Runs `fdoku explain`.
pub fn explain(
    args: &ExplainArgs,
    cancel: &Arc<AtomicBool>,
    out: &mut dyn Write,
) -> anyhow::Result<u8> {
    let puzzle = crate::inputs::one_puzzle(&args.puzzle)?;
    let budget = args.limits.budget(cancel)?;
    let (solution, unique) = prepare(&puzzle, &budget).map_err(|e| BadInput(e.to_string()))?;
    let order = PathOrder::from(args.order);
    let options = PathOptions {
        techniques: order.techniques(),
        unique,
        solution: Some(solution.clone()),
        budget: budget.clone(),
    };
    let path = solve_path(&puzzle, &options);
    if path.solved {
        check_solution(&puzzle, &path.values).map_err(|e| {
            anyhow::anyhow!("internal error: the explained solution fails the check: {e}")
        })?;
    }
    let mut grid = Grid::new(&puzzle);
    let mut records = Vec::new();
    for step in &path.steps {
        records.push(record(step, &grid));
        grid.apply(step);
    }
    // The grade needs both paths: the one just walked is one of them.
    let grade = (!path.stopped)
        .then(|| grade_with_path(&puzzle, &solution, unique, order, &path.steps, &budget).ok())
        .flatten();
    match args.format {
        StepFormat::Json => {
            let doc = serde_json::json!({
                "puzzle": puzzle.to_line(),
                "unique": unique,
                "solved": path.solved,
                "stopped": path.stopped,
                "solution": path.solved.then(|| grid_line(&path.values)),
                "steps": records,
                "grade": grade,
            });
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)?;
        }
        StepFormat::Text => {
            let width = records.len().to_string().len();
            for (i, r) in records.iter().enumerate() {
                writeln!(out, "{:>width$}. [{:.1}] {}", i + 1, r.rating, r.text)?;
            }
            if path.solved {
                writeln!(out, "solved: {}", grid_line(&path.values))?;
            } else {
                writeln!(out, "stopped after {} steps", records.len())?;
            }
            if let Some(g) = grade {
                writeln!(
                    out,
                    "ER {:.1} EP {:.1} ED {:.1}  HoDoKu {} {}  level {}",
                    g.er,
                    g.ep,
                    g.ed,
                    g.hodoku_score,
                    g.hodoku_level.name(),
                    g.level.name()
                )?;
            }
        }
    }
    Ok(if path.stopped { 3 } else { 0 })
}

/// Runs `fdoku hint`.
pub fn hint(args: &HintArgs, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    let puzzle = crate::inputs::one_puzzle(&args.puzzle)?;
    let budget = args.limits.budget(cancel)?;
    let (solution, unique) = prepare(&puzzle, &budget).map_err(|e| BadInput(e.to_string()))?;
    let grid = Grid::new(&puzzle);
    if grid.is_solved() {
        writeln!(out, "the puzzle is already solved")?;
        return Ok(0);
    }
    let options = PathOptions {
        techniques: PathOrder::from(args.order).techniques(),
        unique,
        solution: Some(solution),
        budget: budget.clone(),
    };
    let Some(step) = next_step(&grid, &options) else {
        if budget.out_of_time().is_some() {
            eprintln!("fdoku: stopped before a step was found (--time-limit or Ctrl-C)");
            return Ok(3);
        }
        return Err(BadInput("no step applies: the grid contradicts itself".to_owned()).into());
    };
    let mut after = grid.clone();
    after.apply(&step);
    match args.format {
        StepFormat::Json => {
            let mut doc = serde_json::json!({
                "level": format!("{:?}", args.level).to_lowercase(),
                "technique": step.technique,
                "technique_name": step.technique.name(),
            });
            if args.level != HintLevel::Vague {
                doc["step"] = serde_json::to_value(record(&step, &grid))?;
            }
            if args.level == HintLevel::Apply {
                doc["grid"] = grid_line(after.values()).into();
                doc["candidates"] = (0..after.values().len())
                    .map(|c| after.digits(c))
                    .collect::<Vec<_>>()
                    .into();
            }
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)?;
        }
        StepFormat::Text => match args.level {
            HintLevel::Vague => writeln!(out, "Look for: {}", step.technique.name())?,
            HintLevel::Concrete => writeln!(out, "{}", step.text(&grid))?,
            HintLevel::Apply => {
                writeln!(out, "{}", step.text(&grid))?;
                write!(
                    out,
                    "{}",
                    fdoku_sudoku::format::block(after.values(), puzzle.rules())
                )?;
                writeln!(out, "{}", grid_line(after.values()))?;
            }
        },
    }
    Ok(0)
}
