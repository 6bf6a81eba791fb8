//! The two Sudoku-Explainer-style scales an ER / EP / ED rating can follow.
//!
//! * **classic** — Sudoku Explainer 1.2.1 ([`explainer_order`](crate::explainer_order)): the scale of
//!   the "hardest" lists.
//! * **sukaku** — SukakuExplainer 1.15's default technique set
//!   ([`sukaku_order`](crate::sukaku_order)): classic SE plus two strong links (skyscraper 4.0,
//!   2-string kite 4.1, turbot crane 4.2, grouped 4.3) after the hidden
//!   triple, three strong links (5.4–5.7) and the WXYZ-wing (5.5–5.6) after
//!   the hidden quad, and the VWXYZ-wing (6.2–6.4) after BUG. It is the scale
//!   of the largest public rated banks (the Sudoku Exchange puzzle bank).
//!
//! Both rate a path the same way: ER is its hardest step, EP the hardest up
//! to the first placement, ED the first step ([`se_rating`](crate::se_rating)).
//!
//! ```
//! use fdoku_logic::{explainer_order, sukaku_order, SeScale, Technique};
//!
//! let sukaku = sukaku_order();
//! let pos = |t| sukaku.iter().position(|&x| x == t).unwrap();
//! assert!(pos(Technique::HiddenTriple) < pos(Technique::TwoStrongLinks));
//! assert!(pos(Technique::TwoStrongLinks) < pos(Technique::XYWing));
//! assert!(pos(Technique::WxyzWing) < pos(Technique::BugPlusOne));
//! assert!(pos(Technique::VwxyzWing) < pos(Technique::AlignedPairExclusion));
//! assert_eq!(sukaku.len(), explainer_order().len() + 4);
//! assert_eq!(SeScale::from_name("sukaku"), Some(SeScale::Sukaku));
//! ```

use fdoku_fd::Budget;
use serde::{Deserialize, Serialize};

use crate::grade::{Grade, GradeError, Prepared, SeRating, SeTally, graded, se_rating, walk};
use crate::path::{PathOptions, Walk};
use crate::{PathOrder, sukaku_order};
use fdoku_sudoku::Puzzle;

/// Which Sudoku Explainer's scale an SE-style rating follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeScale {
    /// Sudoku Explainer 1.2.1.
    #[default]
    Classic,
    /// SukakuExplainer 1.15's default technique set.
    Sukaku,
}

impl SeScale {
    /// Both scales.
    pub const ALL: [SeScale; 2] = [SeScale::Classic, SeScale::Sukaku];

    /// Its name (`classic`, `sukaku`).
    pub fn name(self) -> &'static str {
        match self {
            SeScale::Classic => "classic",
            SeScale::Sukaku => "sukaku",
        }
    }

    /// The scale named `name`.
    pub fn from_name(name: &str) -> Option<SeScale> {
        SeScale::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The path whose steps it rates.
    pub fn order(self) -> PathOrder {
        match self {
            SeScale::Classic => PathOrder::Explainer,
            SeScale::Sukaku => PathOrder::Sukaku,
        }
    }
}

/// Grades `puzzle` like [`grade`](crate::grade::grade), with the SE-style
/// rating of `scale` too: the sukaku scale walks SukakuExplainer's path
/// besides the classic one ([`Grade::sukaku`]).
pub fn grade_on_scale(
    puzzle: &Puzzle,
    budget: &Budget,
    scale: SeScale,
) -> Result<Grade, GradeError> {
    let (mut grade, prepared) = graded(puzzle, budget)?;
    add_scale(&mut grade, puzzle, &prepared, scale, budget)?;
    Ok(grade)
}

/// Adds `scale`'s rating to `grade` where it is not there yet (the classic
/// one always is).
pub fn add_scale(
    grade: &mut Grade,
    puzzle: &Puzzle,
    prepared: &Prepared,
    scale: SeScale,
    budget: &Budget,
) -> Result<(), GradeError> {
    if scale == SeScale::Sukaku && grade.sukaku.is_none() {
        let steps = walk(puzzle, sukaku_order(), prepared, budget)?;
        grade.sukaku = Some(se_rating(puzzle, &steps));
    }
    Ok(())
}

/// The rating on `scale` of the path through `puzzle`, whose unique
/// `solution` is known (what the generator asks of each candidate). With a
/// `ceiling` (in tenths), the walk gives up (`None`) at the first step
/// rated above it; it gives up too when `budget`'s deadline passes or its
/// cancel flag is raised.
pub(crate) fn rating_within(
    puzzle: &Puzzle,
    solution: &[u8],
    scale: SeScale,
    ceiling: Option<u16>,
    budget: &Budget,
) -> Option<SeRating> {
    let options = PathOptions {
        techniques: scale.order().techniques(),
        unique: true,
        solution: Some(solution.to_vec()),
        budget: budget.clone(),
    };
    let mut walk = Walk::new(puzzle, &options);
    let mut tally = SeTally::new();
    while !walk.grid.is_solved() {
        let before = walk.grid.clone();
        let step = walk.take_step(&options)?;
        let er = tally.add(&step, &before);
        if ceiling.is_some_and(|most| er > most) {
            return None;
        }
    }
    Some(tally.rating())
}

impl PathOrder {
    /// The order to follow when SE-style ratings are given on `scale`:
    /// Sudoku Explainer's order on the sukaku scale is SukakuExplainer's.
    pub fn on_scale(self, scale: SeScale) -> PathOrder {
        match (self, scale) {
            (PathOrder::Explainer, SeScale::Sukaku) => PathOrder::Sukaku,
            (order, _) => order,
        }
    }
}

impl Grade {
    /// The SE-style rating on `scale` (`None` for sukaku when it was not
    /// asked for).
    pub fn se(&self, scale: SeScale) -> Option<SeRating> {
        match scale {
            SeScale::Classic => Some(SeRating {
                er: self.er,
                ep: self.ep,
                ed: self.ed,
                hardest: self.hardest,
                logic_only: self.explainer_logic_only,
            }),
            SeScale::Sukaku => self.sukaku,
        }
    }
}
