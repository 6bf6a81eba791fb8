//! `POST /api/links`: the puzzle as an f-puzzles link and as SudokuPad
//! links, each reading back as the same puzzle; what a format cannot say
//! is its entry's error, the others still written.

use crate::common::{app, post};
use axum::http::StatusCode;
use fdoku_sudoku::format::{Format, read_puzzles};
use serde_json::json;

#[tokio::test]
async fn links_read_back_as_the_puzzle() {
    let app = app();
    let description = json!({"size": 4, "thermometers": [["r1c1", "r1c2", "r1c3"]],
        "white_dots": [["r4c3", "r4c4"]], "givens": "...............1"});
    let (status, parsed) = post(&app, "/api/parse", json!({"description": description})).await;
    assert_eq!(status, StatusCode::OK, "{parsed}");
    let (status, body) = post(
        &app,
        "/api/links",
        json!({"description": description, "title": "Tiny thermo"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for (key, start) in [
        ("fpuzzles", "https://www.f-puzzles.com/?load=N4Ig"),
        ("sudokupad", "https://sudokupad.app/scl"),
        ("sudokupad_fpuzzles", "https://sudokupad.app/fpuzzlesN4Ig"),
    ] {
        let link = body[key]["link"].as_str().unwrap();
        assert!(link.starts_with(start), "{key}: {link}");
        let items = read_puzzles(key, link, Format::Auto, &Default::default());
        let puzzle = items[0].puzzle.as_ref().unwrap();
        assert_eq!(puzzle.to_line(), parsed["line"], "{key}");
        assert_eq!(puzzle.rules().elements().len(), 2, "{key}");
        let (_, again) = post(&app, "/api/parse", json!({"puzzle": link})).await;
        assert_eq!(again["elements"], parsed["elements"], "{key}");
    }
}

#[tokio::test]
async fn what_a_format_cannot_say_is_that_links_error() {
    let app = app();
    // A whisper of difference 3: f-puzzles says it, SudokuPad's drawings (German
    // and Dutch whispers, 5 and 4) do not.
    let description = json!({"size": 9, "whispers": [{"line": ["r1c1", "r1c2"], "difference": 3}]});
    let (status, body) = post(&app, "/api/links", json!({"description": description})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["fpuzzles"]["link"].is_string(), "{body}");
    assert!(
        body["sudokupad"]["error"]
            .as_str()
            .unwrap()
            .contains("difference of 3"),
        "{body}"
    );
    let (status, _) = post(&app, "/api/links", json!({"puzzle": "12x"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_words_of_a_loaded_puzzle_travel_into_its_links() {
    let app = app();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data/variants/clipped.fpuzzles.json"),
    )
    .unwrap();
    let read = fdoku_sudoku::format::fpuzzles::read_fpuzzles("clipped", &text).remove(0);
    let puzzle = read.puzzle.unwrap();
    let link = fdoku_sudoku::format::scl::to_link(&puzzle.puzzle, &puzzle.meta).unwrap();
    let (status, parsed) = post(&app, "/api/parse", json!({"puzzle": link})).await;
    assert_eq!(status, StatusCode::OK, "{parsed}");
    assert_eq!(parsed["meta"]["title"], "Clipped");
    assert_eq!(parsed["meta"]["author"], "Philipp Blume aka glum_hippo");
    assert!(
        parsed["meta"]["rules"]
            .as_str()
            .unwrap()
            .contains("Anti-King")
    );
    let (_, plain) = post(&app, "/api/parse", json!({"puzzle": parsed["line"]})).await;
    assert_eq!(plain["meta"]["title"], serde_json::Value::Null);
    let mut body = json!({"description": parsed["description"]});
    for key in ["title", "author", "rules"] {
        body[key] = parsed["meta"][key].clone();
    }
    let (_, links) = post(&app, "/api/links", body).await;
    let back =
        fdoku_sudoku::format::scl::read_link(links["sudokupad"]["link"].as_str().unwrap()).unwrap();
    assert_eq!(back.meta.title.as_deref(), Some("Clipped"));
    assert_eq!(back.meta.ruleset, puzzle.meta.ruleset);
    assert_eq!(back.puzzle, puzzle.puzzle);
}
