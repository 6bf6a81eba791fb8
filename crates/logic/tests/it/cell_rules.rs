//! Rules the techniques do not reason with — anti-knight, anti-king,
//! non-consecutive, disjoint groups, odd/even cells — are refused by name
//! by every entry point that walks a path; a single diagonal is a house
//! and is taken.

use fdoku_fd::Budget;
use fdoku_logic::PathOrder;
use fdoku_logic::explain::explain;
use fdoku_logic::generate::{GradedError, Target, generate};
use fdoku_logic::grade::{GradeError, Level, check_rules, grade};
use fdoku_logic::hint::{HintError, HintLevel, HintRequest, hint};
use fdoku_sudoku::format::parse_line;
use fdoku_sudoku::{Diagonal, GlobalRule, Parity, Rules};

#[test]
fn rules_beyond_houses_and_cages_are_refused_by_name() {
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let classic = Rules::classic(9).unwrap();
    let rules = classic
        .clone()
        .with_global(GlobalRule::AntiKnight)
        .unwrap()
        .with_parity(Parity::Odd, &[0])
        .unwrap();
    let puzzle = parse_line(line, &rules).unwrap();
    let budget = Budget::default();
    let refused = "the logic solver reasons with houses and killer cages only, not anti-knight, odd/even cells (solve and count take them)";
    assert_eq!(grade(&puzzle, &budget).unwrap_err().to_string(), refused);
    assert_eq!(
        explain(&puzzle, PathOrder::Hodoku, &budget).unwrap_err(),
        GradeError::Unsupported("anti-knight, odd/even cells".to_owned())
    );
    let request = HintRequest::new(&puzzle, HintLevel::Concrete, PathOrder::Hodoku);
    let err = hint(&request, &budget).unwrap_err();
    assert!(matches!(err, HintError::Unsupported(_)));
    assert_eq!(err.to_string(), refused);
    let target = Target {
        level: Some(Level::Easy),
        technique: None,
    };
    let rules = classic
        .clone()
        .with_global(GlobalRule::DisjointGroups)
        .unwrap();
    assert!(matches!(
        generate(&rules, &Default::default(), target, 3, 1),
        Err(GradedError::Grade(GradeError::Unsupported(_)))
    ));
    // One diagonal is a house like any other: not refused.
    let main = classic.with_diagonal(Diagonal::Main);
    assert_eq!(check_rules(&main), Ok(()));
    let puzzle = parse_line(line, &main).unwrap();
    assert_eq!(grade(&puzzle, &budget).unwrap_err(), GradeError::NoSolution);
}
