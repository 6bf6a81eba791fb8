//! Which instance of a technique HoDoKu takes when several are there.
//!
//! fdoku's finders report every instance; HoDoKu's take the first of their
//! own search order, or sort what they found. Here each technique whose
//! choice differs from the finder's first instance picks HoDoKu's from all
//! of them:
//!
//! * **pointing** — box by box, digit by digit, its row before its column;
//! * **claiming** — rows, then columns, digit by digit;
//! * **naked and locked subsets** — boxes, then rows, then columns, cells
//!   in house order; a subset in a box and a line is *locked* only when it
//!   removes candidates both in the box and in the line outside it (else it
//!   is a naked pair or triple, 60 or 80 points rather than 40 or 60);
//! * **BUG+1** — removes the other candidates of its cell, placing nothing;
//! * **skyscrapers** — rows for every digit before columns, then the
//!   digit, then the two lines;
//! * **simple colours** — digit by digit, cluster by cluster (by their
//!   first cell), a wrap before a trap;
//! * **unique rectangles of type 3** — HoDoKu's search
//!   ([`rectangles`](super::rectangles));
//! * **avoidable rectangles** — from two placed corners in one box and
//!   line, the open corners holding two candidates each;
//! * **Sue de Coq** — HoDoKu's search ([`sue_de_coq`](super::sue_de_coq));
//! * **wings** — XY-wings by their three cells in cell order, the first
//!   cell as pivot before the second and the third; XYZ-wings pivot first;
//!   W-wings by their two cells, removing the smaller digit first;
//! * **hidden subsets** — boxes, then rows, then columns, digits ascending;
//! * **chains** (remote pairs, turbot fish, X- and XY-chains) — all of
//!   them, sorted: most eliminations first, then the smallest weighted sum
//!   of the eliminated candidates (HoDoKu's `getIndexSumme`);
//! * **nice loops and AICs** — read from HoDoKu's implication tables
//!   ([`loops`](super::loops)), continuous and discontinuous loops and
//!   AICs from one search (grouped ones, through group nodes but no almost
//!   locked sets as HoDoKu's solver, from a second): the discontinuous
//!   loops and AICs of the order find nothing more;
//! * **almost locked sets** — HoDoKu's enumeration ([`als`](super::als)):
//!   the first ALS-XZ and ALS-XY-wing, the best ALS-XY-chain;
//! * **forcing chains** — read from the tables too
//!   ([`forcing_chains`](super::forcing_chains)), contradictions and
//!   verities from one search.

use super::als::{als_xy_chain, als_xy_wing, als_xz};
use super::forcing_chains::forcing_chain;
use super::loops::{index_sum, nice_loop};
use super::rectangles::unique_rectangle_3;
use super::sue_de_coq::sue_de_coq;
use crate::grid::Grid;
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// HoDoKu's instance of `technique` in a classic 9×9 `grid`, else the
/// finder's first.
pub(crate) fn first_step(grid: &Grid, technique: Technique) -> Option<Step> {
    use Technique::*;
    if grid.size() != 9 || !grid.rules().is_classic() {
        return technique.find_first(grid);
    }
    match technique {
        Pointing => technique
            .find_all(grid)
            .into_iter()
            .min_by_key(|s| (s.houses[0], s.eliminations[0].digit, s.houses[1])),
        Claiming => technique
            .find_all(grid)
            .into_iter()
            .min_by_key(|s| (s.houses[0], s.eliminations[0].digit)),
        LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuad => naked(grid, technique),
        HiddenPair | HiddenTriple | HiddenQuad => technique
            .find_all(grid)
            .into_iter()
            .min_by_key(|s| (scan_rank(s.houses[0]), s.pattern_digits())),
        Skyscraper => technique.find_all(grid).into_iter().min_by_key(|s| {
            let digit = s.eliminations[0].digit;
            (s.houses[0] >= 9, digit, s.houses.clone())
        }),
        SimpleColorsTrap => [SimpleColorsWrap, SimpleColorsTrap]
            .into_iter()
            .flat_map(|t| t.find_all(grid))
            .min_by_key(|s| {
                let cells = s.pattern.iter().chain(&s.extra).map(|c| c.cell).min();
                (s.pattern[0].digit, cells, s.technique == SimpleColorsTrap)
            }),
        SimpleColorsWrap => None,
        SueDeCoq => sue_de_coq(grid),
        XYWing | XYZWing | WWing => technique
            .find_all(grid)
            .into_iter()
            .min_by_key(|s| wing_key(grid, s)),
        AvoidableRectangle1 | AvoidableRectangle2 => technique
            .find_all(grid)
            .into_iter()
            .filter_map(|s| avoidable_rank(grid, &s).map(|rank| (rank, s)))
            .min_by_key(|(rank, _)| *rank)
            .map(|(_, s)| s),
        UniqueRectangle3 => unique_rectangle_3(grid),
        AlsXz => als_xz(grid),
        AlsXyWing => als_xy_wing(grid),
        AlsXyChain => als_xy_chain(grid),
        RemotePair | TurbotFish | XChain | XYChain => best(&[technique], grid),
        ContinuousNiceLoop => nice_loop(grid, false),
        GroupedContinuousNiceLoop => nice_loop(grid, true),
        DiscontinuousNiceLoop | Aic | GroupedDiscontinuousNiceLoop | GroupedAic => None,
        ForcingChainContradiction => forcing_chain(grid),
        ForcingChainVerity => None,
        // HoDoKu's BUG+1 only removes the cell's other candidates: the
        // naked single it leaves is a step of its own.
        BugPlusOne => technique.find_first(grid).map(|s| eliminating(grid, s)),
        _ => technique.find_first(grid),
    }
}

/// Where HoDoKu's search for avoidable rectangles meets one, if it does:
/// from two placed corners in one box and line (the first cell, then the
/// second, then the far side's place along the first cell's other line);
/// the open corners must hold two candidates each.
fn avoidable_rank(grid: &Grid, step: &Step) -> Option<(usize, usize, usize)> {
    let mut corners: Vec<usize> = step.pattern.iter().map(|c| c.cell).collect();
    corners.dedup();
    let (placed, open): (Vec<usize>, Vec<usize>) =
        corners.iter().partition(|&&c| grid.value(c) != 0);
    if open.iter().any(|&c| grid.mask(c).count_ones() != 2) {
        return None;
    }
    let box_of = |c: usize| c / 27 * 3 + c % 9 / 3;
    let (first, second) = placed
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| placed[i + 1..].iter().map(move |&b| (a, b)))
        .find(|&(a, b)| box_of(a) == box_of(b))?;
    let same_row = first / 9 == second / 9;
    let far = corners.iter().copied().find(|&c| {
        c != first
            && if same_row {
                c % 9 == first % 9
            } else {
                c / 9 == first / 9
            }
    })?;
    let place = if same_row { far / 9 } else { far % 9 };
    Some((first, second, place))
}

/// Where HoDoKu's subset searches reach a house: boxes (18–26) first, then
/// rows (0–8), then columns (9–17).
fn scan_rank(house: usize) -> usize {
    (house + 9) % 27
}

/// HoDoKu's naked or locked subset: the first house of its scan holding
/// all the cells, then the cells.
fn naked(grid: &Grid, technique: Technique) -> Option<Step> {
    let locked = matches!(technique, Technique::LockedPair | Technique::LockedTriple);
    technique
        .find_all(grid)
        .into_iter()
        .filter(|s| is_locked(grid, s) == locked)
        .min_by_key(|s| {
            let cells = s.pattern_cells();
            let house = subset_houses(&cells)
                .into_iter()
                .map(scan_rank)
                .min()
                .unwrap_or(usize::MAX);
            (house, cells)
        })
}

/// Where HoDoKu's wing searches meet a wing. XY-wings: the three cells
/// ascending, then the pivot's place among them; XYZ-wings: the pivot (the
/// cell of three candidates), then the pincers; W-wings: the two cells,
/// then the digit removed.
fn wing_key(grid: &Grid, step: &Step) -> (Vec<usize>, usize) {
    let cells = step.pattern_cells();
    let removed = step.eliminations[0].digit;
    match step.technique {
        Technique::XYWing => {
            let pivot = cells.iter().position(|&c| !grid.has(c, removed));
            (cells, pivot.unwrap_or(0))
        }
        Technique::XYZWing => {
            let (pivot, pincers): (Vec<usize>, Vec<usize>) =
                cells.iter().partition(|&&c| grid.mask(c).count_ones() == 3);
            ([pivot, pincers].concat(), 0)
        }
        _ => (cells, usize::from(removed)),
    }
}

/// The houses holding all of `cells`, in HoDoKu's order: row, column, box.
pub(super) fn subset_houses(cells: &[usize]) -> Vec<usize> {
    let houses = |c: usize| [c / 9, 9 + c % 9, 18 + c / 27 * 3 + c % 9 / 3];
    let first = houses(cells[0]);
    (0..3)
        .filter(|&i| cells.iter().all(|&c| houses(c)[i] == first[i]))
        .map(|i| first[i])
        .collect()
}

/// HoDoKu's test for a locked subset: in a box and a line, removing
/// candidates both in the box and in the line outside the box.
fn is_locked(grid: &Grid, step: &Step) -> bool {
    let cells = step.pattern_cells();
    let houses = subset_houses(&cells);
    let Some(&boxed) = houses.iter().find(|&&h| h >= 18) else {
        return false;
    };
    if houses.len() < 2 || cells.len() > 3 {
        return false;
    }
    let in_box = |c: &Candidate| grid.house_cells(boxed).contains(c.cell);
    step.eliminations.iter().any(in_box) && step.eliminations.iter().any(|c| !in_box(c))
}

/// HoDoKu's pick among the instances of `techniques`: most eliminations,
/// then the smallest [`index_sum`].
fn best(techniques: &[Technique], grid: &Grid) -> Option<Step> {
    pick(techniques.iter().flat_map(|t| t.find_all(grid)), grid)
}

/// HoDoKu's pick among `steps`: most eliminations, then the smallest
/// [`index_sum`], then the first candidate removed.
fn pick(steps: impl IntoIterator<Item = Step>, grid: &Grid) -> Option<Step> {
    steps
        .into_iter()
        .filter(|s| grid.changes(s))
        .map(|s| eliminating(grid, s))
        .min_by_key(|s| {
            // Equal sums stay in HoDoKu's order of finding them: by the
            // premise, which is the first candidate removed.
            let first = s.eliminations.first().map(|c| (c.cell, c.digit));
            (
                std::cmp::Reverse(s.eliminations.len()),
                index_sum(&s.eliminations),
                first,
            )
        })
}

/// A step placing digits as HoDoKu writes it: removing the cells' other
/// candidates (a discontinuous nice loop proving its candidate, BUG+1).
fn eliminating(grid: &Grid, mut step: Step) -> Step {
    for placed in std::mem::take(&mut step.placements) {
        let others = grid
            .digits(placed.cell)
            .into_iter()
            .filter(|&d| d != placed.digit);
        step.eliminations
            .extend(others.map(|d| Candidate::new(placed.cell, d)));
    }
    step.eliminations.sort_unstable();
    step.eliminations.dedup();
    step
}
