//! A relation (or a table over two variables) with small domains, as
//! support masks.
//!
//! For each value `a` of `x` the set of `y` values allowed with it is one
//! `u64` over `y`'s window, and likewise for each value of `y`. A run ORs the
//! masks of `x`'s remaining values — the `y` values with a support — and
//! keeps those in `y`, then does the same from the new `y` to `x`: domain
//! consistency in one word operation per value. One pass each way is
//! enough: every `y` kept has a support `a` in `x`, and `a` itself is kept
//! because that `y` supports it. The from-scratch version tests each value
//! against the other side's domain, one value at a time.
//!
//! Kropki's white dot on digits, `|x − y| = 1`: the mask of `x = 5` holds
//! 4 and 6; with `x ∈ {1, 5}`, `y` keeps `{2, 4, 6}`.

use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

/// One side of the relation: a variable, the value of bit 0 of its window,
/// and per bit the mask of the other side's values allowed with it.
struct Side {
    var: Var,
    base: i32,
    supports: Vec<u64>,
}

pub(crate) struct Binary {
    x: Side,
    y: Side,
}

impl Binary {
    /// The propagator of the pairs `(x, y)` allowed by `pairs`, when `x` and
    /// `y` are distinct variables whose initial `domains` fit 64-value
    /// windows.
    pub(crate) fn fitting(
        (x, y): (Var, Var),
        pairs: &[(i32, i32)],
        domains: &[Domain],
    ) -> Option<Self> {
        let (dx, dy) = (&domains[x.index()], &domains[y.index()]);
        let (x_base, y_base) = (dx.min(), dy.min());
        let (Some(x_mask), Some(y_mask)) = (dx.mask_from(x_base), dy.mask_from(y_base)) else {
            return None;
        };
        if x == y {
            return None;
        }
        // The bit of `value` in a window from `base`, when the mask holds it.
        let bit = |value: i32, base: i32, mask: u64| {
            let i = i64::from(value) - i64::from(base);
            ((0..64).contains(&i) && mask >> i & 1 == 1).then_some(i as usize)
        };
        let width = |d: &Domain, base: i32| (i64::from(d.max()) - i64::from(base) + 1).max(0);
        let mut x_side = Side {
            var: x,
            base: x_base,
            supports: vec![0; width(dx, x_base) as usize],
        };
        let mut y_side = Side {
            var: y,
            base: y_base,
            supports: vec![0; width(dy, y_base) as usize],
        };
        for &(a, b) in pairs {
            if let (Some(i), Some(j)) = (bit(a, x_base, x_mask), bit(b, y_base, y_mask)) {
                x_side.supports[i] |= 1 << j;
                y_side.supports[j] |= 1 << i;
            }
        }
        Some(Binary {
            x: x_side,
            y: y_side,
        })
    }

    /// The propagator of a two-variable table, when it fits (as
    /// [`Binary::fitting`]).
    pub(crate) fn from_table(
        vars: &[Var],
        tuples: &[Vec<i32>],
        domains: &[Domain],
    ) -> Option<Self> {
        let &[x, y] = vars else { return None };
        let pairs = tuples.iter().filter_map(|t| match t.as_slice() {
            &[a, b] => Some((a, b)),
            _ => None,
        });
        let pairs: Vec<(i32, i32)> = pairs.collect();
        Binary::fitting((x, y), &pairs, domains)
    }
}

impl Side {
    /// Keeps the values of this side with a support among `other`'s current
    /// values, one value at a time.
    fn keep_supported(&self, other: &Side, ctx: &mut PropCtx<'_>) -> PropResult {
        let Some(theirs) = ctx.dom(other.var).mask_from(other.base) else {
            return Ok(());
        };
        let values: Vec<i32> = ctx.dom(self.var).iter().collect();
        for value in values {
            let support = usize::try_from(i64::from(value) - i64::from(self.base))
                .ok()
                .and_then(|i| self.supports.get(i));
            if support.is_none_or(|s| s & theirs == 0) {
                ctx.remove(self.var, value)?;
            }
        }
        Ok(())
    }

    /// The values of the other side supported by this side's current values;
    /// `None` when the domain has left its window (it cannot: domains only
    /// shrink).
    fn supported(&self, ctx: &PropCtx<'_>) -> Option<u64> {
        let mut mask = ctx.dom(self.var).mask_from(self.base)?;
        let mut other = 0;
        while mask != 0 {
            other |= self.supports.get(mask.trailing_zeros() as usize)?;
            mask &= mask - 1;
        }
        Some(other)
    }
}

impl Propagator for Binary {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        vec![(self.x.var, Events::DOMAIN), (self.y.var, Events::DOMAIN)]
    }

    fn priority(&self) -> Priority {
        Priority::Cheap
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        let Some(for_y) = self.x.supported(ctx) else {
            return self.propagate_from_scratch(ctx);
        };
        ctx.retain_mask(self.y.var, self.y.base, for_y)?;
        let Some(for_x) = self.y.supported(ctx) else {
            return self.propagate_from_scratch(ctx);
        };
        ctx.retain_mask(self.x.var, self.x.base, for_x)?;
        Ok(())
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        self.x.keep_supported(&self.y, ctx)?;
        self.y.keep_supported(&self.x, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::{after_one_run, domains};

    fn binary(pairs: &[(i32, i32)], before: &[&[i32]]) -> Option<Binary> {
        Binary::fitting((Var(0), Var(1)), pairs, &domains(before))
    }

    #[test]
    fn a_white_dot_keeps_the_neighbours_of_the_values_left() {
        // |x − y| = 1 on 1..9, x ∈ {1, 5}: y keeps {2, 4, 6}.
        let dot: Vec<(i32, i32)> = (1..=9)
            .flat_map(|a| [(a, a - 1), (a, a + 1)])
            .filter(|&(_, b)| (1..=9).contains(&b))
            .collect();
        let digits: &[i32] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let mut prop = binary(&dot, &[digits, digits]).unwrap();
        let after = after_one_run(&mut prop, &[&[1, 5], digits]);
        assert_eq!(after.unwrap(), ["{1, 5}", "{2, 4, 6}"]);
        // y ∈ {3, 4}: x ∈ {5} keeps only 4's neighbour 5; 3 goes from y.
        let after = after_one_run(&mut prop, &[&[1, 5], &[3, 4]]);
        assert_eq!(after.unwrap(), ["{5}", "{4}"]);
        assert_eq!(after_one_run(&mut prop, &[&[1, 5], &[8, 9]]), None);
    }

    #[test]
    fn only_two_distinct_variables_in_small_windows_fit() {
        let small: &[i32] = &[0, 1];
        assert!(binary(&[(0, 1)], &[small, &[0, 100]]).is_none());
        let same = Binary::fitting((Var(0), Var(0)), &[(0, 0)], &domains(&[small]));
        assert!(same.is_none());
        let three = Binary::from_table(&[Var(0), Var(1), Var(0)], &[], &domains(&[small, small]));
        assert!(three.is_none());
        // A tuple outside the initial domains is no support.
        let mut prop = binary(&[(0, 1), (1, 7)], &[small, small]).unwrap();
        assert_eq!(
            after_one_run(&mut prop, &[small, small]).unwrap(),
            ["{0}", "{1}"]
        );
    }
}
