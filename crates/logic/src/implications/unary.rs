//! Static forcing chains and bidirectional cycles, as Sudoku Explainer's
//! first chaining producer finds them, in three passes: single-digit links
//! (X), bivalue cells (Y), both (XY).
//!
//! * a **cycle** is a loop of alternating implications back to its start;
//!   a candidate seeing a potential of the loop that is on in one direction
//!   and one that is on in the other is removed;
//! * a **forcing chain** is an assumption that implies its own negation,
//!   which therefore holds.

use std::rc::Rc;

use super::context::{Context, Work};
use super::potential::{Cause, Hint, Kind, Potential, Run};
use super::propagation::{Implied, Links};
use crate::grid::{Grid, digits_of};
use crate::step::Candidate;

/// Every cycle and forcing chain in `grid`, unsorted.
pub(super) fn hints(context: &Context, links: &Links, grid: &Grid) -> Vec<Hint> {
    let mut hints = Vec::new();
    let mut scratch = Run::new(grid.values().len(), grid.size(), 0);
    let mut queues = Queues::default();
    for (cell_rule, house_rule) in [(false, true), (true, false), (true, true)] {
        for cell in 0..grid.values().len() {
            let mask = grid.mask(cell);
            if grid.value(cell) != 0 || mask.count_ones() < 2 {
                continue;
            }
            if mask.count_ones() > 2 && !house_rule {
                continue;
            }
            for digit in digits_of(mask) {
                let pass = Pass {
                    links,
                    work: &context.work,
                    grid,
                    cell_rule,
                    house_rule,
                };
                pass.from(&mut scratch, &mut queues, cell, digit, &mut hints);
            }
        }
    }
    hints
}

/// The queues of one search, kept from one search to the next so that
/// thousands of searches share their storage: what is pending for the
/// next layer, and the layer being handled.
#[derive(Default)]
struct Queues {
    on: Vec<usize>,
    off: Vec<usize>,
    reached: Vec<Reached>,
    layer: Vec<usize>,
    layer_reached: Vec<Reached>,
    ends: Vec<usize>,
}

/// A potential off met by the loop search.
enum Reached {
    /// First met: node id.
    New(usize),
    /// Met again from node `.1`.
    Again(Implied, usize),
}

/// One pass: which links it follows.
struct Pass<'a> {
    links: &'a Links,
    work: &'a Work,
    grid: &'a Grid,
    cell_rule: bool,
    house_rule: bool,
}

impl<'a> Pass<'a> {
    fn kinds(&self) -> (Kind, Kind) {
        match (self.cell_rule, self.house_rule) {
            (false, _) => (Kind::XCycle, Kind::XChain),
            (true, false) => (Kind::YCycle, Kind::XYChain),
            (true, true) => (Kind::XYCycle, Kind::XYChain),
        }
    }

    /// The cycles through `digit` in `cell` and, with house links, the
    /// forcing chains from it on and off.
    fn from(
        &self,
        scratch: &mut Run,
        queues: &mut Queues,
        cell: usize,
        digit: u8,
        hints: &mut Vec<Hint>,
    ) {
        let (cycle_kind, chain_kind) = self.kinds();
        let base_cycle = if cycle_kind == Kind::XYCycle { 70 } else { 65 };
        let base_chain = if chain_kind == Kind::XChain { 66 } else { 70 };
        self.cycles(scratch, queues, cell, digit);
        for &end in &queues.ends {
            let removable = self.cycle_removals(scratch, end);
            if removable.is_empty() {
                continue;
            }
            let (run, end) = scratch.extract(end);
            let reversed = Rc::new(reversed(&run, end, self.grid));
            let targets = vec![(Rc::new(run), end), (reversed, 0)];
            hints.push(Hint::new(
                cycle_kind, base_cycle, targets, removable, None, None,
            ));
        }
        if !self.house_rule {
            return;
        }
        for on in [true, false] {
            self.forcing(scratch, queues, cell, digit, on);
            for &end in &queues.ends {
                let (run, end) = scratch.extract(end);
                let run = Rc::new(run);
                let node = &run.nodes[end];
                let (removable, placement) = match node.on {
                    false => (vec![Candidate::new(node.cell, node.digit)], None),
                    true => {
                        let others = digits_of(self.grid.mask(node.cell))
                            .into_iter()
                            .filter(|&d| d != node.digit)
                            .map(|d| Candidate::new(node.cell, d))
                            .collect();
                        (others, Some(Candidate::new(node.cell, node.digit)))
                    }
                };
                if removable.is_empty() {
                    continue;
                }
                let targets = vec![(Rc::clone(&run), end)];
                hints.push(Hint::new(
                    chain_kind, base_chain, targets, removable, placement, None,
                ));
            }
        }
    }

    /// What node `p` on switches off in this pass.
    fn offs(&self, run: &Run, p: usize) -> impl Iterator<Item = &'a Implied> + use<'a> {
        let (cell, digit) = (run.nodes[p].cell, run.nodes[p].digit);
        let cell_rule = self.cell_rule;
        self.links
            .offs(cell, digit)
            .iter()
            .filter(move |i| cell_rule || i.cause != Cause::Cell)
    }

    /// What node `p` off switches on in this pass.
    fn ons(
        &self,
        run: &Run,
        p: usize,
        house_rule: bool,
    ) -> impl Iterator<Item = &'a Implied> + use<'a> {
        let (cell, digit) = (run.nodes[p].cell, run.nodes[p].digit);
        let cell_rule = self.cell_rule;
        self.links
            .ons(cell, digit)
            .iter()
            .filter(move |i| match i.cause {
                Cause::Cell => cell_rule,
                _ => house_rule,
            })
    }

    /// Breadth-first search for loops back to the assumption (at least four
    /// steps); fills the run, and `queues.ends` with the loops' closing
    /// potentials.
    ///
    /// A potential off reached again by another path is not followed again
    /// (what it switches on is already there), but it may still close a loop
    /// along its own path; it becomes a node only if it does.
    fn cycles(&self, run: &mut Run, queues: &mut Queues, cell: usize, digit: u8) {
        run.clear();
        let Queues {
            on: pending_on,
            reached: pending_off,
            layer,
            layer_reached,
            ends,
            ..
        } = queues;
        ends.clear();
        pending_on.clear();
        pending_off.clear();
        pending_on.push(run.push(Potential::new(cell, digit, true, Cause::Assumption, None)));
        let mut length = 0;
        while !pending_on.is_empty() && self.work.spend(pending_on.len() as u64) {
            length += 1;
            std::mem::swap(pending_on, layer);
            for &p in layer.iter() {
                for &implied in self.offs(run, p) {
                    if !run.contains(implied.cell, implied.digit, false) {
                        pending_off.push(Reached::New(run.push(implied.potential(false, p))));
                    } else if !run.has_ancestor(p, implied.cell, implied.digit, false) {
                        pending_off.push(Reached::Again(implied, p));
                    }
                }
            }
            layer.clear();
            length += 1;
            std::mem::swap(pending_off, layer_reached);
            for reached in layer_reached.drain(..) {
                let (implied_off, parent) = match reached {
                    Reached::New(id) => {
                        for &implied in self.ons(run, id, self.house_rule) {
                            let closes =
                                length >= 4 && implied.cell == cell && implied.digit == digit;
                            let new = !run.contains(implied.cell, implied.digit, true);
                            if closes || new {
                                let on = run.push(implied.potential(true, id));
                                if closes {
                                    ends.push(on);
                                }
                                if new {
                                    pending_on.push(on);
                                }
                            }
                        }
                        continue;
                    }
                    Reached::Again(implied, parent) => (implied, parent),
                };
                let (off_cell, off_digit) = (implied_off.cell, implied_off.digit);
                if length < 4 {
                    continue;
                }
                let closing = self
                    .links
                    .ons(off_cell, off_digit)
                    .iter()
                    .filter(|i| match i.cause {
                        Cause::Cell => self.cell_rule,
                        _ => self.house_rule,
                    })
                    .find(|i| i.cell == cell && i.digit == digit)
                    .copied();
                if let Some(closing) = closing {
                    let off = run.nodes.len();
                    run.nodes.push(implied_off.potential(false, parent));
                    ends.push(run.nodes.len());
                    run.nodes.push(closing.potential(true, off));
                }
            }
        }
    }

    /// The candidates a loop removes: those seeing a potential on in one
    /// direction of the loop and one on in the other.
    fn cycle_removals(&self, run: &Run, end: usize) -> Vec<Candidate> {
        let line = run.main_line(end);
        let loop_nodes = &line[1..];
        let cells: Vec<usize> = loop_nodes.iter().map(|&id| run.nodes[id].cell).collect();
        let mut forward = Vec::new();
        let mut backward = Vec::new();
        for &id in loop_nodes {
            let node = &run.nodes[id];
            let seen = self.grid.peers(node.cell) & self.grid.cells_with(node.digit);
            for cell in seen.iter().filter(|c| !cells.contains(c)) {
                let candidate = Candidate::new(cell, node.digit);
                let list = if node.on { &mut forward } else { &mut backward };
                if !list.contains(&candidate) {
                    list.push(candidate);
                }
            }
        }
        let mut removable: Vec<Candidate> = forward
            .into_iter()
            .filter(|c| backward.contains(c))
            .collect();
        removable.sort_unstable();
        removable
    }

    /// Propagation from the assumption looking for its own negation; fills
    /// the run, and `queues.ends` with the potentials that negate it.
    fn forcing(&self, run: &mut Run, queues: &mut Queues, cell: usize, digit: u8, on: bool) {
        run.clear();
        let Queues {
            on: pending_on,
            off: pending_off,
            layer,
            ends,
            ..
        } = queues;
        ends.clear();
        pending_on.clear();
        pending_off.clear();
        let source = run.push(Potential::new(cell, digit, on, Cause::Assumption, None));
        match on {
            true => pending_on.push(source),
            false => pending_off.push(source),
        }
        let negates = |i: &Implied, state: bool| i.cell == cell && i.digit == digit && state != on;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if !self
                .work
                .spend((pending_on.len() + pending_off.len()) as u64)
            {
                break;
            }
            std::mem::swap(pending_on, layer);
            for &p in layer.iter() {
                for &implied in self.offs(run, p) {
                    let ends_here = negates(&implied, false) && ends.is_empty();
                    reach(
                        run,
                        implied.potential(false, p),
                        ends_here,
                        ends,
                        pending_off,
                    );
                }
            }
            layer.clear();
            std::mem::swap(pending_off, layer);
            for &p in layer.iter() {
                for &implied in self.ons(run, p, true) {
                    let ends_here = negates(&implied, true) && ends.is_empty();
                    reach(run, implied.potential(true, p), ends_here, ends, pending_on);
                }
            }
            layer.clear();
        }
    }
}

/// Records `potential` in a forcing-chain search: as a chain end if it
/// negates the assumption, and as a potential to follow if it is new (a
/// potential not reached yet is no ancestor).
fn reach(
    run: &mut Run,
    potential: Potential,
    ends_here: bool,
    ends: &mut Vec<usize>,
    pending: &mut Vec<usize>,
) {
    let new = !run.contains(potential.cell, potential.digit, potential.on);
    if ends_here || new {
        let id = run.push(potential);
        if ends_here {
            ends.push(id);
        }
        if new {
            pending.push(id);
        }
    }
}

/// The loop walked the other way: every potential flipped, each implied by
/// the next one of the original line.
fn reversed(run: &Run, end: usize, grid: &Grid) -> Run {
    let line = run.main_line(end);
    let mut reversed = Run::new(grid.values().len(), grid.size(), line.len());
    // Node k of the new run flips line[k]; its parent flips line[k + 1].
    for (k, &id) in line.iter().enumerate() {
        let node = &run.nodes[id];
        let parent = (k + 1 < line.len()).then_some(k + 1);
        let mut flipped = Potential::new(node.cell, node.digit, !node.on, node.cause, None);
        flipped.parent = parent.map(|p| p as u32);
        reversed.nodes.push(flipped);
    }
    reversed
}
