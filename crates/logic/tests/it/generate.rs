//! Graded generation: a level or a technique, met by the logic grader.

use fdoku_logic::generate::{RatingRange, Target, generate};
use fdoku_logic::grade::{Level, grade};
use fdoku_logic::{SeScale, Technique, grade_on_scale};
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
            ..Target::default()
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
        technique: Some(Technique::Pointing),
        ..Target::default()
    };
    let made = generate(&rules, &options, pointing, 1000, 4).unwrap();
    let graded = grade(&made.generated.puzzle, &Default::default()).unwrap();
    assert!(graded.techniques.contains_key(&Technique::Pointing));
    let impossible = Target {
        level: Some(Level::Extreme),
        technique: Some(Technique::FullHouse),
        rating: None,
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

#[test]
fn an_er_range_is_met_on_either_scale() {
    let rules = Rules::classic(9).unwrap();
    let options = Options::default();
    // 4.0–4.3 is the sukaku scale's two strong links (skyscraper, kite,
    // turbot crane), rated on the classic scale as chains or fish.
    for (scale, range) in [(SeScale::Classic, "2.6-3.4"), (SeScale::Sukaku, "4.0-4.3")] {
        let range = RatingRange::parse(range, scale).unwrap();
        let target = Target {
            rating: Some(range),
            ..Target::default()
        };
        let made = generate(&rules, &options, target, 2000, 21).unwrap();
        let given = made.grade.unwrap().se.unwrap();
        let graded = grade_on_scale(&made.generated.puzzle, &Default::default(), scale).unwrap();
        let again = graded.se(scale).unwrap();
        assert_eq!(
            (given.er, given.ep, given.ed),
            (again.er, again.ep, again.ed)
        );
        assert!(
            range.contains((again.er * 10.0).round() as u16),
            "{scale:?}: ER {}",
            again.er
        );
    }
}

#[test]
fn an_er_range_reads_one_rating_a_span_or_a_floor() {
    let classic = SeScale::Classic;
    let range = |text| RatingRange::parse(text, classic).map(|r| (r.min, r.max));
    assert_eq!(range("7.2"), Ok((72, 72)));
    assert_eq!(range("7.0-8.5"), Ok((70, 85)));
    assert_eq!(range(" 9 - "), Ok((90, 200)));
    for bad in ["", "x", "7.25", "0.5", "8-7", "-3", "21"] {
        assert!(range(bad).is_err(), "{bad:?} accepted");
    }
    let floor = RatingRange::parse("9.0-", SeScale::Sukaku).unwrap();
    assert_eq!(floor.to_string(), "ER 9.0 or more (sukaku)");
}
