//! Generating a multigrid puzzle: a random solution, then clues taken away
//! while the solution stays unique.
//!
//! The engine, trying values in an order drawn from the seed, fills the
//! empty multigrid; then the cells are taken in pairs symmetric about the
//! canvas's centre (a cell alone where its mirror is no cell), in an order
//! drawn from the seed, and each pair is blanked and kept blank when the
//! puzzle still has one solution. The same grid and seed give the same
//! puzzle on every machine and thread count.

use fdoku_fd::{Budget, SearchConfig, ValOrder};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use super::solve::engine;
use super::{Multigrid, MultigridPuzzle};
use crate::generate::GenerateError;
use crate::generate::random::shuffle;
use crate::solve::{Goal, Status, search_for};

/// A generated multigrid puzzle.
#[derive(Clone, Debug)]
pub struct MultigridGenerated {
    /// The puzzle: exactly one solution.
    pub puzzle: MultigridPuzzle,
    /// Its solution.
    pub solution: Vec<u8>,
    /// Uniqueness checks it took.
    pub checks: u32,
    /// Whether every clue is proven needed (no check ran out of nodes).
    pub minimal: bool,
}

/// A puzzle on `grid` with exactly one solution, drawn from `seed`. Each
/// search (the solution, each uniqueness check) may take `node_limit`
/// nodes; `budget`'s deadline and cancel flag stop the whole.
///
/// ```
/// use fdoku_sudoku::multigrid::{Multigrid, generate_multigrid, solve_multigrid};
/// use fdoku_sudoku::solve::{Goal, Status};
///
/// let grid = Multigrid::named("butterfly", 4).unwrap();
/// let made = generate_multigrid(&grid, 7, 100_000, &Default::default()).unwrap();
/// let report = solve_multigrid(&made.puzzle, Goal::Count(2), &Default::default());
/// assert_eq!(report.status, Status::Unique);
/// assert_eq!(report.solution.unwrap(), made.solution);
/// ```
pub fn generate_multigrid(
    grid: &Multigrid,
    seed: u64,
    node_limit: u64,
    budget: &Budget,
) -> Result<MultigridGenerated, GenerateError> {
    let search_budget = budget.clone().with_node_limit(node_limit);
    let fill = SearchConfig {
        val_order: ValOrder::Random,
        seed,
        ..SearchConfig::default()
    };
    let empty = MultigridPuzzle::empty(grid.clone());
    let found = search_for(
        &engine(&empty, fill),
        Goal::First,
        &search_budget,
        &mut |_| {},
    );
    let Some(solution) = found.solution else {
        return Err(match budget.out_of_time() {
            Some(reason) => GenerateError::Stopped(reason),
            None => GenerateError::NoGrid {
                variant: grid.name().unwrap_or("multigrid").to_owned(),
                size: grid.size(),
                nodes: node_limit,
            },
        });
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut orbits = mirrored_pairs(grid);
    shuffle(&mut rng, &mut orbits);
    let mut givens = solution.clone();
    let mut checks = 0;
    let mut minimal = true;
    for orbit in orbits {
        if let Some(reason) = budget.out_of_time() {
            return Err(GenerateError::Stopped(reason));
        }
        for &cell in &orbit {
            givens[cell] = 0;
        }
        checks += 1;
        let trial = MultigridPuzzle::new(grid.clone(), givens.clone())
            .unwrap_or_else(|_| unreachable!("givens taken from a solution of this grid"));
        let report = search_for(
            &engine(&trial, SearchConfig::default()),
            Goal::Count(2),
            &search_budget,
            &mut |_| {},
        );
        if report.status != Status::Unique {
            minimal &= report.stats.stopped.is_none();
            for &cell in &orbit {
                givens[cell] = solution[cell];
            }
        }
    }
    let puzzle = MultigridPuzzle::new(grid.clone(), givens)
        .unwrap_or_else(|_| unreachable!("givens taken from a solution of this grid"));
    Ok(MultigridGenerated {
        puzzle,
        solution,
        checks,
        minimal,
    })
}

/// The cells in pairs symmetric about the canvas's centre, in reading
/// order of their first cell; a cell whose mirror is no cell (or itself)
/// stands alone.
fn mirrored_pairs(grid: &Multigrid) -> Vec<Vec<usize>> {
    (0..grid.cell_count())
        .filter_map(|cell| {
            let (r, c) = grid.position(cell);
            match grid.cell_at(grid.height() - 1 - r, grid.width() - 1 - c) {
                Some(mirror) if mirror > cell => Some(vec![cell, mirror]),
                Some(mirror) if mirror < cell => None,
                _ => Some(vec![cell]),
            }
        })
        .collect()
}
