//! The page's unit-test fixtures hold the server's real answers
//! (`FDOKU_BLESS=1` rewrites them).

use crate::common::{app, post};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// The answers the page's unit tests (crates/web/tests-js) start from:
/// `fixtures/<endpoint>.json` holds requests to `/api/<endpoint>` with the
/// server's answers, in the fields the tests read. `FDOKU_BLESS=1` rewrites
/// them from this build's answers.
#[tokio::test]
async fn the_page_tests_fixtures_are_the_servers_answers() {
    let app = app();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests-js/fixtures");
    for (endpoint, at_least) in [("parse", 10), ("solve", 2), ("explain", 2)] {
        let path = dir.join(format!("{endpoint}.json"));
        let fixtures: Vec<Value> =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert!(fixtures.len() >= at_least, "{}", path.display());
        let mut answered = Vec::new();
        for fixture in &fixtures {
            let uri = format!("/api/{endpoint}");
            let (status, answer) = post(&app, &uri, fixture["request"].clone()).await;
            assert_eq!(status, StatusCode::OK, "{uri}: {answer}");
            let fields: serde_json::Map<String, Value> = fixture["answer"]
                .as_object()
                .unwrap()
                .keys()
                .map(|key| (key.clone(), answer[key].clone()))
                .collect();
            answered.push(json!({"request": fixture["request"], "answer": fields}));
        }
        if std::env::var_os("FDOKU_BLESS").is_some() {
            let lines: Vec<String> = answered.iter().map(Value::to_string).collect();
            std::fs::write(&path, format!("[\n{}\n]\n", lines.join(",\n"))).unwrap();
            continue;
        }
        for (fixture, answer) in fixtures.iter().zip(&answered) {
            assert!(
                fixture == answer,
                "{} no longer holds the server's answer to {}; rewrite it with FDOKU_BLESS=1",
                path.display(),
                fixture["request"]
            );
        }
    }
}
