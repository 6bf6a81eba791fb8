//! What a generated puzzle must need: a level of the logic grader, a
//! technique, or both.
//!
//! Each candidate puzzle is walked along HoDoKu's simplest-first path
//! ([`crate::rate::level_of`]); it is kept when its fdoku level (easy,
//! medium, hard, expert, extreme) is the one asked for and, with a
//! technique, when the path uses it — so the puzzle cannot be finished by
//! easier techniques without it, which is what practising a technique needs.
//!
//! ```
//! use fdoku_sudoku::generate::Target;
//! use fdoku_sudoku::logic::Technique;
//! use fdoku_sudoku::rate::Level;
//!
//! let target = Target { level: Some(Level::Hard), technique: Some(Technique::XWing) };
//! assert!(target.accepts(Level::Hard, &[Technique::HiddenSingle, Technique::XWing]));
//! assert!(!target.accepts(Level::Hard, &[Technique::HiddenSingle]));
//! assert!(!target.accepts(Level::Expert, &[Technique::XWing]));
//! assert_eq!(target.to_string(), "hard puzzle needing X-wing");
//! ```

use std::fmt;

use crate::logic::Technique;
use crate::rate::Level;

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
