//! The engine's solve in cell terms (`fdoku_sudoku::solve::trace`): replaying
//! its prunes gives the solution, guesses and clashes are named, events name
//! the model's cells and houses, and the caps and the budget cut it short.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use fdoku_fd::{Budget, SearchConfig, StopReason, Strength};

use fdoku_sudoku::format::parse_line;
use fdoku_sudoku::solve::{
    CellEvent, FdSolver, TraceCaps, TraceError, TracedSolve, Uniqueness, trace,
};
use fdoku_sudoku::{Cage, Puzzle, Rules, check_solution};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn classic(line: &str) -> Puzzle {
    let size = (line.len() as f64).sqrt() as usize;
    parse_line(line, &Rules::classic(size).unwrap()).unwrap()
}

fn unlimited(puzzle: &Puzzle, strength: Strength) -> TracedSolve {
    trace(puzzle, strength, &Budget::unlimited(), TraceCaps::default()).unwrap()
}

#[test]
fn replaying_the_prunes_of_a_search_without_guesses_leaves_the_solution() {
    let puzzle = classic(EASY);
    let traced = unlimited(&puzzle, Strength::Domain);
    assert_eq!(traced.status, Uniqueness::Unique);
    assert_eq!(traced.stats.nodes, 1);
    assert!(!traced.truncated);
    let solution = traced.solution.unwrap();
    let mut candidates: Vec<Vec<u8>> = puzzle
        .givens()
        .iter()
        .map(|&g| if g == 0 { (1..=9).collect() } else { vec![g] })
        .collect();
    for event in &traced.trace[..traced.trace.len() - 1] {
        let CellEvent::Prune { cell, removed, by } = event else {
            panic!("only prunes before the solution, got {event:?}");
        };
        assert!(!by.is_empty());
        for digit in removed {
            let at = candidates[*cell].iter().position(|d| d == digit);
            candidates[*cell].remove(at.expect("a prune removes a candidate"));
        }
    }
    let left: Vec<u8> = candidates.iter().map(|c| c[0]).collect();
    assert!(candidates.iter().all(|c| c.len() == 1));
    assert_eq!(left, solution);
    assert_eq!(traced.trace.last(), Some(&CellEvent::Solution));
}

#[test]
fn an_empty_four_by_four_has_several_solutions_found_by_guessing() {
    let puzzle = classic(&".".repeat(16));
    let traced = unlimited(&puzzle, Strength::Forward);
    assert_eq!(traced.status, Uniqueness::Multiple);
    check_solution(&puzzle, traced.solution.as_deref().unwrap()).unwrap();
    assert!(matches!(
        traced.trace[0],
        CellEvent::Guess {
            depth: 1,
            cell: 0,
            digit: 1
        }
    ));
    assert_eq!(traced.stats.guesses, traced.stats.nodes - 1);
}

#[test]
fn a_clash_has_no_solution_and_is_named() {
    let puzzle = classic(&format!("11{}", ".".repeat(14)));
    let traced = unlimited(&puzzle, Strength::Domain);
    assert_eq!(traced.status, Uniqueness::None);
    assert_eq!(traced.solution, None);
    let clash = traced.clash.as_ref().unwrap();
    assert_eq!(clash.house, "row 1");
    assert!(matches!(&traced.trace[..], [CellEvent::Fail { by, .. }] if by == "row 1"));
    let json = serde_json::to_value(&traced).unwrap();
    assert_eq!(json["clash"], clash.to_string());
    assert_eq!(json["status"], "none");
    assert_eq!(json["trace"][0]["event"], "fail");
}

#[test]
fn events_name_the_cells_and_houses_of_the_model() {
    // A 4×4 killer: r1c1 + r1c2 = 3, and a 4 given in r2c2.
    let rules = Rules::classic(4)
        .unwrap()
        .with_cage(Cage {
            cells: vec![0, 1],
            sum: Some(3),
        })
        .unwrap();
    let mut givens = vec![0; 16];
    givens[5] = 4;
    let puzzle = Puzzle::new(rules, givens).unwrap();
    let fd = FdSolver::new(&puzzle, SearchConfig::default());
    assert_eq!(fd.model().var_name(fd.cells()[5]), Some("r2c2"));
    let traced = unlimited(&puzzle, Strength::Domain);
    let prunes = |cells: &[usize], house: &str| {
        traced.trace.iter().any(|event| {
            matches!(event, CellEvent::Prune { cell, removed, by }
                if cells.contains(cell) && by == house && !removed.is_empty())
        })
    };
    // The given 4 leaves its row, column and box; the cage's sum keeps
    // its own cells to 1 and 2.
    assert!(prunes(&[4, 6, 7], "row 2"));
    assert!(prunes(&[1, 9, 13], "column 2"));
    assert!(prunes(&[0, 1, 4], "box 1"));
    assert!(prunes(&[0, 1], "cage 1 sum"));
}

#[test]
fn a_trace_over_its_cap_is_cut_and_marked() {
    let puzzle = classic(&".".repeat(81));
    let caps = TraceCaps {
        max_events: 5,
        ..TraceCaps::default()
    };
    let traced = trace(&puzzle, Strength::Domain, &Budget::unlimited(), caps).unwrap();
    assert_eq!(traced.trace.len(), 5);
    assert!(traced.truncated);
    assert_eq!(traced.status, Uniqueness::Multiple);
}

#[test]
fn a_budget_spent_before_any_solution_is_an_error() {
    let puzzle = classic(&".".repeat(81));
    let budget = Budget::unlimited().with_cancel_flag(Arc::new(AtomicBool::new(true)));
    assert_eq!(
        trace(&puzzle, Strength::Domain, &budget, TraceCaps::default()),
        Err(TraceError::Stopped(StopReason::Cancelled))
    );
}
