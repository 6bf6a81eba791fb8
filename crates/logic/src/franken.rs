//! Franken fish: fish whose base and cover sets may include boxes (HoDoKu's
//! Franken X-wing, swordfish and jellyfish, finned or not; its default
//! solver leaves the jellyfish off).
//!
//! For one digit pick n *base* houses sharing none of its candidates, and n
//! *cover* houses (not base houses). Each base house holds the digit once
//! and they share no candidate, so n base candidates are true; each cover
//! house holds at most one. If the covers hold every base candidate,
//! each cover holds exactly one true base candidate: the digit leaves the
//! rest of the covers, and a base candidate lying in two covers (it would
//! fill both) is false too ("cannibalism").
//!
//! * **Franken fish** — the base houses are rows and boxes (at least one row)
//!   and the covers columns and boxes (at least one column), or the same with
//!   rows and columns swapped, and some box is used (otherwise it is a basic
//!   fish; HoDoKu calls other mixes *mutant*, and leaves them off).
//! * **Finned Franken fish** — some base candidates lie in no cover
//!   (*fins*), or in two base houses (*endo fins*, where a row crosses a box;
//!   two at most), five fins in all (HoDoKu's limits). Either a fin is true
//!   or the fish stands, so only the candidates seeing every fin go.
//!
//! A step's `houses` are the base houses, then the covers; `pattern` the base
//! candidates that are not fins, `extra` the fins. The argument counts digits
//! in houses and uses peers, so it holds for every size and variant with
//! rows, columns and boxes (jigsaw regions count as boxes; a killer cage
//! mate counts as seeing a fin).
//!
//! ```
//! use fdoku_logic::{Candidate, Grid, Technique};
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

use std::cell::RefCell;
use std::collections::HashSet;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, ControlFlow, Sub};

use super::barren;
use super::budget::tick;
use super::cellset::CellSet;
use super::grid::Grid;
use super::step::{Candidate, Found, Step};
use super::technique::Technique;
use fdoku_sudoku::HouseKind;

/// The most fins of a finned Franken fish (HoDoKu's default).
const MAX_FINS: usize = 5;

/// The most endo fins (HoDoKu's default).
const MAX_ENDO_FINS: usize = 2;

/// A house holding the digit, as a base or cover set.
#[derive(Clone, Copy)]
struct Unit<B> {
    house: usize,
    kind: HouseKind,
    /// Its cells holding the digit.
    cells: B,
}

/// Finds the technique's Franken fish for every digit.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    use Technique::*;
    let (size, finned) = match technique {
        FrankenXWing => (2, false),
        FrankenSwordfish => (3, false),
        FrankenJellyfish => (4, false),
        FinnedFrankenXWing => (2, true),
        FinnedFrankenSwordfish => (3, true),
        _ => (4, true),
    };
    let mut reported = HashSet::new();
    for digit in 1..=grid.size() as u8 {
        if barren::known(grid, technique, 0, digit) {
            continue;
        }
        let shape = (technique, size, finned);
        let mut reports = 0;
        let mut counted = |step: Step| {
            reports += 1;
            found(step)
        };
        if grid.cells_with(digit).len() <= 128 {
            let local = Local::<Small>::new(grid, digit);
            for_digit(grid, &local, digit, shape, &mut reported, &mut counted)?;
        } else {
            let local = Local::<CellSet>::new(grid, digit);
            for_digit(grid, &local, digit, shape, &mut reported, &mut counted)?;
        }
        if reports == 0 {
            barren::record(grid, technique, 0, digit);
        }
    }
    ControlFlow::Continue(())
}

/// Searches one digit, rows (and boxes) as base first, then columns.
fn for_digit<B: Bits>(
    grid: &Grid,
    local: &Local<B>,
    digit: u8,
    (technique, size, finned): (Technique, usize, bool),
    reported: &mut HashSet<Vec<Candidate>>,
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    for (line, cross) in [
        (HouseKind::Row, HouseKind::Column),
        (HouseKind::Column, HouseKind::Row),
    ] {
        let units = |kind: HouseKind| -> Vec<Unit<B>> {
            (0..grid.houses().len())
                .filter(|&h| matches!(grid.house_kind(h), k if k == kind || k == HouseKind::Box))
                .map(|house| Unit {
                    house,
                    kind: grid.house_kind(house),
                    cells: local.set(grid.house_cells(house)),
                })
                .filter(|u| !u.cells.is_empty())
                .collect()
        };
        let search = Search {
            local,
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
            holding: RefCell::new(vec![0; local.cells.len()]),
        };
        search.bases(0, &mut Vec::new(), B::EMPTY, B::EMPTY, reported, found)?;
    }
    ControlFlow::Continue(())
}

/// One search: a digit and an orientation.
struct Search<'a, B> {
    local: &'a Local<B>,
    technique: Technique,
    digit: u8,
    size: usize,
    finned: bool,
    /// The kind of line among the base sets, and among the covers.
    line: HouseKind,
    cross: HouseKind,
    bases: Vec<Unit<B>>,
    covers: Vec<Unit<B>>,
    /// Per candidate number of the base being covered: the covers that
    /// may cover it, as a mask of `covers` (storage kept between bases).
    holding: RefCell<Vec<u64>>,
}

/// The chosen base sets: their units, their candidates and endo fins.
struct Base<'a, B> {
    units: &'a [Unit<B>],
    cells: B,
    endo_fins: B,
}

impl<B: Bits> Search<'_, B> {
    /// Chooses the base sets from `self.bases[from..]`.
    fn bases(
        &self,
        from: usize,
        chosen: &mut Vec<Unit<B>>,
        cells: B,
        endo_fins: B,
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
            tick()?;
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
        base: &Base<'_, B>,
        reported: &mut HashSet<Vec<Candidate>>,
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        if !base.units.iter().any(|u| u.kind == self.line) {
            return ControlFlow::Continue(());
        }
        // The houses that may cover, as a mask of `self.covers` (at most
        // 64: a grid's lines of one kind and its boxes, 32 each at most).
        let mut options = 0u64;
        for (i, unit) in self.covers.iter().enumerate() {
            if unit.cells.intersects(&base.cells)
                && !base.units.iter().any(|b| b.house == unit.house)
            {
                options |= 1 << i;
            }
        }
        // What may go: a candidate of a cover outside the base, or a base
        // candidate in two covers; it must see every fin, endo fins included.
        let (mut anywhere, mut twice) = (B::EMPTY, B::EMPTY);
        let mut holding = self.holding.borrow_mut();
        for number in base.cells.indices() {
            holding[number] = 0;
        }
        for i in bit_indices(options) {
            let cells = self.covers[i].cells;
            twice |= anywhere & cells;
            anywhere |= cells;
            for number in (cells & base.cells).indices() {
                holding[number] |= 1 << i;
            }
        }
        let mut witnesses = (anywhere - base.cells) | (twice & base.cells);
        for fin in base.endo_fins.indices() {
            witnesses &= self.local.peers[fin];
        }
        if witnesses.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut pick = Picker {
            search: self,
            base,
            options,
            holding: &holding,
            chosen: Vec::with_capacity(self.size),
            chosen_mask: 0,
            reported,
        };
        let start = Cover {
            covered: B::EMPTY,
            twice: B::EMPTY,
            fins: base.endo_fins,
            fin_count: base.endo_fins.len(),
            witnesses,
        };
        pick.cover(start, found)
    }

    /// Reports the fish with these covers if it is the technique's kind and
    /// eliminates something.
    fn evaluate(
        &self,
        base: &Base<'_, B>,
        covers: &[Unit<B>],
        covered: B,
        twice: B,
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
        for fin in fins.indices() {
            targets &= self.local.peers[fin];
        }
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let candidates = |set: B| -> Vec<Candidate> {
            set.indices()
                .map(|i| Candidate::new(self.local.cells[i], self.digit))
                .collect()
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
struct Cover<B> {
    /// The cells of the covers.
    covered: B,
    /// The cells in two covers or more.
    twice: B,
    /// The base candidates declared fins (endo fins included).
    fins: B,
    /// How many fins there are (kept to spare counting them).
    fin_count: usize,
    /// The candidates seeing every fin.
    witnesses: B,
}

/// Chooses covers for the lowest base candidate not yet covered, or makes
/// it a fin (while some candidate sees every fin), so every fish is reached
/// without trying hopeless combinations.
struct Picker<'a, 'b, B> {
    search: &'a Search<'a, B>,
    base: &'a Base<'a, B>,
    /// The houses that may cover (not base houses, holding a base
    /// candidate), as a mask of the search's covers.
    options: u64,
    /// Per base candidate number, the options holding it.
    holding: &'a [u64],
    chosen: Vec<Unit<B>>,
    /// The covers chosen, as a mask of the search's covers.
    chosen_mask: u64,
    reported: &'b mut HashSet<Vec<Candidate>>,
}

impl<B: Bits> Picker<'_, '_, B> {
    fn cover(&mut self, state: Cover<B>, found: &mut Found<'_>) -> ControlFlow<()> {
        tick()?;
        let open = self.base.cells - state.covered - state.fins;
        let Some(cell) = open.first() else {
            return self.fill(0, state, found);
        };
        if self.chosen.len() == self.search.size {
            // The rest are fins.
            return self.all_fins(state, open, found);
        }
        let declared = state.fins - self.base.endo_fins;
        for i in bit_indices(self.holding[cell] & !self.chosen_mask) {
            let unit = self.search.covers[i];
            if !unit.cells.intersects(&declared) {
                let next = Cover {
                    covered: state.covered | unit.cells,
                    twice: state.twice | (state.covered & unit.cells),
                    ..state
                };
                self.with(i, |pick| pick.cover(next, found))?;
            }
        }
        if self.search.finned && state.fin_count < MAX_FINS {
            let witnesses = state.witnesses & self.search.local.peers[cell];
            if !witnesses.is_empty() {
                let mut fins = state.fins;
                fins.insert(cell);
                return self.cover(
                    Cover {
                        fins,
                        fin_count: state.fin_count + 1,
                        witnesses,
                        ..state
                    },
                    found,
                );
            }
        }
        ControlFlow::Continue(())
    }

    /// Runs `then` with the `i`-th cover of the search chosen.
    fn with(
        &mut self,
        i: usize,
        then: impl FnOnce(&mut Self) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.chosen.push(self.search.covers[i]);
        self.chosen_mask |= 1 << i;
        let flow = then(self);
        self.chosen_mask &= !(1 << i);
        self.chosen.pop();
        flow
    }

    /// Evaluates the fish whose covers are all chosen, making the base
    /// candidates they miss (`open`) fins.
    fn all_fins(&mut self, state: Cover<B>, open: B, found: &mut Found<'_>) -> ControlFlow<()> {
        if !self.search.finned || state.fin_count + open.len() > MAX_FINS {
            return ControlFlow::Continue(());
        }
        let mut witnesses = state.witnesses;
        for fin in open.indices() {
            witnesses &= self.search.local.peers[fin];
        }
        if witnesses.is_empty() {
            return ControlFlow::Continue(());
        }
        self.fill(0, state, found)
    }

    /// Completes the covers with the options from the `from`-th cover of
    /// the search on (each holds a base candidate already covered), then
    /// evaluates the fish. A cover holding a candidate declared a fin is
    /// left out: that fish is reached by covering the candidate with it.
    fn fill(&mut self, from: usize, state: Cover<B>, found: &mut Found<'_>) -> ControlFlow<()> {
        tick()?;
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
        let declared = state.fins - self.base.endo_fins;
        let later =
            self.options & !self.chosen_mask & u64::MAX.checked_shl(from as u32).unwrap_or(0);
        for i in bit_indices(later) {
            let unit = self.search.covers[i];
            if unit.cells.intersects(&declared) {
                continue;
            }
            let next = Cover {
                covered: state.covered | unit.cells,
                twice: state.twice | (state.covered & unit.cells),
                ..state
            };
            self.with(i, |pick| pick.fill(i + 1, next, found))?;
        }
        ControlFlow::Continue(())
    }
}

/// The indices of the set bits of `mask`, ascending.
fn bit_indices(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

/// The candidates of the digit, numbered from 0, with their peers among
/// them: the search runs on sets of these numbers (`Small` when they fit in
/// 128 bits, as on grids up to 11×11 always and on larger ones late).
struct Local<B> {
    /// The cell of each number.
    cells: Vec<usize>,
    /// The number of each cell (`usize::MAX` without the digit).
    numbers: Vec<usize>,
    /// Per number: the numbers of the candidates it sees.
    peers: Vec<B>,
}

impl<B: Bits> Local<B> {
    fn new(grid: &Grid, digit: u8) -> Self {
        let holders = grid.cells_with(digit);
        let cells: Vec<usize> = holders.iter().collect();
        let mut numbers = vec![usize::MAX; grid.size() * grid.size()];
        for (i, &cell) in cells.iter().enumerate() {
            numbers[cell] = i;
        }
        let mut local = Local {
            cells,
            numbers,
            peers: Vec::new(),
        };
        local.peers = local
            .cells
            .iter()
            .map(|&cell| local.set(grid.peers(cell) & holders))
            .collect();
        local
    }

    /// The numbers of these cells' candidates.
    fn set(&self, cells: CellSet) -> B {
        let mut set = B::EMPTY;
        for cell in cells.iter().filter(|&c| self.numbers[c] != usize::MAX) {
            set.insert(self.numbers[cell]);
        }
        set
    }
}

/// A set of candidate numbers.
trait Bits:
    Copy
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Sub<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const EMPTY: Self;
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool;
    fn insert(&mut self, i: usize);
    fn intersects(&self, other: &Self) -> bool;
    fn first(&self) -> Option<usize>;
    fn indices(&self) -> impl Iterator<Item = usize> + '_;
}

impl Bits for CellSet {
    const EMPTY: Self = CellSet::EMPTY;
    fn len(&self) -> usize {
        CellSet::len(self)
    }
    fn is_empty(&self) -> bool {
        CellSet::is_empty(self)
    }
    fn insert(&mut self, i: usize) {
        CellSet::insert(self, i);
    }
    fn intersects(&self, other: &Self) -> bool {
        CellSet::intersects(self, other)
    }
    fn first(&self) -> Option<usize> {
        self.first_cell()
    }
    fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter()
    }
}

/// Up to 128 numbers in one word pair.
#[derive(Clone, Copy)]
struct Small(u128);

impl Bits for Small {
    const EMPTY: Self = Small(0);
    fn len(&self) -> usize {
        self.0.count_ones() as usize
    }
    fn is_empty(&self) -> bool {
        self.0 == 0
    }
    fn insert(&mut self, i: usize) {
        self.0 |= 1 << i;
    }
    fn intersects(&self, other: &Self) -> bool {
        self.0 & other.0 != 0
    }
    fn first(&self) -> Option<usize> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }
    fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                i
            })
        })
    }
}

impl BitAnd for Small {
    type Output = Small;
    fn bitand(self, other: Small) -> Small {
        Small(self.0 & other.0)
    }
}

impl BitOr for Small {
    type Output = Small;
    fn bitor(self, other: Small) -> Small {
        Small(self.0 | other.0)
    }
}

impl Sub for Small {
    type Output = Small;
    fn sub(self, other: Small) -> Small {
        Small(self.0 & !other.0)
    }
}

impl BitAndAssign for Small {
    fn bitand_assign(&mut self, other: Small) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for Small {
    fn bitor_assign(&mut self, other: Small) {
        self.0 |= other.0;
    }
}

#[cfg(test)]
mod tests {
    // A panic is how a test reports a failure.
    #![allow(clippy::unwrap_used)]

    use super::*;
    use fdoku_sudoku::Rules;
    use fdoku_sudoku::format::parse_line;

    /// Every step of all six techniques, searched with `B`.
    fn all_steps<B: Bits>(grid: &Grid) -> Vec<Vec<Candidate>> {
        let mut eliminations = Vec::new();
        for (technique, size, finned) in [
            (Technique::FrankenXWing, 2, false),
            (Technique::FrankenSwordfish, 3, false),
            (Technique::FinnedFrankenXWing, 2, true),
            (Technique::FinnedFrankenSwordfish, 3, true),
            (Technique::FrankenJellyfish, 4, false),
            (Technique::FinnedFrankenJellyfish, 4, true),
        ] {
            let mut reported = HashSet::new();
            for digit in 1..=9 {
                let local = Local::<B>::new(grid, digit);
                let shape = (technique, size, finned);
                let _ = for_digit(grid, &local, digit, shape, &mut reported, &mut |step| {
                    eliminations.push(step.eliminations);
                    ControlFlow::Continue(())
                });
            }
        }
        eliminations
    }

    #[test]
    fn both_set_types_find_the_same_fish() {
        let line =
            "..6.....1.1..9.8.....2.......3...98.....1.....4..7...5..5.6.2.....31.9.....2..4..";
        let grid = Grid::new(&parse_line(line, &Rules::classic(9).unwrap()).unwrap());
        let small = all_steps::<Small>(&grid);
        assert!(!small.is_empty());
        assert_eq!(small, all_steps::<CellSet>(&grid));
    }
}
