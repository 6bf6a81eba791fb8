//! HoDoKu's score and level, exactly: fdoku's HoDoKu path against the
//! ratings of hodoku-py 0.2.1, a port of HoDoKu 2.2
//! (`tests/data/hodoku_rated_sample.tsv`, puzzles from easy to extreme,
//! among them nice loops, AICs, Sue de Coq, avoidable rectangles, ALS moves
//! and forcing chains where HoDoKu takes its own instance).

use fdoku_fd::Budget;
use fdoku_logic::grade::grade;
use fdoku_sudoku::{Rules, format::parse_line};

#[test]
fn hodoku_scores_and_levels_are_hodokus() {
    let text = fdoku_testdata::read_fixture("hodoku_rated_sample.tsv");
    let rules = Rules::classic(9).unwrap();
    let mut rated = 0;
    let mut wrong = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [puzzle, score, level] = fields[..] else {
            panic!("three fields wanted: {line}");
        };
        let grade = grade(&parse_line(puzzle, &rules).unwrap(), &Budget::unlimited()).unwrap();
        let got = (grade.hodoku_score.to_string(), grade.hodoku_level.name());
        if got != (score.to_owned(), level) {
            wrong.push(format!("{puzzle}: HoDoKu {score} {level}, fdoku {got:?}"));
        }
        rated += 1;
    }
    assert_eq!(rated, 34);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
