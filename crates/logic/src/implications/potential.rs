//! Potentials: a candidate assumed on (true) or off (false), with the
//! potentials that forced it (its parents) and the reason why; and the
//! chaining deductions ([`Hint`]) made of them. The two nest: a deduction
//! is chains of potentials, and a potential may be forced by a nested
//! deduction, so they are defined together (a deduction's behaviour is in
//! `hint`).
//!
//! One propagation keeps its potentials in a [`Run`], first found first;
//! a potential is known by its candidate and state, so the first way found
//! to reach it is the one kept. The size of a deduction is the number of
//! distinct potentials among its ancestors, counted the way Sudoku Explainer
//! counts them (breadth first, one per candidate and state).

use std::rc::Rc;

use crate::step::Candidate;

/// Why a potential holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cause {
    /// It is the assumption the run starts from.
    Assumption,
    /// On: the only candidate left in its cell. Off: its cell holds another digit.
    Cell,
    /// On: the only place left for its digit in this house. Off: the digit is
    /// placed elsewhere in this house.
    House(usize),
    /// Off: a cage mate holds the digit.
    Peer,
    /// Off: a technique (or a nested chain) applied to the grid as the run
    /// left it.
    Advanced,
}

/// A candidate on or off, and why.
#[derive(Clone)]
pub(super) struct Potential {
    pub cell: usize,
    pub digit: u8,
    pub on: bool,
    pub cause: Cause,
    /// The potential that forces this one (the main line), if any.
    pub parent: Option<u32>,
    /// Further potentials it needs (the removals that emptied a cell or
    /// house, the removals a technique needed). Boxed: most potentials have
    /// none, and a run copies potentials by the thousand.
    pub more: Option<Box<[u32]>>,
    /// The nested chain an advanced potential comes from.
    pub nested: Option<Rc<Hint>>,
}

impl Potential {
    /// A potential with one parent (or none).
    pub fn new(cell: usize, digit: u8, on: bool, cause: Cause, parent: Option<usize>) -> Self {
        Potential {
            cell,
            digit,
            on,
            cause,
            parent: parent.map(|p| p as u32),
            more: None,
            nested: None,
        }
    }

    /// Adds parents, in order (one allocation of the exact size for all of
    /// them, none when there is no further parent).
    pub fn add_parents(&mut self, parents: impl IntoIterator<Item = usize>) {
        const STACK: usize = 32;
        let mut parents = parents.into_iter().map(|p| p as u32);
        if self.parent.is_none() {
            self.parent = parents.next();
        }
        let (mut buffer, mut filled, mut spill) = ([0u32; STACK], 0, Vec::new());
        for parent in parents {
            match filled < STACK {
                true => {
                    buffer[filled] = parent;
                    filled += 1;
                }
                false => spill.push(parent),
            }
        }
        if filled == 0 {
            return;
        }
        let old = self.more.take().unwrap_or_default();
        let mut more = Vec::with_capacity(old.len() + filled + spill.len());
        more.extend_from_slice(&old);
        more.extend_from_slice(&buffer[..filled]);
        more.extend_from_slice(&spill);
        self.more = Some(more.into_boxed_slice());
    }

    /// All parents, the main one first.
    pub fn parents(&self) -> impl Iterator<Item = usize> + '_ {
        self.parent
            .into_iter()
            .chain(self.more.iter().flat_map(|more| more.iter().copied()))
            .map(|p| p as usize)
    }
}

/// The potentials one propagation reached.
pub(super) struct Run {
    pub nodes: Vec<Potential>,
    size: usize,
    /// Per candidate and state, the first node holding it, plus one (0: none).
    index: Vec<u32>,
}

impl Run {
    /// An empty run for a grid of `cells` cells and digits up to `size`,
    /// with room for `nodes` potentials.
    pub fn new(cells: usize, size: usize, nodes: usize) -> Self {
        Run {
            nodes: Vec::with_capacity(nodes),
            size,
            index: vec![0; cells * size * 2],
        }
    }

    /// Whether the run is for a grid of `cells` cells and digits up to
    /// `size`.
    pub fn fits(&self, cells: usize, size: usize) -> bool {
        self.size == size && self.index.len() == cells * size * 2
    }

    /// Empties the run, keeping its storage.
    pub fn clear(&mut self) {
        for id in 0..self.nodes.len() {
            let node = &self.nodes[id];
            let key = self.key(node.cell, node.digit, node.on);
            self.index[key] = 0;
        }
        self.nodes.clear();
    }

    fn key(&self, cell: usize, digit: u8, on: bool) -> usize {
        (cell * self.size + usize::from(digit - 1)) * 2 + usize::from(on)
    }

    /// The node holding this candidate in this state.
    pub fn find(&self, cell: usize, digit: u8, on: bool) -> Option<usize> {
        match self.index[self.key(cell, digit, on)] {
            0 => None,
            n => Some(n as usize - 1),
        }
    }

    /// Whether the run holds this candidate in this state.
    pub fn contains(&self, cell: usize, digit: u8, on: bool) -> bool {
        self.index[self.key(cell, digit, on)] != 0
    }

    /// Whether the candidate in this state is on the main line above node
    /// `id`.
    pub fn has_ancestor(&self, id: usize, cell: usize, digit: u8, on: bool) -> bool {
        let mut current = self.nodes[id].parent;
        let mut steps = 0;
        while let Some(p) = current {
            let node = &self.nodes[p as usize];
            if node.cell == cell && node.digit == digit && node.on == on {
                return true;
            }
            current = node.parent;
            steps += 1;
            if steps > self.nodes.len() {
                break;
            }
        }
        false
    }

    /// Adds a potential; the first node of a candidate and state is the one
    /// [`Run::find`] returns.
    pub fn push(&mut self, potential: Potential) -> usize {
        let key = self.key(potential.cell, potential.digit, potential.on);
        self.nodes.push(potential);
        let id = self.nodes.len() - 1;
        if self.index[key] == 0 {
            self.index[key] = id as u32 + 1;
        }
        id
    }

    /// The node and its ancestors, breadth first, one node per candidate and
    /// state (the first met).
    pub fn chain(&self, target: usize) -> Vec<usize> {
        // One bit per candidate and state: cheaper to clear than a flag each.
        let mut seen = vec![0u64; self.index.len().div_ceil(64)];
        let mut order = Vec::with_capacity(self.nodes.len());
        // This layer and the next, their storage shared by all layers.
        let (mut todo, mut next) = (vec![target], Vec::new());
        while !todo.is_empty() {
            for &id in &todo {
                let node = &self.nodes[id];
                let key = self.key(node.cell, node.digit, node.on);
                let (word, bit) = (key / 64, 1u64 << (key % 64));
                if seen[word] & bit == 0 {
                    seen[word] |= bit;
                    order.push(id);
                    next.extend(node.parents());
                }
            }
            todo.clear();
            std::mem::swap(&mut todo, &mut next);
        }
        order
    }

    /// A run holding only `target` and its ancestors (all parents), in their
    /// order here, and the target's id in it: what a deduction keeps of a
    /// search that goes on.
    pub fn extract(&self, target: usize) -> (Run, usize) {
        let mut keep = vec![false; self.nodes.len()];
        let mut todo = vec![target];
        while let Some(id) = todo.pop() {
            if !keep[id] {
                keep[id] = true;
                todo.extend(self.nodes[id].parents());
            }
        }
        let mut new_id = vec![u32::MAX; self.nodes.len()];
        let mut run = Run {
            nodes: Vec::with_capacity(keep.iter().filter(|&&k| k).count()),
            size: self.size,
            index: vec![0; self.index.len()],
        };
        for (id, node) in self.nodes.iter().enumerate().filter(|&(id, _)| keep[id]) {
            let mut copy = node.clone();
            copy.parent = node.parent.map(|p| new_id[p as usize]);
            copy.more = node
                .more
                .as_ref()
                .map(|more| more.iter().map(|&p| new_id[p as usize]).collect());
            new_id[id] = run.push(copy) as u32;
        }
        (run, new_id[target] as usize)
    }

    /// The main line from the assumption to the node (first parents only).
    pub fn main_line(&self, target: usize) -> Vec<usize> {
        let mut line = vec![target];
        let mut id = target;
        while let Some(parent) = self.nodes[id].parent {
            let parent = parent as usize;
            if line.len() > self.nodes.len() {
                break;
            }
            line.push(parent);
            id = parent;
        }
        line.reverse();
        line
    }
}

/// The context of a chaining deduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A loop of single-digit links.
    XCycle,
    /// A loop through bivalue cells.
    YCycle,
    /// A loop of both kinds of links.
    XYCycle,
    /// An assumption that forces its own negation, single-digit links.
    XChain,
    /// An assumption that forces its own negation.
    XYChain,
    /// An assumption on (or off) that forces some candidate both on and off.
    Contradiction,
    /// A candidate forced the same way whether the assumption is on or off.
    Double,
    /// A candidate forced the same way by every candidate of a cell.
    Cell,
    /// A candidate forced the same way by every place of a digit in a house.
    Region,
}

/// One chaining deduction.
pub(super) struct Hint {
    pub kind: Kind,
    /// The producer's base rating, tenths.
    pub base: u16,
    /// The chains' ends, each in the run that reached it.
    pub targets: Vec<(Rc<Run>, usize)>,
    /// The candidates removed, ascending.
    pub removable: Vec<Candidate>,
    /// The digit placed, when the conclusion is a candidate on.
    pub placement: Option<Candidate>,
    /// The house of a region deduction.
    pub house: Option<usize>,
    pub complexity: usize,
}
