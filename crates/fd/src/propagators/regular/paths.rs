//! Which nodes of the unrolled graph still lie on a path of live values,
//! kept from one run to the next.
//!
//! A node is *reached* when a path of live edges (edges whose value is still
//! in its domain) leads to it from the start, and *coreached* when one leads
//! from it to layer `n`. For each direction a node counts its live edges
//! from reached nodes (to coreached nodes): a node is reached exactly while
//! that count is positive (the start always is), coreached likewise (every
//! node of layer `n` always is).
//!
//! When the domains only lost values since the last run — the common case
//! while propagation goes on at one node of the search — the counts of the
//! lost values' edges are lowered, and a node whose count drops to zero
//! lowers those of its live edges in turn: the work is proportional to what
//! was lost (Pesant 2004). When a value came back (search backtracked),
//! everything is counted again, one pass forward and one backward. A value
//! is supported by an edge from a reached to a coreached node; the edge that
//! supported it last time is tried first.

use super::graph::{Edge, Graph};
use crate::domain::Domain;

pub(super) struct Paths {
    /// Whether the counts were ever computed.
    computed: bool,
    /// Per value: whether it was in its domain at the last run.
    live: Vec<bool>,
    reached: Marks,
    coreached: Marks,
    /// Per value: the edge that last supported it.
    support: Vec<u32>,
    /// Values lost since the last run.
    lost: Vec<u32>,
}

/// One direction's marks: per node whether it is marked and how many
/// counted edges hold it there, and the nodes whose count fell to zero.
struct Marks {
    on: Vec<bool>,
    counts: Vec<u32>,
    zero: Vec<u32>,
}

impl Marks {
    fn new(nodes: usize) -> Marks {
        Marks {
            on: vec![false; nodes],
            counts: vec![0; nodes],
            zero: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.on.fill(false);
        self.counts.fill(0);
    }

    /// Lowers `node`'s count, queueing it when the count reaches 0.
    fn lower(&mut self, node: u32) {
        let count = &mut self.counts[node as usize];
        *count -= 1;
        if *count == 0 {
            self.zero.push(node);
        }
    }

    /// Unmarks the queued nodes, lowering in turn the far ends of their
    /// live edges (`edges` of a node, `far` end of an edge).
    fn cascade(
        &mut self,
        graph: &Graph,
        live: &[bool],
        edges: fn(&Graph, usize) -> &[u32],
        far: fn(&Edge) -> u32,
    ) {
        while let Some(u) = self.zero.pop() {
            self.on[u as usize] = false;
            for &k in edges(graph, u as usize) {
                let e = graph.edge(k);
                if live[e.value as usize] {
                    self.lower(far(&e));
                }
            }
        }
    }
}

impl Paths {
    /// Buffers for `graph`, with nothing computed yet.
    pub(super) fn new(graph: &Graph) -> Paths {
        let (nodes, values) = (graph.nodes(), graph.values().len());
        Paths {
            computed: false,
            live: vec![false; values],
            reached: Marks::new(nodes),
            coreached: Marks::new(nodes),
            support: (0..values).map(|j| graph.first_edge(j)).collect(),
            lost: Vec::new(),
        }
    }

    /// Brings the marks up to date with the current domains, `domain(i)`
    /// for variable `i`; returns whether the start still reaches layer `n`.
    /// The graph must have a start node.
    pub(super) fn update<'d>(
        &mut self,
        graph: &Graph,
        domain: impl Fn(usize) -> &'d Domain,
    ) -> bool {
        self.lost.clear();
        let mut regained = false;
        for i in 0..graph.len() {
            let domain = domain(i);
            for j in graph.layer_values(i) {
                let (was, now) = (self.live[j], domain.contains(graph.values()[j]));
                if was && !now {
                    self.lost.push(j as u32);
                }
                regained |= now && !was;
                self.live[j] = now;
            }
        }
        if regained || !self.computed {
            self.recount(graph);
        } else {
            self.remove_lost(graph);
        }
        self.coreached.on[0]
    }

    /// Whether value `j` is on a path: a live edge carrying it joins a
    /// reached node to a coreached one.
    pub(super) fn supports(&mut self, graph: &Graph, j: usize) -> bool {
        if !self.live[j] {
            return false;
        }
        let on_path =
            |e: &Edge| self.reached.on[e.from as usize] && self.coreached.on[e.to as usize];
        if on_path(&graph.edge(self.support[j])) {
            return true;
        }
        match graph.edges_on(j).iter().position(on_path) {
            Some(k) => {
                self.support[j] = graph.first_edge(j) + k as u32;
                true
            }
            None => false,
        }
    }

    /// Counts every node's live edges from reached and to coreached nodes.
    fn recount(&mut self, graph: &Graph) {
        self.computed = true;
        let n = graph.len();
        self.reached.clear();
        self.coreached.clear();
        self.reached.on[0] = true;
        for i in 0..n {
            for j in graph.layer_values(i).filter(|&j| self.live[j]) {
                for e in graph.edges_on(j) {
                    if self.reached.on[e.from as usize] {
                        self.reached.counts[e.to as usize] += 1;
                        self.reached.on[e.to as usize] = true;
                    }
                }
            }
        }
        self.coreached.on[graph.layer(n)].fill(true);
        for i in (0..n).rev() {
            for j in graph.layer_values(i).filter(|&j| self.live[j]) {
                for e in graph.edges_on(j) {
                    if self.coreached.on[e.to as usize] {
                        self.coreached.counts[e.from as usize] += 1;
                        self.coreached.on[e.from as usize] = true;
                    }
                }
            }
        }
    }

    /// Lowers the counts for the values lost and the nodes that lose their
    /// last counted edge, in turn. An edge is counted towards its target's
    /// reach while its value is live and its source reached, so it is
    /// uncounted once, when the first of the two stops: the lost values'
    /// edges now (a node's mark is only cleared when the cascade takes it
    /// off the queue), a node's live edges when the cascade takes it. The
    /// same holds backward.
    fn remove_lost(&mut self, graph: &Graph) {
        for &j in &self.lost {
            for e in graph.edges_on(j as usize) {
                if self.reached.on[e.from as usize] {
                    self.reached.lower(e.to);
                }
                if self.coreached.on[e.to as usize] {
                    self.coreached.lower(e.from);
                }
            }
        }
        self.reached
            .cascade(graph, &self.live, Graph::leaving, |e| e.to);
        self.coreached
            .cascade(graph, &self.live, Graph::entering, |e| e.from);
    }
}
