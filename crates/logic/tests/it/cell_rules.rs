//! Every rule is taken by the logic solver: houses, cages, global rules,
//! odd/even cells, negative rules and every element kind are graded,
//! explained and hinted — sandwich, X-sum and skyscraper clues and
//! region-sum and zipper lines among them.

use fdoku_fd::Budget;
use fdoku_logic::PathOrder;
use fdoku_logic::explain::explain;
use fdoku_logic::grade::{GradeError, grade};
use fdoku_logic::hint::{HintLevel, HintRequest, hint};
use fdoku_sudoku::format::parse_line;
use fdoku_sudoku::{Diagonal, Element, Outside, Rules};

#[test]
fn outside_clues_and_sum_lines_are_taken() {
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let classic = Rules::classic(9).unwrap();
    // Clues and lines that the puzzle's solution satisfies: column 1 reads
    // 4 9 2 5 7 1 3 8 6, row 1 reads 4 8 3 9 2 1 6 5 7, r3c2 holds 5 and
    // r3c3 and r4c4 hold 1.
    let elements = [
        Element::Sandwich {
            clue: Outside { row: 0, col: 1 },
            sum: 14,
        },
        Element::XSum {
            clue: Outside { row: 0, col: 1 },
            sum: 20,
        },
        Element::Skyscraper {
            clue: Outside { row: 1, col: 0 },
            count: 3,
        },
        Element::Zipper {
            cells: vec![0, 9, 19],
        },
        Element::RegionSum {
            cells: vec![20, 30],
        },
    ];
    let rules = elements
        .into_iter()
        .fold(classic, |rules, e| rules.with_element(e).unwrap());
    let puzzle = parse_line(line, &rules).unwrap();
    let budget = Budget::default();
    assert!(grade(&puzzle, &budget).is_ok());
    assert!(explain(&puzzle, PathOrder::Hodoku, &budget).is_ok());
    let request = HintRequest::new(&puzzle, HintLevel::Concrete, PathOrder::Hodoku);
    assert!(hint(&request, &budget).is_ok());
}

#[test]
fn diagonals_are_houses() {
    let classic = Rules::classic(9).unwrap();
    // One diagonal is a house like any other.
    let main = classic.with_diagonal(Diagonal::Main);
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let puzzle = parse_line(line, &main).unwrap();
    assert_eq!(
        grade(&puzzle, &Budget::default()).unwrap_err(),
        GradeError::NoSolution
    );
}
