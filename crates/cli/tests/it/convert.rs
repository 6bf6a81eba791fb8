//! `fdoku convert` through the real binary: f-puzzles files to links and
//! back, plain puzzles to f-puzzles, and the errors a user meets.

use crate::common::{arg, fdoku, fdoku_stdin, stdout};
use fdoku_testdata::{fixture, read_fixture};

/// Clipped (anti-king, arrows, thermometers) and its answer.
const CLIPPED: &str = "variants/clipped.fpuzzles.json";
const CLIPPED_ANSWER: &str =
    "867452931342891675519763284984327156635918427721645398498536712276189543153274869";

/// What `fdoku convert INPUT --to TO` prints, having succeeded.
fn converted(input: &str, to: &str) -> String {
    converted_with(&["convert", input, "--to", to])
}

#[test]
fn an_fpuzzles_file_becomes_links_that_keep_its_rules_and_words() {
    let file = fixture(CLIPPED);
    let link = converted(arg(&file), "fpuzzles");
    assert!(
        link.starts_with("https://www.f-puzzles.com/?load=N4Ig"),
        "{link}"
    );
    let pad = converted(arg(&file), "sudokupad");
    assert!(pad.starts_with("https://sudokupad.app/scl"), "{pad}");
    let pad_fpuzzles = converted(arg(&file), "sudokupad-fpuzzles");
    assert!(
        pad_fpuzzles.starts_with("https://sudokupad.app/fpuzzlesN4Ig"),
        "{pad_fpuzzles}"
    );
    for link in [&link, &pad, &pad_fpuzzles] {
        // The link solves to the answer, and reads back with its title.
        let o = fdoku(&["solve", link]);
        assert_eq!(stdout(&o).trim(), CLIPPED_ANSWER);
        let json: serde_json::Value =
            serde_json::from_str(&converted(link, "fpuzzles-json")).unwrap();
        assert_eq!(json["title"], "Clipped");
        assert_eq!(json["antiking"], true);
        assert_eq!(json["arrow"].as_array().unwrap().len(), 5);
        assert_eq!(json["thermometer"].as_array().unwrap().len(), 4);
    }
    // fdoku's own description: the same puzzle, named by its title.
    let description: serde_json::Value = serde_json::from_str(&converted(&link, "json")).unwrap();
    assert_eq!(description["name"], "Clipped");
    let o = fdoku_stdin(&["solve", "-"], description.to_string().as_bytes());
    assert_eq!(stdout(&o).trim(), CLIPPED_ANSWER);
}

#[test]
fn a_plain_puzzle_goes_to_fpuzzles_and_back_to_a_line() {
    let line = read_fixture("norvig_top95.txt")
        .lines()
        .next()
        .unwrap()
        .to_owned();
    let o = fdoku_stdin(&["convert", "-", "--to", "fpuzzles"], line.as_bytes());
    let link = stdout(&o).trim().to_owned();
    let back = converted(&link, "line");
    let blanks = |s: &str| s.replace('0', ".");
    assert_eq!(blanks(&back), blanks(&line));
}

#[test]
fn bad_links_and_unsolvable_rules_are_named() {
    let o = fdoku(&[
        "convert",
        "https://www.f-puzzles.com/?load=",
        "--to",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr).trim(),
        "fdoku: <argument>:1:33: the link is empty: expected an f-puzzles payload after \"?load=\""
    );
    let fog = r#"{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], "foglight": [{"cell": "R1C1"}]}"#;
    let o = fdoku(&["convert", fog, "--to", "sudokupad"]);
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains(
            "<argument>:1:1: foglight: the f-puzzles constraint \"foglight\" is not supported"
        ),
        "{stderr}"
    );
    let o = fdoku(&["convert", arg(&fixture(CLIPPED)), "--to", "line"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("a line holds the givens of classic rules only, and these rules are anti-king+thermometer+arrow"),
    );
}

#[test]
fn with_solution_adds_the_only_answer() {
    let peak = fixture("variants/peak-sudoku-4x4.fpuzzles.json");
    let json: serde_json::Value = serde_json::from_str(&converted_with(&[
        "convert",
        arg(&peak),
        "--to",
        "fpuzzles-json",
        "--with-solution",
    ]))
    .unwrap();
    let answer: Vec<u64> = json["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    assert_eq!(answer.len(), 16);
    let o = fdoku(&["solve", arg(&peak)]);
    let solved: Vec<u64> = stdout(&o)
        .trim()
        .bytes()
        .map(|b| u64::from(b - b'0'))
        .collect();
    assert_eq!(answer, solved);
    let empty = ".".repeat(16);
    let o = fdoku(&["convert", &empty, "--to", "sudokupad", "--with-solution"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("needs exactly one answer; the solver says there are several")
    );
}

/// What `fdoku ARGS` prints, having succeeded.
fn converted_with(args: &[&str]) -> String {
    let o = fdoku(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    stdout(&o).trim_end().to_owned()
}

#[test]
fn an_ipuz_file_is_solved_to_its_answer_and_written_back() {
    // examples/diagonal.ipuz carries its answer: the solver finds the same.
    let file = "examples/diagonal.ipuz";
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(file),
    )
    .unwrap();
    let ipuz: serde_json::Value = serde_json::from_str(&text).unwrap();
    let answer: String = ipuz["solution"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter().map(|d| d.to_string()))
        .collect();
    let o = fdoku(&["solve", file]);
    assert_eq!(stdout(&o).trim(), answer);
    // To ipuz and back: the same kind, givens, title and answer.
    let again: serde_json::Value = serde_json::from_str(&converted(file, "ipuz")).unwrap();
    for key in ["kind", "puzzle", "solution", "title"] {
        assert_eq!(again[key], ipuz[key], "{key}");
    }
    // A killer cannot be written as one of ipuz's Sudoku kinds.
    let o = fdoku(&["convert", "examples/killer-4x4.json", "--to", "ipuz"]);
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("cannot write as ipuz"), "{stderr}");
}

#[test]
fn a_grid_in_progress_goes_to_sudokuwiki_and_back_with_its_candidates() {
    // One step of `hint --level apply` leaves a grid in progress: its
    // sudokuwiki link carries the candidates, and the next hint read from
    // the link is the one read from the grid itself.
    let puzzle =
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";
    let grid = converted_with(&["hint", puzzle, "--level", "apply"]);
    let o = fdoku_stdin(&["convert", "-", "--to", "sudokuwiki"], grid.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    let link = stdout(&o).trim_end().to_owned();
    let board = link
        .strip_prefix("https://www.sudokuwiki.org/sudoku.htm?bd=")
        .unwrap_or_else(|| panic!("{link}"));
    assert_eq!(board.len(), 162, "{link}");
    let from_link = converted_with(&["hint", &link, "--level", "concrete"]);
    let o = fdoku_stdin(&["hint", "-", "--level", "concrete"], grid.as_bytes());
    assert_eq!(from_link, stdout(&o).trim_end());
    assert_eq!(converted(&link, "sudokuwiki"), link);
    // A variant has no sudokuwiki board.
    let o = fdoku(&["convert", "examples/diagonal.json", "--to", "sudokuwiki"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("classic 9×9 boards"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_penpa_link_keeps_its_title_on_the_way_to_json() {
    let file = fixture("penpa/classic-zlib.txt");
    let json = converted(arg(&file), "json");
    assert!(json.contains(r#""name":"Test""#), "{json}");
    assert!(
        json.contains(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        ),
        "{json}"
    );
}
