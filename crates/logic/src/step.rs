//! A step of a human-style solution, as data: the technique, the pattern it
//! found (houses, cells and digits, links of a chain), and what follows
//! (eliminations, placements). The CLI, the grader, the web page and the
//! tests all read the same record; [`Step::text`] renders it as a sentence.
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

use super::grid::Grid;
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
    /// The houses of the pattern (indices into [`Grid::houses`]): the house of a
    /// single, the base sets of a fish, …
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

    /// The step as an English sentence with r1c1 names.
    pub fn text(&self, grid: &Grid) -> String {
        let name = self.technique.name();
        let houses = self
            .houses
            .iter()
            .map(|&h| grid.houses()[h].name())
            .collect::<Vec<_>>()
            .join(", ");
        let effect = effect_text(grid, &self.eliminations, &self.placements);
        if self.technique.is_single() {
            return match houses.is_empty() {
                true => format!("{name}: {effect}"),
                false => format!("{name} in {houses}: {effect}"),
            };
        }
        let mut text = name.to_owned();
        if let Some(form) = self.form {
            text.push_str(&format!(" ({form})"));
        }
        if !self.links.is_empty() {
            text.push(' ');
            text.push_str(&chain_text(grid, &self.links));
        } else {
            let digits = self.pattern_digits();
            if !digits.is_empty() {
                text.push_str(&format!(" {}", digit_set(&digits)));
            }
            let cells = self.pattern_cells();
            if !cells.is_empty() {
                text.push_str(&format!(" in {}", cell_list(grid, &cells)));
            }
            if !houses.is_empty() {
                text.push_str(&format!(" ({houses})"));
            }
        }
        if !self.extra.is_empty() {
            let mut cells: Vec<usize> = self.extra.iter().map(|c| c.cell).collect();
            cells.sort_unstable();
            cells.dedup();
            text.push_str(&format!(" with {}", cell_list(grid, &cells)));
        }
        format!("{text}: {effect}")
    }
}

/// `{3,7}`.
fn digit_set(digits: &[u8]) -> String {
    let list: Vec<String> = digits.iter().map(u8::to_string).collect();
    format!("{{{}}}", list.join(","))
}

/// `r4c2, r4c8`.
fn cell_list(grid: &Grid, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| grid.name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A node: `5r4c2` or `5r4c2|r4c3` for a group.
fn node_text(grid: &Grid, node: &Node) -> String {
    let cells: Vec<String> = node.cells.iter().map(|&c| grid.name(c)).collect();
    format!("{}{}", node.digit, cells.join("|"))
}

/// A chain in Eureka-like notation: `5r1c2 = 5r1c7 - 5r4c7 = …`; a link
/// that does not start where the previous one ended (the branches of a
/// forcing chain) starts a new segment after `; `.
fn chain_text(grid: &Grid, links: &[Link]) -> String {
    let mut text = String::new();
    for (i, link) in links.iter().enumerate() {
        if i == 0 || links[i - 1].to != link.from {
            if i > 0 {
                text.push_str("; ");
            }
            text.push_str(&node_text(grid, &link.from));
        }
        text.push_str(match link.kind {
            LinkKind::Strong => " = ",
            LinkKind::Weak => " - ",
        });
        text.push_str(&node_text(grid, &link.to));
    }
    text
}

/// `r4c2 = 5; remove 3, 7 from r4c1, r4c5; remove 2 from r5c5`.
fn effect_text(grid: &Grid, eliminations: &[Candidate], placements: &[Candidate]) -> String {
    let mut parts: Vec<String> = placements
        .iter()
        .map(|p| format!("{} = {}", grid.name(p.cell), p.digit))
        .collect();
    // Group cells by the set of digits they lose, in order of first appearance.
    let mut cells: Vec<usize> = eliminations.iter().map(|c| c.cell).collect();
    cells.sort_unstable();
    cells.dedup();
    let mut groups: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    for cell in cells {
        let mut digits: Vec<u8> = eliminations
            .iter()
            .filter(|c| c.cell == cell)
            .map(|c| c.digit)
            .collect();
        digits.sort_unstable();
        digits.dedup();
        match groups.iter_mut().find(|(d, _)| *d == digits) {
            Some((_, group)) => group.push(cell),
            None => groups.push((digits, vec![cell])),
        }
    }
    for (digits, cells) in groups {
        let list: Vec<String> = digits.iter().map(u8::to_string).collect();
        parts.push(format!(
            "remove {} from {}",
            list.join(", "),
            cell_list(grid, &cells)
        ));
    }
    if parts.is_empty() {
        "nothing follows".to_owned()
    } else {
        parts.join("; ")
    }
}
