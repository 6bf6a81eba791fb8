//! `fdoku_logic::hint`: where the player stands — pencil marks, entries,
//! a solved grid, a puzzle with two solutions, a budget that runs out —
//! and what the hint says.

use fdoku_fd::Budget;
use fdoku_logic::PathOrder;
use fdoku_logic::hint::{Hint, HintError, HintLevel, HintRequest, hint};
use fdoku_sudoku::format::parse_line;
use fdoku_sudoku::{Puzzle, Rules, full_mask};

/// Norvig's first "top95" puzzle and its solution.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const TOP95_1_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn classic(line: &str) -> Puzzle {
    parse_line(line, &Rules::classic(9).unwrap()).unwrap()
}

fn digits(line: &str) -> Vec<u8> {
    line.bytes().map(|b| b - b'0').collect()
}

fn ask(puzzle: &Puzzle, entries: Option<&[u8]>, level: HintLevel) -> Result<Hint, HintError> {
    let request = HintRequest {
        entries,
        ..HintRequest::new(puzzle, level, PathOrder::Hodoku)
    };
    hint(&request, &Budget::default())
}

#[test]
fn apply_gives_the_grid_after_the_step_with_its_candidates() {
    let puzzle = classic(TOP95_1);
    let shown = ask(&puzzle, None, HintLevel::Apply).unwrap();
    let step = shown.step.unwrap();
    let values = shown.values.unwrap();
    let candidates = shown.candidates.unwrap();
    for placed in &step.step.placements {
        assert_eq!(values[placed.cell], placed.digit);
    }
    let placed = values.iter().filter(|&&v| v != 0).count();
    assert_eq!(placed, puzzle.clue_count() + step.step.placements.len());
    for (cell, digits) in candidates.iter().enumerate() {
        assert_eq!(digits.is_empty(), values[cell] != 0, "cell {cell}");
    }
    assert!(shown.unique && !shown.solved);
}

#[test]
fn a_vague_hint_names_the_technique_only() {
    let shown = ask(&classic(TOP95_1), None, HintLevel::Vague).unwrap();
    assert!(shown.technique.is_some() && shown.technique_name.is_some());
    assert!(shown.text.is_none() && shown.step.is_none() && shown.values.is_none());
}

#[test]
fn wrong_entries_are_named_not_stepped_from() {
    let puzzle = classic(TOP95_1);
    let solution = digits(TOP95_1_SOLUTION);
    let mut entries = vec![0; 81];
    entries[1] = solution[1]; // right
    entries[2] = 1 + solution[2] % 9; // wrong
    entries[80] = 1 + solution[80] % 9; // wrong
    let vague = ask(&puzzle, Some(&entries), HintLevel::Vague).unwrap();
    assert_eq!(
        vague.text.as_deref(),
        Some("2 entries are wrong: r1c3, r9c9.")
    );
    assert!(vague.technique.is_none());
    let mistakes = vague.mistakes.unwrap();
    assert_eq!(mistakes.len(), 2);
    assert!(mistakes.iter().all(|m| m.solution.is_none()));
    let apply = ask(&puzzle, Some(&entries), HintLevel::Apply).unwrap();
    assert_eq!(
        apply.text.as_deref(),
        Some("r1c3 holds 8, but the solution has 7; r9c9 holds 4, but the solution has 3.")
    );
    let mut cleared = vec![0; 81];
    cleared[1] = solution[1];
    assert_eq!(apply.values.unwrap(), cleared);
}

#[test]
fn an_entry_over_a_given_is_refused_with_the_cell() {
    let mut entries = vec![0; 81];
    entries[0] = 5; // r1c1 is given as 4
    let err = ask(&classic(TOP95_1), Some(&entries), HintLevel::Vague).unwrap_err();
    assert_eq!(err.to_string(), "entries: r1c1 is given as 4, not 5");
    let err = ask(&classic(TOP95_1), Some(&[0; 80]), HintLevel::Vague).unwrap_err();
    assert_eq!(
        err.to_string(),
        "entries: 80 entries, expected 81 (one per cell)"
    );
}

#[test]
fn pencil_marks_that_lost_the_solution_digit_name_the_cell() {
    let puzzle = classic(TOP95_1);
    let solution = digits(TOP95_1_SOLUTION);
    let mut masks = vec![full_mask(9); 81];
    masks[1] &= !(1 << (solution[1] - 1));
    let marked = puzzle.with_candidates(masks).unwrap();
    let err = ask(&marked, None, HintLevel::Concrete).unwrap_err();
    assert_eq!(err, HintError::LostCandidate("r1c2".to_owned()), "{err}");
}

#[test]
fn a_solved_grid_says_so() {
    let shown = ask(&classic(TOP95_1_SOLUTION), None, HintLevel::Concrete).unwrap();
    assert!(shown.solved && shown.technique.is_none());
    assert_eq!(shown.text.as_deref(), Some("The grid is solved."));
}

#[test]
fn a_puzzle_with_two_solutions_is_hinted_without_uniqueness() {
    let empty = Puzzle::new(Rules::classic(4).unwrap(), vec![0; 16]).unwrap();
    let shown = ask(&empty, None, HintLevel::Concrete).unwrap();
    assert!(!shown.unique);
    assert!(shown.step.is_some());
}

#[test]
fn givens_without_a_solution_name_their_clash() {
    let mut line = TOP95_1.to_owned();
    line.replace_range(1..2, "4"); // a second 4 in row 1
    let err = ask(&classic(&line), None, HintLevel::Vague).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the puzzle has no solution: r1c1 and r1c2 both hold 4 in row 1"
    );
}

#[test]
fn a_budget_that_runs_out_stops_the_hint() {
    let empty = Puzzle::new(Rules::classic(25).unwrap(), vec![0; 625]).unwrap();
    let request = HintRequest::new(&empty, HintLevel::Vague, PathOrder::Hodoku);
    let err = hint(&request, &Budget::unlimited().with_node_limit(1)).unwrap_err();
    assert_eq!(err, HintError::Stopped);
}
