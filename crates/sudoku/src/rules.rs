//! The rules of a Sudoku: grid size, regions, and variant constraints, as data.
//!
//! An N×N grid is filled with 1..=N so that every *house* holds each digit
//! once. Rows and columns are always houses; the regions are r×c boxes
//! (N = r·c), irregular jigsaw regions, or absent (a killer without boxes).
//! Variants add houses — either or both long diagonals ("diagonal Sudoku"),
//! the windoku windows (four extra 3×3 blocks), any extra region — and
//! killer cages, whose digits differ and add up to a sum.
//!
//! Every solver and checker works on [`Rules::houses`], so a new variant of
//! houses is new data, not new code. Cells are numbered row by row from 0
//! and named `r1c1` … `r9c9` (`r10c12` beyond 9).
//!
//! Rules that are not houses are kept as data beside them:
//!
//! * [`GlobalRule`]s hold on every cell: anti-knight and anti-king (two
//!   cells a chess knight's or king's move apart differ), non-consecutive
//!   (orthogonal neighbours never differ by 1), disjoint groups (the cells
//!   at the same position in every box hold different digits);
//! * [`Parity`] marks single cells odd or even.
//!
//! Solvers read them as cell relations — [`Rules::distinct_pairs`],
//! [`Rules::adjacent_pairs`], [`Rules::disjoint_groups`],
//! [`Rules::parity`] — and the checker re-derives each one from the grid's
//! coordinates. They generalise to every size as their words say: moves and
//! neighbours are geometry, "consecutive" means digits d and d + 1 of 1..N,
//! odd and even are of 1..N. Disjoint groups need boxes (a box grid of
//! `rows × cols` has `rows · cols` groups of N cells); an even cell needs a
//! grid with an even digit (N ≥ 2).
//!
//! ```
//! use fdoku_sudoku::{Rules, HouseKind, cell_name};
//!
//! let rules = Rules::classic(9).unwrap().with_diagonals().with_windoku().unwrap();
//! let houses = rules.houses();
//! assert_eq!(houses.len(), 27 + 2 + 4);
//! let window = houses.iter().find(|h| h.kind == HouseKind::Window).unwrap();
//! let names: Vec<String> = window.cells.iter().map(|&c| cell_name(9, c)).collect();
//! assert_eq!(names[..3], ["r2c2", "r2c3", "r2c4"]); // the window at row 2, column 2
//!
//! use fdoku_sudoku::{GlobalRule, Parity};
//! let rules = Rules::classic(9).unwrap().with_global(GlobalRule::AntiKnight).unwrap();
//! assert!(rules.distinct_pairs().contains(&(0, 11, GlobalRule::AntiKnight))); // r1c1, r2c3
//! let rules = rules.with_parity(Parity::Even, &[0]).unwrap();
//! assert_eq!(rules.parity(0), Some(Parity::Even));
//! assert_eq!(rules.variant_name(), "anti-knight+odd-even");
//! ```

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use crate::cells::{cell_name, parse_cell_name};
use crate::elements::{Element, Indexer, Negative, Outside};

/// The sizes with a standard box shape, and that shape (rows × columns).
pub const BOX_SHAPES: [(usize, (usize, usize)); 10] = [
    (1, (1, 1)),
    (4, (2, 2)),
    (6, (2, 3)),
    (8, (2, 4)),
    (9, (3, 3)),
    (10, (2, 5)),
    (12, (3, 4)),
    (15, (3, 5)),
    (16, (4, 4)),
    (25, (5, 5)),
];

/// The largest grid side supported (digits fit a 32-bit mask).
pub const MAX_SIZE: usize = 32;

/// The mask of every digit of an N×N grid: bits 0..N.
pub fn full_mask(size: usize) -> u32 {
    if size >= 32 {
        u32::MAX
    } else {
        (1 << size) - 1
    }
}

/// Why a set of rules cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A size outside 1..=32.
    #[error("a {size}×{size} grid is not supported (expected a side from 1 to {MAX_SIZE})")]
    Size {
        /// The side asked for.
        size: usize,
    },
    /// Boxes that do not tile the grid.
    #[error("{rows}×{cols} boxes do not tile a {size}×{size} grid (expected rows × cols = {size})")]
    BoxShape {
        /// The side.
        size: usize,
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
    },
    /// No standard box shape for this size.
    #[error(
        "a {size}×{size} grid has no standard box shape; give one (e.g. \"boxes\": [2, 3]) or regions"
    )]
    NoBoxShape {
        /// The side.
        size: usize,
    },
    /// Jigsaw regions of the wrong number or size.
    #[error("jigsaw regions: {0}")]
    Regions(String),
    /// The windoku windows do not fit this grid.
    #[error(
        "windoku needs square boxes with room for windows between them; a {size}×{size} grid with {rows}×{cols} boxes has none"
    )]
    NoWindoku {
        /// The side.
        size: usize,
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
    },
    /// Disjoint groups on a grid without boxes.
    #[error("disjoint groups need boxes; a grid with {layout} has none")]
    NoDisjointGroups {
        /// What the grid has instead: `jigsaw regions` or `no regions`.
        layout: &'static str,
    },
    /// An even cell in a grid whose digits are all odd.
    #[error("even cells: a {size}×{size} grid has no even digit")]
    NoEvenDigit {
        /// The side.
        size: usize,
    },
    /// A region, cage or odd/even cell outside the grid, or repeated.
    #[error("{what}: {detail}")]
    Cells {
        /// Which region or cage.
        what: String,
        /// What is wrong.
        detail: String,
    },
}

/// How the grid is cut into regions besides rows and columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// Boxes of `rows × cols` cells.
    Boxes {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// Irregular regions: the region number (0-based) of every cell.
    Jigsaw(Vec<u8>),
    /// No regions (e.g. a killer without boxes, a Latin square).
    None,
}

impl Layout {
    /// The region (box or jigsaw region, 0-based, boxes numbered row by
    /// row) holding `cell` of an N×N grid (`size` = N); `None` without
    /// regions.
    ///
    /// ```
    /// use fdoku_sudoku::Layout;
    ///
    /// let boxes = Layout::Boxes { rows: 2, cols: 3 };
    /// assert_eq!(boxes.region_of(6, 9), Some(1)); // r2c4
    /// assert_eq!(Layout::None.region_of(6, 9), None);
    /// ```
    pub fn region_of(&self, size: usize, cell: usize) -> Option<usize> {
        match self {
            Layout::Boxes { rows, cols } => {
                Some((cell / size / rows) * (size / cols) + cell % size / cols)
            }
            Layout::Jigsaw(region) => Some(usize::from(region[cell])),
            Layout::None => None,
        }
    }

    /// The cells an indexer at `cell` chooses among, in position order (a
    /// digit X names the X-th), and the indexer's own position there (from
    /// 1): its row and column for a column indexer, its column and row for
    /// a row indexer, its region (in reading order) and place in it for a
    /// box indexer; `None` for a box indexer on a grid without regions.
    pub(crate) fn indexed(
        &self,
        size: usize,
        cell: usize,
        kind: Indexer,
    ) -> Option<(Vec<usize>, u32)> {
        let (row, col) = (cell / size, cell % size);
        Some(match kind {
            Indexer::Column => ((0..size).map(|j| row * size + j).collect(), col as u32 + 1),
            Indexer::Row => ((0..size).map(|i| i * size + col).collect(), row as u32 + 1),
            Indexer::Box => {
                let region = self.region_of(size, cell)?;
                let cells: Vec<usize> = (0..size * size)
                    .filter(|&c| self.region_of(size, c) == Some(region))
                    .collect();
                let place = cells.iter().position(|&c| c == cell)? as u32 + 1;
                (cells, place)
            }
        })
    }

    /// How many cells from `clue` a frame sum adds up: the box's height for
    /// a clue above or below a column, its width beside a row; `None`
    /// without boxes or at a corner.
    pub fn frame_depth(&self, size: usize, clue: Outside) -> Option<usize> {
        let Layout::Boxes { rows, cols } = *self else {
            return None;
        };
        let beside_row = (1..=size).contains(&clue.row);
        let beside_column = (1..=size).contains(&clue.col);
        match (beside_row, beside_column) {
            (true, false) => Some(cols),
            (false, true) => Some(rows),
            _ => None,
        }
    }
}

/// A killer cage: its cells hold different digits that add up to `sum`
/// (when it has one; a cage without a sum only keeps its digits apart).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cage {
    /// The cells (indices).
    pub cells: Vec<usize>,
    /// The total of the cage's digits, if the cage shows one.
    pub sum: Option<u32>,
}

/// One of the two long diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Diagonal {
    /// From the top-left corner to the bottom-right one (↘), `r1c1` … `rNcN`.
    Main,
    /// From the top-right corner to the bottom-left one (↙), `r1cN` … `rNc1`.
    Anti,
}

impl Diagonal {
    /// Both diagonals, the main one first (their house numbers 0 and 1).
    pub const BOTH: [Diagonal; 2] = [Diagonal::Main, Diagonal::Anti];
}

/// A rule that holds on every cell of the grid, beyond its houses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GlobalRule {
    /// Two cells a chess knight's move apart hold different digits.
    AntiKnight,
    /// Two cells a chess king's move apart (diagonal neighbours included)
    /// hold different digits.
    AntiKing,
    /// Orthogonal neighbours never hold consecutive digits (d and d + 1).
    NonConsecutive,
    /// The cells at the same position in every box hold different digits.
    DisjointGroups,
}

impl GlobalRule {
    /// Its name in variant names and the JSON description (`anti-knight`, …).
    pub fn name(self) -> &'static str {
        match self {
            GlobalRule::AntiKnight => "anti-knight",
            GlobalRule::AntiKing => "anti-king",
            GlobalRule::NonConsecutive => "non-consecutive",
            GlobalRule::DisjointGroups => "disjoint",
        }
    }
}

/// An odd or an even cell: its digit is odd, or even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Parity {
    /// 1, 3, 5, …
    Odd,
    /// 2, 4, 6, …
    Even,
}

impl Parity {
    /// The digits of 1..=`size` with this parity, as a mask (bit `d - 1`
    /// for digit `d`).
    pub fn mask(self, size: usize) -> u32 {
        let odd = 0x5555_5555u32; // bits 0, 2, 4, …: digits 1, 3, 5, …
        let full = full_mask(size);
        match self {
            Parity::Odd => odd & full,
            Parity::Even => !odd & full,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Parity::Odd => "odd",
            Parity::Even => "even",
        }
    }
}

/// What kind of house a [`House`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box (or jigsaw region).
    Box,
    /// A long diagonal.
    Diagonal,
    /// A windoku window.
    Window,
    /// A region given by the user.
    Extra,
}

/// A set of N cells that hold each digit once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct House {
    /// What it is.
    pub kind: HouseKind,
    /// Its number within its kind (0-based).
    pub index: usize,
    /// Its cells, in reading order.
    pub cells: Vec<usize>,
}

impl House {
    /// A name for people: `row 3`, `box 5`, `diagonal ↘`.
    pub fn name(&self) -> String {
        match self.kind {
            HouseKind::Row => format!("row {}", self.index + 1),
            HouseKind::Column => format!("column {}", self.index + 1),
            HouseKind::Box => format!("box {}", self.index + 1),
            HouseKind::Diagonal if self.index == 0 => "diagonal ↘".to_owned(),
            HouseKind::Diagonal => "diagonal ↙".to_owned(),
            HouseKind::Window => format!("window {}", self.index + 1),
            HouseKind::Extra => format!("region {}", self.index + 1),
        }
    }
}

/// A callback over houses: kind, number within the kind, cells.
type HouseVisitor<'a> = dyn FnMut(HouseKind, usize, &[usize]) -> ControlFlow<()> + 'a;

/// Gathers each house's cells, from an iterator, into one buffer reused
/// for every house, and hands them to `visit`.
fn emitter<'v>(
    n: usize,
    visit: &'v mut HouseVisitor<'_>,
) -> impl FnMut(HouseKind, usize, &mut dyn Iterator<Item = usize>) -> ControlFlow<()> + 'v {
    let mut cells = Vec::with_capacity(n);
    move |kind, index, list| {
        cells.clear();
        cells.extend(list);
        visit(kind, index, &cells)
    }
}

/// Two cells of one house or cage holding the same digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Repeat {
    /// The house's name (`row 1`, `box 5`) or `cage 3`.
    pub(crate) group: String,
    /// The repeated digit.
    pub(crate) digit: u8,
    /// The earlier cell, then the later one.
    pub(crate) cells: [usize; 2],
}

/// The complete rules of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    size: usize,
    layout: Layout,
    /// The main and the anti diagonal, in [`Diagonal::BOTH`] order.
    diagonals: [bool; 2],
    windoku: bool,
    extra: Vec<Vec<usize>>,
    cages: Vec<Cage>,
    /// Sorted, without repeats.
    global: Vec<GlobalRule>,
    /// The odd and even cells, sorted by cell.
    parity: Vec<(usize, Parity)>,
    /// Lines, dots, arrows and outside clues, sorted (see [`Element`]).
    elements: Vec<Element>,
    /// Which "all marks are given" rules hold.
    negative: Negative,
}

impl Rules {
    /// Classic rules for an N×N grid with its standard box shape.
    pub fn classic(size: usize) -> Result<Self, RulesError> {
        let (rows, cols) = BOX_SHAPES
            .iter()
            .find(|(n, _)| *n == size)
            .map(|&(_, shape)| shape)
            .ok_or(RulesError::NoBoxShape { size })?;
        Self::with_boxes(size, rows, cols)
    }

    /// An N×N grid with `rows × cols` boxes.
    pub fn with_boxes(size: usize, rows: usize, cols: usize) -> Result<Self, RulesError> {
        check_size(size)?;
        if rows.checked_mul(cols) != Some(size) {
            return Err(RulesError::BoxShape { size, rows, cols });
        }
        Ok(Self::bare(size, Layout::Boxes { rows, cols }))
    }

    /// An N×N grid with irregular regions: `region[cell]` is 0..N, each used N times.
    pub fn jigsaw(size: usize, region: Vec<u8>) -> Result<Self, RulesError> {
        check_size(size)?;
        if region.len() != size * size {
            return Err(RulesError::Regions(format!(
                "{} cells given, expected {}",
                region.len(),
                size * size
            )));
        }
        let mut counts = vec![0usize; size];
        for (cell, &r) in region.iter().enumerate() {
            let slot = counts.get_mut(usize::from(r)).ok_or_else(|| {
                RulesError::Regions(format!(
                    "{} is in region {}, expected 1 to {size}",
                    cell_name(size, cell),
                    usize::from(r) + 1
                ))
            })?;
            *slot += 1;
        }
        if let Some(r) = counts.iter().position(|&c| c != size) {
            return Err(RulesError::Regions(format!(
                "region {} has {} cells, expected {size}",
                r + 1,
                counts[r]
            )));
        }
        Ok(Self::bare(size, Layout::Jigsaw(region)))
    }

    /// An N×N grid with rows and columns only.
    pub fn latin(size: usize) -> Result<Self, RulesError> {
        check_size(size)?;
        Ok(Self::bare(size, Layout::None))
    }

    fn bare(size: usize, layout: Layout) -> Self {
        Rules {
            size,
            layout,
            diagonals: [false; 2],
            windoku: false,
            extra: Vec::new(),
            cages: Vec::new(),
            global: Vec::new(),
            parity: Vec::new(),
            elements: Vec::new(),
            negative: Negative::default(),
        }
    }

    /// Adds the two long diagonals as houses.
    pub fn with_diagonals(self) -> Self {
        self.with_diagonal(Diagonal::Main)
            .with_diagonal(Diagonal::Anti)
    }

    /// Adds one long diagonal as a house.
    pub fn with_diagonal(mut self, diagonal: Diagonal) -> Self {
        self.diagonals[diagonal as usize] = true;
        self
    }

    /// Adds a rule on every cell; disjoint groups need boxes.
    pub fn with_global(mut self, rule: GlobalRule) -> Result<Self, RulesError> {
        if rule == GlobalRule::DisjointGroups {
            let layout = match self.layout {
                Layout::Boxes { .. } => None,
                Layout::Jigsaw(_) => Some("jigsaw regions"),
                Layout::None => Some("no regions"),
            };
            if let Some(layout) = layout {
                return Err(RulesError::NoDisjointGroups { layout });
            }
        }
        if let Err(at) = self.global.binary_search(&rule) {
            self.global.insert(at, rule);
        }
        Ok(self)
    }

    /// Marks `cells` odd or even; a cell cannot be marked twice.
    pub fn with_parity(mut self, parity: Parity, cells: &[usize]) -> Result<Self, RulesError> {
        let what = format!("{} cells", parity.name());
        check_cells(self.size, &what, cells)?;
        if parity == Parity::Even && self.size < 2 {
            return Err(RulesError::NoEvenDigit { size: self.size });
        }
        for &cell in cells {
            match self.parity.binary_search_by_key(&cell, |&(c, _)| c) {
                Ok(at) => {
                    let other = self.parity[at].1;
                    return Err(RulesError::Cells {
                        what,
                        detail: format!(
                            "{} is already an {} cell",
                            cell_name(self.size, cell),
                            other.name()
                        ),
                    });
                }
                Err(at) => self.parity.insert(at, (cell, parity)),
            }
        }
        Ok(self)
    }

    /// Adds the windoku windows (boxes set one cell in from the box grid).
    pub fn with_windoku(mut self) -> Result<Self, RulesError> {
        self.windoku = true;
        if self.windows().is_empty() {
            let (rows, cols) = match self.layout {
                Layout::Boxes { rows, cols } => (rows, cols),
                _ => (0, 0),
            };
            return Err(RulesError::NoWindoku {
                size: self.size,
                rows,
                cols,
            });
        }
        Ok(self)
    }

    /// Adds a house of N given cells.
    pub fn with_extra_region(mut self, cells: Vec<usize>) -> Result<Self, RulesError> {
        let what = format!("extra region {}", self.extra.len() + 1);
        check_cells(self.size, &what, &cells)?;
        if cells.len() != self.size {
            return Err(RulesError::Cells {
                what,
                detail: format!("{} cells, expected {}", cells.len(), self.size),
            });
        }
        self.extra.push(cells);
        Ok(self)
    }

    /// Adds a killer cage.
    pub fn with_cage(mut self, cage: Cage) -> Result<Self, RulesError> {
        let what = format!("cage {}", self.cages.len() + 1);
        check_cells(self.size, &what, &cage.cells)?;
        let (k, n) = (cage.cells.len() as u64, self.size as u64);
        // k different digits from 1..=n add up to at least 1+…+k, at most (n-k+1)+…+n.
        if k > n {
            return Err(RulesError::Cells {
                what,
                detail: format!("{k} cells cannot hold different digits from 1 to {n}"),
            });
        }
        if let Some(sum) = cage.sum
            && !(k * (k + 1) / 2..=k * (2 * n - k + 1) / 2).contains(&u64::from(sum))
        {
            return Err(RulesError::Cells {
                what,
                detail: format!("{k} different digits from 1 to {n} cannot add up to {sum}"),
            });
        }
        if let Some(other) = self
            .cages
            .iter()
            .position(|c| c.cells.iter().any(|x| cage.cells.contains(x)))
        {
            return Err(RulesError::Cells {
                what,
                detail: format!("overlaps cage {}", other + 1),
            });
        }
        self.cages.push(cage);
        Ok(self)
    }

    /// Adds a variant constraint (a line, a dot, an arrow, an outside
    /// clue); refused when it does not fit the grid, naming it by kind and
    /// number (`thermometer 2: …`).
    pub fn with_element(mut self, element: Element) -> Result<Self, RulesError> {
        let misfit = element.misfit(self.size).or_else(|| match &element {
            Element::RegionSum { .. }
            | Element::Indexer {
                kind: Indexer::Box, ..
            } if self.layout == Layout::None => Some("needs regions; the grid has none".to_owned()),
            Element::FrameSum { clue, sum } => match self.layout.frame_depth(self.size, *clue) {
                None => Some("needs boxes: it adds up the cells of one box's depth".to_owned()),
                Some(depth) => {
                    // `depth` different digits of 1..N.
                    let n = self.size as u32;
                    let k = depth as u32;
                    let (least, most) = (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2);
                    (!(least..=most).contains(sum))
                        .then(|| format!("sum {sum} is impossible (expected {least} to {most})"))
                }
            },
            _ => None,
        });
        if let Some(detail) = misfit {
            let kind = element.kind();
            let number = 1 + self.elements.iter().filter(|e| e.kind() == kind).count();
            return Err(RulesError::Cells {
                what: format!("{kind} {number}"),
                detail,
            });
        }
        let at = self.elements.partition_point(|e| *e <= element);
        self.elements.insert(at, element);
        Ok(self)
    }

    /// The same rules without the first element equal to `element`.
    pub fn without_element(&self, element: &Element) -> Rules {
        let mut rules = self.clone();
        if let Some(at) = rules.elements.iter().position(|e| e == element) {
            rules.elements.remove(at);
        }
        rules
    }

    /// Sets which "all marks are given" rules hold (see [`Negative`]).
    pub fn with_negative(mut self, negative: Negative) -> Self {
        self.negative = negative;
        self
    }

    /// The variant constraints, in [`Element`] order.
    pub fn elements(&self) -> &[Element] {
        &self.elements
    }

    /// Which "all marks are given" rules hold.
    pub fn negative(&self) -> Negative {
        self.negative
    }

    /// Whether any element or negative rule holds: what the bitmask
    /// solvers leave to the engine.
    pub fn has_elements(&self) -> bool {
        !self.elements.is_empty() || self.negative.any()
    }

    /// The side N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells, N².
    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// The regions.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Whether both diagonals are houses (diagonal Sudoku).
    pub fn diagonals(&self) -> bool {
        self.diagonals == [true; 2]
    }

    /// Whether `diagonal` is a house.
    pub fn diagonal(&self, diagonal: Diagonal) -> bool {
        self.diagonals[diagonal as usize]
    }

    /// The rules on every cell, in [`GlobalRule`] order.
    pub fn global_rules(&self) -> &[GlobalRule] {
        &self.global
    }

    /// Whether `rule` holds.
    pub fn has(&self, rule: GlobalRule) -> bool {
        self.global.contains(&rule)
    }

    /// The parity of `cell`, when it is an odd or an even cell.
    pub fn parity(&self, cell: usize) -> Option<Parity> {
        self.parity
            .binary_search_by_key(&cell, |&(c, _)| c)
            .ok()
            .map(|at| self.parity[at].1)
    }

    /// The odd and even cells, in cell order.
    pub fn parity_cells(&self) -> &[(usize, Parity)] {
        &self.parity
    }

    /// Whether any rule besides houses and cages holds (global rules,
    /// odd/even cells, elements): what solvers and finders that know only
    /// houses must decline.
    pub fn has_cell_rules(&self) -> bool {
        !self.global.is_empty() || !self.parity.is_empty() || self.has_elements()
    }

    /// The pairs of cells (lower index first, each once) that anti-knight
    /// and anti-king keep different, with the rule; a pair may also share
    /// a house.
    pub fn distinct_pairs(&self) -> Vec<(usize, usize, GlobalRule)> {
        // Half of each move set: every pair is found from its first cell.
        const KNIGHT: [(isize, isize); 4] = [(1, -2), (1, 2), (2, -1), (2, 1)];
        const KING: [(isize, isize); 4] = [(0, 1), (1, -1), (1, 0), (1, 1)];
        let mut pairs = Vec::new();
        for (rule, moves) in [
            (GlobalRule::AntiKnight, KNIGHT),
            (GlobalRule::AntiKing, KING),
        ] {
            if self.has(rule) {
                pairs.extend(self.pairs_at(&moves).map(|(a, b)| (a, b, rule)));
            }
        }
        pairs
    }

    /// The orthogonal neighbours (lower index first, each pair once) that
    /// non-consecutive keeps from holding d and d ± 1.
    pub fn adjacent_pairs(&self) -> Vec<(usize, usize)> {
        match self.has(GlobalRule::NonConsecutive) {
            true => self.pairs_at(&[(0, 1), (1, 0)]).collect(),
            false => Vec::new(),
        }
    }

    /// Every pair of cells `(dr, dc)` apart, for each offset.
    fn pairs_at<'a>(
        &self,
        offsets: &'a [(isize, isize)],
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        let n = self.size as isize;
        (0..n * n).flat_map(move |cell| {
            let (r, c) = (cell / n, cell % n);
            offsets.iter().filter_map(move |&(dr, dc)| {
                let (r2, c2) = (r + dr, c + dc);
                ((0..n).contains(&r2) && (0..n).contains(&c2))
                    .then_some((cell as usize, (r2 * n + c2) as usize))
            })
        })
    }

    /// The disjoint groups when that rule holds: group `k` is the cell at
    /// position `k` (in reading order) of every box. Each holds every digit
    /// once, like a house.
    pub fn disjoint_groups(&self) -> Vec<Vec<usize>> {
        let Layout::Boxes { rows, cols } = self.layout else {
            return Vec::new();
        };
        if !self.has(GlobalRule::DisjointGroups) {
            return Vec::new();
        }
        let n = self.size;
        (0..n)
            .map(|k| {
                let (dr, dc) = (k / cols, k % cols);
                (0..n)
                    .map(|b| {
                        let (top, left) = ((b / (n / cols)) * rows, (b % (n / cols)) * cols);
                        (top + dr) * n + left + dc
                    })
                    .collect()
            })
            .collect()
    }

    /// Whether the windoku windows are houses.
    pub fn windoku(&self) -> bool {
        self.windoku
    }

    /// The extra regions.
    pub fn extra_regions(&self) -> &[Vec<usize>] {
        &self.extra
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Whether these are the classic rules for the size (standard boxes, nothing else).
    pub fn is_classic(&self) -> bool {
        self.diagonals == [false; 2]
            && !self.has_cell_rules()
            && !self.windoku
            && self.extra.is_empty()
            && self.cages.is_empty()
            && BOX_SHAPES.iter().any(|&(n, (rows, cols))| {
                n == self.size && self.layout == Layout::Boxes { rows, cols }
            })
    }

    /// A short name of the variant: `classic`, `diagonal+windoku`, `jigsaw+killer`, …
    pub fn variant_name(&self) -> String {
        let mut parts = Vec::new();
        match &self.layout {
            Layout::Jigsaw(_) => parts.push("jigsaw"),
            Layout::None if self.cages.is_empty() => parts.push("latin"),
            _ => {}
        }
        match self.diagonals {
            [true, true] => parts.push("diagonal"),
            [true, false] => parts.push("main-diagonal"),
            [false, true] => parts.push("anti-diagonal"),
            [false, false] => {}
        }
        if self.windoku {
            parts.push("windoku");
        }
        parts.extend(self.global.iter().map(|rule| rule.name()));
        if !self.parity.is_empty() {
            parts.push("odd-even");
        }
        if !self.extra.is_empty() {
            parts.push("extra");
        }
        if !self.cages.is_empty() {
            parts.push("killer");
        }
        for element in &self.elements {
            let kind = element.kind();
            if !parts.contains(&kind) {
                parts.push(kind);
            }
        }
        if self.negative.any() {
            parts.push("negative");
        }
        if parts.is_empty() {
            "classic".to_owned()
        } else {
            parts.join("+")
        }
    }

    /// Every house: rows, columns, regions, then the variants' houses.
    pub fn houses(&self) -> Vec<House> {
        let mut houses = Vec::new();
        let _ = self.each_house(&mut |kind, index, cells| {
            houses.push(House {
                kind,
                index,
                cells: cells.to_vec(),
            });
            ControlFlow::Continue(())
        });
        houses
    }

    /// Visits every house in [`Rules::houses`] order, without building
    /// them all, until `visit` breaks.
    fn each_house(&self, visit: &mut HouseVisitor<'_>) -> ControlFlow<()> {
        self.each_line_and_region(visit)?;
        self.each_other_house(visit)
    }

    /// Visits the rows, the columns, then the boxes or jigsaw regions.
    fn each_line_and_region(&self, visit: &mut HouseVisitor<'_>) -> ControlFlow<()> {
        let n = self.size;
        let mut emit = emitter(n, visit);
        for i in 0..n {
            emit(HouseKind::Row, i, &mut (0..n).map(|j| i * n + j))?;
        }
        for i in 0..n {
            emit(HouseKind::Column, i, &mut (0..n).map(|j| j * n + i))?;
        }
        match &self.layout {
            Layout::Boxes { rows, cols } => {
                let per_band = n / cols;
                for b in 0..n {
                    let (top, left) = ((b / per_band) * rows, (b % per_band) * cols);
                    emit(
                        HouseKind::Box,
                        b,
                        &mut (0..n).map(|k| (top + k / cols) * n + left + k % cols),
                    )?;
                }
            }
            Layout::Jigsaw(region) => {
                for r in 0..n {
                    emit(
                        HouseKind::Box,
                        r,
                        &mut (0..n * n).filter(|&c| usize::from(region[c]) == r),
                    )?;
                }
            }
            Layout::None => {}
        }
        ControlFlow::Continue(())
    }

    /// Visits the diagonals, windows and extra regions.
    fn each_other_house(&self, visit: &mut HouseVisitor<'_>) -> ControlFlow<()> {
        if self.diagonals == [false; 2] && !self.windoku && self.extra.is_empty() {
            return ControlFlow::Continue(());
        }
        let n = self.size;
        let mut emit = emitter(n, visit);
        if self.diagonal(Diagonal::Main) {
            emit(HouseKind::Diagonal, 0, &mut (0..n).map(|i| i * n + i))?;
        }
        if self.diagonal(Diagonal::Anti) {
            emit(
                HouseKind::Diagonal,
                1,
                &mut (0..n).map(|i| i * n + n - 1 - i),
            )?;
        }
        for (i, window) in self.windows().into_iter().enumerate() {
            emit(HouseKind::Window, i, &mut window.into_iter())?;
        }
        for (i, region) in self.extra.iter().enumerate() {
            let mut sorted = region.clone();
            sorted.sort_unstable();
            emit(HouseKind::Extra, i, &mut sorted.into_iter())?;
        }
        ControlFlow::Continue(())
    }

    /// The first house (in [`Rules::houses`] order), then cage, in which two
    /// cells of `values` hold the same non-zero digit.
    pub(crate) fn first_repeat(&self, values: &[u8]) -> Option<Repeat> {
        self.first_repeat_unless(values, self.boxes_free_of_repeats(values))
    }

    /// [`Rules::first_repeat`] of a complete grid (every cell a digit in
    /// 1..=N), which a cheaper test clears of repeats in rows, columns and
    /// boxes.
    pub(crate) fn first_repeat_in_complete(&self, values: &[u8]) -> Option<Repeat> {
        self.first_repeat_unless(values, self.complete_boxes_hold_every_digit(values))
    }

    /// [`Rules::first_repeat`], told whether rows, columns and boxes are
    /// known to be free of repeats (then only the other houses and the
    /// cages are scanned).
    fn first_repeat_unless(&self, values: &[u8], boxes_free: bool) -> Option<Repeat> {
        let repeat_in = |cells: &[usize]| {
            let mut seen = 0u64;
            for (k, &cell) in cells.iter().enumerate() {
                let d = values[cell];
                if d == 0 || usize::from(d) > self.size {
                    continue;
                }
                let bit = 1u64 << d;
                if seen & bit != 0 {
                    let earlier = cells[..k].iter().find(|&&c| values[c] == d)?;
                    return Some((d, [*earlier, cell]));
                }
                seen |= bit;
            }
            None
        };
        let mut found = None;
        let mut visit = |kind, index, cells: &[usize]| match repeat_in(cells) {
            Some((digit, cells)) => {
                let group = House {
                    kind,
                    index,
                    cells: Vec::new(),
                }
                .name();
                found = Some(Repeat {
                    group,
                    digit,
                    cells,
                });
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        };
        // Rows, columns and boxes free of repeats (one pass over the grid)
        // leave only the other houses to scan in order.
        let _ = if boxes_free {
            self.each_other_house(&mut visit)
        } else {
            self.each_house(&mut visit)
        };
        if found.is_some() {
            return found;
        }
        for (i, cage) in self.cages.iter().enumerate() {
            if let Some((digit, cells)) = repeat_in(&cage.cells) {
                let group = format!("cage {}", i + 1);
                return Some(Repeat {
                    group,
                    digit,
                    cells,
                });
            }
        }
        None
    }

    /// Whether, on a grid of boxes, no row, column or box of `values`
    /// repeats a digit: one pass, a mask per house. `false` for other
    /// layouts (and where a repeat is, to be named by the ordered scan).
    fn boxes_free_of_repeats(&self, values: &[u8]) -> bool {
        let Layout::Boxes { rows, cols } = self.layout else {
            return false;
        };
        let n = self.size;
        if n > MAX_SIZE || values.len() != n * n || rows == 0 || cols == 0 {
            return false;
        }
        let (mut columns, mut boxes) = ([0u64; MAX_SIZE], [0u64; MAX_SIZE]);
        let stacks = n / cols;
        for (r, row) in values.chunks_exact(n).enumerate() {
            let band = &mut boxes[r / rows * stacks..][..stacks];
            let mut seen = 0u64;
            let parts = row
                .chunks_exact(cols)
                .zip(band)
                .zip(columns.chunks_exact_mut(cols));
            for ((part, in_box), part_columns) in parts {
                for (&d, column) in part.iter().zip(part_columns) {
                    if d == 0 || usize::from(d) > n {
                        continue;
                    }
                    let bit = 1u64 << d;
                    if (seen | *column | *in_box) & bit != 0 {
                        return false;
                    }
                    seen |= bit;
                    *column |= bit;
                    *in_box |= bit;
                }
            }
        }
        true
    }

    /// Whether, on a grid of boxes, every row, column and box of `values`,
    /// a complete grid (every cell a digit in 1..=N), holds all N digits —
    /// so none repeats one: the digits of each house OR-ed together, with no
    /// test per cell. `false` for other layouts.
    fn complete_boxes_hold_every_digit(&self, values: &[u8]) -> bool {
        let Layout::Boxes { rows, cols } = self.layout else {
            return false;
        };
        let n = self.size;
        if n > MAX_SIZE || values.len() != n * n || rows == 0 || cols == 0 {
            return false;
        }
        let every_digit = ((1u64 << n) - 1) << 1;
        let (mut columns, mut boxes) = ([0u64; MAX_SIZE], [0u64; MAX_SIZE]);
        // The box of each column within its band of boxes.
        let mut stack_of = [0usize; MAX_SIZE];
        for (c, stack) in stack_of[..n].iter_mut().enumerate() {
            *stack = c / cols;
        }
        let stacks = n / cols;
        let mut every_row = every_digit;
        for (r, row) in values.chunks_exact(n).enumerate() {
            let band = r / rows * stacks;
            let mut in_row = 0u64;
            for (c, &d) in row.iter().enumerate() {
                let bit = 1u64 << (d & 63);
                in_row |= bit;
                columns[c] |= bit;
                boxes[band + stack_of[c]] |= bit;
            }
            every_row &= in_row;
        }
        every_row == every_digit
            && columns[..n]
                .iter()
                .chain(&boxes[..n])
                .all(|&m| m == every_digit)
    }

    /// The windoku windows: boxes whose corners sit one cell in from the box
    /// grid, with a one-cell gap between them (rows and columns 2–4 and 6–8
    /// on a 9×9 grid).
    fn windows(&self) -> Vec<Vec<usize>> {
        let Layout::Boxes { rows, cols } = self.layout else {
            return Vec::new();
        };
        if !self.windoku {
            return Vec::new();
        }
        let n = self.size;
        let starts = |len: usize| {
            (0..)
                .map(move |i| 1 + i * (len + 1))
                .take_while(move |&s| s + len < n)
                .collect::<Vec<_>>()
        };
        let mut windows = Vec::new();
        for top in starts(rows) {
            for left in starts(cols) {
                windows.push(
                    (0..n)
                        .map(|k| (top + k / cols) * n + left + k % cols)
                        .collect(),
                );
            }
        }
        windows
    }
}

fn check_size(size: usize) -> Result<(), RulesError> {
    if (1..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(RulesError::Size { size })
    }
}

fn check_cells(size: usize, what: &str, cells: &[usize]) -> Result<(), RulesError> {
    let mut seen = std::collections::BTreeSet::new();
    for &c in cells {
        if c >= size * size {
            return Err(RulesError::Cells {
                what: what.to_owned(),
                detail: format!("cell {c} is outside the {size}×{size} grid"),
            });
        }
        if !seen.insert(c) {
            return Err(RulesError::Cells {
                what: what.to_owned(),
                detail: format!("{} is listed twice", cell_name(size, c)),
            });
        }
    }
    if cells.is_empty() {
        return Err(RulesError::Cells {
            what: what.to_owned(),
            detail: "no cells".to_owned(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: usize, cells: &[usize]) -> Vec<String> {
        cells.iter().map(|&c| cell_name(size, c)).collect()
    }

    #[test]
    fn boxes_are_where_they_should_be() {
        let houses = Rules::classic(9).unwrap().houses();
        assert_eq!(houses.len(), 27);
        let box5 = houses
            .iter()
            .find(|h| h.kind == HouseKind::Box && h.index == 4)
            .unwrap();
        assert_eq!(
            names(9, &box5.cells),
            [
                "r4c4", "r4c5", "r4c6", "r5c4", "r5c5", "r5c6", "r6c4", "r6c5", "r6c6"
            ]
        );
        // 6×6: boxes of 2 rows × 3 columns; box 4 is rows 3-4, columns 4-6.
        let houses = Rules::classic(6).unwrap().houses();
        let box4 = houses
            .iter()
            .find(|h| h.kind == HouseKind::Box && h.index == 3)
            .unwrap();
        assert_eq!(
            names(6, &box4.cells),
            ["r3c4", "r3c5", "r3c6", "r4c4", "r4c5", "r4c6"]
        );
        // Every cell is in exactly one row, one column and one box, for every size.
        for &(n, _) in &BOX_SHAPES {
            let houses = Rules::classic(n).unwrap().houses();
            let mut count = vec![0; n * n];
            for h in &houses {
                assert_eq!(h.cells.len(), n);
                for &c in &h.cells {
                    count[c] += 1;
                }
            }
            assert!(count.iter().all(|&k| k == 3), "{n}");
        }
    }

    /// The one-pass check of rows, columns and boxes names the same first
    /// repeat as a scan of every house in order, on grids with few and
    /// many digits, with and without diagonals and windows.
    #[test]
    fn the_first_repeat_is_the_first_in_house_order() {
        let naive = |rules: &Rules, values: &[u8]| {
            rules.houses().into_iter().find_map(|house| {
                let cells = &house.cells;
                (0..cells.len()).find_map(|k| {
                    let d = values[cells[k]];
                    let earlier = cells[..k].iter().find(|&&c| d != 0 && values[c] == d)?;
                    Some((house.name(), d, [*earlier, cells[k]]))
                })
            })
        };
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let rule_sets = [
            Rules::classic(9).unwrap(),
            Rules::classic(6).unwrap(),
            Rules::classic(9)
                .unwrap()
                .with_diagonals()
                .with_windoku()
                .unwrap(),
            Rules::latin(5).unwrap(),
        ];
        // Complete grids: a solution of the boxes, as is or with two cells
        // swapped or one cell changed.
        for rules in &rule_sets[..3] {
            let n = rules.size();
            let (rows, cols) = match rules.layout {
                Layout::Boxes { rows, cols } => (rows, cols),
                _ => unreachable!("boxed rules"),
            };
            let solved: Vec<u8> = (0..n * n)
                .map(|i| {
                    let (r, c) = (i / n, i % n);
                    ((r % rows * cols + r / rows + c) % n) as u8 + 1
                })
                .collect();
            for trial in 0..300 {
                let mut values = solved.clone();
                let (a, b) = (
                    (next() % (n * n) as u64) as usize,
                    (next() % (n * n) as u64) as usize,
                );
                match trial % 3 {
                    0 => {}
                    1 => values.swap(a, b),
                    _ => values[a] = (next() % n as u64) as u8 + 1,
                }
                let complete = rules
                    .first_repeat_in_complete(&values)
                    .map(|r| (r.group, r.digit, r.cells));
                assert_eq!(complete, naive(rules, &values), "{values:?}");
            }
        }
        for rules in &rule_sets {
            let n = rules.size();
            for trial in 0..400 {
                // From a few digits (rarely a repeat) to a full grid.
                let filled = 1 + trial % 40;
                let values: Vec<u8> = (0..n * n)
                    .map(|_| match next() % 40 < filled as u64 {
                        true => (next() % n as u64) as u8 + 1,
                        false => 0,
                    })
                    .collect();
                let fast = rules
                    .first_repeat(&values)
                    .map(|r| (r.group, r.digit, r.cells));
                assert_eq!(fast, naive(rules, &values), "{values:?}");
            }
        }
    }

    #[test]
    fn diagonals_and_windows() {
        let rules = Rules::classic(9)
            .unwrap()
            .with_diagonals()
            .with_windoku()
            .unwrap();
        let houses = rules.houses();
        let d: Vec<_> = houses
            .iter()
            .filter(|h| h.kind == HouseKind::Diagonal)
            .collect();
        assert_eq!(names(9, &d[1].cells)[..2], ["r1c9", "r2c8"]);
        let windows: Vec<_> = houses
            .iter()
            .filter(|h| h.kind == HouseKind::Window)
            .collect();
        let corners: Vec<String> = windows.iter().map(|w| cell_name(9, w.cells[0])).collect();
        assert_eq!(corners, ["r2c2", "r2c6", "r6c2", "r6c6"]);
        assert_eq!(cell_name(9, windows[3].cells[8]), "r8c8");
        let w16 = Rules::classic(16).unwrap().with_windoku().unwrap().houses();
        assert_eq!(
            w16.iter().filter(|h| h.kind == HouseKind::Window).count(),
            9
        );
        assert!(Rules::classic(6).unwrap().with_windoku().is_ok());
        assert!(Rules::latin(5).unwrap().with_windoku().is_err());
    }

    #[test]
    fn names_round_trip() {
        assert_eq!(cell_name(16, 16 * 9 + 11), "r10c12");
        assert_eq!(parse_cell_name(16, "r10c12"), Some(16 * 9 + 11));
        assert_eq!(parse_cell_name(9, "R1C1"), Some(0));
        assert_eq!(parse_cell_name(9, "r10c1"), None);
        assert_eq!(parse_cell_name(9, "x1c1"), None);
    }

    #[test]
    fn bad_rules_are_refused_with_reasons() {
        assert_eq!(
            Rules::with_boxes(9, 2, 4).unwrap_err().to_string(),
            "2×4 boxes do not tile a 9×9 grid (expected rows × cols = 9)"
        );
        assert!(matches!(
            Rules::classic(7),
            Err(RulesError::NoBoxShape { size: 7 })
        ));
        assert!(matches!(
            Rules::classic(40),
            Err(RulesError::NoBoxShape { .. })
        ));
        assert_eq!(
            Rules::jigsaw(4, vec![0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 0])
                .unwrap_err()
                .to_string(),
            "jigsaw regions: region 1 has 5 cells, expected 4"
        );
        let killer = Rules::classic(9).unwrap();
        let err = killer
            .clone()
            .with_cage(Cage {
                cells: vec![0, 1],
                sum: Some(18),
            })
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "cage 1: 2 different digits from 1 to 9 cannot add up to 18"
        );
        let ok = killer
            .with_cage(Cage {
                cells: vec![0, 1],
                sum: Some(17),
            })
            .unwrap();
        let err = ok
            .with_cage(Cage {
                cells: vec![1, 2],
                sum: Some(3),
            })
            .unwrap_err();
        assert_eq!(err.to_string(), "cage 2: overlaps cage 1");
    }

    #[test]
    fn variant_names() {
        let r = Rules::classic(9).unwrap();
        assert_eq!(r.variant_name(), "classic");
        assert!(r.is_classic());
        let r = r.with_diagonals();
        assert_eq!(r.variant_name(), "diagonal");
        assert!(!r.is_classic());
        assert_eq!(Rules::latin(5).unwrap().variant_name(), "latin");
    }
}
