//! The pencil-mark grid a person works on: placed digits and, in every open
//! cell, the candidates still possible.
//!
//! It knows the geometry — houses, the houses of each cell, the peers of each
//! cell (cells sharing a house or a killer cage, or kept apart by a variant
//! rule), the two-cell relations of the variant rules — so every technique
//! finder works on any size and variant. Placing a digit removes it from the
//! peers' candidates, and the digits that do not go with it from the cells
//! related to it, as pencil-and-paper solvers do; everything else a
//! technique concludes goes through [`Grid::apply`].
//!
//! ```
//! use fdoku_logic::Grid;
//! use fdoku_sudoku::{Rules, format::parse_line};
//!
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let grid = Grid::new(&parse_line(line, &Rules::classic(9).unwrap()).unwrap());
//! assert_eq!(grid.value(2), 3);
//! assert_eq!(grid.digits(0), vec![4, 5]); // r1c1 can be 4 or 5
//! assert!(grid.sees(0, 80) == false && grid.sees(0, 20));
//! ```

use std::sync::Arc;

use super::cellset::CellSet;
use super::relations::{self, CellLink};
use super::step::{Candidate, Step};
use fdoku_sudoku::Puzzle;
use fdoku_sudoku::{Cage, House, HouseKind, Rules, cell_name};

/// Everything about the shape of the grid that never changes while solving.
#[derive(Debug)]
pub struct Geometry {
    size: usize,
    houses: Vec<House>,
    house_sets: Vec<CellSet>,
    cell_houses: Vec<Vec<usize>>,
    peers: Vec<CellSet>,
    /// Whether some cell has a peer outside its houses (cages, variant rules).
    peers_beyond_houses: bool,
    /// The variant rules' two-cell relations.
    links: Vec<CellLink>,
    /// Per cell, each related cell and, per digit (index = digit), the
    /// related cell's digits that go with it (every relation of the two
    /// cells at once).
    related: Vec<Vec<(usize, Vec<u32>)>>,
    /// The cells a rule beyond houses and cages touches.
    constrained: CellSet,
    rules: Rules,
    all: CellSet,
}

impl Geometry {
    fn new(rules: &Rules) -> Self {
        let size = rules.size();
        let cells = size * size;
        let houses = rules.houses();
        let house_sets: Vec<CellSet> = houses
            .iter()
            .map(|h| h.cells.iter().copied().collect())
            .collect();
        let mut cell_houses = vec![Vec::new(); cells];
        let mut peers = vec![CellSet::EMPTY; cells];
        for (index, (house, set)) in houses.iter().zip(&house_sets).enumerate() {
            for &cell in &house.cells {
                cell_houses[cell].push(index);
                peers[cell] |= *set;
            }
        }
        for cage in rules.cages() {
            let set: CellSet = cage.cells.iter().copied().collect();
            for &cell in &cage.cells {
                peers[cell] |= set;
            }
        }
        let links = relations::links(rules);
        let apart = relations::distinct_pairs(rules, &links);
        for &(a, b) in &apart {
            peers[a].insert(b);
            peers[b].insert(a);
        }
        for (cell, set) in peers.iter_mut().enumerate() {
            set.remove(cell);
        }
        let mut related: Vec<Vec<(usize, Vec<u32>)>> = vec![Vec::new(); cells];
        for link in &links {
            for cell in [link.a, link.b] {
                let (other, allowed) = link.from(cell);
                match related[cell].iter_mut().find(|(o, _)| *o == other) {
                    Some((_, masks)) => masks.iter_mut().zip(allowed).for_each(|(m, a)| *m &= a),
                    None => related[cell].push((other, allowed.to_vec())),
                }
            }
        }
        Geometry {
            size,
            houses,
            house_sets,
            cell_houses,
            peers,
            peers_beyond_houses: !rules.cages().is_empty() || !apart.is_empty(),
            links,
            related,
            constrained: relations::constrained_cells(rules),
            rules: rules.clone(),
            all: CellSet::first(cells),
        }
    }
}

/// Placed digits and candidates (bit `d - 1` of a cell's mask stands for digit `d`).
#[derive(Debug)]
pub struct Grid {
    geometry: Arc<Geometry>,
    values: Vec<u8>,
    masks: Vec<u32>,
    digit_cells: Vec<CellSet>,
    /// The cells placed when the grid was made (see [`Grid::is_given`]).
    givens: CellSet,
}

impl Clone for Grid {
    fn clone(&self) -> Self {
        Grid {
            geometry: Arc::clone(&self.geometry),
            values: self.values.clone(),
            masks: self.masks.clone(),
            digit_cells: self.digit_cells.clone(),
            givens: self.givens,
        }
    }

    /// Copies `source` into this grid's storage (searches that try many
    /// assumptions on copies of one grid allocate nothing).
    fn clone_from(&mut self, source: &Self) {
        self.geometry.clone_from(&source.geometry);
        self.values.clone_from(&source.values);
        self.masks.clone_from(&source.masks);
        self.digit_cells.clone_from(&source.digit_cells);
        self.givens = source.givens;
    }
}

impl Grid {
    /// The grid after the givens, with every candidate their peers allow
    /// (and, when the puzzle carries pencil marks, only those).
    pub fn new(puzzle: &Puzzle) -> Self {
        let mut grid = Self::with_values(puzzle.rules(), puzzle.givens());
        if let Some(masks) = puzzle.candidates() {
            for (cell, &mask) in masks.iter().enumerate() {
                for digit in digits_of(grid.masks[cell] & !mask) {
                    grid.eliminate(cell, digit);
                }
            }
        }
        grid
    }

    /// The grid with these digits placed (0 = open) and every candidate
    /// their peers allow.
    pub fn with_values(rules: &Rules, values: &[u8]) -> Self {
        let geometry = Arc::new(Geometry::new(rules));
        let size = geometry.size;
        let full = if size == 32 {
            u32::MAX
        } else {
            (1u32 << size) - 1
        };
        let mut grid = Grid {
            values: vec![0; size * size],
            masks: vec![full; size * size],
            digit_cells: vec![geometry.all; size + 1],
            givens: CellSet::EMPTY,
            geometry,
        };
        grid.digit_cells[0] = CellSet::EMPTY;
        for (cell, &digit) in values.iter().enumerate() {
            if digit != 0 && usize::from(digit) <= size {
                grid.place(cell, digit);
                grid.givens.insert(cell);
            }
        }
        grid
    }

    /// The shared geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// N for an N×N grid.
    pub fn size(&self) -> usize {
        self.geometry.size
    }

    /// Every cell.
    pub fn all_cells(&self) -> CellSet {
        self.geometry.all
    }

    /// The digit placed in `cell`, 0 if open.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// All placed digits (0 = open), row by row.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidates of `cell` as a mask (bit `d - 1` for digit `d`); 0 if placed.
    pub fn mask(&self, cell: usize) -> u32 {
        self.masks[cell]
    }

    /// The candidates of `cell`, ascending.
    pub fn digits(&self, cell: usize) -> Vec<u8> {
        digits_of(self.masks[cell])
    }

    /// The candidates among `digits` (a mask) of `cells`, cell by cell in
    /// the order given, digits ascending.
    pub fn candidates_in(
        &self,
        cells: impl IntoIterator<Item = usize>,
        digits: u32,
    ) -> Vec<Candidate> {
        cells
            .into_iter()
            .flat_map(|c| {
                digits_of(self.masks[c] & digits)
                    .into_iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect()
    }

    /// Whether `digit` is a candidate of `cell`.
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.masks[cell] >> (digit - 1) & 1 != 0
    }

    /// The open cells where `digit` is still a candidate.
    pub fn cells_with(&self, digit: u8) -> CellSet {
        self.digit_cells[usize::from(digit)]
    }

    /// The open cells.
    pub fn open_cells(&self) -> CellSet {
        (0..self.values.len())
            .filter(|&c| self.values[c] == 0)
            .collect()
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// An open cell without candidates, if any (the grid is contradictory).
    pub fn empty_cell(&self) -> Option<usize> {
        (0..self.values.len()).find(|&c| self.values[c] == 0 && self.masks[c] == 0)
    }

    /// Every house, in [`Rules::houses`] order.
    pub fn houses(&self) -> &[House] {
        &self.geometry.houses
    }

    /// The cells of house `house`.
    pub fn house_cells(&self, house: usize) -> CellSet {
        self.geometry.house_sets[house]
    }

    /// The houses containing `cell`.
    pub fn cell_houses(&self, cell: usize) -> &[usize] {
        &self.geometry.cell_houses[cell]
    }

    /// The kind of house `house`.
    pub fn house_kind(&self, house: usize) -> HouseKind {
        self.geometry.houses[house].kind
    }

    /// The cells sharing a house or a cage with `cell`, or kept apart from
    /// it by a variant rule (not `cell` itself).
    pub fn peers(&self, cell: usize) -> CellSet {
        self.geometry.peers[cell]
    }

    /// Whether two different cells share a house or cage, or a variant rule
    /// keeps their digits apart.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.geometry.peers[a].contains(b)
    }

    /// The cells that see every cell of `cells` (none of `cells` itself).
    pub fn seen_by_all(&self, cells: &CellSet) -> CellSet {
        let mut common = self.geometry.all;
        for cell in cells.iter() {
            common &= self.geometry.peers[cell];
        }
        common - *cells
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        self.geometry.rules.cages()
    }

    /// The rules.
    pub(crate) fn rules(&self) -> &Rules {
        &self.geometry.rules
    }

    /// Whether some cell sees a cell outside its houses (a cage mate, a
    /// knight's move under anti-knight, …).
    pub(crate) fn has_peers_beyond_houses(&self) -> bool {
        self.geometry.peers_beyond_houses
    }

    /// The variant rules' two-cell relations.
    pub(crate) fn links(&self) -> &[CellLink] {
        &self.geometry.links
    }

    /// Whether a rule beyond houses and cages touches `cell`.
    pub(crate) fn is_constrained(&self, cell: usize) -> bool {
        self.geometry.constrained.contains(cell)
    }

    /// What `digit` in `cell` rules out through the variant relations: each
    /// related cell with the mask of its digits that do not go with it
    /// (only those with some).
    pub(crate) fn excluded_by(&self, cell: usize, digit: u8) -> impl Iterator<Item = (usize, u32)> {
        let full = fdoku_sudoku::full_mask(self.geometry.size);
        self.geometry.related[cell]
            .iter()
            .map(move |(other, allowed)| (*other, full & !allowed[usize::from(digit)]))
            .filter(|&(_, mask)| mask != 0)
    }

    /// Whether two candidates cannot both be true: one cell, or one digit in
    /// cells that see each other, or digits a variant relation keeps apart.
    pub(crate) fn excludes(&self, a: Candidate, b: Candidate) -> bool {
        if a.cell == b.cell {
            return a.digit != b.digit;
        }
        (a.digit == b.digit && self.sees(a.cell, b.cell))
            || self
                .excluded_by(a.cell, a.digit)
                .any(|(other, mask)| other == b.cell && mask & bit(b.digit) != 0)
    }

    /// The candidates that cannot be true with `candidate`: the cell's
    /// other digits, the digit in cells seeing it, and what the variant
    /// relations exclude.
    pub(crate) fn excluded_candidates(&self, candidate: Candidate) -> Vec<Candidate> {
        let Candidate { cell, digit } = candidate;
        let mut out = self.candidates_in([cell], !bit(digit));
        let peers = self.geometry.peers[cell] & self.digit_cells[usize::from(digit)];
        out.extend(peers.iter().map(|c| Candidate::new(c, digit)));
        for (other, mask) in self.excluded_by(cell, digit) {
            let seen = match self.sees(cell, other) {
                true => bit(digit),
                false => 0,
            };
            out.extend(self.candidates_in([other], mask & !seen));
        }
        out
    }

    /// Whether the variant rules relate some cells' digits.
    pub(crate) fn has_links(&self) -> bool {
        !self.geometry.links.is_empty()
    }

    /// The grid as it stands as a puzzle: its digits as givens, its
    /// candidates as pencil marks (`None` if two digits clash).
    pub(crate) fn to_puzzle(&self) -> Option<Puzzle> {
        Puzzle::new(self.geometry.rules.clone(), self.values.clone())
            .and_then(|puzzle| puzzle.with_candidates(self.masks.clone()))
            .ok()
    }

    /// The cell's name, `r4c7`.
    pub fn name(&self, cell: usize) -> String {
        cell_name(self.geometry.size, cell)
    }

    /// Places `digit` in `cell` and removes it from the peers' candidates,
    /// and from related cells the digits that do not go with it.
    pub fn place(&mut self, cell: usize, digit: u8) {
        for d in digits_of(self.masks[cell]) {
            self.digit_cells[usize::from(d)].remove(cell);
        }
        self.values[cell] = digit;
        self.masks[cell] = 0;
        let peers = self.geometry.peers[cell] & self.digit_cells[usize::from(digit)];
        for peer in peers.iter() {
            self.eliminate(peer, digit);
        }
        if self.has_links() {
            let geometry = Arc::clone(&self.geometry);
            for (other, allowed) in &geometry.related[cell] {
                let excluded = self.masks[*other] & !allowed[usize::from(digit)];
                for d in digits_of(excluded) {
                    self.eliminate(*other, d);
                }
            }
        }
    }

    /// Removes a candidate; returns whether it was there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let bit = 1u32 << (digit - 1);
        if self.masks[cell] & bit == 0 {
            return false;
        }
        self.masks[cell] &= !bit;
        self.digit_cells[usize::from(digit)].remove(cell);
        true
    }

    /// Applies a step's eliminations and placements.
    pub fn apply(&mut self, step: &Step) {
        for &Candidate { cell, digit } in &step.eliminations {
            self.eliminate(cell, digit);
        }
        for &Candidate { cell, digit } in &step.placements {
            if self.values[cell] == 0 {
                self.place(cell, digit);
            }
        }
    }

    /// Whether the step would change anything here.
    pub fn changes(&self, step: &Step) -> bool {
        step.eliminations.iter().any(|c| self.has(c.cell, c.digit))
            || step.placements.iter().any(|c| self.values[c.cell] == 0)
    }

    /// Whether `cell` holds a given: a digit the grid was made with
    /// ([`Grid::new`], [`Grid::with_values`]), not one placed since.
    /// Avoidable rectangles tell the two apart.
    pub fn is_given(&self, cell: usize) -> bool {
        self.givens.contains(cell)
    }
}

/// The digits of a candidate mask, ascending.
pub fn digits_of(mask: u32) -> Vec<u8> {
    let mut rest = mask;
    let mut digits = Vec::with_capacity(mask.count_ones() as usize);
    while rest != 0 {
        digits.push(rest.trailing_zeros() as u8 + 1);
        rest &= rest - 1;
    }
    digits
}

/// The mask of one digit.
pub fn bit(digit: u8) -> u32 {
    1 << (digit - 1)
}
