//! The JSON API in process: every endpoint, every error (413, 400, 422,
//! 503 at the deadline and at the concurrency limit, 500 on a panic), and
//! real results checked independently (solutions by
//! `fdoku_sudoku::check_solution`, uniqueness by the library's solver, the
//! trace's prunes replayed on the candidate grid).

#![allow(clippy::unwrap_used)] // helpers outside #[test] functions unwrap too

use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use axum::routing::get;
use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
use fdoku_sudoku::solve::{Goal, Status, solve};
use fdoku_sudoku::{Puzzle, check_solution};
use fdoku_web::{Config, router};
use serde_json::{Value, json};
use tower::ServiceExt;

/// An easy classic puzzle (singles only).
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Norvig's top95 #1: hard for weak propagation.
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// A 4×4 killer with cages only (examples/killer-4x4.json).
const KILLER: &str = include_str!("../../../examples/killer-4x4.json");

fn config() -> Config {
    Config {
        deadline: Duration::from_secs(20),
        max_concurrent: 4,
        body_limit: 64 * 1024,
    }
}

fn app() -> Router {
    router(config())
}

/// Sends one request; returns the status and the body as JSON (or as a
/// JSON string when it is not JSON).
async fn send(
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

async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    send(app, Method::POST, uri, Some(body.to_string().into_bytes())).await
}

async fn get_json(app: &Router, uri: &str) -> (StatusCode, Value) {
    send(app, Method::GET, uri, None).await
}

fn error_of(body: &Value) -> &str {
    body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("an error body: {body}"))
}

fn digits(value: &Value) -> Vec<u8> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("an array: {value}"))
        .iter()
        .map(|d| d.as_u64().unwrap() as u8)
        .collect()
}

fn line_puzzle(text: &str) -> Puzzle {
    read_puzzles("test", text, Format::Auto, &PlainVariant::default())
        .remove(0)
        .puzzle
        .unwrap()
}

fn json_puzzle(description: &Value) -> Puzzle {
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

// ---------------------------------------------------------------- meta

#[tokio::test]
async fn health_and_techniques() {
    let app = app();
    let (status, body) = get_json(&app, "/api/health").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["ok"], true);
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));

    let (status, body) = get_json(&app, "/api/techniques").await;
    assert_eq!(status, StatusCode::OK);
    let list = body.as_array().unwrap();
    let x_wing = list.iter().find(|t| t["id"] == "x_wing").unwrap();
    assert_eq!(x_wing["name"], "X-wing");
    assert_eq!(x_wing["implemented"], true);
    assert!(
        list.iter().any(|t| t["implemented"] == false),
        "some are not implemented yet"
    );
}

#[tokio::test]
async fn the_page_and_its_assets_are_embedded() {
    let app = app();
    for (path, kind) in [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let request = Request::get(path).body(Body::empty()).unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        assert!(!body.is_empty(), "{path}");
    }
    let (status, body) = get_json(&app, "/api/nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_of(&body).contains("/api/nothing"));
    let (status, _) = get_json(&app, "/api/solve").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

/// GETs `path`; the status, the content type and the body as text.
async fn fetch_text(app: &Router, path: &str) -> (StatusCode, String, String) {
    let request = Request::get(path).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map_or_else(String::new, |v| v.to_str().unwrap().to_owned());
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

/// The quoted specifiers of a module's `import` statements (each statement
/// from a line starting with `import` to its `;`).
fn imports_of(module: &str) -> Vec<String> {
    let mut specifiers = Vec::new();
    let mut statement = String::new();
    for line in module.lines() {
        if statement.is_empty() && !line.trim_start().starts_with("import ") {
            continue;
        }
        statement.push_str(line);
        if !line.contains(';') {
            continue;
        }
        let quoted: Vec<&str> = statement.split(['\'', '"']).collect();
        assert!(
            quoted.len() >= 3,
            "an import without a quoted module: {statement}"
        );
        specifiers.push(quoted[quoted.len() - 2].to_owned());
        statement.clear();
    }
    specifiers
}

/// `specifier` (`./x.js`, `../x.js`) resolved against the path of the module importing it.
fn resolve(importer: &str, specifier: &str) -> String {
    let mut parts: Vec<&str> = importer.split('/').collect();
    parts.pop();
    for part in specifier.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

/// The module scripts of the page: the `src` of each `<script type="module">`.
fn module_scripts(html: &str) -> Vec<String> {
    html.split("<script")
        .skip(1)
        .filter(|tag| tag.contains(r#"type="module""#))
        .map(|tag| {
            let src = tag
                .split(r#"src=""#)
                .nth(1)
                .expect("a module script with a src");
            src[..src.find('"').unwrap()].to_owned()
        })
        .collect()
}

#[tokio::test]
async fn every_module_the_page_imports_is_served() {
    let app = app();
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let (_, _, html) = fetch_text(&app, "/").await;
    let mut pending = module_scripts(&html);
    assert_eq!(pending, ["/app.js"], "the page's entry module");
    let mut served = std::collections::BTreeSet::new();
    while let Some(path) = pending.pop() {
        if !served.insert(path.clone()) {
            continue;
        }
        let (status, content_type, body) = fetch_text(&app, &path).await;
        assert_eq!(status, StatusCode::OK, "{path} is not served");
        assert!(
            content_type.starts_with("text/javascript"),
            "{path}: {content_type}"
        );
        let file = std::fs::read_to_string(assets.join(&path[1..])).unwrap();
        assert_eq!(body, file, "{path} is served with another file's text");
        for specifier in imports_of(&body) {
            assert!(
                specifier.starts_with("./") || specifier.starts_with("../"),
                "{path} imports {specifier:?}: only relative paths load without a bundler"
            );
            pending.push(resolve(&path, &specifier));
        }
    }
    let mut on_disk: Vec<String> = std::fs::read_dir(assets.join("js"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".js"))
        .map(|name| format!("/js/{name}"))
        .collect();
    on_disk.push("/app.js".to_owned());
    on_disk.sort();
    let served: Vec<String> = served.into_iter().collect();
    assert_eq!(
        served, on_disk,
        "the modules the page imports are the module files under assets/"
    );
    assert!(
        served.len() > 10,
        "the page is split into modules: {served:?}"
    );
}

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

// ---------------------------------------------------------------- parse

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

// ---------------------------------------------------------------- errors

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

// ---------------------------------------------------------------- solve

/// Replays the prunes before the first guess on the full candidate grid:
/// each removes candidates still there, never the solution's digit.
/// Returns the candidates after them.
fn replay_until_guess(trace: &[Value], givens: &[u8], solution: &[u8], n: u8) -> Vec<Vec<u8>> {
    let mut candidates: Vec<Vec<u8>> = givens
        .iter()
        .map(|&g| if g == 0 { (1..=n).collect() } else { vec![g] })
        .collect();
    for event in trace {
        match event["event"].as_str().unwrap() {
            "guess" | "solution" => break,
            "prune" => {
                let cell = event["cell"].as_u64().unwrap() as usize;
                assert!(event["by"].as_str().is_some_and(|b| !b.is_empty()));
                for d in digits(&event["removed"]) {
                    assert_ne!(d, solution[cell], "{event} removes the solution's digit");
                    let at = candidates[cell].iter().position(|&c| c == d);
                    assert!(at.is_some(), "{event}: {d} was already gone");
                    candidates[cell].retain(|&c| c != d);
                }
            }
            "fail" => panic!("a failure before any guess on a solvable puzzle: {event}"),
            other => panic!("unexpected event before the first guess: {other}"),
        }
    }
    candidates
}

#[tokio::test]
async fn solve_answers_checks_and_traces() {
    let app = app();
    let puzzle = line_puzzle(EASY);
    let (status, body) = post(&app, "/api/solve", json!({"puzzle": EASY})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "unique");
    assert_eq!(body["strength"], "domain");
    let solution = digits(&body["solution"]);
    check_solution(&puzzle, &solution).unwrap();
    assert_eq!(
        body["stats"]["nodes"], 1,
        "domain consistency solves it at the root"
    );
    for key in ["guesses", "failures", "micros"] {
        assert!(body["stats"][key].is_u64(), "{key}");
    }
    let trace = body["trace"].as_array().unwrap();
    assert_eq!(body["truncated"], false);
    assert_eq!(trace.last().unwrap()["event"], "solution");
    // No guess: replaying every prune leaves exactly the solution.
    let after = replay_until_guess(trace, puzzle.givens(), &solution, 9);
    for (cell, left) in after.iter().enumerate() {
        assert_eq!(left, &vec![solution[cell]], "cell {cell}");
    }
    let houses: Vec<&str> = trace.iter().filter_map(|e| e["by"].as_str()).collect();
    assert!(houses.contains(&"row 1") && houses.contains(&"box 9"));

    // A hard puzzle: weaker strengths need more search; prunes before the
    // first guess keep every solution digit; guesses and refutations name
    // cells and digits.
    let hard = line_puzzle(HARD);
    let mut nodes = Vec::new();
    for strength in ["forward", "hall", "domain"] {
        let (status, body) = post(
            &app,
            "/api/solve",
            json!({"puzzle": HARD, "strength": strength}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{strength}: {body}");
        assert_eq!(body["status"], "unique", "{strength}");
        let solution = digits(&body["solution"]);
        check_solution(&hard, &solution).unwrap();
        let trace = body["trace"].as_array().unwrap();
        replay_until_guess(trace, hard.givens(), &solution, 9);
        if strength != "domain" {
            let guess = trace.iter().find(|e| e["event"] == "guess").unwrap();
            assert!(guess["cell"].as_u64().unwrap() < 81);
            assert!((1..=9).contains(&guess["digit"].as_u64().unwrap()));
            assert_eq!(guess["depth"], 1);
            assert!(
                trace
                    .iter()
                    .any(|e| e["event"] == "refute" || e["event"] == "fail")
            );
        }
        nodes.push(body["stats"]["nodes"].as_u64().unwrap());
    }
    assert!(
        nodes[0] > nodes[2],
        "forward needs more nodes than domain: {nodes:?}"
    );

    // check strength: far more search; the trace is capped.
    let (status, body) = post(
        &app,
        "/api/solve",
        json!({"puzzle": HARD, "strength": "check"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let trace = body["trace"].as_array().unwrap();
    assert!(trace.len() <= 20_000);
    assert_eq!(body["truncated"], true);
    assert!(body["stats"]["nodes"].as_u64().unwrap() > nodes[0]);
}

#[tokio::test]
async fn solve_statuses_values_and_variants() {
    let app = app();
    // multiple: the empty 4×4.
    let (status, body) = post(&app, "/api/solve", json!({"puzzle": ".".repeat(16)})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "multiple");
    // none: a clash, named.
    let clash = format!("11{}", ".".repeat(14));
    let (status, body) = post(&app, "/api/solve", json!({"puzzle": clash})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "none");
    assert_eq!(body["solution"], Value::Null);
    assert!(body["clash"].as_str().unwrap().contains("row 1"));
    assert!(
        body["trace"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "fail")
    );

    // values count as givens: a wrong entry makes it unsolvable, a right one
    // keeps the solution.
    let puzzle = line_puzzle(EASY);
    let (_, body) = post(&app, "/api/solve", json!({"puzzle": EASY})).await;
    let solution = digits(&body["solution"]);
    let mut values = vec![0u8; 81];
    values[0] = solution[0];
    let (_, body) = post(
        &app,
        "/api/solve",
        json!({"puzzle": EASY, "values": values}),
    )
    .await;
    assert_eq!(body["status"], "unique");
    assert_eq!(digits(&body["solution"]), solution);
    values[0] = if solution[0] == 1 { 2 } else { 1 };
    let (_, body) = post(
        &app,
        "/api/solve",
        json!({"puzzle": EASY, "values": values}),
    )
    .await;
    assert_eq!(body["status"], "none");
    assert!(puzzle.givens()[0] == 0);

    // Killer (description) and 16×16, diagonal: solutions pass the checker.
    let killer: Value = serde_json::from_str(KILLER).unwrap();
    let (status, body) = post(&app, "/api/solve", json!({"description": killer})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "unique");
    check_solution(&json_puzzle(&killer), &digits(&body["solution"])).unwrap();
    assert!(
        body["trace"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["by"].as_str().is_some_and(|b| b.starts_with("cage")))
    );

    let (status, body) = post(&app, "/api/solve", json!({"puzzle": ".".repeat(256)})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "multiple");
    let empty16 = line_puzzle(&".".repeat(256));
    check_solution(&empty16, &digits(&body["solution"])).unwrap();

    let (status, body) = post(
        &app,
        "/api/solve",
        json!({"puzzle": ".".repeat(81), "variant": "diagonal"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let diagonal = read_puzzles(
        "t",
        &".".repeat(81),
        Format::Line,
        &PlainVariant {
            diagonals: true,
            windoku: false,
        },
    )
    .remove(0)
    .puzzle
    .unwrap();
    check_solution(&diagonal, &digits(&body["solution"])).unwrap();
}

// ---------------------------------------------------------------- logic

#[tokio::test]
async fn hints_vague_concrete_apply() {
    let app = app();
    let puzzle = line_puzzle(EASY);
    let solution = solve(&puzzle, Goal::First, &Default::default())
        .solution
        .unwrap();

    let (status, body) = post(&app, "/api/hint", json!({"puzzle": EASY})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["level"], "vague");
    let technique = body["technique"].as_str().unwrap().to_owned();
    assert!(["full_house", "naked_single", "hidden_single"].contains(&technique.as_str()));
    assert!(
        body.get("step").is_none() && body.get("text").is_none(),
        "vague tells only the name"
    );

    let (_, body) = post(
        &app,
        "/api/hint",
        json!({"puzzle": EASY, "level": "concrete"}),
    )
    .await;
    assert_eq!(body["technique"], technique.as_str());
    let placed = &body["step"]["placements"][0];
    let cell = placed["cell"].as_u64().unwrap() as usize;
    assert_eq!(
        placed["digit"].as_u64().unwrap() as u8,
        solution[cell],
        "the hint is right"
    );
    assert!(body["text"].as_str().unwrap().contains('='), "{body}");
    assert!(body["step"]["rating"].as_f64().unwrap() >= 1.0);

    let (_, body) = post(&app, "/api/hint", json!({"puzzle": EASY, "level": "apply"})).await;
    let values = digits(&body["values"]);
    assert_eq!(values[cell], solution[cell]);
    assert_eq!(
        values.iter().filter(|&&v| v != 0).count(),
        puzzle.clue_count() + 1
    );
    assert_eq!(body["candidates"][cell], json!([]));

    // Solved grids say so.
    let (_, body) = post(
        &app,
        "/api/hint",
        json!({"puzzle": EASY, "values": solution}),
    )
    .await;
    assert_eq!(body["solved"], true);
}

#[tokio::test]
async fn a_hint_on_wrong_entries_names_their_cells() {
    let app = app();
    let puzzle = line_puzzle(EASY);
    let solution = solve(&puzzle, Goal::First, &Default::default())
        .solution
        .unwrap();
    let empty: Vec<usize> = (0..81).filter(|&c| puzzle.givens()[c] == 0).collect();
    let (right, wrong) = (empty[0], empty[5]);
    let name = |cell: usize| format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
    let other = |cell: usize| solution[cell] % 9 + 1;
    let mut values = vec![0u8; 81];
    values[right] = solution[right];
    values[wrong] = other(wrong);

    // Vague: the cell, not the digit it should hold.
    let (status, body) = post(&app, "/api/hint", json!({"puzzle": EASY, "values": values})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["technique"], Value::Null);
    assert_eq!(body["text"], format!("{} is wrong.", name(wrong)));
    assert_eq!(
        body["mistakes"],
        json!([{"cell": wrong, "name": name(wrong), "digit": values[wrong]}])
    );
    // Concrete: the digit too.
    let (_, body) = post(
        &app,
        "/api/hint",
        json!({"puzzle": EASY, "values": values, "level": "concrete"}),
    )
    .await;
    assert_eq!(
        body["text"],
        format!(
            "{} holds {}, but the solution has {}.",
            name(wrong),
            values[wrong],
            solution[wrong]
        )
    );
    assert_eq!(body["mistakes"][0]["solution"], solution[wrong]);
    // Apply: the grid without the wrong entry; the right one stays.
    let (_, body) = post(
        &app,
        "/api/hint",
        json!({"puzzle": EASY, "values": values, "level": "apply"}),
    )
    .await;
    let after = digits(&body["values"]);
    assert_eq!((after[wrong], after[right]), (0, solution[right]));
    // With the wrong entry gone, the hint is a step again.
    let (_, body) = post(&app, "/api/hint", json!({"puzzle": EASY, "values": after})).await;
    assert!(body["technique"].is_string(), "{body}");

    // Two wrong entries that clash with each other are both named.
    let (a, b) = (empty[0], empty[1]);
    assert_eq!(a / 9, b / 9, "two cells of one row");
    let mut clash = vec![0u8; 81];
    let digit = (1..=9)
        .find(|&d| d != solution[a] && d != solution[b])
        .unwrap();
    clash[a] = digit;
    clash[b] = digit;
    let (status, body) = post(&app, "/api/hint", json!({"puzzle": EASY, "values": clash})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["text"],
        format!("2 entries are wrong: {}, {}.", name(a), name(b))
    );

    // Givens with several solutions have no "the solution": the entries
    // count as givens, as before.
    let mut values = vec![0u8; 16];
    values[0] = 1;
    let (status, body) = post(
        &app,
        "/api/hint",
        json!({"puzzle": ".".repeat(16), "values": values}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body.get("mistakes"), None);
}

#[tokio::test]
async fn hints_follow_the_pencil_marks_sent_back() {
    let app = app();
    // Magictour's fourth puzzle: after its singles, eliminations only.
    let line = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";
    let mut body = json!({"puzzle": line, "level": "apply"});
    let mut eliminating = 0;
    for _ in 0..40 {
        let (status, hint) = post(&app, "/api/hint", body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{hint}");
        if hint["step"]["placements"].as_array().unwrap().is_empty() {
            eliminating += 1;
        }
        // Feed the grid and its marks back: the next hint must move on.
        body["values"] = hint["values"].clone();
        body["candidates"] = hint["candidates"].clone();
        if hint["values"].as_array().unwrap().iter().all(|v| v != 0) {
            break;
        }
    }
    assert!(
        eliminating >= 3,
        "elimination-only steps were followed: {eliminating}"
    );
    // Marks that lost the solution's digit are the user's mistake, named.
    let mut marks = vec![json!([]); 81];
    marks[1] = json!([5]); // r1c2 is 1 in the solution
    let (status, error) = post(
        &app,
        "/api/hint",
        json!({"puzzle": line, "candidates": marks}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["error"].as_str().unwrap().contains("r1c2"), "{error}");
}

#[tokio::test]
async fn a_hint_names_the_technique_the_path_needs() {
    let app = app();
    // A puzzle that needs an X-wing: singles first (hint, apply, feed the
    // values back), then the hint is the path's first harder step.
    let (status, made) = post(
        &app,
        "/api/generate",
        json!({"technique": "x-wing", "seed": 11}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let line = made["puzzle"].as_str().unwrap().to_owned();
    let (status, explained) = post(&app, "/api/explain", json!({"puzzle": line})).await;
    assert_eq!(status, StatusCode::OK, "{explained}");
    let steps = explained["steps"].as_array().unwrap();
    assert!(
        steps.iter().any(|s| s["technique"] == "x_wing"),
        "the path uses an X-wing"
    );
    let singles = ["full_house", "naked_single", "hidden_single"];
    let first_hard = steps
        .iter()
        .find(|s| !singles.contains(&s["technique"].as_str().unwrap()))
        .unwrap();

    let mut values = vec![0u8; 81];
    for _ in 0..81 {
        let (status, hint) = post(
            &app,
            "/api/hint",
            json!({"puzzle": line, "values": values, "level": "apply"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{hint}");
        let technique = hint["technique"].as_str().unwrap();
        if !singles.contains(&technique) {
            assert_eq!(technique, first_hard["technique"], "{hint}");
            assert_eq!(hint["step"]["eliminations"], first_hard["eliminations"]);
            assert_eq!(hint["text"], first_hard["text"]);
            if technique == "x_wing" {
                assert_eq!(hint["step"]["house_cells"].as_array().unwrap().len(), 2);
            }
            return;
        }
        values = digits(&hint["values"]);
    }
    panic!("singles alone solved a puzzle that needs an X-wing");
}

#[tokio::test]
async fn explain_and_grade() {
    let app = app();
    let puzzle = line_puzzle(EASY);
    let (status, body) = post(&app, "/api/explain", json!({"puzzle": EASY})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["solved"], true);
    assert_eq!(body["unique"], true);
    let steps = body["steps"].as_array().unwrap();
    assert_eq!(
        steps.len(),
        81 - puzzle.clue_count(),
        "one placement per open cell"
    );
    assert!(
        steps
            .iter()
            .all(|s| s["text"].is_string() && s["rating"].is_f64())
    );
    let solution: Vec<u8> = body["solution"]
        .as_str()
        .unwrap()
        .bytes()
        .map(|b| b - b'0')
        .collect();
    check_solution(&puzzle, &solution).unwrap();
    assert_eq!(body["grade"]["level"], "easy");

    let (status, grade) = post(&app, "/api/grade", json!({"puzzle": EASY})).await;
    assert_eq!(status, StatusCode::OK, "{grade}");
    assert_eq!(grade["level"], "easy");
    assert_eq!(grade["hodoku_level"], "easy");
    assert!(grade["er"].as_f64().unwrap() <= 2.3);
    assert!(grade["hodoku_score"].as_u64().unwrap() > 0);
    assert_eq!(grade["unique"], true);

    let (status, grade) = post(&app, "/api/grade", json!({"puzzle": HARD})).await;
    assert_eq!(status, StatusCode::OK, "{grade}");
    assert!(grade["er"].as_f64().unwrap() > 2.3);
    assert_ne!(grade["level"], "easy");
}

#[tokio::test]
async fn explain_and_hint_follow_the_order_asked_for() {
    let app = app();
    let (status, se) = post(
        &app,
        "/api/explain",
        json!({"puzzle": EASY, "order": "explainer"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{se}");
    assert_eq!(se["order"], "explainer");
    // HoDoKu takes naked singles before hidden singles, SE the other way.
    assert_eq!(se["steps"][0]["technique"], "hidden_single");
    let (_, hodoku) = post(&app, "/api/explain", json!({"puzzle": EASY})).await;
    assert_eq!(hodoku["order"], "hodoku");
    assert_eq!(hodoku["steps"][0]["technique"], "naked_single");
    // Either walk, the same grade.
    assert_eq!(se["grade"], hodoku["grade"]);
    assert_eq!(se["solution"], hodoku["solution"]);

    let (status, hint) = post(
        &app,
        "/api/hint",
        json!({"puzzle": EASY, "order": "explainer", "level": "concrete"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert_eq!(hint["technique"], "hidden_single");
    assert_eq!(hint["step"], se["steps"][0]);

    let (status, body) = post(&app, "/api/hint", json!({"puzzle": EASY, "order": "se"})).await;
    assert!(status.is_client_error(), "{status} {body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("expected `hodoku` or `explainer`"),
        "{body}"
    );
}

// ---------------------------------------------------------------- generate

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

// ---------------------------------------------------------------- limits

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deadline_stops_the_solver() {
    let app = router(Config {
        deadline: Duration::from_millis(300),
        max_concurrent: 1,
        ..Config::default()
    });
    let empty25 = ".".repeat(625);
    // Counting the empty 25×25 without propagation: hopeless; stopped.
    let started = Instant::now();
    let (status, body) = post(
        &app,
        "/api/solve",
        json!({"puzzle": empty25, "strength": "check"}),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(error_of(&body).contains("deadline"));
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    // The solver really stopped: with one permit, the next request gets
    // it at once (a solver still running would hold it: 503 busy).
    let (status, body) = post(&app, "/api/solve", json!({"puzzle": EASY})).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Generating a minimal 25×25 takes minutes: stopped at the deadline.
    let started = Instant::now();
    let (status, body) = post(&app, "/api/generate", json!({"size": 25, "seed": 1})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(error_of(&body).contains("deadline"));
    assert!(started.elapsed() < Duration::from_secs(3));
    let (status, _) = post(&app, "/api/grade", json!({"puzzle": EASY})).await;
    assert_eq!(status, StatusCode::OK);

    // The empty 25×25 has many solutions: no rating, said at once.
    let (status, body) = post(&app, "/api/grade", json!({"puzzle": ".".repeat(625)})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        error_of(&body).contains("not unique (2+ solutions)"),
        "{body}"
    );
    // Explaining a puzzle of the hardest database along Sudoku Explainer's
    // path takes nested forcing chains (seconds): the walk stops at the
    // deadline too.
    let nested =
        ".....6..9..67...3.79...3....1...7.5...752......5.....2..167..2......14..8........";
    for uri in ["/api/explain"] {
        let started = Instant::now();
        let request = json!({"puzzle": nested, "order": "explainer"});
        let (status, body) = post(&app, uri, request).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{uri}: {body}");
        assert!(started.elapsed() < Duration::from_secs(3));
        // The walk checks the deadline between techniques, so the permit
        // comes back within one technique's search (a 2-core CI machine
        // running other tests may need a moment).
        let freed = Instant::now();
        loop {
            let (status, body) = post(&app, "/api/hint", json!({"puzzle": EASY})).await;
            if status == StatusCode::OK {
                break;
            }
            assert!(
                freed.elapsed() < Duration::from_secs(5),
                "the permit is not free again: {body}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_concurrency_limit_answers_503_at_once() {
    let app = router(Config {
        deadline: Duration::from_millis(1500),
        max_concurrent: 2,
        ..Config::default()
    });
    let slow = json!({"puzzle": ".".repeat(625), "strength": "check"});
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let app = app.clone();
        let slow = slow.clone();
        tasks.push(tokio::spawn(async move {
            let started = Instant::now();
            let (status, body) = post(&app, "/api/solve", slow).await;
            (status, body, started.elapsed())
        }));
    }
    let mut busy = 0;
    let mut stopped = 0;
    for task in tasks {
        let (status, body, took) = task.await.unwrap();
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        if error_of(&body).contains("busy") {
            busy += 1;
            assert!(
                took < Duration::from_millis(1000),
                "503 busy comes at once: {took:?}"
            );
        } else {
            assert!(error_of(&body).contains("deadline"), "{body}");
            stopped += 1;
        }
    }
    assert_eq!(
        (stopped, busy),
        (2, 6),
        "two worked to the deadline, six were turned away"
    );

    // Cheap requests in parallel all pass, and the server still answers
    // expensive ones afterwards.
    let mut tasks = Vec::new();
    for i in 0..40 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            if i % 2 == 0 {
                get_json(&app, "/api/health").await.0
            } else {
                post(&app, "/api/parse", json!({"puzzle": EASY})).await.0
            }
        }));
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), StatusCode::OK);
    }
    let (status, body) = post(&app, "/api/solve", json!({"puzzle": HARD})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "unique");
}

#[tokio::test]
async fn a_panic_is_a_500_and_the_server_goes_on() {
    async fn boom() -> &'static str {
        panic!("a handler bug")
    }
    let boom = Router::new()
        .route("/boom", get(boom))
        .route("/fine", get(|| async { "fine" }));
    let app = fdoku_web::guard(boom, 1024);
    let (status, body) = get_json(&app, "/boom").await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(error_of(&body).contains("panicked"));
    let (status, body) = get_json(&app, "/fine").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, "fine");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_over_a_real_socket() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(fdoku_web::serve(listener, config(), async {
        let _ = stopped.await;
    }));
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = json!({"puzzle": EASY}).to_string();
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"status\":\"unique\""));
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}
