//! Cells by name and by place: `r1c1` … `rNcN`, numbered row by row from 0.
//!
//! ```
//! use fdoku_sudoku::{cell_name, parse_cell_name};
//!
//! assert_eq!(cell_name(9, 10), "r2c2");
//! assert_eq!(parse_cell_name(16, "r10c12"), Some(16 * 9 + 11));
//! ```

/// The name of cell `cell` in an N×N grid: `r1c1`, `r10c12`.
pub fn cell_name(size: usize, cell: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

/// The cell index named `r<row>c<col>` (1-based) in an N×N grid.
pub fn parse_cell_name(size: usize, name: &str) -> Option<usize> {
    let rest = name.trim().strip_prefix(['r', 'R'])?;
    let (row, col) = rest.split_once(['c', 'C'])?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    ((1..=size).contains(&row) && (1..=size).contains(&col)).then(|| (row - 1) * size + col - 1)
}

/// The cells sharing an edge with `cell` in an N×N grid.
pub(crate) fn orthogonal_neighbours(size: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / size, cell % size);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - size);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < size {
        out.push(cell + 1);
    }
    if r + 1 < size {
        out.push(cell + size);
    }
    out
}
