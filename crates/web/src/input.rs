//! The puzzle in a request: the line (or block) text with a plain variant,
//! or a JSON description for any variant (jigsaw, killer, extra regions),
//! plus optional current entries that count as givens.
//!
//! Reading is `fdoku_sudoku::format`'s: the same detection, the same
//! messages (with line and column) as the command line. A text that does
//! not read is a 422 carrying the parser's message.

use fdoku_sudoku::Puzzle;
use fdoku_sudoku::format::fpuzzles::{Meta, read_fpuzzles};
use fdoku_sudoku::format::{Format, PlainVariant, detect, read_puzzles};
use serde::Deserialize;

use crate::error::{ApiError, ApiResult};

/// `{"puzzle": "<text>", "variant": "…"}` or `{"description": {…}}`,
/// optionally with `"values"`.
#[derive(Debug, Default, Deserialize)]
pub struct PuzzleInput {
    /// The puzzle as text: one line (or a block of rows).
    #[serde(default)]
    pub puzzle: Option<String>,
    /// `classic`, `diagonal`, `windoku` or `diagonal+windoku` (text only).
    #[serde(default)]
    pub variant: Option<String>,
    /// A JSON puzzle description (`fdoku_sudoku::format::json`).
    #[serde(default)]
    pub description: Option<serde_json::Value>,
    /// Current entries, one per cell (0 = empty), used as givens.
    #[serde(default)]
    pub values: Option<Vec<u8>>,
}

/// The plain variant named `name` (`None` = classic).
pub fn plain_variant(name: Option<&str>) -> ApiResult<PlainVariant> {
    let name = name.unwrap_or("classic").trim().to_ascii_lowercase();
    let mut variant = PlainVariant::default();
    if name == "classic" || name.is_empty() {
        return Ok(variant);
    }
    for part in name.split('+') {
        match part.trim() {
            "diagonal" | "x" => variant.diagonals = true,
            "windoku" | "hyper" => variant.windoku = true,
            other => {
                return Err(ApiError::BadRequest(format!(
                    "unknown variant {other:?} (expected classic, diagonal, windoku or diagonal+windoku)"
                )));
            }
        }
    }
    Ok(variant)
}

impl PuzzleInput {
    /// The puzzle: read from the text or description, then with `values`
    /// placed as givens.
    pub fn read(&self) -> ApiResult<Puzzle> {
        let puzzle = self.read_givens()?;
        match &self.values {
            Some(values) => with_values(&puzzle, values),
            None => Ok(puzzle),
        }
    }

    /// The title, author and rules text an f-puzzles or SudokuPad puzzle
    /// carries (none for other texts and for descriptions).
    pub fn meta(&self) -> Meta {
        match &self.puzzle {
            Some(text) if detect(text) == Format::FPuzzles => read_fpuzzles("puzzle", text)
                .into_iter()
                .next()
                .and_then(|entry| entry.puzzle.ok())
                .map(|read| read.meta)
                .unwrap_or_default(),
            _ => Meta::default(),
        }
    }

    /// The puzzle without `values`.
    pub fn read_givens(&self) -> ApiResult<Puzzle> {
        let (name, text, format, variant) = match (&self.puzzle, &self.description) {
            (Some(_), Some(_)) => {
                return Err(ApiError::BadRequest(
                    "give either \"puzzle\" (text) or \"description\" (JSON), not both".to_owned(),
                ));
            }
            (None, None) => {
                return Err(ApiError::BadRequest(
                    "missing \"puzzle\" (text) or \"description\" (JSON)".to_owned(),
                ));
            }
            (Some(text), None) => (
                "puzzle",
                text.clone(),
                Format::Auto,
                plain_variant(self.variant.as_deref())?,
            ),
            (None, Some(description)) => {
                if !description.is_object() {
                    return Err(ApiError::BadRequest(
                        "\"description\" must be a JSON object".to_owned(),
                    ));
                }
                (
                    "description",
                    description.to_string(),
                    Format::Json,
                    PlainVariant::default(),
                )
            }
        };
        let mut items = read_puzzles(name, &text, format, &variant);
        if items.len() > 1 {
            return Err(ApiError::Unprocessable(format!(
                "expected one puzzle, found {}",
                items.len()
            )));
        }
        let item = items
            .pop()
            .ok_or_else(|| ApiError::Unprocessable(format!("{name}: no puzzle in the text")))?;
        item.puzzle
            .map_err(|e| ApiError::Unprocessable(e.to_string()))
    }
}

/// `puzzle` with the non-zero `values` placed as givens (they must agree
/// with the givens already there).
pub fn with_values(puzzle: &Puzzle, values: &[u8]) -> ApiResult<Puzzle> {
    puzzle
        .with_entries(values)
        .map_err(|e| ApiError::Unprocessable(format!("values: {e}")))
}
