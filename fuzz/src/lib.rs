//! The checks behind fdoku's fuzz targets, one module per subject; each
//! target in `fuzz_targets/` is one call into here.
//!
//! Every check panics (which libFuzzer reports as a crash, with the input
//! saved under `artifacts/`) when a promise of the libraries is broken:
//! nothing panics on user input, every error says where, what a reader
//! reads goes back through the writer that promises to carry it, the
//! engine finds exactly the solutions a brute force finds, and no step of
//! the logic solver contradicts the solution.

pub mod api;
pub mod engine;
pub mod logic;
pub mod readers;
