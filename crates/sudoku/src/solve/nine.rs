//! The classic 9×9 path: one 81-bit board per digit.
//!
//! `candidates[d]` has bit `c` set when digit `d + 1` is still possible in
//! unsolved cell `c`; `placed[d]` marks the cells solved with it. Placing a
//! digit clears the cell from every board and the digit from the cell's
//! peers — two or three word operations on `u128` with precomputed peer
//! masks. Propagation then repeats:
//!
//! * **naked singles** — three masks over the nine boards (cells with at
//!   least one, two, three candidates) give the cells with exactly one
//!   candidate, and those with none: a contradiction;
//! * **hidden singles** — per digit and house, `candidates[d] & house` with a
//!   single bit is a forced placement, no bit at all a contradiction.
//!
//! Branching takes a cell with two candidates when there is one (the same
//! counter gives them), else the fewest. The whole state is 288 bytes and is
//! copied on branch.
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

use std::sync::OnceLock;

use fdoku_fd::{Budget, StopReason};

use super::{Search, SearchStats};
use crate::puzzle::Puzzle;

const CELLS: usize = 81;
const ALL: u128 = (1u128 << CELLS) - 1;

/// Peer masks and house masks of the classic grid.
struct Tables {
    peers: [u128; CELLS],
    houses: [u128; 27],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut houses = [0u128; 27];
        for c in 0..CELLS {
            let (r, k) = (c / 9, c % 9);
            houses[r] |= 1 << c;
            houses[9 + k] |= 1 << c;
            houses[18 + (r / 3) * 3 + k / 3] |= 1 << c;
        }
        let mut peers = [0u128; CELLS];
        for (c, peer) in peers.iter_mut().enumerate() {
            for h in houses.iter().filter(|h| *h >> c & 1 == 1) {
                *peer |= h;
            }
            *peer &= !(1 << c);
        }
        Tables { peers, houses }
    })
}

#[derive(Clone, Copy)]
struct State {
    candidates: [u128; 9],
    placed: [u128; 9],
}

struct Dead;

impl State {
    fn place(&mut self, t: &Tables, cell: usize, digit: usize) {
        let bit = 1u128 << cell;
        for board in &mut self.candidates {
            *board &= !bit;
        }
        self.candidates[digit] &= !t.peers[cell];
        self.placed[digit] |= bit;
    }

    fn solved(&self) -> u128 {
        self.placed.iter().fold(0, |acc, p| acc | p)
    }

    /// Unsolved cells with exactly one candidate, with exactly two, and with none.
    fn counts(&self) -> (u128, u128, u128) {
        // at_least[k]: cells with more than k candidates.
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &board in &self.candidates {
            three |= two & board;
            two |= one & board;
            one |= board;
        }
        let empty = ALL & !self.solved() & !one;
        (one & !two, two & !three, empty)
    }

    fn propagate(&mut self, t: &Tables) -> Result<(), Dead> {
        loop {
            let (singles, _, empty) = self.counts();
            if empty != 0 {
                return Err(Dead);
            }
            if singles != 0 {
                let mut s = singles;
                while s != 0 {
                    let cell = s.trailing_zeros() as usize;
                    s &= s - 1;
                    let Some(digit) = (0..9).find(|&d| self.candidates[d] >> cell & 1 == 1) else {
                        return Err(Dead); // lost its last candidate to an earlier single
                    };
                    self.place(t, cell, digit);
                }
                continue;
            }
            let mut progress = false;
            for digit in 0..9 {
                for &house in &t.houses {
                    if self.placed[digit] & house != 0 {
                        continue;
                    }
                    let spots = self.candidates[digit] & house;
                    if spots == 0 {
                        return Err(Dead);
                    }
                    if spots & (spots - 1) == 0 {
                        self.place(t, spots.trailing_zeros() as usize, digit);
                        progress = true;
                    }
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    /// An unsolved cell with the fewest candidates (two when any has two).
    fn branch_cell(&self) -> Option<usize> {
        let unsolved = ALL & !self.solved();
        if unsolved == 0 {
            return None;
        }
        let (_, pairs, _) = self.counts();
        if pairs != 0 {
            return Some(pairs.trailing_zeros() as usize);
        }
        let mut best = (u32::MAX, 0);
        let mut u = unsolved;
        while u != 0 {
            let cell = u.trailing_zeros() as usize;
            u &= u - 1;
            let n = self
                .candidates
                .iter()
                .filter(|b| *b >> cell & 1 == 1)
                .count() as u32;
            if n < best.0 {
                best = (n, cell);
            }
        }
        Some(best.1)
    }

    fn grid(&self) -> [u8; CELLS] {
        let mut grid = [0u8; CELLS];
        for (d, &board) in self.placed.iter().enumerate() {
            let mut b = board;
            while b != 0 {
                grid[b.trailing_zeros() as usize] = d as u8 + 1;
                b &= b - 1;
            }
        }
        grid
    }
}

/// The 9×9 solver for a classic puzzle.
pub struct NineSolver<'p> {
    puzzle: &'p Puzzle,
}

impl<'p> NineSolver<'p> {
    /// The solver, or `None` unless the puzzle is a classic 9×9.
    pub fn new(puzzle: &'p Puzzle) -> Option<Self> {
        (puzzle.size() == 9 && puzzle.rules().is_classic()).then_some(NineSolver { puzzle })
    }

    fn initial(&self, t: &Tables) -> Result<State, Dead> {
        let mut state = State {
            candidates: [ALL; 9],
            placed: [0; 9],
        };
        for (cell, &given) in self.puzzle.givens().iter().enumerate() {
            if given != 0 {
                let digit = usize::from(given - 1);
                if state.candidates[digit] >> cell & 1 == 0 {
                    return Err(Dead);
                }
                state.place(t, cell, digit);
            }
        }
        Ok(state)
    }

    fn explore(
        &self,
        t: &Tables,
        mut state: State,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
        budget: &Budget,
        stats: &mut SearchStats,
    ) -> Result<(), Option<StopReason>> {
        stats.nodes += 1;
        if let Some(reason) = budget.exhausted(stats.nodes) {
            return Err(Some(reason));
        }
        if state.propagate(t).is_err() {
            return Ok(());
        }
        let Some(cell) = state.branch_cell() else {
            return if on_solution(&state.grid()) {
                Ok(())
            } else {
                Err(None)
            };
        };
        for digit in 0..9 {
            if state.candidates[digit] >> cell & 1 == 1 {
                stats.guesses += 1;
                let mut child = state;
                child.place(t, cell, digit);
                self.explore(t, child, on_solution, budget, stats)?;
            }
        }
        Ok(())
    }
}

impl Search for NineSolver<'_> {
    fn search(&self, on_solution: &mut dyn FnMut(&[u8]) -> bool, budget: &Budget) -> SearchStats {
        let started = std::time::Instant::now();
        let t = tables();
        let mut stats = SearchStats::default();
        match self.initial(t) {
            Ok(state) => {
                if let Err(Some(reason)) = self.explore(t, state, on_solution, budget, &mut stats) {
                    stats.stopped = Some(reason);
                }
            }
            Err(Dead) => stats.nodes = 1,
        }
        stats.micros = started.elapsed().as_micros() as u64;
        stats
    }
}
