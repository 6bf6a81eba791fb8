//! `regular(x₁ … xₙ, A)`: the values, read in order, are accepted by the
//! deterministic automaton `A` (Pesant 2004).
//!
//! The automaton is unrolled into a layered graph: layer `i` holds the states
//! the automaton can be in before reading `xᵢ₊₁`, and an edge from layer `i`
//! to `i + 1` is a transition on a value of `xᵢ₊₁`. A value is kept exactly
//! when some edge carrying it lies on a path from the start state (layer 0)
//! to an accepting state (layer `n`) using only values still in the domains:
//! one pass forward marks the states reachable from the start, one pass
//! backward the states from which an accepting state is still reachable
//! (generalised arc consistency). No path at all is a failure.
//!
//! Take the automaton over `{1, 2}` that forbids two 2s in a row (state 0:
//! the last value was 1, state 1: it was 2; both accepting), with
//! `x₁ ∈ {2}`, `x₂ ∈ {1, 2}`, `x₃ ∈ {2}`. Forward: layer 1 is {1}; from
//! state 1 only the value 1 has a transition, so `x₂` loses 2 — its only
//! edge on 2 leads nowhere.
//!
//! The graph ([`graph`]) is built once from the initial domains, keeping
//! only the states on some accepting path. Which of its nodes are still on
//! a path is kept from run to run ([`paths`]): while the domains only
//! shrink, a run follows what was lost, not the whole graph, and after a
//! backtrack it starts again from the saved marks of an earlier run. The
//! from-scratch version walks the automaton itself with sets of states,
//! sharing nothing with the unrolled graph.

mod graph;
mod paths;

use std::collections::BTreeSet;

use crate::automaton::Automaton;
use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;
use graph::Graph;
use paths::Paths;

pub(crate) struct Regular {
    vars: Vec<Var>,
    automaton: Automaton,
    graph: Graph,
    paths: Paths,
    /// Per value of the graph: whether it is on a path (a run's buffer).
    used: Vec<bool>,
}

impl Regular {
    /// Unrolls `automaton` over the initial `domains` of `vars`.
    pub(crate) fn new(vars: Vec<Var>, automaton: Automaton, domains: &[Domain]) -> Self {
        let doms: Vec<&Domain> = vars.iter().map(|v| &domains[v.index()]).collect();
        let graph = Graph::new(&automaton, &doms);
        let paths = Paths::new(&graph);
        let used = vec![false; graph.values().len()];
        Regular {
            vars,
            automaton,
            graph,
            paths,
            used,
        }
    }

    /// Keeps, of variable `i`'s values, those flagged in `used`.
    fn keep_used(&self, ctx: &mut PropCtx<'_>, i: usize) -> PropResult {
        let range = self.graph.layer_values(i);
        let values = &self.graph.values()[range.clone()];
        let kept = values
            .iter()
            .zip(&self.used[range])
            .filter(|&(_, &u)| u)
            .map(|(&v, _)| v);
        match (values.first(), values.last()) {
            (Some(&lo), Some(&hi)) if i64::from(hi) - i64::from(lo) < 64 => {
                let mask = kept.fold(0u64, |mask, v| mask | 1 << (v - lo));
                ctx.retain_mask(self.vars[i], lo, mask)?;
            }
            _ => {
                ctx.intersect(self.vars[i], &Domain::from_values(kept))?;
            }
        }
        Ok(())
    }
}

impl Propagator for Regular {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.vars.iter().map(|&v| (v, Events::DOMAIN)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Expensive
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        if self.graph.layer(0).is_empty() {
            // The start state is on no accepting path.
            return Err(ctx.fail());
        }
        let vars = &self.vars;
        if !self.paths.update(&self.graph, |i| ctx.dom(vars[i])) {
            return Err(ctx.fail());
        }
        for j in 0..self.used.len() {
            self.used[j] = self.paths.supports(&self.graph, j);
        }
        for i in 0..self.vars.len() {
            self.keep_used(ctx, i)?;
        }
        Ok(())
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let a = &self.automaton;
        let mut reached: Vec<BTreeSet<usize>> = vec![BTreeSet::from([a.start()])];
        for (i, &var) in self.vars.iter().enumerate() {
            let next = reached[i]
                .iter()
                .flat_map(|&q| a.transitions_from(q))
                .filter(|&(value, _)| ctx.dom(var).contains(value))
                .map(|(_, to)| to)
                .collect();
            reached.push(next);
        }
        let n = self.vars.len();
        let mut useful: BTreeSet<usize> = reached[n]
            .iter()
            .copied()
            .filter(|&q| a.is_accepting(q))
            .collect();
        let mut supported = vec![Vec::new(); n];
        for i in (0..n).rev() {
            let mut before = BTreeSet::new();
            for &q in &reached[i] {
                for (value, to) in a.transitions_from(q) {
                    if ctx.dom(self.vars[i]).contains(value) && useful.contains(&to) {
                        supported[i].push(value);
                        before.insert(q);
                    }
                }
            }
            useful = before;
        }
        if useful.is_empty() {
            return Err(ctx.fail());
        }
        for (&var, values) in self.vars.iter().zip(supported) {
            ctx.intersect(var, &Domain::from_values(values))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::{after_one_run, domains};

    /// Over {1, 2}, no two 2s in a row: state 0 after a 1 (or at the start),
    /// state 1 after a 2; both accepting.
    fn no_double_two() -> Automaton {
        let mut a = Automaton::new(2, 0).unwrap();
        a.transition(0, 1, 0).unwrap();
        a.transition(0, 2, 1).unwrap();
        a.transition(1, 1, 0).unwrap();
        a.accept(0).unwrap().accept(1).unwrap();
        a
    }

    fn regular(automaton: Automaton, before: &[&[i32]]) -> Regular {
        let vars = (0..before.len() as u32).map(Var).collect();
        Regular::new(vars, automaton, &domains(before))
    }

    #[test]
    fn a_value_on_no_accepting_path_goes() {
        // The example above: x₂ loses 2.
        let before: &[&[i32]] = &[&[2], &[1, 2], &[2]];
        let mut prop = regular(no_double_two(), before);
        assert_eq!(
            after_one_run(&mut prop, before).unwrap(),
            ["{2}", "{1}", "{2}"]
        );
        // x₁ = x₂ = 2: no path at all.
        assert_eq!(after_one_run(&mut prop, &[&[2], &[2], &[1, 2]]), None);
    }

    #[test]
    fn values_without_a_transition_and_the_empty_sequence() {
        // 3 has no transition anywhere; 2 at the end is fine.
        let before: &[&[i32]] = &[&[1, 3], &[1, 2, 3]];
        let mut prop = regular(no_double_two(), before);
        assert_eq!(after_one_run(&mut prop, before).unwrap(), ["{1}", "{1, 2}"]);
        // No variables: the start state alone decides.
        let mut a = Automaton::new(1, 0).unwrap();
        assert!(after_one_run(&mut regular(a.clone(), &[]), &[]).is_none());
        a.accept(0).unwrap();
        assert!(after_one_run(&mut regular(a, &[]), &[]).is_some());
    }

    #[test]
    fn runs_on_shrinking_and_regrown_domains_agree_with_from_scratch() {
        // Four variables over {1, 2}; each run starts from the last one's
        // marks: x₂ = 2 takes 2 from x₁ and x₃, then x₄ = 2 as well, then
        // all values back.
        let all: &[i32] = &[1, 2];
        let mut prop = regular(no_double_two(), &[all, all, all, all]);
        let steps: [(&[&[i32]], [&str; 4]); 4] = [
            (
                &[all, all, all, all],
                ["{1, 2}", "{1, 2}", "{1, 2}", "{1, 2}"],
            ),
            (&[all, &[2], all, all], ["{1}", "{2}", "{1}", "{1, 2}"]),
            (&[&[1], &[2], &[1], &[2]], ["{1}", "{2}", "{1}", "{2}"]),
            (&[all, all, all, &[2]], ["{1, 2}", "{1, 2}", "{1}", "{2}"]),
        ];
        for (before, after) in steps {
            assert_eq!(after_one_run(&mut prop, before).unwrap(), after);
        }
        assert_eq!(after_one_run(&mut prop, &[all, &[2], &[2], all]), None);
    }

    #[test]
    fn wide_domains_are_kept_without_masks() {
        // One state looping on -1000 and 1000: every other value goes.
        let mut a = Automaton::new(1, 0).unwrap();
        a.transition(0, -1000, 0)
            .unwrap()
            .transition(0, 1000, 0)
            .unwrap();
        a.accept(0).unwrap();
        let before: &[&[i32]] = &[&[-1000, 0, 1000], &[-1000, 5]];
        let mut prop = regular(a, before);
        assert_eq!(
            after_one_run(&mut prop, before).unwrap(),
            ["{-1000, 1000}", "{-1000}"]
        );
    }
}
