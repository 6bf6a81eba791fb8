//! The integration tests of fdoku-sudoku, one module per subject, built as
//! one test binary: one link instead of one per file.
//!
//! * [`solvers`] — known answers and cross-checks of the three solvers;
//! * [`learning`] — the clause-learning solver against brute force, the
//!   other solvers and itself;
//! * [`cell_rules`] — anti-knight, anti-king, non-consecutive, disjoint
//!   groups, odd/even cells and single diagonals against brute force;
//! * [`elements`] — lines, dots, arrows and outside clues against brute force;
//! * [`element_check`] — the checker on every variant element and the
//!   negative rules, one kept and one broken grid each;
//! * [`nine_differential`] — the 9×9 path against the others on random grids;
//! * [`nine_kernels`] — the 9×9 path's AVX2 and portable compilations agree;
//! * [`nine_budget`] — the 9×9 path stops where its budget says;
//! * [`trace`] — the engine's solve recorded in cell terms;
//! * [`generate`] — generated puzzles: unique, minimal, symmetric, seeded;
//! * [`given_marks`] — Sukaku pencil marks in f-puzzles and SudokuPad files;
//! * [`json_elements`] — variant elements in the JSON description: read,
//!   written back, and every mistake named;
//! * [`multigrid`] — grids of several overlapping Sudokus against brute
//!   force, every named layout generated and solved, mistakes named;
//! * [`input_forms`] — puzzles the way real collections write them;
//! * [`links`] — links of other sites as people paste them: bare
//!   SudokuPad payloads, `ctc` links, short ids;
//! * [`sudokupad`] — SudokuPad's own (SCL) links: every published puzzle
//!   written and read back unchanged, and every drawing it cannot read named;
//! * [`penpa`] — Penpa+ links, built as Penpa+ writes them: what is read,
//!   and what is named as not read;
//! * [`parse_robustness`] — arbitrary text never panics a reader;
//! * [`regression`] — one test per bug found, named after what went wrong.

mod cell_rules;
mod element_check;
mod elements;
mod fpuzzles;
mod generate;
mod given_marks;
mod input_forms;
mod json_elements;
mod learning;
mod links;
mod multigrid;
mod nine_budget;
mod nine_differential;
mod nine_kernels;
mod parse_robustness;
mod penpa;
mod regression;
mod solvers;
mod sudokupad;
mod trace;
