//! all_different at strength **domain**: generalised arc consistency (Régin 1994).
//!
//! Draw the variables on one side, the values on the other, and an edge for
//! each value in each domain. A solution of all_different is a matching that
//! covers every variable. A value stays in a domain exactly when its edge is
//! in *some* such matching. Berge's theorem says which: given one matching
//! `M`, an edge outside `M` can be swapped in iff it lies on an alternating
//! cycle, or on an alternating path that starts at a value no variable uses.
//!
//! With matched edges pointing variable → value and the others value →
//! variable, that becomes graph search: values reachable from a free value
//! keep their edges, and so does an edge whose two ends sit in the same
//! strongly connected component. Everything else is removed in one pass.
//!
//! Example: `x ∈ {1,3}`, `y ∈ {1,3}`, `z ∈ {1,2,3}`. Any matching gives `x`
//! and `y` the values 1 and 3, so `z` must take 2 — a Hall set with a hole,
//! which bounds reasoning misses.
//!
//! The fast path works on bitmasks: up to 64 variables whose values fit in a
//! window of 64. It keeps the previous matching and only repairs it. Before
//! that, where the positions share exactly as many values as there are
//! positions (a Sudoku house), counting values per position and positions
//! per value often proves that nothing but the fixed values can go
//! ([`only_fixed_values_prune`]): most runs in a Sudoku search end there,
//! at a fraction of the cost. Larger
//! constraints use the same algorithm on lists ([`super::regin_wide`]); past
//! 2²⁰ variable–value pairs they get the hall strength. The from-scratch
//! version ([`super::matching`]) asks, for every value, whether a matching
//! exists that uses it: slow, simple, and exact.

use super::Scope;
use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

const NONE: u8 = u8::MAX;

/// The bitmask filter for `scope`, when it fits: at most 64 variables whose
/// shifted values lie within a window of 64.
pub(super) fn fitting(scope: Scope, domains: &[Domain]) -> Result<Regin, Scope> {
    let n = scope.len();
    let dom = |i: usize| &domains[scope.vars[i].index()];
    let lo = (0..n)
        .map(|i| i64::from(dom(i).min()) + scope.offsets[i])
        .min();
    let hi = (0..n)
        .map(|i| i64::from(dom(i).max()) + scope.offsets[i])
        .max();
    let (Some(lo), Some(hi)) = (lo, hi) else {
        return Err(scope);
    };
    let shifts: Option<Vec<i32>> = scope
        .offsets
        .iter()
        .map(|&o| i32::try_from(lo - o).ok())
        .collect();
    match shifts {
        Some(shifts) if n <= 64 && hi - lo < 64 => {
            let union = (0..n).fold(0u64, |acc, i| {
                acc | dom(i).mask_from(shifts[i]).unwrap_or(u64::MAX)
            });
            Ok(Regin {
                counted: union.count_ones() as usize == n,
                scope,
                shifts,
                mate: vec![NONE; n],
                dom: vec![0; n],
                skip: 0,
            })
        }
        _ => Err(scope),
    }
}

/// Régin's algorithm on bitmasks: bit `b` of position `i` stands for the
/// variable value `shifts[i] + b`, i.e. the shifted value `window + b`.
pub(super) struct Regin {
    scope: Scope,
    shifts: Vec<i32>,
    /// The value bit matched to each position, or [`NONE`]; kept between runs.
    mate: Vec<u8>,
    /// Scratch: the current domain masks.
    dom: Vec<u64>,
    /// Whether the positions start with exactly as many values between
    /// them as there are positions (a Sudoku house), the only case
    /// [`only_fixed_values_prune`] decides: others skip it.
    counted: bool,
    /// Runs left that go straight to the components: after counting could
    /// not decide a run, the next [`SKIPPED`] do (where a Hall set was found
    /// it tends to stay), then counting is asked again.
    skip: u8,
}

impl Regin {
    /// Finds a value for position `i` by an augmenting path.
    fn augment(&mut self, i: usize, owner: &mut [u8; 64], visited: &mut u64) -> bool {
        let candidates = self.dom[i] & !*visited;
        let mut free = candidates;
        let mut bits = candidates;
        while free != 0 {
            let v = free.trailing_zeros() as usize;
            if owner[v] == NONE {
                self.take(i, v, owner);
                return true;
            }
            free &= free - 1;
        }
        *visited |= candidates;
        while bits != 0 {
            let v = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.augment(owner[v] as usize, owner, visited) {
                self.take(i, v, owner);
                return true;
            }
        }
        false
    }

    fn take(&mut self, i: usize, v: usize, owner: &mut [u8; 64]) {
        self.mate[i] = v as u8;
        owner[v] = i as u8;
    }
}

/// Runs that skip counting after it could not decide one.
const SKIPPED: u8 = 2;

/// Open positions (more than one value) beyond which
/// [`only_fixed_values_prune`] does not count: the counts per value are four
/// bits wide.
const COUNTED: usize = 15;

/// The values of the fixed positions, when removing them from every open
/// position is all that domain consistency asks of `dom` (bitmasks, one per
/// position); `None` when counting cannot tell, and the matching must.
///
/// Say `k` positions are open and, once the fixed values are gone, hold
/// exactly `k` values between them. A value then leaves an open position only
/// because of a Hall set: `s` open positions (`0 < s < k`) whose values are
/// only `s` values, which the other `k − s` positions may not use. Its `s`
/// positions have at most `s` values each, and the `k − s` values outside it
/// are held by the other positions alone, so by at most `k − s` positions
/// each. A set of positions with too few values between them (no solution)
/// shows the same counts. So when no `s` has both `s` positions of at most
/// `s` values and `k − s` values held by at most `k − s` positions, nothing
/// else goes. Most runs in a Sudoku search end here, where the matching and
/// its components cost several times more.
fn only_fixed_values_prune(dom: &[u64]) -> Option<u64> {
    let single = |d: u64| d & d.wrapping_sub(1) == 0;
    let mut fixed = 0u64;
    for &d in dom {
        if single(d) {
            if d == 0 || fixed & d != 0 {
                return None;
            }
            fixed |= d;
        }
    }
    let mut open = 0;
    let mut union = 0u64;
    // sizes[s]: open positions with s values left (s < COUNTED, or more).
    let mut sizes = [0u8; COUNTED + 1];
    // How many open positions hold each value, in binary: bit b of the
    // count of value v is bit v of counts[b].
    let mut counts = [0u64; 4];
    for &d in dom.iter().filter(|&&d| !single(d)) {
        let left = d & !fixed;
        open += 1;
        if open > COUNTED || left == 0 {
            return None;
        }
        union |= left;
        sizes[(left.count_ones() as usize).min(COUNTED)] += 1;
        let mut carry = left;
        for plane in &mut counts {
            let next = *plane & carry;
            *plane ^= carry;
            carry = next;
        }
    }
    if union.count_ones() as usize != open {
        return None;
    }
    let mut small = 0;
    for (s, &sized) in sizes.iter().enumerate().take(open).skip(1) {
        small += usize::from(sized);
        if small >= s && (union & at_most(&counts, open - s)).count_ones() as usize >= open - s {
            return None;
        }
    }
    Some(fixed)
}

/// The values whose count in `counts` (binary, one bit plane per digit, see
/// [`only_fixed_values_prune`]) is at most `t`.
fn at_most(counts: &[u64; 4], t: usize) -> u64 {
    // Compare from the highest digit down: below once a digit of t is 1
    // where the count's is 0, equal while the digits agree.
    let (mut below, mut equal) = (0u64, u64::MAX);
    for (b, &plane) in counts.iter().enumerate().rev() {
        if t >> b & 1 == 1 {
            below |= equal & !plane;
            equal &= plane;
        } else {
            equal &= !plane;
        }
    }
    below | equal
}

/// The set of nodes reachable from `start` along `edges` (bitmask graph).
fn closure(start: usize, edges: &[u64]) -> u64 {
    let mut reached = 1u64 << start;
    let mut frontier = reached;
    while frontier != 0 {
        let mut next = 0;
        let mut f = frontier;
        while f != 0 {
            next |= edges[f.trailing_zeros() as usize];
            f &= f - 1;
        }
        frontier = next & !reached;
        reached |= next;
    }
    reached
}

impl Propagator for Regin {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.scope.watch(Events::DOMAIN)
    }

    fn priority(&self) -> Priority {
        Priority::Expensive
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        super::matching::propagate(&self.scope, ctx)
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        let n = self.scope.len();
        for i in 0..n {
            let domain = ctx.dom(self.scope.vars[i]);
            // Domains only shrink inside the initial window, so this always fits.
            self.dom[i] = domain.mask_from(self.shifts[i]).unwrap_or(0);
        }
        // Keep what is still valid of the old matching, then repair it.
        let mut owner = [NONE; 64];
        for i in 0..n {
            let m = self.mate[i];
            if m != NONE && self.dom[i] >> m & 1 == 1 && owner[m as usize] == NONE {
                owner[m as usize] = i as u8;
            } else {
                self.mate[i] = NONE;
            }
        }
        for i in 0..n {
            let mut visited = 0;
            if self.mate[i] == NONE && !self.augment(i, &mut owner, &mut visited) {
                // The values reached and their owners form a Hall set that
                // cannot also hold position i: those variables are to blame.
                ctx.blame(self.scope.vars[i]);
                while visited != 0 {
                    let v = visited.trailing_zeros() as usize;
                    visited &= visited - 1;
                    if owner[v] != NONE {
                        ctx.blame(self.scope.vars[owner[v] as usize]);
                    }
                }
                return Err(ctx.fail());
            }
        }
        // The matching is repaired all the same, so that a failure later
        // blames the same positions whichever way this run ends.
        if self.skip > 0 {
            self.skip -= 1;
        } else if self.counted {
            if let Some(fixed) = only_fixed_values_prune(&self.dom[..n]) {
                for i in 0..n {
                    let d = self.dom[i];
                    if d & d.wrapping_sub(1) != 0 && d & fixed != 0 {
                        ctx.retain_mask(self.scope.vars[i], self.shifts[i], d & !fixed)?;
                    }
                }
                return Ok(());
            }
            self.skip = SKIPPED;
        }
        // Values reachable from a free value along alternating paths.
        let union = self.dom.iter().fold(0, |acc, d| acc | d);
        let matched = self.mate.iter().fold(0u64, |acc, &m| acc | 1 << m);
        let mut reached_values = union & !matched;
        let mut reached_vars = 0u64;
        loop {
            let before = reached_vars;
            for i in 0..n {
                if reached_vars >> i & 1 == 0 && self.dom[i] & reached_values != 0 {
                    reached_vars |= 1 << i;
                    reached_values |= 1 << self.mate[i];
                }
            }
            if reached_vars == before {
                break;
            }
        }
        // Positions that may lose a value: those with an edge to a value that
        // is neither theirs nor reachable from a free value.
        let mut doubtful = 0u64;
        for i in 0..n {
            if self.dom[i] & !reached_values & !(1u64 << self.mate[i]) != 0 {
                doubtful |= 1 << i;
            }
        }
        if doubtful == 0 {
            return Ok(());
        }
        // Strongly connected components of the graph on positions where
        // i → j when j can take i's matched value; an edge from a doubtful
        // position survives when it stays inside its component.
        let mut holders = [0u64; 64];
        for i in 0..n {
            let mut d = self.dom[i];
            while d != 0 {
                holders[d.trailing_zeros() as usize] |= 1 << i;
                d &= d - 1;
            }
        }
        let mut succ = [0u64; 64];
        let mut pred = [0u64; 64];
        for i in 0..n {
            succ[i] = holders[self.mate[i] as usize] & !(1 << i);
            let mut s = succ[i];
            while s != 0 {
                pred[s.trailing_zeros() as usize] |= 1 << i;
                s &= s - 1;
            }
        }
        let mut component_values = [0u64; 64];
        let mut unassigned = doubtful;
        while unassigned != 0 {
            let start = unassigned.trailing_zeros() as usize;
            let component = closure(start, &succ) & closure(start, &pred);
            unassigned &= !component;
            let mut values = 0u64;
            let mut c = component;
            while c != 0 {
                values |= 1 << self.mate[c.trailing_zeros() as usize];
                c &= c - 1;
            }
            let mut c = component & doubtful;
            while c != 0 {
                component_values[c.trailing_zeros() as usize] = values;
                c &= c - 1;
            }
        }
        let mut d = doubtful;
        while d != 0 {
            let i = d.trailing_zeros() as usize;
            d &= d - 1;
            let keep = self.dom[i] & (reached_values | component_values[i]);
            if keep != self.dom[i] {
                ctx.retain_mask(self.scope.vars[i], self.shifts[i], keep)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::{after_one_run, domains};

    #[test]
    fn closure_follows_edges() {
        let edges = [0b010, 0b100, 0b000];
        assert_eq!(closure(0, &edges), 0b111);
        assert_eq!(closure(2, &edges), 0b100);
    }

    #[test]
    fn counts_compare_digit_by_digit() {
        // Values 0..3 held 0, 1, 2 and 3 times.
        let counts = [0b1010, 0b1100, 0, 0];
        assert_eq!(at_most(&counts, 0), !0b1110);
        assert_eq!(at_most(&counts, 1) & 0b1111, 0b0011);
        assert_eq!(at_most(&counts, 2) & 0b1111, 0b0111);
        assert_eq!(at_most(&counts, 15), u64::MAX);
    }

    #[test]
    fn counting_sees_hall_sets_and_their_absence() {
        // Open positions {1, 2}, {1, 2}, {1, 2, 3}: the pair is a Hall set.
        assert_eq!(only_fixed_values_prune(&[0b110, 0b110, 0b1110]), None);
        // Two open positions over two values, one fixed value to remove.
        assert_eq!(only_fixed_values_prune(&[0b0110, 0b0111, 0b0001]), Some(1));
        // Three open positions with all of {1, 2, 3}: no Hall set.
        assert_eq!(only_fixed_values_prune(&[0b111, 0b111, 0b111]), Some(0));
        // A fixed value twice, or a free value: the matching decides.
        assert_eq!(only_fixed_values_prune(&[0b1, 0b1, 0b110]), None);
        assert_eq!(only_fixed_values_prune(&[0b111, 0b111]), None);
    }

    /// Domains over exactly as many values as positions (the case counting
    /// decides), some fixed, many near full: each run keeps what the
    /// matching from scratch keeps, and both ways of deciding occur.
    #[test]
    fn counting_agrees_with_the_matching() {
        let mut state = 0x5eed_a11d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut counted, mut matched) = (0, 0);
        for _ in 0..3000 {
            let n = 2 + (next() % 16) as usize;
            let full = (1u64 << n) - 1;
            let masks: Vec<u64> = (0..n)
                .map(|_| match next() % 8 {
                    0 => 1 << (next() % n as u64),
                    1..=3 => full & !(1 << (next() % n as u64)),
                    4 => full,
                    _ => (next() & full).max(1),
                })
                .collect();
            let values: Vec<Vec<i32>> = masks
                .iter()
                .map(|&m| (0..n as i32).filter(|&v| m >> v & 1 == 1).collect())
                .collect();
            let before: Vec<&[i32]> = values.iter().map(Vec::as_slice).collect();
            let Ok(mut prop) = fitting(Scope::plain(n as u32), &domains(&before)) else {
                panic!("at most 17 variables over 0..17 fit in bitmasks");
            };
            if only_fixed_values_prune(&masks).is_some() {
                assert!(prop.counted, "counting decided, so the values were n");
                counted += 1;
            } else {
                matched += 1;
            }
            after_one_run(&mut prop, &before);
        }
        assert!(
            counted > 300 && matched > 300,
            "{counted} counted, {matched} matched"
        );
    }

    #[test]
    fn a_hall_set_with_a_hole_is_found() {
        // x, y ∈ {1, 3} take 1 and 3 between them, so z ∈ {1, 2, 3} is 2:
        // a Hall set that bounds reasoning misses.
        let before: [&[i32]; 3] = [&[1, 3], &[1, 3], &[1, 2, 3]];
        let Ok(mut prop) = fitting(Scope::plain(3), &domains(&before)) else {
            panic!("three variables over 1..3 fit in bitmasks");
        };
        let after = after_one_run(&mut prop, &before);
        assert_eq!(after.unwrap(), ["{1, 3}", "{1, 3}", "{2}"]);
    }
}
