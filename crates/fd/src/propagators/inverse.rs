//! `f[i] = j ⇔ invf[j] = i`: two arrays that are inverse functions,
//! channelled value by value.
//!
//! A value `j` of `f[i]` stays while `j` is a position of `invf` whose
//! domain still holds `i`, and the other way round; `invf[j]` fixed to `i`
//! fixes `f[i]` to `j`. That is arc consistency on each pair
//! `(f[i], invf[j])`. The `all_different` that inverse functions imply is
//! posted beside it, at domain consistency, on each array.
//!
//! Incrementally, only the positions whose domain changed are looked at:
//! when `f[i]` changes, each `invf[j]` with `j` no longer in `f[i]` loses
//! `i`, and `f[i]` fixed to `j` fixes `invf[j]` to `i` (symmetrically for
//! `invf`); a changed domain takes no support from its own array.

use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

/// One of the two arrays, with the number of its first position.
struct Side {
    vars: Vec<Var>,
    base: i32,
}

impl Side {
    /// The position of `vars[k]`.
    fn position(&self, k: usize) -> i32 {
        self.base + k as i32
    }

    /// The index into `vars` of position `j`, when it is one.
    fn index(&self, j: i32) -> Option<usize> {
        usize::try_from(i64::from(j) - i64::from(self.base))
            .ok()
            .filter(|&k| k < self.vars.len())
    }

    /// The last position (the first minus one when there is none).
    fn last(&self) -> i32 {
        (i64::from(self.base) + self.vars.len() as i64 - 1) as i32
    }
}

pub(crate) struct Inverse {
    sides: [Side; 2],
    /// Subscription indices changed since the last run, not yet looked at.
    pending: Vec<usize>,
    queued: Vec<bool>,
    /// The first run has not happened: it works from scratch.
    fresh: bool,
}

impl Inverse {
    pub(crate) fn new(f: Vec<Var>, f_base: i32, invf: Vec<Var>, invf_base: i32) -> Self {
        let total = f.len() + invf.len();
        Inverse {
            sides: [
                Side {
                    vars: f,
                    base: f_base,
                },
                Side {
                    vars: invf,
                    base: invf_base,
                },
            ],
            pending: Vec::new(),
            queued: vec![false; total],
            fresh: true,
        }
    }

    /// Keeps the values `j` of each `from[i]` whose `to[j]` holds `i`.
    fn supported(ctx: &mut PropCtx<'_>, from: &Side, to: &Side) -> PropResult {
        for (k, &x) in from.vars.iter().enumerate() {
            ctx.set_min(x, to.base)?;
            ctx.set_max(x, to.last())?;
            let i = from.position(k);
            let keep = ctx
                .dom(x)
                .iter()
                .filter(|&j| to.index(j).is_some_and(|t| ctx.dom(to.vars[t]).contains(i)));
            let keep = Domain::from_values(keep.collect::<Vec<_>>());
            ctx.intersect(x, &keep)?;
        }
        for k in 0..from.vars.len() {
            Self::fixed(ctx, from, k, to)?;
        }
        Ok(())
    }

    /// `from[k]` fixed to `j` fixes `to[j]` to `k`'s position.
    fn fixed(ctx: &mut PropCtx<'_>, from: &Side, k: usize, to: &Side) -> PropResult {
        if let Some(t) = ctx.value(from.vars[k]).and_then(|j| to.index(j)) {
            ctx.fix(to.vars[t], from.position(k))?;
        }
        Ok(())
    }

    /// `from[k]` changed: every `to[j]` with `j` gone from it loses `k`'s
    /// position.
    fn changed(ctx: &mut PropCtx<'_>, from: &Side, k: usize, to: &Side) -> PropResult {
        let i = from.position(k);
        for (t, &y) in to.vars.iter().enumerate() {
            if ctx.dom(y).contains(i) && !ctx.dom(from.vars[k]).contains(to.position(t)) {
                ctx.remove(y, i)?;
            }
        }
        Self::fixed(ctx, from, k, to)
    }
}

impl Propagator for Inverse {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.sides
            .iter()
            .flat_map(|side| side.vars.iter().map(|&v| (v, Events::DOMAIN)))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn notify(&mut self, index: usize, _events: Events, _domain: &Domain) -> bool {
        if !self.queued[index] {
            self.queued[index] = true;
            self.pending.push(index);
        }
        true
    }

    fn cancel(&mut self) {
        for index in self.pending.drain(..) {
            self.queued[index] = false;
        }
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let [f, invf] = &self.sides;
        Self::supported(ctx, f, invf)?;
        Self::supported(ctx, invf, f)
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        if std::mem::take(&mut self.fresh) {
            self.cancel();
            return self.propagate_from_scratch(ctx);
        }
        let split = self.sides[0].vars.len();
        let pending = std::mem::take(&mut self.pending);
        let mut result = Ok(());
        for &index in &pending {
            self.queued[index] = false;
            if result.is_ok() {
                let [f, invf] = &self.sides;
                result = if index < split {
                    Self::changed(ctx, f, index, invf)
                } else {
                    Self::changed(ctx, invf, index - split, f)
                };
            }
        }
        self.pending = pending;
        self.pending.clear();
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn values_without_a_matching_inverse_are_removed() {
        // f = [{1, 2}, {1, 2}] from 1, invf = [{1}, {1, 2}] from 1:
        // f[2] = 1 would need invf[1] = 2; invf[1] = 1 fixes f[1] = 1,
        // f[2] = 2 then fixes invf[2] = 2.
        let before: &[&[i32]] = &[&[1, 2], &[1, 2], &[1], &[1, 2]];
        let mut prop = Inverse::new(vec![Var(0), Var(1)], 1, vec![Var(2), Var(3)], 1);
        let after = after_one_run(&mut prop, before);
        assert_eq!(after.unwrap(), ["{1}", "{2}", "{1}", "{2}"]);
    }

    #[test]
    fn offsets_shift_the_positions() {
        // f from 0 and invf from 5: f[0] ∈ {5, 6, 9}, 9 is no position,
        // so f[0] = 5 fixes invf[5] = 0, and invf[6] = 1 fixes f[1] = 6.
        let before: &[&[i32]] = &[&[5, 6, 9], &[5, 6], &[0, 1], &[1]];
        let mut prop = Inverse::new(vec![Var(0), Var(1)], 0, vec![Var(2), Var(3)], 5);
        let after = after_one_run(&mut prop, before);
        assert_eq!(after.unwrap(), ["{5}", "{6}", "{0}", "{1}"]);
    }
}
