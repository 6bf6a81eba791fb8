//! Depth-first search: first solution, all solutions, counting.
//!
//! At each node the propagation queue runs to a fixpoint. If every variable is
//! fixed, that is a solution. Otherwise a variable `x` and value `v` are
//! chosen (see [`heuristics`]) and the node splits in two: the left branch
//! adds `x = v`; when it is exhausted, the right branch adds `x ≠ v` and
//! search goes on from there, choosing again. The bisecting value orders
//! branch `x ≤ m` / `x > m` (or the other way round) instead. Every branch opens a level on
//! the trail, so going back costs only what changed.
//!
//! With [`SearchConfig::restarts`] the search goes back to the root each
//! time a run has met its cutoff of failures ([`restarts`]), keeping the
//! dom/wdeg weights and drawing new tie-breaks between equally good
//! variables; a run that ends below its cutoff has searched everything. Once
//! a search has found a solution it goes on without restarting.
//!
//! Search is iterative (no recursion, any depth) and resumable: the
//! [`Solutions`] iterator yields one solution per `next()`. Every node polls
//! the [`Budget`]; when it is spent the search stops with
//! [`SearchStatus::Stopped`] and whatever it found so far.
//!
//! ```
//! use fdoku_fd::{Model, SearchStatus, Solver};
//!
//! // x + y = 4 with x < y, over 0..4
//! let mut m = Model::new();
//! let x = m.new_var(0, 4);
//! let y = m.new_var(0, 4);
//! m.linear(&[(1, x), (1, y)], fdoku_fd::LinearOp::Eq, 4);
//! m.linear(&[(1, x), (-1, y)], fdoku_fd::LinearOp::Le, -1);
//! let mut solver = Solver::new(&m);
//! let all: Vec<(i32, i32)> = solver.solutions().map(|s| (s.value(x), s.value(y))).collect();
//! assert_eq!(all, [(0, 4), (1, 3)]);
//! assert_eq!(solver.status(), Some(SearchStatus::Complete));
//! ```

pub mod heuristics;
pub mod restarts;

use std::time::Instant;

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use serde::Serialize;

use crate::budget::{Budget, StopReason};
use crate::constraint::Strength;
use crate::domain::Domain;
use crate::model::Model;
use crate::propagation::PropagationQueue;
use crate::propagators;
use crate::stats::Stats;
use crate::trace::TraceEvent;
use crate::var::Var;
use heuristics::{ValOrder, VarOrder, below};
use restarts::Restarts;

/// How to search.
#[derive(Clone, Debug, Default)]
pub struct SearchConfig {
    /// Variable choice.
    pub var_order: VarOrder,
    /// Value choice.
    pub val_order: ValOrder,
    /// Seed of [`ValOrder::Random`] and of the tie-breaks drawn at each
    /// restart.
    pub seed: u64,
    /// Overrides the strength of every `all_different`.
    pub alldiff: Option<Strength>,
    /// Record a [`TraceEvent`] for every pruning and search step.
    pub trace: bool,
    /// Last-conflict reasoning (Lecoutre et al. 2009): after `x = v` fails,
    /// branch on `x` again while it is unfixed, whatever `var_order` says.
    pub last_conflict: bool,
    /// The variables to branch on first (all, in model order, when `None`).
    /// Any variable still open when these are fixed is then labelled in
    /// model order, so every solution is a complete assignment.
    pub branch_on: Option<Vec<Var>>,
    /// Phases searched before everything else, in order (MiniZinc's
    /// `seq_search`): the first phase with an open variable chooses the
    /// variable and value by its own orders; once every phase's variables are
    /// fixed, `branch_on` and the rest follow by `var_order` and `val_order`.
    pub phases: Vec<SearchPhase>,
    /// When to go back to the root ([`restarts`]): only until the first
    /// solution of a search, which then goes on without restarting, so
    /// that enumeration finds each solution once.
    pub restarts: Restarts,
    /// Enumerate solutions that differ on `branch_on` and the phases'
    /// variables only (with `branch_on` given): the other variables are
    /// auxiliary, labelled once those are fixed, and each assignment of
    /// the others is completed by the first values found for them (after
    /// a solution, search goes back to the last decision on a variable
    /// that is not auxiliary). Off, solutions differ somewhere.
    pub project: bool,
}

/// One phase of [`SearchConfig::phases`]: variables and how to label them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchPhase {
    /// The variables of the phase.
    pub vars: Vec<Var>,
    /// Which of them to branch on next.
    pub var_order: VarOrder,
    /// Which value to try first.
    pub val_order: ValOrder,
}

/// A full assignment that satisfies every constraint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Solution {
    values: Vec<i32>,
}

impl Solution {
    /// The value of `var`.
    pub fn value(&self, var: Var) -> i32 {
        self.values[var.index()]
    }

    /// One value per variable, in model order.
    pub fn values(&self) -> &[i32] {
        &self.values
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "status", content = "reason")]
pub enum SearchStatus {
    /// The whole search space was explored: what was found is everything.
    Complete,
    /// Stopped on purpose after enough solutions (first solution, count limit).
    SolutionLimit,
    /// The budget ran out: the result is partial.
    Stopped(StopReason),
}

/// The outcome of [`Solver::solve`].
#[derive(Clone, Debug)]
pub struct SolveResult {
    /// The first solution, if one was found.
    pub solution: Option<Solution>,
    /// [`SearchStatus::SolutionLimit`] with a solution, [`SearchStatus::Complete`]
    /// when there is provably none, [`SearchStatus::Stopped`] when unknown.
    pub status: SearchStatus,
    /// The statistics of this search.
    pub stats: Stats,
}

/// The outcome of [`Solver::count`].
#[derive(Clone, Debug)]
pub struct CountResult {
    /// Solutions found.
    pub count: u64,
    /// [`SearchStatus::Complete`] when `count` is exact;
    /// [`SearchStatus::SolutionLimit`] when the limit was reached (there are
    /// at least `count` solutions, perhaps exactly that many);
    /// [`SearchStatus::Stopped`] when the budget ran out (a lower bound).
    pub status: SearchStatus,
    /// The statistics of this search.
    pub stats: Stats,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Fresh,
    AfterSolution,
    Done(SearchStatus),
}

struct Frame {
    var: Var,
    value: i32,
    decision: Decision,
    /// A decision on an auxiliary variable ([`SearchConfig::project`]).
    auxiliary: bool,
}

/// What a left branch adds about `x` and `v`; its right branch adds the
/// negation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Decision {
    /// `x = v`, then `x ≠ v`.
    Assign,
    /// `x ≤ v`, then `x > v`.
    AtMost,
    /// `x > v`, then `x ≤ v`.
    Above,
}

impl Decision {
    /// Narrows `domain` to the left branch; returns whether it changed.
    fn apply(self, domain: &mut Domain, value: i32) -> bool {
        match self {
            Decision::Assign => domain.fix(value),
            Decision::AtMost => domain.remove_above(value),
            Decision::Above => domain.remove_below(value + 1),
        }
    }

    /// Narrows `domain` to the right branch; returns whether it changed.
    fn refute(self, domain: &mut Domain, value: i32) -> bool {
        match self {
            Decision::Assign => domain.remove(value),
            Decision::AtMost => domain.remove_below(value + 1),
            Decision::Above => domain.remove_above(value),
        }
    }
}

/// The domains at the root fixpoint of `model` (propagation only, no
/// search), or `None` when propagation alone proves there is no solution.
/// `alldiff` overrides the strength of every `all_different`.
///
/// ```
/// use fdoku_fd::{Model, Strength, propagate};
///
/// let mut m = Model::new();
/// let xs = m.new_vars(3, 1, 3);
/// m.fix(xs[0], 2);
/// m.all_different(&xs);
/// let domains = propagate(&m, Some(Strength::Forward)).unwrap();
/// assert_eq!(domains[1].to_string(), "{1, 3}");
/// ```
pub fn propagate(model: &Model, alldiff: Option<Strength>) -> Option<Vec<Domain>> {
    if model.domains().iter().any(Domain::is_empty) {
        return None;
    }
    let mut queue = propagators::queue(model, alldiff, false);
    queue.propagate().ok()?;
    Some(queue.store.domains().to_vec())
}

/// Searches a [`Model`].
pub struct Solver<'m> {
    model: &'m Model,
    propagation: PropagationQueue,
    var_order: VarOrder,
    val_order: ValOrder,
    last_conflict: Option<Option<Var>>,
    rng: Xoshiro256PlusPlus,
    branch_on: Vec<Var>,
    /// The variables not in `branch_on`, labelled last.
    rest: Vec<Var>,
    /// Per variable, whether it is auxiliary ([`SearchConfig::project`]);
    /// empty when solutions are not projected.
    auxiliary: Vec<bool>,
    phases: Vec<SearchPhase>,
    restarts: Restarts,
    /// Runs begun in the current search (0 during the first).
    run: u64,
    /// Failures the current run may meet before the search restarts
    /// (`None`: it does not).
    cutoff: Option<u64>,
    /// Failures met in the current run.
    run_failures: u64,
    /// Per variable, the rank that breaks ties between equally good
    /// variables, drawn at each restart; empty in a search's first run, where
    /// the earlier variable wins.
    tie_ranks: Vec<u32>,
    budget: Budget,
    stack: Vec<Frame>,
    phase: Phase,
    root_failed: bool,
    stats: Stats,
}

impl<'m> Solver<'m> {
    /// A solver with the default configuration.
    pub fn new(model: &'m Model) -> Self {
        Self::with_config(model, SearchConfig::default())
    }

    /// A solver with a chosen configuration.
    pub fn with_config(model: &'m Model, config: SearchConfig) -> Self {
        let auxiliary = match &config.branch_on {
            Some(first) if config.project => {
                let mut auxiliary = vec![true; model.domains().len()];
                let main = first
                    .iter()
                    .chain(config.phases.iter().flat_map(|p| &p.vars));
                for var in main {
                    auxiliary[var.0 as usize] = false;
                }
                auxiliary
            }
            _ => Vec::new(),
        };
        Solver {
            auxiliary,
            model,
            propagation: propagators::queue(model, config.alldiff, config.trace),
            var_order: config.var_order,
            val_order: config.val_order,
            last_conflict: config.last_conflict.then_some(None),
            rng: Xoshiro256PlusPlus::seed_from_u64(config.seed),
            rest: match &config.branch_on {
                Some(first) => model.vars().filter(|v| !first.contains(v)).collect(),
                None => Vec::new(),
            },
            branch_on: config.branch_on.unwrap_or_else(|| model.vars().collect()),
            phases: config.phases,
            restarts: config.restarts,
            run: 0,
            cutoff: None,
            run_failures: 0,
            tie_ranks: Vec::new(),
            budget: Budget::unlimited(),
            stack: Vec::new(),
            phase: Phase::Fresh,
            root_failed: false,
            stats: Stats::default(),
        }
    }

    /// Limits every following search.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The model being searched.
    pub fn model(&self) -> &'m Model {
        self.model
    }

    /// Finds the first solution.
    pub fn solve(&mut self) -> SolveResult {
        let solution = self.solutions().next();
        let status = match (&solution, self.phase) {
            (Some(_), _) => SearchStatus::SolutionLimit,
            (None, Phase::Done(status)) => status,
            (None, _) => SearchStatus::Complete,
        };
        SolveResult {
            solution,
            status,
            stats: self.stats,
        }
    }

    /// Counts solutions, stopping at `limit` when given.
    pub fn count(&mut self, limit: Option<u64>) -> CountResult {
        let mut count = 0;
        let mut solutions = self.solutions();
        while limit.is_none_or(|limit| count < limit) {
            if solutions.next().is_none() {
                break;
            }
            count += 1;
        }
        let status = if limit == Some(count) {
            SearchStatus::SolutionLimit
        } else {
            self.status().unwrap_or(SearchStatus::Complete)
        };
        CountResult {
            count,
            status,
            stats: self.stats,
        }
    }

    /// Starts a new search and iterates over its solutions.
    pub fn solutions(&mut self) -> Solutions<'_, 'm> {
        self.close_search();
        self.stats = Stats::default();
        self.propagation.propagations = 0;
        self.run = 0;
        self.run_failures = 0;
        self.cutoff = self.restarts.cutoff(0);
        self.tie_ranks.clear();
        Solutions { solver: self }
    }

    /// Keeps only the values of `var` in `min..=max` in every following
    /// search, the way branch and bound asks for a better objective: the
    /// search under way ends, the next one starts from the root narrowed so,
    /// and what the solver has learnt (the dom/wdeg weights) stays.
    ///
    /// ```
    /// use fdoku_fd::{Model, Solver};
    ///
    /// let mut m = Model::new();
    /// let x = m.new_var(1, 9);
    /// let mut solver = Solver::new(&m);
    /// solver.narrow(x, 3, 4);
    /// let values: Vec<i32> = solver.solutions().map(|s| s.value(x)).collect();
    /// assert_eq!(values, [3, 4]);
    /// solver.narrow(x, 5, 9);
    /// assert!(solver.solve().solution.is_none());
    /// ```
    pub fn narrow(&mut self, var: Var, min: i32, max: i32) {
        self.close_search();
        if self.root_failed {
            return;
        }
        let kept = self.propagation.decide(var, |domain| {
            let below = domain.remove_below(min);
            let above = domain.remove_above(max);
            below || above
        });
        self.root_failed = !kept;
    }

    /// Ends the search under way: closes every decision level and the base
    /// level under them, so that the next search starts from the root.
    fn close_search(&mut self) {
        if self.phase != Phase::Fresh && !self.root_failed {
            self.undo_to_root();
        }
        self.phase = Phase::Fresh;
    }

    /// Closes every decision level and the base level under them: the
    /// domains are those of the root propagation again.
    fn undo_to_root(&mut self) {
        for _ in 0..=self.stack.len() {
            self.propagation.pop_level();
        }
        self.stack.clear();
    }

    /// Goes back to the root for the next run: every decision and every
    /// refutation below the root is undone; the weights stay, and new
    /// tie-breaks are drawn.
    fn restart(&mut self) {
        self.undo_to_root();
        self.propagation.push_level();
        self.run += 1;
        self.run_failures = 0;
        self.cutoff = self.restarts.cutoff(self.run);
        self.stats.restarts += 1;
        if let Some(last) = self.last_conflict.as_mut() {
            *last = None;
        }
        let rng = &mut self.rng;
        self.tie_ranks.clear();
        self.tie_ranks
            .extend((0..self.model.num_vars()).map(|_| rng.next_u32()));
        self.record(TraceEvent::Restart);
    }

    /// Counts a failed node.
    fn note_failure(&mut self) {
        self.stats.failures += 1;
        self.run_failures += 1;
    }

    /// How the last search ended (`None` while it can go on).
    pub fn status(&self) -> Option<SearchStatus> {
        match self.phase {
            Phase::Done(status) => Some(status),
            _ => None,
        }
    }

    /// Statistics of the current or last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Takes the trace recorded so far (empty unless tracing is on).
    pub fn take_trace(&mut self) -> Vec<TraceEvent> {
        self.propagation
            .trace
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    fn next_solution(&mut self) -> Option<Solution> {
        let started = Instant::now();
        let found = self.search();
        self.stats.time += started.elapsed();
        self.stats.propagations = self.propagation.propagations;
        found
    }

    fn search(&mut self) -> Option<Solution> {
        match self.phase {
            Phase::Done(_) => return None,
            Phase::Fresh => {
                self.stats.nodes = 1;
                // A variable that starts with no value (a model fixed
                // outside a domain, say) fails the root even when no
                // constraint watches it.
                let empty = self.model.domains().iter().any(Domain::is_empty);
                if self.root_failed || empty || self.propagation.propagate().is_err() {
                    self.root_failed = true;
                    self.note_failure();
                    self.phase = Phase::Done(SearchStatus::Complete);
                    return None;
                }
                // Root propagation holds for every search; what search does
                // from here (including `x ≠ v` at depth 0) is undone by the
                // next one.
                self.propagation.push_level();
            }
            Phase::AfterSolution => {
                // The auxiliary variables' other values would repeat the
                // solution on the rest.
                while self.stack.last().is_some_and(|frame| frame.auxiliary) {
                    self.stack.pop();
                    self.propagation.pop_level();
                }
                if let Some(status) = self.backtrack() {
                    self.phase = Phase::Done(status);
                    return None;
                }
            }
        }
        loop {
            if self
                .cutoff
                .is_some_and(|cutoff| self.run_failures >= cutoff)
            {
                self.restart();
            }
            let Some((var, val_order)) = self.select_var() else {
                // The rest of this search goes on without restarting, so
                // that it meets each solution once.
                self.cutoff = None;
                self.stats.solutions += 1;
                self.record(TraceEvent::Solution {
                    index: self.stats.solutions,
                });
                self.phase = Phase::AfterSolution;
                return Some(self.current_solution());
            };
            if let Some(reason) = self.budget.exhausted(self.stats.nodes) {
                self.phase = Phase::Done(SearchStatus::Stopped(reason));
                return None;
            }
            let (decision, value) = self.select_decision(var, val_order);
            self.stats.nodes += 1;
            self.propagation.push_level();
            self.stack.push(Frame {
                var,
                value,
                decision,
                auxiliary: self.is_auxiliary(var),
            });
            let depth = self.stack.len() as u64;
            self.stats.max_depth = self.stats.max_depth.max(depth);
            if decision == Decision::Assign {
                self.record(TraceEvent::Guess {
                    depth: depth as u32,
                    var,
                    value,
                });
            }
            let consistent = self.propagation.decide(var, |d| decision.apply(d, value))
                && self.propagation.propagate().is_ok();
            if !consistent {
                self.note_failure();
                // An auxiliary variable is not taken up again before the
                // others are fixed: its decisions stay above theirs.
                let auxiliary = self.is_auxiliary(var);
                if let Some(last) = self.last_conflict.as_mut()
                    && !auxiliary
                {
                    *last = Some(var);
                }
                if let Some(status) = self.backtrack() {
                    self.phase = Phase::Done(status);
                    return None;
                }
            }
        }
    }

    /// Undoes decisions until a right branch `x ≠ v` propagates without
    /// failure. Returns the final status when the search is over instead.
    fn backtrack(&mut self) -> Option<SearchStatus> {
        loop {
            let Some(frame) = self.stack.pop() else {
                return Some(SearchStatus::Complete);
            };
            self.propagation.pop_level();
            if let Some(reason) = self.budget.exhausted(self.stats.nodes) {
                return Some(SearchStatus::Stopped(reason));
            }
            self.stats.nodes += 1;
            if frame.decision == Decision::Assign {
                self.record(TraceEvent::Refute {
                    depth: self.stack.len() as u32,
                    var: frame.var,
                    value: frame.value,
                });
            }
            let consistent = self
                .propagation
                .decide(frame.var, |d| frame.decision.refute(d, frame.value))
                && self.propagation.propagate().is_ok();
            if consistent {
                return None;
            }
            self.note_failure();
        }
    }

    /// Whether `var` is auxiliary ([`SearchConfig::project`]).
    fn is_auxiliary(&self, var: Var) -> bool {
        self.auxiliary.get(var.0 as usize).copied().unwrap_or(false)
    }

    fn record(&mut self, event: TraceEvent) {
        if let Some(trace) = self.propagation.trace.as_mut() {
            trace.push(event);
        }
    }

    fn current_solution(&self) -> Solution {
        let values = self
            .propagation
            .store
            .domains()
            .iter()
            .map(|d| d.min())
            .collect();
        Solution { values }
    }

    /// The variable to branch on and the value order to branch with; `None`
    /// when every variable is fixed.
    fn select_var(&self) -> Option<(Var, ValOrder)> {
        let store = &self.propagation.store;
        if let Some(Some(var)) = self.last_conflict
            && !store.domain(var).is_fixed()
        {
            return Some((var, self.val_order));
        }
        for phase in &self.phases {
            if let Some(var) = self.choose(&phase.vars, phase.var_order) {
                return Some((var, phase.val_order));
            }
        }
        let chosen = self.choose(&self.branch_on, self.var_order).or_else(|| {
            let mut rest = self.rest.iter().copied();
            rest.find(|&v| !store.domain(v).is_fixed())
        });
        chosen.map(|var| (var, self.val_order))
    }

    /// The open variable of `vars` that `order` picks.
    fn choose(&self, vars: &[Var], order: VarOrder) -> Option<Var> {
        let store = &self.propagation.store;
        let rank = |v: Var| self.tie_ranks.get(v.index()).copied().unwrap_or(0);
        let mut open = vars
            .iter()
            .copied()
            .filter(|&v| !store.domain(v).is_fixed());
        match order {
            VarOrder::Input => open.next(),
            VarOrder::SmallestDomain => open.min_by_key(|&v| (store.domain(v).size(), rank(v))),
            VarOrder::DomWdeg => {
                let weights = &self.propagation.var_weights;
                // size(a)/w(a) < size(b)/w(b), without division.
                let cross = |x: Var, y: Var| {
                    u128::from(store.domain(x).size()) * u128::from(weights[y.index()])
                };
                open.min_by(|&a, &b| {
                    cross(a, b)
                        .cmp(&cross(b, a))
                        .then_with(|| rank(a).cmp(&rank(b)))
                })
            }
        }
    }

    /// The left branch on the unfixed `var`: a decision and its value.
    fn select_decision(&mut self, var: Var, val_order: ValOrder) -> (Decision, i32) {
        let domain = self.propagation.store.domain(var).clone();
        match val_order {
            ValOrder::Min => (Decision::Assign, domain.min()),
            ValOrder::Max => (Decision::Assign, domain.max()),
            ValOrder::Random => {
                let index = below(self.rng.next_u64(), domain.size());
                (Decision::Assign, domain.nth(index).unwrap_or(domain.min()))
            }
            ValOrder::MostPruning => (Decision::Assign, self.most_pruning_value(var, &domain)),
            ValOrder::Split => (Decision::AtMost, midpoint(&domain)),
            ValOrder::ReverseSplit => (Decision::Above, midpoint(&domain)),
        }
    }

    /// Tries each value of `var` (the first [`MAX_PROBES`] of them) and
    /// returns the one whose propagation removes the most values (ties: the
    /// smallest value; failing values last). Probing stops early when the
    /// deadline passes or the search is cancelled.
    fn most_pruning_value(&mut self, var: Var, domain: &Domain) -> i32 {
        let total = |queue: &PropagationQueue| -> u64 {
            queue.store.domains().iter().map(|d| d.size()).sum()
        };
        let before = total(&self.propagation);
        let trace = self.propagation.trace.take();
        let mut best = (None, domain.min());
        for value in domain.iter().take(MAX_PROBES) {
            if self.budget.out_of_time().is_some() {
                break;
            }
            self.stats.probes += 1;
            self.propagation.push_level();
            let pruned = (self.propagation.decide(var, |d| d.fix(value))
                && self.propagation.propagate().is_ok())
            .then(|| before - total(&self.propagation));
            self.propagation.pop_level();
            if pruned > best.0 {
                best = (pruned, value);
            }
        }
        self.propagation.trace = trace;
        best.1
    }
}

/// The midpoint of an unfixed domain's bounds, rounded down: both
/// `x ≤ m` and `x > m` keep a value.
fn midpoint(domain: &Domain) -> i32 {
    let middle = (i64::from(domain.min()) + i64::from(domain.max())).div_euclid(2);
    // Between min and max, so it fits.
    middle as i32
}

/// Most values [`ValOrder::MostPruning`] tries before choosing.
const MAX_PROBES: usize = 64;

/// The solutions of a search, found one per `next()`.
pub struct Solutions<'s, 'm> {
    solver: &'s mut Solver<'m>,
}

impl Iterator for Solutions<'_, '_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.solver.next_solution()
    }
}
