//! Grids of several overlapping Sudokus through the real binary: the
//! shipped samurai solved and proven unique, generated puzzles solved back
//! (the same on one thread or two), JSON records, and mistakes named.

use crate::common::{fdoku, fdoku_stdin, json_lines, stdout};
use fdoku_sudoku::format::multigrid::read_multigrids;
use fdoku_sudoku::multigrid::check_multigrid;

/// The digits of a printed canvas, cell by cell in reading order.
fn digits(canvas: &[&str]) -> Vec<u8> {
    canvas
        .iter()
        .flat_map(|line| line.chars())
        .filter(|c| *c != ' ')
        .map(|c| fdoku_sudoku::char_digit(c).expect("a digit"))
        .collect()
}

#[test]
fn the_shipped_samurai_is_unique_and_its_solution_checks() {
    let o = fdoku(&["solve", "--count", "examples/samurai.txt"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "unique 1");
    assert_eq!(lines.len(), 1 + 21);
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/samurai.txt"),
    )
    .unwrap();
    let puzzle = read_multigrids("samurai.txt", &text)
        .remove(0)
        .puzzle
        .unwrap();
    assert_eq!(puzzle.grid().name(), Some("samurai"));
    let solution = digits(&lines[1..]);
    check_multigrid(&puzzle, &solution).unwrap();
    // The solved canvas has the puzzle's shape.
    assert_eq!(puzzle.grid().canvas(&solution), lines[1..]);
    // A wrong digit in it is caught by the same checker.
    let mut wrong = solution;
    wrong[0] = wrong[0] % 9 + 1;
    assert!(check_multigrid(&puzzle, &wrong).is_err());
}

#[test]
fn generated_multigrids_solve_back_and_do_not_depend_on_threads() {
    let args = ["generate", "--layout", "twodoku", "-n", "3", "--seed", "4"];
    let one = fdoku(&[&args[..], &["-j", "1"]].concat());
    let two = fdoku(&[&args[..], &["-j", "2"]].concat());
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one), stdout(&two));
    let solved = fdoku_stdin(&["solve", "--count", "-f", "jsonl"], &one.stdout);
    let records = json_lines(&solved);
    assert_eq!(records.len(), 3);
    for record in &records {
        assert_eq!(record["status"], "unique");
        assert_eq!(record["layout"], "twodoku");
        assert_eq!(record["solution"].as_array().unwrap().len(), 15);
    }
    // Sizes other than 9: 6×6 grids of a samurai, in JSON and back.
    let made = fdoku(&[
        "generate", "--layout", "samurai", "--size", "6", "-f", "jsonl",
    ]);
    let record = &json_lines(&made)[0];
    let description = record["description"].to_string();
    let solved = fdoku(&["solve", "--count", "-f", "jsonl", &description]);
    let answer = &json_lines(&solved)[0];
    assert_eq!(answer["status"], "unique");
    assert_eq!(answer["solution"], record["solution"]);
}

#[test]
fn mistakes_and_clashes_are_named() {
    let o = fdoku_stdin(
        &["solve"],
        b"layout: twodoku\n1...\n....\n......\n......\n  ....\n  ...\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "error\n");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "fdoku: <stdin>:7:6: no cell where the twodoku has one (expected a digit or a blank . 0)\n"
    );
    // Two 1s in the shared box: no solution, and why.
    let o = fdoku_stdin(
        &["solve", "--count"],
        b"....\n....\n..1...\n...1..\n  ....\n  ....\n",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "none 0\n");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "fdoku: puzzle 1: no solution: r3c3 and r4c4 both hold 1 in box 4 of grid 1\n"
    );
    let o = fdoku(&["generate", "--layout", "hexadoku"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("\"hexadoku\" is not a layout"));
    // The one-grid commands refuse a multigrid by name.
    let o = fdoku(&["grade", "examples/samurai.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("a samurai is not one grid"));
}

#[test]
fn a_node_limit_stops_a_multigrid_search() {
    let o = fdoku(&[
        "solve",
        "--count",
        "--node-limit",
        "1",
        "--input-format",
        "multigrid",
        "examples/samurai.txt",
    ]);
    let out = stdout(&o);
    // The shipped puzzle needs a few nodes: one is not enough to prove it unique.
    assert_eq!(o.status.code(), Some(3), "{out}");
    assert!(out.starts_with("stopped ≥"), "{out}");
}
