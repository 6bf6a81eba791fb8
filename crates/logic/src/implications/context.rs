//! What every search of one top-level call of SE's chaining shares: the
//! houses of each cell in SE's order, each cell's cage mates, the houses of
//! each kind and those crossing each house (what the nested rules search),
//! the work done so far, capped and polled against the budget, and the
//! variant constraints' deductions met so far.
//!
//! The first part depends on the grid's geometry only: it is worked out once
//! per geometry and thread, and kept while the grids of that geometry are
//! graded (a grading calls the chaining producers hundreds of times).

use std::cell::{Cell, RefCell};
use std::ops::Deref;
use std::rc::Rc;
use std::sync::{Arc, Weak};

use super::deductions::Deductions;
use crate::cellset::CellSet;
use crate::grid::{Geometry, Grid};
use fdoku_sudoku::HouseKind;

/// What every search of one top-level call shares: the grid's [`Shape`]
/// (reached through `Deref`) and the work done so far.
pub(super) struct Context {
    shape: Rc<Shape>,
    pub work: Work,
    /// The variant constraints' deductions met so far, per element and
    /// state of its cells.
    pub deductions: RefCell<Deductions>,
}

/// What the searches read of the grid's geometry: the houses of each cell
/// in SE's order (box, row, column, then the others), each cell's cage
/// mates outside its houses, and the houses by kind and crossing.
pub(super) struct Shape {
    pub houses_of: Vec<Vec<usize>>,
    /// Per cell, the cells sharing a house with it, each once with the
    /// first of its houses (in `houses_of` order) holding both, house by
    /// house in the house's own cell order: what a potential on switches
    /// off, before the digit is checked.
    pub peer_order: Vec<Vec<(usize, usize)>>,
    /// Per cell, its cage mates outside its houses, ascending.
    pub mate_list: Vec<Vec<usize>>,
    /// Per cell, the cell itself, the cells sharing a house with it and its
    /// cage mates.
    pub near: Vec<CellSet>,
    /// The houses of each kind, by number (indexed by `HouseKind as usize`).
    kinds: Vec<Vec<usize>>,
    /// The houses each house shares a cell with, each with the positions
    /// (in the first house's cell order) of the cells they share, as bits.
    crossing: Vec<Vec<(usize, u32)>>,
    /// Each house's cells, ascending.
    cells: Vec<Vec<usize>>,
}

impl Deref for Context {
    type Target = Shape;

    fn deref(&self) -> &Shape {
        &self.shape
    }
}

thread_local! {
    /// The shape last worked out on this thread, and the geometry it is of
    /// (held weakly: while it is held, no other geometry can take its
    /// address).
    static LAST_SHAPE: RefCell<Option<(Weak<Geometry>, Rc<Shape>)>> =
        const { RefCell::new(None) };
}

/// A deterministic cap on the potentials one top-level search may handle.
/// Nested chains on a grid with few candidates settled (a killer puzzle's
/// nearly empty grid) could otherwise run for hours; a search that runs out
/// reports nothing, so the path moves on rather than taking a step SE might
/// not have chosen.
/// The budget of the search under way is polled too, every [`CLOCK_EVERY`]
/// potentials.
pub(super) struct Work {
    spent: Cell<u64>,
    limit: Cell<u64>,
    next_check: Cell<u64>,
}

/// How many potentials between two looks at the budget's clock.
const CLOCK_EVERY: u64 = 1 << 10;

impl Work {
    /// Counts `amount` potentials handled; false once the cap is passed or
    /// the budget runs out.
    pub fn spend(&self, amount: u64) -> bool {
        let spent = self.spent.get() + amount;
        self.spent.set(spent);
        if spent >= self.next_check.get() {
            self.next_check.set(spent + CLOCK_EVERY);
            if crate::budget::poll().is_break() {
                self.limit.set(0);
            }
        }
        spent <= self.limit.get()
    }

    /// The potentials counted so far.
    pub fn spent(&self) -> u64 {
        self.spent.get()
    }

    /// Whether the cap has been passed.
    pub fn exhausted(&self) -> bool {
        self.spent.get() > self.limit.get()
    }
}

impl Context {
    /// The context of a search of `grid`.
    pub fn new(grid: &Grid) -> Self {
        let geometry = grid.geometry();
        let shape = LAST_SHAPE.with_borrow_mut(|last| match last {
            Some((known, shape)) if std::ptr::eq(known.as_ptr(), Arc::as_ptr(geometry)) => {
                Rc::clone(shape)
            }
            _ => {
                let shape = Rc::new(Shape::new(grid));
                *last = Some((Arc::downgrade(geometry), Rc::clone(&shape)));
                shape
            }
        });
        Context {
            shape,
            work: Work {
                spent: Cell::new(0),
                limit: Cell::new(WORK_LIMIT),
                next_check: Cell::new(CLOCK_EVERY),
            },
            deductions: RefCell::default(),
        }
    }
}

impl Shape {
    /// The shape of `grid`'s geometry.
    fn new(grid: &Grid) -> Self {
        let rank = |kind: HouseKind| match kind {
            HouseKind::Box => 0,
            HouseKind::Row => 1,
            HouseKind::Column => 2,
            HouseKind::Diagonal => 3,
            HouseKind::Window => 4,
            HouseKind::Extra => 5,
        };
        let cells = grid.values().len();
        let houses_of: Vec<Vec<usize>> = (0..cells)
            .map(|cell| {
                let mut houses = grid.cell_houses(cell).to_vec();
                houses.sort_by_key(|&h| rank(grid.house_kind(h)));
                houses
            })
            .collect();
        let cage_mates = (0..cells)
            .map(|cell| {
                let mut mates = grid.peers(cell);
                for &house in grid.cell_houses(cell) {
                    mates -= grid.house_cells(house);
                }
                mates
            })
            .collect::<Vec<CellSet>>();
        let peer_order = (0..cells)
            .map(|cell| {
                let mut seen = CellSet::EMPTY;
                seen.insert(cell);
                let mut order = Vec::new();
                for &house in &houses_of[cell] {
                    for &other in &grid.houses()[house].cells {
                        if !seen.contains(other) {
                            seen.insert(other);
                            order.push((other, house));
                        }
                    }
                }
                order
            })
            .collect::<Vec<_>>();
        let mate_list = cage_mates.iter().map(|m| m.iter().collect()).collect();
        let near = (0..cells)
            .map(|cell| {
                let mut near = cage_mates[cell];
                near.insert(cell);
                for &(other, _) in &peer_order[cell] {
                    near.insert(other);
                }
                near
            })
            .collect();
        let mut kinds = vec![Vec::new(); HouseKind::Extra as usize + 1];
        let mut by_number: Vec<usize> = (0..grid.houses().len()).collect();
        by_number.sort_by_key(|&h| grid.houses()[h].index);
        for house in by_number {
            kinds[grid.house_kind(house) as usize].push(house);
        }
        let cells: Vec<Vec<usize>> = (0..grid.houses().len())
            .map(|house| grid.house_cells(house).iter().collect())
            .collect();
        let crossing = (0..grid.houses().len())
            .map(|house| {
                kinds
                    .iter()
                    .flatten()
                    .copied()
                    .filter(|&other| {
                        other != house
                            && grid.house_cells(house).intersects(&grid.house_cells(other))
                    })
                    .map(|other| {
                        let shared = grid.house_cells(other);
                        let positions = cells[house]
                            .iter()
                            .enumerate()
                            .filter(|&(_, &c)| shared.contains(c))
                            .fold(0u32, |mask, (position, _)| mask | 1 << position);
                        (other, positions)
                    })
                    .collect()
            })
            .collect();
        Shape {
            houses_of,
            peer_order,
            mate_list,
            near,
            kinds,
            crossing,
            cells,
        }
    }

    /// The houses of `kind`, by number.
    pub fn of(&self, kind: HouseKind) -> &[usize] {
        &self.kinds[kind as usize]
    }

    /// The houses sharing a cell with `house`, by kind and number, each
    /// with the positions of the shared cells among `house`'s cells (in
    /// [`Shape::cells`] order), as bits.
    pub fn crossing(&self, house: usize) -> &[(usize, u32)] {
        &self.crossing[house]
    }

    /// The cells of `house`, ascending.
    pub fn cells(&self, house: usize) -> &[usize] {
        &self.cells[house]
    }
}

/// The most potentials one top-level search handles (see [`Work`]).
const WORK_LIMIT: u64 = 1_000_000_000;
