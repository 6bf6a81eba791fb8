//! Which variable to branch on, and which value to try first.
//!
//! * [`VarOrder::Input`] — the first unfixed variable in model order (plain
//!   `labelling`);
//! * [`VarOrder::SmallestDomain`] — fewest values left, "first fail" / MRV;
//!   ties go to the earlier variable;
//! * [`VarOrder::DomWdeg`] — smallest domain size divided by weighted degree:
//!   each variable starts with the number of constraints on it and gains 1
//!   each time it is blamed for a failure (Boussemart et al. 2004), so search
//!   turns to where the conflicts are. A propagator may name the variables
//!   behind its failure (all_different names the Hall set that could not be
//!   matched); otherwise all of its variables are blamed. The default.
//!
//! * [`ValOrder::Min`] / [`ValOrder::Max`] — smallest or largest value first;
//! * [`ValOrder::Random`] — a uniformly random value from a seeded
//!   Xoshiro256++ generator: the same seed gives the same search everywhere;
//! * [`ValOrder::MostPruning`] — the "value that prunes the most":
//!   each value is tried and propagated, and the one that removes the most
//!   values from other domains goes first (values that fail go last).

use serde::{Deserialize, Serialize};

/// How the next variable to branch on is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VarOrder {
    /// The first unfixed variable in order.
    Input,
    /// Fewest remaining values (MRV, first-fail).
    SmallestDomain,
    /// Smallest domain size / weighted degree (the default: fewest nodes
    /// measured on top95 Sudoku and 12-queens).
    #[default]
    DomWdeg,
}

/// Which value of the chosen variable is tried first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValOrder {
    /// The smallest value.
    #[default]
    Min,
    /// The largest value.
    Max,
    /// A random value (seeded).
    Random,
    /// The value whose propagation removes the most values.
    MostPruning,
    /// Domain bisection, lower half first: `x ≤ m`, then `x > m`, where `m`
    /// is the midpoint of the bounds rounded down (MiniZinc's
    /// `indomain_split`). The trace records assignments only, not halves.
    Split,
    /// Domain bisection, upper half first: `x > m`, then `x ≤ m`
    /// (MiniZinc's `indomain_reverse_split`).
    ReverseSplit,
}

impl VarOrder {
    /// Every variable order.
    pub const ALL: [VarOrder; 3] = [VarOrder::Input, VarOrder::SmallestDomain, VarOrder::DomWdeg];

    /// The name used on command lines.
    pub fn name(self) -> &'static str {
        match self {
            VarOrder::Input => "input",
            VarOrder::SmallestDomain => "smallest-domain",
            VarOrder::DomWdeg => "dom-wdeg",
        }
    }
}

impl ValOrder {
    /// Every value order.
    pub const ALL: [ValOrder; 6] = [
        ValOrder::Min,
        ValOrder::Max,
        ValOrder::Random,
        ValOrder::MostPruning,
        ValOrder::Split,
        ValOrder::ReverseSplit,
    ];

    /// The name used on command lines.
    pub fn name(self) -> &'static str {
        match self {
            ValOrder::Min => "min",
            ValOrder::Max => "max",
            ValOrder::Random => "random",
            ValOrder::MostPruning => "most-pruning",
            ValOrder::Split => "split",
            ValOrder::ReverseSplit => "reverse-split",
        }
    }
}

/// A number in `0..n` from 64 random bits, without modulo bias worth noting
/// (Lemire's multiply-shift).
pub(crate) fn below(random: u64, n: u64) -> u64 {
    ((u128::from(random) * u128::from(n)) >> 64) as u64
}

impl std::str::FromStr for VarOrder {
    type Err = String;

    /// Parses `input`, `smallest-domain` or `dom-wdeg`.
    fn from_str(s: &str) -> Result<Self, String> {
        VarOrder::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown variable order '{s}' (expected input, smallest-domain or dom-wdeg)"
                )
            })
    }
}

impl std::str::FromStr for ValOrder {
    type Err = String;

    /// Parses `min`, `max`, `random`, `most-pruning`, `split` or `reverse-split`.
    fn from_str(s: &str) -> Result<Self, String> {
        ValOrder::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown value order '{s}' \
                     (expected min, max, random, most-pruning, split or reverse-split)"
                )
            })
    }
}
