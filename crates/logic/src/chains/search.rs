//! Breadth-first search of implications from one premise: a node assumed
//! true follows its weak links to nodes that become false, a node assumed
//! false follows its strong links to nodes that become true. Each state is
//! reached first by a shortest chain, which the search remembers.

use super::super::budget::tick;
use super::links::Graph;

/// The longest chain searched, in links.
pub(super) const MAX_LINKS: usize = 20;

/// A node with a truth value: `node * 2 + 1` for true, `node * 2` for false.
pub(super) type State = usize;

/// A state's node.
pub(super) fn node_of(state: State) -> usize {
    state / 2
}

/// Whether the state says its node is true.
pub(super) fn is_on(state: State) -> bool {
    state % 2 == 1
}

/// The state of `node` being `on`.
pub(super) fn state(node: usize, on: bool) -> State {
    node * 2 + usize::from(on)
}

const UNSEEN: usize = usize::MAX;

/// The search's memory, reused from premise to premise.
pub(super) struct Search {
    parent: Vec<usize>,
    depth: Vec<usize>,
    queue: Vec<State>,
    root: State,
}

impl Search {
    pub fn new(graph: &Graph) -> Self {
        Search {
            parent: vec![UNSEEN; graph.nodes.len() * 2],
            depth: vec![0; graph.nodes.len() * 2],
            queue: Vec::new(),
            root: 0,
        }
    }

    /// Searches from `start`, calling `edge(search, from, to)` for every
    /// implication `from ⇒ to` met, until the budget of the search is spent.
    pub fn run(
        &mut self,
        graph: &Graph,
        start: State,
        edge: &mut dyn FnMut(&Search, State, State),
    ) {
        for &seen in &self.queue {
            self.parent[seen] = UNSEEN;
        }
        self.queue.clear();
        self.queue.push(start);
        self.root = start;
        self.parent[start] = start;
        self.depth[start] = 0;
        let mut head = 0;
        while head < self.queue.len() && tick().is_continue() {
            let from = self.queue[head];
            head += 1;
            if self.depth[from] >= MAX_LINKS {
                continue;
            }
            let node = node_of(from);
            let (targets, on) = match is_on(from) {
                true => (&graph.weak[node], false),
                false => (&graph.strong[node], true),
            };
            for &target in targets {
                let to = state(target, on);
                if self.parent[to] == UNSEEN {
                    self.parent[to] = from;
                    self.depth[to] = self.depth[from] + 1;
                    self.queue.push(to);
                }
                edge(self, from, to);
            }
        }
    }

    /// The premise of the last search.
    pub fn root(&self) -> State {
        self.root
    }

    /// The states from the premise to `end`, which the search reached.
    pub fn path(&self, end: State) -> Vec<State> {
        let mut path = vec![end];
        let mut at = end;
        while self.parent[at] != at {
            at = self.parent[at];
            path.push(at);
        }
        path.reverse();
        path
    }
}
