//! SukakuExplainer's WXYZ- and VWXYZ-wings: an almost locked set of three
//! (four) cells that all see each other and hold four (five) digits between
//! them, and a bivalue pivot cell with two of those digits, x and z.
//!
//! When every set cell holding x sees the pivot, x is a restricted common
//! digit: if the pivot is not z it is x, the set loses x and becomes locked,
//! so z is in the pivot or the set. z leaves every cell that sees the pivot
//! and all the set's cells holding z. When z is restricted too (doubly
//! linked), the pivot and the set hold x and z between them, the set's other
//! digits are locked in it, and each leaves the cells seeing all its places
//! in the set; x and z leave the cells seeing all their places, the pivot's
//! included.
//!
//! Ratings (SukakuExplainer's, in tenths): WXYZ-wing 5.5, 5.6 when the
//! set's largest cell holds three digits; VWXYZ-wing 6.2 + 0.1 × (2 − |3 −
//! largest|) (6.2–6.4). Instances come in its order: easiest first, then most
//! eliminations, doubly linked before singly. Cells see each other through
//! any house or variant rule, so the wings hold in every variant.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // Box 1: r1c1 {1,2}, r1c2 {1,3}, r2c3 {2,3,4}; the pivot r1c5 {1,4}
//! // sees both 1s but not r2c3, so 1 is restricted, and 4 leaves the cells
//! // seeing r2c3 and r1c5: r1c3 and r2c4..r2c6.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! let keep = |grid: &mut Grid, cell: usize, digits: &[u8]| {
//!     for d in 1..=9 {
//!         if !digits.contains(&d) {
//!             grid.eliminate(cell, d);
//!         }
//!     }
//! };
//! keep(&mut grid, 0, &[1, 2]);
//! keep(&mut grid, 1, &[1, 3]);
//! keep(&mut grid, 11, &[2, 3, 4]);
//! keep(&mut grid, 4, &[1, 4]);
//! let step = Technique::WxyzWing.find_first(&grid).unwrap();
//! assert_eq!(step.explainer_rating, Some(56));
//! let removed: Vec<(usize, u8)> = step.eliminations.iter().map(|c| (c.cell, c.digit)).collect();
//! assert_eq!(removed, [(2, 4), (12, 4), (13, 4), (14, 4)]);
//! ```

use std::cmp::Reverse;
use std::ops::ControlFlow;

use super::budget::tick;
use super::cellset::CellSet;
use super::grid::{Grid, digits_of};
use super::step::{Candidate, Found, Step};
use super::technique::Technique;

/// Finds the technique's wings, easiest first.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let size = match technique {
        Technique::VwxyzWing => 4,
        _ => 3,
    };
    let mut wings = Vec::new();
    let mut set = Vec::with_capacity(size);
    let open: Vec<usize> = grid
        .open_cells()
        .iter()
        .filter(|&c| grid.mask(c).count_ones() > 1)
        .collect();
    grow(grid, technique, size, &open, 0, &mut set, 0, &mut wings)?;
    // Stable: the search order breaks the remaining ties.
    wings.sort_by(|(a, _), (b, _)| a.cmp(b));
    for (_, step) in wings {
        found(step)?;
    }
    ControlFlow::Continue(())
}

/// SukakuExplainer's order: rating, most eliminations, then its name's
/// suffix (links, largest cell, total candidates, as text) descending.
type Ranking = (u16, Reverse<usize>, Reverse<String>);

/// Adds cells (in index order, each seeing the ones before) until the set
/// has `size`, its digits never more than `size + 1`; then tries pivots.
#[allow(clippy::too_many_arguments)]
fn grow(
    grid: &Grid,
    technique: Technique,
    size: usize,
    open: &[usize],
    from: usize,
    set: &mut Vec<usize>,
    digits: u32,
    wings: &mut Vec<(Ranking, Step)>,
) -> ControlFlow<()> {
    if set.len() == size {
        if digits.count_ones() as usize == size + 1 {
            pivots(grid, technique, set, digits, wings)?;
        }
        return ControlFlow::Continue(());
    }
    for (i, &cell) in open.iter().enumerate().skip(from) {
        let with = digits | grid.mask(cell);
        if with.count_ones() as usize > size + 1 || !set.iter().all(|&c| grid.sees(c, cell)) {
            continue;
        }
        tick()?;
        set.push(cell);
        grow(grid, technique, size, open, i + 1, set, with, wings)?;
        set.pop();
    }
    ControlFlow::Continue(())
}

/// Every bivalue pivot with two of the set's digits, one restricted.
fn pivots(
    grid: &Grid,
    technique: Technique,
    set: &[usize],
    digits: u32,
    wings: &mut Vec<(Ranking, Step)>,
) -> ControlFlow<()> {
    let cells: CellSet = set.iter().copied().collect();
    let reach = set
        .iter()
        .fold(CellSet::EMPTY, |all, &c| all | grid.peers(c))
        - cells;
    for pivot in reach.iter() {
        let mask = grid.mask(pivot);
        if mask.count_ones() != 2 || mask & digits != mask {
            continue;
        }
        let [low, high] = [
            mask.trailing_zeros() as u8 + 1,
            32 - mask.leading_zeros() as u8,
        ];
        let holding = |d: u8| {
            set.iter()
                .copied()
                .filter(|&c| grid.has(c, d))
                .collect::<CellSet>()
        };
        let restricted = |d: u8| holding(d).iter().all(|c| grid.sees(c, pivot));
        let (x, z, double) = match (restricted(low), restricted(high)) {
            (true, true) => (low, high, true),
            (true, false) => (low, high, false),
            (false, true) => (high, low, false),
            (false, false) => continue,
        };
        let around = cells | CellSet::from_iter([pivot]);
        let mut eliminations = Vec::new();
        let mut remove = |d: u8, sources: CellSet| {
            let targets = (grid.seen_by_all(&sources) & grid.cells_with(d)) - around;
            eliminations.extend(targets.iter().map(|c| Candidate::new(c, d)));
        };
        if double {
            for w in digits_of(digits & !mask) {
                remove(w, holding(w));
            }
            remove(x, holding(x) | CellSet::from_iter([pivot]));
        }
        remove(z, holding(z) | CellSet::from_iter([pivot]));
        if eliminations.is_empty() {
            continue;
        }
        eliminations.sort_unstable();
        let largest = set
            .iter()
            .map(|&c| grid.mask(c).count_ones())
            .max()
            .unwrap_or(0);
        let total: u32 = set.iter().map(|&c| grid.mask(c).count_ones()).sum();
        let rating = match technique {
            Technique::VwxyzWing => 62 + (2 - largest.abs_diff(3)) as u16,
            _ => 55 + (1 - largest.abs_diff(3).min(1)) as u16,
        };
        let mut step = Step::new(technique);
        step.pattern = set
            .iter()
            .flat_map(|&c| {
                digits_of(grid.mask(c))
                    .into_iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect();
        step.extra = vec![Candidate::new(pivot, x), Candidate::new(pivot, z)];
        step.form = double.then_some("doubly linked");
        step.explainer_rating = Some(rating);
        let suffix = format!("{}{largest}{total}", if double { 2 } else { 1 });
        let ranking = (rating, Reverse(eliminations.len()), Reverse(suffix));
        step.eliminations = eliminations;
        wings.push((ranking, step));
    }
    ControlFlow::Continue(())
}
