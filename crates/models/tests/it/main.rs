//! The integration tests of fdoku-models, one module per subject, built as
//! one test binary: one link instead of one per file.
//!
//! * [`classics`] — known answers for queens, map colouring and the phone
//!   feature model, under every all_different strength; file errors;
//! * [`features`] — feature-model rules against brute force, on random models;
//! * [`sudoku9`] — the plain 9×9 model under each strength.

mod classics;
mod features;
mod sudoku9;
