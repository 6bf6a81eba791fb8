//! The real `fdoku` binary, run as a user would, one module per subject in
//! one test binary (fewer links). The server's tests need the default
//! feature `serve`.
#![allow(clippy::unwrap_used)]

mod common;

mod bench;
#[cfg(feature = "serve")]
mod browser;
mod cli;
mod convert;
mod docs_examples;
mod generate;
mod inputs_and_defaults;
mod logic;
mod multigrid;
mod regression;
#[cfg(feature = "serve")]
mod serve;
#[cfg(feature = "serve")]
mod serve_guards;
mod solve;
mod study;
mod user_text;
