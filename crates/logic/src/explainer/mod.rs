//! Sudoku Explainer's own choice of step on classic grids.
//!
//! SE takes the first hint its producers report, producer by producer, and
//! each producer searches in its own fixed order (houses by kind — boxes,
//! columns, rows for singles and subsets; digit tuples and cell tuples in
//! colexicographic order; fish on columns before rows; wings from the pivot
//! in row-major order). The path of [`explainer_order`](crate::explainer_order)
//! follows that order exactly on classic 9×9 grids, so `explain --order
//! explainer` prints SE's path step for step; other grids fall back to the
//! general finders.
//!
//! SE's way differs from the general finders in a few places that change
//! the path:
//!
//! * a "direct" hint (pointing, claiming, hidden pair or triple followed by
//!   the hidden single it creates) only places that single; its
//!   eliminations are not made;
//! * the hidden single of direct pointing is in another box crossing the
//!   line, that of direct claiming in another line crossing the box, and
//!   that of a direct hidden subset in the subset's own house;
//! * naked subsets are looked for only in houses with at least twice as many
//!   open cells as the subset's size, hidden ones (not direct) with more
//!   than twice as many; a fish only for a digit placed at most 9 − 2n
//!   times;
//! * unique rectangles and loops ([`loops`]) and BUG types 1–4 ([`bug`])
//!   are SE's: all loop cells hold both digits, and BUG type 1 removes the
//!   cell's other candidates rather than placing.

mod basic;
mod bug;
mod loops;

use std::cell::OnceCell;
use std::ops::ControlFlow;

use super::grid::Grid;
use super::grid::digits_of;
use super::step::{Candidate, Found, Step};
use super::technique::Technique;
use fdoku_sudoku::HouseKind;

/// SE's region kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Block,
    Row,
    Column,
}

/// The kinds in SE's `getRegionTypes` order (a cell's houses, loops, BUG).
const REGION_TYPES: [Kind; 3] = [Kind::Block, Kind::Row, Kind::Column];

/// The kinds in the order SE's singles and subsets search them.
const BLOCKS_COLUMNS_ROWS: [Kind; 3] = [Kind::Block, Kind::Column, Kind::Row];

impl Kind {
    /// The `index`-th cell of region `region` (SE's order within it).
    fn cell(self, region: usize, index: usize) -> usize {
        match self {
            Kind::Row => region * 9 + index,
            Kind::Column => index * 9 + region,
            Kind::Block => (region / 3 * 3 + index / 3) * 9 + region % 3 * 3 + index % 3,
        }
    }

    /// The region of this kind holding `cell`.
    fn region_of(self, cell: usize) -> usize {
        let (row, col) = (cell / 9, cell % 9);
        match self {
            Kind::Row => row,
            Kind::Column => col,
            Kind::Block => row / 3 * 3 + col / 3,
        }
    }

    /// The index of `cell` within its region of this kind.
    fn index_of(self, cell: usize) -> usize {
        let (row, col) = (cell / 9, cell % 9);
        match self {
            Kind::Row => col,
            Kind::Column => row,
            Kind::Block => row % 3 * 3 + col % 3,
        }
    }

    fn house_kind(self) -> HouseKind {
        match self {
            Kind::Row => HouseKind::Row,
            Kind::Column => HouseKind::Column,
            Kind::Block => HouseKind::Box,
        }
    }
}

/// A classic grid seen the way SE sees it.
struct Se<'a> {
    grid: &'a Grid,
    /// Per kind (in [`REGION_TYPES`] order), region and digit − 1: the
    /// indexes in the region where the digit can go, worked out on first
    /// use (every producer asks for them again and again).
    places: OnceCell<[[[u16; 9]; 9]; 3]>,
}

impl<'a> Se<'a> {
    /// The classic grid `grid`.
    fn new(grid: &'a Grid) -> Self {
        Se {
            grid,
            places: OnceCell::new(),
        }
    }

    /// Every region's places of every digit.
    fn places(&self) -> &[[[u16; 9]; 9]; 3] {
        self.places.get_or_init(|| {
            let mut places = [[[0u16; 9]; 9]; 3];
            for cell in 0..81 {
                let mut rest = self.mask(cell);
                while rest != 0 {
                    let digit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    for (k, kind) in REGION_TYPES.into_iter().enumerate() {
                        places[k][kind.region_of(cell)][digit] |= 1 << kind.index_of(cell);
                    }
                }
            }
            places
        })
    }
    /// The candidates of `cell` (none once placed).
    fn mask(&self, cell: usize) -> u32 {
        match self.grid.value(cell) {
            0 => self.grid.mask(cell),
            _ => 0,
        }
    }

    /// The indexes (bits 0..9) in region `region` where `digit` can go.
    fn positions(&self, kind: Kind, region: usize, digit: u8) -> u32 {
        let k = match kind {
            Kind::Block => 0,
            Kind::Row => 1,
            Kind::Column => 2,
        };
        u32::from(self.places()[k][region][usize::from(digit - 1)])
    }

    /// The open cells of a region.
    fn empty_count(&self, kind: Kind, region: usize) -> usize {
        (0..9)
            .filter(|&i| self.grid.value(kind.cell(region, i)) == 0)
            .count()
    }

    /// The candidates of `digits` (a mask) in `cells`, sorted.
    fn candidates(&self, cells: impl IntoIterator<Item = usize>, digits: u32) -> Vec<Candidate> {
        let mut found: Vec<Candidate> = cells
            .into_iter()
            .flat_map(|c| {
                digits_of(self.mask(c) & digits)
                    .into_iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// fdoku's index of SE's region.
    fn house(&self, kind: Kind, region: usize) -> usize {
        let cell = kind.cell(region, 0);
        self.grid
            .cell_houses(cell)
            .iter()
            .copied()
            .find(|&h| self.grid.house_kind(h) == kind.house_kind())
            .unwrap_or_default()
    }

    /// The cells sharing a house with `cell`, in SE's order (its box, then
    /// the rest of its row, then the rest of its column).
    fn house_cells(cell: usize) -> Vec<usize> {
        let mut cells = Vec::with_capacity(20);
        for kind in REGION_TYPES {
            let region = kind.region_of(cell);
            for i in 0..9 {
                let other = kind.cell(region, i);
                if other != cell && !cells.contains(&other) {
                    cells.push(other);
                }
            }
        }
        cells
    }
}

/// Whether two cells share a house.
fn sees(a: usize, b: usize) -> bool {
    a != b
        && REGION_TYPES
            .iter()
            .any(|k| k.region_of(a) == k.region_of(b))
}

/// Calls `visit` with every `k`-subset of `0..n`, ascending within, in
/// colexicographic order (SE's `Permutations`).
fn colex(
    k: usize,
    n: usize,
    visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if n == 0 || k > n {
        return ControlFlow::Continue(());
    }
    let limit = 1u64 << n;
    let mut set: u64 = (1 << k) - 1;
    let mut picked = Vec::with_capacity(k);
    loop {
        picked.clear();
        let mut rest = set;
        while rest != 0 {
            picked.push(rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
        visit(&picked)?;
        if set == 0 {
            return ControlFlow::Continue(());
        }
        let lowest = set & set.wrapping_neg();
        let ripple = set + lowest;
        let next = ripple | (((set ^ ripple) >> 2) / lowest);
        if next >= limit {
            return ControlFlow::Continue(());
        }
        set = next;
    }
}

/// The union of `sets` when each has two members or more and the union
/// has `degree` (SE's common tuple).
fn common_tuple(sets: impl IntoIterator<Item = u32>, degree: usize) -> Option<u32> {
    let mut union = 0;
    for set in sets {
        if set.count_ones() <= 1 {
            return None;
        }
        union |= set;
    }
    (union.count_ones() as usize == degree).then_some(union)
}

/// The step the path takes for `technique`: SE's choice on an SE path in a
/// classic grid, else the technique's first instance.
pub(crate) fn explainer_step(grid: &Grid, technique: Technique, explainer: bool) -> Option<Step> {
    if explainer
        && is_classic(grid)
        && let Some(choice) = se_choice(grid, technique)
    {
        return choice;
    }
    technique.find_first(grid)
}

fn is_classic(grid: &Grid) -> bool {
    grid.size() == 9 && grid.rules().is_classic()
}

/// SE's first hint for `technique`, when SE's search order is written
/// here (`None` for the rest, whose finders already follow it).
fn se_choice(grid: &Grid, technique: Technique) -> Option<Option<Step>> {
    use Technique::*;
    let se = Se::new(grid);
    Some(match technique {
        FullHouse => basic::single(&se, true),
        HiddenSingle => basic::single(&se, false),
        DirectPointing => basic::locking(&se, true, true),
        DirectClaiming => basic::locking(&se, true, false),
        Pointing => basic::locking(&se, false, true),
        Claiming => basic::locking(&se, false, false),
        DirectHiddenPair => basic::hidden_set(&se, 2, true),
        DirectHiddenTriple => basic::hidden_set(&se, 3, true),
        HiddenPair => basic::hidden_set(&se, 2, false),
        HiddenTriple => basic::hidden_set(&se, 3, false),
        HiddenQuad => basic::hidden_set(&se, 4, false),
        NakedPair => basic::naked_set(&se, 2),
        NakedTriple => basic::naked_set(&se, 3),
        NakedQuad => basic::naked_set(&se, 4),
        XWing => basic::fish(&se, 2),
        Swordfish => basic::fish(&se, 3),
        Jellyfish => basic::fish(&se, 4),
        XYWing => basic::xy_wing(&se, false),
        XYZWing => basic::xy_wing(&se, true),
        // One producer each, sorted (loops) or in its own order (BUG): its
        // first hint is the step, asked for under its own type.
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueLoop1
        | UniqueLoop2 | UniqueLoop3 | UniqueLoop4 => {
            loops::first(&se).filter(|s| s.technique == technique)
        }
        BugPlusOne | Bug2 | Bug3 | Bug4 => bug::hints(&se)
            .into_iter()
            .next()
            .filter(|s| s.technique == technique),
        _ => return None,
    })
}

/// Finds SE's unique loops and BUG types 2–4 (classic grids only; elsewhere
/// nothing).
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    if !is_classic(grid) {
        return ControlFlow::Continue(());
    }
    let se = Se::new(grid);
    let steps = match technique {
        Technique::Bug2 | Technique::Bug3 | Technique::Bug4 => bug::hints(&se),
        _ => loops::hints(&se),
    };
    for step in steps.into_iter().filter(|s| s.technique == technique) {
        found(step)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
pub(super) mod test_grids {
    //! Positions for the tests of SE's uniqueness producers.
    #![allow(clippy::unwrap_used)]

    use crate::grid::Grid;
    use crate::step::Candidate;
    use fdoku_sudoku::Rules;

    /// The grid with `values` (81 characters, `.` open) whose open cells
    /// hold the candidates of `marks` (81 tokens, one per cell, placed
    /// cells' tokens ignored).
    pub(in crate::explainer) fn from_marks(values: &str, marks: &str) -> Grid {
        let digits: Vec<u8> = values
            .bytes()
            .map(|b| b.saturating_sub(b'0') % 10)
            .collect();
        let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &digits);
        for (cell, token) in marks.split_whitespace().enumerate() {
            if digits[cell] != 0 {
                continue;
            }
            for digit in 1..=9u8 {
                if !token.contains(char::from(b'0' + digit)) {
                    grid.eliminate(cell, digit);
                }
            }
        }
        grid
    }

    /// An open grid where only `cells` hold 1 and 2, each also holding the
    /// digits of `extra` (cell, digits) and no others beyond 1 and 2.
    pub(in crate::explainer) fn pairs_only(cells: &[usize], extra: &[(usize, &[u8])]) -> Grid {
        let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
        for cell in 0..81 {
            let kept: Vec<u8> = match cells.contains(&cell) {
                true => {
                    let mut kept = vec![1, 2];
                    for (_, digits) in extra.iter().filter(|(c, _)| *c == cell) {
                        kept.extend_from_slice(digits);
                    }
                    kept
                }
                false => (3..=9).collect(),
            };
            for digit in (1..=9).filter(|d| !kept.contains(d)) {
                grid.eliminate(cell, digit);
            }
        }
        grid
    }

    /// `rNcM` named candidates.
    pub(in crate::explainer) fn candidates(list: &[(usize, usize, u8)]) -> Vec<Candidate> {
        list.iter()
            .map(|&(row, col, digit)| Candidate::new((row - 1) * 9 + col - 1, digit))
            .collect()
    }
}
