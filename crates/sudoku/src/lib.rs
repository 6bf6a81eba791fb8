//! # fdoku-sudoku — Sudoku of every size and variant
//!
//! * [`Rules`] — the grid (4×4 … 25×25 and beyond), its boxes or jigsaw
//!   regions, and variants (diagonal, windoku, extra regions, killer cages),
//!   as data: every solver works on [`Rules::houses`];
//! * [`Puzzle`] — rules plus givens;
//! * [`format`](mod@format) — reading (line, block, Project Euler, `.sdm`, `.sdk`, JSON)
//!   and writing (line, block) puzzles, with positioned errors;
//! * [`solve`] — the bitmask solver and the engine model, cross-checked;
//! * [`generate`] — random grids and unique puzzles, minimal or to a clue
//!   count, with a chosen symmetry;
//! * [`logic`] — the logic solver: human techniques as finders, each step
//!   as data with an English sentence, the simplest-first path;
//! * [`rate`] — SE-style ER/EP/ED, HoDoKu-style score and level, fdoku's level;
//! * [`study`] — summaries of search effort over samples (the
//!   experiments `fdoku study` runs);
//! * [`check_solution`] — the independent checker.

/// The README's code blocks, compiled and run as doctests so that they
/// cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

mod check;
pub mod format;
pub mod generate;
pub mod logic;
mod puzzle;
pub mod rate;
mod rules;
pub mod solve;
pub mod study;

pub use check::{SolutionError, check_solution};
pub use puzzle::{Clash, Puzzle, PuzzleError, char_digit, digit_char, full_mask, grid_line};
pub use rules::{
    BOX_SHAPES, Cage, House, HouseKind, Layout, MAX_SIZE, Rules, RulesError, cell_name,
    parse_cell_name,
};
