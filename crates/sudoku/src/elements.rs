//! Variant constraints drawn on the grid: lines, dots, arrows, outside clues.
//!
//! An [`Element`] is one mark a setter draws — a thermometer, an arrow, a
//! kropki dot, a little killer clue — as data: its cells and numbers, and
//! nothing about how it is solved. [`Rules::with_element`](crate::Rules::with_element)
//! checks that it fits the grid (cells inside, a line that does not pass
//! through one cell twice, a sum some digits can make); the engine model
//! turns it into finite-domain constraints and the independent checker
//! evaluates it on a filled grid with code of its own.
//!
//! Each rule generalises to every N×N grid as its words say, with these
//! choices where the 9×9 rule names a number: a sandwich lies between the
//! 1 and the N; German whispers differ by at least ⌈N/2⌉ (5 on 9×9) unless
//! a difference is given; a white dot's difference is 1 and a black dot's
//! ratio 2 unless given; entropic lines use the low, middle and high third
//! of 1..N (N a multiple of 3); modular lines use the residues mod 3.
//! Indexer cells read their digit as a position, which every size has: a
//! digit X in a column indexer in column c of row r puts the digit c in
//! column X of row r; a row indexer in row r of column c puts r in row X
//! of column c; a box indexer at the p-th cell of its region (in reading
//! order) puts p in the X-th cell of that region — boxes or jigsaw
//! regions, so a grid without regions has no box indexers. A
//! greater-than sign and a product clue relate two cells of any grid: the
//! first digit larger than the second, the two multiplying to the clue.
//! Parity lines alternate odd and even digits; a nabner line holds no two
//! digits equal or consecutive (so at most ⌈N/2⌉ cells); a lockout line's
//! ends differ by at least ⌊N/2⌋ (4 on 9×9, the f-puzzles script's rule)
//! unless a difference is given, and no digit inside it lies between the
//! ends' digits or equals one. A frame sum adds up the first cells seen
//! from its clue as deep as one box: a box's height for a clue above or
//! below a column, its width for one beside a row (3 on 9×9, 2 or 3 on
//! 6×6), so a grid without boxes has no frame sums. Counting circles are
//! counted together, one element for all of a puzzle's circles: a digit d
//! in one of them stands in exactly d of them. A "123" clue names which
//! of the digits 1, 2 and 3 comes first in its row or column, read from
//! the clue (a grid of side 3 or more). A count-different line or cage
//! holds exactly as many different digits as its number says (1 to the
//! smaller of its length and N). A cupid arrow's cell holds a digit that
//! stands again among the cells the arrow points at (listed with it: on a
//! Sudoku a diagonal, since a row or column cannot repeat a digit).
//! Isomorphic twins are two shapes of as many cells, paired in order,
//! whose digits match under some relabelling: two cells of one shape hold
//! the same digit exactly when their partners in the other do.
//!
//! Clues outside the grid stand at an [`Outside`] position: row 0 or N + 1,
//! column 0 or N + 1, named like cells (`r0c3` above column 3, `r4c10` right
//! of row 4 on a 9×9 grid).
//!
//! ```
//! use fdoku_sudoku::{Element, Outside, Rules};
//!
//! let thermo = Element::Thermometer { cells: vec![0, 1, 2], slow: false };
//! let rules = Rules::classic(9).unwrap().with_element(thermo).unwrap();
//! assert_eq!(rules.variant_name(), "thermometer");
//!
//! // A little killer above column 1, down to the right: r1c2, r2c3 … r8c9.
//! let clue = Outside::parse(9, "r0c1").unwrap();
//! let lk = Element::LittleKiller { clue, direction: fdoku_sudoku::Direction::DownRight, sum: 40 };
//! assert_eq!(lk.cells(9).len(), 8);
//! assert!(Rules::classic(9).unwrap().with_element(lk).is_ok());
//!
//! let too_long = Element::Thermometer { cells: (0..10).collect(), slow: false };
//! let err = Rules::classic(9).unwrap().with_element(too_long).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "thermometer 1: 10 cells cannot hold strictly increasing digits from 1 to 9"
//! );
//! ```

use serde::{Deserialize, Serialize};

use crate::cells::cell_name;
pub(crate) use crate::cells::orthogonal_neighbours;

/// The cells marked `kind` among `elements`: the neighbours a minimum or
/// maximum cell is not compared with.
pub(crate) fn marked(elements: &[Element], kind: Extremum) -> Vec<usize> {
    elements
        .iter()
        .filter_map(|e| match e {
            Element::Extremum { cell, kind: k } if *k == kind => Some(*cell),
            _ => None,
        })
        .collect()
}

/// A clue position outside the grid: row 0 or N + 1, or column 0 or N + 1
/// (1-based, like cell names; the corners `r0c0` … serve little killers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Outside {
    /// 0 above the grid, N + 1 below it, else the row beside which it stands.
    pub row: usize,
    /// 0 left of the grid, N + 1 right of it, else the column.
    pub col: usize,
}

impl Outside {
    /// Reads `r0c3`-style names; `None` unless the position is just outside
    /// an N×N grid.
    pub fn parse(size: usize, name: &str) -> Option<Outside> {
        let rest = name.trim().strip_prefix(['r', 'R'])?;
        let (row, col) = rest.split_once(['c', 'C'])?;
        let outside = Outside {
            row: row.parse().ok()?,
            col: col.parse().ok()?,
        };
        outside.is_outside(size).then_some(outside)
    }

    /// Whether it stands on the ring just outside an N×N grid.
    pub fn is_outside(self, size: usize) -> bool {
        let edge = |v: usize| v == 0 || v == size + 1;
        self.row <= size + 1 && self.col <= size + 1 && (edge(self.row) || edge(self.col))
    }

    /// Its name, `r0c3`.
    pub fn name(self) -> String {
        format!("r{}c{}", self.row, self.col)
    }

    /// The row or column it looks along, from its side inwards, for clues
    /// beside one (sandwich, X-sum, skyscraper); `None` at a corner.
    pub fn line(self, size: usize) -> Option<Vec<usize>> {
        let (r, c, n) = (self.row, self.col, size);
        let inner = |v: usize| (1..=n).contains(&v);
        match (r, c) {
            (0, c) if inner(c) => Some((0..n).map(|i| i * n + c - 1).collect()),
            (r, c) if r == n + 1 && inner(c) => Some((0..n).rev().map(|i| i * n + c - 1).collect()),
            (r, 0) if inner(r) => Some((0..n).map(|j| (r - 1) * n + j).collect()),
            (r, c) if c == n + 1 && inner(r) => {
                Some((0..n).rev().map(|j| (r - 1) * n + j).collect())
            }
            _ => None,
        }
    }
}

/// A diagonal direction, for little killers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// ↘
    DownRight,
    /// ↙
    DownLeft,
    /// ↗
    UpRight,
    /// ↖
    UpLeft,
}

impl Direction {
    /// Every direction.
    pub const ALL: [Direction; 4] = [
        Direction::DownRight,
        Direction::DownLeft,
        Direction::UpRight,
        Direction::UpLeft,
    ];

    /// Its name: `down-right`, …
    pub fn name(self) -> &'static str {
        match self {
            Direction::DownRight => "down-right",
            Direction::DownLeft => "down-left",
            Direction::UpRight => "up-right",
            Direction::UpLeft => "up-left",
        }
    }

    /// The step (rows, columns).
    pub fn step(self) -> (isize, isize) {
        match self {
            Direction::DownRight => (1, 1),
            Direction::DownLeft => (1, -1),
            Direction::UpRight => (-1, 1),
            Direction::UpLeft => (-1, -1),
        }
    }
}

/// The colour of a kropki dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dot {
    /// White: the two digits differ by the dot's value (1 by default).
    White,
    /// Black: one digit is the dot's value (2 by default) times the other.
    Black,
}

/// A min or a max cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Extremum {
    /// Smaller than each orthogonal neighbour.
    Minimum,
    /// Larger than each orthogonal neighbour.
    Maximum,
}

/// Which position an indexer cell's digit names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Indexer {
    /// A row of the cell's column: X in row r puts r in row X.
    Row,
    /// A column of the cell's row: X in column c puts c in column X (the
    /// rule of "1-5-9" puzzles, whose indexers fill columns 1, 5 and 9).
    Column,
    /// A cell of the cell's region: X at position p puts p at position X.
    Box,
}

/// One variant constraint drawn on the grid. Cells are indices (row by
/// row from 0); lines list their cells in order. Elements are ordered
/// (kind first, in declaration order, then their data): [`Rules`](crate::Rules)
/// keeps them in that order, so the same marks make the same rules
/// whatever order they were added in, and numbers them (`thermometer 2`)
/// the same way in every format.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
#[non_exhaustive]
pub enum Element {
    /// Digits increase from the bulb (the first cell) along the line:
    /// strictly, or never decrease on a slow thermometer.
    Thermometer {
        /// Bulb first.
        cells: Vec<usize>,
        /// Equal neighbours allowed.
        slow: bool,
    },
    /// The digits on the line add up to the number in the circle; a circle
    /// (pill) of 2 or 3 cells reads its digits as one number, in order.
    Arrow {
        /// The circle's cells, most significant first.
        circle: Vec<usize>,
        /// The line, from the circle outwards.
        line: Vec<usize>,
    },
    /// The digits on the diagonal from `clue` in `direction` add up to
    /// `sum` (digits may repeat).
    LittleKiller {
        /// Where the clue stands.
        clue: Outside,
        /// Which way the diagonal runs.
        direction: Direction,
        /// The total.
        sum: u32,
    },
    /// The digits between the 1 and the N of the row or column add up to `sum`.
    Sandwich {
        /// Beside the row or column.
        clue: Outside,
        /// The total.
        sum: u32,
    },
    /// The first digit seen from the clue, k, says how many cells from the
    /// clue add up to `sum`.
    XSum {
        /// Beside the row or column.
        clue: Outside,
        /// The total of the first k digits.
        sum: u32,
    },
    /// `count` digits are visible from the clue: each larger than every
    /// digit before it.
    Skyscraper {
        /// Beside the row or column.
        clue: Outside,
        /// The number seen.
        count: u32,
    },
    /// A kropki dot between two cells.
    Kropki {
        /// The two cells.
        cells: [usize; 2],
        /// White (difference) or black (ratio).
        dot: Dot,
        /// The difference or the ratio.
        value: u32,
    },
    /// An X (sum 10) or a V (sum 5) between two cells; any sum is allowed.
    Xv {
        /// The two cells.
        cells: [usize; 2],
        /// Their total.
        sum: u32,
    },
    /// Neighbours on the line differ by at least `difference`.
    Whisper {
        /// The line.
        cells: Vec<usize>,
        /// The least difference.
        difference: u32,
    },
    /// The line holds different digits forming a consecutive set.
    Renban {
        /// The line.
        cells: Vec<usize>,
    },
    /// The line reads the same from both ends.
    Palindrome {
        /// The line.
        cells: Vec<usize>,
    },
    /// Every digit inside the line lies strictly between its two ends.
    Between {
        /// The line, end to end.
        cells: Vec<usize>,
    },
    /// Each piece of the line inside one region adds up to the same sum.
    RegionSum {
        /// The line.
        cells: Vec<usize>,
    },
    /// Cells the same distance from the middle add up to the same sum — the
    /// middle cell's digit when the line's length is odd.
    Zipper {
        /// The line.
        cells: Vec<usize>,
    },
    /// Any three cells in a row on the line hold a low, a middle and a
    /// high digit (the thirds of 1..N).
    Entropic {
        /// The line.
        cells: Vec<usize>,
    },
    /// Any three cells in a row on the line hold digits of different
    /// residues mod 3.
    Modular {
        /// The line.
        cells: Vec<usize>,
    },
    /// A cell smaller (larger) than each of its orthogonal neighbours,
    /// except those marked the same way: a group of touching minimum
    /// (maximum) cells is compared only with the cells around it.
    Extremum {
        /// The cell.
        cell: usize,
        /// Minimum or maximum.
        kind: Extremum,
    },
    /// The digits listed appear in the cells (a digit listed twice, twice).
    Quadruple {
        /// Up to four cells, usually the 2×2 block around a grid point.
        cells: Vec<usize>,
        /// The digits that must appear.
        digits: Vec<u8>,
    },
    /// Two shapes holding the same digits, cell for cell.
    Clone {
        /// One shape.
        cells: Vec<usize>,
        /// The other, in matching order.
        copy: Vec<usize>,
    },
    /// An indexer cell: its digit X names a position in its row, column or
    /// region, which holds the cell's own position there (see [`Indexer`]).
    Indexer {
        /// The cell.
        cell: usize,
        /// Which positions its digit names.
        kind: Indexer,
    },
    /// A greater-than sign between two cells, opening towards the first:
    /// its digit is larger than the second's.
    GreaterThan {
        /// The larger cell, then the smaller.
        cells: [usize; 2],
    },
    /// A product clue between two cells: their digits multiply to `product`.
    Product {
        /// The two cells.
        cells: [usize; 2],
        /// What the digits multiply to.
        product: u32,
    },
    /// Neighbours on the line alternate between odd and even digits.
    ParityLine {
        /// The line.
        cells: Vec<usize>,
    },
    /// No two digits on the line are equal or consecutive.
    Nabner {
        /// The line.
        cells: Vec<usize>,
    },
    /// The two ends differ by at least `difference`, and every digit inside
    /// the line lies outside the ends' range (neither between nor equal).
    Lockout {
        /// The line, end to end.
        cells: Vec<usize>,
        /// The least difference of the ends.
        difference: u32,
    },
    /// The first cells seen from the clue, one box deep, add up to `sum`.
    FrameSum {
        /// Beside the row or column.
        clue: Outside,
        /// Their total.
        sum: u32,
    },
    /// Circles counted together: a digit d in one of them stands in
    /// exactly d of them.
    CountingCircles {
        /// Every circle's cell.
        cells: Vec<usize>,
    },
    /// Of the digits 1, 2 and 3, `digit` is the first seen from the clue.
    FirstOfOneTwoThree {
        /// Beside the row or column.
        clue: Outside,
        /// 1, 2 or 3.
        digit: u32,
    },
    /// Exactly `count` different digits stand in the cells (a line or a cage).
    CountDifferent {
        /// The line or cage.
        cells: Vec<usize>,
        /// How many different digits.
        count: u32,
    },
    /// A cupid arrow: the digit in `cell` stands again in one of `cells`.
    Cupid {
        /// The arrow's cell.
        cell: usize,
        /// The cells it points at.
        cells: Vec<usize>,
    },
    /// Isomorphic twins: the i-th and j-th cells of `cells` hold the same
    /// digit exactly when the i-th and j-th of `twin` do.
    Twins {
        /// One shape.
        cells: Vec<usize>,
        /// The other, in matching order.
        twin: Vec<usize>,
    },
}

/// The kinds of [`Element`], one per rule a setter names: a slow
/// thermometer, a white dot or a minimum is a kind of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ElementKind {
    /// Strictly increasing line.
    Thermometer,
    /// Non-decreasing line.
    SlowThermometer,
    /// Line sum in a circle.
    Arrow,
    /// Diagonal sum outside the grid.
    LittleKiller,
    /// Sum between the 1 and the N.
    Sandwich,
    /// Sum of the first k digits.
    XSum,
    /// Digits seen from outside.
    Skyscraper,
    /// Difference dot.
    WhiteDot,
    /// Ratio dot.
    BlackDot,
    /// X or V sum.
    Xv,
    /// Large differences along a line.
    Whisper,
    /// Consecutive set.
    Renban,
    /// Reads the same both ways.
    Palindrome,
    /// Inside digits between the ends.
    Between,
    /// Equal sums per region.
    RegionSum,
    /// Equal sums about the middle.
    Zipper,
    /// Low, middle, high in every three.
    Entropic,
    /// Three residues in every three.
    Modular,
    /// Smaller than its neighbours.
    Minimum,
    /// Larger than its neighbours.
    Maximum,
    /// Digits that appear around a point.
    Quadruple,
    /// Two shapes alike.
    Clone,
    /// A digit naming a row of its column.
    RowIndexer,
    /// A digit naming a column of its row.
    ColumnIndexer,
    /// A digit naming a cell of its region.
    BoxIndexer,
    /// One digit larger than the other.
    GreaterThan,
    /// Two digits multiplying to a clue.
    Product,
    /// Odd and even in turn along a line.
    ParityLine,
    /// No equal or consecutive digits on a line.
    Nabner,
    /// Digits outside the ends' range.
    Lockout,
    /// The sum of the first box's cells from outside.
    FrameSum,
    /// Digits counting their own circles.
    CountingCircles,
    /// The first of 1, 2, 3 from outside.
    OneTwoThree,
    /// So many different digits on a line or cage.
    CountDifferent,
    /// A cell's digit again where its arrow points.
    Cupid,
    /// Two shapes alike up to a relabelling of the digits.
    Twins,
}

impl ElementKind {
    /// Every kind's name as options and templates spell it (words joined
    /// by `-`), comma-separated: `thermometer, slow-thermometer, …`.
    pub fn listing() -> String {
        let names: Vec<String> = ElementKind::ALL
            .iter()
            .map(|k| k.name().replace(' ', "-"))
            .collect();
        names.join(", ")
    }

    /// Every kind.
    pub const ALL: [ElementKind; 36] = [
        ElementKind::Thermometer,
        ElementKind::SlowThermometer,
        ElementKind::Arrow,
        ElementKind::LittleKiller,
        ElementKind::Sandwich,
        ElementKind::XSum,
        ElementKind::Skyscraper,
        ElementKind::WhiteDot,
        ElementKind::BlackDot,
        ElementKind::Xv,
        ElementKind::Whisper,
        ElementKind::Renban,
        ElementKind::Palindrome,
        ElementKind::Between,
        ElementKind::RegionSum,
        ElementKind::Zipper,
        ElementKind::Entropic,
        ElementKind::Modular,
        ElementKind::Minimum,
        ElementKind::Maximum,
        ElementKind::Quadruple,
        ElementKind::Clone,
        ElementKind::RowIndexer,
        ElementKind::ColumnIndexer,
        ElementKind::BoxIndexer,
        ElementKind::GreaterThan,
        ElementKind::Product,
        ElementKind::ParityLine,
        ElementKind::Nabner,
        ElementKind::Lockout,
        ElementKind::FrameSum,
        ElementKind::CountingCircles,
        ElementKind::OneTwoThree,
        ElementKind::CountDifferent,
        ElementKind::Cupid,
        ElementKind::Twins,
    ];

    /// The kind of `element`.
    pub fn of(element: &Element) -> ElementKind {
        match element {
            Element::Thermometer { slow: false, .. } => ElementKind::Thermometer,
            Element::Thermometer { slow: true, .. } => ElementKind::SlowThermometer,
            Element::Arrow { .. } => ElementKind::Arrow,
            Element::LittleKiller { .. } => ElementKind::LittleKiller,
            Element::Sandwich { .. } => ElementKind::Sandwich,
            Element::XSum { .. } => ElementKind::XSum,
            Element::Skyscraper { .. } => ElementKind::Skyscraper,
            Element::Kropki {
                dot: Dot::White, ..
            } => ElementKind::WhiteDot,
            Element::Kropki {
                dot: Dot::Black, ..
            } => ElementKind::BlackDot,
            Element::Xv { .. } => ElementKind::Xv,
            Element::Whisper { .. } => ElementKind::Whisper,
            Element::Renban { .. } => ElementKind::Renban,
            Element::Palindrome { .. } => ElementKind::Palindrome,
            Element::Between { .. } => ElementKind::Between,
            Element::RegionSum { .. } => ElementKind::RegionSum,
            Element::Zipper { .. } => ElementKind::Zipper,
            Element::Entropic { .. } => ElementKind::Entropic,
            Element::Modular { .. } => ElementKind::Modular,
            Element::Extremum {
                kind: Extremum::Minimum,
                ..
            } => ElementKind::Minimum,
            Element::Extremum {
                kind: Extremum::Maximum,
                ..
            } => ElementKind::Maximum,
            Element::Quadruple { .. } => ElementKind::Quadruple,
            Element::Clone { .. } => ElementKind::Clone,
            Element::Indexer { kind, .. } => match kind {
                Indexer::Row => ElementKind::RowIndexer,
                Indexer::Column => ElementKind::ColumnIndexer,
                Indexer::Box => ElementKind::BoxIndexer,
            },
            Element::GreaterThan { .. } => ElementKind::GreaterThan,
            Element::Product { .. } => ElementKind::Product,
            Element::ParityLine { .. } => ElementKind::ParityLine,
            Element::Nabner { .. } => ElementKind::Nabner,
            Element::Lockout { .. } => ElementKind::Lockout,
            Element::FrameSum { .. } => ElementKind::FrameSum,
            Element::CountingCircles { .. } => ElementKind::CountingCircles,
            Element::FirstOfOneTwoThree { .. } => ElementKind::OneTwoThree,
            Element::CountDifferent { .. } => ElementKind::CountDifferent,
            Element::Cupid { .. } => ElementKind::Cupid,
            Element::Twins { .. } => ElementKind::Twins,
        }
    }

    /// Its name: `thermometer`, `slow thermometer`, `white dot`, …
    pub fn name(self) -> &'static str {
        match self {
            ElementKind::Thermometer => "thermometer",
            ElementKind::SlowThermometer => "slow thermometer",
            ElementKind::Arrow => "arrow",
            ElementKind::LittleKiller => "little killer",
            ElementKind::Sandwich => "sandwich",
            ElementKind::XSum => "x-sum",
            ElementKind::Skyscraper => "skyscraper",
            ElementKind::WhiteDot => "white dot",
            ElementKind::BlackDot => "black dot",
            ElementKind::Xv => "xv",
            ElementKind::Whisper => "whisper",
            ElementKind::Renban => "renban",
            ElementKind::Palindrome => "palindrome",
            ElementKind::Between => "between line",
            ElementKind::RegionSum => "region-sum line",
            ElementKind::Zipper => "zipper line",
            ElementKind::Entropic => "entropic line",
            ElementKind::Modular => "modular line",
            ElementKind::Minimum => "minimum",
            ElementKind::Maximum => "maximum",
            ElementKind::Quadruple => "quadruple",
            ElementKind::Clone => "clone",
            ElementKind::RowIndexer => "row indexer",
            ElementKind::ColumnIndexer => "column indexer",
            ElementKind::BoxIndexer => "box indexer",
            ElementKind::GreaterThan => "greater-than",
            ElementKind::Product => "product",
            ElementKind::ParityLine => "parity line",
            ElementKind::Nabner => "nabner line",
            ElementKind::Lockout => "lockout line",
            ElementKind::FrameSum => "frame sum",
            ElementKind::CountingCircles => "counting circles",
            ElementKind::OneTwoThree => "123 clue",
            ElementKind::CountDifferent => "count-different line",
            ElementKind::Cupid => "cupid arrow",
            ElementKind::Twins => "isomorphic twins",
        }
    }

    /// The kind a name or a short form names: the name with `-`, `_` or a
    /// space between words, a plural, or one of `thermo`, `kropki` (white
    /// dot), `little-killer`, `xsum`, `x-sum` …
    pub fn parse(text: &str) -> Option<ElementKind> {
        let squeeze = |t: &str| -> String {
            let lower = t.to_ascii_lowercase();
            lower.chars().filter(char::is_ascii_alphanumeric).collect()
        };
        let key = squeeze(text);
        let alias = |k: &str| match k {
            "thermo" => Some(ElementKind::Thermometer),
            "slowthermo" => Some(ElementKind::SlowThermometer),
            "kropki" | "white" | "difference" => Some(ElementKind::WhiteDot),
            "black" | "ratio" => Some(ElementKind::BlackDot),
            "germanwhisper" => Some(ElementKind::Whisper),
            "min" => Some(ElementKind::Minimum),
            "colindexer" => Some(ElementKind::ColumnIndexer),
            "inequality" | "greater" | "lessthan" => Some(ElementKind::GreaterThan),
            "123" | "onetwothree" => Some(ElementKind::OneTwoThree),
            "countdifferent" => Some(ElementKind::CountDifferent),
            "cupid" => Some(ElementKind::Cupid),
            "twin" | "isomorphic" | "isomorphictwin" => Some(ElementKind::Twins),
            "max" => Some(ElementKind::Maximum),
            "regionsum" | "zipper" | "entropic" | "modular" | "between" | "parity" | "nabner"
            | "lockout" => ElementKind::parse(&format!("{k} line")),
            _ => ElementKind::ALL
                .into_iter()
                .find(|kind| squeeze(kind.name()) == k),
        };
        // The word itself, then without a plural's "s" or "es".
        let singular = [
            Some(key.as_str()),
            key.strip_suffix('s'),
            key.strip_suffix("es"),
        ];
        singular
            .into_iter()
            .flatten()
            .filter(|k| !k.is_empty())
            .find_map(alias)
    }
}

impl std::fmt::Display for ElementKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The "all are given" rules: orthogonal neighbours without a mark may not
/// satisfy the mark's relation. A pair with a kropki dot of either colour is
/// free of both kropki negatives, and one with an X or V of both XV negatives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Negative {
    /// No neighbours without a dot differ by 1.
    pub white: bool,
    /// No neighbours without a dot have one digit twice the other.
    pub black: bool,
    /// No neighbours without an X or V add up to 10.
    pub x: bool,
    /// No neighbours without an X or V add up to 5.
    pub v: bool,
}

impl Negative {
    /// Whether any of the four holds.
    pub fn any(self) -> bool {
        self.white || self.black || self.x || self.v
    }
}

/// Why an element does not fit the grid.
pub(crate) type Misfit = String;

impl Element {
    /// The kind's name, as in variant names and errors (`thermometer`,
    /// `white dot`); see [`ElementKind::name`].
    pub fn kind(&self) -> &'static str {
        ElementKind::of(self).name()
    }

    /// Every grid cell the element constrains, in its own order (a line
    /// from its start, an outside clue's row or diagonal from the clue, an
    /// arrow's circle then its line, a clone's two shapes one after the other).
    pub fn cells(&self, size: usize) -> Vec<usize> {
        match self {
            Element::Thermometer { cells, .. }
            | Element::Whisper { cells, .. }
            | Element::Renban { cells }
            | Element::Palindrome { cells }
            | Element::Between { cells }
            | Element::RegionSum { cells }
            | Element::Zipper { cells }
            | Element::Entropic { cells }
            | Element::Modular { cells }
            | Element::ParityLine { cells }
            | Element::Nabner { cells }
            | Element::Lockout { cells, .. }
            | Element::CountingCircles { cells }
            | Element::CountDifferent { cells, .. }
            | Element::Quadruple { cells, .. } => cells.clone(),
            Element::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
            Element::Clone { cells, copy } | Element::Twins { cells, twin: copy } => {
                cells.iter().chain(copy).copied().collect()
            }
            Element::Cupid { cell, cells } => std::iter::once(cell).chain(cells).copied().collect(),
            Element::Kropki { cells, .. }
            | Element::Xv { cells, .. }
            | Element::GreaterThan { cells }
            | Element::Product { cells, .. } => cells.to_vec(),
            Element::Extremum { cell, .. } | Element::Indexer { cell, .. } => vec![*cell],
            Element::LittleKiller {
                clue, direction, ..
            } => diagonal_from(size, *clue, *direction),
            Element::Sandwich { clue, .. }
            | Element::XSum { clue, .. }
            | Element::Skyscraper { clue, .. }
            | Element::FrameSum { clue, .. }
            | Element::FirstOfOneTwoThree { clue, .. } => clue.line(size).unwrap_or_default(),
        }
    }

    /// Whether the element fits an N×N grid; the reason when it does not.
    pub(crate) fn misfit(&self, size: usize) -> Option<Misfit> {
        let n = size as u64;
        let cells = self.cells(size);
        if let Some(&c) = cells.iter().find(|&&c| c >= size * size) {
            return Some(format!("cell {c} is outside the {size}×{size} grid"));
        }
        let repeated = |list: &[usize]| {
            let mut seen = std::collections::BTreeSet::new();
            list.iter()
                .find(|&&c| !seen.insert(c))
                .map(|&c| format!("{} is listed twice", cell_name(size, c)))
        };
        let line_at_least = |list: &[usize], k: usize| {
            (list.len() < k).then(|| format!("{} cells, expected at least {k}", list.len()))
        };
        let in_range = |what: &str, v: u64, lo: u64, hi: u64| {
            (!(lo..=hi).contains(&v))
                .then(|| format!("{what} {v} is impossible (expected {lo} to {hi})"))
        };
        match self {
            Element::Thermometer { cells, slow } => line_at_least(cells, 2)
                .or_else(|| repeated(cells))
                .or_else(|| {
                    (!slow && cells.len() > size).then(|| {
                        format!(
                            "{} cells cannot hold strictly increasing digits from 1 to {size}",
                            cells.len()
                        )
                    })
                }),
            Element::Arrow { circle, line } => {
                if !(1..=3).contains(&circle.len()) {
                    return Some(format!(
                        "a circle of {} cells, expected 1 to 3",
                        circle.len()
                    ));
                }
                line_at_least(line, 1).or_else(|| repeated(&cells)).or_else(|| {
                    // The line adds up to at most len·N; the circle reads at least 1.
                    let most = line.len() as u64 * n;
                    let least = 10u64.pow(circle.len() as u32 - 1);
                    (least > most).then(|| {
                        format!(
                            "a {}-cell circle reads at least {least}, more than the {} line cells can add up to",
                            circle.len(),
                            line.len()
                        )
                    })
                })
            }
            Element::LittleKiller { clue, sum, .. } => {
                if !clue.is_outside(size) {
                    return Some(format!("{} is not outside the grid", clue.name()));
                }
                if cells.is_empty() {
                    return Some(format!("the diagonal from {} misses the grid", clue.name()));
                }
                let k = cells.len() as u64;
                in_range("sum", u64::from(*sum), k, k * n)
            }
            Element::Sandwich { clue, sum } => {
                if cells.is_empty() {
                    return Some(format!("{} is not beside a row or column", clue.name()));
                }
                if size < 2 {
                    return Some("needs a 1 and a different largest digit".to_owned());
                }
                // Between the 1 and the N: none of the others, up to all of them.
                in_range("sum", u64::from(*sum), 0, n * (n + 1) / 2 - 1 - n)
            }
            Element::XSum { clue, sum } => {
                if cells.is_empty() {
                    return Some(format!("{} is not beside a row or column", clue.name()));
                }
                in_range("sum", u64::from(*sum), 1, n * (n + 1) / 2)
            }
            Element::Skyscraper { clue, count } => {
                if cells.is_empty() {
                    return Some(format!("{} is not beside a row or column", clue.name()));
                }
                in_range("count", u64::from(*count), 1, n)
            }
            Element::Kropki { cells, value, dot } => repeated(cells).or_else(|| match dot {
                Dot::White => in_range("difference", u64::from(*value), 1, n.saturating_sub(1)),
                Dot::Black => in_range("ratio", u64::from(*value), 2, n),
            }),
            Element::Xv { cells, sum } => {
                repeated(cells).or_else(|| in_range("sum", u64::from(*sum), 2, 2 * n))
            }
            Element::Whisper { cells, difference } => line_at_least(cells, 2)
                .or_else(|| repeated(cells))
                .or_else(|| in_range("difference", u64::from(*difference), 1, n.saturating_sub(1))),
            Element::Renban { cells } => line_at_least(cells, 1)
                .or_else(|| repeated(cells))
                .or_else(|| {
                    (cells.len() > size).then(|| {
                        format!(
                            "{} cells cannot hold different digits from 1 to {size}",
                            cells.len()
                        )
                    })
                }),
            Element::Palindrome { cells }
            | Element::Zipper { cells }
            | Element::RegionSum { cells } => line_at_least(cells, 2).or_else(|| repeated(cells)),
            Element::Between { cells } => line_at_least(cells, 2).or_else(|| repeated(cells)),
            Element::Entropic { cells } => line_at_least(cells, 1)
                .or_else(|| repeated(cells))
                .or_else(|| {
                    (!size.is_multiple_of(3))
                        .then(|| format!("needs a grid side divisible by 3, not {size}"))
                }),
            Element::Modular { cells } => line_at_least(cells, 1)
                .or_else(|| repeated(cells))
                .or_else(|| {
                    (size < 3).then(|| format!("needs a grid side of 3 or more, not {size}"))
                }),
            Element::Extremum { .. } | Element::Indexer { .. } => None,
            Element::GreaterThan { cells } => repeated(cells),
            Element::FirstOfOneTwoThree { clue, digit } => {
                if cells.is_empty() {
                    return Some(format!("{} is not beside a row or column", clue.name()));
                }
                if size < 3 {
                    return Some(format!("needs a grid side of 3 or more, not {size}"));
                }
                in_range("digit", u64::from(*digit), 1, 3)
            }
            Element::CountingCircles { cells } => {
                line_at_least(cells, 1).or_else(|| repeated(cells))
            }
            Element::Cupid { cells: pointed, .. } => {
                line_at_least(pointed, 1).or_else(|| repeated(&cells))
            }
            Element::CountDifferent { cells, count } => line_at_least(cells, 1)
                .or_else(|| repeated(cells))
                .or_else(|| {
                    let most = cells.len().min(size) as u64;
                    in_range("count", u64::from(*count), 1, most)
                }),
            // Its depth, and so its range, comes with the boxes (`Layout::frame_depth`).
            Element::FrameSum { clue, .. } => cells
                .is_empty()
                .then(|| format!("{} is not beside a row or column", clue.name())),
            Element::ParityLine { cells } => line_at_least(cells, 2).or_else(|| repeated(cells)),
            Element::Nabner { cells } => line_at_least(cells, 2)
                .or_else(|| repeated(cells))
                .or_else(|| {
                    let most = size.div_ceil(2);
                    (cells.len() > most).then(|| {
                        format!(
                            "{} cells cannot hold digits from 1 to {size} no two of them equal or consecutive (at most {most})",
                            cells.len()
                        )
                    })
                }),
            Element::Lockout { cells, difference } => line_at_least(cells, 2)
                .or_else(|| repeated(cells))
                .or_else(|| in_range("difference", u64::from(*difference), 1, n.saturating_sub(1))),
            Element::Product { cells, product } => repeated(cells).or_else(|| {
                let p = u64::from(*product);
                let made = (1..=n).any(|x| p % x == 0 && (1..=n).contains(&(p / x)));
                (!made).then(|| {
                    format!("product {product}: no two digits from 1 to {size} multiply to it")
                })
            }),
            Element::Quadruple { cells, digits } => {
                if !(1..=4).contains(&cells.len()) {
                    return Some(format!("{} cells, expected 1 to 4", cells.len()));
                }
                if digits.len() > cells.len() {
                    return Some(format!(
                        "{} digits cannot all appear in {} cells",
                        digits.len(),
                        cells.len()
                    ));
                }
                repeated(cells).or_else(|| {
                    digits
                        .iter()
                        .find(|&&d| d == 0 || usize::from(d) > size)
                        .map(|d| format!("digit {d} is not one of 1 to {size}"))
                })
            }
            Element::Clone { cells, copy } | Element::Twins { cells, twin: copy } => {
                if cells.len() != copy.len() {
                    return Some(format!(
                        "the shapes have {} and {} cells, expected as many",
                        cells.len(),
                        copy.len()
                    ));
                }
                // Twins of one cell each say nothing.
                let least = if matches!(self, Element::Twins { .. }) { 2 } else { 1 };
                line_at_least(cells, least)
                    .or_else(|| repeated(cells))
                    .or_else(|| repeated(copy))
            }
        }
    }
}

/// The cells on the diagonal from an outside position, in its direction.
fn diagonal_from(size: usize, clue: Outside, direction: Direction) -> Vec<usize> {
    let (dr, dc) = direction.step();
    let n = size as isize;
    let (mut r, mut c) = (clue.row as isize - 1 + dr, clue.col as isize - 1 + dc);
    let mut cells = Vec::new();
    while (0..n).contains(&r) && (0..n).contains(&c) {
        cells.push((r * n + c) as usize);
        r += dr;
        c += dc;
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: usize, cells: &[usize]) -> Vec<String> {
        cells.iter().map(|&c| cell_name(size, c)).collect()
    }

    #[test]
    fn outside_clues_look_inwards() {
        let top = Outside::parse(4, "r0c2").unwrap();
        assert_eq!(
            names(4, &top.line(4).unwrap()),
            ["r1c2", "r2c2", "r3c2", "r4c2"]
        );
        let right = Outside::parse(4, "r3c5").unwrap();
        assert_eq!(
            names(4, &right.line(4).unwrap()),
            ["r3c4", "r3c3", "r3c2", "r3c1"]
        );
        let bottom = Outside::parse(4, "r5c1").unwrap();
        assert_eq!(names(4, &bottom.line(4).unwrap())[0], "r4c1");
        assert_eq!(Outside::parse(4, "r0c0").unwrap().line(4), None);
        assert_eq!(Outside::parse(4, "r2c2"), None);
        assert_eq!(Outside::parse(4, "r6c1"), None);
    }

    #[test]
    fn little_killer_diagonals() {
        let lk = |clue: &str, direction| Element::LittleKiller {
            clue: Outside::parse(4, clue).unwrap(),
            direction,
            sum: 4,
        };
        let cells = lk("r0c0", Direction::DownRight).cells(4);
        assert_eq!(names(4, &cells), ["r1c1", "r2c2", "r3c3", "r4c4"]);
        let cells = lk("r5c2", Direction::UpRight).cells(4);
        assert_eq!(names(4, &cells), ["r4c3", "r3c4"]);
        let cells = lk("r2c5", Direction::DownLeft).cells(4);
        assert_eq!(names(4, &cells), ["r3c4", "r4c3"]);
        assert!(lk("r0c4", Direction::UpLeft).cells(4).is_empty());
    }

    #[test]
    fn misfits_say_what_is_wrong() {
        let misfit = |e: Element| e.misfit(9);
        assert_eq!(
            misfit(Element::Renban {
                cells: vec![0, 1, 0]
            })
            .unwrap(),
            "r1c1 is listed twice"
        );
        assert_eq!(
            misfit(Element::Palindrome { cells: vec![0, 81] }).unwrap(),
            "cell 81 is outside the 9×9 grid"
        );
        let sandwich = Element::Sandwich {
            clue: Outside { row: 0, col: 3 },
            sum: 36,
        };
        assert_eq!(
            misfit(sandwich).unwrap(),
            "sum 36 is impossible (expected 0 to 35)"
        );
        let arrow = Element::Arrow {
            circle: vec![0, 1, 2],
            line: vec![9, 10],
        };
        assert!(misfit(arrow).unwrap().contains("reads at least 100"));
        let whisper = Element::Whisper {
            cells: vec![0, 1],
            difference: 9,
        };
        assert_eq!(
            misfit(whisper).unwrap(),
            "difference 9 is impossible (expected 1 to 8)"
        );
        assert_eq!(
            Element::Entropic { cells: vec![0, 1] }.misfit(4).unwrap(),
            "needs a grid side divisible by 3, not 4"
        );
        assert!(
            misfit(Element::Thermometer {
                cells: (0..9).collect(),
                slow: false
            })
            .is_none()
        );
    }
}
