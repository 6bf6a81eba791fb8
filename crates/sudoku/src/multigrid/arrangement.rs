//! Where a multigrid's sub-grids stand on the canvas, and which relabel
//! one another: the plain data a layout or a reader describes, before it
//! is checked and becomes a [`Multigrid`](super::Multigrid).
//!
//! ```
//! use fdoku_sudoku::multigrid::{Arrangement, Multigrid};
//!
//! let twodoku = Arrangement { origins: vec![(0, 0), (6, 6)], ..Arrangement::default() };
//! let grid = Multigrid::arranged(9, 3, 3, twodoku.clone()).unwrap();
//! assert_eq!(grid.arrangement(), &twodoku);
//! ```

/// Where the sub-grids of a multigrid stand, and which relabel one another.
///
/// A sub-grid is a window — the `size`×`size` square below and right of
/// its origin — or any `size`×`size` canvas cells listed in the
/// sub-grid's reading order (a clueless puzzle's tenth grid, made of the
/// centre cells of the other grids' boxes). Sub-grids are numbered windows
/// first, then listed ones, from 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrangement {
    /// Each window's top-left cell (canvas row, column, from 0).
    pub origins: Vec<(usize, usize)>,
    /// Sub-grids of listed canvas cells, each `size`² of them in the
    /// sub-grid's reading order.
    pub scattered: Vec<Vec<(usize, usize)>>,
    /// Pairs of sub-grids (by number) whose digits correspond through one
    /// relabelling: where the first holds `d`, the second holds `σ(d)` at
    /// the same place, for one permutation `σ` of the digits (twins).
    pub relabelled: Vec<(usize, usize)>,
}
