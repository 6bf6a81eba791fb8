//! The endpoints, one module per family; each maps a request to library
//! calls and the results to JSON.

pub mod generate;
pub mod links;
pub mod logic;
pub mod meta;
pub mod multigrid;
pub mod parse;
pub mod solve;
