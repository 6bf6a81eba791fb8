//! # fdoku-sudoku — Sudoku of every size and variant
//!
//! * [`Rules`] — the grid (4×4 … 25×25 and beyond), its boxes or jigsaw
//!   regions, and variants (diagonals, windoku, extra regions, killer cages,
//!   anti-knight, anti-king, non-consecutive, disjoint groups, odd/even
//!   cells), as data: every solver works on [`Rules::houses`] and the cell
//!   relations beside them;
//! * [`Element`] — the marks drawn on a variant grid (thermometers,
//!   arrows, kropki dots, little killers, sandwich clues, whispers, …),
//!   solved by the engine model;
//! * [`Puzzle`] — rules plus givens;
//! * [`format`](mod@format) — reading (line, block, Project Euler, `.sdm`, `.sdk`, JSON)
//!   and writing (line, block) puzzles, with positioned errors;
//! * [`solve`] — the bitmask solver and the engine model, cross-checked;
//! * [`multigrid`] — grids of several overlapping Sudokus (twodoku,
//!   samurai, …): layouts, reading, solving, checking, generating;
//! * [`generate`] — random grids and unique puzzles, minimal or to a clue
//!   count, with a chosen symmetry (graded generation, the human-style
//!   solver, explanations and grades are in the `fdoku-logic` crate);
//! * [`study`] — summaries of search effort over samples (the
//!   experiments `fdoku study` runs);
//! * [`check_solution`] — the independent checker.

mod cells;
mod check;
mod elements;
pub mod format;
pub mod generate;
pub mod multigrid;
mod puzzle;
mod rules;
pub mod solve;
pub mod study;

pub use check::{SolutionError, check_solution, element_holds};
pub use elements::{Direction, Dot, Element, ElementKind, Extremum, Indexer, Negative, Outside};
pub use puzzle::{Clash, GridLine, Puzzle, PuzzleError, char_digit, digit_char, grid_line};
pub use rules::{
    BOX_SHAPES, Cage, Diagonal, GlobalRule, House, HouseKind, Layout, MAX_SIZE, Parity, Rules,
    RulesError, cell_name, full_mask, parse_cell_name,
};
