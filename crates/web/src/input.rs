//! The puzzle in a request: the line (or block) text with a plain variant,
//! or a JSON description for any variant (jigsaw, killer, extra regions),
//! plus optional current entries that count as givens.
//!
//! Reading is `fdoku_sudoku::format`'s: the same detection, the same
//! messages (with line and column) as the command line. A text that does
//! not read is a 422 carrying the parser's message. A grid of several
//! overlapping Sudokus (a samurai's canvas, or its JSON description) reads
//! as a [`MultigridPuzzle`] ([`PuzzleInput::multigrid`]); the endpoints
//! that take one grid only refuse it by name.

use fdoku_sudoku::Puzzle;
use fdoku_sudoku::format::fpuzzles::{Meta, read_fpuzzles};
use fdoku_sudoku::format::multigrid::{detect as is_multigrid, read_multigrids};
use fdoku_sudoku::format::{Format, ParseError, PlainVariant, detect, read_puzzles};
use fdoku_sudoku::multigrid::MultigridPuzzle;
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

    /// The text the request gives, named as errors name it: `puzzle` or
    /// `description` (`None` when the body's shape is wrong, which
    /// [`PuzzleInput::read_givens`] reports).
    fn named_text(&self) -> Option<(&'static str, String)> {
        match (&self.puzzle, &self.description) {
            (Some(text), None) => Some(("puzzle", text.clone())),
            (None, Some(description)) if description.is_object() => {
                Some(("description", description.to_string()))
            }
            _ => None,
        }
    }

    /// The grid of several overlapping Sudokus the request gives — its
    /// canvas (with or without a `layout:` line) or its JSON description
    /// (`layout` or `subgrids`) — or `None` when it gives one grid. A
    /// multigrid takes no `values`.
    pub fn multigrid(&self) -> ApiResult<Option<MultigridPuzzle>> {
        let read = self.read_multigrid()?;
        if read.is_some() && self.values.is_some() {
            return Err(ApiError::Unprocessable(
                "values: a grid of several overlapping Sudokus takes its givens only (expected no \"values\")"
                    .to_owned(),
            ));
        }
        Ok(read)
    }

    /// [`PuzzleInput::multigrid`] without the check of `values`.
    fn read_multigrid(&self) -> ApiResult<Option<MultigridPuzzle>> {
        let Some((name, text)) = self.named_text() else {
            return Ok(None);
        };
        if !is_multigrid(&text) {
            return Ok(None);
        }
        let read = read_multigrids(name, &text).into_iter().map(|i| i.puzzle);
        only_one(name, read.collect()).map(Some)
    }

    /// The puzzle without `values`; a multigrid is refused by name (the
    /// endpoints that call this take one grid).
    pub fn read_givens(&self) -> ApiResult<Puzzle> {
        if let Some(multigrid) = self.read_multigrid()? {
            let what = multigrid
                .grid()
                .name()
                .unwrap_or("grid of several overlapping Sudokus");
            let name = if self.puzzle.is_some() {
                "puzzle"
            } else {
                "description"
            };
            return Err(ApiError::Unprocessable(format!(
                "{name}: a {what} is not one grid (expected a single Sudoku: hints, explanations, grades and links take one; /api/parse, /api/solve and /api/generate take several)"
            )));
        }
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
        let read = read_puzzles(name, &text, format, &variant);
        only_one(name, read.into_iter().map(|i| i.puzzle).collect())
    }
}

/// The one puzzle a reader found in the text named `name`: a 422 for none,
/// for several, or with the parser's message.
fn only_one<T>(name: &str, mut read: Vec<Result<T, ParseError>>) -> ApiResult<T> {
    if read.len() > 1 {
        return Err(ApiError::Unprocessable(format!(
            "expected one puzzle, found {}",
            read.len()
        )));
    }
    read.pop()
        .ok_or_else(|| ApiError::Unprocessable(format!("{name}: no puzzle in the text")))?
        .map_err(|e| ApiError::Unprocessable(e.to_string()))
}

/// `puzzle` with the non-zero `values` placed as givens (they must agree
/// with the givens already there).
pub fn with_values(puzzle: &Puzzle, values: &[u8]) -> ApiResult<Puzzle> {
    puzzle
        .with_entries(values)
        .map_err(|e| ApiError::Unprocessable(format!("values: {e}")))
}
