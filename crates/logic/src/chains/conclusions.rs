//! What a chain proves: the eliminations of an AIC by its two ends, of a
//! continuous nice loop by its weak links, of a discontinuous nice loop by
//! the two links meeting at its start.

use super::super::cellset::CellSet;
use super::super::grid::{Grid, bit, digits_of};
use super::super::step::{Candidate, Link, LinkKind, Step};
use super::super::technique::Technique;
use super::links::Graph;
use super::search::{State, is_on, node_of};

/// A chain: the states it passes, and the link closing a loop through its
/// start cell when the last state is not the start itself.
pub(super) struct Chain {
    pub states: Vec<State>,
    pub closing: Option<LinkKind>,
}

impl Chain {
    /// The chain's links, in order.
    fn links(&self, graph: &Graph) -> Vec<(usize, usize, LinkKind)> {
        let mut links: Vec<(usize, usize, LinkKind)> = self
            .states
            .windows(2)
            .map(|pair| {
                let kind = match is_on(pair[0]) {
                    true => LinkKind::Weak,
                    false => LinkKind::Strong,
                };
                (node_of(pair[0]), node_of(pair[1]), kind)
            })
            .collect();
        if let (Some(kind), Some(&first), Some(&last)) =
            (self.closing, self.states.first(), self.states.last())
        {
            links.push((node_of(last), node_of(first), kind));
        }
        debug_assert!(links.iter().all(|l| l.0 < graph.nodes.len()));
        links
    }

    /// Whether no node repeats and, for a loop (whose last node lies in
    /// the start cell), no inner candidate lies in the start cell (a group
    /// may cover it).
    pub fn is_simple(&self, graph: &Graph, is_loop: bool) -> bool {
        let nodes: Vec<usize> = self.states.iter().map(|&s| node_of(s)).collect();
        let inner = match is_loop {
            true => &nodes[..nodes.len() - 1],
            false => &nodes[..],
        };
        let distinct = inner
            .iter()
            .enumerate()
            .all(|(i, n)| !inner[i + 1..].contains(n));
        let start_cell = graph.nodes[nodes[0]].cell;
        let closed = !is_loop
            || inner[1..]
                .iter()
                .all(|&n| graph.nodes[n].cell != start_cell);
        distinct && closed
    }

    /// The chain as a step of `technique` with these conclusions.
    pub fn step(
        &self,
        graph: &Graph,
        technique: Technique,
        eliminations: Vec<Candidate>,
        placements: Vec<Candidate>,
    ) -> Step {
        let mut step = Step::new(technique);
        let links = self.links(graph);
        let mut pattern: Vec<Candidate> = links
            .iter()
            .flat_map(|&(from, _, _)| {
                let node = &graph.nodes[from];
                node.cells.iter().map(|c| Candidate::new(c, node.digit))
            })
            .collect();
        if let Some(&last) = self.states.last() {
            let node = &graph.nodes[node_of(last)];
            pattern.extend(node.cells.iter().map(|c| Candidate::new(c, node.digit)));
        }
        pattern.sort_unstable();
        pattern.dedup();
        step.pattern = pattern;
        step.links = links
            .iter()
            .map(|&(from, to, kind)| Link {
                from: graph.nodes[from].to_node(),
                to: graph.nodes[to].to_node(),
                kind,
            })
            .collect();
        step.eliminations = eliminations;
        step.placements = placements;
        step
    }

    /// Whether a group node takes part.
    pub fn has_group(&self, graph: &Graph) -> bool {
        self.states.iter().any(|&s| graph.is_group(node_of(s)))
    }

    /// The number of links.
    pub fn len(&self) -> usize {
        self.states.len() - 1 + usize::from(self.closing.is_some())
    }
}

/// An AIC from `start` (assumed false) to `end` (then true): one of them is
/// true. Same digit: it leaves every cell seeing both. Different digits:
/// a single cell end loses the other end's digit if it sees all of it.
/// Under variant relations, any candidate that neither single-cell end
/// lets be true goes too.
pub(super) fn aic(grid: &Grid, graph: &Graph, start: usize, end: usize) -> Vec<Candidate> {
    let (a, b) = (&graph.nodes[start], &graph.nodes[end]);
    if a.cells.intersects(&b.cells) {
        return Vec::new();
    }
    let mut eliminations = excluded_by_both(grid, graph, start, end, CellSet::EMPTY);
    if a.digit == b.digit {
        let cells = a.sees_all & b.sees_all & grid.cells_with(a.digit);
        eliminations.extend(cells.iter().map(|c| Candidate::new(c, a.digit)));
        eliminations.sort_unstable();
        eliminations.dedup();
        return eliminations;
    }
    for (one, other) in [(a, b), (b, a)] {
        if let Some(cell) = one.cell
            && other.sees_all.contains(cell)
            && grid.has(cell, other.digit)
        {
            eliminations.push(Candidate::new(cell, other.digit));
        }
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    eliminations
}

/// Under variant relations, the candidates (outside `spared` cells) that
/// exclude both single-cell nodes `a` and `b`, one of which is true.
fn excluded_by_both(
    grid: &Grid,
    graph: &Graph,
    a: usize,
    b: usize,
    spared: CellSet,
) -> Vec<Candidate> {
    let (a, b) = (&graph.nodes[a], &graph.nodes[b]);
    let (Some(cell_a), Some(cell_b)) = (a.cell, b.cell) else {
        return Vec::new();
    };
    if !grid.has_links() {
        return Vec::new();
    }
    let (a, b) = (
        Candidate::new(cell_a, a.digit),
        Candidate::new(cell_b, b.digit),
    );
    grid.excluded_candidates(a)
        .into_iter()
        .filter(|&x| x != b && !spared.contains(x.cell) && grid.excludes(x, b))
        .collect()
}

/// A continuous loop: each weak link holds exactly one true end, so a
/// digit linked between cells leaves the cells seeing both ends (HoDoKu
/// spares the loop's own cells), a cell linking two digits keeps only
/// those, and a set the loop runs through keeps every digit but the ends
/// of its strong link (or the forced cell's other candidates) locked.
pub(super) fn continuous(grid: &Grid, graph: &Graph, chain: &Chain) -> Vec<Candidate> {
    let links = chain.links(graph);
    let chain_cells = links.iter().fold(CellSet::EMPTY, |cells, &(from, _, _)| {
        cells | graph.nodes[from].cells
    });
    let mut eliminations = Vec::new();
    for (from, to, kind) in links {
        let (a, b) = (&graph.nodes[from], &graph.nodes[to]);
        if kind == LinkKind::Strong {
            if let Some((set, locked)) = graph.locked_through(from, to) {
                eliminations.extend(locked_digits(grid, graph.sets[set].cells, locked));
            }
            continue;
        }
        eliminations.extend(excluded_by_both(grid, graph, from, to, chain_cells));
        if a.digit == b.digit {
            let cells = a.sees_all & b.sees_all & (grid.cells_with(a.digit) - chain_cells);
            eliminations.extend(cells.iter().map(|c| Candidate::new(c, a.digit)));
        } else if let Some(cell) = a.cell.filter(|&c| b.cell == Some(c)) {
            let rest = grid.mask(cell) & !bit(a.digit) & !bit(b.digit);
            eliminations.extend(digits_of(rest).into_iter().map(|d| Candidate::new(cell, d)));
        }
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    eliminations
}

/// The `digits` locked in `cells`: each leaves the cells seeing all its
/// places there.
fn locked_digits(grid: &Grid, cells: CellSet, digits: u32) -> Vec<Candidate> {
    let mut eliminations = Vec::new();
    for digit in digits_of(digits) {
        let places = cells & grid.cells_with(digit);
        let seeing = grid.seen_by_all(&places) & grid.cells_with(digit);
        eliminations.extend(seeing.iter().map(|c| Candidate::new(c, digit)));
    }
    eliminations
}
