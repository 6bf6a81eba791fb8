//! Wrong entries, for `/api/hint`: the user's values that differ from the
//! solution of the givens. A hint on such a grid names the cells instead of
//! a technique — no step of logic follows from a wrong digit.
//!
//! Only a puzzle whose givens have exactly one solution has "the" solution
//! to compare with; otherwise the entries are taken as givens and checked
//! as before (no solution left is a 422).

use fdoku_fd::Budget;
use fdoku_logic::grade::{GradeError, prepare};
use fdoku_sudoku::{Puzzle, cell_name, digit_char};
use serde::Serialize;
use serde_json::{Value, json};

use crate::error::{ApiError, ApiResult};
use crate::work::stopped;

/// An entry that differs from the solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Mistake {
    /// The cell (0-based, reading order).
    pub(crate) cell: usize,
    /// Its name, `r3c5`.
    pub(crate) name: String,
    /// The digit entered.
    pub(crate) digit: u8,
    /// The solution's digit (left out of vague hints).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solution: Option<u8>,
}

/// What the givens say about the entries.
pub(crate) enum Check {
    /// Some entries are wrong.
    Wrong(Vec<Mistake>),
    /// Every entry agrees with the givens' unique solution, this one.
    Right(Vec<u8>),
    /// The givens have no single solution to compare with.
    Unknown,
}

/// Compares the non-zero `values` that are not givens with the solution of
/// `givens`.
pub(crate) fn check(givens: &Puzzle, values: &[u8], budget: &Budget) -> ApiResult<Check> {
    let solution = match prepare(givens, budget) {
        Ok((solution, true)) => solution,
        Err(GradeError::Stopped(_)) => return Err(stopped()),
        Ok((_, false)) | Err(_) => return Ok(Check::Unknown),
    };
    if values.len() != solution.len() {
        return Err(ApiError::Unprocessable(format!(
            "values: {} entries, expected {} (one per cell)",
            values.len(),
            solution.len()
        )));
    }
    let size = givens.size();
    let wrong: Vec<Mistake> = values
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
        .collect();
    Ok(if wrong.is_empty() {
        Check::Right(solution)
    } else {
        Check::Wrong(wrong)
    })
}

/// The hint for wrong entries: their cells, and at `revealing` levels the
/// solution's digits too; `cleared` (for the apply level) is the grid
/// with them taken out.
pub(crate) fn hint(
    level: &str,
    mut wrong: Vec<Mistake>,
    revealing: bool,
    cleared: Option<&[u8]>,
) -> Value {
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
    let mut doc = json!({
        "level": level,
        "solved": false,
        "technique": null,
        "technique_name": null,
        "mistakes": wrong,
        "text": text,
    });
    if let Some(values) = cleared {
        doc["values"] = json!(values);
    }
    doc
}

/// `values` without the wrong entries.
pub(crate) fn without(values: &[u8], wrong: &[Mistake]) -> Vec<u8> {
    let mut cleared = values.to_vec();
    for m in wrong {
        cleared[m.cell] = 0;
    }
    cleared
}
