//! Soundness of every technique finder: on puzzles with known unique
//! solutions, no step any finder reports — at any point of the solving path
//! — removes a solution digit or places a wrong one. And the logic solver
//! completes the easier labelled sets without guessing.
//!
//! Every run takes a sample (the fixtures and a few inlined puzzles)
//! through every finder at every state; `FDOKU_DATA=… cargo test --release
//! -p fdoku-logic --test it logic_soundness -- --ignored` checks every step
//! of both solving paths on 10,000+ puzzles of the full collections.
#![allow(clippy::unwrap_used)]

use fdoku_logic::{Grid, PathOptions, Step, Technique, explainer_order, hodoku_order, solve_path};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};
use fdoku_sudoku::{Cage, Puzzle, Rules, format::parse_line};

/// The 81-character lines of `text`, trimmed.
fn grids(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.trim().to_owned())
        .filter(|l| l.len() == 81)
        .collect()
}

/// The puzzles of the committed fixture `name`.
fn fixture(name: &str) -> Vec<String> {
    grids(&fdoku_testdata::read_fixture(name))
}

/// Six tdoku magictour puzzles, one every 244 lines from line 1 of
/// `tdoku_magictour_top1465.txt` (see tests/data/README.md).
const MAGICTOUR_SPREAD: [&str; 6] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    ".5.4.....8.3..1...9..5...8...6.3..9..9.65.........2..3.2.1..7..6.....8.5....4.2..",
    ".2.5.9.4...5.....19.4.6.3.....695.....6..8...4.......2.3.7...1.....3...67.8......",
    "..3.8.5.......9.7......12..2..7......8..5.16....1..84..4.8.5...6......3.7...3....",
    "4.....8.5.3..........7......2.....6.....5.4......1.......6.3.7.5..2.....1.8......",
];

/// Six 17-clue puzzles, one every 8,193 lines from line 1 of
/// `tdoku_17_clue_49158.txt`.
const SEVENTEEN_CLUE_SPREAD: [&str; 6] = [
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "................12..3.45.................63.417.2........1...7..8.......3.4...6..",
    "................12..3.45..6.....7......2.1.....6...8......9.43..1.......5...8....",
    "..............1..2.34.....5....3........6..7.2.....81....5......6......31....82..",
    "........1........2..3..4........345..1..6.....7..........18.7....5...3..6...2....",
    "........1.......23..4..5........46...7..81...13...........7.......23......9...5..",
];

/// Puzzle and its unique solution.
fn known(line: &str) -> (Puzzle, Vec<u8>) {
    let puzzle = parse_line(line, &Rules::classic(9).unwrap()).unwrap();
    let report = solve(&puzzle, Goal::Count(2), &SolveOptions::default());
    assert_eq!(report.status, Status::Unique, "{line}");
    (puzzle, report.solution.unwrap())
}

fn check(step: &Step, solution: &[u8], grid: &Grid, line: &str) {
    for e in &step.eliminations {
        assert_ne!(solution[e.cell], e.digit, "{line}: {}", step.text(grid));
    }
    for p in &step.placements {
        assert_eq!(solution[p.cell], p.digit, "{line}: {}", step.text(grid));
    }
}

/// Sudoku Explainer's chaining producers: each search assumes every
/// candidate, so at test speed they are asked at every eighth state only,
/// and the nested levels (each assumption running chains of its own) only
/// along SE's path (`sound_paths`, `se_chaining.rs`).
fn asked_here(technique: Technique, state: usize) -> bool {
    use Technique::*;
    match technique {
        ForcingChainsAndCycles
        | NishioForcingChains
        | MultipleForcingChains
        | DynamicForcingChains => state.is_multiple_of(8),
        DynamicForcingChainsPlus
        | NestedForcingChains
        | NestedMultipleForcingChains
        | NestedDynamicForcingChains
        | NestedDynamicForcingChainsPlus => false,
        _ => true,
    }
}

/// Walks the path; at every state asks every implemented technique for all
/// its steps and checks each against the solution.
fn sound_everywhere(line: &str) {
    let (puzzle, solution) = known(line);
    let options = PathOptions {
        unique: true,
        solution: Some(solution.clone()),
        ..PathOptions::default()
    };
    let path = solve_path(&puzzle, &options);
    assert!(path.solved, "{line}");
    let mut grid = Grid::new(&puzzle);
    for (state, taken) in path.steps.iter().enumerate() {
        for &technique in Technique::ALL {
            let asked = technique.is_implemented() && technique != Technique::Backtracking;
            if asked && asked_here(technique, state) {
                for step in technique.find_all(&grid) {
                    check(&step, &solution, &grid, line);
                }
            }
        }
        check(taken, &solution, &grid, line);
        grid.apply(taken);
    }
    assert_eq!(grid.values(), &solution[..]);
}

/// `count` lines spread evenly over `lines`, from the first.
fn sample(lines: Vec<String>, count: usize) -> Vec<String> {
    let stride = (lines.len() / count).max(1);
    lines.into_iter().step_by(stride).take(count).collect()
}

#[test]
fn every_finder_is_sound_on_a_sample() {
    for line in MAGICTOUR_SPREAD.iter().chain(&SEVENTEEN_CLUE_SPREAD) {
        sound_everywhere(line);
    }
    // QQWing expert lines 1, 251, 501, 751; the forum's first.
    for (name, count) in [
        ("qqwing_expert_every25.sdm", 4),
        ("tdoku_forum_hardest_sample.txt", 1),
    ] {
        for line in sample(fixture(name), count) {
            sound_everywhere(&line);
        }
    }
}

/// Walks HoDoKu's and Sudoku Explainer's paths and checks every step taken.
fn sound_paths(line: &str) {
    let (puzzle, solution) = known(line);
    for techniques in [hodoku_order(), explainer_order()] {
        let options = PathOptions {
            techniques,
            unique: true,
            solution: Some(solution.clone()),
            ..PathOptions::default()
        };
        let path = solve_path(&puzzle, &options);
        let mut grid = Grid::new(&puzzle);
        for step in &path.steps {
            check(step, &solution, &grid, line);
            grid.apply(step);
        }
        assert_eq!(grid.values(), &solution[..], "{line}");
    }
}

#[test]
#[ignore = "10,000+ puzzles along both solving paths (about 10 minutes in release)"]
fn every_path_step_is_sound_on_ten_thousand_puzzles() {
    let corpus = |name: &str| fdoku_testdata::read_corpus(name).map(|text| grids(&text));
    let Some(mut lines) = corpus("tdoku_magictour_top1465.txt") else {
        return;
    };
    lines.extend(sample(corpus("tdoku_17_clue_49158.txt").unwrap(), 6000));
    for level in ["simple", "easy", "intermediate", "expert"] {
        lines.extend(corpus(&format!("qqwing_labeled_{level}.sdm")).unwrap());
    }
    assert!(lines.len() >= 10_000);
    for line in &lines {
        sound_paths(line);
    }
}

#[test]
fn killer_paths_are_sound_and_cage_sums_do_work() {
    use fdoku_sudoku::generate::{KillerOptions, generate_killer};
    let mut guesses = [0, 0];
    for seed in 1..=3 {
        let made =
            generate_killer(&Rules::classic(9).unwrap(), &KillerOptions::default(), seed).unwrap();
        // The same cages without their sums: only their cells differ.
        let unsummed =
            made.puzzle
                .rules()
                .cages()
                .iter()
                .fold(Rules::classic(9).unwrap(), |rules, cage| {
                    let cells = cage.cells.clone();
                    rules.with_cage(Cage { cells, sum: None }).unwrap()
                });
        let without = Puzzle::new(unsummed, made.puzzle.givens().to_vec()).unwrap();
        for (slot, puzzle) in [&without, &made.puzzle].into_iter().enumerate() {
            let options = PathOptions {
                techniques: hodoku_order(),
                unique: true,
                solution: Some(made.solution.clone()),
                ..PathOptions::default()
            };
            let path = solve_path(puzzle, &options);
            let mut grid = Grid::new(puzzle);
            for step in &path.steps {
                check(step, &made.solution, &grid, "killer");
                grid.apply(step);
                guesses[slot] += usize::from(step.technique == Technique::Backtracking);
            }
            assert_eq!(grid.values(), &made.solution[..]);
        }
    }
    // Killer puzzles have almost no givens: without their sums the logic
    // must guess (134 backtracking steps over the three); with them it
    // never does.
    assert_eq!(
        guesses,
        [134, 0],
        "backtracking steps without and with cage sums"
    );
}

/// Whether the path solves `line` without a backtracking step.
fn solves_without_guessing(line: &str) -> bool {
    let (puzzle, solution) = known(line);
    let options = PathOptions {
        unique: true,
        solution: Some(solution),
        ..PathOptions::default()
    };
    let path = solve_path(&puzzle, &options);
    path.solved
        && path
            .steps
            .iter()
            .all(|s| s.technique != Technique::Backtracking)
}

#[test]
fn simple_and_easy_qqwing_puzzles_need_no_guess() {
    // Every 25th line of each file: all of its fixture.
    for level in ["simple", "easy", "intermediate"] {
        for line in fixture(&format!("qqwing_{level}_every25.sdm")) {
            assert!(solves_without_guessing(&line), "{level}: {line}");
        }
    }
}
