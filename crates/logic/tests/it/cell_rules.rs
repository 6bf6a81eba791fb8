//! Which rules the logic solver takes: houses, cages, global rules,
//! odd/even cells, negative rules and the elements it has logic for are
//! graded, explained and hinted; elements without logic of their own
//! (sandwich, X-sum, skyscraper, region-sum and zipper lines) are refused
//! by name by every entry point that walks a path.

use fdoku_fd::Budget;
use fdoku_logic::PathOrder;
use fdoku_logic::explain::explain;
use fdoku_logic::grade::{GradeError, check_rules, grade};
use fdoku_logic::hint::{HintError, HintLevel, HintRequest, hint};
use fdoku_sudoku::format::parse_line;
use fdoku_sudoku::{Diagonal, Element, GlobalRule, Outside, Parity, Rules};

#[test]
fn elements_without_logic_are_refused_by_name() {
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let classic = Rules::classic(9).unwrap();
    let sandwich = Element::Sandwich {
        clue: Outside { row: 0, col: 1 },
        sum: 0,
    };
    let zipper = Element::Zipper {
        cells: vec![0, 1, 2],
    };
    let rules = classic
        .clone()
        .with_element(sandwich)
        .unwrap()
        .with_element(zipper)
        .unwrap();
    let puzzle = parse_line(line, &rules).unwrap();
    let budget = Budget::default();
    let refused =
        "the logic solver has no logic for sandwich, zipper line (solve and count take them)";
    assert_eq!(grade(&puzzle, &budget).unwrap_err().to_string(), refused);
    assert_eq!(
        explain(&puzzle, PathOrder::Hodoku, &budget).unwrap_err(),
        GradeError::Unsupported("sandwich, zipper line".to_owned())
    );
    let request = HintRequest::new(&puzzle, HintLevel::Concrete, PathOrder::Hodoku);
    let err = hint(&request, &budget).unwrap_err();
    assert!(matches!(err, HintError::Unsupported(_)));
    assert_eq!(err.to_string(), refused);
}

#[test]
fn global_rules_parity_and_diagonals_are_taken() {
    let classic = Rules::classic(9).unwrap();
    let knights = classic
        .clone()
        .with_global(GlobalRule::AntiKnight)
        .unwrap()
        .with_global(GlobalRule::DisjointGroups)
        .unwrap()
        .with_parity(Parity::Odd, &[0])
        .unwrap();
    assert_eq!(check_rules(&knights), Ok(()));
    let thermo = Element::Thermometer {
        cells: vec![0, 1, 2],
        slow: false,
    };
    assert_eq!(
        check_rules(&classic.clone().with_element(thermo).unwrap()),
        Ok(())
    );
    // One diagonal is a house like any other.
    let main = classic.with_diagonal(Diagonal::Main);
    assert_eq!(check_rules(&main), Ok(()));
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let puzzle = parse_line(line, &main).unwrap();
    assert_eq!(
        grade(&puzzle, &Budget::default()).unwrap_err(),
        GradeError::NoSolution
    );
}
