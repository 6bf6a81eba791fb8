//! Given pencil marks (Sukaku): f-puzzles' `givenPencilMarks` and
//! SudokuPad's `centremarks` read as a cell's candidates, solved like the
//! same candidate grid in fdoku's own layout, and written back.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::format::fpuzzles::{Meta, read_fpuzzles, to_fpuzzles};
use fdoku_sudoku::format::{Format, candidate_grid, read_puzzles, scl};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};
use fdoku_sudoku::{Puzzle, Rules};
use serde_json::{Value, json};

/// A classic puzzle (SE 9.2) and its only answer.
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const ANSWER: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// Each cell's candidates once the givens are taken out of their row,
/// column and box; a given keeps only its digit. No cell is a given in
/// the Sukaku these make.
fn sukaku_masks() -> Vec<u32> {
    let digits: Vec<u32> = PUZZLE
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0))
        .collect();
    let sees = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
        ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
    };
    (0..81)
        .map(|cell| match digits[cell] {
            0 => (0..81)
                .filter(|&other| other != cell && sees(cell, other) && digits[other] > 0)
                .fold(0x1FF, |mask, other| mask & !(1 << (digits[other] - 1))),
            d => 1 << (d - 1),
        })
        .collect()
}

fn listed(mask: u32) -> Vec<u32> {
    (1..=9).filter(|d| mask >> (d - 1) & 1 == 1).collect()
}

/// The f-puzzles file of the Sukaku: no givens, every cell's candidates
/// as its given pencil marks.
fn fpuzzles_sukaku() -> String {
    let masks = sukaku_masks();
    let grid: Vec<Vec<Value>> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| json!({"givenPencilMarks": listed(masks[r * 9 + c])}))
                .collect()
        })
        .collect();
    json!({"size": 9, "grid": grid}).to_string()
}

fn answer(puzzle: &Puzzle) -> (Status, String) {
    let report = solve(puzzle, Goal::Count(2), &SolveOptions::default());
    let line = report
        .solution
        .map(|s| s.iter().map(|d| char::from(b'0' + d)).collect())
        .unwrap_or_default();
    (report.status, line)
}

#[test]
fn a_sukaku_from_fpuzzles_solves_like_the_same_candidate_grid() {
    let read = read_fpuzzles("sukaku.json", &fpuzzles_sukaku());
    let from_fpuzzles = read[0].puzzle.as_ref().unwrap().puzzle.clone();
    assert_eq!(
        from_fpuzzles.clue_count(),
        0,
        "given pencil marks are not givens"
    );
    assert_eq!(from_fpuzzles.candidates().unwrap(), sukaku_masks());

    let rules = Rules::classic(9).unwrap();
    let grid = candidate_grid(&[0; 81], &sukaku_masks(), &rules);
    let own = read_puzzles("grid.txt", &grid, Format::Auto, &Default::default());
    let from_grid = own[0].puzzle.as_ref().unwrap();

    assert_eq!(answer(&from_fpuzzles), (Status::Unique, ANSWER.to_owned()));
    assert_eq!(answer(from_grid), answer(&from_fpuzzles));
    // The marks are what make it a puzzle: without them, an empty grid.
    assert_eq!(
        answer(&from_fpuzzles.without_candidates()).0,
        Status::Multiple
    );
}

#[test]
fn given_pencil_marks_are_written_back_by_fpuzzles_and_sudokupad() {
    let read = read_fpuzzles("sukaku.json", &fpuzzles_sukaku());
    let sukaku = read[0].puzzle.as_ref().unwrap();

    let json = to_fpuzzles(&sukaku.puzzle, &Meta::default()).unwrap();
    let again = read_fpuzzles("again.json", &json);
    assert_eq!(again[0].puzzle.as_ref().unwrap(), sukaku);

    let link = scl::to_link(&sukaku.puzzle, &Meta::default()).unwrap();
    let back = scl::read_link(&link).unwrap();
    assert_eq!(back.puzzle, sukaku.puzzle);
    let read_as_link = read_fpuzzles("link.txt", &link);
    assert_eq!(
        read_as_link[0].puzzle.as_ref().unwrap().puzzle,
        sukaku.puzzle
    );
}

#[test]
fn a_grid_in_progress_keeps_its_givens_and_its_marks() {
    // Givens stay givens; only open cells carry marks, and a cell whose
    // marks allow every digit carries none.
    let p = Puzzle::new(Rules::classic(4).unwrap(), {
        let mut g = vec![0; 16];
        g[0] = 1;
        g
    })
    .unwrap();
    let mut masks = vec![0b1111; 16];
    masks[1] = 0b1100;
    let p = p.with_candidates(masks).unwrap();
    let json: Value = serde_json::from_str(&to_fpuzzles(&p, &Meta::default()).unwrap()).unwrap();
    assert_eq!(json["grid"][0][0], json!({"value": 1, "given": true}));
    assert_eq!(json["grid"][0][1], json!({"givenPencilMarks": [3, 4]}));
    assert_eq!(json["grid"][0][2], json!({}));
}

#[test]
fn a_bad_pencil_mark_is_named() {
    let text = r#"{"size": 4, "grid": [[{"givenPencilMarks": [1, 5]}, {}, {}, {}],
        [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
    let read = read_fpuzzles("p.json", text);
    assert_eq!(
        read[0].puzzle.as_ref().unwrap_err().to_string(),
        "p.json:1:1: grid[0][0].givenPencilMarks[1]: 5, expected a digit from 1 to 4"
    );
    let corner = r#"{"cells": [[{"pencilMarks": [1]}, {}, {}, {}], [{}, {}, {}, {}],
        [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
    let message = scl::read_link(&fdoku_sudoku::format::fpuzzles::lz::compress_to_base64(
        corner,
    ))
    .unwrap_err();
    assert!(
        message.starts_with("cells[0][0].pencilMarks: given corner marks"),
        "{message}"
    );
}

/// Marks left on a given (f-puzzles keeps the marks typed before a digit
/// was made a given, as in "Aug 12, 2022: Lockout Lines") say nothing: the
/// puzzle reads as if they were not there, and writes back as itself.
#[test]
fn pencil_marks_on_a_given_say_nothing() {
    let text = r#"{"size": 4, "grid": [[{"value": 3, "given": true, "givenPencilMarks": [1, 3]},
        {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
    let read = read_fpuzzles("p.json", text).remove(0).puzzle.unwrap();
    assert_eq!(read.puzzle.candidates(), None);
    assert_eq!(read.puzzle.givens()[0], 3);
    let again = to_fpuzzles(&read.puzzle, &read.meta).unwrap();
    assert_eq!(
        read_fpuzzles("again.json", &again)[0]
            .puzzle
            .as_ref()
            .unwrap(),
        &read
    );

    // Beside marks on an open cell, only the open cell's count.
    let text = r#"{"size": 4, "grid": [[{"value": 3, "given": true, "givenPencilMarks": [1, 3]},
        {"givenPencilMarks": [1, 2]}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
    let read = read_fpuzzles("p.json", text).remove(0).puzzle.unwrap();
    let mut masks = [0b1111; 16];
    masks[1] = 0b0011;
    assert_eq!(read.puzzle.candidates(), Some(&masks[..]));

    // SudokuPad's centre marks on a given, the same.
    let scl = r#"{"cells": [[{"value": 3, "centremarks": [1, 3]}, {}, {}, {}], [{}, {}, {}, {}],
        [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
    let back =
        scl::read_link(&fdoku_sudoku::format::fpuzzles::lz::compress_to_base64(scl)).unwrap();
    assert_eq!(back.puzzle.candidates(), None);
    assert_eq!(back.puzzle.givens()[0], 3);
}
