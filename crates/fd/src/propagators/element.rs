//! `value = array[index − base]`: the element constraint with variables in
//! the array.
//!
//! A value of `index` stays while it points into the array at a variable
//! that shares a value with `value`; a value of `value` stays while some
//! position still allowed by `index` can hold it; once `index` is fixed,
//! the chosen variable keeps only the values `value` has. With `array =
//! [a ∈ {1, 2}, b ∈ {5, 6}]`, `index ∈ {1, 2}` (base 1) and `value ∈ {2, 3}`,
//! `b` cannot match, so `index = 1`, `value = 2` and `a = 2`.
//!
//! Domains of more than [`VALUE_LIMIT`] values are compared by their bounds
//! only (sound: they overlap whenever they share a value), and `value` is
//! then kept within the smallest and largest value the positions allow.
//!
//! Where the index's values span fewer than 64, and so do `value`'s and
//! those of the variables it may pick, the same pruning runs on bit masks,
//! without allocating (a digit key read per cell, as in a Sudoku's
//! isomorphic twins, runs it at every node).

use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

/// The largest domain whose values are looked at one by one.
const VALUE_LIMIT: u64 = 1 << 12;

pub(crate) struct Element {
    index: Var,
    array: Vec<Var>,
    value: Var,
    base: i32,
}

impl Element {
    pub(crate) fn new(index: Var, array: Vec<Var>, value: Var, base: i32) -> Self {
        Element {
            index,
            array,
            value,
            base,
        }
    }

    /// The array variable `k` points at, if any.
    fn at(&self, k: i32) -> Option<Var> {
        let position = i64::from(k) - i64::from(self.base);
        usize::try_from(position)
            .ok()
            .and_then(|p| self.array.get(p))
            .copied()
    }
}

/// Whether `a` and `b` may share a value (exactly, unless both are large).
fn overlap(a: &Domain, b: &Domain) -> bool {
    if a.max() < b.min() || b.max() < a.min() {
        return false;
    }
    let (small, other) = if a.size() <= b.size() { (a, b) } else { (b, a) };
    small.size() > VALUE_LIMIT || small.iter().any(|v| other.contains(v))
}

impl Element {
    /// The pruning of `propagate_from_scratch` on bit masks; `None` (nothing
    /// done) where a domain does not fit in 64 values.
    fn propagate_masks(&self, ctx: &mut PropCtx<'_>) -> Option<PropResult> {
        let ibase = ctx.min(self.index);
        let index = ctx.dom(self.index).mask_from(ibase)?;
        let picked = || {
            let mut bits = index;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros();
                    bits &= bits - 1;
                    (i, self.at(ibase + i as i32))
                })
            })
        };
        let base = picked()
            .filter_map(|(_, x)| x)
            .map(|x| ctx.min(x))
            .fold(ctx.min(self.value), i32::min);
        let value = ctx.dom(self.value).mask_from(base)?;
        let (mut live, mut reach) = (0u64, 0u64);
        for (i, x) in picked() {
            let Some(x) = x else { continue };
            let held = ctx.dom(x).mask_from(base)?;
            if held & value != 0 {
                live |= 1 << i;
                reach |= held;
            }
        }
        Some(self.prune_masks(ctx, (ibase, live), (base, reach)))
    }

    /// Keeps the `live` positions (from `ibase`) and the values they
    /// `reach` (from `base`), then ties a fixed index's variable to `value`.
    fn prune_masks(
        &self,
        ctx: &mut PropCtx<'_>,
        (ibase, live): (i32, u64),
        (base, reach): (i32, u64),
    ) -> PropResult {
        ctx.retain_mask(self.index, ibase, live)?;
        ctx.retain_mask(self.value, base, reach)?;
        if let Some(x) = ctx.value(self.index).and_then(|k| self.at(k)) {
            let value = ctx.dom(self.value).mask_from(base).unwrap_or(reach);
            ctx.retain_mask(x, base, value)?;
            let chosen = ctx.dom(x).mask_from(base).unwrap_or(value);
            ctx.retain_mask(self.value, base, chosen)?;
        }
        Ok(())
    }
}

impl Propagator for Element {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        let array = self.array.iter().map(|&v| (v, Events::DOMAIN));
        array
            .chain([(self.index, Events::DOMAIN), (self.value, Events::DOMAIN)])
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        match self.propagate_masks(ctx) {
            Some(result) => result,
            None => self.propagate_from_scratch(ctx),
        }
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        // The positions that can still match value.
        let live: Vec<i32> = ctx
            .dom(self.index)
            .iter()
            .filter(|&k| {
                self.at(k)
                    .is_some_and(|x| overlap(ctx.dom(x), ctx.dom(self.value)))
            })
            .collect();
        ctx.intersect(self.index, &Domain::from_values(live.iter().copied()))?;
        // The values some live position allows.
        let sizes: u64 = live
            .iter()
            .filter_map(|&k| self.at(k))
            .map(|x| ctx.dom(x).size())
            .sum();
        let domains = live.iter().filter_map(|&k| self.at(k));
        if sizes <= VALUE_LIMIT {
            let values: Vec<i32> = domains.flat_map(|x| ctx.dom(x).iter()).collect();
            ctx.intersect(self.value, &Domain::from_values(values))?;
        } else {
            let lo = domains.clone().map(|x| ctx.min(x)).min();
            let hi = domains.map(|x| ctx.max(x)).max();
            if let (Some(lo), Some(hi)) = (lo, hi) {
                ctx.set_min(self.value, lo)?;
                ctx.set_max(self.value, hi)?;
            }
        }
        // A fixed index: the chosen variable equals value.
        if let Some(x) = ctx.value(self.index).and_then(|k| self.at(k)) {
            let value = ctx.dom(self.value).clone();
            ctx.intersect(x, &value)?;
            let chosen = ctx.dom(x).clone();
            ctx.intersect(self.value, &chosen)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn only_positions_that_can_match_the_value_survive() {
        // array = [a ∈ {1, 2}, b ∈ {5, 6}], index ∈ {1, 2}, value ∈ {2, 3}:
        // b cannot match, so index = 1, value = 2 and a = 2.
        let mut prop = Element::new(Var(2), vec![Var(0), Var(1)], Var(3), 1);
        let after = after_one_run(&mut prop, &[&[1, 2], &[5, 6], &[1, 2], &[2, 3]]);
        assert_eq!(after.unwrap(), ["{2}", "{5, 6}", "{1}", "{2}"]);
        // An index outside the array, and no match at all: failure.
        assert_eq!(after_one_run(&mut prop, &[&[1], &[5], &[0, 3], &[1]]), None);
    }

    #[test]
    fn value_keeps_what_the_live_positions_hold() {
        // index ∈ {1, 2}: value keeps {1, 2, 5, 6} of 0..9.
        let mut prop = Element::new(Var(2), vec![Var(0), Var(1)], Var(3), 1);
        let digits: &[i32] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        let after = after_one_run(&mut prop, &[&[1, 2], &[5, 6], &[1, 2], digits]);
        assert_eq!(
            after.unwrap(),
            ["{1, 2}", "{5, 6}", "{1, 2}", "{1, 2, 5, 6}"]
        );
    }
}
