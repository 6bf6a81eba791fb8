//! Forcing chains from every candidate: Nishio, multiple (cell and region)
//! and dynamic forcing chains, as Sudoku Explainer searches them.
//!
//! For each open cell, each candidate is assumed on and then off:
//!
//! * **contradiction** — an assumption reaching some candidate both on and
//!   off is false (Nishio: following one digit only);
//! * **double** — a candidate reached the same way from both assumptions
//!   holds;
//! * **region** — a candidate reached the same way from every place of a
//!   digit in a house holds;
//! * **cell** — a candidate reached the same way from every candidate of a
//!   cell holds.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use super::context::Context;
use super::potential::{Cause, Hint, Kind, Potential, Run};
use super::propagation::{Chaining, Links, Workspace};
use super::unary;
use crate::grid::{Grid, digits_of};
use crate::step::Candidate;

thread_local! {
    /// Runs cleared by the searches that ended on this thread, for the next
    /// ones (see `Search::spare`).
    static SPARE_RUNS: RefCell<Vec<Run>> = const { RefCell::new(Vec::new()) };
}

/// The most runs [`SPARE_RUNS`] keeps.
const KEPT_RUNS: usize = 64;

impl Chaining {
    /// Every deduction this producer finds in `grid`, easiest first, one per
    /// set of removals.
    pub fn hints(self, context: &Context, grid: &Grid) -> Vec<Rc<Hint>> {
        let links = (!self.dynamic).then(|| Links::new(context, grid));
        let search = Search {
            chaining: self,
            context,
            links: links.as_ref(),
            grid,
            spare: RefCell::new(SPARE_RUNS.take()),
            work: RefCell::new(Workspace::default()),
            ahead: RefCell::new(vec![None; grid.values().len() * grid.size()]),
        };
        let mut hints = match &links {
            Some(links) if !self.multiple => unary::hints(context, links, grid),
            _ => search.multiple_hints(),
        };
        let mut spare = search.spare.into_inner();
        SPARE_RUNS.with_borrow_mut(|kept| {
            kept.append(&mut spare);
            kept.truncate(KEPT_RUNS);
        });
        if context.work.exhausted() {
            return Vec::new();
        }
        hints.sort_by(Hint::order);
        let mut seen: HashSet<Vec<Candidate>> = HashSet::new();
        hints
            .into_iter()
            .filter(|h| seen.insert(h.removable.clone()))
            .map(Rc::new)
            .collect()
    }
}

/// One producer's search of one grid.
struct Search<'a> {
    chaining: Chaining,
    context: &'a Context,
    links: Option<&'a Links>,
    grid: &'a Grid,
    /// Runs no deduction kept, cleared for the next assumptions (and the
    /// next searches on this thread): a run's index is as large as the
    /// grid's candidates, too costly to allocate and zero for each of them.
    spare: RefCell<Vec<Run>>,
    /// Where each propagation works.
    work: RefCell<Workspace>,
    /// Candidates assumed on by a region chain before their own cell's
    /// turn: the run, its contradiction and the work it counted, kept for
    /// that turn (cells come in order, and a region's chains start from
    /// its first place, so they are always ahead). Indexed by candidate
    /// (`key`).
    ahead: RefCell<Vec<Option<Ahead>>>,
}

/// A propagation done ahead of its turn (see `Search::ahead`).
type Ahead = (Rc<Run>, Option<(usize, usize)>, u64);

impl Search<'_> {
    fn multiple_hints(&self) -> Vec<Hint> {
        let (grid, chaining) = (self.grid, self.chaining);
        let mut hints = Vec::new();
        for cell in 0..grid.values().len() {
            // A search past its cap or deadline reports nothing (`hints`):
            // stop assuming at once.
            if self.context.work.exhausted() {
                break;
            }
            if grid.value(cell) != 0 {
                continue;
            }
            let digits = digits_of(grid.mask(cell));
            let count = digits.len();
            if !(count > 2 || (count > 1 && chaining.dynamic)) {
                continue;
            }
            let mut branches: Vec<Rc<Run>> = Vec::new();
            for &digit in &digits {
                let on_run = self.binary(cell, digit, count, &mut hints);
                if !chaining.nishio {
                    self.regions(cell, digit, &on_run, &mut hints);
                }
                branches.push(on_run);
            }
            if !chaining.nishio && (count == 2 || (chaining.multiple && count > 2)) {
                for (target, on) in common(&branches) {
                    hints.push(self.hint(Kind::Cell, &branches, target, on, None));
                }
            }
            self.recycle(branches);
        }
        hints.retain(|h| !h.removable.is_empty());
        hints
    }

    /// Assumes the candidate on, then off: contradictions and doubles.
    /// Returns the run of the candidate on.
    fn binary(&self, cell: usize, digit: u8, count: usize, hints: &mut Vec<Hint>) -> Rc<Run> {
        let chaining = self.chaining;
        let contradictions = chaining.dynamic || chaining.nishio;
        let doubles = count >= 3 && !chaining.nishio && chaining.dynamic;
        let ahead = self.ahead.borrow_mut()[self.key(cell, digit)].take();
        let (on_run, on_absurd) = match ahead {
            Some((run, absurd, work)) => {
                // Counted again, so the cap falls where it would have.
                self.context.work.spend(work);
                (run, absurd)
            }
            None => self.assume(cell, digit, true),
        };
        if contradictions && let Some((a, b)) = on_absurd {
            let targets = vec![(Rc::clone(&on_run), a), (Rc::clone(&on_run), b)];
            let removable = vec![Candidate::new(cell, digit)];
            hints.push(Hint::new(
                Kind::Contradiction,
                chaining.base(),
                targets,
                removable,
                None,
                None,
            ));
        }
        let (off_run, off_absurd) = self.assume(cell, digit, false);
        if contradictions && let Some((a, b)) = off_absurd {
            let targets = vec![(Rc::clone(&off_run), a), (Rc::clone(&off_run), b)];
            hints.push(Hint::new(
                Kind::Contradiction,
                chaining.base(),
                targets,
                others(self.grid, cell, digit),
                Some(Candidate::new(cell, digit)),
                None,
            ));
        }
        let both = [Rc::clone(&on_run), off_run];
        if doubles {
            for (target, on) in common(&both) {
                hints.push(self.hint(Kind::Double, &both, target, on, None));
            }
        }
        // The caller keeps the run of the candidate on.
        self.recycle(both);
        on_run
    }

    /// Region forcing chains through the houses where `cell` is the digit's
    /// first place.
    fn regions(&self, cell: usize, digit: u8, on_run: &Rc<Run>, hints: &mut Vec<Hint>) {
        for &house in &self.context.houses_of[cell] {
            let places = self.grid.house_cells(house) & self.grid.cells_with(digit);
            let count = places.len();
            let worth = count == 2 || (self.chaining.multiple && count > 2);
            if !worth || places.first_cell() != Some(cell) {
                continue;
            }
            let branches: Vec<Rc<Run>> = places
                .iter()
                .map(|place| match place == cell {
                    true => Rc::clone(on_run),
                    false => self.assume_ahead(place, digit),
                })
                .collect();
            for (target, on) in common(&branches) {
                hints.push(self.hint(Kind::Region, &branches, target, on, Some(house)));
            }
            self.recycle(branches);
        }
    }

    /// Keeps the runs nothing else holds (no deduction, no caller) for the
    /// next assumptions.
    fn recycle(&self, runs: impl IntoIterator<Item = Rc<Run>>) {
        for run in runs {
            if let Ok(mut run) = Rc::try_unwrap(run) {
                run.clear();
                self.spare.borrow_mut().push(run);
            }
        }
    }

    /// The run of the candidate assumed on, for a region chain before its
    /// own cell's turn: propagated once, kept for that turn.
    fn assume_ahead(&self, cell: usize, digit: u8) -> Rc<Run> {
        let key = self.key(cell, digit);
        if let Some((run, _, work)) = &self.ahead.borrow()[key] {
            self.context.work.spend(*work);
            return Rc::clone(run);
        }
        let before = self.context.work.spent();
        let (run, absurd) = self.assume(cell, digit, true);
        let work = self.context.work.spent() - before;
        self.ahead.borrow_mut()[key] = Some((Rc::clone(&run), absurd, work));
        run
    }

    /// A candidate's place in `ahead`.
    fn key(&self, cell: usize, digit: u8) -> usize {
        cell * self.grid.size() + usize::from(digit - 1)
    }

    /// Propagates one assumption.
    fn assume(&self, cell: usize, digit: u8, on: bool) -> (Rc<Run>, Option<(usize, usize)>) {
        let (cells, size) = (self.grid.values().len(), self.grid.size());
        // A run kept from another search may be of another grid size.
        let spare = self
            .spare
            .borrow_mut()
            .pop()
            .filter(|r| r.fits(cells, size));
        let mut run = spare.unwrap_or_else(|| {
            // Room for a quarter of the potentials: a propagation reaches
            // hundreds, and growing one step at a time copies them again.
            Run::new(cells, size, cells * size / 4)
        });
        let seed = run.push(Potential::new(cell, digit, on, Cause::Assumption, None));
        let absurd = self.chaining.propagate(
            self.context,
            self.links,
            self.grid,
            &mut run,
            &[seed],
            &mut self.work.borrow_mut(),
        );
        (Rc::new(run), absurd)
    }

    /// A deduction reached by every branch: the candidate `target` in state
    /// `on`.
    fn hint(
        &self,
        kind: Kind,
        branches: &[Rc<Run>],
        target: Candidate,
        on: bool,
        house: Option<usize>,
    ) -> Hint {
        let targets = branches
            .iter()
            .filter_map(|run| {
                run.find(target.cell, target.digit, on)
                    .map(|id| (Rc::clone(run), id))
            })
            .collect();
        let (removable, placement) = match on {
            true => (others(self.grid, target.cell, target.digit), Some(target)),
            false => (vec![target], None),
        };
        Hint::new(
            kind,
            self.chaining.base(),
            targets,
            removable,
            placement,
            house,
        )
    }
}

/// The cell's candidates other than `digit`.
fn others(grid: &Grid, cell: usize, digit: u8) -> Vec<Candidate> {
    digits_of(grid.mask(cell))
        .into_iter()
        .filter(|&d| d != digit)
        .map(|d| Candidate::new(cell, d))
        .collect()
}

/// The potentials every branch reaches: first those on, then those off, in
/// the order the first branch found them.
fn common(branches: &[Rc<Run>]) -> Vec<(Candidate, bool)> {
    let Some((first, rest)) = branches.split_first() else {
        return Vec::new();
    };
    let mut result = Vec::new();
    for state in [true, false] {
        for (id, node) in first.nodes.iter().enumerate() {
            if node.on != state || first.find(node.cell, node.digit, state) != Some(id) {
                continue;
            }
            if rest
                .iter()
                .all(|run| run.contains(node.cell, node.digit, state))
            {
                result.push((Candidate::new(node.cell, node.digit), state));
            }
        }
    }
    result
}
