//! fdoku's SE-style ER against Sudoku Explainer's own ratings of the
//! hardest-puzzle database (ER 10.4–11.9 where present). Prints exact
//! agreement, agreement within 0.5 and 1.0, the mean difference, and how
//! many puzzles fdoku's logic finishes without backtracking.
//!
//! `cargo test --release -p fdoku-sudoku --test se_agreement -- --ignored --nocapture`
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::rate::grade;
use fdoku_sudoku::{Rules, format::parse_line};

/// `(puzzle, ER)` for every rated row.
fn rated() -> Vec<(String, f64)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/se_rated_HardestDatabase110626.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .skip(2)
        .filter_map(|line| {
            let fields: Vec<&str> = line.trim_end().split(',').collect();
            // PuzzleR, Label, Poster, q1, q2, ER, EP, ED, …
            let er = fields.get(5)?.parse::<f64>().ok()?;
            Some((fields[0].to_owned(), er))
        })
        .collect()
}

#[test]
#[ignore = "grades 268 of the hardest known puzzles (minutes); prints the agreement"]
fn explainer_rating_agreement_on_the_hardest_database() {
    let rows = rated();
    assert!(rows.len() > 200, "{}", rows.len());
    let rules = Rules::classic(9).unwrap();
    let (mut exact, mut half, mut one, mut logic_only, mut total_diff) = (0, 0, 0, 0, 0.0);
    for (line, er) in &rows {
        let puzzle = parse_line(line, &rules).unwrap();
        let graded = grade(&puzzle, &Default::default()).unwrap();
        let diff = graded.er - er;
        total_diff += diff;
        exact += usize::from(diff.abs() < 0.05);
        half += usize::from(diff.abs() <= 0.5 + 1e-9);
        one += usize::from(diff.abs() <= 1.0 + 1e-9);
        logic_only += usize::from(graded.logic_only);
    }
    let n = rows.len();
    println!(
        "{n} rated puzzles: ER exact {exact}, within 0.5 {half}, within 1.0 {one}; mean (fdoku − SE) {:+.2}; solved without backtracking {logic_only}",
        total_diff / n as f64
    );
}
