//! What every module uses: puzzles, a router under test, requests and
//! readers of the answers.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use fdoku_sudoku::Puzzle;
use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
use fdoku_web::{Config, router};
use serde_json::Value;
use tower::ServiceExt;

/// An easy classic puzzle (singles only).
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Norvig's top95 #1: hard for weak propagation.
pub const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// A 4×4 killer with cages only (examples/killer-4x4.json).
pub const KILLER: &str = include_str!("../../../../examples/killer-4x4.json");

pub fn config() -> Config {
    Config {
        deadline: Duration::from_secs(20),
        max_concurrent: 4,
        body_limit: 64 * 1024,
        ..Config::default()
    }
}

pub fn app() -> Router {
    router(config())
}

/// Sends one request; returns the status and the body as JSON (or as a
/// JSON string when it is not JSON).
pub async fn send(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<Vec<u8>>,
) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.map_or_else(Body::empty, Body::from))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

pub async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    send(app, Method::POST, uri, Some(body.to_string().into_bytes())).await
}

pub async fn get_json(app: &Router, uri: &str) -> (StatusCode, Value) {
    send(app, Method::GET, uri, None).await
}

pub fn error_of(body: &Value) -> &str {
    body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("an error body: {body}"))
}

pub fn digits(value: &Value) -> Vec<u8> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("an array: {value}"))
        .iter()
        .map(|d| d.as_u64().unwrap() as u8)
        .collect()
}

pub fn line_puzzle(text: &str) -> Puzzle {
    read_puzzles("test", text, Format::Auto, &PlainVariant::default())
        .remove(0)
        .puzzle
        .unwrap()
}

pub fn json_puzzle(description: &Value) -> Puzzle {
    read_puzzles(
        "test",
        &description.to_string(),
        Format::Json,
        &PlainVariant::default(),
    )
    .remove(0)
    .puzzle
    .unwrap()
}
