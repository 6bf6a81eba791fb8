//! Puzzles of a chosen difficulty: a level of the logic grader, a
//! technique, an SE-style rating, or any of them together.
//!
//! Candidates come from [`fdoku_sudoku::generate::generate`] ([`generate`])
//! or from any other generator — variant elements, killer cages, a jigsaw
//! layout ([`generate_graded`]) — each from its own seed drawn from the one
//! given. With a rating range, each is first walked along Sudoku
//! Explainer's path on the scale asked ([`RatingRange`]), given up at the
//! first step rated above the range, and kept when its ER lies in it. Then
//! it is walked along HoDoKu's simplest-first path
//! ([`crate::grade::level_of`]) and kept when its fdoku level (easy,
//! medium, hard, expert, extreme) is the one asked for and, with a
//! technique, when the path uses it — so the puzzle cannot be finished by
//! easier techniques without it, which is what practising a technique
//! needs.
//!
//! ```
//! use fdoku_logic::generate::{RatingRange, Target, generate};
//! use fdoku_logic::{SeScale, Technique};
//! use fdoku_logic::grade::Level;
//! use fdoku_sudoku::Rules;
//!
//! let target = Target { level: Some(Level::Hard), technique: Some(Technique::XWing), rating: None };
//! assert!(target.accepts(Level::Hard, &[Technique::HiddenSingle, Technique::XWing]));
//! assert!(!target.accepts(Level::Hard, &[Technique::HiddenSingle]));
//! assert!(!target.accepts(Level::Expert, &[Technique::XWing]));
//! assert_eq!(target.to_string(), "hard puzzle needing X-wing");
//!
//! let easy = Target { level: Some(Level::Easy), ..Target::default() };
//! let made = generate(&Rules::classic(9).unwrap(), &Default::default(), easy, 1000, 5).unwrap();
//! assert_eq!(made.grade.unwrap().level, Level::Easy);
//!
//! let range = RatingRange::parse("2.0-3.4", SeScale::Classic).unwrap();
//! let rated = Target { rating: Some(range), ..Target::default() };
//! assert_eq!(rated.to_string(), "puzzle rated ER 2.0–3.4 (classic)");
//! let made = generate(&Rules::classic(9).unwrap(), &Default::default(), rated, 1000, 5).unwrap();
//! let er = made.grade.unwrap().se.unwrap().er;
//! assert!((2.0..=3.4).contains(&er));
//! ```

use std::fmt;

use fdoku_fd::Budget;
use fdoku_sudoku::Rules;
use fdoku_sudoku::generate::{GenerateError, Generated, Options};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use thiserror::Error;

use crate::grade::{GradeError, Level, SeRating, level_of};
use crate::se_scale::rating_within;
use crate::{SeScale, Technique};

/// The level, technique and/or rating a generated puzzle must have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// fdoku's level of the puzzle.
    pub level: Option<Level>,
    /// A technique its path must use.
    pub technique: Option<Technique>,
    /// The range its SE-style ER must lie in.
    pub rating: Option<RatingRange>,
}

impl Target {
    /// Whether anything is asked for.
    pub fn is_set(&self) -> bool {
        self.level.is_some() || self.technique.is_some() || self.rating.is_some()
    }

    /// Whether a puzzle of `level` whose path uses `used` qualifies.
    pub fn accepts(&self, level: Level, used: &[Technique]) -> bool {
        self.level.is_none_or(|wanted| wanted == level)
            && self.technique.is_none_or(|wanted| used.contains(&wanted))
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level {
            Some(level) => write!(f, "{} puzzle", level.name())?,
            None => f.write_str("puzzle")?,
        }
        if let Some(technique) = self.technique {
            write!(f, " needing {}", technique.name())?;
        }
        if let Some(rating) = self.rating {
            write!(f, " rated {rating}")?;
        }
        Ok(())
    }
}

/// A range of SE-style ratings (ER) on one scale, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingRange {
    /// Whose scale.
    pub scale: SeScale,
    /// The lowest ER, in tenths.
    pub min: u16,
    /// The highest ER, in tenths.
    pub max: u16,
}

/// The highest ER any path can have (a guess: SE's 10.0 would be shown as
/// backtracking); `9.0-` reaches it.
const HIGHEST_TENTHS: u16 = 200;

impl RatingRange {
    /// Reads `7.2` (exactly), `7.0-8.5` (both included) or `9.0-` (at
    /// least), ratings with at most one decimal between 1.0 and 20.0.
    pub fn parse(text: &str, scale: SeScale) -> Result<RatingRange, String> {
        let tenths = |part: &str| -> Result<u16, String> {
            let part = part.trim();
            let value: f64 = part
                .parse()
                .map_err(|_| format!("{part:?} is not a rating like 7.2"))?;
            let tenths = (value * 10.0).round();
            if (tenths - value * 10.0).abs() > 1e-6 {
                return Err(format!(
                    "{part:?} has more than one decimal (SE rates in tenths)"
                ));
            }
            if !(10.0..=f64::from(HIGHEST_TENTHS)).contains(&tenths) {
                return Err(format!("{part:?} is outside 1.0–20.0"));
            }
            Ok(tenths as u16)
        };
        let (min, max) = match text.split_once('-') {
            None => (tenths(text)?, tenths(text)?),
            Some((low, high)) if high.trim().is_empty() => (tenths(low)?, HIGHEST_TENTHS),
            Some((low, high)) => (tenths(low)?, tenths(high)?),
        };
        if min > max {
            return Err(format!("{text:?}: the lower end is above the upper one"));
        }
        Ok(RatingRange { scale, min, max })
    }

    /// Whether `er` (in tenths) lies in the range.
    pub fn contains(&self, er: u16) -> bool {
        (self.min..=self.max).contains(&er)
    }
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rating = |t: u16| format!("{}.{}", t / 10, t % 10);
        match (self.min == self.max, self.max == HIGHEST_TENTHS) {
            (true, _) => write!(f, "ER {}", rating(self.min))?,
            (false, true) => write!(f, "ER {} or more", rating(self.min))?,
            (false, false) => write!(f, "ER {}–{}", rating(self.min), rating(self.max))?,
        }
        write!(f, " ({})", self.scale.name())
    }
}

/// A generated puzzle, with its grade when a target asked for one.
#[derive(Clone, Debug)]
pub struct GradedPuzzle {
    /// The puzzle, its solution and the uniqueness checks it took.
    pub generated: Generated,
    /// Its level and score (with a target set).
    pub grade: Option<PuzzleLevel>,
}

/// The level the grader gave a generated puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleLevel {
    /// fdoku's level.
    pub level: Level,
    /// The HoDoKu-style score.
    pub hodoku_score: u32,
    /// The SE-style rating on the target's scale, when a rating range was
    /// asked for.
    pub se: Option<SeRating>,
}

/// Why no puzzle of the target came out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GradedError {
    /// A candidate could not be made.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// A level or technique asked for rules the grader does not take.
    #[error(transparent)]
    Grade(#[from] GradeError),
    /// None of the candidates tried had the level or technique asked for:
    /// the search stopped at its limit of candidates.
    #[error("no {target} in {attempts} candidates (try more --attempts)")]
    Target {
        /// What was asked for.
        target: Target,
        /// Candidates tried.
        attempts: u32,
    },
}

/// Grid searches that may run out of nodes, one after another, before the
/// rules are taken to have no grid within reach.
const GRID_TRIES: u32 = 8;

/// A puzzle of `rules` that `target` accepts, from up to `attempts`
/// candidates drawn from `seed` (the same seed, the same puzzle). With no
/// target set, [`fdoku_sudoku::generate::generate`]'s puzzle for `seed`,
/// ungraded.
pub fn generate(
    rules: &Rules,
    options: &Options,
    target: Target,
    attempts: u32,
    seed: u64,
) -> Result<GradedPuzzle, GradedError> {
    if !target.is_set() {
        let generated = fdoku_sudoku::generate::generate(rules, options, seed)?;
        return Ok(GradedPuzzle {
            generated,
            grade: None,
        });
    }
    let make = |seed| fdoku_sudoku::generate::generate(rules, options, seed);
    generate_graded(make, target, attempts, seed, &options.budget)
}

/// A puzzle that `target` accepts among up to `attempts` candidates made by
/// `make`, each from its own seed drawn from `seed` — variant, killer or
/// jigsaw puzzles as well as classic ones (the same seed, the same puzzle).
/// Each candidate is walked along the logic solver's path, which takes the
/// variant constraints' own deductions. `budget` bounds the whole search (`make`
/// carries its own for each candidate): when it runs out the search stops
/// with [`GenerateError::Stopped`].
pub fn generate_graded(
    mut make: impl FnMut(u64) -> Result<Generated, GenerateError>,
    target: Target,
    attempts: u32,
    seed: u64,
    budget: &Budget,
) -> Result<GradedPuzzle, GradedError> {
    let mut seeds = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut grids_found = false;
    for tried in 0..attempts {
        if let Some(reason) = budget.out_of_time() {
            return Err(GenerateError::Stopped(reason).into());
        }
        let generated = match make(seeds.next_u64()) {
            Ok(generated) => generated,
            // A grid search that ran out of nodes (on some jigsaw layouts,
            // some seeds do) spends one candidate; rules whose first few
            // searches all run out have no grid within reach.
            Err(GenerateError::NoGrid { .. }) if grids_found || tried + 1 < GRID_TRIES => continue,
            Err(e) => return Err(e.into()),
        };
        grids_found = true;
        let (puzzle, solution) = (&generated.puzzle, &generated.solution);
        let se = match target.rating {
            Some(range) => {
                match rating_within(puzzle, solution, range.scale, Some(range.max), budget) {
                    Some(se) if range.contains((se.er * 10.0).round() as u16) => Some(se),
                    // Below the range, past it, or stopped by the budget.
                    _ => match budget.out_of_time() {
                        Some(reason) => return Err(GenerateError::Stopped(reason).into()),
                        None => continue,
                    },
                }
            }
            None => None,
        };
        let walked = level_of(puzzle, solution, target.level, budget);
        // Past the level asked for, or stopped by the budget.
        let Some(found) = walked else {
            if let Some(reason) = budget.out_of_time() {
                return Err(GenerateError::Stopped(reason).into());
            }
            continue;
        };
        if target.accepts(found.level, &found.techniques) {
            return Ok(GradedPuzzle {
                generated,
                grade: Some(PuzzleLevel {
                    level: found.level,
                    hodoku_score: found.hodoku_score,
                    se,
                }),
            });
        }
    }
    Err(GradedError::Target { target, attempts })
}
