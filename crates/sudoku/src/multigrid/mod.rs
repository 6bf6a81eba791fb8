//! Grids of several overlapping Sudokus: twodoku, butterfly, samurai,
//! sohei, shogun, sumo, twins, clueless and their kin.
//!
//! A [`Multigrid`] is several N×N sub-grids, each with its own rows,
//! columns and standard boxes, on a larger canvas: windows standing at
//! origins, or sub-grids of N² listed canvas cells (a clueless puzzle's
//! tenth grid); where they overlap the cells are shared, so a shared
//! cell's digit counts in the houses of every sub-grid it belongs to.
//! Overlapping windows share whole boxes (origins on the box lines).
//! Two sub-grids may also relabel one another (twins: where one holds
//! `d`, the other holds `σ(d)` at the same place, for one permutation `σ`
//! of the digits). The sub-grids are connected through shared cells or
//! relabellings, and the canvas has at most 256 rows and columns. The
//! [named layouts](LAYOUTS) are given in boxes, so they hold at every size
//! where their shape exists (a samurai's corner grids share one box with
//! its centre grid, whether the sub-grids are 4×4 or 16×16); any other
//! arrangement is given by its origins, or as an [`Arrangement`].
//!
//! * [`MultigridPuzzle`] — the geometry and its givens;
//! * [`Multigrid::canvas`], [`MultigridPuzzle::to_text`] — the canvas as
//!   text (reading it, and the JSON description, is
//!   [`format::multigrid`](crate::format::multigrid)'s);
//! * [`solve_multigrid`] — the engine model (one variable per cell, one
//!   `all_different` per house of each sub-grid, a digit key for each
//!   relabelled pair) under the usual
//!   [`Budget`](fdoku_fd::Budget) and [`Report`](crate::solve::Report);
//! * [`check_multigrid`] — the independent checker;
//! * [`generate_multigrid`] — a unique puzzle from a seed.
//!
//! ```
//! use fdoku_sudoku::format::multigrid::read_multigrids;
//! use fdoku_sudoku::multigrid::{check_multigrid, solve_multigrid};
//! use fdoku_sudoku::solve::{Goal, Status};
//!
//! let text = "1...\n..2.\n.3.4..\n4.....\n  ....\n  ...1\n";
//! let items = read_multigrids("t.txt", text);
//! let puzzle = items[0].puzzle.as_ref().unwrap();
//! assert_eq!(puzzle.grid().name(), Some("twodoku"));
//! let report = solve_multigrid(puzzle, Goal::Count(2), &Default::default());
//! assert_ne!(report.status, Status::None);
//! assert!(check_multigrid(puzzle, &report.solution.unwrap()).is_ok());
//! ```

mod arrangement;
mod check;
mod generate;
mod grid;
mod layouts;
mod print;
mod puzzle;
mod solve;

use thiserror::Error;

pub use arrangement::Arrangement;
pub use check::{MultigridSolutionError, check_multigrid};
pub use generate::{MultigridGenerated, generate_multigrid};
pub(crate) use grid::standard_boxes;
pub use grid::{MAX_CANVAS, MAX_GRIDS, MIN_SIZE, Multigrid};
pub use layouts::{LAYOUTS, NamedLayout, named as named_layout, names as layout_names};
pub use puzzle::MultigridPuzzle;
pub use solve::{solve_multigrid, solve_multigrid_with};

/// Why sub-grids do not make a multigrid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MultigridError {
    /// A side outside 4..=32.
    #[error(
        "{size}×{size} sub-grids are not supported (expected a side from {MIN_SIZE} to {max})",
        max = crate::rules::MAX_SIZE
    )]
    Size {
        /// The side asked for.
        size: usize,
    },
    /// Boxes that do not tile a sub-grid.
    #[error(
        "{box_rows}×{box_cols} boxes do not tile a {size}×{size} sub-grid (expected rows × columns = {size})"
    )]
    BoxShape {
        /// The side.
        size: usize,
        /// Box rows.
        box_rows: usize,
        /// Box columns.
        box_cols: usize,
    },
    /// A side without a standard box shape, and none given.
    #[error(
        "{size}×{size} sub-grids have no standard box shape (expected 4, 6, 8, 9, 10, 12, 15, 16 or 25, or boxes given)"
    )]
    NoBoxShape {
        /// The side.
        size: usize,
    },
    /// A name that is no layout.
    #[error("{name:?} is not a layout (expected one of {})", layouts::names())]
    UnknownLayout {
        /// The name given.
        name: String,
    },
    /// A layout that needs another box shape (clueless: boxes with a centre).
    #[error("{name} cannot be made with {box_rows}×{box_cols} boxes (expected {needs})")]
    LayoutBoxes {
        /// The layout.
        name: &'static str,
        /// Box rows.
        box_rows: usize,
        /// Box columns.
        box_cols: usize,
        /// The box shapes it needs.
        needs: &'static str,
    },
    /// Too few or too many sub-grids.
    #[error("{found} sub-grids (expected 2 to {MAX_GRIDS})")]
    GridCount {
        /// How many were given.
        found: usize,
    },
    /// A sub-grid that runs off the largest canvas.
    #[error(
        "grid {grid} at ({row}, {col}) runs past the largest canvas (expected it within {MAX_CANVAS} rows and columns)"
    )]
    TooLarge {
        /// The sub-grid (1-based).
        grid: usize,
        /// Its origin's row.
        row: usize,
        /// Its origin's column.
        col: usize,
    },
    /// An origin off the box lines: overlaps would cut boxes.
    #[error(
        "grid {grid} at ({row}, {col}) is not on the box lines (expected its row a multiple of {box_rows} and its column a multiple of {box_cols}, so that sub-grids overlap in whole boxes)"
    )]
    OffBoxLines {
        /// The sub-grid (1-based).
        grid: usize,
        /// Its origin's row.
        row: usize,
        /// Its origin's column.
        col: usize,
        /// Box rows.
        box_rows: usize,
        /// Box columns.
        box_cols: usize,
    },
    /// Two sub-grids at one place.
    #[error("grids {first} and {second} stand at the same place (expected distinct origins)")]
    SameOrigin {
        /// The first (1-based).
        first: usize,
        /// The second (1-based).
        second: usize,
    },
    /// A sub-grid of listed cells with too few or too many.
    #[error("grid {grid} lists {found} cells (expected {expected}, one per cell of a sub-grid)")]
    ListedCells {
        /// The sub-grid (1-based).
        grid: usize,
        /// Cells listed.
        found: usize,
        /// N².
        expected: usize,
    },
    /// A sub-grid of listed cells with one cell twice.
    #[error("grid {grid} lists ({row}, {col}) twice (expected each cell once)")]
    CellTwice {
        /// The sub-grid (1-based).
        grid: usize,
        /// The cell's canvas row.
        row: usize,
        /// The cell's canvas column.
        col: usize,
    },
    /// A relabelled pair that is not two different sub-grids.
    #[error(
        "grids {first} and {second} cannot relabel each other (expected two different grids from 1 to {count})"
    )]
    Relabelled {
        /// The first grid named (1-based).
        first: usize,
        /// The second grid named (1-based).
        second: usize,
        /// How many sub-grids there are.
        count: usize,
    },
    /// Sub-grids in two parts.
    #[error(
        "grid {grid} shares no cell with grid 1 or any grid joined to it (expected the sub-grids connected through shared cells or relabelled pairs)"
    )]
    Disconnected {
        /// The first sub-grid not reached (1-based).
        grid: usize,
    },
}
