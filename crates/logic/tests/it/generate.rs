//! Graded generation: a level or a technique, met by the logic grader.

use fdoku_logic::Technique;
use fdoku_logic::generate::{Target, generate};
use fdoku_logic::grade::{Level, grade};
use fdoku_sudoku::Rules;
use fdoku_sudoku::generate::Options;
use fdoku_sudoku::solve::{Goal, SolveOptions, SolverChoice, Status, solve};

#[test]
fn a_level_or_technique_is_met_by_the_logic_grader() {
    let rules = Rules::classic(9).unwrap();
    let options = Options::default();
    let mask = SolveOptions {
        solver: SolverChoice::Mask,
        ..SolveOptions::default()
    };
    for level in [Level::Easy, Level::Medium] {
        let target = Target {
            level: Some(level),
            technique: None,
        };
        let made = generate(&rules, &options, target, 1000, 11).unwrap();
        let graded = grade(&made.generated.puzzle, &Default::default()).unwrap();
        assert_eq!(graded.level, level, "graded again the same");
        let given = made.grade.unwrap();
        assert_eq!(
            (given.level, given.hodoku_score),
            (level, graded.hodoku_score)
        );
        let report = solve(&made.generated.puzzle, Goal::Count(2), &mask);
        assert_eq!(report.status, Status::Unique);
    }
    let pointing = Target {
        level: None,
        technique: Some(Technique::Pointing),
    };
    let made = generate(&rules, &options, pointing, 1000, 4).unwrap();
    let graded = grade(&made.generated.puzzle, &Default::default()).unwrap();
    assert!(graded.techniques.contains_key(&Technique::Pointing));
    let impossible = Target {
        level: Some(Level::Extreme),
        technique: Some(Technique::FullHouse),
    };
    // One candidate is rarely extreme; either way the answer is consistent.
    match generate(&rules, &options, impossible, 1, 3) {
        Ok(made) => assert_eq!(made.grade.unwrap().level, Level::Extreme),
        Err(e) => assert_eq!(
            e.to_string(),
            "no extreme puzzle needing Full house in 1 candidates (try more --attempts)"
        ),
    }
}
