//! The automaton unrolled over the variables: a layered graph whose nodes
//! are the states on some accepting path through the initial domains.

use crate::automaton::Automaton;
use crate::domain::Domain;

/// `n + 1` layers of nodes (a node is a state at a layer), numbered layer by
/// layer; layer 0 is the start state alone, or empty when no accepting path
/// exists, and every node of layer `n` is accepting. The edges from layer
/// `i` carry values of variable `i`, grouped by value; each node also lists
/// the edges leaving and entering it.
pub(super) struct Graph {
    /// Layer `i`'s nodes are `layer_nodes[i]..layer_nodes[i + 1]`.
    layer_nodes: Vec<u32>,
    /// Layer `i`'s values (those on some edge) are
    /// `values[layer_values[i]..layer_values[i + 1]]`, increasing.
    layer_values: Vec<u32>,
    values: Vec<i32>,
    /// Value `j`'s edges are `edges[value_edges[j]..value_edges[j + 1]]`.
    value_edges: Vec<u32>,
    edges: Vec<Edge>,
    /// Node `u`'s outgoing edges (indices into `edges`) are
    /// `out_edges[node_out[u]..node_out[u + 1]]`; likewise the incoming ones.
    node_out: Vec<u32>,
    out_edges: Vec<u32>,
    node_in: Vec<u32>,
    in_edges: Vec<u32>,
}

/// An edge between nodes of consecutive layers, carrying value `value` (an
/// index into the graph's values).
#[derive(Clone, Copy)]
pub(super) struct Edge {
    pub(super) from: u32,
    pub(super) to: u32,
    pub(super) value: u32,
}

impl Graph {
    /// The states on some accepting path through `domains`, layer by layer,
    /// and the edges between them.
    pub(super) fn new(automaton: &Automaton, domains: &[&Domain]) -> Graph {
        let layers = accepting_paths(automaton, domains);
        let mut layer_nodes = vec![0u32];
        for layer in &layers {
            layer_nodes.push(layer_nodes[layer_nodes.len() - 1] + layer.len() as u32);
        }
        let mut graph = Graph {
            layer_nodes,
            layer_values: vec![0],
            values: Vec::new(),
            value_edges: vec![0],
            edges: Vec::new(),
            node_out: Vec::new(),
            out_edges: Vec::new(),
            node_in: Vec::new(),
            in_edges: Vec::new(),
        };
        // The node of each state in the layer being linked to.
        let mut node = vec![u32::MAX; automaton.states()];
        for (i, domain) in domains.iter().enumerate() {
            for (k, &q) in layers[i + 1].iter().enumerate() {
                node[q] = graph.layer_nodes[i + 1] + k as u32;
            }
            let mut layer_edges: Vec<(i32, u32, u32)> = Vec::new();
            for (k, &q) in layers[i].iter().enumerate() {
                let from = graph.layer_nodes[i] + k as u32;
                layer_edges.extend(
                    automaton
                        .transitions_from(q)
                        .filter(|&(value, to)| domain.contains(value) && node[to] != u32::MAX)
                        .map(|(value, to)| (value, from, node[to])),
                );
            }
            for &q in &layers[i + 1] {
                node[q] = u32::MAX;
            }
            layer_edges.sort_by_key(|&(value, _, _)| value);
            for (value, from, to) in layer_edges {
                if graph.values.len() == graph.layer_values[i] as usize
                    || graph.values.last() != Some(&value)
                {
                    graph.values.push(value);
                    graph.value_edges.push(graph.edges.len() as u32);
                }
                let value = graph.values.len() as u32 - 1;
                graph.edges.push(Edge { from, to, value });
                let last = graph.value_edges.len() - 1;
                graph.value_edges[last] = graph.edges.len() as u32;
            }
            graph.layer_values.push(graph.values.len() as u32);
        }
        let nodes = graph.nodes();
        (graph.node_out, graph.out_edges) = adjacency(nodes, &graph.edges, |e| e.from);
        (graph.node_in, graph.in_edges) = adjacency(nodes, &graph.edges, |e| e.to);
        graph
    }

    /// The number of variables.
    pub(super) fn len(&self) -> usize {
        self.layer_values.len() - 1
    }

    /// The number of nodes.
    pub(super) fn nodes(&self) -> usize {
        self.layer_nodes.last().copied().unwrap_or(0) as usize
    }

    /// The nodes of `layer`.
    pub(super) fn layer(&self, layer: usize) -> std::ops::Range<usize> {
        self.layer_nodes[layer] as usize..self.layer_nodes[layer + 1] as usize
    }

    /// The value indices of variable `layer`.
    pub(super) fn layer_values(&self, layer: usize) -> std::ops::Range<usize> {
        self.layer_values[layer] as usize..self.layer_values[layer + 1] as usize
    }

    /// Every value, by index.
    pub(super) fn values(&self) -> &[i32] {
        &self.values
    }

    /// The index of value `j`'s first edge.
    pub(super) fn first_edge(&self, j: usize) -> u32 {
        self.value_edges[j]
    }

    /// The edge with index `e`.
    pub(super) fn edge(&self, e: u32) -> Edge {
        self.edges[e as usize]
    }

    /// The edges carrying value `j`.
    pub(super) fn edges_on(&self, j: usize) -> &[Edge] {
        &self.edges[self.value_edges[j] as usize..self.value_edges[j + 1] as usize]
    }

    /// The indices of the edges leaving node `u`.
    pub(super) fn leaving(&self, u: usize) -> &[u32] {
        &self.out_edges[self.node_out[u] as usize..self.node_out[u + 1] as usize]
    }

    /// The indices of the edges entering node `u`.
    pub(super) fn entering(&self, u: usize) -> &[u32] {
        &self.in_edges[self.node_in[u] as usize..self.node_in[u + 1] as usize]
    }
}

/// For each of `nodes` nodes, the edges whose `end` it is, as offsets into
/// one list of edge indices.
fn adjacency(nodes: usize, edges: &[Edge], end: impl Fn(&Edge) -> u32) -> (Vec<u32>, Vec<u32>) {
    let mut offsets = vec![0u32; nodes + 1];
    for e in edges {
        offsets[end(e) as usize + 1] += 1;
    }
    for u in 0..nodes {
        offsets[u + 1] += offsets[u];
    }
    let mut next = offsets.clone();
    let mut list = vec![0u32; edges.len()];
    for (k, e) in edges.iter().enumerate() {
        let slot = &mut next[end(e) as usize];
        list[*slot as usize] = k as u32;
        *slot += 1;
    }
    (offsets, list)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_states_on_accepting_paths_become_nodes() {
        // 0 -1-> 1 -1-> 2 (accepting), 0 -2-> 3 (a dead end), over two
        // variables in {1, 2}: nodes 0 | 1 | 2, two edges, both on value 1.
        let mut a = Automaton::new(4, 0).unwrap();
        a.transition(0, 1, 1).unwrap().transition(1, 1, 2).unwrap();
        a.transition(0, 2, 3).unwrap().accept(2).unwrap();
        let d = Domain::from_values([1, 2]);
        let g = Graph::new(&a, &[&d, &d]);
        assert_eq!((g.len(), g.nodes()), (2, 3));
        assert_eq!((g.layer(1), g.layer(2)), (1..2, 2..3));
        assert_eq!(g.values(), [1, 1]);
        assert_eq!(g.leaving(0), [0]);
        assert_eq!(g.entering(2), [1]);
        let e = g.edge(g.first_edge(1));
        assert_eq!((e.from, e.to, e.value), (1, 2, 1));
    }
}
