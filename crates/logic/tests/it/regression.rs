//! One test per bug found, named after what went wrong.

use std::time::{Duration, Instant};

use fdoku_fd::Budget;
use fdoku_logic::grade::level_of;
use fdoku_logic::{Grid, PathOptions, Technique, next_step};
use fdoku_sudoku::generate::random_grid;
use fdoku_sudoku::{Puzzle, Rules};

/// The empty grid of `size` and one of its solutions.
fn empty(size: usize) -> (Puzzle, Vec<u8>) {
    let puzzle = Puzzle::new(Rules::classic(size).unwrap(), vec![0; size * size]).unwrap();
    let solution = random_grid(puzzle.rules(), 1, 100_000).unwrap();
    (puzzle, solution)
}

/// How long after a deadline a search may still run: generous, for CI's
/// two loaded cores and the unoptimised test build.
const GRACE: Duration = Duration::from_millis(1500);

#[test]
fn a_finder_ignored_the_deadline_and_a_cut_search_backtracked() {
    // The finned Franken swordfish searched an empty 16×16 for 7.6 s
    // whatever the deadline, and the path then declared a backtracking
    // step as if nothing had applied.
    let (puzzle, solution) = empty(16);
    let options = PathOptions {
        techniques: vec![Technique::FinnedFrankenSwordfish],
        unique: false,
        solution: Some(solution),
        budget: Budget::unlimited().with_timeout(Duration::from_millis(300)),
    };
    let started = Instant::now();
    let step = next_step(&Grid::new(&puzzle), &options);
    let took = started.elapsed();
    assert!(step.is_none(), "a search cut off gave {step:?}");
    assert!(
        took < Duration::from_millis(300) + GRACE,
        "stopped after {took:?}"
    );
}

#[test]
fn finders_on_large_empty_grids_ran_past_the_deadline() {
    // Every technique, on the grids where each search is longest: each
    // stops soon after its deadline (or finishes before it).
    let deadline = Duration::from_millis(100);
    for size in [16, 25] {
        let (puzzle, _) = empty(size);
        let grid = Grid::new(&puzzle);
        for &technique in Technique::ALL {
            let options = PathOptions {
                techniques: vec![technique],
                unique: true,
                solution: None,
                budget: Budget::unlimited().with_timeout(deadline),
            };
            let started = Instant::now();
            let _ = next_step(&grid, &options);
            let took = started.elapsed();
            assert!(
                took < deadline + GRACE,
                "{technique:?} on the empty {size}×{size} stopped after {took:?}"
            );
        }
    }
}

#[test]
fn graded_generation_walked_its_candidates_without_the_budget() {
    // `level_of` walked HoDoKu's path with an unlimited budget, so a
    // request's deadline waited for the whole walk. Here the deadline has
    // passed before the walk starts: it takes no step.
    let (puzzle, solution) = empty(16);
    let passed = Budget::unlimited().with_deadline(Instant::now());
    let started = Instant::now();
    assert_eq!(level_of(&puzzle, &solution, None, &passed), None);
    assert!(started.elapsed() < GRACE);
}
