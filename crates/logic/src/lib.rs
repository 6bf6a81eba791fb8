//! # fdoku-logic — Sudoku solved the way people do
//!
//! One named deduction at a time, for every size and variant of
//! [`fdoku_sudoku`]'s rules:
//!
//! * [`Grid`] — placed digits and pencil marks, with the geometry (houses,
//!   peers) every finder needs;
//! * [`Technique`] — the techniques, each with a finder that reports every
//!   instance in a grid as a [`Step`];
//! * [`Step`] — one deduction as data (pattern, links, eliminations,
//!   placements), rendered to English by [`Step::text`];
//! * [`solve_path`] — the simplest-first path through a puzzle, which the
//!   grader rates;
//! * [`grade`](mod@grade) — SE-style ER/EP/ED, HoDoKu-style score and level,
//!   fdoku's level;
//! * [`explain`](mod@explain) — the whole path with sentences, ratings and
//!   the grade, as the front-ends show it;
//! * [`hint`](mod@hint) — the next step from where a player stands, or the
//!   player's wrong digits;
//! * [`generate`] — puzzles of a chosen level or needing a technique, on top
//!   of [`fdoku_sudoku::generate`].
//!
//! ```
//! use fdoku_logic::{solve_path, PathOptions, Technique};
//! use fdoku_sudoku::{Rules, format::parse_line};
//!
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let puzzle = parse_line(line, &Rules::classic(9).unwrap()).unwrap();
//! let path = solve_path(&puzzle, &PathOptions::default());
//! assert!(path.solved);
//! assert!(path.steps.iter().all(|s| s.technique.is_single()));
//! ```

/// The README's code blocks, compiled and run as doctests so that they
/// cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

pub mod explain;
pub mod generate;
pub mod grade;
pub mod hint;

mod als;
mod als_chain;
mod als_wings;
mod barren;
mod budget;
mod cages;
mod cellset;
mod chains;
mod coloring;
mod combinations;
mod direct;
mod duals;
mod exclusion;
mod explainer;
mod finders;
mod fish;
mod forcing;
mod franken;
mod grid;
mod hodoku;
mod implications;
mod intersections;
mod order;
mod path;
mod relations;
mod se_scale;
mod sentence;
mod single_digit;
mod singles;
mod step;
mod strong_links;
mod subsets;
mod sue_de_coq;
mod technique;
mod unforced;
mod uniqueness;
mod variants;
mod wings;

pub use cellset::CellSet;
pub use combinations::for_each_combination;
pub use grade::{SeRating, se_rating};
pub use grid::{Geometry, Grid, bit, digits_of};
pub use order::{PathOrder, explainer_order, hodoku_order, sukaku_order};
pub use path::{Path, PathOptions, next_step, solve_path};
pub use se_scale::{SeScale, add_scale, grade_on_scale};
pub use step::{Candidate, Found, Link, LinkKind, Node, Step};
pub use technique::{HodokuLevel, Technique};
