//! The JSON API in process, one module per subject in one test binary:
//! every endpoint, every error (413, 400, 403, 415, 422, 503 at the deadline
//! and at the concurrency limit, 500 on a panic), the connection timeouts
//! and limit over real sockets, and real results checked
//! independently (solutions by `fdoku_sudoku::check_solution`, uniqueness
//! by the library's solver, the trace's prunes replayed on the candidate
//! grid).
#![allow(clippy::unwrap_used)] // helpers outside #[test] functions unwrap too

mod common;
mod socket;

mod connections;
mod errors;
mod fixtures;
mod generate;
mod limits;
mod links;
mod logic;
mod multigrid;
mod page;
mod parse;
mod regression;
mod security;
mod solve;
