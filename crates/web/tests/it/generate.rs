//! `POST /api/generate`: unique, checked puzzles of every kind.

use crate::common::{app, digits, error_of, json_puzzle, line_puzzle, post};
use axum::http::StatusCode;
use fdoku_sudoku::check_solution;
use fdoku_sudoku::solve::{Goal, Status, solve};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

#[tokio::test]
async fn generate_makes_unique_checked_puzzles() {
    let app = app();
    let (status, body) = post(
        &app,
        "/api/generate",
        json!({"seed": 5, "symmetry": "rot180"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["seed"], 5);
    assert_eq!(
        body["minimal"], true,
        "a classic 9×9's checks always finish"
    );
    let line = body["puzzle"].as_str().unwrap();
    let puzzle = line_puzzle(line);
    let report = solve(&puzzle, Goal::Count(2), &Default::default());
    assert_eq!(report.status, Status::Unique);
    let solution = line_puzzle(body["solution"].as_str().unwrap());
    assert_eq!(report.solution.unwrap(), solution.givens());
    // Same seed, same puzzle.
    let (_, again) = post(
        &app,
        "/api/generate",
        json!({"seed": 5, "symmetry": "rot180"}),
    )
    .await;
    assert_eq!(again["puzzle"], body["puzzle"]);

    // A difficulty.
    let (status, body) = post(
        &app,
        "/api/generate",
        json!({"seed": 2, "difficulty": "medium"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["level"], "medium");
    let (_, grade) = post(&app, "/api/grade", json!({"puzzle": body["puzzle"]})).await;
    assert_eq!(
        grade["level"], "medium",
        "re-graded independently of the generator's call"
    );

    // An ER range on SukakuExplainer's scale.
    let (status, body) = post(
        &app,
        "/api/generate",
        json!({"seed": 2, "er": "4.0-4.3", "se": "sukaku"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let er = body["se"]["er"].as_f64().unwrap();
    assert!((4.0..=4.3).contains(&er), "{body}");
    let (_, grade) = post(
        &app,
        "/api/grade",
        json!({"puzzle": body["puzzle"], "se": "sukaku"}),
    )
    .await;
    assert_eq!(grade["sukaku"]["er"], body["se"]["er"], "{grade}");
    let (status, body) = post(&app, "/api/generate", json!({"er": "7.25"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // Sizes and variants.
    let (status, body) = post(
        &app,
        "/api/generate",
        json!({"size": 6, "variant": "diagonal", "seed": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["size"], 6);
    assert_eq!(body["variant"], "diagonal");

    // Killer and jigsaw: descriptions that solve back uniquely.
    for request in [
        json!({"killer": true, "seed": 3}),
        json!({"jigsaw": true, "seed": 3}),
        json!({"killer": true, "size": 4, "cage_size": 3, "seed": 9}),
    ] {
        let (status, body) = post(&app, "/api/generate", request.clone()).await;
        assert_eq!(status, StatusCode::OK, "{request}: {body}");
        assert_eq!(body["puzzle"], Value::Null);
        let description = body["description"].clone();
        let (status, solved) = post(&app, "/api/solve", json!({"description": description})).await;
        assert_eq!(status, StatusCode::OK, "{solved}");
        assert_eq!(solved["status"], "unique", "{request}");
        let expected = line_puzzle(body["solution"].as_str().unwrap());
        assert_eq!(digits(&solved["solution"]), expected.givens());
        check_solution(&json_puzzle(&description), expected.givens()).unwrap();
    }
}

#[tokio::test]
async fn generate_stops_at_a_clue_count_and_says_when_no_level_is_found() {
    let app = app();
    // A 25×25 down to 330 clues (the page's plan for it) comes back at
    // once; a minimal one would take minutes.
    let started = Instant::now();
    let (status, body) = post(
        &app,
        "/api/generate",
        json!({"size": 25, "clues": 330, "symmetry": "rot180", "seed": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(started.elapsed() < Duration::from_secs(10));
    let clues = body["clues"].as_u64().unwrap();
    assert!((329..=331).contains(&clues), "{clues} clues");
    assert_eq!(body["minimal"], false, "stopped at a clue count");
    let puzzle = line_puzzle(body["puzzle"].as_str().unwrap());
    let report = solve(&puzzle, Goal::Count(2), &Default::default());
    assert_eq!(report.status, Status::Unique);
    // A 16×16 of a level, down to the page's clue count for it.
    let (status, body) = post(
        &app,
        "/api/generate",
        json!({"size": 16, "difficulty": "hard", "clues": 112, "symmetry": "rot180", "seed": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["level"], "hard");

    // No 4×4 is medium: said at once, with what the request can change.
    let (status, body) = post(
        &app,
        "/api/generate",
        json!({"size": 4, "difficulty": "medium", "seed": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        error_of(&body),
        "no medium puzzle in 1000 candidates (another seed or symmetry may find one)"
    );
}
