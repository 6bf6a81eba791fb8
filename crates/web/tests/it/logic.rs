//! Hints, explanations and grades.

use crate::common::{EASY, HARD, app, digits, line_puzzle, post};
use axum::http::StatusCode;
use fdoku_sudoku::check_solution;
use fdoku_sudoku::solve::{Goal, solve};
use serde_json::{Value, json};

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
            .contains("expected one of `hodoku`, `explainer`, `sukaku`"),
        "{body}"
    );
}

/// A skyscraper puzzle: SukakuExplainer 1.15 rates it ER 4.0, EP 1.2, ED 1.2
/// (`tests/data/sukaku_rated_sample.tsv`).
const SKYSCRAPER: &str =
    "..7...........38.2....5...14.....1....1.8..3.8.52.....5..6.24...72..9..6...1....7";

#[tokio::test]
async fn the_sukaku_scale_is_asked_for_by_name() {
    let app = app();
    let (status, body) = post(&app, "/api/grade", json!({"puzzle": SKYSCRAPER})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.get("sukaku").is_none(), "only when asked: {body}");
    let asked = json!({"puzzle": SKYSCRAPER, "se": "sukaku"});
    let (status, body) = post(&app, "/api/grade", asked.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["sukaku"]["er"], 4.0);
    assert_eq!(body["sukaku"]["ed"], 1.2);
    assert_eq!(body["sukaku"]["hardest"], "two_strong_links");
    assert_eq!(body["sukaku"]["hardest_name"], "Two strong links");
    assert!(body["er"].as_f64().is_some(), "the classic triple stays");
    // Sudoku Explainer's order on the sukaku scale is SukakuExplainer's.
    let explain = json!({"puzzle": SKYSCRAPER, "order": "explainer", "se": "sukaku"});
    let (status, body) = post(&app, "/api/explain", explain).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["order"], "sukaku");
    assert_eq!(body["grade"]["sukaku"]["er"], 4.0);
    let unknown = json!({"puzzle": SKYSCRAPER, "se": "hodoku"});
    let (status, body) = post(&app, "/api/grade", unknown).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("expected `classic` or `sukaku`"),
        "{body}"
    );
}
