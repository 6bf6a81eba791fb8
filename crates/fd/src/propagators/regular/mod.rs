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
//! The graph is built once from the initial domains, keeping only the states
//! on some accepting path, so each run walks that graph alone; its marks and
//! the values' flags live in buffers the propagator reuses. The from-scratch
//! version walks the automaton itself with sets of states, sharing nothing
//! with the unrolled graph.

use std::collections::BTreeSet;

use crate::automaton::Automaton;
use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct Regular {
    vars: Vec<Var>,
    automaton: Automaton,
    graph: Graph,
    scratch: Scratch,
}

/// The automaton unrolled over the variables: `n + 1` layers of nodes (a
/// node is a state at a layer); layer 0 is the start state alone, or empty
/// when no accepting path exists.
struct Graph {
    /// Layer `i`'s nodes are `layer_nodes[i]..layer_nodes[i + 1]`.
    layer_nodes: Vec<u32>,
    /// Node `u`'s edges are `edges[node_edges[u]..node_edges[u + 1]]`.
    node_edges: Vec<u32>,
    edges: Vec<Edge>,
    /// Layer `i`'s values (those on some edge) are
    /// `values[layer_values[i]..layer_values[i + 1]]`, increasing.
    layer_values: Vec<u32>,
    values: Vec<i32>,
}

/// An edge of the unrolled graph: a value of the layer's variable (an index
/// into `Graph::values`) and the node it leads to in the next layer.
#[derive(Clone, Copy)]
struct Edge {
    value: u32,
    to: u32,
}

/// The buffers of one run, one flag per node or value.
struct Scratch {
    reached: Vec<bool>,
    useful: Vec<bool>,
    live: Vec<bool>,
    used: Vec<bool>,
}

impl Regular {
    /// Unrolls `automaton` over the initial `domains` of `vars`.
    pub(crate) fn new(vars: Vec<Var>, automaton: Automaton, domains: &[Domain]) -> Self {
        let doms: Vec<&Domain> = vars.iter().map(|v| &domains[v.index()]).collect();
        let graph = Graph::new(&automaton, &doms);
        let nodes = graph.layer_nodes.last().copied().unwrap_or(0) as usize;
        let values = graph.values.len();
        Regular {
            vars,
            automaton,
            graph,
            scratch: Scratch {
                reached: vec![false; nodes],
                useful: vec![false; nodes],
                live: vec![false; values],
                used: vec![false; values],
            },
        }
    }
}

impl Graph {
    /// The states on some accepting path through `domains`, layer by layer,
    /// and the edges between them.
    fn new(automaton: &Automaton, domains: &[&Domain]) -> Graph {
        let n = domains.len();
        let layers = accepting_paths(automaton, domains);
        let mut layer_nodes = vec![0u32];
        for layer in &layers {
            layer_nodes.push(layer_nodes[layer_nodes.len() - 1] + layer.len() as u32);
        }
        let mut graph = Graph {
            layer_nodes,
            node_edges: vec![0],
            edges: Vec::new(),
            layer_values: vec![0],
            values: Vec::new(),
        };
        // The node of each state in the layer being linked to.
        let mut node = vec![u32::MAX; automaton.states()];
        for i in 0..n {
            for (k, &q) in layers[i + 1].iter().enumerate() {
                node[q] = graph.layer_nodes[i + 1] + k as u32;
            }
            let mut layer_edges: Vec<(i32, u32)> = Vec::new();
            for &q in &layers[i] {
                layer_edges.extend(
                    automaton
                        .transitions_from(q)
                        .filter(|&(value, to)| domains[i].contains(value) && node[to] != u32::MAX)
                        .map(|(value, to)| (value, node[to])),
                );
                graph
                    .node_edges
                    .push(layer_edges.len() as u32 + graph.edges.len() as u32);
            }
            for &q in &layers[i + 1] {
                node[q] = u32::MAX;
            }
            let mut values: Vec<i32> = layer_edges.iter().map(|&(value, _)| value).collect();
            values.sort_unstable();
            values.dedup();
            let first = graph.values.len();
            graph
                .edges
                .extend(layer_edges.into_iter().map(|(value, to)| Edge {
                    value: (first + values.partition_point(|&v| v < value)) as u32,
                    to,
                }));
            graph.values.extend(values);
            graph.layer_values.push(graph.values.len() as u32);
        }
        graph
    }

    fn nodes(&self, layer: usize) -> std::ops::Range<usize> {
        self.layer_nodes[layer] as usize..self.layer_nodes[layer + 1] as usize
    }

    fn layer_values(&self, layer: usize) -> std::ops::Range<usize> {
        self.layer_values[layer] as usize..self.layer_values[layer + 1] as usize
    }

    fn out(&self, node: usize) -> &[Edge] {
        &self.edges[self.node_edges[node] as usize..self.node_edges[node + 1] as usize]
    }

    /// One run over the graph with the buffers `s`: flags the values on a
    /// path of live values from layer 0 to layer `n`, then keeps them.
    fn run(&self, ctx: &mut PropCtx<'_>, vars: &[Var], s: &mut Scratch) -> PropResult {
        if self.layer_nodes[1] == 0 {
            // Layer 0 is empty: the start state is on no accepting path.
            return Err(ctx.fail());
        }
        let n = vars.len();
        for (i, &var) in vars.iter().enumerate() {
            let domain = ctx.dom(var);
            for j in self.layer_values(i) {
                s.live[j] = domain.contains(self.values[j]);
            }
        }
        s.reached.fill(false);
        s.reached[0] = true;
        for i in 0..n {
            for u in self.nodes(i) {
                if s.reached[u] {
                    for e in self.out(u) {
                        if s.live[e.value as usize] {
                            s.reached[e.to as usize] = true;
                        }
                    }
                }
            }
        }
        s.useful.fill(false);
        for u in self.nodes(n) {
            s.useful[u] = s.reached[u];
        }
        s.used.fill(false);
        for i in (0..n).rev() {
            for u in self.nodes(i) {
                if !s.reached[u] {
                    continue;
                }
                for e in self.out(u) {
                    if s.live[e.value as usize] && (s.useful[e.to as usize]) {
                        s.useful[u] = true;
                        s.used[e.value as usize] = true;
                    }
                }
            }
        }
        if !s.useful[0] {
            return Err(ctx.fail());
        }
        for (i, &var) in vars.iter().enumerate() {
            self.keep_used(ctx, var, self.layer_values(i), &s.used)?;
        }
        Ok(())
    }

    /// Keeps, of `var`'s values, those of `range` flagged in `used`.
    fn keep_used(
        &self,
        ctx: &mut PropCtx<'_>,
        var: Var,
        range: std::ops::Range<usize>,
        used: &[bool],
    ) -> PropResult {
        let values = &self.values[range.clone()];
        let kept = values
            .iter()
            .zip(&used[range])
            .filter(|&(_, &u)| u)
            .map(|(&v, _)| v);
        match (values.first(), values.last()) {
            (Some(&lo), Some(&hi)) if i64::from(hi) - i64::from(lo) < 64 => {
                let mask = kept.fold(0u64, |mask, v| mask | 1 << (v - lo));
                ctx.retain_mask(var, lo, mask)?;
            }
            _ => {
                ctx.intersect(var, &Domain::from_values(kept))?;
            }
        }
        Ok(())
    }
}

/// The states of each layer `0..=n` that lie on a path from the start state
/// to an accepting state, reading a value of `domains[i]` at layer `i`.
fn accepting_paths(automaton: &Automaton, domains: &[&Domain]) -> Vec<Vec<usize>> {
    let n = domains.len();
    let mut layers: Vec<Vec<usize>> = Vec::with_capacity(n + 1);
    layers.push(vec![automaton.start()]);
    let mut seen = vec![usize::MAX; automaton.states()];
    for (i, domain) in domains.iter().enumerate() {
        let mut next = Vec::new();
        for &q in &layers[i] {
            for (value, to) in automaton.transitions_from(q) {
                if domain.contains(value) && seen[to] != i {
                    seen[to] = i;
                    next.push(to);
                }
            }
        }
        layers.push(next);
    }
    layers[n].retain(|&q| automaton.is_accepting(q));
    let mut useful = vec![false; automaton.states()];
    for i in (0..n).rev() {
        for &q in &layers[i + 1] {
            useful[q] = true;
        }
        let leads_on = |q: usize| {
            automaton
                .transitions_from(q)
                .any(|(value, to)| domains[i].contains(value) && useful[to])
        };
        let kept: Vec<usize> = layers[i].iter().copied().filter(|&q| leads_on(q)).collect();
        for &q in &layers[i + 1] {
            useful[q] = false;
        }
        layers[i] = kept;
    }
    layers
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
        self.graph.run(ctx, &self.vars, &mut self.scratch)
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
