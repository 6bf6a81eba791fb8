//! `POST /api/solve`: answers checked independently, the trace replayed.

use crate::common::{EASY, HARD, KILLER, app, digits, json_puzzle, line_puzzle, post};
use axum::http::StatusCode;
use fdoku_sudoku::check_solution;
use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
use serde_json::{Value, json};

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
