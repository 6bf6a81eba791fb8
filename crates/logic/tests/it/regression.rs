//! One test per bug found, named after what went wrong.

use std::time::{Duration, Instant};

use fdoku_fd::Budget;
use fdoku_logic::grade::{GradeError, grade, level_of};
use fdoku_logic::hint::{HintLevel, HintRequest, hint};
use fdoku_logic::{Grid, PathOptions, PathOrder, Technique, next_step};
use fdoku_sudoku::format::parse_line;
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
        // Taken as unique: a grid of several solutions open to all of them
        // would go straight to the guess.
        unique: true,
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

#[test]
fn hints_on_nearly_empty_grids_of_many_solutions_searched_every_chain() {
    // In Sudoku Explainer's order a hint on an empty 4×4 spent 7 s in the
    // nested forcing chains, which can find nothing where every candidate
    // lies in some solution. The declared guess now comes at once, and a
    // grid with something to deduce still gets its step.
    let cases = [
        ("................", "Backtracking: r1c1 = 1"),
        ("1...............", "Backtracking: r1c2 = 2"),
        ("12..34..........", "Backtracking: r1c3 = 3"),
        (
            "12..............",
            "Pointing {3} in r2c1, r2c2 (box 1, row 2): remove 3 from r2c3, r2c4",
        ),
    ];
    for (line, expected) in cases {
        let puzzle = parse_line(line, &Rules::classic(4).unwrap()).unwrap();
        let request = HintRequest::new(&puzzle, HintLevel::Concrete, PathOrder::Explainer);
        let started = Instant::now();
        let shown = hint(&request, &Budget::default()).unwrap();
        assert!(started.elapsed() < GRACE, "{line}: {:?}", started.elapsed());
        assert!(!shown.unique, "{line}");
        assert_eq!(shown.text.as_deref(), Some(expected), "{line}");
        // Grading refuses such a grid after one count.
        assert_eq!(
            grade(&puzzle, &Budget::default()).unwrap_err(),
            GradeError::NotUnique
        );
    }
    // The same on the empty 9×9 and 16×16, in both orders.
    for size in [9, 16] {
        let (puzzle, _) = empty(size);
        for order in [PathOrder::Explainer, PathOrder::Hodoku] {
            let request = HintRequest::new(&puzzle, HintLevel::Concrete, order);
            let started = Instant::now();
            let shown = hint(&request, &Budget::default()).unwrap();
            assert!(started.elapsed() < GRACE, "{size}×{size} {order:?}");
            assert_eq!(shown.text.as_deref(), Some("Backtracking: r1c1 = 1"));
        }
    }
}

#[test]
fn pencil_marks_that_left_one_solution_let_a_unique_rectangle_remove_it() {
    // Found by the logic_steps fuzz target. The givens (and a one-cell
    // cage) have several solutions; the pencil marks (r1c3 only 1 or 2)
    // leave one. A unique rectangle {2,3} in r1c2, r1c3, r2c2, r2c3 then
    // removed the 1 the solution has at r2c1: its swap is a second
    // solution of the givens, not of the marks, so uniqueness counts the
    // givens alone.
    use fdoku_logic::grade::prepare;
    use fdoku_sudoku::Cage;
    let rules = Rules::classic(4)
        .unwrap()
        .with_cage(Cage {
            cells: vec![0],
            sum: Some(4),
        })
        .unwrap();
    let mut givens = vec![0u8; 16];
    givens[12..15].copy_from_slice(&[3, 4, 1]);
    let marks = vec![15, 15, 3, 7, 11, 15, 7, 15, 15, 13, 15, 15, 15, 15, 15, 14];
    let puzzle = Puzzle::new(rules, givens)
        .unwrap()
        .with_candidates(marks)
        .unwrap();
    let solution = vec![4, 3, 2, 1, 1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2];
    let prepared = prepare(&puzzle, &Budget::unlimited()).unwrap();
    assert_eq!(prepared.solution, solution);
    assert!(!prepared.unique);
    let options = PathOptions {
        techniques: vec![Technique::UniqueRectangle2],
        unique: prepared.unique,
        solution: None,
        budget: Budget::unlimited(),
    };
    let grid = Grid::new(&puzzle);
    assert!(next_step(&grid, &options).is_none());
}
