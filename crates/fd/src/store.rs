//! The domain store: current domains, and a trail that undoes them on backtrack.
//!
//! Search opens a *level* before every decision. The first time a variable
//! changes inside a level its old domain is pushed on the trail (backtrack
//! points that save only the variables that changed); later
//! changes in the same level push nothing. Closing the level pops the trail
//! back to where the level began. Every level gets a fresh stamp (a 64-bit
//! counter: it cannot wrap), so "already saved in this level" is one
//! comparison per change.
//!
//! Each change also records an [`Events`] set for the variable, drained by the
//! propagation queue to wake the propagators that watch it.

use crate::domain::Domain;
use crate::var::Var;

/// What happened to a variable's domain: a set of [`Events::FIXED`],
/// [`Events::BOUNDS`] and [`Events::DOMAIN`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events(u8);

impl Events {
    /// The domain became a single value.
    pub const FIXED: Events = Events(1);
    /// The minimum or maximum changed (fixing always does).
    pub const BOUNDS: Events = Events(2);
    /// Some value was removed (every change).
    pub const DOMAIN: Events = Events(4);
    /// No event.
    pub const NONE: Events = Events(0);

    /// Whether the two sets share an event.
    pub fn intersects(self, other: Events) -> bool {
        self.0 & other.0 != 0
    }

    /// Both sets together.
    pub fn union(self, other: Events) -> Events {
        Events(self.0 | other.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The events of a change from a domain with bounds `old_min..=old_max` to `new`.
    fn of_change(old_min: i32, old_max: i32, new: &Domain) -> Events {
        if new.is_fixed() {
            Events(7)
        } else if new.min() != old_min || new.max() != old_max {
            Events(6)
        } else {
            Events::DOMAIN
        }
    }
}

/// A domain became empty: the current node has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wipeout;

struct Saved {
    var: u32,
    stamp: u64,
    domain: Domain,
}

/// Current domains plus the trail that restores them.
pub(crate) struct Store {
    domains: Vec<Domain>,
    stamps: Vec<u64>,
    trail: Vec<Saved>,
    /// Per open level: trail length and the stamp of the enclosing level.
    levels: Vec<(usize, u64)>,
    stamp: u64,
    next_stamp: u64,
    events: Vec<Events>,
    modified: Vec<Var>,
}

impl Store {
    pub(crate) fn new(domains: Vec<Domain>) -> Self {
        let n = domains.len();
        Store {
            domains,
            stamps: vec![0; n],
            trail: Vec::new(),
            levels: Vec::new(),
            stamp: 0,
            next_stamp: 0,
            events: vec![Events::NONE; n],
            modified: Vec::new(),
        }
    }

    #[inline]
    pub(crate) fn domain(&self, var: Var) -> &Domain {
        &self.domains[var.index()]
    }

    pub(crate) fn domains(&self) -> &[Domain] {
        &self.domains
    }

    pub(crate) fn len(&self) -> usize {
        self.domains.len()
    }

    /// Applies `change` to the domain of `var`. Returns whether it changed;
    /// an emptied domain is reported as [`Wipeout`] and left as it was.
    #[inline]
    pub(crate) fn update(
        &mut self,
        var: Var,
        change: impl FnOnce(&mut Domain) -> bool,
    ) -> Result<bool, Wipeout> {
        let i = var.index();
        let mut next = self.domains[i].clone();
        if !change(&mut next) {
            return Ok(false);
        }
        if next.is_empty() {
            return Err(Wipeout);
        }
        let (old_min, old_max) = (self.domains[i].min(), self.domains[i].max());
        let event = Events::of_change(old_min, old_max, &next);
        let old = std::mem::replace(&mut self.domains[i], next);
        if self.stamps[i] != self.stamp {
            self.trail.push(Saved {
                var: var.0,
                stamp: self.stamps[i],
                domain: old,
            });
            self.stamps[i] = self.stamp;
        }
        if self.events[i].is_empty() {
            self.modified.push(var);
        }
        self.events[i] = self.events[i].union(event);
        Ok(true)
    }

    /// Opens a level: changes from now on are undone by [`Store::pop_level`].
    pub(crate) fn push_level(&mut self) {
        self.levels.push((self.trail.len(), self.stamp));
        self.next_stamp += 1;
        self.stamp = self.next_stamp;
    }

    /// Undoes every change since the matching [`Store::push_level`].
    pub(crate) fn pop_level(&mut self) {
        let Some((mark, stamp)) = self.levels.pop() else {
            return;
        };
        for saved in self.trail.drain(mark..).rev() {
            let i = saved.var as usize;
            self.domains[i] = saved.domain;
            self.stamps[i] = saved.stamp;
        }
        self.stamp = stamp;
        self.clear_events();
    }

    /// Takes the variables changed since the last call, with their events.
    pub(crate) fn take_modified(&mut self, out: &mut Vec<(Var, Events)>) {
        out.clear();
        for var in self.modified.drain(..) {
            let i = var.index();
            out.push((var, self.events[i]));
            self.events[i] = Events::NONE;
        }
    }

    /// Forgets pending events (after a failure).
    pub(crate) fn clear_events(&mut self) {
        for var in self.modified.drain(..) {
            self.events[var.index()] = Events::NONE;
        }
    }

    /// An untrailed copy of the current domains, for side computations.
    #[cfg(feature = "check-propagation")]
    pub(crate) fn snapshot(&self) -> Store {
        Store::new(self.domains.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_restore_exactly_what_changed() {
        let mut s = Store::new(vec![Domain::range(1, 9), Domain::range(1, 9)]);
        s.update(Var(0), |d| d.remove(5)).unwrap();
        s.push_level();
        s.update(Var(0), |d| d.remove(1)).unwrap();
        s.update(Var(0), |d| d.remove(2)).unwrap();
        assert_eq!(s.trail.len(), 1, "saved once per level");
        s.push_level();
        s.update(Var(1), |d| d.fix(3)).unwrap();
        assert_eq!(s.update(Var(1), |d| d.fix(4)), Err(Wipeout));
        assert_eq!(
            s.domain(Var(1)).value(),
            Some(3),
            "a wipe-out leaves the domain"
        );
        s.pop_level();
        assert_eq!(s.domain(Var(1)), &Domain::range(1, 9));
        assert_eq!(s.domain(Var(0)).to_string(), "{3, 4, 6..9}");
        s.update(Var(0), |d| d.remove(9)).unwrap();
        s.pop_level();
        assert_eq!(s.domain(Var(0)).to_string(), "{1..4, 6..9}");
        assert!(s.levels.is_empty());
    }

    #[test]
    fn events_accumulate_per_variable() {
        let mut s = Store::new(vec![Domain::range(1, 4)]);
        s.update(Var(0), |d| d.remove(2)).unwrap();
        let mut out = Vec::new();
        s.take_modified(&mut out);
        assert_eq!(out, [(Var(0), Events::DOMAIN)]);
        s.update(Var(0), |d| d.remove(4)).unwrap();
        s.update(Var(0), |d| d.remove(3)).unwrap();
        s.take_modified(&mut out);
        assert_eq!(out.len(), 1);
        assert!(out[0].1.intersects(Events::FIXED) && out[0].1.intersects(Events::BOUNDS));
    }
}
