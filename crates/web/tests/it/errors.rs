//! Bad input gets the right status and a message: 413, 400, 422.

use crate::common::{EASY, app, error_of, get_json, post, send};
use axum::http::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn bad_input_gets_the_right_status() {
    let app = app();
    // 413: a body over 64 KiB.
    let big = json!({"puzzle": ".".repeat(70_000)})
        .to_string()
        .into_bytes();
    let (status, body) = send(&app, Method::POST, "/api/parse", Some(big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(error_of(&body).contains("too large"));

    // 400: malformed JSON, a wrong shape, an unknown option.
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/solve",
        Some(b"{\"puzzle\": ".to_vec()),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).contains("JSON"), "{body}");
    for (uri, request) in [
        ("/api/parse", json!({"puzzle": 5})),
        ("/api/parse", json!([1, 2])),
        ("/api/parse", json!({})),
        (
            "/api/parse",
            json!({"puzzle": EASY, "description": {"size": 4}}),
        ),
        ("/api/parse", json!({"puzzle": EASY, "variant": "toroidal"})),
        ("/api/solve", json!({"puzzle": EASY, "strength": "strong"})),
        ("/api/hint", json!({"puzzle": EASY, "level": "loud"})),
        ("/api/generate", json!({"symmetry": "spiral"})),
        ("/api/generate", json!({"difficulty": "impossible"})),
        ("/api/generate", json!({"colour": true})),
        ("/api/solve", json!({"puzzle": EASY, "values": [300]})),
    ] {
        let (status, body) = post(&app, uri, request.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri} {request}: {body}");
        assert!(!error_of(&body).is_empty());
    }

    // 422: grids that do not parse, with the parser's position.
    let (status, body) = post(&app, "/api/parse", json!({"puzzle": "12x"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_of(&body),
        "puzzle:1:3: 'x' is not a digit (expected 1-9, A-W, or a blank . 0 _ - *)"
    );
    for (uri, request) in [
        ("/api/parse", json!({"puzzle": ".".repeat(80)})),
        ("/api/solve", json!({"puzzle": ""})),
        ("/api/solve", json!({"puzzle": format!("{EASY}\n{EASY}")})),
        (
            "/api/hint",
            json!({"description": {"size": 4, "givens": "1...5"}}),
        ),
        ("/api/grade", json!({"description": {"size": 7}})),
        ("/api/explain", json!({"puzzle": EASY, "values": [1, 2, 3]})),
        ("/api/solve", json!({"puzzle": EASY, "values": vec![1; 81]})),
        ("/api/generate", json!({"size": 7})),
        ("/api/generate", json!({"size": 99})),
    ] {
        let (status, body) = post(&app, uri, request.clone()).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{uri} {request}: {body}"
        );
        assert!(!error_of(&body).is_empty());
    }
    let (status, body) = post(&app, "/api/parse", json!({"puzzle": ".".repeat(80)})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&body).starts_with("puzzle:1:"), "{body}");
    // A puzzle without a solution cannot be hinted or graded.
    let clash = format!("11{}", ".".repeat(79));
    for uri in ["/api/hint", "/api/grade", "/api/explain"] {
        let (status, body) = post(&app, uri, json!({"puzzle": clash})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{uri}: {body}");
        assert!(error_of(&body).contains("no solution"), "{body}");
    }
    // The server still answers.
    let (status, _) = get_json(&app, "/api/health").await;
    assert_eq!(status, StatusCode::OK);
}
