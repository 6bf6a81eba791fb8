//! The link graph of a chain search: its nodes (candidates, and groups of
//! one digit in the intersection of two houses) and, for each node, the
//! nodes it is strongly and weakly linked to — through houses, cells,
//! peers and the variant rules' relations between cells.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use super::super::als::{Als, collect};
use super::super::cellset::CellSet;
use super::super::grid::{Grid, bit, digits_of};
use super::super::step::Node;

/// The most cells of an almost locked set used as a chain node.
const MAX_ALS_CELLS: usize = 6;

/// Which nodes and links a search may use.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rules {
    /// Only this digit (X-chains).
    pub digit: Option<u8>,
    /// Only bivalue cells, strong inside cells, weak between them (XY-chains).
    pub bivalue_cells: bool,
    /// Whether group nodes take part.
    pub groups: bool,
    /// Whether almost locked sets take part too (with `groups`).
    pub sets: bool,
}

/// A node: `digit` in one of `cells` (one cell, or a group).
#[derive(Clone, Debug)]
pub(super) struct ChainNode {
    pub cells: CellSet,
    pub digit: u8,
    /// The cells seeing every cell of the node.
    pub sees_all: CellSet,
    /// The cell, for single-cell nodes.
    pub cell: Option<usize>,
    /// The almost locked set (index into [`Graph::sets`]) the node lies in.
    pub als: Option<usize>,
}

impl ChainNode {
    /// The node as step data.
    pub fn to_node(&self) -> Node {
        Node {
            cells: self.cells.iter().collect(),
            digit: self.digit,
        }
    }
}

/// Nodes with their links: `strong[n]` — the nodes that are true when `n`
/// is false; `weak[n]` — the nodes that are false when `n` is true.
pub(super) struct Graph {
    pub nodes: Vec<ChainNode>,
    pub strong: Vec<Vec<usize>>,
    pub weak: Vec<Vec<usize>>,
    /// The node of each candidate (`cell * size + digit - 1`), if any.
    by_candidate: Vec<Option<usize>>,
    /// The first group node of each digit and cells.
    by_group: HashMap<(u8, CellSet), usize>,
    /// The almost locked sets of the ALS nodes.
    pub sets: Vec<Als>,
    /// Where the group nodes start in `nodes`.
    first_group: usize,
    /// Where the ALS nodes start in `nodes`.
    first_als: usize,
    /// The strong links by which a set's digit (or its twin) forces a
    /// candidate, keyed (digit node, candidate): the set, and the digits it
    /// keeps locked whichever end is true.
    forcings: HashMap<(usize, usize), (usize, u32)>,
    size: usize,
}

impl Graph {
    /// The graph of `grid` under `rules`.
    pub fn new(grid: &Grid, rules: Rules) -> Self {
        let mut nodes = candidate_nodes(grid, rules);
        let size = grid.size();
        let mut by_candidate = vec![None; size * size * size];
        for (n, node) in nodes.iter().enumerate() {
            if let Some(cell) = node.cell {
                by_candidate[cell * size + usize::from(node.digit) - 1] = Some(n);
            }
        }
        let first_group = nodes.len();
        let mut sets = Vec::new();
        if rules.groups {
            nodes.extend(group_nodes(grid, rules));
        }
        if rules.groups && rules.sets {
            sets = collect(grid, 2..=MAX_ALS_CELLS);
        }
        let first_als = nodes.len();
        let mut by_group = HashMap::new();
        for (n, node) in nodes.iter().enumerate().take(first_als).skip(first_group) {
            by_group.entry((node.digit, node.cells)).or_insert(n);
        }
        nodes.extend(als_nodes(grid, &sets));
        let mut graph = Graph {
            strong: vec![Vec::new(); nodes.len()],
            weak: vec![Vec::new(); nodes.len()],
            nodes,
            by_candidate,
            by_group,
            sets,
            first_group,
            first_als,
            forcings: HashMap::new(),
            size,
        };
        graph.link_inside_cells(grid, rules);
        if !rules.bivalue_cells {
            graph.link_conjugates(grid);
        }
        graph.link_peers();
        graph.link_constraints(grid);
        graph.link_almost_locked_sets();
        graph.link_forced_cells(grid);
        graph
    }

    /// Whether node `n` is a group.
    pub fn is_group(&self, n: usize) -> bool {
        self.nodes[n].cell.is_none()
    }

    /// Whether node `n` lies in an almost locked set.
    pub fn is_als(&self, n: usize) -> bool {
        n >= self.first_als
    }

    /// Bivalue cells give strong links; two digits of a cell a weak one.
    fn link_inside_cells(&mut self, grid: &Grid, rules: Rules) {
        if rules.digit.is_some() {
            return;
        }
        let candidates = self.first_group;
        let mut start = 0;
        while start < candidates {
            let cell = self.nodes[start].cell;
            let end = (start..candidates)
                .find(|&n| self.nodes[n].cell != cell)
                .unwrap_or(candidates);
            let bivalue = end - start == 2 && cell.is_some_and(|c| grid.mask(c).count_ones() == 2);
            for a in start..end {
                for b in (start..end).filter(|&b| b != a) {
                    if bivalue {
                        self.strong[a].push(b);
                    }
                    if !rules.bivalue_cells {
                        self.weak[a].push(b);
                    }
                }
            }
            start = end;
        }
    }

    /// A digit's only other place (one cell or one group) in a house holding
    /// the node is strongly linked to it.
    fn link_conjugates(&mut self, grid: &Grid) {
        for n in 0..self.first_als {
            let node = &self.nodes[n];
            let places = grid.cells_with(node.digit);
            let mut partners = Vec::new();
            for house in houses_holding(grid, &node.cells) {
                let rest = places & (grid.house_cells(house) - node.cells);
                if let Some(partner) = self.find(&rest, node.digit) {
                    partners.push(partner);
                }
            }
            partners.sort_unstable();
            partners.dedup();
            self.strong[n].extend(partners);
        }
    }

    /// Nodes of one digit whose cells all see each other are weakly linked.
    fn link_peers(&mut self) {
        let groups = self.by_digit(self.first_group..self.first_als);
        for a in 0..self.first_als {
            let node = &self.nodes[a];
            let mut peers: Vec<usize> = node
                .sees_all
                .iter()
                .filter_map(|cell| self.candidate(cell, node.digit))
                .collect();
            peers.extend(
                groups[usize::from(node.digit)]
                    .iter()
                    .copied()
                    .filter(|&b| self.nodes[b].cells.is_subset(&node.sees_all)),
            );
            self.weak[a].extend(peers);
        }
    }

    /// Candidates whose digits a variant relation keeps apart are weakly
    /// linked (a thermometer cell's 7 and the next cell's 7, 6, …); the
    /// same digit in cells that see each other is linked already.
    fn link_constraints(&mut self, grid: &Grid) {
        if !grid.has_links() {
            return;
        }
        for a in 0..self.first_group {
            let Some(cell) = self.nodes[a].cell else {
                continue;
            };
            let digit = self.nodes[a].digit;
            for (other, mask) in grid.excluded_by(cell, digit) {
                for d in digits_of(mask) {
                    let seen = d == digit && grid.sees(cell, other);
                    if let Some(b) = self.candidate(other, d).filter(|_| !seen) {
                        self.weak[a].push(b);
                    }
                }
            }
        }
    }

    /// The nodes of `range`, listed per digit (index = digit).
    fn by_digit(&self, range: std::ops::Range<usize>) -> Vec<Vec<usize>> {
        let mut lists = vec![Vec::new(); self.size + 1];
        for n in range {
            lists[usize::from(self.nodes[n].digit)].push(n);
        }
        lists
    }

    /// An almost locked set's digits: "x nowhere in the set" makes "z in
    /// the set" true; candidates seeing all of a digit's places in the set
    /// are weakly linked to it, both ways.
    fn link_almost_locked_sets(&mut self) {
        // A set's nodes are consecutive: find each node's run once.
        let mut run_start = self.first_als;
        for a in self.first_als..self.nodes.len() {
            if self.nodes[a].als != self.nodes[run_start].als {
                run_start = a;
            }
            let run_end = (a..self.nodes.len())
                .find(|&b| self.nodes[b].als != self.nodes[a].als)
                .unwrap_or(self.nodes.len());
            let node = &self.nodes[a];
            let same_set: Vec<usize> = (run_start..run_end).filter(|&b| b != a).collect();
            let peers: Vec<usize> = node
                .sees_all
                .iter()
                .filter_map(|cell| self.candidate(cell, node.digit))
                .collect();
            // A candidate or group with exactly the digit's places in the
            // set is the same node: it enters and leaves the set too.
            if let Some(twin) = self.find(&node.cells, node.digit) {
                for &other in &same_set {
                    self.strong[other].push(twin);
                }
                self.strong[twin].extend(same_set.iter().copied());
            }
            self.strong[a].extend(same_set);
            for &peer in &peers {
                self.weak[peer].push(a);
            }
            self.weak[a].extend(peers);
        }
        self.link_sets_to_groups_and_sets();
    }

    /// An ALS digit is weakly linked, both ways, to a group or another
    /// set's digit whose places all see all of its places.
    fn link_sets_to_groups_and_sets(&mut self) {
        let by_digit = self.by_digit(self.first_group..self.nodes.len());
        for a in self.first_als..self.nodes.len() {
            let node = &self.nodes[a];
            let seen: Vec<usize> = by_digit[usize::from(node.digit)]
                .iter()
                .copied()
                .filter(|&b| {
                    let other = &self.nodes[b];
                    b != a
                        && (b < self.first_als || other.als != node.als)
                        && other.cells.is_subset(&node.sees_all)
                })
                .collect();
            for &b in &seen {
                if b < self.first_als {
                    self.weak[b].push(a);
                }
            }
            self.weak[a].extend(seen);
        }
    }

    /// A set's digit x false locks its other digits, which leave every cell
    /// outside seeing all of a digit's places in the set. A cell of three or
    /// more candidates left one, y, is forced: x false in the set makes y
    /// true, and so does x's twin false (HoDoKu's ALS forcing, followed that
    /// way only, as HoDoKu does; a bivalue cell is reached by its own links).
    fn link_forced_cells(&mut self, grid: &Grid) {
        let mut around = Vec::new();
        for a in self.first_als..self.nodes.len() {
            let (entry, digit) = (&self.nodes[a], self.nodes[a].digit);
            let Some(index) = entry.als else {
                continue;
            };
            // A set's nodes are consecutive: look around it once.
            if a == self.first_als || self.nodes[a - 1].als != entry.als {
                around = forceable_cells(grid, &self.sets[index]);
            }
            let twin = self.find(&entry.cells, digit);
            for &(cell, mask, seen) in &around {
                let lost = seen & !bit(digit);
                let kept = mask & !lost;
                if kept.count_ones() != 1 {
                    continue;
                }
                let Some(target) = self.candidate(cell, kept.trailing_zeros() as u8 + 1) else {
                    continue;
                };
                // Either way the set keeps its digits but x and the cell's
                // other candidates.
                let locked = self.sets[index].mask & !bit(digit) & !lost;
                for from in std::iter::once(a).chain(twin) {
                    if let Entry::Vacant(link) = self.forcings.entry((from, target)) {
                        link.insert((index, locked));
                        self.strong[from].push(target);
                    }
                }
            }
        }
    }

    /// The almost locked set a strong link `a = b` runs through, if any,
    /// and the digits it keeps locked whichever end is true (a candidate or
    /// group linked strongly to a set's digit stands for its twin).
    pub fn locked_through(&self, a: usize, b: usize) -> Option<(usize, u32)> {
        if let Some(&forcing) = self.forcings.get(&(a, b)) {
            return Some(forcing);
        }
        let (a, b) = (&self.nodes[a], &self.nodes[b]);
        let set = a.als.or(b.als)?;
        Some((set, self.sets[set].mask & !bit(a.digit) & !bit(b.digit)))
    }

    /// The node of `digit` in `cell`, if it takes part.
    fn candidate(&self, cell: usize, digit: u8) -> Option<usize> {
        self.by_candidate[cell * self.size + usize::from(digit) - 1]
    }

    /// The node with exactly these cells and digit.
    fn find(&self, cells: &CellSet, digit: u8) -> Option<usize> {
        match cells.len() {
            0 => None,
            1 => self.candidate(cells.first_cell()?, digit),
            _ => self.by_group.get(&(digit, *cells)).copied(),
        }
    }
}

/// The houses containing every cell of `cells`.
fn houses_holding(grid: &Grid, cells: &CellSet) -> Vec<usize> {
    let Some(first) = cells.first_cell() else {
        return Vec::new();
    };
    grid.cell_houses(first)
        .iter()
        .copied()
        .filter(|&h| cells.is_subset(&grid.house_cells(h)))
        .collect()
}

/// The cells outside `set` of three or more candidates that lose all but
/// one when some digit leaves it: each with its candidates and those among
/// them whose places in the set it sees all of.
fn forceable_cells(grid: &Grid, set: &Als) -> Vec<(usize, u32, u32)> {
    let digits = digits_of(set.mask);
    let reach = digits
        .iter()
        .fold(CellSet::EMPTY, |cells, &d| cells | set.buddies(d));
    let mut cells = Vec::new();
    for cell in reach.iter() {
        let mask = grid.mask(cell);
        if mask.count_ones() < 3 {
            continue;
        }
        let seen = digits
            .iter()
            .filter(|&&d| set.buddies(d).contains(cell))
            .fold(0, |seen, &d| seen | bit(d))
            & mask;
        if (mask & !seen).count_ones() <= 1 && seen.count_ones() >= 2 {
            cells.push((cell, mask, seen));
        }
    }
    cells
}

/// Every candidate allowed by `rules`, cell by cell.
fn candidate_nodes(grid: &Grid, rules: Rules) -> Vec<ChainNode> {
    let mut nodes = Vec::new();
    for cell in grid.open_cells().iter() {
        let mut mask = grid.mask(cell);
        if rules.bivalue_cells && mask.count_ones() != 2 {
            continue;
        }
        if let Some(digit) = rules.digit {
            mask &= bit(digit);
        }
        for digit in digits_of(mask) {
            let cells: CellSet = std::iter::once(cell).collect();
            nodes.push(ChainNode {
                cells,
                digit,
                sees_all: grid.peers(cell),
                cell: Some(cell),
                als: None,
            });
        }
    }
    nodes
}

/// Every group: the two or more places of a digit in the intersection of
/// two houses.
fn group_nodes(grid: &Grid, rules: Rules) -> Vec<ChainNode> {
    let houses = grid.houses().len();
    let mut nodes: Vec<ChainNode> = Vec::new();
    for first in 0..houses {
        for second in first + 1..houses {
            let common = grid.house_cells(first) & grid.house_cells(second);
            if common.len() < 2 {
                continue;
            }
            for digit in 1..=grid.size() as u8 {
                if rules.digit.is_some_and(|d| d != digit) {
                    continue;
                }
                let cells = common & grid.cells_with(digit);
                let known = nodes.iter().any(|n| n.digit == digit && n.cells == cells);
                if cells.len() >= 2 && !known {
                    nodes.push(ChainNode {
                        cells,
                        digit,
                        sees_all: grid.seen_by_all(&cells),
                        cell: None,
                        als: None,
                    });
                }
            }
        }
    }
    nodes
}

/// One node per digit of each almost locked set: the digit's places in it.
fn als_nodes(grid: &Grid, sets: &[Als]) -> Vec<ChainNode> {
    let mut nodes = Vec::new();
    for (index, set) in sets.iter().enumerate() {
        for digit in digits_of(set.mask) {
            let cells = set.cells & grid.cells_with(digit);
            nodes.push(ChainNode {
                cells,
                digit,
                sees_all: grid.seen_by_all(&cells),
                cell: None,
                als: Some(index),
            });
        }
    }
    nodes
}
