//! Integer arithmetic: `z = x · y`, `x / y`, `x mod y`, `xʸ`, `min`, `max`
//! ([`ArithOp`]) and `z = |x|`.
//!
//! When the operands have few value pairs (at most [`PAIR_LIMIT`]) every
//! pair is tried: a value stays only if some pair `(a, b)` with `a op b` in
//! `z`'s domain uses it (domain consistency). With `x ∈ {2, 3}`,
//! `y ∈ {4, 5}` and `z = x · y` over `{8, 9, 10}`, the pairs give 8, 10, 12,
//! 15: `z` keeps `{8, 10}` and `x` keeps `{2}`. A variable used twice
//! (`x · x`) is one variable: only pairs `(a, a)` count.
//!
//! Wider operands get interval reasoning instead: the bounds of `z` from the
//! corners of `x` and `y` (`·`, `min`, `max`, `|x|`), the operand bounds that
//! `min`, `max` and `|x|` imply, `x` from `z / c` when `y = c` for `·`, and
//! the value of `z` once both operands are fixed. Sound, weaker, and exact
//! on fixed values.

use crate::constraint::ArithOp;
use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

/// The most operand pairs tried one by one.
pub(crate) const PAIR_LIMIT: u64 = 1 << 14;

/// The function computed into `z`.
#[derive(Clone, Copy)]
pub(crate) enum Function {
    /// `x op y`.
    Binary(ArithOp),
    /// `|x|` (the propagator's `y` is `x`).
    Abs,
}

impl Function {
    fn apply(self, a: i64, b: i64) -> Option<i64> {
        match self {
            Function::Binary(op) => op.apply(a, b),
            Function::Abs => Some(a.abs()),
        }
    }
}

pub(crate) struct Arith {
    function: Function,
    x: Var,
    y: Var,
    z: Var,
}

impl Arith {
    /// `z = x op y`.
    pub(crate) fn binary(op: ArithOp, x: Var, y: Var, z: Var) -> Self {
        Arith {
            function: Function::Binary(op),
            x,
            y,
            z,
        }
    }

    /// `z = |x|`.
    pub(crate) fn abs(x: Var, z: Var) -> Self {
        Arith {
            function: Function::Abs,
            x,
            y: x,
            z,
        }
    }

    /// Domain consistency by trying every pair of operand values.
    fn by_pairs(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let (dx, dy, dz) = (ctx.dom(self.x), ctx.dom(self.y), ctx.dom(self.z));
        let (mut xs, mut ys, mut zs) = (Vec::new(), Vec::new(), Vec::new());
        for a in dx.iter() {
            for b in dy.iter() {
                if self.y == self.x && b != a {
                    continue;
                }
                let Some(c) = self.function.apply(i64::from(a), i64::from(b)) else {
                    continue;
                };
                let Ok(c) = i32::try_from(c) else { continue };
                let consistent =
                    dz.contains(c) && (self.z != self.x || c == a) && (self.z != self.y || c == b);
                if consistent {
                    xs.push(a);
                    ys.push(b);
                    zs.push(c);
                }
            }
        }
        ctx.intersect(self.x, &Domain::from_values(xs))?;
        ctx.intersect(self.y, &Domain::from_values(ys))?;
        ctx.intersect(self.z, &Domain::from_values(zs))?;
        Ok(())
    }

    /// Interval reasoning for wide operands.
    fn by_bounds(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let bounds = |ctx: &PropCtx<'_>, v: Var| (i64::from(ctx.min(v)), i64::from(ctx.max(v)));
        let ((xl, xu), (yl, yu)) = (bounds(ctx, self.x), bounds(ctx, self.y));
        if xl == xu && yl == yu {
            let value = self
                .function
                .apply(xl, yl)
                .and_then(|c| i32::try_from(c).ok());
            return match value {
                Some(c) => ctx.fix(self.z, c).map(drop),
                None => Err(ctx.fail()),
            };
        }
        let (zl, zu) = match self.function {
            Function::Binary(ArithOp::Times) => {
                let corners = [xl * yl, xl * yu, xu * yl, xu * yu];
                let (lo, hi) = (corners.iter().min(), corners.iter().max());
                (lo.copied(), hi.copied())
            }
            Function::Binary(ArithOp::Min) => (Some(xl.min(yl)), Some(xu.min(yu))),
            Function::Binary(ArithOp::Max) => (Some(xl.max(yl)), Some(xu.max(yu))),
            Function::Abs => {
                let far = xl.abs().max(xu.abs());
                let near = if xl <= 0 && 0 <= xu {
                    0
                } else {
                    xl.abs().min(xu.abs())
                };
                (Some(near), Some(far))
            }
            Function::Binary(_) => (None, None),
        };
        if let Some(lo) = zl {
            ctx.set_min(self.z, clamp(lo))?;
        }
        if let Some(hi) = zu {
            ctx.set_max(self.z, clamp(hi))?;
        }
        let (zl, zu) = bounds(ctx, self.z);
        match self.function {
            Function::Binary(ArithOp::Min) => {
                ctx.set_min(self.x, clamp(zl))?;
                ctx.set_min(self.y, clamp(zl))?;
            }
            Function::Binary(ArithOp::Max) => {
                ctx.set_max(self.x, clamp(zu))?;
                ctx.set_max(self.y, clamp(zu))?;
            }
            Function::Abs => {
                ctx.set_min(self.x, clamp(-zu))?;
                ctx.set_max(self.x, clamp(zu))?;
            }
            Function::Binary(ArithOp::Times) => {
                // One operand fixed to c ≠ 0: the other lies in z / c.
                for (fixed, other) in [(self.y, self.x), (self.x, self.y)] {
                    if let Some(c) = ctx.value(fixed).filter(|&c| c != 0) {
                        // other · c ∈ zl..zu; dividing by c < 0 swaps the ends.
                        let c = i64::from(c);
                        let (lo, hi) = if c > 0 { (zl, zu) } else { (-zu, -zl) };
                        let c = c.abs();
                        ctx.set_min(other, clamp(-(-lo).div_euclid(c)))?;
                        ctx.set_max(other, clamp(hi.div_euclid(c)))?;
                    }
                }
            }
            Function::Binary(_) => {}
        }
        Ok(())
    }
}

fn clamp(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

impl Propagator for Arith {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        vec![
            (self.x, Events::DOMAIN),
            (self.y, Events::DOMAIN),
            (self.z, Events::DOMAIN),
        ]
    }

    fn priority(&self) -> Priority {
        Priority::Expensive
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let pairs = if self.y == self.x {
            ctx.dom(self.x).size()
        } else {
            ctx.dom(self.x)
                .size()
                .saturating_mul(ctx.dom(self.y).size())
        };
        if pairs <= PAIR_LIMIT {
            self.by_pairs(ctx)
        } else {
            self.by_bounds(ctx)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn pairs_keep_the_values_some_product_uses() {
        // x ∈ {2, 3}, y ∈ {4, 5}, z ∈ {8, 9, 10}: products 8, 10, 12, 15.
        let mut times = Arith::binary(ArithOp::Times, Var(0), Var(1), Var(2));
        let after = after_one_run(&mut times, &[&[2, 3], &[4, 5], &[8, 9, 10]]);
        assert_eq!(after.unwrap(), ["{2}", "{4, 5}", "{8, 10}"]);
        // x · x over {-2..2} is a square: z ∈ {0..4} keeps {0, 1, 4}.
        let mut square = Arith::binary(ArithOp::Times, Var(0), Var(0), Var(1));
        let after = after_one_run(&mut square, &[&[-2, -1, 0, 1, 2], &[0, 1, 2, 3, 4]]);
        assert_eq!(after.unwrap(), ["{-2..2}", "{0, 1, 4}"]);
        // Division by zero has no value.
        let mut div = Arith::binary(ArithOp::Div, Var(0), Var(1), Var(2));
        assert_eq!(after_one_run(&mut div, &[&[7], &[0], &[0, 1]]), None);
    }

    #[test]
    fn wide_operands_use_interval_reasoning() {
        let wide: Vec<i32> = (0..=200).collect();
        let wider: Vec<i32> = (0..=20_000).collect();
        // z = max(x, y), x, y ∈ 0..200, z ∈ {0..50}: x and y lose 51..200.
        let mut max = Arith::binary(ArithOp::Max, Var(0), Var(1), Var(2));
        let small: Vec<i32> = (0..=50).collect();
        let after = after_one_run(&mut max, &[&wide, &wide, &small]);
        assert_eq!(after.unwrap(), ["{0..50}", "{0..50}", "{0..50}"]);
        // z = x · 3 with x ∈ 0..20000 and z ∈ 0..200: x ≤ 66.
        let mut times = Arith::binary(ArithOp::Times, Var(0), Var(1), Var(2));
        let after = after_one_run(&mut times, &[&wider, &[3], &wide]);
        assert_eq!(after.unwrap(), ["{0..66}", "{3}", "{0..200}"]);
        // z = |x| with x ∈ -20000..20000 and z ≤ 10: x ∈ -10..10.
        let signed: Vec<i32> = (-20_000..=20_000).collect();
        let mut abs = Arith::abs(Var(0), Var(1));
        let tens: Vec<i32> = (0..=10).collect();
        let after = after_one_run(&mut abs, &[&signed, &tens]);
        assert_eq!(after.unwrap(), ["{-10..10}", "{0..10}"]);
    }
}
