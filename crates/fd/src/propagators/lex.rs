//! `x ≤lex y` and `x <lex y`: generalised arc consistency with the two
//! pointers of Frisch, Hnich, Kızıltan, Miguel and Walsh (2002).
//!
//! `α` is the first position where `x` and `y` are not fixed to one same
//! value: every earlier position is settled equal, so the order is decided
//! from `α` on. `ok(i)` says whether the order can still hold from position
//! `i` on with every earlier position equal: some `k ≥ i` has `xₖ < yₖ`
//! possible after positions `i..k` that can each be equal, or the
//! sequences run out together with the length rule satisfied (the shorter,
//! or for `≤` an equal length, is the smaller). `β`, the first position
//! from which `ok` is false, is where equality up to it would break the
//! order.
//!
//! At `α`, a value of `x_α` has a support when it is below `max y_α`, or
//! equal to it with `ok(α + 1)`; symmetrically for `y_α`. So `x_α ≤ max
//! y_α` and `y_α ≥ min x_α`, strictly when `β = α + 1`. When that leaves
//! `x_α` and `y_α` fixed to one value, `α` moves on; otherwise `x_α < y_α`
//! is possible and frees every later position, so the run ends.
//!
//! With `x = [{1}, {1, 2}, {0, 1}]`, `y = [{1}, {1}, {0}]` and `≤`: `α = 1`,
//! `ok(2)` holds (`x₂ = y₂ = 0` is possible), so `x₁ ≤ 1` fixes `x₁ = 1`;
//! then `α = 2`, nothing after it, `x₂ ≤ 0` fixes `x₂ = 0`.
//!
//! A variable in both sequences, or twice in one, makes the positions
//! depend on each other: the pruning stays sound (each position is judged
//! as if its variables were free), but may fall short of arc consistency.

use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct LexLess {
    x: Vec<Var>,
    y: Vec<Var>,
    strict: bool,
}

impl LexLess {
    pub(crate) fn new(x: Vec<Var>, y: Vec<Var>, strict: bool) -> Self {
        LexLess { x, y, strict }
    }

    /// Whether equal sequences up to their common length satisfy the order.
    fn tail_holds(&self) -> bool {
        if self.strict {
            self.x.len() < self.y.len()
        } else {
            self.x.len() <= self.y.len()
        }
    }

    /// The first position not fixed equal in `x` and `y`, from `from`.
    fn alpha(&self, ctx: &PropCtx<'_>, from: usize) -> usize {
        let common = self.x.len().min(self.y.len());
        (from..common)
            .find(|&i| {
                let (a, b) = (ctx.value(self.x[i]), ctx.value(self.y[i]));
                a.is_none() || a != b
            })
            .unwrap_or(common)
    }

    /// Whether the order can hold from position `from` on with every
    /// earlier position equal.
    fn ok_from(&self, ctx: &PropCtx<'_>, from: usize) -> bool {
        let common = self.x.len().min(self.y.len());
        for i in from..common {
            let (x, y) = (ctx.dom(self.x[i]), ctx.dom(self.y[i]));
            if x.min() < y.max() {
                return true;
            }
            if !x.intersects(y) {
                return false;
            }
        }
        self.tail_holds()
    }
}

impl Propagator for LexLess {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.x
            .iter()
            .chain(&self.y)
            .map(|&v| (v, Events::DOMAIN))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let common = self.x.len().min(self.y.len());
        let mut alpha = self.alpha(ctx, 0);
        while alpha < common {
            let (x, y) = (self.x[alpha], self.y[alpha]);
            if self.ok_from(ctx, alpha + 1) {
                ctx.set_max(x, ctx.max(y))?;
                ctx.set_min(y, ctx.min(x))?;
            } else {
                ctx.set_max(x, ctx.max(y).saturating_sub(1))?;
                ctx.set_min(y, ctx.min(x).saturating_add(1))?;
            }
            if ctx.min(x) < ctx.max(y) {
                // x_α < y_α is possible: the later positions are free.
                return Ok(());
            }
            // Both are fixed to one value now (x ≤ max y ≤ min x ≤ y).
            alpha = self.alpha(ctx, alpha + 1);
        }
        if self.tail_holds() {
            Ok(())
        } else {
            Err(ctx.fail())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    fn lex(n: usize, strict: bool) -> LexLess {
        LexLess::new(
            (0..n as u32).map(Var).collect(),
            (n as u32..2 * n as u32).map(Var).collect(),
            strict,
        )
    }

    #[test]
    fn equal_prefixes_push_the_first_open_position() {
        // The example above.
        let before: &[&[i32]] = &[&[1], &[1, 2], &[0, 1], &[1], &[1], &[0]];
        let after = after_one_run(&mut lex(3, false), before);
        assert_eq!(after.unwrap(), ["{1}", "{1}", "{0}", "{1}", "{1}", "{0}"]);
        // Strict: x₂ < 0 is impossible, so x₁ = y₁ cannot hold either.
        assert_eq!(after_one_run(&mut lex(3, true), before), None);
    }

    #[test]
    fn a_suffix_that_must_be_greater_makes_the_first_position_strict() {
        // x = [{0..3}, {5}], y = [{0..3}, {4}]: equality at 0 would need
        // 5 ≤ 4, so x₀ < y₀.
        let before: &[&[i32]] = &[&[0, 1, 2, 3], &[5], &[0, 1, 2, 3], &[4]];
        let after = after_one_run(&mut lex(2, false), before);
        assert_eq!(after.unwrap(), ["{0..2}", "{5}", "{1..3}", "{4}"]);
    }

    #[test]
    fn a_possible_strict_step_frees_the_later_positions() {
        // x₁ > y₁ forces x₀ < y₀, which leaves x₀ ∈ {1, 2}, y₀ ∈ {2, 3}
        // and nothing to say about position 1.
        let before: &[&[i32]] = &[&[1, 2], &[7, 8], &[1, 2, 3], &[0, 1]];
        let after = after_one_run(&mut lex(2, false), before);
        assert_eq!(after.unwrap(), ["{1, 2}", "{7, 8}", "{2, 3}", "{0, 1}"]);
    }

    #[test]
    fn lengths_decide_between_equal_prefixes() {
        // [1] ≤ [1, 0] holds; [1, 0] ≤ [1] does not.
        let mut shorter = LexLess::new(vec![Var(0)], vec![Var(1), Var(2)], true);
        let before: &[&[i32]] = &[&[1], &[1], &[0]];
        assert!(after_one_run(&mut shorter, before).is_some());
        let mut longer = LexLess::new(vec![Var(1), Var(2)], vec![Var(0)], false);
        assert_eq!(after_one_run(&mut longer, before), None);
    }
}
