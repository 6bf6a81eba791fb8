//! HoDoKu's implication tables, from which its nice loops, AICs and
//! forcing chains are read.
//!
//! Every candidate has two tables: what follows from it being true (*on*)
//! and from it being false (*off*). A table starts with its premise and the
//! direct implications of the grid as it stands:
//!
//! * on: the cell's other digits and the digit's other places in the
//!   cell's row, column and box are off;
//! * off: the other digit of a bivalue cell, and the other place of the
//!   digit in a house holding it twice, are on.
//!
//! Grouped searches add group nodes: a digit's two or three places in the
//! intersection of a line and a box. A group on turns off the digit in the
//! cells seeing all of it (and other groups of its houses); a group off
//! turns on the digit's last place in its box or line (or the last other
//! group there).
//!
//! Then each candidate's table is expanded breadth first: the direct
//! implications of each node it holds are added, in the order reached,
//! each remembering the node it came from. A node's distance doubles its
//! number of links. A table holds at most 1,000 nodes; what it would reach
//! beyond is lost, as in HoDoKu.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::OnceLock;

use super::super::budget::poll;
use super::super::grid::Grid;
use super::super::step::{Candidate, Link, LinkKind, Node};

/// A set of cells, bit `cell` for each.
pub(super) type Cells = u128;

/// The most nodes a table holds.
const CAPACITY: usize = 1000;
/// The distance field's width in HoDoKu: distances wrap beyond it.
const DISTANCE_MASK: u16 = 0x1FF;
/// The number of candidate nodes (81 cells × 9 digits).
pub(super) const CANDIDATES: usize = 81 * 9;

/// The houses and peers of the classic grid as cell sets.
pub(super) struct Masks {
    /// Rows, columns, boxes.
    pub houses: [[Cells; 9]; 3],
    /// Each cell's peers (not the cell).
    pub buddies: [Cells; 81],
}

/// The classic grid's [`Masks`].
pub(super) fn masks() -> &'static Masks {
    static MASKS: OnceLock<Masks> = OnceLock::new();
    MASKS.get_or_init(|| {
        let mut houses = [[0; 9]; 3];
        for cell in 0..81 {
            let (row, col) = (cell / 9, cell % 9);
            houses[0][row] |= 1 << cell;
            houses[1][col] |= 1 << cell;
            houses[2][row / 3 * 3 + col / 3] |= 1 << cell;
        }
        let mut buddies = [0; 81];
        for (cell, peers) in buddies.iter_mut().enumerate() {
            let of = cell_houses(cell);
            *peers = (0..3).fold(0, |acc, k| acc | houses[k][of[k]]) & !(1 << cell);
        }
        Masks { houses, buddies }
    })
}

/// A cell's row, column and box.
pub(super) fn cell_houses(cell: usize) -> [usize; 3] {
    let (row, col) = (cell / 9, cell % 9);
    [row, col, row / 3 * 3 + col / 3]
}

/// The cells of a set, ascending.
pub(super) fn cells_of(mut cells: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (cells != 0).then(|| {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            cell
        })
    })
}

/// The open cells of a grid.
pub(super) fn open_cells(grid: &Grid) -> Cells {
    (0..81)
        .filter(|&c| grid.value(c) == 0)
        .fold(0, |acc, c| acc | 1 << c)
}

/// Per digit, the open cells no placed digit rules it out of: where HoDoKu
/// allows the digit, whatever steps removed since.
pub(super) fn allowed(grid: &Grid) -> [Cells; 10] {
    let mut allowed = [open_cells(grid); 10];
    for cell in (0..81).filter(|&c| grid.value(c) != 0) {
        allowed[usize::from(grid.value(cell))] &= !masks().buddies[cell];
    }
    allowed
}

/// A digit's places in the intersection of a line and a box (two or three).
pub(super) struct Group {
    pub digit: u8,
    pub cells: Cells,
    /// The first cell: where HoDoKu's chains place the group.
    pub first: usize,
    /// The cells seeing all of the group.
    pub buddies: Cells,
    pub block: usize,
    /// The line: (0 for rows, 1 for columns, its index).
    pub line: (usize, usize),
}

/// One node of a table: a state (node × 2 + on), where it came from and
/// how far it lies.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub state: u16,
    /// The index of the node it follows from (0, the premise, for direct
    /// implications).
    pub pred: u16,
    pub distance: u16,
    /// Reached through another node's table.
    pub expanded: bool,
}

/// What one premise implies.
#[derive(Clone, Default)]
pub(super) struct Table {
    pub entries: Vec<Entry>,
    /// Per digit, the cells turned on and off (candidate nodes only).
    pub on: [Cells; 10],
    pub off: [Cells; 10],
    /// The direct implications end here.
    direct: usize,
}

impl Table {
    /// Adds a node unless the table is full or holds the candidate already.
    fn add(&mut self, state: usize, pred: usize, distance: u16, expanded: bool) -> bool {
        if self.entries.len() >= CAPACITY {
            return false;
        }
        if state / 2 < CANDIDATES {
            let (cell, digit) = (state / 2 / 9, state / 2 % 9 + 1);
            let set = if state & 1 == 1 {
                &mut self.on[digit]
            } else {
                &mut self.off[digit]
            };
            if *set >> cell & 1 == 1 {
                return false;
            }
            *set |= 1 << cell;
        }
        self.entries.push(Entry {
            state: state as u16,
            pred: pred as u16,
            distance: distance & DISTANCE_MASK,
            expanded,
        });
        true
    }

    /// Adds a direct implication of the premise.
    fn direct(&mut self, state: usize) {
        self.add(state, 0, 2, false);
    }

    /// The index of `state`'s first entry.
    pub fn find(&self, state: usize) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| usize::from(e.state) == state)
    }

    /// The states from the premise to entry `index`.
    pub fn chain(&self, index: usize) -> Vec<u16> {
        let mut chain = vec![self.entries[index].state];
        let mut at = index;
        while at != 0 && chain.len() < CAPACITY {
            at = usize::from(self.entries[at].pred);
            chain.push(self.entries[at].state);
        }
        chain.reverse();
        chain
    }
}

/// The state of a node being on or off.
pub(super) fn state(node: usize, on: bool) -> usize {
    node * 2 + usize::from(on)
}

/// The candidate node of `digit` in `cell`.
pub(super) fn candidate_node(cell: usize, digit: u8) -> usize {
    cell * 9 + usize::from(digit) - 1
}

/// Every table of a grid.
pub(super) struct Tables {
    pub groups: Vec<Group>,
    /// Indexed by state.
    pub tables: Vec<Table>,
    /// Per digit, the open cells holding it.
    pub cands: [Cells; 10],
}

thread_local! {
    /// The tables of the grid last asked for, by its cells' digits and
    /// candidates and whether they are grouped: the grouped nice loops and
    /// the forcing chains of one step read the same tables.
    static LAST: RefCell<Option<Built>> = const { RefCell::new(None) };
}

/// Tables built: the grid state (digits and candidates per cell), whether
/// grouped, the tables.
type Built = ([u32; 81], bool, Rc<Tables>);

impl Tables {
    /// The expanded tables of a classic grid, with group nodes or without,
    /// built once per grid state; `None` when the search's budget ran out.
    pub fn of(grid: &Grid, grouped: bool) -> Option<Rc<Self>> {
        let mut state = [0u32; 81];
        for (cell, key) in state.iter_mut().enumerate() {
            *key = grid.mask(cell) | u32::from(grid.value(cell)) << 16;
        }
        let known = LAST.with_borrow(|last| match last {
            Some((seen, with_groups, tables)) if *seen == state && *with_groups == grouped => {
                Some(Rc::clone(tables))
            }
            _ => None,
        });
        if known.is_some() {
            return known;
        }
        let tables = Rc::new(Self::build(grid, grouped)?);
        LAST.set(Some((state, grouped, Rc::clone(&tables))));
        Some(tables)
    }

    /// The expanded tables of a classic grid, with group nodes or without;
    /// `None` when the search's budget ran out.
    fn build(grid: &Grid, grouped: bool) -> Option<Self> {
        let mut cands = [0; 10];
        for cell in 0..81 {
            for digit in 1..=9 {
                if grid.has(cell, digit) {
                    cands[usize::from(digit)] |= 1 << cell;
                }
            }
        }
        let groups = if grouped { groups(&cands) } else { vec![] };
        let mut tables = Tables {
            tables: vec![Table::default(); 2 * (CANDIDATES + groups.len())],
            groups,
            cands,
        };
        tables.fill(grid);
        if grouped {
            tables.fill_groups();
        }
        for table in &mut tables.tables {
            table.direct = table.entries.len();
        }
        tables.expand()?;
        Some(tables)
    }

    /// The cell (a group's first) and digit of a state.
    pub fn node(&self, state: usize) -> (usize, u8) {
        let node = state / 2;
        match node.checked_sub(CANDIDATES) {
            None => (node / 9, (node % 9 + 1) as u8),
            Some(g) => (self.groups[g].first, self.groups[g].digit),
        }
    }

    /// The group of a state, if it is one.
    pub fn group(&self, state: usize) -> Option<&Group> {
        (state / 2).checked_sub(CANDIDATES).map(|g| &self.groups[g])
    }

    /// The cells of a state's node.
    pub fn cells(&self, state: usize) -> Cells {
        match self.group(state) {
            Some(group) => group.cells,
            None => 1 << (state / 2 / 9),
        }
    }

    /// The cells seeing all of a state's node.
    pub fn buddies(&self, state: usize) -> Cells {
        match self.group(state) {
            Some(group) => group.buddies,
            None => masks().buddies[state / 2 / 9],
        }
    }

    /// The links of a chain of states: into an on node strong, into an
    /// off node weak.
    pub fn links(&self, chain: &[u16]) -> Vec<Link> {
        let node = |s: u16| Node {
            cells: cells_of(self.cells(usize::from(s))).collect(),
            digit: self.node(usize::from(s)).1,
        };
        let kind = |s: u16| match s & 1 {
            1 => LinkKind::Strong,
            _ => LinkKind::Weak,
        };
        chain
            .windows(2)
            .map(|w| Link {
                from: node(w[0]),
                to: node(w[1]),
                kind: kind(w[1]),
            })
            .collect()
    }

    /// The candidates of a chain's nodes, sorted.
    pub fn pattern(&self, chain: &[u16]) -> Vec<Candidate> {
        let mut pattern: Vec<Candidate> = chain
            .iter()
            .flat_map(|&s| {
                let digit = self.node(usize::from(s)).1;
                cells_of(self.cells(usize::from(s))).map(move |c| Candidate::new(c, digit))
            })
            .collect();
        pattern.sort_unstable();
        pattern.dedup();
        pattern
    }

    /// The direct implications of every candidate.
    fn fill(&mut self, grid: &Grid) {
        let masks = masks();
        for cell in 0..81 {
            let digits = grid.digits(cell);
            for &digit in &digits {
                let node = candidate_node(cell, digit);
                let (on, off) = (state(node, true), state(node, false));
                // Room for the premise and every direct implication: the
                // cell's other digits and the digit's peers when on, at
                // most four nodes when off.
                self.tables[on].entries.reserve(digits.len() + 20);
                self.tables[off].entries.reserve(4);
                self.tables[on].add(on, 0, 1, false);
                self.tables[off].add(off, 0, 1, false);
                for &other in digits.iter().filter(|&&d| d != digit) {
                    let other = candidate_node(cell, other);
                    self.tables[on].direct(state(other, false));
                    if digits.len() == 2 {
                        self.tables[off].direct(state(other, true));
                    }
                }
                let places = self.cands[usize::from(digit)];
                for (kind, house) in cell_houses(cell).into_iter().enumerate() {
                    let in_house = places & masks.houses[kind][house];
                    let peers = in_house & !(1 << cell);
                    if in_house.count_ones() < 2 || peers == 0 {
                        continue;
                    }
                    for peer in cells_of(peers) {
                        self.tables[on].direct(state(candidate_node(peer, digit), false));
                    }
                    if in_house.count_ones() == 2 {
                        let peer = peers.trailing_zeros() as usize;
                        self.tables[off].direct(state(candidate_node(peer, digit), true));
                    }
                }
            }
        }
    }

    /// The group nodes' tables, and their places in the candidates'.
    fn fill_groups(&mut self) {
        let masks = masks();
        for (g, group) in self.groups.iter().enumerate() {
            let node = CANDIDATES + g;
            let (on, off) = (state(node, true), state(node, false));
            let digit = group.digit;
            self.tables[on].add(on, 0, 1, false);
            self.tables[off].add(off, 0, 1, false);
            let visible = self.cands[usize::from(digit)] & group.buddies;
            for cell in cells_of(visible) {
                let candidate = candidate_node(cell, digit);
                self.tables[on].direct(state(candidate, false));
                self.tables[state(candidate, true)].direct(off);
            }
            let line = masks.houses[group.line.0][group.line.1];
            for house in [masks.houses[2][group.block], line] {
                let rest = visible & house;
                if rest.count_ones() == 1 {
                    let candidate = candidate_node(rest.trailing_zeros() as usize, digit);
                    self.tables[off].direct(state(candidate, true));
                    self.tables[state(candidate, false)].direct(on);
                }
            }
            // Other groups of the digit in the group's line and box.
            let mut alone: [(usize, Option<usize>); 2] = [(0, None); 2];
            for (h, other) in self.groups.iter().enumerate() {
                if h == g || other.digit != digit || other.cells & group.cells != 0 {
                    continue;
                }
                let shares = [other.line == group.line, other.block == group.block];
                for (k, &shared) in shares.iter().enumerate() {
                    if shared {
                        alone[k].0 += 1;
                        if alone[k].0 == 1 {
                            alone[k].1 = Some(h);
                        }
                        self.tables[on].direct(state(CANDIDATES + h, false));
                    }
                }
            }
            for (k, house) in [line, masks.houses[2][group.block]].into_iter().enumerate() {
                let (1, Some(h)) = alone[k] else { continue };
                let others = self.groups[h].cells;
                if self.cands[usize::from(digit)] & house & !group.cells & !others == 0 {
                    self.tables[off].direct(state(CANDIDATES + h, true));
                }
            }
        }
    }

    /// Expands the candidates' tables (on ones first, then off ones), each
    /// with the direct implications of every node it reaches.
    fn expand(&mut self) -> Option<()> {
        let states = self.tables.len();
        let mut position = vec![u16::MAX; states];
        // A table grows here, as large as it may get, and is then copied to
        // its exact size: growing each step by step copies it again and again.
        let mut scratch: Vec<Entry> = Vec::with_capacity(CAPACITY);
        for on in [true, false] {
            for node in 0..CANDIDATES {
                if poll().is_break() {
                    return None;
                }
                let premise = state(node, on);
                let mut table = std::mem::take(&mut self.tables[premise]);
                if !table.entries.is_empty() {
                    scratch.clear();
                    scratch.extend_from_slice(&table.entries);
                    std::mem::swap(&mut table.entries, &mut scratch);
                    self.expand_one(&mut table, &mut position);
                    std::mem::swap(&mut table.entries, &mut scratch);
                    table.entries.clear();
                    table.entries.extend_from_slice(&scratch);
                }
                self.tables[premise] = table;
            }
        }
        Some(())
    }

    fn expand_one(&self, table: &mut Table, position: &mut [u16]) {
        for (i, e) in table.entries.iter().enumerate() {
            position[usize::from(e.state)] = i as u16;
        }
        let mut j = 1;
        while j < table.entries.len() && table.entries.len() < CAPACITY {
            let from = table.entries[j];
            let source = &self.tables[usize::from(from.state)];
            for implied in source.entries.iter().take(source.direct).skip(1) {
                let distance = (from.distance + implied.distance) & DISTANCE_MASK;
                let s = usize::from(implied.state);
                match position[s] {
                    u16::MAX => {
                        if table.add(s, j, distance, true) {
                            position[s] = (table.entries.len() - 1) as u16;
                        }
                    }
                    known => {
                        let known = &mut table.entries[usize::from(known)];
                        if known.expanded && known.distance > distance {
                            known.pred = j as u16;
                            known.distance = distance;
                        }
                    }
                }
            }
            j += 1;
        }
        for e in &table.entries {
            position[usize::from(e.state)] = u16::MAX;
        }
    }
}

/// The group nodes, as HoDoKu lists them: rows, then columns, each line
/// digit by digit, box by box.
fn groups(cands: &[Cells; 10]) -> Vec<Group> {
    let masks = masks();
    let mut groups = Vec::new();
    for kind in 0..2 {
        for line in 0..9 {
            for digit in 1..=9u8 {
                let in_line = cands[usize::from(digit)] & masks.houses[kind][line];
                if in_line == 0 {
                    continue;
                }
                for block in 0..9 {
                    let cells = in_line & masks.houses[2][block];
                    if cells.count_ones() < 2 {
                        continue;
                    }
                    let buddies = cells_of(cells).fold(!0, |acc, c| acc & masks.buddies[c]);
                    groups.push(Group {
                        digit,
                        cells,
                        first: cells.trailing_zeros() as usize,
                        buddies,
                        block,
                        line: (kind, line),
                    });
                }
            }
        }
    }
    groups
}
