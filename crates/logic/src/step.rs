//! A step of a human-style solution, as data: the technique, the pattern it
//! found (houses, cells and digits, links of a chain), and what follows
//! (eliminations, placements). The CLI, the grader, the web page and the
//! tests all read the same record; [`Step::text`] renders it as a sentence
//! (in `sentence`).
//!
//! ```
//! use fdoku_logic::{Candidate, Grid, Step, Technique};
//! use fdoku_sudoku::Rules;
//!
//! let grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! let mut step = Step::new(Technique::NakedPair);
//! step.houses = vec![3]; // row 4
//! step.pattern = vec![Candidate::new(28, 3), Candidate::new(28, 7), Candidate::new(34, 3), Candidate::new(34, 7)];
//! step.eliminations = vec![Candidate::new(27, 3), Candidate::new(27, 7), Candidate::new(31, 7)];
//! assert_eq!(
//!     step.text(&grid),
//!     "Naked pair {3,7} in r4c2, r4c8 (row 4): remove 3, 7 from r4c1; remove 7 from r4c5"
//! );
//! ```

use std::ops::ControlFlow;

use serde::Serialize;

use super::technique::Technique;

/// Where a finder sends each step it finds; `Break` stops the search.
pub type Found<'a> = dyn FnMut(Step) -> ControlFlow<()> + 'a;

/// One candidate: a digit in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Candidate {
    /// The cell index (row-major from 0).
    pub cell: usize,
    /// The digit, from 1.
    pub digit: u8,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    pub fn new(cell: usize, digit: u8) -> Self {
        Candidate { cell, digit }
    }
}

/// A chain node: one digit in one cell, or in a group of cells of one house
/// (grouped chains), or in an almost locked set.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Node {
    /// The cells.
    pub cells: Vec<usize>,
    /// The digit.
    pub digit: u8,
}

/// Strong: at least one end is true. Weak: at most one end is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// At least one end is true ("if not A then B").
    Strong,
    /// At most one end is true ("if A then not B").
    Weak,
}

/// A link of a chain, from one node to the next.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Link {
    /// Where the link starts.
    pub from: Node,
    /// Where it ends.
    pub to: Node,
    /// Its kind.
    pub kind: LinkKind,
}

/// One deduction.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The houses of the pattern (indices into
    /// [`Grid::houses`](crate::Grid::houses)): the house of a single, the
    /// base sets of a fish, …
    pub houses: Vec<usize>,
    /// The candidates forming the pattern.
    pub pattern: Vec<Candidate>,
    /// Secondary candidates of the pattern: fins, the second colour, the
    /// almost locked sets' other digits, …
    pub extra: Vec<Candidate>,
    /// The links of a chain or loop, in order.
    pub links: Vec<Link>,
    /// The candidates removed.
    pub eliminations: Vec<Candidate>,
    /// The digits placed.
    pub placements: Vec<Candidate>,
    /// The technique's form, when it has several ("contradiction", "cell",
    /// "X-cycle", …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<&'static str>,
    /// Sudoku Explainer's rating in tenths, for the techniques whose finder
    /// works it out (SE's chaining techniques, rated by the size of their
    /// chains).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explainer_rating: Option<u16>,
    /// The variant elements behind a constraint's own deduction (indices
    /// into [`Rules::elements`](fdoku_sudoku::Rules::elements)).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub elements: Vec<usize>,
    /// A constraint's own deduction in words, naming the rule or element:
    /// `thermometer 1 (r1c1–r1c5): r1c3 is 3rd from the bulb, so at least 3`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Step {
    /// An empty step of `technique`, to be filled by its finder.
    pub fn new(technique: Technique) -> Self {
        Step {
            technique,
            houses: Vec::new(),
            pattern: Vec::new(),
            extra: Vec::new(),
            links: Vec::new(),
            eliminations: Vec::new(),
            placements: Vec::new(),
            form: None,
            explainer_rating: None,
            elements: Vec::new(),
            reason: None,
        }
    }

    /// A step placing `digit` in `cell`.
    pub fn placing(technique: Technique, cell: usize, digit: u8) -> Self {
        let mut step = Step::new(technique);
        step.placements.push(Candidate::new(cell, digit));
        step
    }

    /// The pattern's cells, ascending, without repeats.
    pub fn pattern_cells(&self) -> Vec<usize> {
        let mut cells: Vec<usize> = self.pattern.iter().map(|c| c.cell).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The pattern's digits, ascending, without repeats.
    pub fn pattern_digits(&self) -> Vec<u8> {
        let mut digits: Vec<u8> = self.pattern.iter().map(|c| c.digit).collect();
        digits.sort_unstable();
        digits.dedup();
        digits
    }

    /// The number of links of its chain (0 for patterns without one).
    pub fn chain_length(&self) -> usize {
        self.links.len()
    }
}
