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
    // Dutch whispers (difference 4): f-puzzles says it, SudokuPad's drawings do not.
    let description = json!({"size": 9, "whispers": [{"line": ["r1c1", "r1c2"], "difference": 4}]});
    let (status, body) = post(&app, "/api/links", json!({"description": description})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["fpuzzles"]["link"].is_string(), "{body}");
    assert!(
        body["sudokupad"]["error"]
            .as_str()
            .unwrap()
            .contains("difference of 4"),
        "{body}"
    );
    let (status, _) = post(&app, "/api/links", json!({"puzzle": "12x"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}
