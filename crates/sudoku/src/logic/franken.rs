//! Franken fish: fish whose base and cover sets may include boxes (HoDoKu's
//! Franken X-wing and swordfish, finned or not).
//!
//! For one digit pick n *base* houses sharing none of its candidates, and n
//! *cover* houses (not base houses). Each base house holds the digit once, so
//! the base candidates hold n true ones, all different houses apart; each
//! cover house holds at most one. If the covers hold every base candidate,
//! each cover holds exactly one true base candidate: the digit leaves the
//! rest of the covers, and a base candidate lying in two covers (it would
//! fill both) is false too ("cannibalism").
//!
//! * **Franken fish** — the base houses are rows and boxes (at least one row)
//!   and the covers columns and boxes (at least one column), or the same with
//!   rows and columns swapped, and some box is used (otherwise it is a basic
//!   fish; HoDoKu calls other mixes *mutant*, and leaves them off).
//! * **Finned Franken fish** — up to five base candidates lie in no cover
//!   (*fins*), and up to two lie in two base houses (*endo fins*, a row
//!   crossing a box). Either a fin is true or the fish stands, so only the
//!   candidates seeing every fin go.
//!
//! A step's `houses` are the base houses, then the covers; `pattern` the base
//! candidates that are not fins, `extra` the fins. The argument counts digits
//! in houses and uses peers, so it holds for every size and variant with
//! rows, columns and boxes (jigsaw regions count as boxes; a killer cage
//! mate counts as seeing a fin).
//!
//! ```
//! use fdoku_sudoku::logic::{Candidate, Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // Row 1 keeps 1 only in r1c4, r1c5 and box 5 only in r5c4, r6c5: base
//! // {row 1, box 5}, covers {column 4, column 5}.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for cell in [0, 1, 2, 5, 6, 7, 8, 30, 31, 32, 40, 41, 48, 50] {
//!     grid.eliminate(cell, 1);
//! }
//! let ones: Vec<Candidate> = [12, 13, 21, 22, 57, 58, 66, 67, 75, 76]
//!     .map(|cell| Candidate::new(cell, 1))
//!     .to_vec();
//! let steps = Technique::FrankenXWing.find_all(&grid);
//! assert!(steps.iter().any(|s| s.eliminations == ones));
//! assert_eq!(
//!     steps[0].text(&grid).split(':').next().unwrap(),
//!     "Franken X-wing {1} in r1c4, r1c5, r5c4, r6c5 (row 1, box 5, column 4, column 5)"
//! );
//! ```

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::cellset::CellSet;
use super::grid::Grid;
use super::step::{Candidate, Step};
use super::technique::{Found, Technique};
use crate::rules::HouseKind;

/// The most fins of a finned Franken fish (HoDoKu's default).
const MAX_FINS: usize = 5;

/// The most endo fins (HoDoKu's default).
const MAX_ENDO_FINS: usize = 2;

/// A house holding the digit, as a base or cover set.
#[derive(Clone, Copy)]
struct Unit {
    house: usize,
    kind: HouseKind,
    /// Its cells holding the digit.
    cells: CellSet,
}

/// Finds the technique's Franken fish for every digit, rows (and boxes) as
/// base first, then columns.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    use Technique::*;
    let (size, finned) = match technique {
        FrankenXWing => (2, false),
        FrankenSwordfish => (3, false),
        FinnedFrankenXWing => (2, true),
        _ => (3, true),
    };
    let mut reported = HashSet::new();
    for digit in 1..=grid.size() as u8 {
        for (line, cross) in [
            (HouseKind::Row, HouseKind::Column),
            (HouseKind::Column, HouseKind::Row),
        ] {
            let units = |kind: HouseKind| -> Vec<Unit> {
                (0..grid.houses().len())
                    .filter(
                        |&h| matches!(grid.house_kind(h), k if k == kind || k == HouseKind::Box),
                    )
                    .map(|house| Unit {
                        house,
                        kind: grid.house_kind(house),
                        cells: grid.house_cells(house) & grid.cells_with(digit),
                    })
                    .filter(|u| !u.cells.is_empty())
                    .collect()
            };
            let search = Search {
                grid,
                technique,
                digit,
                size,
                finned,
                line,
                cross,
                bases: units(line)
                    .into_iter()
                    .filter(|u| finned || u.cells.len() <= size)
                    .collect(),
                covers: units(cross),
            };
            search.bases(
                0,
                &mut Vec::new(),
                CellSet::EMPTY,
                CellSet::EMPTY,
                &mut reported,
                found,
            )?;
        }
    }
    ControlFlow::Continue(())
}

/// One search: a digit and an orientation.
struct Search<'a> {
    grid: &'a Grid,
    technique: Technique,
    digit: u8,
    size: usize,
    finned: bool,
    /// The kind of line among the base sets, and among the covers.
    line: HouseKind,
    cross: HouseKind,
    bases: Vec<Unit>,
    covers: Vec<Unit>,
}

/// The chosen base sets: their units, their candidates and endo fins.
struct Base<'a> {
    units: &'a [Unit],
    cells: CellSet,
    endo_fins: CellSet,
}

impl Search<'_> {
    /// Chooses the base sets from `self.bases[from..]`.
    fn bases(
        &self,
        from: usize,
        chosen: &mut Vec<Unit>,
        cells: CellSet,
        endo_fins: CellSet,
        reported: &mut HashSet<Vec<Candidate>>,
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        if chosen.len() == self.size {
            let base = Base {
                units: chosen,
                cells,
                endo_fins,
            };
            return self.covers_for(&base, reported, found);
        }
        for i in from..self.bases.len() {
            let unit = self.bases[i];
            let endo = endo_fins | (cells & unit.cells);
            if !endo.is_empty() && (!self.finned || endo.len() > MAX_ENDO_FINS) {
                continue;
            }
            chosen.push(unit);
            let flow = self.bases(i + 1, chosen, cells | unit.cells, endo, reported, found);
            chosen.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Tries every choice of covers for the base.
    fn covers_for(
        &self,
        base: &Base<'_>,
        reported: &mut HashSet<Vec<Candidate>>,
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        if !base.units.iter().any(|u| u.kind == self.line) {
            return ControlFlow::Continue(());
        }
        let options: Vec<Unit> = self
            .covers
            .iter()
            .filter(|c| !base.units.iter().any(|b| b.house == c.house))
            .filter(|c| c.cells.intersects(&base.cells))
            .copied()
            .collect();
        // What may go: a candidate of a cover outside the base, or a base
        // candidate in two covers; it must see every fin, endo fins included.
        let (mut anywhere, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        for unit in &options {
            twice |= anywhere & unit.cells;
            anywhere |= unit.cells;
        }
        let mut witnesses = (anywhere - base.cells) | (twice & base.cells);
        for fin in base.endo_fins.iter() {
            witnesses &= self.grid.peers(fin);
        }
        if witnesses.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut pick = Picker {
            search: self,
            base,
            options: &options,
            chosen: Vec::with_capacity(self.size),
            reported,
        };
        let start = Cover {
            covered: CellSet::EMPTY,
            twice: CellSet::EMPTY,
            fins: base.endo_fins,
            witnesses,
        };
        pick.cover(start, found)
    }

    /// Reports the fish with these covers if it is the technique's kind and
    /// eliminates something.
    fn evaluate(
        &self,
        base: &Base<'_>,
        covers: &[Unit],
        covered: CellSet,
        twice: CellSet,
        reported: &mut HashSet<Vec<Candidate>>,
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        let fins = (base.cells - covered) | base.endo_fins;
        let fin_count = fins.len();
        let shape_fits = if self.finned {
            (1..=MAX_FINS).contains(&fin_count)
        } else {
            fin_count == 0
        };
        let uses_box = base
            .units
            .iter()
            .chain(covers)
            .any(|u| u.kind == HouseKind::Box);
        if !shape_fits || !uses_box || !covers.iter().any(|u| u.kind == self.cross) {
            return ControlFlow::Continue(());
        }
        let mut targets = (covered - base.cells) | twice;
        if !fins.is_empty() {
            targets &= self.grid.seen_by_all(&fins);
        }
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let candidates = |set: CellSet| -> Vec<Candidate> {
            set.iter().map(|c| Candidate::new(c, self.digit)).collect()
        };
        let eliminations = candidates(targets);
        if !reported.insert(eliminations.clone()) {
            return ControlFlow::Continue(());
        }
        let mut step = Step::new(self.technique);
        step.houses = base.units.iter().chain(covers).map(|u| u.house).collect();
        step.pattern = candidates(base.cells - fins);
        step.extra = candidates(fins);
        step.eliminations = eliminations;
        found(step)
    }
}

/// The covers chosen so far.
#[derive(Clone, Copy)]
struct Cover {
    /// The cells of the covers.
    covered: CellSet,
    /// The cells in two covers or more.
    twice: CellSet,
    /// The base candidates declared fins (endo fins included).
    fins: CellSet,
    /// The candidates seeing every fin.
    witnesses: CellSet,
}

/// Chooses covers for the lowest base candidate not yet covered, or makes
/// it a fin (while some candidate sees every fin), so every fish is reached
/// without trying hopeless combinations.
struct Picker<'a, 'b> {
    search: &'a Search<'a>,
    base: &'a Base<'a>,
    /// The houses that may cover (not base houses, holding a base candidate).
    options: &'a [Unit],
    chosen: Vec<Unit>,
    reported: &'b mut HashSet<Vec<Candidate>>,
}

impl Picker<'_, '_> {
    fn cover(&mut self, state: Cover, found: &mut Found<'_>) -> ControlFlow<()> {
        let open = self.base.cells - state.covered - state.fins;
        let Some(cell) = open.first_cell() else {
            return self.fill(0, state, found);
        };
        if self.chosen.len() == self.search.size {
            // The rest are fins.
            return self.all_fins(state, open, found);
        }
        {
            for i in 0..self.options.len() {
                let unit = self.options[i];
                if unit.cells.contains(cell) && self.may_add(unit, &state) {
                    self.chosen.push(unit);
                    let next = Cover {
                        covered: state.covered | unit.cells,
                        twice: state.twice | (state.covered & unit.cells),
                        ..state
                    };
                    let flow = self.cover(next, found);
                    self.chosen.pop();
                    flow?;
                }
            }
        }
        if self.search.finned && state.fins.len() < MAX_FINS {
            let witnesses = state.witnesses & self.search.grid.peers(cell);
            if !witnesses.is_empty() {
                let mut fins = state.fins;
                fins.insert(cell);
                return self.cover(
                    Cover {
                        fins,
                        witnesses,
                        ..state
                    },
                    found,
                );
            }
        }
        ControlFlow::Continue(())
    }

    /// Evaluates the fish whose covers are all chosen, making the base
    /// candidates they miss (`open`) fins.
    fn all_fins(&mut self, state: Cover, open: CellSet, found: &mut Found<'_>) -> ControlFlow<()> {
        if !self.search.finned || state.fins.len() + open.len() > MAX_FINS {
            return ControlFlow::Continue(());
        }
        let mut witnesses = state.witnesses;
        for fin in open.iter() {
            witnesses &= self.search.grid.peers(fin);
        }
        if witnesses.is_empty() {
            return ControlFlow::Continue(());
        }
        self.fill(0, state, found)
    }

    /// Whether `unit` may join the covers: not chosen yet, and holding no
    /// candidate declared a fin (that fish is reached by covering the
    /// candidate with it instead).
    fn may_add(&self, unit: Unit, state: &Cover) -> bool {
        !self.chosen.iter().any(|c| c.house == unit.house)
            && !unit.cells.intersects(&(state.fins - self.base.endo_fins))
    }

    /// Completes the covers with houses from `options[from..]` (each holds
    /// a base candidate already covered), then evaluates the fish.
    fn fill(&mut self, from: usize, state: Cover, found: &mut Found<'_>) -> ControlFlow<()> {
        if self.chosen.len() == self.search.size {
            return self.search.evaluate(
                self.base,
                &self.chosen,
                state.covered,
                state.twice,
                self.reported,
                found,
            );
        }
        for i in from..self.options.len() {
            let unit = self.options[i];
            if !self.may_add(unit, &state) {
                continue;
            }
            self.chosen.push(unit);
            let next = Cover {
                covered: state.covered | unit.cells,
                twice: state.twice | (state.covered & unit.cells),
                ..state
            };
            let flow = self.fill(i + 1, next, found);
            self.chosen.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }
}
