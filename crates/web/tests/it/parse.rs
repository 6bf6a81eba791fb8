//! `POST /api/parse`: layouts of every size and variant.

use crate::common::{EASY, KILLER, app, digits, line_puzzle, post};
use axum::http::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn parse_lays_out_every_size_and_variant() {
    let app = app();
    let (status, body) = post(&app, "/api/parse", json!({"puzzle": EASY})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["size"], 9);
    assert_eq!(body["box"], json!([3, 3]));
    assert_eq!(body["regions"], Value::Null);
    assert_eq!(body["diagonals"], false);
    assert_eq!(body["windows"], json!([]));
    assert_eq!(body["variant"], "classic");
    assert_eq!(body["clash"], Value::Null);
    assert_eq!(body["line"], EASY);
    let givens = digits(&body["givens"]);
    assert_eq!(givens, line_puzzle(EASY).givens());
    let candidates = body["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 81);
    assert_eq!(candidates[2], json!([]), "r1c3 is given");
    // r1c1: not 3, 2, 6 (row), 9 (column), 1, 8 (box), 7 (column) …
    let r1c1 = digits(&candidates[0]);
    for d in [2, 3, 6, 9, 1, 8] {
        assert!(!r1c1.contains(&d), "{d} in {r1c1:?}");
    }
    assert!(r1c1.contains(&4), "the solution's digit stays");

    // 4×4, 16×16, 25×25 lines.
    for (size, line) in [
        (4, ".".repeat(16)),
        (16, ".".repeat(256)),
        (25, ".".repeat(625)),
    ] {
        let (status, body) = post(&app, "/api/parse", json!({"puzzle": line})).await;
        assert_eq!(status, StatusCode::OK, "{size}: {body}");
        assert_eq!(body["size"], size);
        let candidates = body["candidates"].as_array().unwrap();
        assert_eq!(candidates.len(), size * size);
        assert_eq!(digits(&candidates[0]).len(), size);
    }

    // diagonal+windoku.
    let (status, body) = post(
        &app,
        "/api/parse",
        json!({"puzzle": ".".repeat(81), "variant": "diagonal+windoku"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["diagonals"], true);
    assert_eq!(body["windows"].as_array().unwrap().len(), 4);
    assert_eq!(body["variant"], "diagonal+windoku");

    // Killer through a description: cages with their sums.
    let killer: Value = serde_json::from_str(KILLER).unwrap();
    let (status, body) = post(&app, "/api/parse", json!({"description": killer})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["size"], 4);
    let cages = body["cages"].as_array().unwrap();
    assert_eq!(cages.len(), 7);
    assert_eq!(cages[0], json!({"cells": [0, 1, 5], "sum": 7}));
    assert_eq!(body["variant"], "killer");

    // Jigsaw: a region per cell.
    let jigsaw = json!({"regions": ["AABB", "AABB", "CCDD", "CDCD"], "givens": "1..............."});
    let (status, body) = post(&app, "/api/parse", json!({"description": jigsaw})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["box"], Value::Null);
    assert_eq!(body["regions"].as_array().unwrap().len(), 16);

    // A clash is reported, not refused; values count as entries.
    let clash = format!("11{}", ".".repeat(14));
    let (status, body) = post(&app, "/api/parse", json!({"puzzle": clash})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["clash"].as_str().unwrap().contains("row 1"), "{body}");
    let mut values = vec![0u8; 16];
    values[5] = 3;
    let (status, body) = post(
        &app,
        "/api/parse",
        json!({"puzzle": ".".repeat(16), "values": values}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["candidates"][5], json!([]));
    assert_eq!(body["candidates"][4], json!([1, 2, 4]), "r2c1 sees the 3");
}

/// The candidates respect every element: a thermometer's cells lose the
/// digits its order rules out, a white dot beside a placed 1 leaves 2 only
/// — the engine's propagation, not the peers' digits alone. A classic grid
/// keeps the peers' candidates exactly (a house removes only placed digits).
#[tokio::test]
async fn candidates_respect_every_element() {
    let app = app();
    let description = json!({"size": 4, "thermometers": [["r1c1", "r1c2", "r1c3"]],
        "white_dots": [["r4c3", "r4c4"]], "givens": "...............1"});
    let (status, body) = post(&app, "/api/parse", json!({"description": description})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let candidates = body["candidates"].as_array().unwrap();
    assert_eq!(digits(&candidates[0]), vec![1, 2], "the bulb");
    assert_eq!(digits(&candidates[1]), vec![2, 3], "the middle");
    assert_eq!(digits(&candidates[2]), vec![3, 4], "the tip");
    assert_eq!(
        digits(&candidates[14]),
        vec![2],
        "across the dot from the 1"
    );
    // With an entry, the thermometer's other cells follow it.
    let (_, body) = post(
        &app,
        "/api/parse",
        json!({"description": description, "values": [0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}),
    )
    .await;
    let candidates = body["candidates"].as_array().unwrap();
    assert_eq!(digits(&candidates[0]), vec![1, 2]);
    assert_eq!(digits(&candidates[2]), vec![4]);
    // Classic: the peers' digits, no more (a naked single stays a pad of one).
    let (_, body) = post(&app, "/api/parse", json!({"puzzle": "123............."})).await;
    let candidates = body["candidates"].as_array().unwrap();
    assert_eq!(digits(&candidates[3]), vec![4]);
    assert_eq!(digits(&candidates[4]), vec![3, 4], "r2c1: not 1 2 (box)");
    assert_eq!(
        digits(&candidates[6]),
        vec![1, 2, 4],
        "r2c3: not 3 (column)"
    );
}
