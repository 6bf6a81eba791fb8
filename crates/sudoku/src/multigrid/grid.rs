//! The geometry of a multigrid: its sub-grids, the canvas they stand on,
//! its cells (one per covered canvas position, shared where sub-grids
//! overlap) and its houses.

use super::MultigridError;
use super::arrangement::Arrangement;
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
///
/// // Nine grids side by side, and a tenth of their boxes' centre cells.
/// let clueless = Multigrid::named("clueless-1", 9).unwrap();
/// assert_eq!((clueless.height(), clueless.width(), clueless.grid_count()), (27, 27, 10));
/// assert_eq!(clueless.grid_cells(9)[..3], [clueless.cell_at(1, 1).unwrap(),
///     clueless.cell_at(1, 4).unwrap(), clueless.cell_at(1, 7).unwrap()]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multigrid {
    size: usize,
    box_rows: usize,
    box_cols: usize,
    arrangement: Arrangement,
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
        let arrangement =
            layout
                .arrangement(size, box_rows, box_cols)
                .ok_or(MultigridError::LayoutBoxes {
                    name: layout.name,
                    box_rows,
                    box_cols,
                    needs: layout.box_needs(),
                })?;
        Self::arranged(size, box_rows, box_cols, arrangement)
    }

    /// Sub-grids of `size`×`size` cells with `box_rows`×`box_cols` boxes,
    /// their top-left cells at `origins` (canvas row, column, from 0).
    /// Origins must be distinct, on the box lines where sub-grids overlap
    /// (so overlaps are whole boxes), and the sub-grids connected through
    /// shared cells.
    pub fn new(
        size: usize,
        box_rows: usize,
        box_cols: usize,
        origins: Vec<(usize, usize)>,
    ) -> Result<Self, MultigridError> {
        let arrangement = Arrangement {
            origins,
            ..Arrangement::default()
        };
        Self::arranged(size, box_rows, box_cols, arrangement)
    }

    /// Sub-grids of `size`×`size` cells with `box_rows`×`box_cols` boxes,
    /// standing as `arrangement` says. Windows that overlap another must
    /// have their origins on the box lines (so overlaps are whole boxes)
    /// and be distinct; listed sub-grids must have `size`² distinct cells;
    /// relabelled pairs must name two different sub-grids; and the
    /// sub-grids must be connected through shared cells or relabellings.
    pub fn arranged(
        size: usize,
        box_rows: usize,
        box_cols: usize,
        arrangement: Arrangement,
    ) -> Result<Self, MultigridError> {
        check_boxes(size, box_rows, box_cols)?;
        check_arrangement(size, box_rows, box_cols, &arrangement)?;
        let spans = grid_positions_of(&arrangement, size);
        let height = spans.iter().flatten().map(|p| p.0 + 1).max().unwrap_or(0);
        let width = spans.iter().flatten().map(|p| p.1 + 1).max().unwrap_or(0);
        let mut covered = vec![false; height * width];
        for &(r, c) in spans.iter().flatten() {
            covered[r * width + c] = true;
        }
        if let Some(grid) = unreached(&spans, &arrangement.relabelled, width, &covered) {
            return Err(MultigridError::Disconnected { grid: grid + 1 });
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
            arrangement,
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

    /// Each window sub-grid's top-left cell on the canvas (row, column,
    /// from 0); the sub-grids of listed cells are [`Multigrid::arrangement`]'s.
    pub fn origins(&self) -> &[(usize, usize)] {
        &self.arrangement.origins
    }

    /// Where every sub-grid stands, and which relabel one another.
    pub fn arrangement(&self) -> &Arrangement {
        &self.arrangement
    }

    /// How many sub-grids: windows and listed ones.
    pub fn grid_count(&self) -> usize {
        self.arrangement.origins.len() + self.arrangement.scattered.len()
    }

    /// The named layout these sub-grids make, if any.
    pub fn layout(&self) -> Option<&'static NamedLayout> {
        LAYOUTS.iter().find(|l| {
            l.arrangement(self.size, self.box_rows, self.box_cols)
                .is_some_and(|a| a == self.arrangement)
        })
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
        grid_positions(&self.arrangement, self.size, grid)
            .into_iter()
            .filter_map(|(r, c)| self.cell_at(r, c))
            .collect()
    }

    /// Every sub-grid's rows, columns and boxes, with the sub-grid's number
    /// (from 0), grid by grid.
    pub fn houses(&self) -> Vec<(usize, House)> {
        let n = self.size;
        let mut houses = Vec::with_capacity(self.grid_count() * 3 * n);
        for grid in 0..self.grid_count() {
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

/// The canvas positions of sub-grid `grid` of `arrangement`, in its
/// reading order.
fn grid_positions(arrangement: &Arrangement, size: usize, grid: usize) -> Vec<(usize, usize)> {
    match arrangement.origins.get(grid) {
        Some(&(top, left)) => (0..size * size)
            .map(|i| (top + i / size, left + i % size))
            .collect(),
        None => arrangement.scattered[grid - arrangement.origins.len()].clone(),
    }
}

/// [`grid_positions`] of every sub-grid.
fn grid_positions_of(arrangement: &Arrangement, size: usize) -> Vec<Vec<(usize, usize)>> {
    let count = arrangement.origins.len() + arrangement.scattered.len();
    (0..count)
        .map(|grid| grid_positions(arrangement, size, grid))
        .collect()
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

/// Refuses sub-grids that are too many or too few, run off the largest
/// canvas, overlap off the box lines, repeat a place or a cell, or name
/// a relabelled pair wrongly.
fn check_arrangement(
    size: usize,
    box_rows: usize,
    box_cols: usize,
    arrangement: &Arrangement,
) -> Result<(), MultigridError> {
    let origins = &arrangement.origins;
    let count = origins.len() + arrangement.scattered.len();
    if !(2..=MAX_GRIDS).contains(&count) {
        return Err(MultigridError::GridCount { found: count });
    }
    let overlap =
        |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) < size && a.1.abs_diff(b.1) < size;
    for (grid, &(row, col)) in origins.iter().enumerate() {
        if row > MAX_CANVAS - size || col > MAX_CANVAS - size {
            return Err(MultigridError::TooLarge {
                grid: grid + 1,
                row,
                col,
            });
        }
        if let Some(first) = origins[..grid].iter().position(|&o| o == (row, col)) {
            return Err(MultigridError::SameOrigin {
                first: first + 1,
                second: grid + 1,
            });
        }
    }
    for (grid, &(row, col)) in origins.iter().enumerate() {
        let overlaps = origins
            .iter()
            .enumerate()
            .any(|(other, &o)| other != grid && overlap(o, (row, col)));
        if overlaps && (row % box_rows != 0 || col % box_cols != 0) {
            return Err(MultigridError::OffBoxLines {
                grid: grid + 1,
                row,
                col,
                box_rows,
                box_cols,
            });
        }
    }
    for (i, cells) in arrangement.scattered.iter().enumerate() {
        let grid = origins.len() + i + 1;
        if cells.len() != size * size {
            return Err(MultigridError::ListedCells {
                grid,
                found: cells.len(),
                expected: size * size,
            });
        }
        let mut seen = std::collections::HashSet::new();
        for &(row, col) in cells {
            if row >= MAX_CANVAS || col >= MAX_CANVAS {
                return Err(MultigridError::TooLarge { grid, row, col });
            }
            if !seen.insert((row, col)) {
                return Err(MultigridError::CellTwice { grid, row, col });
            }
        }
    }
    for &(first, second) in &arrangement.relabelled {
        if first == second || first >= count || second >= count {
            return Err(MultigridError::Relabelled {
                first: first.saturating_add(1),
                second: second.saturating_add(1),
                count,
            });
        }
    }
    Ok(())
}

/// The first sub-grid not reached from the first through shared cells or
/// relabellings; `spans` are the sub-grids' positions on a canvas `width`
/// columns wide whose `covered` positions they are.
fn unreached(
    spans: &[Vec<(usize, usize)>],
    relabelled: &[(usize, usize)],
    width: usize,
    covered: &[bool],
) -> Option<usize> {
    // Canvas position → the sub-grids on it.
    let mut on = vec![Vec::new(); covered.len()];
    for (grid, span) in spans.iter().enumerate() {
        for &(r, c) in span {
            on[r * width + c].push(grid);
        }
    }
    let mut reached = vec![false; spans.len()];
    reached[0] = true;
    let mut queue = vec![0];
    while let Some(grid) = queue.pop() {
        let sharing = spans[grid].iter().flat_map(|&(r, c)| &on[r * width + c]);
        let twins = relabelled.iter().filter_map(|&(a, b)| match grid {
            g if g == a => Some(b),
            g if g == b => Some(a),
            _ => None,
        });
        let next: Vec<usize> = sharing.copied().chain(twins).collect();
        for other in next {
            if !reached[other] {
                reached[other] = true;
                queue.push(other);
            }
        }
    }
    reached.iter().position(|r| !r)
}
