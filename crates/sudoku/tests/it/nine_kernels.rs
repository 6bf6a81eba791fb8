//! The 9×9 path's two compilations — AVX2 (picked at run time where the
//! CPU has it) and portable Rust — on the same inputs: the same count, the
//! same solutions in the same order, the same guesses and nodes, on every
//! committed fixture and on a sample of every 9×9 collection in the
//! `FDOKU_DATA` corpus. Where the CPU lacks AVX2 both runs take the
//! portable path (the test says so on stderr).

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::format::{Format, PlainVariant, parse_line, read_puzzles};
use fdoku_sudoku::solve::{NineSolver, Search};
use fdoku_sudoku::{Puzzle, Rules};

/// The puzzles of a one-per-line file: the first 81 characters of each
/// line that starts with a grid (`.`/`0` for empty), or, for HoDoKu's
/// `:code:variant:grid:…` lines, the grid with its `+` marks dropped.
/// Headers and `#` comments are skipped.
fn line_puzzles(text: &str) -> Vec<Puzzle> {
    let rules = Rules::classic(9).unwrap();
    text.lines()
        .filter_map(|line| {
            let grid: String = if line.starts_with(':') {
                line.split(':')
                    .nth(3)?
                    .chars()
                    .filter(|&c| c != '+')
                    .collect()
            } else {
                line.chars().take(81).collect()
            };
            let is_grid = grid.len() == 81 && grid.bytes().all(|b| b == b'.' || b.is_ascii_digit());
            is_grid.then(|| parse_line(&grid, &rules).unwrap())
        })
        .collect()
}

/// Every `step`-th puzzle.
fn sample(puzzles: Vec<Puzzle>, step: usize) -> Vec<Puzzle> {
    puzzles.into_iter().step_by(step).collect()
}

/// What one run of a solver shows: count to 2, then up to 10 solutions in
/// the order found, with the search's guesses and nodes.
fn run(solver: &NineSolver) -> (u64, Vec<Vec<u8>>, u64, u64) {
    let count = solver.count(2);
    let mut grids = Vec::new();
    let stats = solver.search(
        &mut |g: &[u8]| {
            grids.push(g.to_vec());
            grids.len() < 10
        },
        &Default::default(),
    );
    (count, grids, stats.guesses, stats.nodes)
}

/// Both compilations agree on every puzzle of `puzzles` (named `file`).
fn agree(file: &str, puzzles: &[Puzzle]) {
    assert!(!puzzles.is_empty(), "{file}: no puzzles read");
    for (i, puzzle) in puzzles.iter().enumerate() {
        let fast = NineSolver::new(puzzle).unwrap();
        let portable = NineSolver::new(puzzle).unwrap().portable();
        assert!(!portable.uses_avx2());
        assert_eq!(run(&fast), run(&portable), "{file}, sampled puzzle {i}");
    }
}

/// Checks that AVX2 is used exactly when the CPU has it, and says so on
/// stderr where it is not.
fn assert_avx2_matches_the_cpu() {
    let empty = Puzzle::new(Rules::classic(9).unwrap(), vec![0; 81]).unwrap();
    let uses_avx2 = NineSolver::new(&empty).unwrap().uses_avx2();
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        uses_avx2,
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt"),
        "AVX2 is used exactly when the CPU has it"
    );
    if !uses_avx2 {
        eprintln!("no AVX2 on this CPU: both runs take the portable path");
    }
}

#[test]
fn avx2_and_portable_agree_on_every_fixture() {
    assert_avx2_matches_the_cpu();
    for file in [
        "tdoku_17_clue_every500.txt",
        "tdoku_serg_every50.txt",
        "tdoku_magictour_every15.txt",
        "tdoku_forum_hardest_sample.txt",
        "se_rated_hardest_sample.txt",
        "norvig_top95.txt",
        "norvig_hardest11.txt",
        "qqwing_simple_every25.sdm",
        "qqwing_easy_every25.sdm",
        "qqwing_intermediate_every25.sdm",
        "qqwing_expert_every25.sdm",
    ] {
        let puzzles = line_puzzles(&fdoku_testdata::read_fixture(file));
        eprintln!("{file}: {} puzzles", puzzles.len());
        agree(file, &puzzles);
    }
}

#[test]
fn avx2_and_portable_agree_on_a_sample_of_every_collection() {
    assert_avx2_matches_the_cpu();
    // (file, every how many-th puzzle): 300-1,000 of the large collections
    // (under a second in all), the small ones whole.
    for (file, step) in [
        ("tdoku_17_clue_49158.txt", 50),
        ("tdoku_serg_benchmark.txt", 10),
        ("tdoku_magictour_top1465.txt", 2),
        ("tdoku_forum_hardest_1106.txt", 1),
        ("se_rated_HardestDatabase110626.txt", 1),
        ("norvig_top95.txt", 1),
        ("norvig_hardest11.txt", 1),
        ("qqwing_labeled_simple.sdm", 2),
        ("qqwing_labeled_easy.sdm", 2),
        ("qqwing_labeled_intermediate.sdm", 2),
        ("qqwing_labeled_expert.sdm", 2),
        ("hodoku_exemplars-1.0.txt", 1),
        ("hodoku_reglib-1.4.txt", 1),
    ] {
        let Some(text) = fdoku_testdata::read_corpus(file) else {
            return;
        };
        let puzzles = sample(line_puzzles(&text), step);
        eprintln!("{file}: {} puzzles", puzzles.len());
        agree(file, &puzzles);
    }
    let euler: Vec<Puzzle> = read_puzzles(
        "euler96.txt",
        &fdoku_testdata::read_corpus("euler96.txt").unwrap(),
        Format::Auto,
        &PlainVariant::default(),
    )
    .into_iter()
    .map(|item| item.puzzle.unwrap())
    .collect();
    assert_eq!(euler.len(), 50);
    agree("euler96.txt", &euler);
}
