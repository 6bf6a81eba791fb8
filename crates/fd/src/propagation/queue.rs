//! The propagation queue: runs propagators until nothing changes.
//!
//! Each propagator subscribes to events on its variables (fixed, bounds, any
//! change). When a variable changes, the queue tells every subscriber; those
//! that want to run are queued — **at most once** each (a constraint
//! already pending is not queued again) — in one FIFO per [`Priority`](super::Priority),
//! cheap ones first. [`PropagationQueue::propagate`] pops and runs
//! propagators until every FIFO is empty (a fixpoint) or some domain empties
//! (a failure; the FIFOs are flushed and the failing constraint's variables
//! gain weight, for dom/wdeg).

use std::collections::VecDeque;

use super::{Conflict, PropCtx, Propagator};
use crate::domain::Domain;
use crate::store::{Events, Store};
use crate::trace::TraceEvent;
use crate::var::{ConstraintId, Var};

struct Watch {
    prop: u32,
    index: u32,
    events: Events,
}

/// Per-propagator facts the queue needs besides the propagator itself.
struct PropInfo {
    constraint: ConstraintId,
    idempotent: bool,
    priority: usize,
    queued: bool,
    /// Entailed at the current node: not woken until search backtracks
    /// above the node where it became so.
    retired: bool,
    vars: Vec<Var>,
}

/// Propagators over a store, with the FIFOs of those waiting to run.
pub(crate) struct PropagationQueue {
    pub(crate) store: Store,
    props: Vec<Box<dyn Propagator>>,
    info: Vec<PropInfo>,
    watches: Vec<Vec<Watch>>,
    /// One FIFO of propagator indices per priority.
    fifos: [VecDeque<u32>; 3],
    changed: Vec<(Var, Events)>,
    /// The propagators retired as entailed, in order, and per open level
    /// how many were retired before it opened: closing the level wakes
    /// the later ones again. Those retired with no level open stay so.
    retired: Vec<u32>,
    retired_marks: Vec<usize>,
    /// Propagator runs so far.
    pub(crate) propagations: u64,
    /// Weighted degree (dom/wdeg): each variable starts with the number of
    /// propagators on it and gains 1 per failure it is blamed for (the
    /// propagator's blamed variables, else all of its variables).
    pub(crate) var_weights: Vec<u64>,
    pub(crate) trace: Option<Vec<TraceEvent>>,
    /// Fixpoints reached so far (for sampling the propagation check).
    #[cfg(feature = "check-propagation")]
    fixpoints: u64,
}

impl PropagationQueue {
    /// A queue over the initial `domains`, with no propagator yet; records a
    /// trace when `trace` is set.
    pub(crate) fn new(domains: Vec<Domain>, trace: bool) -> Self {
        let store = Store::new(domains);
        PropagationQueue {
            watches: (0..store.len()).map(|_| Vec::new()).collect(),
            var_weights: vec![0; store.len()],
            store,
            props: Vec::new(),
            info: Vec::new(),
            fifos: Default::default(),
            changed: Vec::new(),
            retired: Vec::new(),
            retired_marks: Vec::new(),
            propagations: 0,
            trace: trace.then(Vec::new),
            #[cfg(feature = "check-propagation")]
            fixpoints: 0,
        }
    }

    /// Adds a propagator of `constraint`, queued to run first thing.
    pub(crate) fn add(&mut self, constraint: ConstraintId, prop: Box<dyn Propagator>) {
        let id = self.props.len() as u32;
        let subscriptions = prop.subscriptions();
        let mut vars = Vec::with_capacity(subscriptions.len());
        for (index, (var, events)) in subscriptions.into_iter().enumerate() {
            self.watches[var.index()].push(Watch {
                prop: id,
                index: index as u32,
                events,
            });
            self.var_weights[var.index()] += 1;
            vars.push(var);
        }
        // A variable watched twice (e.g. all_different(x, x + 1)) changes
        // through one position while the run works on another, so one run no
        // longer reaches the propagator's own fixpoint: let its own changes
        // wake it again.
        let mut distinct = vars.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let repeats = distinct.len() < vars.len();
        self.info.push(PropInfo {
            constraint,
            idempotent: prop.idempotent() && !repeats,
            priority: prop.priority() as usize,
            queued: true,
            retired: false,
            vars,
        });
        self.fifos[prop.priority() as usize].push_back(id);
        self.props.push(prop);
    }

    fn pop(&mut self) -> Option<u32> {
        let p = self.fifos.iter_mut().find_map(|q| q.pop_front())?;
        self.info[p as usize].queued = false;
        Some(p)
    }

    /// Runs queued propagators to a fixpoint.
    pub(crate) fn propagate(&mut self) -> Result<(), Conflict> {
        while let Some(p) = self.pop() {
            self.propagations += 1;
            let constraint = self.info[p as usize].constraint;
            let mut ctx = PropCtx::new(&mut self.store, self.trace.as_mut(), constraint);
            if let Err(conflict) = self.props[p as usize].propagate(&mut ctx) {
                let blamed = ctx.take_blamed();
                self.fail(p, conflict, &blamed);
                return Err(conflict);
            }
            if ctx.is_entailed() {
                self.info[p as usize].retired = true;
                self.retired.push(p);
            }
            self.dispatch(p);
        }
        #[cfg(feature = "check-propagation")]
        {
            // Every fixpoint of small searches, a deterministic sample of big ones.
            self.fixpoints += 1;
            if self.fixpoints <= 2000 || self.fixpoints.is_multiple_of(61) {
                self.verify_fixpoint();
            }
        }
        Ok(())
    }

    /// Tells subscribers about the changes made by propagator `running`
    /// (or by a decision, when `running` is `u32::MAX`) and queues them.
    fn dispatch(&mut self, running: u32) {
        let mut changed = std::mem::take(&mut self.changed);
        self.store.take_modified(&mut changed);
        for &(var, events) in &changed {
            for watch in &self.watches[var.index()] {
                if !watch.events.intersects(events) {
                    continue;
                }
                let p = watch.prop as usize;
                if self.info[p].retired || (watch.prop == running && self.info[p].idempotent) {
                    continue;
                }
                let domain = self.store.domain(var);
                if self.props[p].notify(watch.index as usize, events, domain)
                    && !self.info[p].queued
                {
                    self.info[p].queued = true;
                    self.fifos[self.info[p].priority].push_back(watch.prop);
                }
            }
        }
        self.changed = changed;
    }

    fn fail(&mut self, p: u32, conflict: Conflict, blamed: &[Var]) {
        if let Some(trace) = self.trace.as_mut() {
            trace.push(TraceEvent::Fail {
                constraint: self.info[p as usize].constraint,
                var: conflict.var,
            });
        }
        let culprits = if blamed.is_empty() {
            &self.info[p as usize].vars
        } else {
            blamed
        };
        for &var in culprits {
            self.var_weights[var.index()] += 1;
        }
        self.props[p as usize].cancel();
        self.flush();
    }

    /// Empties the FIFOs and forgets pending events (after a failure).
    fn flush(&mut self) {
        for q in &mut self.fifos {
            for p in q.drain(..) {
                self.info[p as usize].queued = false;
                self.props[p as usize].cancel();
            }
        }
        self.store.clear_events();
    }

    /// Applies a search decision to `var` and queues the propagators it wakes.
    /// Returns `false` when the decision empties the domain.
    pub(crate) fn decide(&mut self, var: Var, change: impl FnOnce(&mut Domain) -> bool) -> bool {
        match self.store.update(var, change) {
            Ok(_) => {
                self.dispatch(u32::MAX);
                true
            }
            Err(_) => {
                self.flush();
                false
            }
        }
    }

    /// Opens a search level.
    pub(crate) fn push_level(&mut self) {
        self.store.push_level();
        self.retired_marks.push(self.retired.len());
    }

    /// Closes a search level, restoring the domains it changed and waking
    /// the propagators retired in it.
    pub(crate) fn pop_level(&mut self) {
        self.store.pop_level();
        if let Some(mark) = self.retired_marks.pop() {
            for p in self.retired.drain(mark..) {
                self.info[p as usize].retired = false;
            }
        }
    }

    /// Asserts that no propagator's from-scratch version prunes anything at
    /// this fixpoint: the incremental versions were not weaker. Runs at the
    /// first 2,000 fixpoints of a queue and every 61st after that.
    #[cfg(feature = "check-propagation")]
    fn verify_fixpoint(&self) {
        for (p, prop) in self.props.iter().enumerate() {
            let mut scratch = self.store.snapshot();
            let mut ctx = PropCtx::new(&mut scratch, None, self.info[p].constraint);
            let result = prop.propagate_from_scratch(&mut ctx);
            assert!(
                result.is_ok(),
                "check-propagation: constraint #{} fails from scratch at a fixpoint",
                self.info[p].constraint.0
            );
            for (i, (now, fresh)) in self
                .store
                .domains()
                .iter()
                .zip(scratch.domains())
                .enumerate()
            {
                assert_eq!(
                    now, fresh,
                    "check-propagation: constraint #{} prunes variable {i} further from scratch",
                    self.info[p].constraint.0
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::{Priority, PropResult};

    /// `x ≠ y` that counts its runs and says it is entailed once a side is
    /// fixed.
    struct Counted {
        runs: std::rc::Rc<std::cell::Cell<u32>>,
    }

    impl Propagator for Counted {
        fn subscriptions(&self) -> Vec<(Var, Events)> {
            vec![(Var(0), Events::DOMAIN), (Var(1), Events::DOMAIN)]
        }

        fn priority(&self) -> Priority {
            Priority::Cheap
        }

        fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
            // Only the queue's runs count, not those of the fixpoint check.
            self.runs.set(self.runs.get() + 1);
            self.propagate_from_scratch(ctx)
        }

        fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
            if let Some(a) = ctx.value(Var(0)) {
                ctx.remove(Var(1), a)?;
                ctx.entailed();
            }
            Ok(())
        }
    }

    #[test]
    fn an_entailed_propagator_sleeps_until_its_level_closes() {
        let runs = std::rc::Rc::new(std::cell::Cell::new(0));
        let domains = vec![Domain::range(1, 4), Domain::range(1, 4)];
        let mut queue = PropagationQueue::new(domains, false);
        queue.add(ConstraintId(0), Box::new(Counted { runs: runs.clone() }));
        queue.propagate().unwrap();
        assert_eq!(runs.get(), 1);
        queue.push_level();
        assert!(queue.decide(Var(0), |d| d.fix(2)));
        queue.propagate().unwrap();
        assert_eq!(runs.get(), 2, "x fixed: it runs and is entailed");
        assert!(queue.decide(Var(1), |d| d.remove(4)));
        queue.propagate().unwrap();
        assert_eq!(runs.get(), 2, "entailed: y's change does not wake it");
        queue.pop_level();
        assert!(queue.decide(Var(1), |d| d.remove(4)));
        queue.propagate().unwrap();
        assert_eq!(runs.get(), 3, "the level closed: awake again");
        assert_eq!(queue.store.domain(Var(1)).to_string(), "{1..3}");
    }
}
