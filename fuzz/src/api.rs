//! The HTTP API's request bodies, sent through `fdoku_web::router` in
//! process (no socket): whatever the body, the answer is JSON, a success or
//! a documented error, never a 500 (a panic anywhere aborts the fuzzer).
//!
//! The router's deadline is zero: every request is read and validated in
//! full — the JSON, the puzzle text or description, `values`, the options —
//! and the expensive work behind it (solving, grading, generating) stops at
//! its first look at the clock and answers 503. That work is fuzzed by the
//! engine and logic targets instead, where a case costs no thread.

use std::sync::LazyLock;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Method, Request, StatusCode, header};
use tokio::runtime::Runtime;
use tower::ServiceExt;

/// The endpoints that take a body; the fuzz input's first byte picks one.
const ENDPOINTS: [&str; 6] = [
    "/api/parse",
    "/api/solve",
    "/api/hint",
    "/api/explain",
    "/api/grade",
    "/api/generate",
];

/// One runtime and one router for every case.
static SERVER: LazyLock<(Runtime, Router)> = LazyLock::new(|| {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let config = fdoku_web::Config {
        deadline: Duration::ZERO,
        max_concurrent: 1,
        ..fdoku_web::Config::default()
    };
    (runtime, fdoku_web::router(config))
});

/// Posts the body (the input after its first byte) to the endpoint its
/// first byte picks, and checks the answer.
pub fn check_request(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let path = ENDPOINTS[usize::from(pick) % ENDPOINTS.len()];
    let request = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::HOST, fdoku_web::DEFAULT_ADDR)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a well-formed request");
    let (runtime, router) = &*SERVER;
    let (status, answer) = runtime.block_on(async {
        let response = router
            .clone()
            .oneshot(request)
            .await
            .expect("the router is infallible");
        let status = response.status();
        let answer = to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("the answer's body");
        (status, answer)
    });
    let shown = String::from_utf8_lossy(&answer);
    assert_ne!(
        status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{path} answered 500: {shown}"
    );
    let value: serde_json::Value = serde_json::from_slice(&answer).unwrap_or_else(|e| {
        panic!("{path} answered {status} with a body that is not JSON ({e}): {shown}")
    });
    if !status.is_success() {
        assert!(
            status.is_client_error() || status == StatusCode::SERVICE_UNAVAILABLE,
            "{path} answered {status}: {shown}"
        );
        let message = value["error"].as_str().unwrap_or_default();
        assert!(
            !message.is_empty(),
            "{path}: a {status} without a message: {shown}"
        );
    }
}
