//! HoDoKu's almost locked set moves in its own search order: ALS-XZ and
//! ALS-XY-wing take the first instance of its enumeration, ALS-XY-chains
//! the best of all it finds (see [`als`](crate::als) for the notions).
//!
//! * **Sets** are listed house by house (rows, columns, boxes), each
//!   house's cell sets depth first: a cell, then the sets extending it with
//!   later cells of the house; a set found again is not listed again.
//! * **Restricted commons** join each set to the later sets sharing no
//!   cell with it, by at most two digits (in digit order).
//! * **ALS-XZ** is the first restricted common, in that order, removing
//!   something: its sets' other common digits (all of them when doubly
//!   linked, and then each set's other digits outside the other set).
//! * **ALS-XY-wing** is the first pair of restricted commons sharing one
//!   set (the pivot) whose other two sets neither overlap nor contain each
//!   other, and share a digit other than the commons' seen by cells.
//! * **ALS-XY-chain** follows restricted commons forward (to later sets
//!   only), a doubly linked first one each way in turn, a link using the
//!   commons the previous one left; every chain of three links or more
//!   removes the digits common to its ends (other than the end links'
//!   commons) from the cells seeing them in both. Each set of removals is
//!   kept with the chain of fewest cells; the best is the one removing
//!   most, then with the smallest weighted sum of removals.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::super::budget::tick;
use super::super::grid::Grid;
use super::super::step::{Candidate, Step};
use super::super::technique::Technique;
use super::loops::index_sum;
use super::tables::{Cells, cell_houses, cells_of, masks};

/// An almost locked set.
struct Set {
    cells: Cells,
    /// Its digits (bit `d`).
    digits: u32,
    /// Per digit: its cells holding the digit.
    holders: [Cells; 10],
    /// Per digit: the cells outside it holding the digit and seeing all its
    /// holders.
    buddies: [Cells; 10],
}

/// A restricted common between two sets (`first` < `second`): one or two
/// digits.
#[derive(Clone, Copy)]
struct Common {
    first: usize,
    second: usize,
    digit: u8,
    /// The second digit, 0 if none.
    other: u8,
}

/// What the sets of a grid give.
struct Sets {
    sets: Vec<Set>,
    commons: Vec<Common>,
    /// Per set: the range of `commons` it is the first of.
    from: Vec<std::ops::Range<usize>>,
}

thread_local! {
    /// The sets of the grid last asked for, by its cells' digits and
    /// candidates: the three ALS moves of one step list the same sets.
    static LAST: RefCell<Option<([u32; 81], Rc<Sets>)>> = const { RefCell::new(None) };
}

impl Sets {
    /// The sets of `grid`, listed once per grid state.
    fn of(grid: &Grid) -> Rc<Sets> {
        let mut state = [0u32; 81];
        for (cell, key) in state.iter_mut().enumerate() {
            *key = grid.mask(cell) | u32::from(grid.value(cell)) << 16;
        }
        LAST.with_borrow_mut(|last| match last {
            Some((seen, sets)) if *seen == state => Rc::clone(sets),
            _ => {
                let sets = Rc::new(Sets::new(grid));
                *last = Some((state, Rc::clone(&sets)));
                sets
            }
        })
    }

    fn new(grid: &Grid) -> Self {
        let mut cands = [0; 10];
        for cell in 0..81 {
            for digit in grid.digits(cell) {
                cands[usize::from(digit)] |= 1 << cell;
            }
        }
        let sets = collect(grid, &cands);
        // Per set, its cells and the digits it may share as a restricted
        // common: those with a buddy. A common digit's holders in each set
        // must all see its holders in the other, so each set's buddies of
        // it are not empty; other digits never qualify. Kept apart from the
        // sets, which are large, for the pairs' first test.
        let linkable: Vec<(Cells, u32)> = sets
            .iter()
            .map(|set| {
                let digits = (1..=9).filter(|&d| set.buddies[d] != 0);
                (set.cells, digits.fold(0, |acc, d| acc | 1 << d))
            })
            .collect();
        // A partner holds a common digit only in `a`'s buddies of it, so it
        // has a cell among them: per cell, the sets holding it (a bit each).
        let words = sets.len().div_ceil(64);
        let mut holding = vec![0u64; 81 * words];
        for (j, set) in sets.iter().enumerate() {
            for cell in cells_of(set.cells) {
                holding[cell * words + j / 64] |= 1 << (j % 64);
            }
        }
        let mut near = vec![0u64; words];
        let mut commons = Vec::new();
        let mut from = Vec::with_capacity(sets.len());
        for (i, a) in sets.iter().enumerate() {
            let start = commons.len();
            let (a_cells, a_links) = linkable[i];
            let reach = (1..=9)
                .filter(|&d| a_links & 1 << d != 0)
                .fold(0, |acc: Cells, d| acc | a.buddies[d]);
            // The later sets with a cell in reach, ascending.
            let first = (i + 1) / 64;
            near[first..].fill(0);
            for cell in cells_of(reach) {
                let row = &holding[cell * words..(cell + 1) * words];
                for (word, &bits) in near[first..].iter_mut().zip(&row[first..]) {
                    *word |= bits;
                }
            }
            if let Some(word) = near.get_mut(first) {
                *word &= !0 << ((i + 1) % 64);
            }
            let later = near[first..].iter().enumerate().flat_map(|(w, &bits)| {
                let base = (first + w) * 64;
                let mut rest = bits;
                std::iter::from_fn(move || {
                    (rest != 0).then(|| {
                        let j = base + rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        j
                    })
                })
            });
            for j in later {
                let (b_cells, b_links) = linkable[j];
                let shared = a_links & b_links;
                if a_cells & b_cells != 0 || shared == 0 {
                    continue;
                }
                let b = &sets[j];
                let mut found: Option<Common> = None;
                for digit in 1..=9u8 {
                    if shared & 1 << digit == 0 {
                        continue;
                    }
                    let d = usize::from(digit);
                    let places = a.holders[d] | b.holders[d];
                    let seen = (a.buddies[d] | a.holders[d]) & (b.buddies[d] | b.holders[d]);
                    if places & !seen != 0 {
                        continue;
                    }
                    match &mut found {
                        None => {
                            found = Some(Common {
                                first: i,
                                second: j,
                                digit,
                                other: 0,
                            })
                        }
                        Some(common) => {
                            common.other = digit;
                            break;
                        }
                    }
                }
                commons.extend(found);
            }
            from.push(start..commons.len());
        }
        Sets {
            sets,
            commons,
            from,
        }
    }

    /// The digits common to `a` and `b` but `spared`, removed from the
    /// cells seeing all their places in both.
    fn common_removals(&self, a: usize, b: usize, spared: &[u8]) -> Vec<Candidate> {
        let (a, b) = (&self.sets[a], &self.sets[b]);
        let mut removed = Vec::new();
        for digit in 1..=9u8 {
            if a.digits & b.digits & 1 << digit == 0 || spared.contains(&digit) {
                continue;
            }
            let d = usize::from(digit);
            removed.extend(cells_of(a.buddies[d] & b.buddies[d]).map(|c| Candidate::new(c, digit)));
        }
        removed
    }

    /// A doubly linked set's digits but the commons, removed from the cells
    /// outside `other` seeing all their places in it.
    fn locked_removals(&self, set: usize, other: usize, common: Common) -> Vec<Candidate> {
        let (set, other) = (&self.sets[set], &self.sets[other]);
        let mut removed = Vec::new();
        for digit in 1..=9u8 {
            if set.digits & 1 << digit == 0 || digit == common.digit || digit == common.other {
                continue;
            }
            let d = usize::from(digit);
            removed
                .extend(cells_of(set.buddies[d] & !other.cells).map(|c| Candidate::new(c, digit)));
        }
        removed
    }

    /// The step of `sets` removing `removed`.
    fn step(
        &self,
        technique: Technique,
        grid: &Grid,
        sets: &[usize],
        removed: Vec<Candidate>,
    ) -> Step {
        let mut step = Step::new(technique);
        let house = |cells: Cells| {
            let m = masks();
            (0..27)
                .find(|&h| cells & !m.houses[h / 9][h % 9] == 0)
                .unwrap_or(0)
        };
        let candidates = |set: usize| grid.candidates_in(cells_of(self.sets[set].cells), u32::MAX);
        step.houses = sets.iter().map(|&s| house(self.sets[s].cells)).collect();
        step.pattern = candidates(sets[0]);
        step.extra = sets[1..].iter().flat_map(|&s| candidates(s)).collect();
        let mut removed = removed;
        removed.sort_unstable();
        removed.dedup();
        step.eliminations = removed;
        step
    }
}

/// HoDoKu's list of almost locked sets.
fn collect(grid: &Grid, cands: &[Cells; 10]) -> Vec<Set> {
    /// Whether a set of cells found in a house of kind `kind` was found in
    /// an earlier house: a house's sets are all its sets of open cells with
    /// one digit more than cells (up to eight cells, as in every house), so
    /// a column's were found in the rows if they lie in one, and a box's in
    /// the rows or columns if they lie in one.
    fn found_before(cells: Cells, kind: usize) -> bool {
        let m = masks();
        let [row, column, _] = cell_houses(cells.trailing_zeros() as usize);
        let in_row = cells & !m.houses[0][row] == 0;
        let in_column = cells & !m.houses[1][column] == 0;
        (kind >= 1 && in_row) || (kind == 2 && in_column)
    }
    fn extend(
        grid: &Grid,
        (house, kind): (&[usize], usize),
        from: usize,
        (cells, mask, size): (Cells, u32, usize),
        found: &mut Vec<(Cells, u32)>,
    ) {
        if size + 1 > house.len() - 1 {
            return;
        }
        for (i, &cell) in house.iter().enumerate().skip(from) {
            if grid.value(cell) != 0 {
                continue;
            }
            let next = (cells | 1 << cell, mask | grid.mask(cell) << 1, size + 1);
            if next.1.count_ones() as usize == next.2 + 1 && !found_before(next.0, kind) {
                found.push((next.0, next.1));
            }
            extend(grid, (house, kind), i + 1, next, found);
        }
    }
    let m = masks();
    let mut found = Vec::new();
    for kind in 0..3 {
        for house in m.houses[kind] {
            let cells: Vec<usize> = cells_of(house).collect();
            extend(grid, (&cells, kind), 0, (0, 0, 0), &mut found);
        }
    }
    found
        .into_iter()
        .map(|(cells, digits)| {
            let mut holders = [0; 10];
            let mut buddies = [0; 10];
            for d in 1..=9 {
                if digits & 1 << d == 0 {
                    continue;
                }
                holders[d] = cells & cands[d];
                let seeing = cells_of(holders[d]).fold(!0, |acc, c| acc & m.buddies[c]);
                buddies[d] = seeing & !cells & cands[d];
            }
            Set {
                cells,
                digits,
                holders,
                buddies,
            }
        })
        .collect()
}

/// HoDoKu's ALS-XZ: the first restricted common removing something.
pub(crate) fn als_xz(grid: &Grid) -> Option<Step> {
    let sets = Sets::of(grid);
    for common in &sets.commons {
        let (a, b) = (common.first, common.second);
        let mut removed = sets.common_removals(a, b, &[common.digit]);
        if common.other != 0 {
            removed.extend(sets.common_removals(a, b, &[common.other]));
            removed.extend(sets.locked_removals(a, b, *common));
            removed.extend(sets.locked_removals(b, a, *common));
        }
        if !removed.is_empty() {
            return Some(sets.step(Technique::AlsXz, grid, &[a, b], removed));
        }
    }
    None
}

/// HoDoKu's ALS-XY-wing: the first pair of restricted commons through a
/// pivot removing something.
pub(crate) fn als_xy_wing(grid: &Grid) -> Option<Step> {
    let sets = Sets::of(grid);
    let commons = &sets.commons;
    // Per set, the restricted commons joining it, ascending: the only
    // later commons that may share a set with one.
    let mut joining: Vec<Vec<usize>> = vec![Vec::new(); sets.sets.len()];
    for (k, common) in commons.iter().enumerate() {
        joining[common.first].push(k);
        joining[common.second].push(k);
    }
    let mut later = Vec::new();
    for (i, one) in commons.iter().enumerate() {
        later.clear();
        for list in [&joining[one.first], &joining[one.second]] {
            later.extend_from_slice(&list[list.partition_point(|&k| k <= i)..]);
        }
        later.sort_unstable();
        for two in later.iter().map(|&j| &commons[j]) {
            if tick().is_break() {
                return None;
            }
            if one.other == 0 && two.other == 0 && one.digit == two.digit {
                continue;
            }
            let Some((pivot, a, b)) = pivot(one, two) else {
                continue;
            };
            let (ca, cb) = (sets.sets[a].cells, sets.sets[b].cells);
            if ca & cb != 0 || ca | cb == ca || ca | cb == cb {
                continue;
            }
            let spared = [one.digit, one.other, two.digit, two.other];
            let removed = sets.common_removals(a, b, &spared);
            if !removed.is_empty() {
                return Some(sets.step(Technique::AlsXyWing, grid, &[pivot, a, b], removed));
            }
        }
    }
    None
}

/// The set two restricted commons share, and their other sets.
fn pivot(one: &Common, two: &Common) -> Option<(usize, usize, usize)> {
    if one.first == two.first && one.second != two.second {
        Some((one.first, one.second, two.second))
    } else if one.first == two.second && one.second != two.first {
        Some((one.first, one.second, two.first))
    } else if one.second == two.first && one.first != two.second {
        Some((one.second, one.first, two.second))
    } else if one.second == two.second && one.first != two.first {
        Some((one.second, one.first, two.first))
    } else {
        None
    }
}

/// The most restricted commons in an ALS-XY-chain.
const MAX_LINKS: usize = 50;

/// HoDoKu's ALS-XY-chain: the best of every chain found.
pub(crate) fn als_xy_chain(grid: &Grid) -> Option<Step> {
    let sets = Sets::of(grid);
    let mut chains = Chains {
        sets: &sets,
        in_chain: vec![false; sets.sets.len()],
        chain: Vec::new(),
        kept: Vec::new(),
        index: HashMap::new(),
        stopped: false,
    };
    for start in 0..sets.sets.len() {
        chains.in_chain[start] = true;
        chains.extend(start, start, None);
        chains.in_chain[start] = false;
        if chains.stopped {
            return None;
        }
    }
    let best = chains
        .kept
        .iter()
        .min_by_key(|k| (std::cmp::Reverse(k.removed.len()), index_sum(&k.removed)))?;
    Some(sets.step(
        Technique::AlsXyChain,
        grid,
        &best.sets,
        best.removed.clone(),
    ))
}

/// The commons of a link in use: the first digit, the second, or both.
#[derive(Clone, Copy, PartialEq)]
enum Active {
    First,
    Second,
    Both,
}

/// A chain kept for its removals.
struct Kept {
    sets: Vec<usize>,
    cells: u32,
    removed: Vec<Candidate>,
}

struct Chains<'a> {
    sets: &'a Sets,
    in_chain: Vec<bool>,
    /// The links so far, with the commons each uses.
    chain: Vec<(Common, Active)>,
    kept: Vec<Kept>,
    /// Removals (sorted) → place in `kept`.
    index: HashMap<Vec<Candidate>, usize>,
    stopped: bool,
}

impl Chains<'_> {
    fn extend(&mut self, start: usize, set: usize, last: Option<(Common, Active)>) {
        if self.chain.len() >= MAX_LINKS || self.stopped {
            return;
        }
        let range = self.sets.from[set].clone();
        let mut i = range.start;
        let mut first_try = true;
        while i < range.end {
            if tick().is_break() {
                self.stopped = true;
                return;
            }
            let common = self.sets.commons[i];
            let Some(active) = active(common, last, first_try) else {
                i += 1;
                first_try = true;
                continue;
            };
            if self.in_chain[common.second] {
                i += 1;
                first_try = true;
                continue;
            }
            self.chain.push((common, active));
            self.in_chain[common.second] = true;
            if self.chain.len() >= 3 {
                self.keep(start, common.second);
            }
            self.extend(start, common.second, Some((common, active)));
            self.in_chain[common.second] = false;
            self.chain.pop();
            if last.is_none() && common.other != 0 && first_try {
                first_try = false;
            } else {
                i += 1;
                first_try = true;
            }
        }
    }

    /// Keeps the chain's removals, unless a chain of no more cells removes
    /// the same.
    fn keep(&mut self, start: usize, end: usize) {
        let used = |(common, active): (Common, Active)| match active {
            Active::First => [common.digit, 0],
            Active::Second => [0, common.other],
            Active::Both => [common.digit, common.other],
        };
        let [c1, c2] = used(self.chain[0]);
        let [c3, c4] = used(*self.chain.last().expect("three links"));
        let removed = self.sets.common_removals(start, end, &[c1, c2, c3, c4]);
        if removed.is_empty() {
            return;
        }
        let sets: Vec<usize> = std::iter::once(start)
            .chain(self.chain.iter().map(|(c, _)| c.second))
            .collect();
        let cells = sets
            .iter()
            .map(|&s| self.sets.sets[s].cells.count_ones())
            .sum();
        let mut key = removed.clone();
        key.sort_unstable();
        match self.index.get(&key) {
            Some(&k) if self.kept[k].cells <= cells => {}
            Some(&k) => {
                self.kept[k] = Kept {
                    sets,
                    cells,
                    removed,
                }
            }
            None => {
                self.index.insert(key, self.kept.len());
                self.kept.push(Kept {
                    sets,
                    cells,
                    removed,
                });
            }
        }
    }
}

/// The commons a link may use after the previous link's (HoDoKu's
/// `checkRC`); `None` when none is left.
fn active(common: Common, last: Option<(Common, Active)>, first_try: bool) -> Option<Active> {
    let Some((prev, prev_active)) = last else {
        return Some(match (common.other, first_try) {
            (0, _) | (_, true) => Active::First,
            _ => Active::Second,
        });
    };
    let used = match prev_active {
        Active::First => [prev.digit, 0],
        Active::Second => [prev.other, 0],
        // HoDoKu passes the first digit twice here.
        Active::Both => [prev.digit, prev.digit],
    };
    let first_left = common.digit != used[0] && common.digit != used[1];
    let second_left = common.other != 0 && common.other != used[0] && common.other != used[1];
    match (first_left, second_left) {
        (true, true) => Some(Active::Both),
        (true, false) => Some(Active::First),
        (false, true) => Some(Active::Second),
        (false, false) => None,
    }
}
