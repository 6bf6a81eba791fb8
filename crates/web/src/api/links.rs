//! `POST /api/links`: the puzzle as links other programs open — an
//! f-puzzles link, a SudokuPad link in SudokuPad's own format (`scl`) and
//! a SudokuPad link with the f-puzzles payload — written by the library's
//! writers ([`fdoku_sudoku::format::fpuzzles`], [`fdoku_sudoku::format::scl`]).

use axum::Json;
use fdoku_sudoku::Puzzle;
use fdoku_sudoku::format::fpuzzles::{self, Meta};
use fdoku_sudoku::format::scl;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::ApiResult;
use crate::extract::JsonBody;
use crate::input::PuzzleInput;

/// The body of `/api/links`: a puzzle and, optionally, the words the
/// links carry.
#[derive(Deserialize)]
pub struct LinksRequest {
    #[serde(flatten)]
    input: PuzzleInput,
    /// The puzzle's title.
    #[serde(default)]
    title: Option<String>,
    /// Who set it.
    #[serde(default)]
    author: Option<String>,
    /// The rules in words.
    #[serde(default)]
    rules: Option<String>,
}

/// Each link, or why that format cannot say the puzzle:
/// `{"fpuzzles": {"link": …}, "sudokupad": {"error": …}, …}`. The givens
/// travel (the player's `values` do not: they are not the puzzle).
pub async fn links(JsonBody(request): JsonBody<LinksRequest>) -> ApiResult<Json<Value>> {
    let puzzle = request.input.read_givens()?;
    let words = |text: Option<String>| text.filter(|t| !t.trim().is_empty());
    let meta = Meta {
        title: words(request.title),
        author: words(request.author),
        ruleset: words(request.rules),
        solution: None,
    };
    let entry = |written: Result<String, String>| match written {
        Ok(link) => json!({"link": link}),
        Err(error) => json!({"error": error}),
    };
    type Writer = fn(&Puzzle, &Meta) -> Result<String, String>;
    let writers: [(&str, Writer); 3] = [
        ("fpuzzles", |p, m| {
            fpuzzles::to_link(p, m).map_err(|e| e.to_string())
        }),
        ("sudokupad", |p, m| {
            scl::to_link(p, m).map_err(|e| e.to_string())
        }),
        ("sudokupad_fpuzzles", |p, m| {
            fpuzzles::to_sudokupad_link(p, m).map_err(|e| e.to_string())
        }),
    ];
    let answer: serde_json::Map<String, Value> = writers
        .iter()
        .map(|(key, write)| ((*key).to_owned(), entry(write(&puzzle, &meta))))
        .collect();
    Ok(Json(Value::Object(answer)))
}
