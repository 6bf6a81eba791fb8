//! Generated puzzles: unique by solvers other than the one that generated
//! them, minimal, symmetric, of the size and variant asked, and the same
//! for the same seed.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::generate::{Options, Symmetry, generate};
use fdoku_sudoku::solve::{Goal, SolveOptions, SolverChoice, Status, solve};
use fdoku_sudoku::{Puzzle, Rules, check_solution};

fn status(puzzle: &Puzzle, solver: SolverChoice) -> (Status, Option<Vec<u8>>) {
    let options = SolveOptions {
        solver,
        ..SolveOptions::default()
    };
    let report = solve(puzzle, Goal::Count(2), &options);
    (report.status, report.solution)
}

/// The generated puzzle is unique and minimal (for its symmetry's orbits),
/// by the general bitmask solver, and for 9×9 by the engine too.
fn assert_good(rules: &Rules, symmetry: Symmetry, seed: u64) -> Puzzle {
    let options = Options {
        symmetry,
        ..Options::default()
    };
    let made = generate(rules, &options, seed).unwrap();
    assert!(made.minimal, "{} seed {seed}", rules.variant_name());
    let puzzle = &made.puzzle;
    assert_eq!(puzzle.rules(), rules);
    assert!(check_solution(puzzle, &made.solution).is_ok());
    let (mask, solution) = status(puzzle, SolverChoice::Mask);
    assert_eq!(mask, Status::Unique, "{} seed {seed}", rules.variant_name());
    assert_eq!(solution.unwrap(), made.solution);
    if rules.size() == 9 {
        assert_eq!(status(puzzle, SolverChoice::Fd).0, Status::Unique);
    }
    let n = rules.size();
    assert!(symmetry.holds(puzzle.givens(), n), "{symmetry} seed {seed}");
    // Minimal: blanking any orbit of clues (a single clue without symmetry)
    // leaves two or more solutions.
    for orbit in symmetry.orbits(n) {
        if puzzle.givens()[orbit[0]] == 0 {
            continue;
        }
        let mut fewer = puzzle.givens().to_vec();
        for &cell in &orbit {
            fewer[cell] = 0;
        }
        let fewer = Puzzle::new(rules.clone(), fewer).unwrap();
        assert_eq!(
            status(&fewer, SolverChoice::Mask).0,
            Status::Multiple,
            "seed {seed}: orbit {orbit:?} could go"
        );
    }
    made.puzzle
}

#[test]
fn classic_puzzles_are_unique_minimal_and_symmetric() {
    let rules = Rules::classic(9).unwrap();
    for symmetry in Symmetry::ALL {
        for seed in 0..4 {
            assert_good(&rules, symmetry, seed);
        }
    }
}

#[test]
fn every_size_and_variant_generates() {
    let mut cases = vec![
        Rules::classic(4).unwrap(),
        Rules::classic(6).unwrap(),
        Rules::classic(8).unwrap(),
        Rules::classic(12).unwrap(),
        Rules::classic(9).unwrap().with_diagonals(),
        Rules::classic(9).unwrap().with_windoku().unwrap(),
        Rules::classic(9)
            .unwrap()
            .with_diagonals()
            .with_windoku()
            .unwrap(),
        Rules::classic(6).unwrap().with_diagonals(),
    ];
    let jigsaw: Vec<u8> = "AAABBB AACCBB ACCDDB ECDDFF EECDFF EEEDFF"
        .split(' ')
        .flat_map(|row| row.bytes().map(|b| b - b'A'))
        .collect();
    cases.push(Rules::jigsaw(6, jigsaw).unwrap());
    for rules in cases {
        for seed in 0..2 {
            assert_good(&rules, Symmetry::None, seed);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle_and_others_differ() {
    let rules = Rules::classic(9).unwrap();
    let options = Options::default();
    let a = generate(&rules, &options, 7).unwrap().puzzle;
    assert_eq!(generate(&rules, &options, 7).unwrap().puzzle, a);
    assert_ne!(generate(&rules, &options, 8).unwrap().puzzle, a);
}

#[test]
fn a_clue_target_stops_early_but_stays_unique() {
    let rules = Rules::classic(9).unwrap();
    let options = Options {
        clues: Some(35),
        ..Options::default()
    };
    for seed in 0..5 {
        let made = generate(&rules, &options, seed).unwrap();
        assert_eq!(made.puzzle.clue_count(), 35, "seed {seed}");
        assert!(!made.minimal, "stopped at 35 clues, not proven minimal");
        assert_eq!(status(&made.puzzle, SolverChoice::Mask).0, Status::Unique);
    }
}

#[test]
fn a_pattern_puts_the_clues_exactly_there() {
    use fdoku_sudoku::generate::{GenerateError, generate_on_pattern};
    let unlimited = fdoku_fd::Budget::unlimited();
    // The clue positions of a 25-clue puzzle.
    let layout =
        "..7...5.4....97..1...3..87..9..6.7..4..8.....6.8..1.5....243....35.1.......9.....";
    let pattern: Vec<bool> = layout.bytes().map(|b| b != b'.').collect();
    let rules = Rules::classic(9).unwrap();
    for seed in 0..2 {
        let made =
            generate_on_pattern(&rules, &pattern, 100_000, 10_000, seed, &unlimited).unwrap();
        let clues: Vec<bool> = made.puzzle.givens().iter().map(|&g| g != 0).collect();
        assert_eq!(clues, pattern);
        let (status, solution) = status(&made.puzzle, SolverChoice::Mask);
        assert_eq!(status, Status::Unique);
        assert_eq!(solution.unwrap(), made.solution);
    }
    assert!(matches!(
        generate_on_pattern(&rules, &pattern[..80], 10, 10_000, 0, &unlimited),
        Err(GenerateError::PatternSize {
            found: 80,
            expected: 81
        })
    ));
    // Four clues cannot make a unique 9×9.
    let sparse: Vec<bool> = (0..81).map(|c| c % 20 == 0).collect();
    assert_eq!(
        generate_on_pattern(&rules, &sparse, 20, 10_000, 0, &unlimited).unwrap_err(),
        GenerateError::Pattern { attempts: 20 }
    );
}

/// Every solution of an empty grid of `rules`, by the bitmask solver.
fn every_grid(rules: &Rules) -> Vec<Vec<u8>> {
    use fdoku_sudoku::solve::solve_with;
    let empty = Puzzle::new(rules.clone(), vec![0; rules.cells()]).unwrap();
    let mask = SolveOptions {
        solver: SolverChoice::Mask,
        ..SolveOptions::default()
    };
    let mut grids = Vec::new();
    solve_with(&empty, Goal::All(None), &mask, &mut |g| {
        grids.push(g.to_vec())
    });
    grids
}

/// The cages cover the grid once, within the size limit, with distinct
/// digits of the solution adding up to their sums.
fn assert_cages(puzzle: &Puzzle, solution: &[u8], max_cage: usize) {
    let cages = puzzle.rules().cages();
    let mut covered: Vec<usize> = cages.iter().flat_map(|c| c.cells.clone()).collect();
    covered.sort_unstable();
    assert_eq!(covered, (0..puzzle.rules().cells()).collect::<Vec<_>>());
    for cage in cages {
        assert!((1..=max_cage).contains(&cage.cells.len()));
        let mut digits: Vec<u8> = cage.cells.iter().map(|&c| solution[c]).collect();
        assert_eq!(
            Some(digits.iter().map(|&d| u32::from(d)).sum::<u32>()),
            cage.sum
        );
        digits.sort_unstable();
        digits.dedup();
        assert_eq!(digits.len(), cage.cells.len(), "no digit twice in a cage");
    }
}

#[test]
fn killer_puzzles_are_unique_by_filtering_every_grid() {
    use fdoku_sudoku::generate::{KillerOptions, generate_killer};
    let rules = Rules::classic(4).unwrap();
    let grids = every_grid(&rules);
    assert_eq!(grids.len(), 288);
    for seed in 0..6 {
        let options = KillerOptions::default();
        let made = generate_killer(&rules, &options, seed).unwrap();
        assert_cages(&made.puzzle, &made.solution, options.max_cage);
        // An independent count: the grids that keep the givens and meet every cage.
        let fits: Vec<&Vec<u8>> = grids
            .iter()
            .filter(|g| {
                made.puzzle
                    .givens()
                    .iter()
                    .zip(g.iter())
                    .all(|(&p, &v)| p == 0 || p == v)
                    && made.puzzle.rules().cages().iter().all(|c| {
                        Some(c.cells.iter().map(|&k| u32::from(g[k])).sum::<u32>()) == c.sum
                    })
            })
            .collect();
        assert_eq!(fits, vec![&made.solution], "seed {seed}");
    }
}

#[test]
fn a_nine_by_nine_killer_is_unique_for_another_search() {
    use fdoku_fd::{SearchConfig, Strength, VarOrder};
    use fdoku_sudoku::generate::{KillerOptions, generate_killer};
    let options = KillerOptions {
        max_cage: 3,
        ..KillerOptions::default()
    };
    let made = generate_killer(&Rules::classic(9).unwrap(), &options, 2).unwrap();
    assert_cages(&made.puzzle, &made.solution, 3);
    let other = SolveOptions {
        solver: SolverChoice::Fd,
        fd: SearchConfig {
            var_order: VarOrder::Input,
            alldiff: Some(Strength::Forward),
            ..SearchConfig::default()
        },
        ..SolveOptions::default()
    };
    let report = solve(&made.puzzle, Goal::Count(2), &other);
    assert_eq!(report.status, Status::Unique);
    assert_eq!(report.solution.unwrap(), made.solution);
}
