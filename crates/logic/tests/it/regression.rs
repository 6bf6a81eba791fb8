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

/// HoDoKu's score and level of a classic puzzle, as fdoku grades it. The
/// expected values below are hodoku-py 0.2.1's (a port of HoDoKu 2.2) for
/// puzzles made by `fdoku generate`.
fn hodoku_rating(line: &str) -> (u32, &'static str) {
    let puzzle = parse_line(line, &Rules::classic(9).unwrap()).unwrap();
    let grade = grade(&puzzle, &Budget::unlimited()).unwrap();
    (grade.hodoku_score, grade.hodoku_level.name())
}

#[test]
fn hodoku_singles_came_in_fdokus_scan_order_not_hodokus_queues() {
    // Scanning houses for singles made 3 of HoDoKu's hidden singles (14)
    // naked singles or full houses (4): 334 for HoDoKu's 364.
    let line = "8.........9.6......23....18.....2...9184..7....5..94.1.5...4..6.37..59......2....";
    assert_eq!(hodoku_rating(line), (364, "easy"));
}

#[test]
fn a_box_and_line_pair_clearing_one_house_was_taken_as_a_locked_pair() {
    // HoDoKu calls a subset locked only when it clears both the box and
    // the line outside it; the locked pair came before HoDoKu's pointing.
    let line = "...71.....6.......4....6.1....87.9.2.....3..689.....3.9.....2.4.3....78.2...9....";
    assert_eq!(hodoku_rating(line), (652, "medium"));
}

#[test]
fn bug_plus_one_placed_its_digit_where_hodoku_removes_the_others() {
    // HoDoKu's BUG+1 leaves a naked single, a step of its own.
    let line = "5..928.......6.....6.1.....41..........4..2.73....281.....14.5...98...26..43.....";
    assert_eq!(hodoku_rating(line), (614, "hard"));
}

#[test]
fn nice_loops_were_taken_by_kind_not_by_hodokus_sort() {
    // A one-elimination discontinuous loop came before an AIC removing
    // three candidates: HoDoKu sorts all loops and AICs together.
    let line = ".4..5.6..1....4.7585...9........3.......263......9...29...6.12.....82..667....9.4";
    assert_eq!(hodoku_rating(line), (696, "unfair"));
}

#[test]
fn a_loop_proving_its_candidate_placed_it_and_saved_a_naked_single() {
    let line = ".397.8....8.6.2....2.......6...1.7232..........7.6.1..9......4......4.18...9..6.2";
    assert_eq!(hodoku_rating(line), (2714, "extreme"));
}

#[test]
fn xy_chains_were_taken_shortest_first_not_by_eliminations() {
    let line = "..6.4.9..7.2.....1...78......92...6......8...4..61.....7..5.48..6.....3..1...7...";
    assert_eq!(hodoku_rating(line), (2312, "extreme"));
}

#[test]
fn xy_wings_were_taken_in_fdokus_order_not_hodokus_scan() {
    let line = ".......973..5......8..24.......51......7.8..4..2...61.......4..297.13....53...9..";
    assert_eq!(hodoku_rating(line), (1368, "hard"));
}

#[test]
fn skyscrapers_were_taken_digit_first_not_rows_first() {
    let line = "...2.........97.4..6..41.59.9..3.5..78.6.......57...1..2...54.....9...7.3.6......";
    assert_eq!(hodoku_rating(line), (1284, "hard"));
}

#[test]
fn a_simple_colours_trap_came_before_hodokus_wrap() {
    let line = ".....8.26.4........7....8.562....3.....5..9......69.12....975......32..18..1.....";
    assert_eq!(hodoku_rating(line), (1478, "hard"));
}

#[test]
fn hodokus_grouped_loops_ran_through_almost_locked_sets() {
    // HoDoKu's solver takes no almost locked sets into its chains: a
    // grouped continuous loop through one removed eight candidates where
    // HoDoKu's path has a one-candidate grouped loop.
    let line = "..5..6...8..971.......4....4..31...8...6..4..2......6..1...78.9..21...4698......3";
    assert_eq!(hodoku_rating(line), (2930, "extreme"));
}

#[test]
fn loops_of_equal_weighted_sums_were_not_taken_in_hodokus_order() {
    // r8c8<>8 and r9c4<>3 weigh 78 alike: HoDoKu keeps the loop it found
    // first, from the premise of the lower cell.
    let line = "82...1.3.53......2.16...9....7.38.15...9....46.3........8.9....9..7......42.5....";
    assert_eq!(hodoku_rating(line), (1660, "unfair"));
}

#[test]
fn grouped_aics_ending_in_a_group_were_taken_where_hodoku_reports_none() {
    // HoDoKu reports an AIC only between two single candidates: the
    // grouped AIC ending in 9r3c1|r3c3 is not one of its steps.
    let line = ".......7...4....8..6..8.2.45....9..87..5.......3..14........9.6...34..2.1...68...";
    assert_eq!(hodoku_rating(line), (5042, "extreme"));
}

#[test]
fn a_locked_pairs_removals_queued_singles_cell_by_cell_not_house_by_house() {
    // HoDoKu removes a locked pair's candidates from its line, then its
    // box: the hidden singles they leave come in that order.
    let line = "..2.76...16......4...54..2.9.1...4....3.......27918....7..5.........9..1......98.";
    assert_eq!(hodoku_rating(line), (408, "medium"));
}

#[test]
fn claimings_were_taken_box_by_box_not_digit_by_digit() {
    // HoDoKu scans each line's digits in turn: 3 claimed from column 2
    // into box 4 comes before 6 claimed from column 2 into box 1.
    let line = ".1.7.45.9...15............4.2..3........97.62......1...7.9....5.4..13...9..6...3.";
    assert_eq!(hodoku_rating(line), (608, "medium"));
}
