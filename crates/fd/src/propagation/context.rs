//! [`PropCtx`]: what a running propagator sees of the domains, and the only
//! way it changes them (each change is trailed, raises events for the queue,
//! and is recorded in the trace when tracing is on); a [`Conflict`] when a
//! change would leave a domain empty.

use crate::domain::Domain;
use crate::store::{Store, Wipeout};
use crate::trace::TraceEvent;
use crate::var::{ConstraintId, Var};

/// The node is inconsistent: some constraint cannot be satisfied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The variable whose domain would have become empty, when there is one.
    pub var: Option<Var>,
}

/// The result of running a propagator.
pub type PropResult = Result<(), Conflict>;

/// What a propagator sees: the domains, and the ways to shrink them.
pub struct PropCtx<'a> {
    store: &'a mut Store,
    trace: Option<&'a mut Vec<TraceEvent>>,
    constraint: ConstraintId,
    blamed: Vec<Var>,
    entailed: bool,
}

impl<'a> PropCtx<'a> {
    pub(crate) fn new(
        store: &'a mut Store,
        trace: Option<&'a mut Vec<TraceEvent>>,
        constraint: ConstraintId,
    ) -> Self {
        PropCtx {
            store,
            trace,
            constraint,
            blamed: Vec::new(),
            entailed: false,
        }
    }

    /// The current domain of `var`.
    #[inline]
    pub fn dom(&self, var: Var) -> &Domain {
        self.store.domain(var)
    }

    /// The smallest value of `var`.
    #[inline]
    pub fn min(&self, var: Var) -> i32 {
        self.dom(var).min()
    }

    /// The largest value of `var`.
    #[inline]
    pub fn max(&self, var: Var) -> i32 {
        self.dom(var).max()
    }

    /// The value of `var` when fixed.
    #[inline]
    pub fn value(&self, var: Var) -> Option<i32> {
        self.dom(var).value()
    }

    /// Removes `value` from `var`; returns whether it was there.
    #[inline(always)]
    pub fn remove(&mut self, var: Var, value: i32) -> Result<bool, Conflict> {
        if !self.dom(var).contains(value) {
            return Ok(false);
        }
        self.apply(var, |d| d.remove(value))
    }

    /// Removes every value below `lo` from `var`.
    #[inline]
    pub fn set_min(&mut self, var: Var, lo: i32) -> Result<bool, Conflict> {
        if lo <= self.min(var) {
            return Ok(false);
        }
        self.apply(var, |d| d.remove_below(lo))
    }

    /// Removes every value above `hi` from `var`.
    #[inline]
    pub fn set_max(&mut self, var: Var, hi: i32) -> Result<bool, Conflict> {
        if hi >= self.max(var) {
            return Ok(false);
        }
        self.apply(var, |d| d.remove_above(hi))
    }

    /// Fixes `var` to `value`.
    #[inline]
    pub fn fix(&mut self, var: Var, value: i32) -> Result<bool, Conflict> {
        if self.value(var) == Some(value) {
            return Ok(false);
        }
        self.apply(var, |d| d.fix(value))
    }

    /// Keeps only the values of `var` that are also in `keep`.
    pub fn intersect(&mut self, var: Var, keep: &Domain) -> Result<bool, Conflict> {
        self.apply(var, |d| d.intersect(keep))
    }

    /// Keeps only the values `base + i` of `var` for bits `i` set in `mask`.
    #[inline]
    pub fn retain_mask(&mut self, var: Var, base: i32, mask: u64) -> Result<bool, Conflict> {
        if self
            .dom(var)
            .mask_from(base)
            .is_some_and(|m| m & !mask == 0)
        {
            return Ok(false);
        }
        self.apply(var, |d| d.retain_mask(base, mask))
    }

    /// Names `var` as part of the reason for the coming failure (dom/wdeg
    /// then weights only the blamed variables of the constraint).
    pub fn blame(&mut self, var: Var) {
        self.blamed.push(var);
    }

    /// Says that the constraint now holds for every assignment of the
    /// current domains, so the propagator has nothing left to do below this
    /// search node: the queue stops waking it until search backtracks above
    /// the node. Domains only shrink below it, so the constraint stays
    /// entailed there (Gecode calls this subsumption).
    pub fn entailed(&mut self) {
        self.entailed = true;
    }

    /// Whether the propagator said [`PropCtx::entailed`] during its run.
    pub(crate) fn is_entailed(&self) -> bool {
        self.entailed
    }

    /// The variables blamed so far.
    pub(crate) fn take_blamed(&mut self) -> Vec<Var> {
        std::mem::take(&mut self.blamed)
    }

    /// A conflict with no particular variable.
    pub fn fail(&self) -> Conflict {
        Conflict { var: None }
    }

    /// The out-of-line part of every change: trail, events, trace.
    #[inline(never)]
    fn apply(
        &mut self,
        var: Var,
        change: impl FnOnce(&mut Domain) -> bool,
    ) -> Result<bool, Conflict> {
        let before = self.trace.is_some().then(|| self.store.domain(var).clone());
        match self.store.update(var, change) {
            Ok(changed) => {
                if let (true, Some(trace), Some(before)) = (changed, self.trace.as_mut(), before) {
                    let after = self.store.domain(var);
                    let removed = before.iter().filter(|&v| !after.contains(v)).collect();
                    trace.push(TraceEvent::Prune {
                        constraint: self.constraint,
                        var,
                        removed,
                    });
                }
                Ok(changed)
            }
            Err(Wipeout) => Err(Conflict { var: Some(var) }),
        }
    }
}
