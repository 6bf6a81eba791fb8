//! Almost locked sets: ALS-XZ and ALS-XY-wing (HoDoKu's definitions).
//!
//! An **almost locked set** (ALS) is N open cells of one house holding N + 1
//! candidates together; a single cell with two candidates is the smallest.
//! Lose one of its digits and the rest are locked in it.
//!
//! Two ALSes that share no cell have a **restricted common candidate** (RCC)
//! `x` when both hold `x` and every `x` of one sees every `x` of the other:
//! `x` is true in at most one of them.
//!
//! * **ALS-XZ** — ALSes A and B with an RCC `x`: one of them loses `x`, so
//!   the other digits of that one are locked, and any other common digit `z`
//!   lies in A or B. Cells seeing every `z` of both lose `z`. When A and B
//!   have two RCCs (*doubly linked*), each loses exactly one of them: every
//!   other digit of each ALS is locked in it, and each RCC lies in A or B.
//! * **ALS-XY-wing** — a pivot ALS C with RCC `x` to A and RCC `y` to B
//!   (`x ≠ y`): C holds `x` or `y`, so A or B is locked, and a digit `z`
//!   common to A and B (not `x`, `y`) lies in one of them. A and B may
//!   overlap (HoDoKu's library expects it); the pivot shares no cell with
//!   either.
//!
//! A step's `pattern` holds the first ALS's candidates (the pivot C for an
//! XY-wing), `extra` the other ALSes'. The reasoning uses only houses and
//! peers, so it holds in every size and variant (an ALS lies in one house;
//! killer cage mates count as seeing each other).
//!
//! ```
//! use fdoku_logic::{Candidate, Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // A = r1c1 {1,2} and B = r9c1 {2,3}, r9c2 {1,3} (row 9): 2 is their RCC
//! // (r1c1 sees r9c1), so 1 lies in r1c1 or r9c2 and leaves every cell
//! // seeing both: r1c2, r2c2, r3c2 and r7c1, r8c1.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! let keep = |grid: &mut Grid, cell: usize, digits: &[u8]| {
//!     for d in 1..=9 {
//!         if !digits.contains(&d) {
//!             grid.eliminate(cell, d);
//!         }
//!     }
//! };
//! keep(&mut grid, 0, &[1, 2]);
//! keep(&mut grid, 72, &[2, 3]);
//! keep(&mut grid, 73, &[1, 3]);
//! let steps = Technique::AlsXz.find_all(&grid);
//! let ones = [1, 10, 19, 54, 63].map(|cell| Candidate::new(cell, 1));
//! assert!(steps.iter().any(|s| s.eliminations == ones));
//! ```

use std::collections::HashSet;
use std::ops::{ControlFlow, RangeInclusive};

use super::budget::tick;
use super::cellset::CellSet;
use super::combinations::for_each_combination;
use super::grid::{Grid, bit, digits_of};
use super::step::{Candidate, Found, Step};
use super::technique::Technique;

/// The most cells an ALS may have: eight (as many as a 9×9 house allows) up
/// to 16×16, four on larger grids (bounding the search).
pub(super) fn max_als_cells(size: usize) -> usize {
    if size <= 16 { 8 } else { 4 }
}

/// An almost locked set.
pub(super) struct Als {
    /// Its cells.
    pub cells: CellSet,
    /// Its candidates (one more than cells).
    pub mask: u32,
    /// A house holding it.
    pub house: usize,
    /// Per digit (index = digit): the cells of the ALS holding it.
    holders: Vec<CellSet>,
    /// Per digit: the cells outside the ALS that see all its holders.
    buddies: Vec<CellSet>,
}

impl Als {
    fn new(grid: &Grid, cells: CellSet, mask: u32, house: usize) -> Self {
        let mut holders = vec![CellSet::EMPTY; grid.size() + 1];
        let mut buddies = vec![CellSet::EMPTY; grid.size() + 1];
        for digit in digits_of(mask) {
            let places = cells & grid.cells_with(digit);
            holders[usize::from(digit)] = places;
            buddies[usize::from(digit)] = grid.seen_by_all(&places) - cells;
        }
        Als {
            cells,
            mask,
            house,
            holders,
            buddies,
        }
    }

    /// The cells outside the ALS seeing every one of its `digit`s.
    pub(super) fn buddies(&self, digit: u8) -> CellSet {
        self.buddies[usize::from(digit)]
    }

    /// The cells of the ALS holding `digit`.
    pub(super) fn holders(&self, digit: u8) -> CellSet {
        self.holders[usize::from(digit)]
    }

    /// Its candidates, cell by cell.
    pub(super) fn candidates(&self, grid: &Grid) -> Vec<Candidate> {
        grid.candidates_in(self.cells.iter(), u32::MAX)
    }

    /// Whether `digit` of `self` and of `other` can't both be true: both hold
    /// it and every holder of one sees every holder of the other.
    fn restricted_with(&self, other: &Als, digit: u8) -> bool {
        let holders = other.holders[usize::from(digit)];
        !holders.is_empty() && holders.is_subset(&self.buddies(digit))
    }

    /// The restricted common candidates with a disjoint ALS, as a mask.
    fn rccs(&self, other: &Als) -> u32 {
        digits_of(self.mask & other.mask)
            .into_iter()
            .filter(|&d| self.restricted_with(other, d))
            .fold(0, |m, d| m | bit(d))
    }
}

/// Every almost locked set of the grid with a cell count in `sizes` (and
/// at most [`max_als_cells`]), once each. Chains use them as nodes too.
pub(super) fn collect(grid: &Grid, sizes: RangeInclusive<usize>) -> Vec<Als> {
    let open = grid.open_cells();
    let mut seen = HashSet::new();
    let mut all = Vec::new();
    for house in 0..grid.houses().len() {
        let cells: Vec<usize> = (grid.house_cells(house) & open).iter().collect();
        let largest = cells
            .len()
            .saturating_sub(1)
            .min(max_als_cells(grid.size()))
            .min(*sizes.end());
        for size in *sizes.start()..=largest {
            let _ = for_each_combination(&cells, size, &mut |pick| {
                tick()?;
                let mask = pick.iter().fold(0, |m, &c| m | grid.mask(c));
                if mask.count_ones() as usize == size + 1 {
                    let set: CellSet = pick.iter().copied().collect();
                    if seen.insert(set) {
                        all.push(Als::new(grid, set, mask, house));
                    }
                }
                ControlFlow::Continue(())
            });
        }
    }
    all
}

/// Finds ALS-XZ or ALS-XY-wing steps.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let alses = collect(grid, 1..=max_als_cells(grid.size()));
    let links = restricted_links(&alses);
    match technique {
        Technique::AlsXz => xz(grid, &alses, &links, found),
        _ => xy_wing(grid, &alses, &links, found),
    }
}

/// Per ALS: the disjoint ALSes it shares RCCs with, and the RCC mask.
pub(super) fn restricted_links(alses: &[Als]) -> Vec<Vec<(usize, u32)>> {
    let mut links = vec![Vec::new(); alses.len()];
    for (i, a) in alses.iter().enumerate() {
        for (j, b) in alses.iter().enumerate().skip(i + 1) {
            // Cut off, the links are partial: the search's caller drops them.
            if tick().is_break() {
                return links;
            }
            if a.mask & b.mask == 0 || a.cells.intersects(&b.cells) {
                continue;
            }
            let rccs = a.rccs(b);
            if rccs != 0 {
                links[i].push((j, rccs));
                links[j].push((i, rccs));
            }
        }
    }
    links
}

/// Candidates of `digit` seeing every `digit` of both ALSes (outside them).
fn common_targets(grid: &Grid, a: &Als, b: &Als, digit: u8) -> CellSet {
    a.buddies(digit) & b.buddies(digit) & grid.cells_with(digit)
}

fn xz(
    grid: &Grid,
    alses: &[Als],
    links: &[Vec<(usize, u32)>],
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    for (i, a) in alses.iter().enumerate() {
        for &(j, rccs) in links[i].iter().filter(|&&(j, _)| j > i) {
            tick()?;
            let b = &alses[j];
            let mut eliminations = Vec::new();
            match rccs.count_ones() {
                1 => {
                    for z in digits_of(a.mask & b.mask & !rccs) {
                        push_cells(&mut eliminations, common_targets(grid, a, b, z), z);
                    }
                }
                2 => {
                    for z in digits_of(a.mask & b.mask) {
                        push_cells(&mut eliminations, common_targets(grid, a, b, z), z);
                    }
                    for (locked, other) in [(a, b), (b, a)] {
                        for d in digits_of(locked.mask & !rccs) {
                            let targets = locked.buddies(d) & (grid.cells_with(d) - other.cells);
                            push_cells(&mut eliminations, targets, d);
                        }
                    }
                }
                // Three RCCs cannot happen in a consistent grid.
                _ => continue,
            }
            report(grid, Technique::AlsXz, a, &[b], eliminations, found)?;
        }
    }
    ControlFlow::Continue(())
}

fn xy_wing(
    grid: &Grid,
    alses: &[Als],
    links: &[Vec<(usize, u32)>],
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    for (pivot_index, pivot) in alses.iter().enumerate() {
        let wings = &links[pivot_index];
        for (k, &(i, x_mask)) in wings.iter().enumerate() {
            for &(j, y_mask) in &wings[k + 1..] {
                tick()?;
                let (a, b) = (&alses[i], &alses[j]);
                if a.mask & b.mask == 0 {
                    continue;
                }
                for x in digits_of(x_mask) {
                    for y in digits_of(y_mask).into_iter().filter(|&y| y != x) {
                        let mut eliminations = Vec::new();
                        for z in digits_of(a.mask & b.mask & !bit(x) & !bit(y)) {
                            let targets = common_targets(grid, a, b, z) - pivot.cells;
                            push_cells(&mut eliminations, targets, z);
                        }
                        report(
                            grid,
                            Technique::AlsXyWing,
                            pivot,
                            &[a, b],
                            eliminations,
                            found,
                        )?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn push_cells(eliminations: &mut Vec<Candidate>, cells: CellSet, digit: u8) {
    eliminations.extend(cells.iter().map(|c| Candidate::new(c, digit)));
}

/// Reports the step if it eliminates something.
fn report(
    grid: &Grid,
    technique: Technique,
    first: &Als,
    others: &[&Als],
    mut eliminations: Vec<Candidate>,
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    let mut step = Step::new(technique);
    step.houses = std::iter::once(first.house)
        .chain(others.iter().map(|o| o.house))
        .collect();
    step.pattern = first.candidates(grid);
    step.extra = others.iter().flat_map(|o| o.candidates(grid)).collect();
    step.eliminations = eliminations;
    found(step)
}
