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
//! was lost (Pesant 2004). When a value came back (search backtracked), the
//! marks of an earlier run whose domains held every current value are taken
//! back up and brought down the same way: the marks after each run are
//! saved, most recent last, and those whose domains lack a current value
//! (runs below the node search returned to) are dropped. With none left,
//! everything is counted again, one pass forward and one backward. A value
//! is supported by an edge from a reached to a coreached node; the edge that
//! supported it last time is tried first.

use super::graph::{Edge, Graph};
use crate::domain::Domain;

pub(super) struct Paths {
    /// Whether the marks were ever computed.
    computed: bool,
    marks: State,
    /// The marks after recent runs, oldest first, at most `capacity`, and
    /// buffers to reuse for them.
    saved: Vec<State>,
    spare: Vec<State>,
    capacity: usize,
    /// Per value: whether it is in its domain now (a run's buffer).
    now: Vec<bool>,
    /// Per value: the edge that last supported it.
    support: Vec<u32>,
    /// Values lost since the marks were made.
    lost: Vec<u32>,
}

/// The marks in both directions and the values they were made with.
#[derive(Clone)]
struct State {
    /// Per value: whether it was in its domain.
    live: Vec<bool>,
    reached: Marks,
    coreached: Marks,
}

/// The saved marks of one propagator take at most this many bytes.
const SAVED_BYTES: usize = 1 << 20;

/// One direction's marks: per node whether it is marked and how many
/// counted edges hold it there, and the nodes whose count fell to zero.
#[derive(Clone)]
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
        let state_bytes = values + 2 * nodes * (1 + size_of::<u32>());
        Paths {
            computed: false,
            marks: State {
                live: vec![false; values],
                reached: Marks::new(nodes),
                coreached: Marks::new(nodes),
            },
            saved: Vec::new(),
            spare: Vec::new(),
            capacity: (SAVED_BYTES / state_bytes.max(1)).clamp(1, 64),
            now: vec![false; values],
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
        for i in 0..graph.len() {
            let domain = domain(i);
            for j in graph.layer_values(i) {
                self.now[j] = domain.contains(graph.values()[j]);
            }
        }
        let within = |live: &[bool]| self.now.iter().zip(live).all(|(&now, &was)| was || !now);
        if self.computed && !within(&self.marks.live) {
            while let Some(last) = self.saved.pop_if(|state| !within(&state.live)) {
                self.spare.push(last);
            }
            match self.saved.last() {
                Some(state) => self.marks.clone_from(state),
                None => self.computed = false,
            }
        }
        if self.computed {
            self.remove_lost(graph);
        } else {
            self.marks.live.copy_from_slice(&self.now);
            self.recount(graph);
        }
        self.save();
        self.marks.coreached.on[0]
    }

    /// Saves the marks, dropping the oldest saved ones past `capacity`.
    fn save(&mut self) {
        if self.saved.len() == self.capacity {
            let oldest = self.saved.remove(0);
            self.spare.push(oldest);
        }
        let mut copy = self.spare.pop().unwrap_or_else(|| self.marks.clone());
        copy.clone_from(&self.marks);
        self.saved.push(copy);
    }

    /// Whether value `j` is on a path: a live edge carrying it joins a
    /// reached node to a coreached one.
    pub(super) fn supports(&mut self, graph: &Graph, j: usize) -> bool {
        if !self.marks.live[j] {
            return false;
        }
        let on_path = |e: &Edge| {
            self.marks.reached.on[e.from as usize] && self.marks.coreached.on[e.to as usize]
        };
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
        self.marks.reached.clear();
        self.marks.coreached.clear();
        self.marks.reached.on[0] = true;
        for i in 0..n {
            for j in graph.layer_values(i).filter(|&j| self.marks.live[j]) {
                for e in graph.edges_on(j) {
                    if self.marks.reached.on[e.from as usize] {
                        self.marks.reached.counts[e.to as usize] += 1;
                        self.marks.reached.on[e.to as usize] = true;
                    }
                }
            }
        }
        self.marks.coreached.on[graph.layer(n)].fill(true);
        for i in (0..n).rev() {
            for j in graph.layer_values(i).filter(|&j| self.marks.live[j]) {
                for e in graph.edges_on(j) {
                    if self.marks.coreached.on[e.to as usize] {
                        self.marks.coreached.counts[e.from as usize] += 1;
                        self.marks.coreached.on[e.from as usize] = true;
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
        self.lost.clear();
        for (j, (was, &now)) in self.marks.live.iter_mut().zip(&self.now).enumerate() {
            if *was && !now {
                self.lost.push(j as u32);
            }
            *was = now;
        }
        for &j in &self.lost {
            for e in graph.edges_on(j as usize) {
                if self.marks.reached.on[e.from as usize] {
                    self.marks.reached.lower(e.to);
                }
                if self.marks.coreached.on[e.to as usize] {
                    self.marks.coreached.lower(e.from);
                }
            }
        }
        let State {
            live,
            reached,
            coreached,
        } = &mut self.marks;
        reached.cascade(graph, live, Graph::leaving, |e| e.to);
        coreached.cascade(graph, live, Graph::entering, |e| e.from);
    }
}
