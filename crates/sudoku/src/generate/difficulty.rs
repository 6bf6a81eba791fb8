//! Difficulty levels by search effort — a stand-in until the human-style
//! grader (issue 6) can rate puzzles by the techniques they need.
//!
//! The effort of a puzzle is the number of search nodes the engine needs to
//! find its solution with seed 001's kind of search: all_different
//! constraints that propagate singletons (forward checking), the cell with
//! the fewest candidates first, the smallest digit first. The bands are set
//! on classic 9×9 minimal puzzles, where the median effort is about 33
//! nodes and the 90th percentile about 190 (`fdoku study variants`); on other
//! sizes and variants the same numbers mean something different.
//!
//! ```
//! use fdoku_sudoku::generate::Difficulty;
//!
//! assert_eq!(Difficulty::of_effort(5), Difficulty::Easy);
//! assert_eq!(Difficulty::of_effort(1000), Difficulty::Expert);
//! assert_eq!("hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
//! ```

use std::fmt;
use std::str::FromStr;

use fdoku_fd::{Budget, SearchConfig, Strength, ValOrder, VarOrder};

use crate::puzzle::Puzzle;
use crate::solve::{EngineChoice, Goal, SolveOptions, solve};

/// A difficulty level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// At most 20 nodes.
    Easy,
    /// 21 to 60 nodes.
    Medium,
    /// 61 to 250 nodes.
    Hard,
    /// More than 250 nodes.
    Expert,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }

    /// The level of a puzzle that takes `nodes` of effort.
    pub fn of_effort(nodes: u64) -> Difficulty {
        match nodes {
            0..=20 => Difficulty::Easy,
            21..=60 => Difficulty::Medium,
            61..=250 => Difficulty::Hard,
            _ => Difficulty::Expert,
        }
    }
}

/// The search effort of `puzzle` (see the module's text), at most
/// `node_limit`.
pub fn effort(puzzle: &Puzzle, node_limit: u64) -> u64 {
    let options = SolveOptions {
        engine: EngineChoice::Fd,
        fd: SearchConfig {
            var_order: VarOrder::SmallestDomain,
            val_order: ValOrder::Min,
            alldiff: Some(Strength::Forward),
            ..SearchConfig::default()
        },
        budget: Budget::unlimited().with_node_limit(node_limit),
    };
    solve(puzzle, Goal::First, &options).stats.nodes
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| {
                format!("unknown difficulty '{s}'; expected easy, medium, hard or expert")
            })
    }
}
