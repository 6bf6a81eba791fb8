//! Candidate (pencil-mark) grids the logic solver prints read back with
//! their candidates, and the next step on them moves on.

use fdoku_logic::{Grid, PathOptions, hodoku_order, next_step};
use fdoku_sudoku::Puzzle;
use fdoku_sudoku::format::{Format, PlainVariant, candidate_grid, read_input};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};

/// Norvig's first "top95" puzzle and its solution.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const TOP95_1_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn read(text: &str) -> fdoku_sudoku::format::Input {
    read_input("t", text, Format::Auto, &PlainVariant::default())
}

/// The grid after the first two steps of HoDoKu's path, as a candidate grid.
fn grid_after_two_steps() -> (Puzzle, Grid) {
    let input = read(TOP95_1);
    let puzzle = input.items[0].puzzle.clone().unwrap();
    let mut grid = Grid::new(&puzzle);
    let options = PathOptions {
        techniques: hodoku_order(),
        unique: true,
        solution: None,
        budget: Default::default(),
    };
    for _ in 0..2 {
        let step = next_step(&grid, &options).unwrap();
        grid.apply(&step);
    }
    (puzzle, grid)
}

#[test]
fn a_candidate_grid_reads_back_with_its_candidates() {
    let (puzzle, grid) = grid_after_two_steps();
    let masks: Vec<u32> = (0..81).map(|c| grid.mask(c)).collect();
    let text = candidate_grid(grid.values(), &masks, puzzle.rules());
    let input = read(&text);
    assert_eq!(input.items.len(), 1, "{text}");
    let back = input.items[0].puzzle.as_ref().unwrap();
    assert_eq!(back.givens(), grid.values());
    let again = Grid::new(back);
    for cell in 0..81 {
        assert_eq!(
            again.mask(cell),
            grid.mask(cell),
            "r{}c{}",
            cell / 9 + 1,
            cell % 9 + 1
        );
    }
    let report = solve(back, Goal::Count(2), &SolveOptions::default());
    assert_eq!(report.status, Status::Unique);
    assert_eq!(
        fdoku_sudoku::grid_line(&report.solution.unwrap()),
        TOP95_1_SOLUTION
    );
}

#[test]
fn the_next_step_on_a_candidate_grid_moves_on() {
    let (puzzle, grid) = grid_after_two_steps();
    let options = PathOptions {
        techniques: hodoku_order(),
        unique: true,
        solution: None,
        budget: Default::default(),
    };
    let masks: Vec<u32> = (0..81).map(|c| grid.mask(c)).collect();
    let back = Puzzle::new(puzzle.rules().clone(), grid.values().to_vec())
        .and_then(|p| p.with_candidates(masks))
        .unwrap();
    let step = next_step(&Grid::new(&back), &options).unwrap();
    assert!(grid.changes(&step), "the step read back does something new");
    assert_eq!(next_step(&grid, &options).unwrap(), step);
}
