//! # fdoku-fzn — a FlatZinc front-end for the fdoku-fd engine
//!
//! MiniZinc compiles a model to FlatZinc, a flat list of variables and
//! builtin constraints; a solver reads it and prints solutions in the form
//! MiniZinc reads back. This crate makes the engine such a solver:
//!
//! * [`parse`] reads FlatZinc (integer and Boolean variables; float and
//!   set variables are refused), every error with its line and column;
//! * [`compile()`] maps each builtin to engine constraints;
//! * [`check()`] evaluates every FlatZinc constraint on an assignment with
//!   code of its own, sharing nothing with the engine's propagators;
//! * [`run`] searches (branch and bound for `minimize`/`maximize`), checks
//!   each solution, and prints it with MiniZinc's status lines and
//!   statistics.
//!
//! ```
//! let fzn = fdoku_fzn::parse(
//!     "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\n\
//!      constraint int_lt(x, y);\nsolve maximize x;\n",
//! ).unwrap();
//! let mut out = Vec::new();
//! let options = fdoku_fzn::Options::default();
//! fdoku_fzn::run(&fzn, &options, &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "x = 2;\ny = 3;\n----------\n==========\n");
//! ```

pub mod ast;
pub mod check;
pub mod compile;
pub mod error;
mod lex;
mod options;
mod output;
mod parse;
mod run;
mod search;

pub use ast::FlatZinc;
pub use check::check;
pub use compile::{Compiled, compile};
pub use error::{Error, ErrorKind, Pos};
pub use parse::parse;
pub use run::{Options, RunError, Status, run};
