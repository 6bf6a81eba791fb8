//! HoDoKu's singles: which full house, naked or hidden single its path
//! places next.
//!
//! HoDoKu does not scan the grid for singles. Its grid keeps two queues: a
//! cell is queued (with its digit) the moment it is left one candidate, and
//! a digit the moment a house is left one place for it (the place queued).
//! A full house is the first queued naked single that is its house's last
//! open cell; a naked single is the front of its queue; a hidden single the
//! front of its own. The searches take entries off as they read them:
//! entries of cells placed since are dropped, and the hidden single search
//! gives up on the first entry of an open cell, single or not. So the
//! singles come in the order the eliminations made them, and which of the
//! three kinds each is (a hidden single scores 14, the others 4) depends on
//! that order.
//!
//! [`Queues`] replays that bookkeeping beside fdoku's grid, for the classic
//! 9×9 grid HoDoKu solves: placing a digit removes it from the peers in cell
//! order, then clears the cell; a step's placements come before its
//! eliminations, which go in the order HoDoKu's finder lists them
//! ([`deletion_order`]).

use std::collections::VecDeque;

use super::choice::subset_houses;
use crate::grid::Grid;
use crate::step::{Candidate, Step};
use crate::technique::Technique;

const CELLS: usize = 81;
const HOUSES: usize = 27;

/// The houses of a cell: its row, column and box (HoDoKu's and fdoku's
/// house numbers alike: rows 0–8, columns 9–17, boxes 18–26).
fn houses_of(cell: usize) -> [usize; 3] {
    let (row, col) = (cell / 9, cell % 9);
    [row, 9 + col, 18 + row / 3 * 3 + col / 3]
}

/// The cells of house `house`, in HoDoKu's order (ascending).
fn house_cells(house: usize) -> [usize; 9] {
    std::array::from_fn(|i| match house {
        0..=8 => house * 9 + i,
        9..=17 => i * 9 + (house - 9),
        _ => {
            let b = house - 18;
            (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
        }
    })
}

/// Whether two different cells see each other.
fn sees(a: usize, b: usize) -> bool {
    a != b && houses_of(a).iter().zip(houses_of(b)).any(|(x, y)| *x == y)
}

/// HoDoKu's grid bookkeeping for singles (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct Queues {
    values: [u8; CELLS],
    masks: [u16; CELLS],
    /// Open places of each digit in each house.
    free: [[u8; 10]; HOUSES],
    naked: VecDeque<(usize, u8)>,
    hidden: VecDeque<(usize, u8)>,
}

impl Queues {
    /// The queues after the grid's givens, placed in cell order as HoDoKu
    /// reads a puzzle; `None` unless the grid is a classic 9×9 one whose
    /// candidates are the givens' (no pencil marks).
    pub(crate) fn new(grid: &Grid) -> Option<Self> {
        if grid.size() != 9 || !grid.rules().is_classic() {
            return None;
        }
        let mut queues = Queues {
            values: [0; CELLS],
            masks: [0x1ff; CELLS],
            free: [[9; 10]; HOUSES],
            naked: VecDeque::new(),
            hidden: VecDeque::new(),
        };
        for cell in 0..CELLS {
            if grid.is_given(cell) {
                queues.place(cell, grid.value(cell));
            }
        }
        let same = (0..CELLS).all(|c| u32::from(queues.masks[c]) == grid.mask(c));
        same.then_some(queues)
    }

    /// Removes a candidate, queueing the singles it leaves.
    fn eliminate(&mut self, cell: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        if self.masks[cell] & bit == 0 {
            return;
        }
        self.masks[cell] &= !bit;
        for house in houses_of(cell) {
            let free = &mut self.free[house][usize::from(digit)];
            *free -= 1;
            if *free == 1
                && let Some(last) = self.last_place(house, digit)
            {
                self.hidden.push_back((last, digit));
            }
        }
        let left = self.masks[cell];
        if left.count_ones() == 1 {
            self.naked
                .push_back((cell, left.trailing_zeros() as u8 + 1));
        }
    }

    /// The first cell of `house` still holding `digit`.
    fn last_place(&self, house: usize, digit: u8) -> Option<usize> {
        let bit = 1u16 << (digit - 1);
        house_cells(house)
            .into_iter()
            .find(|&c| self.masks[c] & bit != 0)
    }

    /// Places a digit: off the peers first (in cell order), then the
    /// cell's own candidates.
    fn place(&mut self, cell: usize, digit: u8) {
        if self.values[cell] == digit {
            return;
        }
        self.values[cell] = digit;
        for peer in (0..CELLS).filter(|&p| sees(cell, p)) {
            self.eliminate(peer, digit);
        }
        let old = std::mem::take(&mut self.masks[cell]);
        for d in 1..=9u8 {
            if old & (1 << (d - 1)) == 0 {
                continue;
            }
            for house in houses_of(cell) {
                let free = &mut self.free[house][usize::from(d)];
                *free -= 1;
                if *free == 1
                    && d != digit
                    && let Some(last) = self.last_place(house, d)
                {
                    self.hidden.push_back((last, d));
                }
            }
        }
    }

    /// Follows a step taken on the path, as HoDoKu applies it.
    pub(crate) fn apply(&mut self, step: &Step) {
        for &Candidate { cell, digit } in &step.placements {
            self.place(cell, digit);
        }
        for Candidate { cell, digit } in deletion_order(step) {
            self.eliminate(cell, digit);
        }
    }

    /// The next single of `technique` (full house, naked or hidden single)
    /// by HoDoKu's queues, taking off the entries its search reads.
    pub(crate) fn single(&mut self, technique: Technique) -> Option<Step> {
        match technique {
            Technique::FullHouse => self.full_house(),
            Technique::NakedSingle => self.naked_single(),
            _ => self.hidden_single(),
        }
    }

    fn full_house(&self) -> Option<Step> {
        self.naked.iter().find_map(|&(cell, digit)| {
            if self.values[cell] != 0 {
                return None;
            }
            let house = houses_of(cell)
                .into_iter()
                .find(|&h| (1..=9).all(|d| d == usize::from(digit) || self.free[h][d] == 0))?;
            let mut step = Step::placing(Technique::FullHouse, cell, digit);
            step.houses.push(house);
            Some(step)
        })
    }

    fn naked_single(&mut self) -> Option<Step> {
        while let Some((cell, digit)) = self.naked.pop_front() {
            if self.values[cell] == 0 {
                return Some(Step::placing(Technique::NakedSingle, cell, digit));
            }
        }
        None
    }

    fn hidden_single(&mut self) -> Option<Step> {
        while let Some((cell, digit)) = self.hidden.pop_front() {
            if self.values[cell] != 0 {
                continue;
            }
            let house = houses_of(cell)
                .into_iter()
                .find(|&h| self.free[h][usize::from(digit)] == 1)?;
            let mut step = Step::placing(Technique::HiddenSingle, cell, digit);
            step.houses.push(house);
            return Some(step);
        }
        None
    }
}

/// A step's eliminations in the order HoDoKu's finder lists them: the
/// chain searches sort theirs by digit, then cell; naked and locked
/// subsets go house by house (row, column, box); the others list them
/// cell by cell.
fn deletion_order(step: &Step) -> Vec<Candidate> {
    use Technique::*;
    let mut order = step.eliminations.clone();
    match step.technique {
        RemotePair
        | XChain
        | XYChain
        | TurbotFish
        | ContinuousNiceLoop
        | DiscontinuousNiceLoop
        | Aic
        | GroupedContinuousNiceLoop
        | GroupedDiscontinuousNiceLoop
        | GroupedAic
        | ForcingChainContradiction
        | ForcingChainVerity
        | ForcingNetContradiction
        | ForcingNetVerity => order.sort_by_key(|c| (c.digit, c.cell)),
        LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuad => {
            // House by house (row, column, box), cell by cell.
            let houses = subset_houses(&step.pattern_cells());
            let rank = |c: &Candidate| {
                let house = houses
                    .iter()
                    .position(|&h| house_cells(h).contains(&c.cell));
                (house, c.cell, c.digit)
            };
            order.sort_by_key(rank);
        }
        _ => order.sort_by_key(|c| (c.cell, c.digit)),
    }
    order
}
