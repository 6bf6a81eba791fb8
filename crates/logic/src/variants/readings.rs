//! The arrangements of a row or column read from a clue beside it: a
//! sandwich, X-sum or skyscraper clue is a rule about the line's digits in
//! order from the clue. The line holds every digit once, each cell one of
//! its candidates; a person weighs where the clue's key digits can stand
//! and what that leaves the others. Here every such arrangement is walked
//! cell by cell from the clue, with what the clue's rule has read so far
//! (a [`Reading`]), and each cell keeps the digits that stand there in
//! some arrangement the clue accepts.
//!
//! ```text
//! sandwich 7, row {1,6} {2,3,4,5} {2,3,4,5} {1,6} …: the 1 and the 6 close
//! a gap whose digits add up to 7 — 2 + 5 or 3 + 4
//! ```

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;

use super::super::budget::tick;
use super::super::grid::{Grid, bit};
use super::super::step::Step;
use super::super::technique::Technique;
use super::{each_digit, options};

/// A clue's rule read along its line, one digit at a time.
pub(super) trait Reading {
    /// What the rule needs to remember of the digits read so far.
    type State: Copy + Eq + Hash;

    /// The kind of clue and its number: with the line's candidates, all
    /// the arrangements depend on.
    fn identity(&self) -> (u8, u32);

    /// The state before the first cell.
    fn start(&self) -> Self::State;

    /// The state after reading `digit`; `None` when the rule already fails.
    fn read(&self, state: Self::State, digit: u8) -> Option<Self::State>;

    /// Whether a whole line read into `state` satisfies the clue.
    fn accepts(&self, state: Self::State) -> bool;
}

/// The most lines whose arrangements are remembered: forcing nets ask
/// again and again about rows their assumptions leave alone.
const REMEMBERED: usize = 1 << 14;

/// Arrangements worked out: per clue (its identity) and line candidates,
/// what each cell keeps.
type Known = HashMap<((u8, u32), Vec<u32>), Vec<u32>>;

thread_local! {
    /// Arrangements already worked out.
    static KNOWN: RefCell<Known> = RefCell::new(HashMap::new());
}

/// Per cell of `line` (read from the clue), the digits it holds in some
/// arrangement of different digits from the cells' candidates that
/// `reading` accepts; all zero when none does. Once the search's budget is
/// spent, every candidate (nothing ruled out).
pub(super) fn arranged<R: Reading>(grid: &Grid, line: &[usize], reading: &R) -> Vec<u32> {
    let masks: Vec<u32> = line.iter().map(|&c| options(grid, c)).collect();
    let key = (reading.identity(), masks);
    if let Some(kept) = KNOWN.with(|known| known.borrow().get(&key).cloned()) {
        return kept;
    }
    let Some(kept) = walk(&key.1, reading) else {
        return key.1;
    };
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        if known.len() >= REMEMBERED {
            known.clear();
        }
        known.insert(key, kept.clone());
    });
    kept
}

/// [`arranged`] over the cells' candidate masks; `None` when the budget
/// runs out.
fn walk<R: Reading>(masks: &[u32], reading: &R) -> Option<Vec<u32>> {
    walk_through(masks, reading, 0, &mut |_| true)
}

/// [`arranged`] with a condition on the digits at some positions: per
/// cell, the digits it holds in some accepted arrangement whose digits at
/// the positions of `segment` (bit p for the pth cell) form a set that
/// `fits` accepts. `None` when the budget runs out.
pub(super) fn walk_through<R: Reading>(
    masks: &[u32],
    reading: &R,
    segment: u32,
    fits: &mut dyn FnMut(u32) -> bool,
) -> Option<Vec<u32>> {
    // A state after p cells: the digits used, those of them at the
    // segment's positions, and the rule's state.
    type Key<S> = (u32, u32, S);
    let mut layers: Vec<Vec<Key<R::State>>> = vec![vec![(0, 0, reading.start())]];
    // The moves from layer p to p + 1.
    let mut moves: Vec<Vec<(usize, u8, usize)>> = Vec::with_capacity(masks.len());
    for (p, &mask) in masks.iter().enumerate() {
        let in_segment = segment >> p & 1 == 1;
        let from = layers.last().map(Vec::as_slice).unwrap_or_default();
        let mut index: HashMap<Key<R::State>, usize> = HashMap::new();
        let mut next = Vec::new();
        let mut edges = Vec::new();
        for (i, &(used, held, state)) in from.iter().enumerate() {
            if tick().is_break() {
                return None;
            }
            for digit in each_digit(mask & !used) {
                let Some(after) = reading.read(state, digit) else {
                    continue;
                };
                let held = match in_segment {
                    true => held | bit(digit),
                    false => held,
                };
                let key = (used | bit(digit), held, after);
                let to = *index.entry(key).or_insert_with(|| {
                    next.push(key);
                    next.len() - 1
                });
                edges.push((i, digit, to));
            }
        }
        layers.push(next);
        moves.push(edges);
    }
    let mut kept = vec![0u32; masks.len()];
    let last = layers.last().map(Vec::as_slice).unwrap_or_default();
    let mut alive: Vec<bool> = last
        .iter()
        .map(|&(_, held, s)| reading.accepts(s) && fits(held))
        .collect();
    for p in (0..masks.len()).rev() {
        let mut before = vec![false; layers[p].len()];
        for &(from, digit, to) in &moves[p] {
            if alive[to] {
                before[from] = true;
                kept[p] |= bit(digit);
            }
        }
        alive = before;
    }
    Some(kept)
}

/// The step of `technique` keeping, in each open cell of `line`, the
/// digits of `kept`; `None` when that removes nothing.
pub(super) fn keep(
    grid: &Grid,
    line: &[usize],
    kept: &[u32],
    technique: Technique,
) -> Option<Step> {
    let mut step = Step::new(technique);
    for (&cell, &k) in line.iter().zip(kept) {
        if grid.value(cell) != 0 {
            continue;
        }
        let mask = grid.mask(cell);
        step.pattern.extend(grid.candidates_in([cell], mask & k));
        step.eliminations
            .extend(grid.candidates_in([cell], mask & !k));
    }
    (!step.eliminations.is_empty()).then_some(step)
}

/// The cells of `line` where `digit` stands in some arrangement (`kept`),
/// named: `r1c3, r5c3`.
pub(super) fn places(grid: &Grid, line: &[usize], kept: &[u32], digit: u8) -> String {
    let names: Vec<String> = line
        .iter()
        .zip(kept)
        .filter(|(_, k)| *k & bit(digit) != 0)
        .map(|(&c, _)| grid.name(c))
        .collect();
    match names.is_empty() {
        true => "nowhere".to_owned(),
        false => names.join(", "),
    }
}
