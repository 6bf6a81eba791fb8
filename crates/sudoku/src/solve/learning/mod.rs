//! The clause-learning solver: the default for grids of 16×16 and larger.
//!
//! It takes the puzzles the bitmask solver takes (the same tables of
//! houses, peers, neighbours and related pairs) and searches them as a
//! satisfiability problem over "cell c holds digit d" ([`core`]): every
//! conflict is analysed into a clause that the rest of the search keeps,
//! and the search restarts on a schedule, keeping what it learnt.
//!
//! On large grids near the density where puzzles turn from many solutions
//! to none, a depth-first search without learning meets the same dead end
//! under many branches and, having branched badly near the root, may not
//! come back in minutes; learning refutes the dead end once. Counting goes
//! on after each solution with a clause that cuts that solution off.
//!
//! ```
//! use fdoku_sudoku::{Puzzle, Rules};
//! use fdoku_sudoku::solve::{LearningSolver, Search};
//!
//! let p = Puzzle::new(Rules::classic(16).unwrap(), vec![0; 256]).unwrap();
//! let mut found = 0;
//! LearningSolver::new(&p).unwrap().search(&mut |grid: &[u8]| {
//!     assert!(grid.iter().all(|&d| (1..=16).contains(&d)));
//!     found += 1;
//!     found < 2 // stop after two
//! }, &Default::default());
//! assert_eq!(found, 2);
//! ```

mod core;
mod heap;

use std::rc::Rc;

use fdoku_fd::Budget;

use self::core::{Core, Lit, Outcome, Var, negative, positive};
use super::mask::Tables;
use super::{Search, SearchStats};
use crate::puzzle::Puzzle;

/// The smallest grid the automatic choice gives to this solver (smaller
/// grids are solved faster by the bitmask solver's plain search).
pub(crate) const LEARNING_FROM_SIZE: usize = 16;

/// The clause-learning solver for one puzzle.
pub struct LearningSolver<'p> {
    puzzle: &'p Puzzle,
    tables: Rc<Tables>,
}

impl<'p> LearningSolver<'p> {
    /// The solver, or `None` for rules it does not handle: those the
    /// bitmask solver refuses (killer cages with sums, elements over more
    /// than two cells).
    pub fn new(puzzle: &'p Puzzle) -> Option<Self> {
        Some(LearningSolver {
            puzzle,
            tables: Tables::for_rules(puzzle.rules())?,
        })
    }

    /// Whether the puzzle has a solution that differs from the given
    /// `(cell, digit)` pairs in at least one of their cells, within
    /// `budget` (`None` when the budget ran out first). With one pair:
    /// whether something other than `digit` can go in `cell`. The
    /// generator asks this after blanking cells of a unique puzzle.
    pub fn solvable_avoiding(&self, avoid: &[(usize, u8)], budget: &Budget) -> Option<bool> {
        let n = self.puzzle.size();
        let Some(mut core) = self.start() else {
            return Some(false);
        };
        let differs: Vec<Lit> = avoid
            .iter()
            .map(|&(cell, digit)| negative(var(cell, n, usize::from(digit) - 1)))
            .collect();
        if !core.add_clause(&differs, false) {
            return Some(false);
        }
        let mut found = false;
        let outcome = core.run(
            &mut |_| {
                found = true;
                false
            },
            &|_| Vec::new(),
            budget,
        );
        match outcome {
            Outcome::Stopped(_) if !found => None,
            _ => Some(found),
        }
    }

    /// The puzzle's facts and clauses, propagated; `None` when they
    /// already contradict each other.
    fn start(&self) -> Option<Core<'_>> {
        let n = self.puzzle.size();
        let cells = n * n;
        let tables = &*self.tables;
        let mut core = Core::new(tables, n);
        let givens = self.puzzle.givens();
        let marks = self.puzzle.candidates();
        for cell in 0..cells {
            let mut allowed = tables.start[cell];
            if let Some(marks) = marks
                && givens[cell] == 0
            {
                allowed &= marks[cell];
            }
            for d in 0..n {
                if allowed & 1 << d == 0 && !core.fact(negative(var(cell, n, d))) {
                    return None;
                }
            }
            if givens[cell] != 0
                && !core.fact(positive(var(cell, n, usize::from(givens[cell]) - 1)))
            {
                return None;
            }
        }
        for cell in 0..cells {
            let some_digit: Vec<Lit> = (0..n).map(|d| positive(var(cell, n, d))).collect();
            if !core.add_clause(&some_digit, false) {
                return None;
            }
        }
        for house in &tables.houses {
            for d in 0..n {
                let some_cell: Vec<Lit> = house.iter().map(|&c| positive(var(c, n, d))).collect();
                if !core.add_clause(&some_cell, false) {
                    return None;
                }
            }
        }
        if !core.settle() {
            return None;
        }
        // Fewest candidates first until conflicts say otherwise.
        let open: Vec<u32> = (0..cells)
            .map(|c| (0..n).filter(|&d| !core.is_fixed(var(c, n, d))).count() as u32)
            .collect();
        core.seed_order(|v| 1.0 / f64::from(open[v as usize / n].max(1)));
        Some(core)
    }
}

fn var(cell: usize, n: usize, d: usize) -> Var {
    (cell * n + d) as Var
}

impl Search for LearningSolver<'_> {
    fn search(&self, on_solution: &mut dyn FnMut(&[u8]) -> bool, budget: &Budget) -> SearchStats {
        let started = std::time::Instant::now();
        let mut stats = SearchStats::default();
        let n = self.puzzle.size();
        let cells = n * n;
        match self.start() {
            Some(mut core) => {
                let mut grid = vec![0u8; cells];
                let outcome = core.run(
                    &mut |core| {
                        for (cell, value) in grid.iter_mut().enumerate() {
                            let d = (0..n).find(|&d| core.is_true(var(cell, n, d)));
                            *value = d.map_or(0, |d| d as u8 + 1);
                        }
                        on_solution(&grid)
                    },
                    // Another solution differs in some cell the facts leave open.
                    &|core| {
                        (0..cells)
                            .filter_map(|cell| {
                                let d = (0..n).find(|&d| core.is_true(var(cell, n, d)))?;
                                let v = var(cell, n, d);
                                (!core.is_fixed(v)).then_some(negative(v))
                            })
                            .collect()
                    },
                    budget,
                );
                stats.guesses = core.decisions;
                stats.nodes = core.decisions + 1;
                if let Outcome::Stopped(reason) = outcome {
                    stats.stopped = Some(reason);
                }
            }
            None => stats.nodes = 1,
        }
        stats.micros = started.elapsed().as_micros() as u64;
        stats
    }
}
