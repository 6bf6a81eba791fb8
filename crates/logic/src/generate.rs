//! Puzzles of a chosen difficulty: a level of the logic grader, a
//! technique, or both.
//!
//! Candidates come from [`fdoku_sudoku::generate::generate`] ([`generate`])
//! or from any other generator — variant elements, killer cages, a jigsaw
//! layout ([`generate_graded`]) — each from its own seed drawn from the one
//! given; each is walked along HoDoKu's
//! simplest-first path ([`crate::grade::level_of`]) and kept when its fdoku
//! level (easy, medium, hard, expert, extreme) is the one asked for and,
//! with a technique, when the path uses it — so the puzzle cannot be
//! finished by easier techniques without it, which is what practising a
//! technique needs.
//!
//! ```
//! use fdoku_logic::generate::{Target, generate};
//! use fdoku_logic::Technique;
//! use fdoku_logic::grade::Level;
//! use fdoku_sudoku::Rules;
//!
//! let target = Target { level: Some(Level::Hard), technique: Some(Technique::XWing) };
//! assert!(target.accepts(Level::Hard, &[Technique::HiddenSingle, Technique::XWing]));
//! assert!(!target.accepts(Level::Hard, &[Technique::HiddenSingle]));
//! assert!(!target.accepts(Level::Expert, &[Technique::XWing]));
//! assert_eq!(target.to_string(), "hard puzzle needing X-wing");
//!
//! let easy = Target { level: Some(Level::Easy), technique: None };
//! let made = generate(&Rules::classic(9).unwrap(), &Default::default(), easy, 1000, 5).unwrap();
//! assert_eq!(made.grade.unwrap().level, Level::Easy);
//! ```

use std::fmt;

use fdoku_fd::Budget;
use fdoku_sudoku::Rules;
use fdoku_sudoku::generate::{GenerateError, Generated, Options};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use thiserror::Error;

use crate::Technique;
use crate::grade::{GradeError, Level, check_rules, level_of};

/// The level and/or technique a generated puzzle must have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// fdoku's level of the puzzle.
    pub level: Option<Level>,
    /// A technique its path must use.
    pub technique: Option<Technique>,
}

impl Target {
    /// Whether anything is asked for.
    pub fn is_set(&self) -> bool {
        self.level.is_some() || self.technique.is_some()
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
        Ok(())
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleLevel {
    /// fdoku's level.
    pub level: Level,
    /// The HoDoKu-style score.
    pub hodoku_score: u32,
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
    check_rules(rules)?;
    let make = |seed| fdoku_sudoku::generate::generate(rules, options, seed);
    generate_graded(make, target, attempts, seed, &options.budget)
}

/// A puzzle that `target` accepts among up to `attempts` candidates made by
/// `make`, each from its own seed drawn from `seed` — variant, killer or
/// jigsaw puzzles as well as classic ones (the same seed, the same puzzle).
/// Each candidate is walked along the logic solver's path, which takes the
/// variant constraints' own deductions; a candidate with an element the
/// solver has no logic for ends the search with
/// [`GradedError::Grade`]. `budget` bounds the whole search (`make`
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
        check_rules(generated.puzzle.rules())?;
        let walked = level_of(&generated.puzzle, &generated.solution, target.level, budget);
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
                }),
            });
        }
    }
    Err(GradedError::Target { target, attempts })
}
