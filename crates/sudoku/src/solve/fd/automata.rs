//! Outside clues and three-class lines as automata read in order.
//!
//! A "123" clue is the smallest: nothing of 1, 2, 3 yet, then its digit.
//!
//! A sandwich, X-sum or skyscraper clue is a rule about a row read from one
//! end, and an entropic or modular line one about its cells in order, so
//! each is a deterministic automaton over the digits in that order;
//! the engine's `regular` constraint then keeps exactly the digits that
//! lie on some accepted reading (the row's own all-different is left to
//! the row). States are explored from the start, so only reachable ones
//! exist: a skyscraper clue of 3 on 9×9 needs at most 10 × 4 states.
//!
//! ```text
//! sandwich 5 on a 4×4 row: before ─1/4→ between(sum) ─other→ … ─4/1 at sum 5→ after
//! ```

use std::collections::HashMap;
use std::hash::Hash;

use fdoku_fd::Automaton;

/// The automaton whose states are the keys reachable from `start` by
/// `step` over the digits 1..=`size`, accepting where `accept` says.
fn explore<K: Clone + Eq + Hash>(
    size: usize,
    start: K,
    step: impl Fn(&K, i32) -> Option<K>,
    accept: impl Fn(&K) -> bool,
) -> Automaton {
    let mut index: HashMap<K, usize> = HashMap::from([(start.clone(), 0)]);
    let mut keys = vec![start];
    let mut transitions = Vec::new();
    let mut next = 0;
    while next < keys.len() {
        let key = keys[next].clone();
        for digit in 1..=size as i32 {
            if let Some(to) = step(&key, digit) {
                let fresh = keys.len();
                let target = *index.entry(to.clone()).or_insert(fresh);
                if target == fresh {
                    keys.push(to);
                }
                transitions.push((next, digit, target));
            }
        }
        next += 1;
    }
    // Every state index and transition comes from the exploration above,
    // one per (state, digit): the builder cannot refuse them.
    let mut automaton = Automaton::new(keys.len(), 0).expect("state 0 exists");
    for (from, digit, to) in transitions {
        automaton
            .transition(from, digit, to)
            .expect("one transition per state and digit");
    }
    for (state, key) in keys.iter().enumerate() {
        if accept(key) {
            automaton.accept(state).expect("an explored state");
        }
    }
    automaton
}

/// A "123" clue: of the digits 1, 2 and 3, `digit` comes first.
pub(super) fn first_of_one_two_three(size: usize, digit: u32) -> Automaton {
    let digit = digit as i32;
    // The key: whether the first of 1, 2, 3 has been read.
    let step = |seen: &bool, d: i32| match (*seen, d) {
        (true, _) => Some(true),
        (false, d) if d == digit => Some(true),
        (false, d) if d <= 3 => None,
        (false, _) => Some(false),
    };
    explore(size, false, step, |seen| *seen)
}

/// Where a reading of a sandwich row stands.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Sandwich {
    /// Neither the 1 nor the N yet.
    Before,
    /// One of them seen (which one), and the sum since.
    Between { low: bool, sum: u32 },
    /// Both seen, with the right sum between.
    After,
}

/// The digits strictly between the 1 and the N add up to `sum`.
pub(super) fn sandwich(size: usize, sum: u32) -> Automaton {
    let top = size as i32;
    let step = |state: &Sandwich, d: i32| match *state {
        Sandwich::Before if d == 1 || d == top => Some(Sandwich::Between {
            low: d == 1,
            sum: 0,
        }),
        Sandwich::Before => Some(Sandwich::Before),
        Sandwich::Between { low, sum: so_far } => {
            let closes = if low { d == top } else { d == 1 };
            if closes {
                (so_far == sum).then_some(Sandwich::After)
            } else if d == 1 || d == top {
                None
            } else {
                let total = so_far + d as u32;
                (total <= sum).then_some(Sandwich::Between { low, sum: total })
            }
        }
        Sandwich::After => (d != 1 && d != top).then_some(Sandwich::After),
    };
    explore(size, Sandwich::Before, step, |s| *s == Sandwich::After)
}

/// The first digit k says how many digits, from the clue, add up to `sum`.
pub(super) fn x_sum(size: usize, sum: u32) -> Automaton {
    // (digits still to add, total so far); None before the first digit.
    let step = |state: &Option<(u32, u32)>, d: i32| {
        let d = d as u32;
        let (left, total) = match *state {
            None => (d, 0),
            Some((0, total)) => return Some(Some((0, total))),
            Some(counting) => counting,
        };
        let total = total + d;
        (total <= sum && (left > 1 || total == sum)).then_some(Some((left - 1, total)))
    };
    explore(size, None, step, |s| matches!(s, Some((0, _))))
}

/// Any three cells in a row hold digits of three different classes
/// (`class` of a digit is 0, 1 or 2): each digit's class differs from the
/// two before it. Entropic lines (low, middle, high thirds) and modular
/// lines (residues mod 3).
pub(super) fn three_classes(size: usize, class: impl Fn(i32) -> i32) -> Automaton {
    // The classes of the last two digits read, the older first (-1: none yet).
    let step = |&(older, last): &(i32, i32), d: i32| {
        let c = class(d);
        (c != older && c != last).then_some((last, c))
    };
    explore(size, (-1, -1), step, |_| true)
}

/// `count` digits are seen from the clue, each larger than all before it.
pub(super) fn skyscraper(size: usize, count: u32) -> Automaton {
    // (tallest so far, how many seen)
    let step = |&(tallest, seen): &(i32, u32), d: i32| match d > tallest {
        true => (seen < count).then_some((d, seen + 1)),
        false => Some((tallest, seen)),
    };
    explore(size, (0, 0), step, |&(_, seen)| seen == count)
}
