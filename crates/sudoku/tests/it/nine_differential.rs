//! The classic 9×9 path against the general bitmask solver and the engine
//! on random grids: valid puzzles with one, several or astronomically many
//! solutions, and invalid ones (a few random givens added: clashes, or
//! consistent but unsolvable). Same status, same solutions; and the 9×9
//! path's portable compilation finds what its AVX2 one does.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::solve::{
    Goal, NineSolver, Search, SolveOptions, SolverChoice, Status, solve, solve_with,
};
use fdoku_sudoku::{Puzzle, Rules, check_solution};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

/// A valid solution grid to disguise.
const GRID: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// A relabelled, shuffled, maybe transposed copy of [`GRID`]: still a valid
/// grid, and a different one for every choice.
fn disguised(labels: &[u8], bands: &[usize], rows: &[Vec<usize>], transpose: bool) -> Vec<u8> {
    let grid: Vec<u8> = GRID.bytes().map(|b| b - b'0').collect();
    let mut out = vec![0; 81];
    for r in 0..9 {
        let source_row = bands[r / 3] * 3 + rows[r / 3][r % 3];
        for c in 0..9 {
            let (rr, cc) = if transpose { (c, r) } else { (r, c) };
            out[rr * 9 + cc] = labels[usize::from(grid[source_row * 9 + c]) - 1];
        }
    }
    out
}

fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

/// A puzzle: clues kept from a disguised grid with probability `density`,
/// then `noise` random givens written over it.
fn puzzle() -> impl Strategy<Value = Vec<u8>> {
    (
        permutation(9),
        permutation(3),
        proptest::collection::vec(permutation(3), 3),
        any::<bool>(),
        0.0..0.8f64,
        proptest::collection::vec(any::<u64>(), 81),
        prop_oneof![
            2 => Just(Vec::new()),
            1 => proptest::collection::vec((0..81usize, 1..=9u8), 1..3),
        ],
    )
        .prop_map(|(labels, bands, rows, transpose, density, coins, noise)| {
            let labels: Vec<u8> = labels.iter().map(|&l| l as u8 + 1).collect();
            let grid = disguised(&labels, &bands, &rows, transpose);
            let mut givens: Vec<u8> = grid
                .iter()
                .zip(&coins)
                .map(|(&g, &coin)| {
                    if (coin as f64 / u64::MAX as f64) < density {
                        g
                    } else {
                        0
                    }
                })
                .collect();
            for (cell, digit) in noise {
                givens[cell] = digit;
            }
            givens
        })
}

fn options(solver: SolverChoice) -> SolveOptions {
    SolveOptions {
        solver,
        ..SolveOptions::default()
    }
}

/// Up to `limit` solutions, sorted, each checked.
fn solutions(puzzle: &Puzzle, solver: SolverChoice, limit: u64) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    solve_with(puzzle, Goal::All(Some(limit)), &options(solver), &mut |g| {
        assert!(check_solution(puzzle, g).is_ok());
        out.push(g.to_vec());
    });
    out.sort();
    out
}

proptest! {
    #![proptest_config(Config {
        cases: 300,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/nine_differential.txt",
        ))),
        ..Config::default()
    })]

    #[test]
    fn the_nine_path_agrees_with_the_other_solvers(givens in puzzle()) {
        let puzzle = Puzzle::new(Rules::classic(9).unwrap(), givens).unwrap();
        let nine = solve(&puzzle, Goal::Count(2), &options(SolverChoice::Auto));
        let mask = solve(&puzzle, Goal::Count(2), &options(SolverChoice::Mask));
        prop_assert_eq!(nine.status, mask.status);
        if nine.status == Status::Unique {
            prop_assert_eq!(&nine.solution, &mask.solution);
        }
        if let Some(solution) = &nine.solution {
            prop_assert!(check_solution(&puzzle, solution).is_ok());
        }
        // Few solutions: the very same set. Many: both reach the limit.
        let ours = solutions(&puzzle, SolverChoice::Auto, 30);
        let theirs = solutions(&puzzle, SolverChoice::Mask, 30);
        prop_assert_eq!(ours.len(), theirs.len());
        if ours.len() < 30 {
            prop_assert_eq!(ours, theirs);
        }
        // The portable compilation of the 9×9 path (the AVX2 one runs
        // above where the CPU has it): the same solutions, in the same
        // order, with the same guesses.
        let run = |solver: NineSolver| {
            let mut grids = Vec::new();
            let stats = solver.search(&mut |g: &[u8]| {
                grids.push(g.to_vec());
                grids.len() < 30
            }, &Default::default());
            (solver.count(2), grids, stats.guesses, stats.nodes)
        };
        prop_assert_eq!(
            run(NineSolver::new(&puzzle).unwrap()),
            run(NineSolver::new(&puzzle).unwrap().portable())
        );
        // The engine, where the search is small enough to be quick.
        if puzzle.givens().iter().filter(|&&g| g != 0).count() >= 25 {
            let fd = solve(&puzzle, Goal::Count(2), &options(SolverChoice::Fd));
            prop_assert_eq!(fd.status, nine.status);
        }
    }
}

#[test]
fn an_empty_grid_has_more_than_a_thousand_solutions_and_all_are_distinct() {
    let empty = Puzzle::new(Rules::classic(9).unwrap(), vec![0; 81]).unwrap();
    let grids = solutions(&empty, SolverChoice::Auto, 1000);
    assert_eq!(grids.len(), 1000);
    assert!(grids.windows(2).all(|w| w[0] != w[1]));
}
