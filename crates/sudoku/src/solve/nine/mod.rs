//! The classic 9×9 path: per-digit band bitboards, band permutation
//! tables, and a small fixed-size state copied on branch.
//!
//! [`board`] holds the state and its inference (singles, locked candidates
//! through each band's and stack's permutation rule, triad counts); this
//! module searches: propagate, then branch on the layouts of a digit in a
//! band (or, once those are settled, on a cell), trying each option in
//! turn. A guess is an option tried while another remains; the last one
//! follows from refuting the others and is not counted. The first descent
//! is light (no column triad rule, no stack pass below the root) until a
//! choice fails, see [`Explorer`].
//!
//! The search runs on AVX2 where the CPU has it, detected at run time at
//! each entry point ([`simd`]); [`NineSolver::portable`] forces the plain
//! Rust path, which gives the same answers and the same guesses.
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
mod givens;
mod simd;
mod stack_rule;
mod tables;

use fdoku_fd::{Budget, StopReason};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::{Search, SearchStats};
use crate::puzzle::Puzzle;
use board::{Board, Dead, Effort, Step};
use simd::{Avx2, Portable, Simd};

/// The 9×9 solver for a classic puzzle.
pub struct NineSolver<'p> {
    puzzle: &'p Puzzle,
    /// Set when the search runs on AVX2.
    avx2: Option<Avx2>,
}

impl<'p> NineSolver<'p> {
    /// The solver, or `None` unless the puzzle is a classic 9×9. It runs on
    /// AVX2 when the CPU has it.
    pub fn new(puzzle: &'p Puzzle) -> Option<Self> {
        let plain = puzzle.rules().is_classic() && puzzle.candidates().is_none();
        (puzzle.size() == 9 && plain).then(|| NineSolver {
            puzzle,
            avx2: Avx2::detect(),
        })
    }

    /// The same solver on the portable path, whatever the CPU: the code
    /// that runs where AVX2 is missing (for tests against the AVX2 path).
    pub fn portable(self) -> Self {
        NineSolver { avx2: None, ..self }
    }

    /// Whether the search runs on AVX2.
    pub fn uses_avx2(&self) -> bool {
        self.avx2.is_some()
    }

    /// Counts solutions up to `limit`, with nothing else on the way: the
    /// fastest answer to "is it unique?" (`count(2) == 1`).
    pub fn count(&self, limit: u64) -> u64 {
        Board::new(self.puzzle.givens(), self.avx2)
            .map_or(0, |board| count(board, limit, self.avx2))
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
    let avx2 = Avx2::detect();
    let Ok(board) = Board::new(givens, avx2) else {
        return false;
    };
    avoid.iter().any(|&(cell, digit)| {
        let mut board = board;
        board.exclude(cell, digit);
        count(board, 1, avx2) == 1
    })
}

/// A random complete 9×9 grid, drawn from `seed`: the first solution of
/// the empty grid when every branch tries its options in a random order.
pub fn random_grid(seed: u64) -> [u8; 81] {
    let budget = Budget::default();
    let shuffle = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut explorer = Explorer::new(FirstGrid(None), &budget, Some(shuffle));
    let avx2 = Avx2::detect();
    if let Ok(board) = Board::new(&[0; 81], avx2) {
        let _ = explorer.start(board, avx2);
    }
    explorer
        .sink
        .0
        .unwrap_or_else(|| unreachable!("the empty grid has solutions"))
}

/// Solutions from `board`, up to `limit` (on AVX2 when given it).
fn count(board: Board, limit: u64, avx2: Option<Avx2>) -> u64 {
    let budget = Budget::default();
    let mut explorer = Explorer::new(Counter { found: 0, limit }, &budget, None);
    let _ = explorer.start(board, avx2);
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

/// Why a search stopped before exploring everything.
enum Stop {
    /// The sink had enough solutions.
    Enough,
    /// The budget ran out.
    Budget(StopReason),
    /// A search begun with light effort ran long without a solution:
    /// start over with full effort.
    Restart,
}

/// One search: the sink, the budget and the running costs.
///
/// It starts with [`Effort::Light`]: a first descent without the column
/// triad rule and the stack pass below the root, the fastest way down to a
/// solution when nothing needs refuting (puzzles with many solutions). The
/// first failed choice switches to [`Effort::Full`] for good. Choices made on light inference
/// could leave an unsatisfiable board that takes long to refute (without
/// the triad rule too, a few nearly empty grids took millions of nodes): a
/// search that reaches [`RESTART_AFTER`] nodes without a solution starts
/// over from the root with full effort.
struct Explorer<'a, S> {
    sink: S,
    budget: &'a Budget,
    stats: SearchStats,
    /// When set, each branch tries its options in a random order.
    shuffle: Option<Xoshiro256PlusPlus>,
    effort: Effort,
    /// Whether the sink has had a solution.
    found: bool,
    /// The node count at which to start over (see [`RESTART_AFTER`]).
    restart_at: u64,
    /// The node count at which to ask the budget, and whether to start
    /// over, next: one compare a node instead of both questions.
    check_at: u64,
}

/// Nodes after which a search begun with light effort starts over with
/// full effort if it has no solution yet: more than any puzzle of the four
/// benchmark sets needs (1,062 at most), far less than a bad light descent
/// can cost.
const RESTART_AFTER: u64 = 2_000;

impl<'a, S: Sink> Explorer<'a, S> {
    fn new(sink: S, budget: &'a Budget, shuffle: Option<Xoshiro256PlusPlus>) -> Self {
        Explorer {
            sink,
            budget,
            stats: SearchStats::default(),
            // Set by `start` from the board.
            effort: Effort::Full,
            shuffle,
            found: false,
            restart_at: RESTART_AFTER,
            check_at: 1,
        }
    }

    /// At [`Explorer::check_at`]: stops when the budget is spent, or for a
    /// restart; else sets the next check.
    fn check(&mut self) -> Result<(), Stop> {
        let nodes = self.stats.nodes;
        if let Some(reason) = self.budget.exhausted(nodes) {
            return Err(Stop::Budget(reason));
        }
        if nodes == self.restart_at && !self.found {
            return Err(Stop::Restart);
        }
        self.check_at = self.budget.next_check(nodes);
        if self.restart_at > nodes {
            self.check_at = self.check_at.min(self.restart_at);
        }
        Ok(())
    }

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

    /// Explores from `board` on AVX2 when given it, else on the portable
    /// path, starting over once with full effort if the search runs long
    /// without a solution; `Err` stops the whole search (the callback had
    /// enough, or the budget ran out).
    fn start(&mut self, board: Board, avx2: Option<Avx2>) -> Result<(), Stop> {
        // A random descent from the empty grid meets failures the light
        // effort would not see coming.
        self.effort = if self.shuffle.is_some() {
            Effort::Full
        } else {
            board.light_effort()
        };
        match self.run(board, avx2) {
            Err(Stop::Restart) => {
                self.effort = Effort::Full;
                self.restart_at = u64::MAX;
                self.check_at = self.stats.nodes + 1;
                self.run(board, avx2)
            }
            done => done,
        }
    }

    fn run(&mut self, mut board: Board, avx2: Option<Avx2>) -> Result<(), Stop> {
        match avx2 {
            Some(avx2) => avx2.run(|| self.explore(avx2, &mut board)),
            None => Portable.run(|| self.explore(Portable, &mut board)),
        }
    }

    /// [`Explorer::start`] for one instruction set: each recursion goes
    /// through [`Simd::run`], so each call is compiled for `simd`.
    #[inline(always)]
    fn explore(&mut self, simd: impl Simd, board: &mut Board) -> Result<(), Stop> {
        self.stats.nodes += 1;
        if self.stats.nodes >= self.check_at {
            self.check()?;
        }
        let branch = loop {
            let step = board
                .propagate(simd, self.effort)
                .and_then(|()| board.branch(simd, self.effort));
            match step {
                Err(Dead) => {
                    self.effort = Effort::Full;
                    return Ok(());
                }
                Ok(Step::Again) => {}
                Ok(Step::Split(branch)) => break branch,
                Ok(Step::Solved) => {
                    self.found = true;
                    return if self.sink.found(board) {
                        Ok(())
                    } else {
                        Err(Stop::Enough)
                    };
                }
            }
        };
        let mut options = branch.options();
        while options != 0 {
            let option = self.next_option(options);
            options &= !(1 << option);
            if options == 0 {
                board.take(simd, &branch, option);
                return simd.run(|| self.explore(simd, board));
            }
            self.stats.guesses += 1;
            let mut child = *board;
            child.take(simd, &branch, option);
            simd.run(|| self.explore(simd, &mut child))?;
        }
        Ok(())
    }
}

impl Search for NineSolver<'_> {
    fn search(&self, on_solution: &mut dyn FnMut(&[u8]) -> bool, budget: &Budget) -> SearchStats {
        let started = std::time::Instant::now();
        let mut explorer = Explorer::new(Grids(on_solution), budget, None);
        match Board::new(self.puzzle.givens(), self.avx2) {
            Ok(board) => {
                if let Err(Stop::Budget(reason)) = explorer.start(board, self.avx2) {
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
