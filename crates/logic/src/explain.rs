//! The explanation every front-end shows: the whole simplest-first path in
//! one order, each step with its sentence, its SE-style rating and its
//! houses, then the grade — one `Serialize` value, so that `fdoku explain
//! -f json` and `POST /api/explain` print the same document.
//!
//! A puzzle without exactly one solution has no explanation (it would be
//! rated as if it were hard): [`explain`] refuses it, as [`crate::grade`]
//! does.
//!
//! ```
//! use fdoku_logic::PathOrder;
//! use fdoku_logic::explain::{ExplanationStatus, explain};
//! use fdoku_sudoku::{Rules, format::parse_line};
//!
//! let line = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";
//! let puzzle = parse_line(line, &Rules::classic(9).unwrap()).unwrap();
//! let explained = explain(&puzzle, PathOrder::Hodoku, &Default::default()).unwrap();
//! assert_eq!(explained.status, ExplanationStatus::Solved);
//! assert_eq!(explained.steps[0].text, "Hidden single in box 1: r3c3 = 9");
//! assert_eq!(explained.grade.unwrap().er, 3.4);
//! ```

use fdoku_fd::Budget;
use fdoku_sudoku::{Puzzle, grid_line};
use serde::Serialize;

use crate::grade::{Grade, GradeError, explainer_rating, grade_with_path, prepare};
use crate::{Grid, PathOptions, PathOrder, Step, solve_path};

/// A step as people are shown it: its sentence, its SE-style rating, the
/// names and cells of its houses (to highlight them), and the step itself.
#[derive(Clone, Debug, Serialize)]
pub struct ShownStep {
    /// The step in English, with r1c1 cell names.
    pub text: String,
    /// Sudoku Explainer's rating of the step (e.g. 1.2, 3.4).
    pub rating: f64,
    /// The houses of its pattern (`row 4`, `box 5`).
    pub house_names: Vec<String>,
    /// The cells of each of those houses.
    pub house_cells: Vec<Vec<usize>>,
    /// The step as data.
    #[serde(flatten)]
    pub step: Step,
}

impl ShownStep {
    /// `step` as shown on `grid`, the grid it applies to.
    pub fn new(step: Step, grid: &Grid) -> Self {
        let houses = grid.houses();
        let known: Vec<_> = step.houses.iter().filter_map(|&h| houses.get(h)).collect();
        ShownStep {
            text: step.text(grid),
            rating: f64::from(explainer_rating(&step, grid)) / 10.0,
            house_names: known.iter().map(|h| h.name()).collect(),
            house_cells: known.iter().map(|h| h.cells.clone()).collect(),
            step,
        }
    }
}

/// How far an explanation got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExplanationStatus {
    /// The path reached the solution (possibly through declared
    /// backtracking steps).
    Solved,
    /// The budget ran out on the way: the steps so far, no grade.
    Stopped,
}

/// A puzzle's whole path in one order, and its grade.
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// The puzzle's givens on one line.
    pub puzzle: String,
    /// Solved, or stopped by the budget.
    pub status: ExplanationStatus,
    /// Whose simplest-first order the steps follow.
    pub order: PathOrder,
    /// Always true: a puzzle without exactly one solution is refused.
    pub unique: bool,
    /// Whether the path reached the solution.
    pub solved: bool,
    /// Whether the budget stopped it.
    pub stopped: bool,
    /// The solution the path reached, on one line.
    pub solution: Option<String>,
    /// Every step, in order.
    pub steps: Vec<ShownStep>,
    /// Both ratings (absent when stopped).
    pub grade: Option<Grade>,
}

impl Explanation {
    /// The solution's digits, for the independent checker.
    pub fn solution_grid(&self) -> Option<Vec<u8>> {
        let line = self.solution.as_deref()?;
        line.chars().map(fdoku_sudoku::char_digit).collect()
    }
}

/// Explains `puzzle` along `order`'s path, under `budget`. Refused with
/// [`GradeError::NoSolution`] or [`GradeError::NotUnique`] when the puzzle
/// does not have exactly one solution, and [`GradeError::Stopped`] when the
/// budget runs out before its solution is known; a budget that runs out on
/// the path gives the steps so far, [`ExplanationStatus::Stopped`].
pub fn explain(
    puzzle: &Puzzle,
    order: PathOrder,
    budget: &Budget,
) -> Result<Explanation, GradeError> {
    let prepared = prepare(puzzle, budget)?;
    if !prepared.unique {
        return Err(GradeError::NotUnique);
    }
    let options = PathOptions {
        techniques: order.techniques(),
        unique: prepared.unique,
        solution: Some(prepared.solution.clone()),
        budget: budget.clone(),
    };
    let path = solve_path(puzzle, &options);
    let mut grid = Grid::new(puzzle);
    let mut steps = Vec::with_capacity(path.steps.len());
    for step in &path.steps {
        steps.push(ShownStep::new(step.clone(), &grid));
        grid.apply(step);
    }
    // The path just walked is one of the two the grade needs.
    let grade = match path.stopped {
        true => None,
        false => grade_with_path(puzzle, &prepared, order, &path.steps, budget).ok(),
    };
    let stopped = path.stopped || grade.is_none();
    Ok(Explanation {
        puzzle: puzzle.to_line(),
        status: match stopped {
            true => ExplanationStatus::Stopped,
            false => ExplanationStatus::Solved,
        },
        order,
        unique: prepared.unique,
        solved: path.solved,
        stopped,
        solution: path.solved.then(|| grid_line(&path.values)),
        steps,
        grade,
    })
}
