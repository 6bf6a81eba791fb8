//! The classic 9×9 path: per-digit band bitboards, band permutation
//! tables, and a small fixed-size state copied on branch.
//!
//! [`board`] holds the state and its inference (singles, locked candidates
//! through each band's and stack's permutation rule, triad counts); this
//! module searches: propagate, then branch on the layouts of a digit in a
//! band (or, once those are settled, on a cell), trying each option in
//! turn. A guess is an option tried while another remains; the last one
//! follows from refuting the others and is not counted.
//!
//! ```
//! use fdoku_sudoku::{Rules, check_solution};
//! use fdoku_sudoku::format::parse_line;
//! use fdoku_sudoku::solve::{NineSolver, Search};
//!
//! let p = parse_line("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     &Rules::classic(9).unwrap()).unwrap();
//! let solver = NineSolver::new(&p).unwrap();
//! let mut found = Vec::new();
//! solver.search(&mut |g: &[u8]| { found.push(g.to_vec()); true }, &Default::default());
//! assert_eq!(found.len(), 1);
//! assert!(check_solution(&p, &found[0]).is_ok());
//! ```

mod board;
mod tables;

use fdoku_fd::{Budget, StopReason};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::{Search, SearchStats};
use crate::puzzle::Puzzle;
use board::Board;

/// The 9×9 solver for a classic puzzle.
pub struct NineSolver<'p> {
    puzzle: &'p Puzzle,
}

impl<'p> NineSolver<'p> {
    /// The solver, or `None` unless the puzzle is a classic 9×9.
    pub fn new(puzzle: &'p Puzzle) -> Option<Self> {
        (puzzle.size() == 9 && puzzle.rules().is_classic()).then_some(NineSolver { puzzle })
    }

    /// Counts solutions up to `limit`, with nothing else on the way: the
    /// fastest answer to "is it unique?" (`count(2) == 1`).
    pub fn count(&self, limit: u64) -> u64 {
        Board::new(self.puzzle.givens()).map_or(0, |board| count(board, limit))
    }

    /// Whether the puzzle has a solution with something other than `digit`
    /// in `cell`. A generator that knows one solution asks this instead of
    /// counting: a second solution must differ in a cell it just blanked.
    pub fn solvable_without(&self, cell: usize, digit: u8) -> bool {
        solvable_without(self.puzzle.givens(), &[(cell, digit)])
    }
}

/// Whether bare givens (81 digits, 0 for empty) of a classic 9×9 puzzle
/// have a solution avoiding, for one of the `(cell, digit)` pairs, that
/// digit in that cell (see [`NineSolver::solvable_without`]).
pub fn solvable_without(givens: &[u8], avoid: &[(usize, u8)]) -> bool {
    let Ok(board) = Board::new(givens) else {
        return false;
    };
    avoid.iter().any(|&(cell, digit)| {
        let mut board = board;
        board.exclude(cell, digit);
        count(board, 1) == 1
    })
}

/// A random complete 9×9 grid, drawn from `seed`: the first solution of
/// the empty grid when every branch tries its options in a random order.
pub fn random_grid(seed: u64) -> [u8; 81] {
    let budget = Budget::default();
    let mut explorer = Explorer {
        sink: FirstGrid(None),
        budget: &budget,
        stats: SearchStats::default(),
        shuffle: Some(Xoshiro256PlusPlus::seed_from_u64(seed)),
    };
    if let Ok(board) = Board::new(&[0; 81]) {
        let _ = explorer.explore(board);
    }
    explorer
        .sink
        .0
        .unwrap_or_else(|| unreachable!("the empty grid has solutions"))
}

/// Solutions from `board`, up to `limit`.
fn count(board: Board, limit: u64) -> u64 {
    let budget = Budget::default();
    let mut explorer = Explorer {
        sink: Counter { found: 0, limit },
        budget: &budget,
        stats: SearchStats::default(),
        shuffle: None,
    };
    let _ = explorer.explore(board);
    explorer.sink.found
}

/// Where solutions go: `found` returns whether to keep searching.
trait Sink {
    fn found(&mut self, board: &Board) -> bool;
}

/// Counts solutions up to a limit.
struct Counter {
    found: u64,
    limit: u64,
}

impl Sink for Counter {
    fn found(&mut self, _: &Board) -> bool {
        self.found += 1;
        self.found < self.limit
    }
}

/// Keeps the first solution's grid, and stops.
struct FirstGrid(Option<[u8; 81]>);

impl Sink for FirstGrid {
    fn found(&mut self, board: &Board) -> bool {
        self.0 = Some(board.grid());
        false
    }
}

/// Hands each solution's grid to a callback.
struct Grids<'a>(&'a mut dyn FnMut(&[u8]) -> bool);

impl Sink for Grids<'_> {
    fn found(&mut self, board: &Board) -> bool {
        (self.0)(&board.grid())
    }
}

/// One search: the sink, the budget and the running costs.
struct Explorer<'a, S> {
    sink: S,
    budget: &'a Budget,
    stats: SearchStats,
    /// When set, each branch tries its options in a random order.
    shuffle: Option<Xoshiro256PlusPlus>,
}

impl<S: Sink> Explorer<'_, S> {
    /// The next option to try among `options` (bits): the lowest, or a
    /// random one when shuffling.
    fn next_option(&mut self, options: u32) -> usize {
        let Some(rng) = self.shuffle.as_mut() else {
            return options.trailing_zeros() as usize;
        };
        let mut rest = options;
        for _ in 0..rng.next_u64() % u64::from(options.count_ones()) {
            rest &= rest - 1;
        }
        rest.trailing_zeros() as usize
    }

    /// Explores `board`; `Err` stops the whole search (the callback had
    /// enough, or the budget ran out).
    fn explore(&mut self, mut board: Board) -> Result<(), Option<StopReason>> {
        self.stats.nodes += 1;
        if let Some(reason) = self.budget.exhausted(self.stats.nodes) {
            return Err(Some(reason));
        }
        if board.propagate().is_err() {
            return Ok(());
        }
        let Ok(branch) = board.branch() else {
            return Ok(());
        };
        let Some(branch) = branch else {
            return if self.sink.found(&board) {
                Ok(())
            } else {
                Err(None)
            };
        };
        let mut options = branch.options();
        while options != 0 {
            let option = self.next_option(options);
            options &= !(1 << option);
            if options == 0 {
                board.take(&branch, option);
                return self.explore(board);
            }
            self.stats.guesses += 1;
            let mut child = board;
            child.take(&branch, option);
            self.explore(child)?;
        }
        Ok(())
    }
}

impl Search for NineSolver<'_> {
    fn search(&self, on_solution: &mut dyn FnMut(&[u8]) -> bool, budget: &Budget) -> SearchStats {
        let started = std::time::Instant::now();
        let mut explorer = Explorer {
            sink: Grids(on_solution),
            budget,
            stats: SearchStats::default(),
            shuffle: None,
        };
        match Board::new(self.puzzle.givens()) {
            Ok(board) => {
                if let Err(Some(reason)) = explorer.explore(board) {
                    explorer.stats.stopped = Some(reason);
                }
            }
            Err(_) => explorer.stats.nodes = 1,
        }
        let mut stats = explorer.stats;
        stats.micros = started.elapsed().as_micros() as u64;
        stats
    }
}
