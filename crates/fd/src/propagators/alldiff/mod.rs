//! `all_different` at four strengths, over values `xᵢ + offsetᵢ`.
//!
//! Take `x, y ∈ {1, 2}`, `z ∈ {1, 2, 3}`, `w ∈ {1..4}` and all_different:
//!
//! * **check** ([`check`]) only fails when two *fixed* values clash; it
//!   removes nothing here.
//! * **forward** ([`forward`]) removes a fixed value from every peer; nothing is
//!   fixed, so nothing moves.
//! * **hall** ([`hall`]): `x` and `y` fit inside the interval `1..2` of two
//!   values — a Hall interval — so nobody else may use 1 or 2: `z ∈ {3}`,
//!   then `3..3` is one too, and `w ∈ {4}`. This is bounds consistency.
//! * **domain** ([`regin`], [`regin_wide`]) keeps exactly the values that
//!   appear in some solution (a matching in the variable–value graph), which
//!   also catches Hall *sets* with holes such as `{1, 3}` (the full
//!   permutation rule).

mod check;
mod forward;
mod hall;
mod matching;
mod regin;
mod regin_wide;

use crate::constraint::Strength;
use crate::domain::Domain;
use crate::propagation::{Conflict, PropCtx, Propagator};
use crate::store::Events;
use crate::var::Var;

/// The propagator for `all_different(vars[i] + offsets[i])` at `strength`.
pub(crate) fn new(
    vars: &[Var],
    offsets: &[i32],
    strength: Strength,
    domains: &[Domain],
) -> Box<dyn Propagator> {
    let scope = Scope {
        vars: vars.to_vec(),
        offsets: offsets.iter().map(|&o| i64::from(o)).collect(),
    };
    match strength {
        Strength::Check => Box::new(check::CheckOnly::new(scope)),
        Strength::Forward => Box::new(forward::Forward::new(scope)),
        Strength::Hall => Box::new(hall::Hall::new(scope)),
        Strength::Domain => domain_consistent(scope, domains),
    }
}

/// Beyond this many variable–value pairs domain consistency is impractical
/// and the constraint gets the hall strength instead.
const WIDE_LIMIT: u64 = 1 << 20;

/// The domain-consistent propagator for `scope`: bitmasks when it fits (at
/// most 64 variables, values within a 64-wide window), lists otherwise, and
/// the hall strength past [`WIDE_LIMIT`] variable–value pairs.
fn domain_consistent(scope: Scope, domains: &[Domain]) -> Box<dyn Propagator> {
    match regin::fitting(scope, domains) {
        Ok(bitmasks) => Box::new(bitmasks),
        Err(scope) => {
            let pairs: u64 = scope.vars.iter().map(|v| domains[v.index()].size()).sum();
            if pairs > WIDE_LIMIT {
                Box::new(hall::Hall::new(scope))
            } else {
                Box::new(regin_wide::ReginWide::new(scope, domains))
            }
        }
    }
}

/// The variables of an `all_different` and the offset added to each.
pub(crate) struct Scope {
    vars: Vec<Var>,
    offsets: Vec<i64>,
}

impl Scope {
    fn len(&self) -> usize {
        self.vars.len()
    }

    /// Every variable with the events that wake the propagator.
    fn watch(&self, events: Events) -> Vec<(Var, Events)> {
        self.vars.iter().map(|&v| (v, events)).collect()
    }

    /// The shifted value of position `i`, when fixed.
    fn value(&self, ctx: &PropCtx<'_>, i: usize) -> Option<i64> {
        ctx.value(self.vars[i])
            .map(|v| i64::from(v) + self.offsets[i])
    }

    /// The shifted bounds of position `i`.
    fn bounds(&self, ctx: &PropCtx<'_>, i: usize) -> (i64, i64) {
        let var = self.vars[i];
        let o = self.offsets[i];
        (i64::from(ctx.min(var)) + o, i64::from(ctx.max(var)) + o)
    }

    /// The shifted values of position `i`.
    fn values<'c>(&self, ctx: &'c PropCtx<'_>, i: usize) -> impl Iterator<Item = i64> + 'c {
        let o = self.offsets[i];
        ctx.dom(self.vars[i]).iter().map(move |v| i64::from(v) + o)
    }

    /// Removes the shifted value `value` from position `i`.
    fn remove(&self, ctx: &mut PropCtx<'_>, i: usize, value: i64) -> Result<bool, Conflict> {
        match i32::try_from(value - self.offsets[i]) {
            Ok(v) => ctx.remove(self.vars[i], v),
            Err(_) => Ok(false),
        }
    }

    /// Removes shifted values below `lo` from position `i`.
    fn set_min(&self, ctx: &mut PropCtx<'_>, i: usize, lo: i64) -> Result<bool, Conflict> {
        let lo = (lo - self.offsets[i]).clamp(i64::from(i32::MIN), i64::from(i32::MAX));
        ctx.set_min(self.vars[i], lo as i32)
    }

    /// Removes shifted values above `hi` from position `i`.
    fn set_max(&self, ctx: &mut PropCtx<'_>, i: usize, hi: i64) -> Result<bool, Conflict> {
        let hi = (hi - self.offsets[i]).clamp(i64::from(i32::MIN), i64::from(i32::MAX));
        ctx.set_max(self.vars[i], hi as i32)
    }
}

#[cfg(test)]
impl Scope {
    /// Variables `0..n`, no offsets.
    fn plain(n: u32) -> Scope {
        Scope {
            vars: (0..n).map(Var).collect(),
            offsets: vec![0; n as usize],
        }
    }
}
