//! A hint: the next step of the simplest-first path from where the player
//! stands — the technique's name, the step, or the grid after it — or, when
//! some of the player's digits are wrong, those cells instead (no step of
//! logic follows from a wrong digit).
//!
//! [`hint`] returns one `Serialize` value, [`Hint`], which `fdoku hint -f
//! json` and `POST /api/hint` both print.
//!
//! ```
//! use fdoku_logic::PathOrder;
//! use fdoku_logic::hint::{HintLevel, HintRequest, hint};
//! use fdoku_sudoku::{Rules, format::parse_line};
//!
//! let line = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";
//! let puzzle = parse_line(line, &Rules::classic(9).unwrap()).unwrap();
//! let request = HintRequest::new(&puzzle, HintLevel::Concrete, PathOrder::Hodoku);
//! let shown = hint(&request, &Default::default()).unwrap();
//! assert_eq!(shown.technique_name, Some("Hidden single"));
//! assert_eq!(shown.text.as_deref(), Some("Hidden single in box 1: r3c3 = 9"));
//!
//! // A wrong entry is named instead of a step.
//! let mut entries = vec![0; 81];
//! entries[20] = 5;
//! let request = HintRequest { entries: Some(&entries), ..request };
//! let shown = hint(&request, &Default::default()).unwrap();
//! assert_eq!(shown.text.as_deref(), Some("r3c3 holds 5, but the solution has 9."));
//! ```
//!
//! The player's pencil marks travel as the puzzle's candidates
//! ([`Puzzle::with_candidates`]): the step then follows the eliminations
//! already made, and a mark list that has lost the solution's digit is an
//! error naming the cell.

use fdoku_fd::Budget;
use fdoku_sudoku::{Puzzle, PuzzleError, cell_name, digit_char};
use serde::{Deserialize, Serialize};

use crate::explain::ShownStep;
use crate::grade::{GradeError, Prepared, prepare};
use crate::{Grid, PathOptions, PathOrder, Technique, next_step};

/// How much a hint tells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HintLevel {
    /// The technique's name only.
    #[default]
    Vague,
    /// The step: where, and what it places or removes.
    Concrete,
    /// The step and the grid after it.
    Apply,
}

/// What to hint on: the puzzle (with the player's pencil marks as its
/// candidates, if any), the player's digits, how much to tell and whose
/// order picks the step.
#[derive(Clone, Copy, Debug)]
pub struct HintRequest<'a> {
    /// The puzzle as set.
    pub puzzle: &'a Puzzle,
    /// The player's digits, one per cell (0 = open; a given may be
    /// repeated), checked against the solution of the givens.
    pub entries: Option<&'a [u8]>,
    /// How much to tell.
    pub level: HintLevel,
    /// Whose simplest-first order picks the step.
    pub order: PathOrder,
}

impl<'a> HintRequest<'a> {
    /// A hint on `puzzle` as it stands, without entries.
    pub fn new(puzzle: &'a Puzzle, level: HintLevel, order: PathOrder) -> Self {
        HintRequest {
            puzzle,
            entries: None,
            level,
            order,
        }
    }
}

/// A player's digit that differs from the solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mistake {
    /// The cell (0-based, reading order).
    pub cell: usize,
    /// Its name, `r3c5`.
    pub name: String,
    /// The digit entered.
    pub digit: u8,
    /// The solution's digit (left out of vague hints).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<u8>,
}

/// A hint, as every front-end shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Hint {
    /// How much it tells.
    pub level: HintLevel,
    /// Whether the grid is already solved (nothing to hint).
    pub solved: bool,
    /// Whether the position has exactly one solution (uniqueness
    /// techniques are used only then).
    pub unique: bool,
    /// The step's technique (none for a solved grid or wrong entries).
    pub technique: Option<Technique>,
    /// Its name for people.
    pub technique_name: Option<&'static str>,
    /// The sentence: the step, the wrong entries, or that the grid is
    /// solved (absent from a vague step hint, which names the technique
    /// only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The step as shown (concrete and apply levels).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<ShownStep>,
    /// The wrong entries, when there are any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistakes: Option<Vec<Mistake>>,
    /// At the apply level: the digits after the step, or the entries
    /// without the wrong ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u8>>,
    /// At the apply level, after a step: each cell's candidates (empty for
    /// a placed cell).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<Vec<u8>>>,
}

/// Why there is no hint.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HintError {
    /// The entries do not fit the puzzle.
    #[error("entries: {0}")]
    Entries(PuzzleError),
    /// The givens (with the entries) have no solution.
    #[error("{}", no_solution(.0))]
    NoSolution(Option<String>),
    /// A cell's pencil marks have lost the solution's digit.
    #[error("candidates: {0} has lost a digit it needs (check its pencil marks)")]
    LostCandidate(String),
    /// No technique applies and there is no solution to fall back on.
    #[error("no step applies: the grid contradicts itself")]
    Contradiction,
    /// The budget ran out first.
    #[error("stopped before a step was found")]
    Stopped,
}

fn no_solution(clash: &Option<String>) -> String {
    match clash {
        Some(clash) => format!("the puzzle has no solution: {clash}"),
        None => "the puzzle has no solution".to_owned(),
    }
}

/// The hint for `request`, under `budget`.
pub fn hint(request: &HintRequest, budget: &Budget) -> Result<Hint, HintError> {
    let position = match request.entries {
        Some(entries) => request
            .puzzle
            .with_entries(entries)
            .map_err(HintError::Entries)?,
        None => request.puzzle.clone(),
    };
    let givens = request.puzzle.without_candidates();
    let known = match prepare(&givens, budget) {
        Ok(prepared) if prepared.unique => Some(prepared),
        Ok(_) => None,
        Err(GradeError::Stopped(_)) => return Err(HintError::Stopped),
        Err(_) if request.entries.is_none() => {
            return Err(HintError::NoSolution(givens.clash().map(|c| c.to_string())));
        }
        Err(_) => None,
    };
    if let (Some(known), Some(entries)) = (&known, request.entries) {
        let wrong = mistakes(&givens, entries, &known.solution);
        if !wrong.is_empty() {
            return Ok(mistakes_hint(request.level, wrong, entries));
        }
    }
    let grid = Grid::new(&position);
    if grid.is_solved() {
        return Ok(Hint {
            solved: true,
            unique: true,
            text: Some("The grid is solved.".to_owned()),
            ..Hint::empty(request.level)
        });
    }
    let prepared = match known {
        Some(known) => {
            if let Some(cell) = lost_candidate(&grid, &known.solution) {
                return Err(HintError::LostCandidate(grid.name(cell)));
            }
            known
        }
        // No single solution of the givens to compare with: the position
        // as it stands, pencil marks included, is solved instead.
        None => match prepare(&position, budget) {
            Ok(prepared) => prepared,
            Err(GradeError::Stopped(_)) => return Err(HintError::Stopped),
            Err(_) => {
                return Err(HintError::NoSolution(
                    position.clash().map(|c| c.to_string()),
                ));
            }
        },
    };
    step_hint(&grid, request, prepared, budget)
}

/// The next step from `grid` and what the level shows of it.
fn step_hint(
    grid: &Grid,
    request: &HintRequest,
    prepared: Prepared,
    budget: &Budget,
) -> Result<Hint, HintError> {
    let unique = prepared.unique;
    let options = PathOptions {
        techniques: request.order.techniques(),
        unique,
        solution: Some(prepared.solution),
        budget: budget.clone(),
    };
    let step = next_step(grid, &options).ok_or(match budget.out_of_time() {
        Some(_) => HintError::Stopped,
        None => HintError::Contradiction,
    })?;
    let mut hint = Hint {
        unique,
        technique: Some(step.technique),
        technique_name: Some(step.technique.name()),
        ..Hint::empty(request.level)
    };
    if request.level == HintLevel::Vague {
        return Ok(hint);
    }
    let mut after = grid.clone();
    after.apply(&step);
    hint.text = Some(step.text(grid));
    hint.step = Some(ShownStep::new(step, grid));
    if request.level == HintLevel::Apply {
        let cells = after.values().len();
        hint.candidates = Some((0..cells).map(|c| after.digits(c)).collect());
        hint.values = Some(after.values().to_vec());
    }
    Ok(hint)
}

impl Hint {
    /// A hint at `level` that says nothing yet.
    fn empty(level: HintLevel) -> Self {
        Hint {
            level,
            solved: false,
            unique: true,
            technique: None,
            technique_name: None,
            text: None,
            step: None,
            mistakes: None,
            values: None,
            candidates: None,
        }
    }
}

/// The non-zero `entries` that are not givens and differ from `solution`.
fn mistakes(givens: &Puzzle, entries: &[u8], solution: &[u8]) -> Vec<Mistake> {
    let size = givens.size();
    entries
        .iter()
        .enumerate()
        .filter(|&(cell, &digit)| {
            digit != 0 && givens.givens()[cell] == 0 && digit != solution[cell]
        })
        .map(|(cell, &digit)| Mistake {
            cell,
            name: cell_name(size, cell),
            digit,
            solution: Some(solution[cell]),
        })
        .collect()
}

/// The hint for wrong entries: their cells, and from the concrete level on
/// the solution's digits too; at the apply level, the entries without them.
fn mistakes_hint(level: HintLevel, mut wrong: Vec<Mistake>, entries: &[u8]) -> Hint {
    let revealing = level != HintLevel::Vague;
    let text = if revealing {
        let said: Vec<String> = wrong
            .iter()
            .map(|m| {
                let (digit, right) = (digit_char(m.digit), m.solution.map_or('?', digit_char));
                format!("{} holds {digit}, but the solution has {right}", m.name)
            })
            .collect();
        format!("{}.", said.join("; "))
    } else {
        let names: Vec<&str> = wrong.iter().map(|m| m.name.as_str()).collect();
        match names.as_slice() {
            [one] => format!("{one} is wrong."),
            many => format!("{} entries are wrong: {}.", many.len(), many.join(", ")),
        }
    };
    if !revealing {
        wrong.iter_mut().for_each(|m| m.solution = None);
    }
    let values = (level == HintLevel::Apply).then(|| {
        let mut cleared = entries.to_vec();
        wrong.iter().for_each(|m| cleared[m.cell] = 0);
        cleared
    });
    Hint {
        text: Some(text),
        mistakes: Some(wrong),
        values,
        ..Hint::empty(level)
    }
}

/// An open cell whose candidates have lost its `solution` digit.
fn lost_candidate(grid: &Grid, solution: &[u8]) -> Option<usize> {
    grid.open_cells()
        .iter()
        .find(|&cell| grid.mask(cell) & crate::bit(solution[cell]) == 0)
}
