//! Single-digit patterns: short chains of one digit built from conjugate
//! pairs (a house where the digit has exactly two places, so one of them
//! holds it).
//!
//! * **Skyscraper** — two conjugate pairs in parallel rows (or columns) with
//!   one end of each in the same column (row). Those two ends cannot both be
//!   true, so one of the other two ends is: the digit leaves every cell that
//!   sees both.
//! * **2-string kite** — a conjugate pair in a row and one in a column, one
//!   end of each in the same box: the same reasoning.
//! * **Turbot fish** — any other chain *strong link – weak link – strong
//!   link*: two conjugate pairs in any houses with one end of each seeing the
//!   other.
//! * **Empty rectangle** — a box whose candidates all lie in one row and one
//!   column of it (with some outside their crossing on both arms), and a
//!   conjugate pair in a line crossing that row outside the box. If the
//!   pair's far end is false, its near end takes the row, so the box's digit
//!   is in the column arm: the digit leaves the cells seeing the far end and
//!   the column arm (the same with rows and columns swapped).
//!
//! Chains go in `links`. Conjugate pairs exist in every house, so turbot
//! fish hold in every variant; skyscrapers, kites and empty rectangles use
//! rows, columns and boxes (jigsaw regions count as boxes) and hold wherever
//! these exist.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // 5 is left only in r1c1, r1c5 (row 1) and r5c1, r5c6 (row 5).
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for column in [1, 2, 3, 5, 6, 7, 8] {
//!     grid.eliminate(column, 5);
//! }
//! for column in [1, 2, 3, 4, 6, 7, 8] {
//!     grid.eliminate(36 + column, 5);
//! }
//! let step = Technique::Skyscraper.find_first(&grid).unwrap();
//! assert_eq!(
//!     step.text(&grid),
//!     "Skyscraper 5r1c5 = 5r1c1 - 5r5c1 = 5r5c6: remove 5 from r2c6, r3c6, r4c5, r6c5"
//! );
//! ```

use std::ops::ControlFlow;

use super::budget::tick;
use super::cellset::CellSet;
use super::grid::Grid;
use super::step::{Candidate, Found, Link, LinkKind, Node, Step};
use super::technique::Technique;
use fdoku_sudoku::HouseKind::{self, Box, Column, Row};

/// A house where a digit has exactly two places.
#[derive(Clone, Copy)]
pub(super) struct Conjugate {
    /// The house.
    pub(super) house: usize,
    /// The two places, ascending.
    pub(super) ends: [usize; 2],
}

/// Every conjugate pair of `digit`, house by house.
pub(super) fn conjugate_pairs(grid: &Grid, digit: u8) -> Vec<Conjugate> {
    (0..grid.houses().len())
        .filter_map(|house| {
            let places = grid.cells_with(digit) & grid.house_cells(house);
            let mut cells = places.iter();
            match (cells.next(), cells.next(), cells.next()) {
                (Some(a), Some(b), None) => Some(Conjugate {
                    house,
                    ends: [a, b],
                }),
                _ => None,
            }
        })
        .collect()
}

/// Finds the technique's patterns for every digit.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    for digit in 1..=grid.size() as u8 {
        let pairs = conjugate_pairs(grid, digit);
        let chains = Chains {
            grid,
            technique,
            digit,
        };
        match technique {
            Technique::Skyscraper => chains.skyscrapers(&pairs, found)?,
            Technique::TwoStringKite => chains.kites(&pairs, found)?,
            Technique::TurbotFish => chains.turbot_fish(&pairs, found)?,
            _ => chains.empty_rectangles(&pairs, found)?,
        }
    }
    ControlFlow::Continue(())
}

/// Whether two cells share a house of this kind.
fn share(grid: &Grid, a: usize, b: usize, kind: HouseKind) -> bool {
    grid.cell_houses(a)
        .iter()
        .any(|&h| grid.house_kind(h) == kind && grid.house_cells(h).contains(b))
}

/// The pair's two ends as (chosen end, other end), both ways round.
fn ends(pair: &Conjugate) -> [(usize, usize); 2] {
    let [a, b] = pair.ends;
    [(a, b), (b, a)]
}

/// The finder state for one digit.
struct Chains<'a> {
    grid: &'a Grid,
    technique: Technique,
    digit: u8,
}

impl Chains<'_> {
    fn skyscrapers(&self, pairs: &[Conjugate], found: &mut Found<'_>) -> ControlFlow<()> {
        for (line, cross) in [(Row, Column), (Column, Row)] {
            let lines: Vec<&Conjugate> = pairs.iter().filter(|p| self.is(p, line)).collect();
            for (i, first) in lines.iter().enumerate() {
                for second in &lines[i + 1..] {
                    tick()?;
                    for (x, p) in ends(first) {
                        for (y, q) in ends(second) {
                            if share(self.grid, x, y, cross) && !share(self.grid, p, q, cross) {
                                self.chain([first.house, second.house], [p, x, y, q], found)?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn kites(&self, pairs: &[Conjugate], found: &mut Found<'_>) -> ControlFlow<()> {
        for row in pairs.iter().filter(|p| self.is(p, Row)) {
            for column in pairs.iter().filter(|p| self.is(p, Column)) {
                tick()?;
                for (x, p) in ends(row) {
                    for (y, q) in ends(column) {
                        if distinct([p, x, y, q]) && share(self.grid, x, y, Box) {
                            self.chain([row.house, column.house], [p, x, y, q], found)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn turbot_fish(&self, pairs: &[Conjugate], found: &mut Found<'_>) -> ControlFlow<()> {
        // The same two cells may be a pair in two houses: take each once.
        let mut unique: Vec<&Conjugate> = Vec::new();
        for pair in pairs {
            if !unique.iter().any(|u| u.ends == pair.ends) {
                unique.push(pair);
            }
        }
        for (i, first) in unique.iter().enumerate() {
            for second in &unique[i + 1..] {
                tick()?;
                for (x, p) in ends(first) {
                    for (y, q) in ends(second) {
                        if distinct([p, x, y, q])
                            && self.grid.sees(x, y)
                            && !self.is_named_pattern([p, x, y, q])
                        {
                            self.chain([first.house, second.house], [p, x, y, q], found)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the chain `p = x - y = q` is a skyscraper, a 2-string kite or
    /// an X-wing, which have names of their own.
    fn is_named_pattern(&self, [p, x, y, q]: [usize; 4]) -> bool {
        let conjugate = |a: usize, b: usize, kind: HouseKind| {
            share(self.grid, a, b, kind) && self.places(a, b, kind) == 2
        };
        let parallel = |line, cross| {
            conjugate(p, x, line) && conjugate(y, q, line) && share(self.grid, x, y, cross)
        };
        let kite = (conjugate(p, x, Row) && conjugate(y, q, Column)
            || conjugate(p, x, Column) && conjugate(y, q, Row))
            && share(self.grid, x, y, Box);
        parallel(Row, Column) || parallel(Column, Row) || kite
    }

    /// The digit's places in the house of this kind holding both cells.
    fn places(&self, a: usize, b: usize, kind: HouseKind) -> usize {
        self.grid
            .cell_houses(a)
            .iter()
            .find(|&&h| self.grid.house_kind(h) == kind && self.grid.house_cells(h).contains(b))
            .map_or(0, |&h| {
                (self.grid.cells_with(self.digit) & self.grid.house_cells(h)).len()
            })
    }

    fn empty_rectangles(&self, pairs: &[Conjugate], found: &mut Found<'_>) -> ControlFlow<()> {
        let grid = self.grid;
        for region in (0..grid.houses().len()).filter(|&h| grid.house_kind(h) == Box) {
            let places = grid.cells_with(self.digit) & grid.house_cells(region);
            // The rows and columns through the box's candidates.
            let mut lines: Vec<usize> = places
                .iter()
                .flat_map(|cell| grid.cell_houses(cell).iter().copied())
                .filter(|&h| matches!(grid.house_kind(h), Row | Column))
                .collect();
            lines.sort_unstable();
            lines.dedup();
            for &arm in &lines {
                for &cross in &lines {
                    tick()?;
                    if grid.house_kind(arm) == grid.house_kind(cross) {
                        continue;
                    }
                    let near = places & grid.house_cells(arm);
                    let far = (places & grid.house_cells(cross)) - near;
                    if far.is_empty()
                        || (near - grid.house_cells(cross)).is_empty()
                        || !(places - near - far).is_empty()
                    {
                        continue;
                    }
                    let rectangle = Rectangle { region, near, far };
                    let cross_kind = grid.house_kind(cross);
                    for pair in pairs.iter().filter(|p| self.is(p, cross_kind)) {
                        for (p, q) in ends(pair) {
                            if grid.house_cells(arm).contains(p) && !places.contains(p) {
                                self.empty_rectangle(&rectangle, pair.house, p, q, found)?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Reports `q = p - near = far` if it eliminates something.
    fn empty_rectangle(
        &self,
        rectangle: &Rectangle,
        line: usize,
        p: usize,
        q: usize,
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        let targets = self.grid.cells_with(self.digit)
            & self.grid.peers(q)
            & self.grid.seen_by_all(&rectangle.far);
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let cell = |c: usize| self.node([c].into_iter().collect());
        let near = self.node(rectangle.near);
        let far = self.node(rectangle.far);
        let mut step = Step::new(self.technique);
        step.houses = vec![rectangle.region, line];
        step.links = vec![
            link(cell(q), cell(p), LinkKind::Strong),
            link(cell(p), near.clone(), LinkKind::Weak),
            link(near, far, LinkKind::Strong),
        ];
        let pattern = rectangle.near | rectangle.far | [p, q].into_iter().collect();
        step.pattern = self.candidates(pattern);
        step.eliminations = self.candidates(targets);
        found(step)
    }

    /// Reports the chain `p = x - y = q` if it eliminates something.
    fn chain(
        &self,
        houses: [usize; 2],
        [p, x, y, q]: [usize; 4],
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        let grid = self.grid;
        let targets = grid.cells_with(self.digit) & grid.peers(p) & grid.peers(q);
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let cell = |c: usize| self.node([c].into_iter().collect());
        let mut step = Step::new(self.technique);
        step.houses = houses.to_vec();
        step.links = vec![
            link(cell(p), cell(x), LinkKind::Strong),
            link(cell(x), cell(y), LinkKind::Weak),
            link(cell(y), cell(q), LinkKind::Strong),
        ];
        step.pattern = self.candidates([p, x, y, q].into_iter().collect());
        step.eliminations = self.candidates(targets);
        found(step)
    }

    /// Whether the pair lies in a house of this kind.
    fn is(&self, pair: &Conjugate, kind: HouseKind) -> bool {
        self.grid.house_kind(pair.house) == kind
    }

    /// The node of the digit in these cells.
    fn node(&self, cells: CellSet) -> Node {
        Node {
            cells: cells.iter().collect(),
            digit: self.digit,
        }
    }

    fn candidates(&self, cells: CellSet) -> Vec<Candidate> {
        cells
            .iter()
            .map(|c| Candidate::new(c, self.digit))
            .collect()
    }
}

/// The box of an empty rectangle: its candidates on the arm the conjugate
/// pair sees (`near`) and on the other arm (`far`, off the first arm).
struct Rectangle {
    region: usize,
    near: CellSet,
    far: CellSet,
}

fn link(from: Node, to: Node, kind: LinkKind) -> Link {
    Link { from, to, kind }
}

/// Whether the four cells are all different.
fn distinct(cells: [usize; 4]) -> bool {
    (0..4).all(|i| (i + 1..4).all(|j| cells[i] != cells[j]))
}
