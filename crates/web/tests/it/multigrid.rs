//! Grids of several overlapping Sudokus through the API: parsed for
//! drawing (canvas text with or without its `layout:` line, the JSON
//! description), solved and counted (solutions checked by the library's
//! independent multigrid checker), generated per layout, and refused by
//! name where only one grid is taken.

use crate::common::{app, digits, error_of, post};
use axum::http::StatusCode;
use fdoku_sudoku::format::multigrid::read_multigrids;
use fdoku_sudoku::multigrid::{MultigridPuzzle, check_multigrid};
use serde_json::{Value, json};

/// The samurai shipped with fdoku (examples/samurai.txt).
const SAMURAI: &str = include_str!("../../../../examples/samurai.txt");

/// A 4×4 twodoku canvas without its `layout:` line (its shape names it).
const TWODOKU: &str = "1...\n..2.\n.3.4..\n4.....\n  ....\n  ...1\n";

/// A clueless puzzle (`fdoku generate --layout clueless-1 --seed 1`): nine
/// 9×9 grids side by side, the centre cells of their boxes a tenth.
const CLUELESS: &str = "\
layout: clueless-1\n\
.6...418...4..17.25....6...\n\
..87....6.....3...9....4...\n\
.3....5......8...3.....38..\n\
....4..1.3............7..2.\n\
8..............1.47.91.....\n\
...1....9..6.....51.....5..\n\
.7.4.....2..6.5..7.1....6..\n\
4.6..7..............6......\n\
...59.....7..19.........739\n\
....9738.....9.1.........1.\n\
...6...........8.....6.1...\n\
63..4...58.1..5.......2.8.5\n\
5..2..4..3.9.2..477..9.....\n\
...........................\n\
.....6..215..6.9.8..2..3..8\n\
7.4.8.......7..5.91...4..86\n\
...1.4.....2...........2...\n\
.1.........8.5.....4659....\n\
564.........45..1.....28...\n\
......4..............1..8.7\n\
..9....3.6..1.8..2.....6.2.\n\
..2.....84.....5..9....1...\n\
.....85.11.6..............6\n\
.8..1............9.7..5....\n\
..56.....8...2......7....1.\n\
...4....6...5.....1....25..\n\
...3....75.16..3...938...4.\n";

fn read(text: &str) -> MultigridPuzzle {
    read_multigrids("test", text)
        .remove(0)
        .puzzle
        .expect("a multigrid")
}

fn usizes(value: &Value) -> Vec<usize> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("an array: {value}"))
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect()
}

#[tokio::test]
async fn parse_lays_out_the_shipped_samurai_for_drawing() {
    let app = app();
    let puzzle = read(SAMURAI);
    let grid = puzzle.grid();
    let (status, body) = post(&app, "/api/parse", json!({"puzzle": SAMURAI})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["kind"], "multigrid");
    assert_eq!(body["layout"], "samurai");
    assert_eq!(
        (body["size"].as_u64(), body["box"].clone()),
        (Some(9), json!([3, 3]))
    );
    assert_eq!(
        (body["height"].as_u64(), body["width"].as_u64()),
        (Some(21), Some(21))
    );
    let cells = body["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 5 * 81 - 4 * 9);
    for (cell, at) in cells.iter().enumerate() {
        let (row, col) = grid.position(cell);
        assert_eq!(at, &json!([row, col]), "cell {cell}");
    }
    let grids = body["grids"].as_array().unwrap();
    assert_eq!(grids.len(), 5);
    for (g, sub) in grids.iter().enumerate() {
        assert_eq!(usizes(&sub["cells"]), grid.grid_cells(g), "grid {g}");
        let boxes = sub["boxes"].as_array().unwrap();
        assert_eq!(boxes.len(), 9);
        // Box 1 of each sub-grid: its top-left 3×3 cells.
        let (top, left) = grid.position(grid.grid_cells(g)[0]);
        let first: Vec<usize> = (0..9)
            .map(|i| grid.cell_at(top + i / 3, left + i % 3).unwrap())
            .collect();
        assert_eq!(usizes(&boxes[0]), first, "grid {g}");
    }
    assert_eq!(digits(&body["givens"]), puzzle.givens());
    assert_eq!(body["clues"].as_u64(), Some(puzzle.clue_count() as u64));
    assert_eq!(body["clash"], Value::Null);
    // Its text and its description read back as the same puzzle.
    assert_eq!(read(body["text"].as_str().unwrap()), puzzle);
    let (status, again) = post(
        &app,
        "/api/parse",
        json!({"description": body["description"].clone()}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["givens"], body["givens"]);
    assert_eq!(again["cells"], body["cells"]);
}

#[tokio::test]
async fn a_canvas_without_its_layout_line_is_named_by_its_shape() {
    let (status, body) = post(&app(), "/api/parse", json!({"puzzle": TWODOKU})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["layout"], "twodoku");
    assert_eq!(body["cells"].as_array().unwrap().len(), 2 * 16 - 4);
    // Grid 2's first box: r3c3, r3c4, r4c3, r4c4 (rows of 4, 4, 6, 6, 4, 4 cells).
    assert_eq!(body["grids"][1]["boxes"][0], json!([10, 11, 16, 17]));
}

#[tokio::test]
async fn sub_grids_of_spread_cells_and_twins_are_described_as_the_library_has_them() {
    let app = app();
    // A clueless puzzle's tenth grid: the centre cell of every box of the
    // nine grids side by side, in its reading order.
    let (status, body) = post(&app, "/api/parse", json!({"puzzle": CLUELESS})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["layout"], "clueless-1");
    let puzzle = read(body["text"].as_str().unwrap());
    let grid = puzzle.grid();
    let grids = body["grids"].as_array().unwrap();
    assert_eq!(grids.len(), 10);
    let tenth = usizes(&grids[9]["cells"]);
    assert_eq!(tenth, grid.grid_cells(9));
    assert_eq!(
        tenth[..3],
        [
            grid.cell_at(1, 1).unwrap(),
            grid.cell_at(1, 4).unwrap(),
            grid.cell_at(1, 7).unwrap()
        ]
    );
    assert_eq!(grids[9]["boxes"].as_array().unwrap().len(), 9);
    assert_eq!(body["relabelled"], json!([]));
    let (status, solved) = post(
        &app,
        "/api/solve",
        json!({"description": body["description"].clone()}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["status"], "unique");
    check_multigrid(&puzzle, &digits(&solved["solution"])).unwrap();

    // Twins: two grids a column apart that relabel one another.
    let (status, body) = post(
        &app,
        "/api/parse",
        json!({"description": {"layout": "twins", "size": 4}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["relabelled"], json!([[0, 1]]));
    assert_eq!(
        (body["height"].as_u64(), body["width"].as_u64()),
        (Some(4), Some(9))
    );
}

#[tokio::test]
async fn a_multigrid_that_does_not_read_names_line_and_column() {
    let app = app();
    let text = "layout: twodoku\n1...\n..x.\n......\n......\n  ....\n  ....\n";
    let (status, body) = post(&app, "/api/parse", json!({"puzzle": text})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_of(&body).starts_with("puzzle:3:3:"), "{body}");
    let (status, body) = post(
        &app,
        "/api/parse",
        json!({"description": {"layout": "pentadoku", "givens": []}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_of(&body).contains("pentadoku"), "{body}");
    let (status, body) = post(
        &app,
        "/api/parse",
        json!({"puzzle": TWODOKU, "values": vec![0; 28]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_of(&body).starts_with("values:"), "{body}");
}

#[tokio::test]
async fn solve_answers_and_counts_checked_by_the_multigrid_checker() {
    let app = app();
    let puzzle = read(SAMURAI);
    let (status, body) = post(&app, "/api/solve", json!({"puzzle": SAMURAI})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["kind"], "multigrid");
    assert_eq!(
        (body["status"].as_str(), body["count"].as_u64()),
        (Some("unique"), Some(1))
    );
    let solution = digits(&body["solution"]);
    check_multigrid(&puzzle, &solution).unwrap();
    let canvas: Vec<String> = serde_json::from_value(body["canvas"].clone()).unwrap();
    assert_eq!(canvas, puzzle.grid().canvas(&solution));
    assert!(body["stats"]["nodes"].as_u64().unwrap() >= 1);
    assert_eq!(body["strength"], "domain");

    // Two solutions at least: the count stops at two.
    let (status, body) = post(
        &app,
        "/api/solve",
        json!({"puzzle": "layout: twodoku\n....\n....\n......\n......\n  ....\n  ....", "strength": "check"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["status"].as_str(), body["count"].as_u64()),
        (Some("multiple"), Some(2))
    );
    assert_eq!(body["strength"], "check");

    // Givens that clash: no solution, and the clash named.
    let (status, body) = post(
        &app,
        "/api/solve",
        json!({"puzzle": "layout: twodoku\n1..1\n....\n......\n......\n  ....\n  ...."}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["status"].as_str(), body["count"].as_u64()),
        (Some("none"), Some(0))
    );
    assert_eq!(body["solution"], Value::Null);
    assert!(body["clash"].as_str().unwrap().contains("grid 1"), "{body}");
}

#[tokio::test]
async fn the_one_grid_endpoints_refuse_a_multigrid_by_name() {
    let app = app();
    for endpoint in ["hint", "explain", "grade", "links"] {
        let uri = format!("/api/{endpoint}");
        let (status, body) = post(&app, &uri, json!({"puzzle": SAMURAI})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{uri}: {body}");
        let message = error_of(&body);
        assert!(
            message.starts_with("puzzle: a samurai is not one grid"),
            "{uri}: {message}"
        );
        let described = json!({"description": {"layout": "twodoku", "size": 4}});
        let (status, body) = post(&app, &uri, described).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{uri}: {body}");
        assert!(
            error_of(&body).starts_with("description: a twodoku is not one grid"),
            "{uri}: {body}"
        );
    }
}

#[tokio::test]
async fn generate_makes_a_unique_multigrid_per_layout() {
    let app = app();
    for (layout, size) in [("samurai", 4), ("butterfly", 6), ("twodoku", 9)] {
        let request = json!({"layout": layout, "size": size, "seed": 5});
        let (status, made) = post(&app, "/api/generate", request.clone()).await;
        assert_eq!(status, StatusCode::OK, "{layout}: {made}");
        assert_eq!(
            (made["kind"].as_str(), made["layout"].as_str()),
            (Some("multigrid"), Some(layout))
        );
        assert_eq!(made["size"].as_u64(), Some(size));
        // The description reads back; the engine finds it unique, with
        // the solution that came with it.
        let (status, solved) = post(
            &app,
            "/api/solve",
            json!({"description": made["description"].clone()}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{layout}: {solved}");
        assert_eq!(solved["status"], "unique", "{layout}");
        assert_eq!(solved["canvas"], made["solution"], "{layout}");
        let canvas: Vec<String> = serde_json::from_value(made["puzzle"].clone()).unwrap();
        let puzzle = read(&format!("layout: {layout}\n{}", canvas.join("\n")));
        assert_eq!(made["clues"].as_u64(), Some(puzzle.clue_count() as u64));
        // The same seed, the same puzzle.
        let (_, again) = post(&app, "/api/generate", request).await;
        assert_eq!(again["puzzle"], made["puzzle"], "{layout}");
    }
}

#[tokio::test]
async fn generate_refuses_what_a_layout_does_not_take() {
    let app = app();
    let cases = [
        (
            json!({"layout": "pentadoku"}),
            400,
            "layout: \"pentadoku\" is not a layout",
        ),
        (
            json!({"layout": "samurai", "difficulty": "hard"}),
            400,
            "\"difficulty\" is for one grid",
        ),
        (
            json!({"layout": "samurai", "symmetry": "rot90"}),
            400,
            "\"symmetry\" is for one grid",
        ),
        (
            json!({"layout": "samurai", "size": 7}),
            422,
            "layout samurai, size 7:",
        ),
    ];
    for (request, code, start) in cases {
        let (status, body) = post(&app, "/api/generate", request.clone()).await;
        assert_eq!(status.as_u16(), code, "{request}: {body}");
        assert!(error_of(&body).starts_with(start), "{request}: {body}");
    }
}
