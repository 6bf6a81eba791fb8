//! Diagonal sums: little killer diagonals weighed together with whole
//! houses. One or two diagonals, each added or taken away, and any set of
//! rows, of columns or of boxes added: where the cells cancel out, the few
//! left (at most [`MOST_CELLS`] open ones), each counted once, added or
//! taken away, add up to a known total. Every diagonal must share a cell
//! with another term, so that something cancels, and one must reach out
//! of the houses (diagonals inside them are innies and outies'). Box 6 of
//! a 6×6 grid (21) less a diagonal of 11 inside it and one of 6 reaching
//! into box 4 leaves `r5c4 + r6c6 − r4c6 = 4`. The equation is then
//! filled like a cage (`equations`). A third diagonal finished no more of
//! the generated 6×6 little killers and made each search about 1.7 times as
//! long.
//!
//! The houses of one kind are disjoint and cover the grid, so for a
//! choice of diagonals each house adds the same number of cells to the
//! equation whatever the other houses do: the sets of houses are searched
//! house by house, cut off as soon as too many cells are left.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::{Arc, Weak};

use super::super::grid::{Geometry, Grid};
use super::super::step::Found;
use super::super::technique::Technique;
use super::elements;
use super::equations::{Equation, Term, Tried, step, terms_text};
use fdoku_sudoku::{Element, HouseKind};

/// The most open cells an equation may keep.
const MOST_CELLS: usize = 7;

/// The most diagonals weighed together.
const MOST_DIAGONALS: usize = 2;

/// Reports each equation of diagonals and houses that removes candidates.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let mut tried = Tried::default();
    for equation in equations(grid).iter() {
        let why = || format!("{} leaves", terms_text(grid, &equation.terms));
        if let Some(step) = step(grid, Technique::DiagonalSums, equation, &why, &mut tried)? {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

thread_local! {
    /// The equations last listed on this thread, with the geometry (held
    /// weakly: while it is held no other geometry takes its address) and
    /// the placed digits they are of.
    static LAST: RefCell<Option<Listed>> = const { RefCell::new(None) };
}

/// Equations listed for a geometry and its placed digits.
type Listed = (Weak<Geometry>, Vec<u8>, Rc<Vec<Equation>>);

/// The equations of diagonals and houses worth filling, in the order they
/// are tried. They depend on the rules and the placed digits only, not on
/// the candidates, so the last list is kept per thread: the many grids a
/// forcing chain's assumptions leave, and the steps of a path until a
/// digit is placed, share it.
fn equations(grid: &Grid) -> Rc<Vec<Equation>> {
    let geometry = grid.geometry();
    LAST.with_borrow_mut(|last| match last {
        Some((known, values, listed))
            if std::ptr::eq(known.as_ptr(), Arc::as_ptr(geometry))
                && values.as_slice() == grid.values() =>
        {
            Rc::clone(listed)
        }
        _ => {
            let listed = Rc::new(list(grid));
            *last = Some((
                Arc::downgrade(geometry),
                grid.values().to_vec(),
                Rc::clone(&listed),
            ));
            listed
        }
    })
}

/// Every equation of one or two diagonals and a set of houses of one kind
/// that weighs them together and leaves few open cells.
fn list(grid: &Grid) -> Vec<Equation> {
    let mut listed = Vec::new();
    let diagonals: Vec<usize> = elements(grid)
        .filter(|(_, e)| matches!(e, Element::LittleKiller { .. }))
        .map(|(index, _)| index)
        .collect();
    if diagonals.is_empty() {
        return listed;
    }
    let families: Vec<Vec<usize>> = [HouseKind::Row, HouseKind::Column, HouseKind::Box]
        .into_iter()
        .map(|kind| {
            (0..grid.houses().len())
                .filter(|&h| grid.house_kind(h) == kind)
                .collect()
        })
        .collect();
    for chosen in signed_subsets(diagonals.len()) {
        let terms: Vec<(i32, Term)> = chosen
            .iter()
            .map(|&(k, sign)| (sign, Term::Diagonal(diagonals[k])))
            .collect();
        let Some(lines) = Equation::of(grid, terms) else {
            continue;
        };
        for (f, family) in families.iter().enumerate() {
            let mut search = HouseSearch::new(grid, &lines.coefficients, family);
            let mut picks = Vec::new();
            let _ = search.go(0, 0, &mut picks, &mut |houses| {
                // The diagonals alone: once, with the first added, and not
                // one diagonal by itself (the little killer's own read).
                if houses.is_empty() && (f > 0 || chosen.len() == 1 || chosen[0].1 < 0) {
                    return ControlFlow::Continue(());
                }
                let mut terms = Vec::new();
                if !houses.is_empty() {
                    terms.push((1, Term::Houses(houses.to_vec())));
                }
                terms.extend(lines.terms.iter().cloned());
                let Some(equation) = Equation::of(grid, terms) else {
                    return ControlFlow::Continue(());
                };
                if weighed_together(grid, &equation) && !lines_inside(grid, &equation) {
                    listed.push(equation);
                }
                ControlFlow::Continue(())
            });
        }
    }
    listed
}

/// Whether the terms really cancel: every cell counted at most once
/// either way, and every diagonal sharing a cell with another term (two
/// diagonals apart only add up what each says alone).
fn weighed_together(grid: &Grid, equation: &Equation) -> bool {
    if equation.coefficients.iter().any(|c| c.abs() > 1) {
        return false;
    }
    let cells: Vec<_> = equation.terms.iter().map(|(_, t)| t.cells(grid)).collect();
    (0..cells.len()).all(|i| {
        matches!(equation.terms[i].1, Term::Houses(_))
            || (0..cells.len()).any(|j| j != i && cells[i].intersects(&cells[j]))
    })
}

/// Whether every diagonal lies inside the houses: the innies of the 45
/// rule, innies and outies' own.
fn lines_inside(grid: &Grid, equation: &Equation) -> bool {
    let [(_, houses @ Term::Houses(_)), lines @ ..] = &equation.terms[..] else {
        return false;
    };
    let region = houses.cells(grid);
    lines.iter().all(|(_, t)| t.cells(grid).is_subset(&region))
}

/// Every choice of one to [`MOST_DIAGONALS`] of `n` diagonals, each with a
/// sign.
fn signed_subsets(n: usize) -> Vec<Vec<(usize, i32)>> {
    let mut all = Vec::new();
    let mut stack: Vec<Vec<(usize, i32)>> =
        (0..n).flat_map(|k| [vec![(k, 1)], vec![(k, -1)]]).collect();
    while let Some(chosen) = stack.pop() {
        if chosen.len() < MOST_DIAGONALS {
            let last = chosen.last().map_or(0, |&(k, _)| k);
            for next in last + 1..n {
                for sign in [1, -1] {
                    let mut more = chosen.clone();
                    more.push((next, sign));
                    stack.push(more);
                }
            }
        }
        all.push(chosen);
    }
    all.sort();
    all
}

/// The search over sets of houses of one kind added to the diagonals'
/// coefficients.
struct HouseSearch<'a> {
    family: &'a [usize],
    /// Per house: the open cells left if it is left out, and if it is in.
    cost: Vec<(usize, usize)>,
    /// Per house: its open cells.
    open: Vec<usize>,
    /// The fewest open cells the houses from k on can leave.
    least_after: Vec<usize>,
}

impl<'a> HouseSearch<'a> {
    fn new(grid: &Grid, coefficients: &[i32], family: &'a [usize]) -> Self {
        let mut cost = Vec::new();
        let mut open = Vec::new();
        for &h in family {
            let cells: Vec<usize> = grid
                .house_cells(h)
                .iter()
                .filter(|&c| grid.value(c) == 0)
                .collect();
            let out = cells.iter().filter(|&&c| coefficients[c] != 0).count();
            let within = cells.iter().filter(|&&c| coefficients[c] != -1).count();
            cost.push((out, within));
            open.push(cells.len());
        }
        let mut least_after = vec![0; family.len() + 1];
        for k in (0..family.len()).rev() {
            least_after[k] = least_after[k + 1] + cost[k].0.min(cost[k].1);
        }
        HouseSearch {
            family,
            cost,
            open,
            least_after,
        }
    }

    /// Calls `visit` with every set of houses leaving at most
    /// [`MOST_CELLS`] open cells.
    fn go(
        &mut self,
        k: usize,
        cells: usize,
        picks: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if cells + self.least_after[k] > MOST_CELLS {
            return ControlFlow::Continue(());
        }
        if k == self.family.len() {
            return match cells {
                0 => ControlFlow::Continue(()),
                _ => visit(picks),
            };
        }
        let (out, within) = self.cost[k];
        self.go(k + 1, cells + out, picks, visit)?;
        // A house without open cells changes only the total.
        if self.open[k] == 0 {
            return ControlFlow::Continue(());
        }
        picks.push(self.family[k]);
        self.go(k + 1, cells + within, picks, visit)?;
        picks.pop();
        ControlFlow::Continue(())
    }
}
