//! # fdoku-models — classic constraint problems on the fdoku engine
//!
//! Each module turns a problem into an [`fdoku_fd::Model`] and a solution back
//! into the problem's terms:
//!
//! * [`queens`] — N queens on an N×N board, three `all_different`s;
//! * [`coloring`] — map colouring from a JSON map (e.g. Australia);
//! * [`features`] — feature models from JSON (e.g. a mobile phone);
//! * [`sudoku9`] — the plain 9×9 Sudoku model: 81 variables, 27 `all_different`s.
//!
//! ```
//! use fdoku_fd::{Solver, Strength};
//! use fdoku_models::queens::Queens;
//!
//! let queens = Queens::new(8, Strength::Forward);
//! assert_eq!(Solver::new(&queens.model).count(None).count, 92);
//! ```

pub mod coloring;
pub mod features;
pub mod queens;
pub mod spec;
pub mod sudoku9;

pub use spec::SpecError;
