//! The geometry of a multigrid: its sub-grids, the canvas they stand on,
//! its cells (one per covered canvas position, shared where sub-grids
//! overlap) and its houses.

use super::MultigridError;
use super::layouts::{LAYOUTS, NamedLayout};
use crate::rules::{BOX_SHAPES, House, HouseKind, MAX_SIZE};

/// The smallest sub-grid side.
pub const MIN_SIZE: usize = 4;

/// The most rows or columns a canvas may have.
pub const MAX_CANVAS: usize = 256;

/// The most sub-grids a multigrid may have.
pub const MAX_GRIDS: usize = 64;

/// Several N×N Sudokus on one canvas, sharing the cells where they overlap.
///
/// Cells are numbered in reading order over the canvas and named by their
/// canvas position, `r7c13` (1-based), whichever sub-grid they belong to.
///
/// ```
/// use fdoku_sudoku::multigrid::Multigrid;
///
/// let samurai = Multigrid::named("samurai", 9).unwrap();
/// assert_eq!((samurai.height(), samurai.width()), (21, 21));
/// assert_eq!(samurai.cell_count(), 5 * 81 - 4 * 9);
/// assert_eq!(samurai.houses().len(), 5 * 27);
/// assert_eq!(samurai.name(), Some("samurai"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multigrid {
    size: usize,
    box_rows: usize,
    box_cols: usize,
    origins: Vec<(usize, usize)>,
    height: usize,
    width: usize,
    /// Canvas position (row-major) → cell + 1; 0 where there is no cell.
    index: Vec<u32>,
    /// Cell → canvas (row, column).
    positions: Vec<(usize, usize)>,
}

/// The standard box shape of a side, if it has one.
pub(crate) fn standard_boxes(size: usize) -> Option<(usize, usize)> {
    BOX_SHAPES
        .iter()
        .find(|&&(n, _)| n == size && n >= MIN_SIZE)
        .map(|&(_, shape)| shape)
}

impl Multigrid {
    /// The named layout of `size`×`size` sub-grids with standard boxes.
    pub fn named(name: &str, size: usize) -> Result<Self, MultigridError> {
        let (rows, cols) = standard_boxes(size).ok_or(MultigridError::NoBoxShape { size })?;
        Self::named_with_boxes(name, size, rows, cols)
    }

    /// The named layout with `box_rows`×`box_cols` boxes.
    pub fn named_with_boxes(
        name: &str,
        size: usize,
        box_rows: usize,
        box_cols: usize,
    ) -> Result<Self, MultigridError> {
        let layout = super::layouts::named(name).ok_or_else(|| MultigridError::UnknownLayout {
            name: name.to_owned(),
        })?;
        check_boxes(size, box_rows, box_cols)?;
        Self::new(
            size,
            box_rows,
            box_cols,
            layout.origins(size, box_rows, box_cols),
        )
    }

    /// Sub-grids of `size`×`size` cells with `box_rows`×`box_cols` boxes,
    /// their top-left cells at `origins` (canvas row, column, from 0).
    /// Origins must be on the box lines (so overlaps are whole boxes),
    /// distinct, and the sub-grids connected through shared cells.
    pub fn new(
        size: usize,
        box_rows: usize,
        box_cols: usize,
        origins: Vec<(usize, usize)>,
    ) -> Result<Self, MultigridError> {
        check_boxes(size, box_rows, box_cols)?;
        if origins.len() < 2 || origins.len() > MAX_GRIDS {
            return Err(MultigridError::GridCount {
                found: origins.len(),
            });
        }
        for (grid, &(row, col)) in origins.iter().enumerate() {
            if row > MAX_CANVAS - size || col > MAX_CANVAS - size {
                return Err(MultigridError::TooLarge {
                    grid: grid + 1,
                    row,
                    col,
                });
            }
            if row % box_rows != 0 || col % box_cols != 0 {
                return Err(MultigridError::OffBoxLines {
                    grid: grid + 1,
                    row,
                    col,
                    box_rows,
                    box_cols,
                });
            }
            if let Some(first) = origins[..grid].iter().position(|&o| o == (row, col)) {
                return Err(MultigridError::SameOrigin {
                    first: first + 1,
                    second: grid + 1,
                });
            }
        }
        if let Some(grid) = unreached(&origins, size) {
            return Err(MultigridError::Disconnected { grid: grid + 1 });
        }
        let height = origins.iter().map(|o| o.0).max().unwrap_or(0) + size;
        let width = origins.iter().map(|o| o.1).max().unwrap_or(0) + size;
        let mut covered = vec![false; height * width];
        for &(row, col) in &origins {
            for r in row..row + size {
                covered[r * width + col..r * width + col + size].fill(true);
            }
        }
        let mut index = vec![0u32; height * width];
        let mut positions = Vec::new();
        for (at, _) in covered.iter().enumerate().filter(|(_, c)| **c) {
            positions.push((at / width, at % width));
            index[at] = positions.len() as u32;
        }
        Ok(Multigrid {
            size,
            box_rows,
            box_cols,
            origins,
            height,
            width,
            index,
            positions,
        })
    }

    /// The side N of every sub-grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The box shape: rows, columns.
    pub fn boxes(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// Each sub-grid's top-left cell on the canvas (row, column, from 0).
    pub fn origins(&self) -> &[(usize, usize)] {
        &self.origins
    }

    /// The named layout these sub-grids make, if any.
    pub fn layout(&self) -> Option<&'static NamedLayout> {
        LAYOUTS
            .iter()
            .find(|l| l.origins(self.size, self.box_rows, self.box_cols) == self.origins)
    }

    /// The name of [`Multigrid::layout`].
    pub fn name(&self) -> Option<&'static str> {
        self.layout().map(|l| l.name)
    }

    /// Canvas rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Canvas columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// How many cells (shared cells once).
    pub fn cell_count(&self) -> usize {
        self.positions.len()
    }

    /// The cell at canvas `(row, col)`, if that position is one.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.height || col >= self.width {
            return None;
        }
        self.index[row * self.width + col]
            .checked_sub(1)
            .map(|c| c as usize)
    }

    /// The canvas position of `cell`.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        self.positions[cell]
    }

    /// A cell's name: its canvas position, `r7c13`.
    pub fn cell_name(&self, cell: usize) -> String {
        let (row, col) = self.positions[cell];
        format!("r{}c{}", row + 1, col + 1)
    }

    /// The cells of sub-grid `grid`, in its reading order.
    pub fn grid_cells(&self, grid: usize) -> Vec<usize> {
        let (top, left) = self.origins[grid];
        (0..self.size * self.size)
            .filter_map(|i| self.cell_at(top + i / self.size, left + i % self.size))
            .collect()
    }

    /// Every sub-grid's rows, columns and boxes, with the sub-grid's number
    /// (from 0), grid by grid.
    pub fn houses(&self) -> Vec<(usize, House)> {
        let n = self.size;
        let mut houses = Vec::with_capacity(self.origins.len() * 3 * n);
        for grid in 0..self.origins.len() {
            let cells = self.grid_cells(grid);
            let rows = (0..n).map(|r| (HouseKind::Row, r, (0..n).map(|c| r * n + c).collect()));
            let cols = (0..n).map(|c| (HouseKind::Column, c, (0..n).map(|r| r * n + c).collect()));
            let across = n / self.box_cols;
            let boxes = (0..n).map(|b| {
                let (top, left) = (b / across * self.box_rows, b % across * self.box_cols);
                let members =
                    (0..n).map(|i| (top + i / self.box_cols) * n + left + i % self.box_cols);
                (HouseKind::Box, b, members.collect())
            });
            for (kind, index, members) in rows.chain(cols).chain(boxes) {
                let members: Vec<usize> = members;
                let cells = members.iter().map(|&m| cells[m]).collect();
                houses.push((grid, House { kind, index, cells }));
            }
        }
        houses
    }

    /// A house's name for people: `row 3 of grid 2`.
    pub fn house_name(grid: usize, house: &House) -> String {
        format!("{} of grid {}", house.name(), grid + 1)
    }
}

/// Refuses a side or box shape no Sudoku has.
fn check_boxes(size: usize, box_rows: usize, box_cols: usize) -> Result<(), MultigridError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(MultigridError::Size { size });
    }
    if box_rows.checked_mul(box_cols) != Some(size) {
        return Err(MultigridError::BoxShape {
            size,
            box_rows,
            box_cols,
        });
    }
    Ok(())
}

/// The first sub-grid not reached from the first through shared cells.
fn unreached(origins: &[(usize, usize)], size: usize) -> Option<usize> {
    let overlap =
        |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) < size && a.1.abs_diff(b.1) < size;
    let mut reached = vec![false; origins.len()];
    reached[0] = true;
    let mut queue = vec![0];
    while let Some(grid) = queue.pop() {
        for other in 0..origins.len() {
            if !reached[other] && overlap(origins[grid], origins[other]) {
                reached[other] = true;
                queue.push(other);
            }
        }
    }
    reached.iter().position(|r| !r)
}
