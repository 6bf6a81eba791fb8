//! Reified set membership: `b ⇔ x ∈ S`, and the half-reified `b ⇒ x ∈ S`,
//! for a constant set `S` and a 0/1 variable `b`.
//!
//! `b = 1` keeps only the values of `x` in `S`; `b = 0` removes them
//! (unless half-reified). While `b` is open, `x` decides it: every value in
//! `S` gives `b = 1`, none gives `b = 0`. With `S = {2, 4}` and
//! `x ∈ {1, 3, 5}`, `b = 0`; `x = c` reified is `S = {c}`, exact on domains
//! with holes. A set of at most [`SMALL_SET`] values is worked through
//! value by value (removing or testing each: no allocation); otherwise a
//! domain of more than [`VALUE_LIMIT`] values is judged by its bounds only
//! (the values at its ends), which is sound and exact once it shrinks.

use super::reified::{note_entailment, propagate_reified};
use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

/// The largest domain whose values are looked at one by one.
const VALUE_LIMIT: u64 = 1 << 16;

/// The most values of a set listed one by one.
const SMALL_SET: i64 = 64;

pub(crate) struct InSetReif {
    x: Var,
    /// Sorted, disjoint inclusive intervals.
    set: Vec<(i32, i32)>,
    reif: Var,
    implies: bool,
    /// The values of a set of at most [`SMALL_SET`] values.
    values: Option<Vec<i32>>,
}

impl InSetReif {
    pub(crate) fn new(x: Var, mut set: Vec<(i32, i32)>, reif: Var, implies: bool) -> Self {
        set.retain(|&(lo, hi)| lo <= hi);
        set.sort_unstable();
        let size: i64 = set
            .iter()
            .map(|&(lo, hi)| i64::from(hi) - i64::from(lo) + 1)
            .sum();
        let values =
            (size <= SMALL_SET).then(|| set.iter().flat_map(|&(lo, hi)| lo..=hi).collect());
        InSetReif {
            x,
            set,
            reif,
            implies,
            values,
        }
    }

    fn member(&self, v: i32) -> bool {
        let i = self.set.partition_point(|&(_, hi)| hi < v);
        i < self.set.len() && self.set[i].0 <= v
    }

    /// Keeps the values of `x` that are in the set (`inside`) or out of it.
    fn keep(&self, ctx: &mut PropCtx<'_>, inside: bool) -> PropResult {
        if let (Some(values), false) = (&self.values, inside) {
            for &v in values {
                ctx.remove(self.x, v)?;
            }
            return Ok(());
        }
        if let ([(lo, hi)], true) = (&self.set[..], inside) {
            ctx.set_min(self.x, *lo)?;
            ctx.set_max(self.x, *hi)?;
            return Ok(());
        }
        let domain = ctx.dom(self.x);
        if domain.size() <= VALUE_LIMIT {
            let kept = domain.iter().filter(|&v| self.member(v) == inside);
            let kept = Domain::from_values(kept.collect::<Vec<_>>());
            return ctx.intersect(self.x, &kept).map(drop);
        }
        // Too many values: move each bound to the nearest kept value.
        while self.member(ctx.min(self.x)) != inside {
            let min = ctx.min(self.x);
            let next = self.next_change(min, true).ok_or_else(|| ctx.fail())?;
            ctx.set_min(self.x, next)?;
        }
        while self.member(ctx.max(self.x)) != inside {
            let max = ctx.max(self.x);
            let next = self.next_change(max, false).ok_or_else(|| ctx.fail())?;
            ctx.set_max(self.x, next)?;
        }
        Ok(())
    }

    /// The nearest value after `v` (above it when `up`, else below) whose
    /// membership differs from `v`'s; `None` past the last `i32`.
    fn next_change(&self, v: i32, up: bool) -> Option<i32> {
        let i = self.set.partition_point(|&(_, hi)| hi < v);
        let inside = i < self.set.len() && self.set[i].0 <= v;
        match (inside, up) {
            (true, true) => self.set[i].1.checked_add(1),
            (true, false) => self.set[i].0.checked_sub(1),
            (false, true) => self.set.get(i).map(|&(lo, _)| lo),
            (false, false) => i.checked_sub(1).map(|j| self.set[j].1),
        }
    }

    /// `Some(true)` when every value of `x` is in the set, `Some(false)` when
    /// none is (by the bounds only, for domains beyond [`VALUE_LIMIT`]).
    fn decided(&self, ctx: &PropCtx<'_>) -> Option<bool> {
        let domain = ctx.dom(self.x);
        let (all, none) = if let Some(values) = &self.values {
            let none = values.iter().all(|&v| !domain.contains(v));
            let all = !none
                && domain.size() <= values.len() as u64
                && domain.iter().all(|v| self.member(v));
            (all, none)
        } else if domain.size() <= VALUE_LIMIT {
            let all = domain.iter().all(|v| self.member(v));
            (all, !all && domain.iter().all(|v| !self.member(v)))
        } else {
            let (lo, hi) = (domain.min(), domain.max());
            let all = self.set.iter().any(|&(a, b)| a <= lo && hi <= b);
            let none = self.set.iter().all(|&(a, b)| b < lo || hi < a);
            (all, none)
        };
        if all {
            Some(true)
        } else if none {
            Some(false)
        } else {
            None
        }
    }
}

impl Propagator for InSetReif {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        vec![(self.x, Events::DOMAIN), (self.reif, Events::FIXED)]
    }

    fn priority(&self) -> Priority {
        Priority::Cheap
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let decided = self.decided(ctx);
        propagate_reified(ctx, self.reif, self.implies, decided, |ctx, inside| {
            self.keep(ctx, inside)
        })?;
        // Entailed once `b` and `x` agree for good: no later change to `x`
        // can matter (on langford's channelling, most changes are such).
        note_entailment(ctx, self.reif, self.implies, decided, |ctx| {
            self.decided(ctx)
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn the_values_of_x_decide_b_and_b_filters_x() {
        // S = {2, 4}: x ∈ {1, 3, 5} is outside, b = 0.
        let mut prop = InSetReif::new(Var(0), vec![(2, 2), (4, 4)], Var(1), false);
        let after = after_one_run(&mut prop, &[&[1, 3, 5], &[0, 1]]);
        assert_eq!(after.unwrap(), ["{1, 3, 5}", "{0}"]);
        // x ∈ {2, 4}: inside, b = 1.
        let after = after_one_run(&mut prop, &[&[2, 4], &[0, 1]]);
        assert_eq!(after.unwrap(), ["{2, 4}", "{1}"]);
        // b = 1 keeps {2, 4}; b = 0 removes them.
        let after = after_one_run(&mut prop, &[&[1, 2, 3, 4], &[1]]);
        assert_eq!(after.unwrap(), ["{2, 4}", "{1}"]);
        let after = after_one_run(&mut prop, &[&[1, 2, 3, 4], &[0]]);
        assert_eq!(after.unwrap(), ["{1, 3}", "{0}"]);
        assert_eq!(after_one_run(&mut prop, &[&[2], &[0]]), None);
    }

    #[test]
    fn half_reified_membership_leaves_b_open_when_x_is_inside() {
        let mut prop = InSetReif::new(Var(0), vec![(1, 3)], Var(1), true);
        let after = after_one_run(&mut prop, &[&[1, 2], &[0, 1]]);
        assert_eq!(after.unwrap(), ["{1, 2}", "{0, 1}"]);
        let after = after_one_run(&mut prop, &[&[1, 7], &[0]]);
        assert_eq!(after.unwrap(), ["{1, 7}", "{0}"]);
        let after = after_one_run(&mut prop, &[&[7, 8], &[0, 1]]);
        assert_eq!(after.unwrap(), ["{7, 8}", "{0}"]);
    }
}
