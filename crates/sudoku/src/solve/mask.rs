//! The general bitmask solver: any size up to 32, any variant without cage
//! sums whose elements relate two cells at a time (a cage without a sum is a
//! group of distinct digits; one of N cells is a house).
//!
//! Each cell keeps its candidates as a bitmask (bit `d − 1` for digit `d`);
//! an odd or even cell starts with the digits of its parity.
//! Propagation repeats two rules until nothing changes:
//!
//! * **naked single** — a cell with one candidate takes it, and that digit
//!   leaves every peer (every cell sharing a house or a disjoint group with
//!   it, or a knight's or king's move away under anti-knight or anti-king);
//!   under non-consecutive, d − 1 and d + 1 leave its orthogonal neighbours;
//! * **hidden single** — a digit with one possible cell in a house (or a
//!   disjoint group) goes there. Per house, two running masks (`once`, `twice`) find such digits
//!   in one pass; a digit with no place at all is a contradiction;
//! * **pairs** — thermometers, kropki dots, XV, whispers, renban,
//!   palindromes, clones, min/max cells and the negative rules relate two
//!   cells at a time ([`super::pairs`]): each digit of one cell keeps a mask
//!   of the other's digits that go with it, a placed digit leaves only
//!   those, and every pair is revised until no candidate falls (arc
//!   consistency).
//!
//! Then it branches on a cell with the fewest candidates (MRV), copying the
//! whole state for each digit tried — no undo log.
//!
//! ```
//! use fdoku_sudoku::{Puzzle, Rules};
//! use fdoku_sudoku::solve::{MaskSolver, Search};
//!
//! let p = Puzzle::new(Rules::classic(4).unwrap(), vec![0; 16]).unwrap();
//! let mut found = Vec::new();
//! let stats = MaskSolver::new(&p).unwrap().search(&mut |grid: &[u8]| {
//!     found.push(grid.to_vec());
//!     found.len() < 2 // stop after two
//! }, &Default::default());
//! assert_eq!(found.len(), 2);
//! assert!(stats.guesses > 0);
//! ```

use std::cell::RefCell;
use std::rc::Rc;

use fdoku_fd::{Budget, StopReason};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::pairs::{Pair, all_pairs};
use super::{Search, SearchStats};
use crate::puzzle::Puzzle;
use crate::rules::{Rules, full_mask};

/// Candidates and values of every cell.
#[derive(Clone)]
struct State {
    candidates: Vec<u32>,
    values: Vec<u8>,
}

/// A contradiction: some cell or digit has no possibility left.
struct Dead;

/// Houses and peers of one set of rules, built once and shared by every
/// puzzle with those rules (a batch of classic puzzles builds them once);
/// the clause-learning solver reads the same tables.
pub(super) struct Tables {
    pub(super) full: u32,
    /// The houses and the disjoint groups: N cells holding every digit.
    pub(super) houses: Vec<Vec<usize>>,
    /// The cells that cannot hold a placed cell's digit.
    pub(super) peers: Vec<Vec<usize>>,
    /// The cells that cannot hold a placed cell's digit ± 1.
    pub(super) neighbours: Vec<Vec<usize>>,
    /// Each cell's candidates before the givens: its parity's digits.
    pub(super) start: Vec<u32>,
    /// Both directions of every pair of related cells.
    pub(super) arcs: Vec<Arc>,
    /// The arcs leaving each cell.
    pub(super) arcs_from: Vec<Vec<usize>>,
}

/// One direction of a pair: for each digit `d` of `from`, `support[d - 1]`
/// is the mask of `to`'s digits that go with it.
pub(super) struct Arc {
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) support: Vec<u32>,
}

impl Tables {
    /// The tables, or `None` when some element relates more than two cells.
    fn new(rules: &Rules) -> Option<Self> {
        let n = rules.size();
        let pairs = all_pairs(rules)?;
        let mut houses: Vec<Vec<usize>> = rules.houses().into_iter().map(|h| h.cells).collect();
        houses.extend(rules.disjoint_groups());
        // A cage without a sum only says its digits differ; one of N cells
        // holds every digit, like a house.
        let distinct: Vec<&Vec<usize>> = rules.cages().iter().map(|c| &c.cells).collect();
        houses.extend(distinct.iter().filter(|c| c.len() == n).map(|&c| c.clone()));
        let mut peers = vec![Vec::new(); n * n];
        for group in houses.iter().chain(distinct) {
            for &a in group {
                peers[a].extend(group.iter().copied().filter(|&b| b != a));
            }
        }
        for (a, b, _) in rules.distinct_pairs() {
            peers[a].push(b);
            peers[b].push(a);
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let mut neighbours = vec![Vec::new(); n * n];
        for (a, b) in rules.adjacent_pairs() {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
        let full = full_mask(n);
        let mut start = vec![full; n * n];
        for &(cell, parity) in rules.parity_cells() {
            start[cell] = parity.mask(n);
        }
        let mut arcs = Vec::with_capacity(2 * pairs.len());
        let digits = 1..=n as u32;
        for Pair { a, b, relation } in pairs {
            let masks = |holds: &dyn Fn(u32, u32) -> bool| -> Vec<u32> {
                let mask = |x| {
                    digits
                        .clone()
                        .filter(|&y| holds(x, y))
                        .fold(0, |m, y| m | 1 << (y - 1))
                };
                digits.clone().map(mask).collect()
            };
            arcs.push(Arc {
                from: a,
                to: b,
                support: masks(&|x, y| relation.holds(x, y)),
            });
            arcs.push(Arc {
                from: b,
                to: a,
                support: masks(&|y, x| relation.holds(x, y)),
            });
        }
        let mut arcs_from = vec![Vec::new(); n * n];
        for (i, arc) in arcs.iter().enumerate() {
            arcs_from[arc.from].push(i);
        }
        Some(Tables {
            full,
            houses,
            peers,
            neighbours,
            start,
            arcs,
            arcs_from,
        })
    }

    /// The tables for `rules`, from this thread's cache of the last rules
    /// used; `None` when some element relates more than two cells or a
    /// cage has a sum.
    pub(super) fn for_rules(rules: &Rules) -> Option<Rc<Tables>> {
        if rules.cages().iter().any(|c| c.sum.is_some()) {
            return None;
        }
        thread_local! {
            static LAST: RefCell<Option<(Rules, Rc<Tables>)>> = const { RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some((cached, tables)) if cached == rules => Some(Rc::clone(tables)),
                _ => {
                    let tables = Rc::new(Tables::new(rules)?);
                    *last = Some((rules.clone(), Rc::clone(&tables)));
                    Some(tables)
                }
            }
        })
    }
}

/// The bitmask solver for one puzzle.
pub struct MaskSolver<'p> {
    puzzle: &'p Puzzle,
    tables: Rc<Tables>,
    /// Scratch stack of placements still to spread (reused by every call).
    work: RefCell<Vec<(usize, u8)>>,
    /// When set, the digits of a branching cell are tried in random order.
    shuffle: RefCell<Option<Xoshiro256PlusPlus>>,
}

impl<'p> MaskSolver<'p> {
    /// The solver, or `None` for rules it does not handle (killer cages
    /// with sums, elements over more than two cells: sums, sandwiches,
    /// between lines …). Cages without a sum are groups of distinct digits.
    pub fn new(puzzle: &'p Puzzle) -> Option<Self> {
        let rules = puzzle.rules();
        Some(MaskSolver {
            puzzle,
            tables: Tables::for_rules(rules)?,
            work: RefCell::new(Vec::with_capacity(rules.cells())),
            shuffle: RefCell::new(None),
        })
    }

    /// The same solver trying the digits of each branching cell in an order
    /// drawn from `seed`: the first solution found is then a random one
    /// (the same for the same seed). The generator's source of grids.
    pub fn shuffled(mut self, seed: u64) -> Self {
        self.shuffle = RefCell::new(Some(Xoshiro256PlusPlus::seed_from_u64(seed)));
        self
    }

    /// Whether the puzzle has a solution with something other than `digit`
    /// in `cell`, within `budget` (`None` when the budget ran out first).
    /// See [`super::NineSolver::solvable_without`].
    pub fn solvable_without(&self, cell: usize, digit: u8, budget: &Budget) -> Option<bool> {
        let Ok(mut state) = self.initial() else {
            return Some(false);
        };
        state.candidates[cell] &= !bit(digit);
        let mut found = false;
        let flow = self.explore(
            state,
            &mut |_| {
                found = true;
                false
            },
            budget,
            &mut SearchStats::default(),
        );
        match flow {
            Flow::Stop(Some(_)) if !found => None,
            _ => Some(found),
        }
    }

    /// The next digit (as a bit) to try among `candidates`: the lowest, or
    /// a random one when shuffling.
    fn next_digit(&self, candidates: u32) -> u32 {
        let lowest = candidates & candidates.wrapping_neg();
        let mut shuffle = self.shuffle.borrow_mut();
        let Some(rng) = shuffle.as_mut() else {
            return lowest;
        };
        let mut rest = candidates;
        for _ in 0..rng.next_u64() % u64::from(candidates.count_ones()) {
            rest &= rest - 1;
        }
        rest & rest.wrapping_neg()
    }

    fn initial(&self) -> Result<State, Dead> {
        let cells = self.tables.peers.len();
        let givens = self.puzzle.givens();
        let start = &self.tables.start;
        let candidates = match self.puzzle.candidates() {
            // A given's own mask is not consulted.
            Some(masks) => (0..cells)
                .map(|c| match givens[c] {
                    0 => masks[c] & start[c],
                    _ => start[c],
                })
                .collect(),
            None => start.clone(),
        };
        let mut state = State {
            candidates,
            values: vec![0; cells],
        };
        for (cell, &given) in givens.iter().enumerate() {
            if given != 0 {
                if state.candidates[cell] & bit(given) == 0 {
                    return Err(Dead);
                }
                self.place(&mut state, cell, given)?;
            }
        }
        // Pencil marks can leave a cell one candidate, or none.
        for cell in 0..cells {
            let mask = state.candidates[cell];
            if state.values[cell] == 0 && mask.count_ones() <= 1 {
                if mask == 0 {
                    return Err(Dead);
                }
                self.place(&mut state, cell, mask.trailing_zeros() as u8 + 1)?;
            }
        }
        Ok(state)
    }

    /// Puts `digit` in `cell` and removes it from the peers (and d ± 1 from
    /// the neighbours), placing any cell left with one candidate (naked
    /// singles), transitively.
    fn place(&self, state: &mut State, cell: usize, digit: u8) -> Result<(), Dead> {
        let mut work = self.work.borrow_mut();
        work.clear();
        work.push((cell, digit));
        while let Some((cell, digit)) = work.pop() {
            if state.values[cell] == digit {
                continue;
            }
            if state.values[cell] != 0 || state.candidates[cell] & bit(digit) == 0 {
                return Err(Dead);
            }
            state.values[cell] = digit;
            state.candidates[cell] = bit(digit);
            for &peer in &self.tables.peers[cell] {
                remove(state, peer, bit(digit), &mut work)?;
            }
            // d ± 1; `bit` of d + 1 past N falls outside every mask.
            let next = (bit(digit) << 1 | bit(digit) >> 1) & self.tables.full;
            for &neighbour in &self.tables.neighbours[cell] {
                remove(state, neighbour, next, &mut work)?;
            }
            for &arc in &self.tables.arcs_from[cell] {
                let Arc { to, support, .. } = &self.tables.arcs[arc];
                remove(state, *to, !support[usize::from(digit) - 1], &mut work)?;
            }
        }
        Ok(())
    }

    /// Revises every arc once: a candidate of `to` with no digit of `from`
    /// to go with it leaves; cells left with one candidate are placed.
    /// Whether any candidate fell.
    fn revise_arcs(&self, state: &mut State) -> Result<bool, Dead> {
        let mut changed = false;
        let mut singles = Vec::new();
        for arc in &self.tables.arcs {
            let mut from = state.candidates[arc.from];
            let mut allowed = 0;
            while from != 0 {
                allowed |= arc.support[from.trailing_zeros() as usize];
                from &= from - 1;
            }
            let gone = state.candidates[arc.to] & !allowed;
            if gone != 0 {
                changed = true;
                remove(state, arc.to, gone, &mut singles)?;
            }
        }
        for (cell, digit) in singles {
            self.place(state, cell, digit)?;
        }
        Ok(changed)
    }

    /// Hidden singles and pair revisions until neither finds anything.
    fn settle(&self, state: &mut State) -> Result<(), Dead> {
        loop {
            self.hidden_singles(state)?;
            if self.tables.arcs.is_empty() || !self.revise_arcs(state)? {
                return Ok(());
            }
        }
    }

    /// Places hidden singles until there are none; fails on a digit with no
    /// place in some house.
    fn hidden_singles(&self, state: &mut State) -> Result<(), Dead> {
        loop {
            let mut placed = false;
            for house in &self.tables.houses {
                let (mut once, mut twice, mut fixed) = (0u32, 0u32, 0u32);
                for &cell in house {
                    let c = state.candidates[cell];
                    if state.values[cell] != 0 {
                        fixed |= c;
                    } else {
                        twice |= once & c;
                        once |= c;
                    }
                }
                if (once | fixed) != self.tables.full {
                    return Err(Dead);
                }
                let mut single = once & !twice & !fixed;
                while single != 0 {
                    let b = single & single.wrapping_neg();
                    single &= single - 1;
                    let digit = b.trailing_zeros() as u8 + 1;
                    if let Some(&cell) = house.iter().find(|&&c| state.candidates[c] & b != 0)
                        && state.values[cell] == 0
                    {
                        self.place(state, cell, digit)?;
                        placed = true;
                    }
                }
            }
            if !placed {
                return Ok(());
            }
        }
    }

    /// The unsolved cell with the fewest candidates, or `None` when solved.
    fn branch_cell(&self, state: &State) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, &c) in state.candidates.iter().enumerate() {
            if state.values[cell] != 0 {
                continue;
            }
            let count = c.count_ones();
            if best.is_none_or(|(k, _)| count < k) {
                best = Some((count, cell));
                if count == 2 {
                    break;
                }
            }
        }
        best.map(|(_, cell)| cell)
    }

    fn explore(
        &self,
        mut state: State,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
        budget: &Budget,
        stats: &mut SearchStats,
    ) -> Flow {
        stats.nodes += 1;
        if let Some(reason) = budget.exhausted(stats.nodes) {
            return Flow::Stop(Some(reason));
        }
        if self.settle(&mut state).is_err() {
            return Flow::Continue;
        }
        let Some(cell) = self.branch_cell(&state) else {
            return if on_solution(&state.values) {
                Flow::Continue
            } else {
                Flow::Stop(None)
            };
        };
        let mut candidates = state.candidates[cell];
        while candidates != 0 {
            let chosen = self.next_digit(candidates);
            let digit = chosen.trailing_zeros() as u8 + 1;
            candidates &= !chosen;
            stats.guesses += 1;
            let mut child = state.clone();
            if self.place(&mut child, cell, digit).is_ok()
                && let Flow::Stop(reason) = self.explore(child, on_solution, budget, stats)
            {
                return Flow::Stop(reason);
            }
        }
        Flow::Continue
    }
}

enum Flow {
    Continue,
    /// Stop: the budget ran out (`Some`) or the caller has enough (`None`).
    Stop(Option<StopReason>),
}

fn bit(digit: u8) -> u32 {
    1 << (digit - 1)
}

/// Removes the digits of `gone` from `cell`; queues the cell when one
/// candidate is left, fails when none is.
fn remove(
    state: &mut State,
    cell: usize,
    gone: u32,
    work: &mut Vec<(usize, u8)>,
) -> Result<(), Dead> {
    let c = state.candidates[cell];
    if c & gone == 0 {
        return Ok(());
    }
    let left = c & !gone;
    if left == 0 {
        return Err(Dead);
    }
    state.candidates[cell] = left;
    if left.is_power_of_two() && state.values[cell] == 0 {
        work.push((cell, left.trailing_zeros() as u8 + 1));
    }
    Ok(())
}

impl Search for MaskSolver<'_> {
    fn search(&self, on_solution: &mut dyn FnMut(&[u8]) -> bool, budget: &Budget) -> SearchStats {
        let started = std::time::Instant::now();
        let mut stats = SearchStats::default();
        match self.initial() {
            Ok(state) => {
                if let Flow::Stop(Some(reason)) =
                    self.explore(state, on_solution, budget, &mut stats)
                {
                    stats.stopped = Some(reason);
                }
            }
            Err(Dead) => stats.nodes = 1,
        }
        stats.micros = started.elapsed().as_micros() as u64;
        stats
    }
}
