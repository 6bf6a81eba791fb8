//! Where Penpa's points lie on a square grid, and which are the board's.
//!
//! Penpa numbers the points of a drawing area `nx0 = nx + 4` columns wide
//! and `ny0 = ny + 4` rows high (two spare rows and columns on each side),
//! `N = nx0 · ny0` of each kind: cell centres `k = row · nx0 + column`,
//! then `N + k` the bottom-right corner of cell `k`, `2N + k` the middle
//! of its bottom edge, `3N + k` the middle of its right edge, `4N + 4k +
//! q` its four quarter points (top-left, top-right, bottom-left,
//! bottom-right) and `8N + 4k + q` its compass points.

/// A segment between two corners, as grid coordinates (smaller first).
pub(super) type Segment = ((usize, usize), (usize, usize));

/// A point, by what it is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spot {
    /// A board cell (0-based, reading order).
    Cell(usize),
    /// The edge between two board cells, the first above or left.
    Edge(usize, usize),
    /// The top-left quarter of a board cell, where a cage's sum stands.
    CageCorner(usize),
    /// Anything else, described for messages.
    Other(&'static str),
}

/// The board: a square of `size` cells a side inside the drawing area.
#[derive(Clone, Debug)]
pub(super) struct Board {
    /// Columns of the drawing area, spare ones included.
    pub nx0: usize,
    /// Points of each kind.
    pub n: usize,
    /// The board's side.
    pub size: usize,
    /// The drawing area's row and column of the board's top-left cell.
    pub top: usize,
    pub left: usize,
}

impl Board {
    /// The board of an area `nx` by `ny` with these cells (point numbers),
    /// or the reason it is not a whole square.
    pub fn new(nx: usize, ny: usize, cells: &[usize]) -> Result<Board, String> {
        let (nx0, ny0) = (nx + 4, ny + 4);
        let n = nx0 * ny0;
        let rows = cells.iter().map(|&k| k / nx0);
        let cols = cells.iter().map(|&k| k % nx0);
        let (top, bottom) = (rows.clone().min(), rows.max());
        let (left, right) = (cols.clone().min(), cols.max());
        let (Some(top), Some(bottom), Some(left), Some(right)) = (top, bottom, left, right) else {
            return Err("the board has no cells".to_owned());
        };
        let size = bottom - top + 1;
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if right - left + 1 != size || sorted.len() != size * size || sorted.iter().any(|&k| k >= n)
        {
            return Err(format!(
                "the board is not a whole square ({} cells in {} rows and {} columns); \
                 fdoku reads square Sudoku boards",
                sorted.len(),
                size,
                right - left + 1
            ));
        }
        Ok(Board {
            nx0,
            n,
            size,
            top,
            left,
        })
    }

    /// The board cell at a row and column of the drawing area.
    fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        let (r, c) = (row.checked_sub(self.top)?, col.checked_sub(self.left)?);
        (r < self.size && c < self.size).then_some(r * self.size + c)
    }

    /// The board cell of a cell point.
    pub fn cell(&self, point: usize) -> Option<usize> {
        (point < self.n)
            .then(|| self.cell_at(point / self.nx0, point % self.nx0))
            .flatten()
    }

    /// What a point is.
    pub fn spot(&self, point: usize) -> Spot {
        let (kind, k) = (point / self.n, point % self.n);
        let (row, col) = (k / self.nx0, k % self.nx0);
        let pair = |a: Option<usize>, b: Option<usize>, what| match (a, b) {
            (Some(a), Some(b)) => Spot::Edge(a, b),
            _ => Spot::Other(what),
        };
        match kind {
            0 => self
                .cell_at(row, col)
                .map_or(Spot::Other("a cell outside the board"), Spot::Cell),
            1 => Spot::Other("a corner between cells"),
            2 => pair(
                self.cell_at(row, col),
                self.cell_at(row + 1, col),
                "an edge on or outside the board's border",
            ),
            3 => pair(
                self.cell_at(row, col),
                self.cell_at(row, col + 1),
                "an edge on or outside the board's border",
            ),
            4..=7 => {
                let quarter = point - 4 * self.n;
                let cell = quarter / 4;
                match (quarter % 4, self.cell(cell)) {
                    (0, Some(c)) => Spot::CageCorner(c),
                    (_, Some(_)) => Spot::Other("a quarter of a cell other than its top-left"),
                    _ => Spot::Other("a quarter of a cell outside the board"),
                }
            }
            _ => Spot::Other("a compass point of a cell"),
        }
    }

    /// The two board cells a segment between two corner points separates,
    /// when it runs along one edge of the grid; `None` for one off the
    /// lines of the grid (a diagonal) or not between two board cells.
    pub fn edge_between(&self, a: usize, b: usize) -> Option<(usize, usize)> {
        let (ca, cb) = (self.corner(a)?, self.corner(b)?);
        let ((xa, ya), (xb, yb)) = (ca.min(cb), ca.max(cb));
        // Corner (x, y) is the grid point right of column x - 1, below row y - 1.
        if ya == yb && xb == xa + 1 {
            Some((self.cell_at(ya - 1, xa)?, self.cell_at(ya, xa)?))
        } else if xa == xb && yb == ya + 1 {
            Some((self.cell_at(ya, xa - 1)?, self.cell_at(ya, xa)?))
        } else {
            None
        }
    }

    /// A corner point as grid coordinates (x, y): the corner right of
    /// column x − 1 and below row y − 1 of the drawing area.
    pub fn corner(&self, point: usize) -> Option<(usize, usize)> {
        let k = point.checked_sub(self.n).filter(|&k| k < self.n)?;
        Some((k % self.nx0 + 1, k / self.nx0 + 1))
    }

    /// The segments (corner pairs, as grid coordinates, smaller first) of
    /// the main (↘) and the anti (↙) diagonal.
    pub fn diagonals(&self) -> [Vec<Segment>; 2] {
        let (x0, y0, d) = (self.left, self.top, self.size);
        let main = (0..d)
            .map(|t| ((x0 + t, y0 + t), (x0 + t + 1, y0 + t + 1)))
            .collect();
        let anti = (0..d)
            .map(|t| ((x0 + d - t - 1, y0 + t + 1), (x0 + d - t, y0 + t)))
            .collect();
        [main, anti]
    }
}
