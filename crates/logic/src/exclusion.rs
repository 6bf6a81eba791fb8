//! Aligned pair and triple exclusion (Sudoku Explainer's rules).
//!
//! Take a few open cells (the base) and try every combination of values for
//! them. A combination is impossible when
//!
//! * two base cells that see each other take the same value, or
//! * a cell seen by every base cell (an excluder) would be left no digit
//!   once the combination's values are gone.
//!
//! A candidate of a base cell that appears in no possible combination is
//! false.
//!
//! Both as Sudoku Explainer searches them, so that its ratings come out:
//!
//! * **Pairs** (SE 6.2): the base cells have two or more candidates, a
//!   bivalue peer and no peer left with one; the excluders are the bivalue
//!   cells both see, and there must be at least two. (Broader forms exist,
//!   with almost locked sets as excluders or a single excluder; SE's path
//!   would then take steps SE does not, and rate puzzles lower.)
//! * **Triples** (SE 7.5, Sudoku Explainer only): the base cells have two or
//!   more candidates, a peer with two or three and no peer left with one;
//!   the first two are any two such cells, the third one with two or three
//!   candidates that sees the first or the second; the excluders are the
//!   cells with two or three candidates seen by all three, and there must be
//!   at least two.
//!
//! Pairs and triples come in SE's order, so the path takes the one SE takes.
//!
//! Both use only peers and houses, so they hold in every size and variant.
//!
//! Here r1c1 {1,4}, r1c2 {2,5} and r1c3 {3,6} see r1c4 {1,2,3}, r1c5
//! {1,5,6}, r2c1 {1,2,6} and r2c2 {1,3,5}. With r1c1 = 1, each way to fill
//! r1c2 and r1c3 empties one of those four cells, so 1 leaves r1c1. The
//! pair rule misses it: each of the four holds three digits, so no two
//! values empty it.
//!
//! ```
//! use fdoku_logic::{Candidate, Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! let keep = |grid: &mut Grid, cell: usize, digits: &[u8]| {
//!     for d in (1..=9).filter(|d| !digits.contains(d)) {
//!         grid.eliminate(cell, d);
//!     }
//! };
//! keep(&mut grid, 0, &[1, 4]);
//! keep(&mut grid, 1, &[2, 5]);
//! keep(&mut grid, 2, &[3, 6]);
//! keep(&mut grid, 3, &[1, 2, 3]);
//! keep(&mut grid, 4, &[1, 5, 6]);
//! keep(&mut grid, 9, &[1, 2, 6]);
//! keep(&mut grid, 10, &[1, 3, 5]);
//! let triple = Technique::AlignedTripleExclusion.find_first(&grid).unwrap();
//! assert_eq!(triple.pattern_cells(), [0, 1, 2]);
//! assert_eq!(triple.eliminations, [Candidate::new(0, 1)]);
//! let pairs = Technique::AlignedPairExclusion.find_all(&grid);
//! assert!(pairs.iter().all(|s| !s.eliminations.contains(&Candidate::new(0, 1))));
//! ```

use std::ops::ControlFlow;

use super::budget::tick;
use super::cellset::CellSet;
use super::grid::Grid;
use super::step::{Found, Step};
use super::technique::Technique;
use fdoku_sudoku::HouseKind;

/// A cell seen by every base cell, which must keep a digit.
struct Excluder {
    cell: usize,
    mask: u32,
}

impl Excluder {
    fn new(grid: &Grid, cell: usize) -> Self {
        Excluder {
            cell,
            mask: grid.mask(cell),
        }
    }

    /// Whether the digits `taken` by the base cells would leave it none.
    fn excludes(&self, taken: u32) -> bool {
        self.mask & !taken == 0
    }
}

/// Finds aligned pair or triple exclusions.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    match technique {
        Technique::AlignedTripleExclusion => find_triples(grid, found),
        _ => find_pairs(grid, found),
    }
}

/// Every pair Sudoku Explainer looks at, in its order (by the later cell,
/// then the earlier): two base cells with two or more bivalue cells both
/// see, which are the excluders.
fn find_pairs(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let bases = bases(grid, 2);
    let mut near: Vec<Excluder> = Vec::new();
    for (j, b) in bases.iter().enumerate() {
        for a in &bases[..j] {
            tick()?;
            let common = a.excluder_set & b.excluder_set;
            if fewer_than_two(&common) {
                continue;
            }
            excluders_for(grid, &[a.cell, b.cell], common, &mut near);
            let technique = Technique::AlignedPairExclusion;
            if let Some(step) = exclusion(grid, technique, &[a.cell, b.cell], &near) {
                found(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A cell SE may take as a base cell.
struct Base {
    cell: usize,
    /// Its excluders (peers with two candidates, or two or three for a
    /// triple), in SE's order.
    excluders: Vec<usize>,
    /// The same, as a set.
    excluder_set: CellSet,
}

/// Every triple Sudoku Explainer looks at, in its order: pairs of base
/// cells (by the later cell, then the earlier), each with a third base cell
/// among the pair's excluders.
fn find_triples(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let bases = bases(grid, 3);
    let mut by_cell: Vec<Option<&Base>> = vec![None; grid.values().len()];
    for base in &bases {
        by_cell[base.cell] = Some(base);
    }
    let mut near: Vec<Excluder> = Vec::new();
    let mut listed: Vec<&Base> = Vec::new();
    for (j, b) in bases.iter().enumerate() {
        for a in &bases[..j] {
            tick()?;
            let shared = a.excluder_set & b.excluder_set;
            if fewer_than_two(&shared) {
                continue;
            }
            thirds(a, b, &by_cell, &mut listed);
            for &third in &listed {
                tick()?;
                if !first_visit(a, b, third) {
                    continue;
                }
                let common = shared & third.excluder_set;
                if fewer_than_two(&common) {
                    continue;
                }
                let cells = [a.cell, b.cell, third.cell];
                excluders_for(grid, &cells, common, &mut near);
                let technique = Technique::AlignedTripleExclusion;
                if let Some(step) = exclusion(grid, technique, &cells, &near) {
                    found(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The base cells SE tries with `a` and `b`, into `thirds`: their
/// excluders (`a`'s first, then `b`'s) that are base cells too.
fn thirds<'a>(a: &Base, b: &Base, by_cell: &[Option<&'a Base>], thirds: &mut Vec<&'a Base>) {
    let mut listed = CellSet::EMPTY;
    listed.insert(a.cell);
    listed.insert(b.cell);
    thirds.clear();
    for &cell in a.excluders.iter().chain(&b.excluders) {
        if let (false, Some(base)) = (listed.contains(cell), by_cell[cell]) {
            listed.insert(cell);
            thirds.push(base);
        }
    }
}

/// Whether the set has fewer than two cells (cheaper than counting them).
fn fewer_than_two(set: &CellSet) -> bool {
    let mut cells = set.iter();
    cells.next().is_none() || cells.next().is_none()
}

/// The excluders among `common` (in cell order) into `near`, leaving out
/// those holding a digit no base cell has: no choice of the base cells'
/// values takes all their digits, so they never exclude anything.
fn excluders_for(grid: &Grid, base: &[usize], common: CellSet, near: &mut Vec<Excluder>) {
    let digits = base.iter().fold(0, |mask, &cell| mask | grid.mask(cell));
    near.clear();
    near.extend(
        common
            .iter()
            .map(|e| Excluder::new(grid, e))
            .filter(|e| e.mask & !digits == 0),
    );
}

/// The open cells with two or more candidates, an excluder (a peer with two
/// up to `most` candidates, `most` being the number of base cells) and no
/// peer with a single candidate, ascending.
fn bases(grid: &Grid, most: u32) -> Vec<Base> {
    let open = grid.open_cells();
    let count = |c: usize| grid.mask(c).count_ones();
    let singles: CellSet = open.iter().filter(|&c| count(c) == 1).collect();
    let small: CellSet = open
        .iter()
        .filter(|&c| (2..=most).contains(&count(c)))
        .collect();
    open.iter()
        .filter(|&c| count(c) >= 2 && !grid.peers(c).intersects(&singles))
        .filter_map(|cell| {
            let excluder_set = grid.peers(cell) & small;
            let excluders: Vec<usize> = peers_in_se_order(grid, cell)
                .into_iter()
                .filter(|&e| excluder_set.contains(e))
                .collect();
            (!excluders.is_empty()).then_some(Base {
                cell,
                excluders,
                excluder_set,
            })
        })
        .collect()
}

/// The peers of `cell` as SE lists them: its box, row and column (then any
/// other house), each in cell order, then any other peer (cage mates).
fn peers_in_se_order(grid: &Grid, cell: usize) -> Vec<usize> {
    let rank = |kind: HouseKind| match kind {
        HouseKind::Box => 0,
        HouseKind::Row => 1,
        HouseKind::Column => 2,
        _ => 3,
    };
    let mut houses = grid.cell_houses(cell).to_vec();
    houses.sort_by_key(|&h| rank(grid.house_kind(h)));
    let mut listed = CellSet::EMPTY;
    listed.insert(cell);
    let mut order = Vec::new();
    let sets = houses.iter().map(|&h| grid.house_cells(h));
    for set in sets.chain([grid.peers(cell)]) {
        for peer in set.iter() {
            if !listed.contains(peer) {
                listed.insert(peer);
                order.push(peer);
            }
        }
    }
    order
}

/// Whether SE meets the triple of `a`, `b` (`a` before `b`) and `third`
/// here first, not from a pair it tried earlier: pairs come by their later
/// cell, then their earlier one, and a pair reaches the cells among its
/// excluders.
fn first_visit(a: &Base, b: &Base, third: &Base) -> bool {
    let reaches = |x: &Base, y: &Base, z: &Base| {
        x.excluder_set.contains(z.cell) || y.excluder_set.contains(z.cell)
    };
    if third.cell > b.cell {
        true
    } else if third.cell > a.cell {
        !reaches(a, third, b)
    } else {
        !reaches(third, a, b) && !reaches(third, b, a)
    }
}

/// The most base cells [`exclusion`] takes.
const MAX_BASE: usize = 3;

/// The step removing the candidates of the `base` cells (two or three) that
/// take part in no combination of values `near` allows, if there are any.
fn exclusion(grid: &Grid, technique: Technique, base: &[usize], near: &[Excluder]) -> Option<Step> {
    let mut aligned = [[false; MAX_BASE]; MAX_BASE];
    for (i, &a) in base.iter().enumerate() {
        for (j, &b) in base.iter().enumerate() {
            aligned[i][j] = grid.sees(a, b);
        }
    }
    let mut search = Combinations {
        grid,
        base,
        near,
        aligned,
        chosen: [0; MAX_BASE],
        alive: [0; MAX_BASE],
        used: CellSet::EMPTY,
    };
    // Most bases remove nothing: a combination allowed for each value of
    // each base cell proves it, found sooner than by trying them all.
    if search.all_supported() {
        return None;
    }
    search.alive = [0; MAX_BASE];
    search.walk(0, 0);
    let removes = |(&cell, &alive): (&usize, &u32)| grid.mask(cell) & !alive != 0;
    if !base.iter().zip(&search.alive).any(removes) {
        return None;
    }
    let mut step = Step::new(technique);
    for (&cell, &alive) in base.iter().zip(&search.alive) {
        let mask = grid.mask(cell);
        step.eliminations
            .extend(grid.candidates_in([cell], mask & !alive));
        step.pattern.extend(grid.candidates_in([cell], mask));
    }
    step.eliminations.sort_unstable();
    step.pattern.sort_unstable();
    step.extra = grid.candidates_in(search.used.iter(), u32::MAX);
    Some(step)
}

/// The combinations of values of some base cells, and what they allow.
struct Combinations<'a> {
    grid: &'a Grid,
    base: &'a [usize],
    near: &'a [Excluder],
    /// Whether base cells `i` and `j` see each other.
    aligned: [[bool; MAX_BASE]; MAX_BASE],
    /// The value (as a bit) chosen so far for each base cell.
    chosen: [u32; MAX_BASE],
    /// The values of each base cell some allowed combination uses.
    alive: [u32; MAX_BASE],
    /// The excluders that ruled out some combination.
    used: CellSet,
}

impl Combinations<'_> {
    /// Chooses a value for base cell `depth` and the following ones, the
    /// values `taken` being chosen for the earlier ones.
    fn walk(&mut self, depth: usize, taken: u32) {
        let Some(&cell) = self.base.get(depth) else {
            self.judge(taken);
            return;
        };
        let last = depth + 1 == self.base.len();
        let mut rest = self.grid.mask(cell);
        while rest != 0 {
            let value = rest & rest.wrapping_neg();
            rest ^= value;
            let clash = (0..depth).any(|i| self.chosen[i] == value && self.aligned[i][depth]);
            if clash {
                continue;
            }
            self.chosen[depth] = value;
            // An excluder the values so far already empty rules out every
            // way to go on.
            let excluder = match last {
                true => None,
                false => self.near.iter().find(|e| e.excludes(taken | value)),
            };
            match excluder {
                Some(excluder) => self.used.insert(excluder.cell),
                None => self.walk(depth + 1, taken | value),
            }
        }
    }

    /// Whether every value of every base cell is in some allowed
    /// combination (marked in `alive`).
    fn all_supported(&mut self) -> bool {
        for i in 0..self.base.len() {
            let mut rest = self.grid.mask(self.base[i]) & !self.alive[i];
            while rest != 0 {
                let value = rest & rest.wrapping_neg();
                rest ^= value;
                if self.alive[i] & value == 0 && !self.support(0, 0, (i, value)) {
                    return false;
                }
            }
        }
        true
    }

    /// Looks for an allowed combination giving base cell `fixed.0` the value
    /// `fixed.1`, choosing values for base cell `depth` on as `walk` does;
    /// marks its values alive.
    fn support(&mut self, depth: usize, taken: u32, fixed: (usize, u32)) -> bool {
        let Some(&cell) = self.base.get(depth) else {
            if self.near.iter().any(|e| e.excludes(taken)) {
                return false;
            }
            for (alive, &value) in self.alive.iter_mut().zip(&self.chosen) {
                *alive |= value;
            }
            return true;
        };
        let last = depth + 1 == self.base.len();
        let mut rest = match depth == fixed.0 {
            true => fixed.1,
            false => self.grid.mask(cell),
        };
        while rest != 0 {
            let value = rest & rest.wrapping_neg();
            rest ^= value;
            let clash = (0..depth).any(|i| self.chosen[i] == value && self.aligned[i][depth]);
            if clash || (!last && self.near.iter().any(|e| e.excludes(taken | value))) {
                continue;
            }
            self.chosen[depth] = value;
            if self.support(depth + 1, taken | value, fixed) {
                return true;
            }
        }
        false
    }

    /// Records a full combination as allowed or ruled out.
    fn judge(&mut self, taken: u32) {
        match self.near.iter().find(|e| e.excludes(taken)) {
            Some(excluder) => self.used.insert(excluder.cell),
            None => {
                for (alive, &value) in self.alive.iter_mut().zip(&self.chosen) {
                    *alive |= value;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Candidate;
    use fdoku_sudoku::Rules;

    /// An empty 9×9 grid where each listed cell keeps only its digits.
    fn grid_with(cells: &[(usize, &[u8])]) -> Grid {
        let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
        for &(cell, digits) in cells {
            for d in (1..=9).filter(|d| !digits.contains(d)) {
                grid.eliminate(cell, d);
            }
        }
        grid
    }

    fn eliminations_for(grid: &Grid, technique: Technique, cells: &[usize]) -> Vec<Candidate> {
        technique
            .find_all(grid)
            .into_iter()
            .find(|s| s.pattern_cells() == cells)
            .map(|s| s.eliminations)
            .unwrap_or_default()
    }

    /// r1c1 {1,2} and r2c4 {1,3} do not see each other; both see r1c5
    /// {1,2} and r2c2 {2,3}. (2,1) empties r1c5, (2,3) empties r2c2: 2 leaves
    /// r1c1. SE takes a pair
    /// only with two common bivalue excluders: with r1c5 alone, or with the
    /// almost locked set r1c5 {1,4}, r1c6 {2,4} in its place, nothing.
    #[test]
    fn a_pair_needs_two_bivalue_excluders() {
        let pair = [0, 12];
        let grid = grid_with(&[(0, &[1, 2]), (12, &[1, 3]), (4, &[1, 2]), (10, &[2, 3])]);
        let both = eliminations_for(&grid, Technique::AlignedPairExclusion, &pair);
        assert_eq!(both, [Candidate::new(0, 2)]);
        let grid = grid_with(&[(0, &[1, 2]), (12, &[1, 3]), (4, &[1, 2])]);
        assert!(eliminations_for(&grid, Technique::AlignedPairExclusion, &pair).is_empty());
        let als = [
            (0, &[1, 2][..]),
            (12, &[1, 3]),
            (4, &[1, 4]),
            (5, &[2, 4]),
            (10, &[2, 3]),
        ];
        let grid = grid_with(&als);
        assert!(eliminations_for(&grid, Technique::AlignedPairExclusion, &pair).is_empty());
    }

    /// r1c1 {1,2} and r1c2 {2,3} see each other (row 1, box 1). (1,2) empties
    /// r1c9 {1,2}, (1,3) empties r2c3 {1,3}, (2,2) repeats a digit: r1c1
    /// loses 1 and r1c2 loses 2 (solution: r1c1 = 2, r1c2 = 3, r1c9 = 1,
    /// r2c3 = 1).
    #[test]
    fn aligned_cells_cannot_share_a_value() {
        let grid = grid_with(&[(0, &[1, 2]), (1, &[2, 3]), (8, &[1, 2]), (11, &[1, 3])]);
        assert_eq!(
            eliminations_for(&grid, Technique::AlignedPairExclusion, &[0, 1]),
            [Candidate::new(0, 1), Candidate::new(1, 2)]
        );
    }

    /// r1c1 {1,2}, r1c2 {3,4} and r1c3 {1,3}: r1c1 = 1 leaves (1,4,3) only,
    /// which empties r1c4 {1,3,4}. SE takes a triple only with two or more
    /// common excluders: r2c1 {5,6} is the second (solution: r1c1 = 2,
    /// r1c2 = 4, r1c3 = 1, r1c4 = 3).
    #[test]
    fn a_triple_needs_two_common_excluders() {
        let cells: [(usize, &[u8]); 5] = [
            (0, &[1, 2]),
            (1, &[3, 4]),
            (2, &[1, 3]),
            (3, &[1, 3, 4]),
            (9, &[5, 6]),
        ];
        let triple = [0, 1, 2];
        let grid = grid_with(&cells[..4]);
        let alone = eliminations_for(&grid, Technique::AlignedTripleExclusion, &triple);
        assert!(alone.is_empty());
        let grid = grid_with(&cells);
        let found = eliminations_for(&grid, Technique::AlignedTripleExclusion, &triple);
        assert_eq!(found, [Candidate::new(0, 1)]);
    }

    /// A triple met from several of its pairs is reported once.
    #[test]
    fn each_triple_is_reported_once() {
        let grid = grid_with(&[
            (0, &[1, 4]),
            (1, &[2, 5]),
            (2, &[3, 6]),
            (3, &[1, 2, 3]),
            (4, &[1, 5, 6]),
            (9, &[1, 2, 6]),
            (10, &[1, 3, 5]),
        ]);
        let steps = Technique::AlignedTripleExclusion.find_all(&grid);
        let mut triples: Vec<Vec<usize>> = steps.iter().map(|s| s.pattern_cells()).collect();
        let all = triples.len();
        assert!(triples.contains(&vec![0, 1, 2]));
        triples.sort();
        triples.dedup();
        assert_eq!(triples.len(), all);
    }
}
