//! Sudoku Explainer's chaining techniques (forcing chains and cycles,
//! Nishio, multiple, dynamic and nested forcing chains): known answers from
//! SE itself, and soundness.
//!
//! The ratings of the hardest-puzzle database are SE's own (ER/EP/ED); fdoku
//! must reproduce them exactly, which needs the same producers, the same
//! choice among their deductions and the same count of implications. The
//! full database is checked by the ignored `se_agreement` test.
#![allow(clippy::unwrap_used)]

use fdoku_logic::grade::grade;
use fdoku_logic::{Grid, PathOptions, Step, Technique, explainer_order, solve_path};
use fdoku_sudoku::generate::{KillerOptions, generate_killer};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};
use fdoku_sudoku::{Puzzle, Rules, format::parse_line};

/// SE's (ER, EP, ED) for `line` in the rated hardest database (its sample
/// among the fixtures).
fn se_rating(line: &str) -> (f64, f64, f64) {
    let text = fdoku_testdata::read_fixture("se_rated_hardest_sample.txt");
    let row = text
        .lines()
        .find(|row| row.starts_with(line))
        .unwrap_or_else(|| panic!("{line} is not in the database's sample"));
    let fields: Vec<f64> = row
        .trim_end()
        .split(',')
        .skip(5)
        .take(3)
        .map(|f| f.parse().unwrap())
        .collect();
    (fields[0], fields[1], fields[2])
}

/// Puzzle and its unique solution.
fn known(line: &str) -> (Puzzle, Vec<u8>) {
    let puzzle = parse_line(line, &Rules::classic(9).unwrap()).unwrap();
    let report = solve(&puzzle, Goal::Count(2), &SolveOptions::default());
    assert_eq!(report.status, Status::Unique, "{line}");
    (puzzle, report.solution.unwrap())
}

fn assert_sound(step: &Step, solution: &[u8], grid: &Grid) {
    for e in &step.eliminations {
        assert_ne!(solution[e.cell], e.digit, "{}", step.text(grid));
    }
    for p in &step.placements {
        assert_eq!(solution[p.cell], p.digit, "{}", step.text(grid));
    }
}

/// Two puzzles SE rates through dynamic (ED 9.8) and nested (ER 10.2, 10.3)
/// forcing chains.
const RATED: [&str; 2] = [
    ".....6..9..67...3.79...3....1...7.5...752......5.....2..167..2......14..8........",
    "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
];

#[test]
fn explainer_ratings_equal_sudoku_explainers_own() {
    for line in RATED {
        let puzzle = parse_line(line, &Rules::classic(9).unwrap()).unwrap();
        let graded = grade(&puzzle, &Default::default()).unwrap();
        assert_eq!((graded.er, graded.ep, graded.ed), se_rating(line), "{line}");
    }
}

#[test]
fn explainer_path_through_nested_chains_is_sound_and_needs_no_guess() {
    let (puzzle, solution) = known(RATED[0]);
    let options = PathOptions {
        techniques: explainer_order(),
        unique: true,
        solution: Some(solution.clone()),
        ..PathOptions::default()
    };
    let path = solve_path(&puzzle, &options);
    assert!(path.solved);
    let mut grid = Grid::new(&puzzle);
    for step in &path.steps {
        assert_ne!(step.technique, Technique::Backtracking);
        assert_sound(step, &solution, &grid);
        grid.apply(step);
    }
    let used = |t: Technique| path.steps.iter().filter(|s| s.technique == t).count();
    assert_eq!(used(Technique::DynamicForcingChains), 31);
    assert_eq!(used(Technique::NestedForcingChains), 1);
}

/// The producers below the nested levels, on the opening grid of a puzzle
/// whose first step SE rates 9.8 (its ED): every deduction each reports is
/// sound and rated within SE's band for it, easiest first, and the first
/// producer to find anything is dynamic forcing chains (+), at 9.8.
#[test]
fn every_producer_is_sound_on_a_hard_grid() {
    let (puzzle, solution) = known(RATED[1]);
    let grid = Grid::new(&puzzle);
    let mut first = None;
    for (technique, band) in [
        (Technique::ForcingChainsAndCycles, 65..=80),
        (Technique::NishioForcingChains, 75..=90),
        (Technique::MultipleForcingChains, 80..=95),
        (Technique::DynamicForcingChains, 85..=100),
        (Technique::DynamicForcingChainsPlus, 90..=105),
    ] {
        let steps = technique.find_all(&grid);
        if first.is_none() && !steps.is_empty() {
            first = Some((technique, steps[0].explainer_rating));
        }
        for step in &steps {
            assert_sound(step, &solution, &grid);
            let rating = step.explainer_rating.unwrap();
            assert!(band.contains(&rating), "{technique:?} {rating}");
            assert!(!step.links.is_empty(), "{technique:?}");
        }
        // Easiest first, as SE offers them.
        let ratings: Vec<u16> = steps.iter().map(|s| s.explainer_rating.unwrap()).collect();
        assert!(
            ratings.windows(2).all(|w| w[0] <= w[1]),
            "{technique:?} {ratings:?}"
        );
    }
    let ed = (se_rating(RATED[1]).2 * 10.0).round() as u16;
    assert_eq!(first, Some((Technique::DynamicForcingChainsPlus, Some(ed))));
}

/// Cage mates switch each other off: dynamic forcing chains on a killer
/// puzzle's nearly empty grid stay sound.
#[test]
fn dynamic_chains_are_sound_on_a_killer_grid() {
    let made = generate_killer(&Rules::classic(9).unwrap(), &KillerOptions::default(), 1).unwrap();
    let grid = Grid::new(&made.puzzle);
    let steps = Technique::DynamicForcingChains.find_all(&grid);
    for step in &steps {
        assert_sound(step, &made.solution, &grid);
    }
    println!(
        "{} dynamic forcing chain steps on the killer grid",
        steps.len()
    );
}
