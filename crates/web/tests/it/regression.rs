//! One test per bug found in the API, named after what went wrong.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{app, error_of, post};

#[tokio::test]
async fn parse_said_no_clash_when_the_values_clashed() {
    let app = app();
    // Two entries of 1 in row 1, on an empty 4×4.
    let mut values = vec![0u8; 16];
    values[0] = 1;
    values[3] = 1;
    let (status, body) = post(
        &app,
        "/api/parse",
        json!({"puzzle": ".".repeat(16), "values": values}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["clash"], "r1c1 and r1c4 both hold 1 in row 1",
        "{body}"
    );
    // An entry clashing with a given, too.
    let mut values = vec![0u8; 16];
    values[4] = 2;
    let (_, body) = post(
        &app,
        "/api/parse",
        json!({"puzzle": format!("2{}", ".".repeat(15)), "values": values}),
    )
    .await;
    assert!(
        body["clash"]
            .as_str()
            .is_some_and(|c| c.contains("column 1")),
        "{body}"
    );
    // Values that agree: no clash.
    let (_, body) = post(
        &app,
        "/api/parse",
        json!({"puzzle": ".".repeat(16), "values": [1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}),
    )
    .await;
    assert_eq!(body["clash"], Value::Null);
}

#[tokio::test]
async fn generate_took_cage_sizes_the_command_line_refuses() {
    let app = app();
    for size in [0, 33, 1000] {
        let (status, body) = post(
            &app,
            "/api/generate",
            json!({"killer": true, "size": 4, "cage_size": size, "seed": 1}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{size}: {body}");
        // `fdoku generate --killer --cage-size 0` says "0 is not in 1..=32".
        assert_eq!(
            error_of(&body),
            format!("cage_size: {size} is not in 1..=32")
        );
    }
    for size in [1, 32] {
        let (status, body) = post(
            &app,
            "/api/generate",
            json!({"killer": true, "size": 4, "cage_size": size, "seed": 1}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{size}: {body}");
    }
    // As `--cage-size` needs `--killer`.
    let (status, body) = post(&app, "/api/generate", json!({"cage_size": 3})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(error_of(&body).contains("killer"), "{body}");
}

#[tokio::test]
async fn a_pencil_mark_of_digit_zero_panicked_the_hint() {
    // Found by fuzzing: a mark 0 (or above N) was shifted into a bit mask.
    let app = app();
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.0..9..5.1.3..";
    for bad in [0, 10] {
        let mut marks = vec![json!([]); 30];
        marks[4] = json!([bad]);
        let (status, body) = post(
            &app,
            "/api/hint",
            json!({"puzzle": line, "level": "apply", "order": "explainer", "candidates": marks}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            error_of(&body),
            format!("candidates[4]: {bad} is not a digit (expected 1 to 9)")
        );
    }
}
