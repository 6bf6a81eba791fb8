//! # fdoku-fd — a finite-domain constraint engine
//!
//! Variables range over finite sets of integers ([`Domain`]); constraints
//! ([`Constraint`]) restrict which combinations are allowed; propagators
//! remove values that no solution can use; depth-first search with a trail
//! explores the rest. This crate knows nothing about Sudoku: N-queens, map
//! colouring and feature models are built on it exactly the way Sudoku is.
//!
//! * [`Model`] — variables and constraints, as data;
//! * [`Solver`] — first solution, all solutions ([`Solver::solutions`]),
//!   counting with a limit, under a [`Budget`], with [`Stats`] and an optional
//!   [`TraceEvent`] trace;
//! * [`check()`] — an independent checker for full assignments;
//! * [`Automaton`] — deterministic finite automata, for the `regular`
//!   constraint.
//!
//! A 9×9 Sudoku model, in a few lines:
//!
//! ```
//! use fdoku_fd::{Model, Solver};
//!
//! let puzzle = "000080000000106507402700000080300100003000800005009070050008006301204000006010000";
//! let mut m = Model::new();
//! let cells = m.new_vars(81, 1, 9);
//! for (cell, digit) in cells.iter().zip(puzzle.bytes()) {
//!     if digit != b'0' {
//!         m.fix(*cell, i32::from(digit - b'0'));
//!     }
//! }
//! for i in 0..9 {
//!     let row: Vec<_> = (0..9).map(|j| cells[9 * i + j]).collect();
//!     let col: Vec<_> = (0..9).map(|j| cells[9 * j + i]).collect();
//!     let boxed: Vec<_> = (0..9).map(|j| cells[27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3]).collect();
//!     m.all_different(&row);
//!     m.all_different(&col);
//!     m.all_different(&boxed);
//! }
//! let mut solver = Solver::new(&m);
//! let solution = solver.solve().solution.expect("the puzzle has a solution");
//! assert!(fdoku_fd::check(&m, solution.values()).is_ok());
//! let first_row: Vec<i32> = solution.values()[..9].to_vec();
//! assert_eq!(first_row, [5, 6, 7, 4, 8, 3, 2, 9, 1]); // the published solution
//! assert_eq!(solver.count(None).count, 1);
//! ```
//!
//! # Extending the engine
//!
//! Constraints are data ([`Constraint`]); the propagators that enforce them
//! are internal to this crate, and a [`Model`] takes no user-written
//! propagator. This is a choice, not an omission. Every constraint has a
//! meaning that the independent checker ([`check()`]) evaluates without any
//! propagator code, so each solution the crate returns is verified by code
//! that shares nothing with the pruning. Every propagator is held to one
//! contract — a simple, obviously correct from-scratch version beside any
//! incremental one, compared at every fixpoint when the cargo feature
//! `check-propagation` is on — and has a unit test with a worked example. A
//! propagator supplied from outside would escape all of that, and a model
//! holding one could no longer be cloned or checked.
//!
//! A problem is therefore written with the constraints that exist: the
//! feature models of `fdoku-models`, for instance, decompose into clauses
//! and sums. A new kind of constraint is added inside this crate, as a
//! [`Constraint`] variant, its propagator, and its arm in the checker.

pub mod automaton;
pub mod budget;
pub mod check;
pub mod constraint;
pub mod domain;
pub mod model;
mod propagation;
mod propagators;
pub mod search;
pub mod stats;
mod store;
pub mod trace;
pub mod var;

pub use automaton::{Automaton, AutomatonError};
pub use budget::{Budget, StopReason};
pub use check::{Violation, check};
pub use constraint::{ArithOp, Constraint, LinearOp, Strength};
pub use domain::Domain;
pub use model::{Model, ModelError};
pub use search::heuristics::{ValOrder, VarOrder};
pub use search::restarts::Restarts;
pub use search::{
    CountResult, SearchConfig, SearchPhase, SearchStatus, Solution, Solutions, SolveResult, Solver,
    propagate,
};
pub use stats::Stats;
pub use trace::TraceEvent;
pub use var::{ConstraintId, Var};
