//! Basic fish — X-wing, swordfish, jellyfish — and their finned and sashimi
//! forms.
//!
//! * **Fish of size n** — a digit whose places in n rows (the *base* lines)
//!   all lie in n columns (the *cover* lines). Each base row needs the digit
//!   and no column takes it twice, so every cover column has it in a base
//!   row: it leaves the rest of the cover columns. The same holds with rows
//!   and columns swapped.
//! * **Finned fish** — the base lines also hold the digit outside the cover
//!   lines, in the *fins*. Either a fin is true, or the fish stands: the digit
//!   leaves the cover cells that see every fin.
//! * **Sashimi fish** — a finned fish in which some base line keeps at most
//!   one candidate once the fins are gone (HoDoKu's definition): without its
//!   fins it would be degenerate.
//!
//! Rows and columns exist in every variant, and the fins only need peers, so
//! the fish hold for every size and variant (in a killer puzzle a cage mate
//! counts as seeing a fin).
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // In rows 1 and 5 the digit 1 is left only in columns 1 and 5.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for row in [0, 4] {
//!     for column in [1, 2, 3, 5, 6, 7, 8] {
//!         grid.eliminate(row * 9 + column, 1);
//!     }
//! }
//! let step = Technique::XWing.find_first(&grid).unwrap();
//! assert!(step.text(&grid).starts_with(
//!     "X-wing {1} in r1c1, r1c5, r5c1, r5c5 (row 1, row 5): remove 1 from r2c1, r2c5, r3c1"
//! ));
//! ```

use std::ops::ControlFlow;

use super::barren;
use super::budget::tick;
use super::cellset::CellSet;
use super::combinations::for_each_combination;
use super::grid::Grid;
use super::step::{Candidate, Found, Step};
use super::technique::Technique;
use fdoku_sudoku::HouseKind;

/// Which fish the finder looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Basic,
    Finned,
    Sashimi,
}

/// The rows or the columns, line `i` being house `houses[i]`.
struct Lines {
    kind: HouseKind,
    size: usize,
    houses: Vec<usize>,
    cells: Vec<CellSet>,
}

impl Lines {
    fn of(grid: &Grid, kind: HouseKind) -> Self {
        let mut houses: Vec<usize> = (0..grid.houses().len())
            .filter(|&h| grid.house_kind(h) == kind)
            .collect();
        houses.sort_by_key(|&h| grid.houses()[h].index);
        let cells = houses.iter().map(|&h| grid.house_cells(h)).collect();
        Lines {
            kind,
            size: grid.size(),
            houses,
            cells,
        }
    }

    /// The cell where line `line` crosses line `other` of the other kind.
    fn crossing(&self, line: usize, other: usize) -> usize {
        match self.kind {
            HouseKind::Row => line * self.size + other,
            _ => other * self.size + line,
        }
    }

    /// The union of the lines whose bits are set in `mask`.
    fn union(&self, mask: u32) -> CellSet {
        bits(mask).fold(CellSet::EMPTY, |set, i| set | self.cells[i])
    }
}

/// One search: a digit, base lines of one kind and cover lines of the other.
struct Search<'a> {
    grid: &'a Grid,
    technique: Technique,
    digit: u8,
    size: usize,
    shape: Shape,
    base: &'a Lines,
    cover: &'a Lines,
    /// For each base line, the cover lines where it holds the digit.
    masks: Vec<u32>,
    /// Set in grids whose only houses are rows, columns and boxes (and no
    /// peers beyond them: no cages, no variant rule keeping cells apart): there a cell sees a fin off its own lines only through a box,
    /// so every fin lies in the box of the cells it removes, which spans at
    /// most `fin_span + 1` cover lines. It lets the search skip hopeless
    /// covers cheaply.
    boxes: Option<&'a Boxes>,
}

/// The box of each cell, and how many cover lines besides one a box spans.
struct Boxes {
    of_cell: Vec<usize>,
    fin_span: usize,
}

impl Boxes {
    /// The boxes, if they are the only way to see a cell off one's lines.
    fn of(grid: &Grid, cover: &Lines) -> Option<Self> {
        let plain = !grid.has_peers_beyond_houses()
            && (0..grid.houses().len()).all(|h| {
                matches!(
                    grid.house_kind(h),
                    HouseKind::Row | HouseKind::Column | HouseKind::Box
                )
            });
        if !plain {
            return None;
        }
        let mut of_cell = vec![usize::MAX; grid.size() * grid.size()];
        let mut span = 0;
        for h in (0..grid.houses().len()).filter(|&h| grid.house_kind(h) == HouseKind::Box) {
            for cell in grid.house_cells(h).iter() {
                of_cell[cell] = h;
            }
            span = span.max(cover_mask(cover, grid.house_cells(h)).count_ones() as usize);
        }
        Some(Boxes {
            of_cell,
            fin_span: span.saturating_sub(1),
        })
    }
}

/// Finds the technique's fish for every digit, rows as base then columns.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    use Technique::*;
    let (size, shape) = match technique {
        XWing => (2, Shape::Basic),
        Swordfish => (3, Shape::Basic),
        Jellyfish => (4, Shape::Basic),
        FinnedXWing => (2, Shape::Finned),
        FinnedSwordfish => (3, Shape::Finned),
        FinnedJellyfish => (4, Shape::Finned),
        SashimiXWing => (2, Shape::Sashimi),
        SashimiSwordfish => (3, Shape::Sashimi),
        _ => (4, Shape::Sashimi),
    };
    let rows = Lines::of(grid, HouseKind::Row);
    let columns = Lines::of(grid, HouseKind::Column);
    for (part, base, cover) in [(0, &rows, &columns), (1, &columns, &rows)] {
        let boxes = Boxes::of(grid, cover);
        for digit in 1..=grid.size() as u8 {
            if barren::known(grid, technique, part, digit) {
                continue;
            }
            let masks = base
                .cells
                .iter()
                .map(|&line| cover_mask(cover, grid.cells_with(digit) & line))
                .collect();
            let search = Search {
                grid,
                technique,
                digit,
                size,
                shape,
                base,
                cover,
                masks,
                boxes: boxes.as_ref(),
            };
            let mut reports = 0;
            search.run(&mut |step| {
                reports += 1;
                found(step)
            })?;
            if reports == 0 {
                barren::record(grid, technique, part, digit);
            }
        }
    }
    ControlFlow::Continue(())
}

/// The cover lines holding some cell of `cells`.
fn cover_mask(cover: &Lines, cells: CellSet) -> u32 {
    cover
        .cells
        .iter()
        .enumerate()
        .filter(|(_, line)| line.intersects(&cells))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

impl Search<'_> {
    fn run(&self, found: &mut Found<'_>) -> ControlFlow<()> {
        // A finned fish spans its cover lines and the fins' lines.
        let widest = match (self.shape, self.boxes) {
            (Shape::Basic, _) => self.size,
            (_, Some(boxes)) => self.size + boxes.fin_span,
            (_, None) => usize::MAX,
        };
        let lines: Vec<usize> = (0..self.masks.len())
            .filter(|&i| (1..=widest).contains(&(self.masks[i].count_ones() as usize)))
            .collect();
        for_each_combination(&lines, self.size, &mut |pick| {
            tick()?;
            let base = pick.iter().fold(0u32, |mask, &i| mask | 1 << i);
            let union = pick.iter().fold(0, |mask, &i| mask | self.masks[i]);
            let width = union.count_ones() as usize;
            match self.shape {
                Shape::Basic if width == self.size => self.report(base, union, found),
                Shape::Finned | Shape::Sashimi if width > self.size && width <= widest => {
                    each_subset(union, self.size, &mut |cover| {
                        tick()?;
                        self.finned(base, cover, found)
                    })
                }
                _ => ControlFlow::Continue(()),
            }
        })
    }

    /// Checks the finned fish with these base and cover lines.
    fn finned(&self, base: u32, cover: u32, found: &mut Found<'_>) -> ControlFlow<()> {
        let mut sashimi = false;
        for i in bits(base) {
            let body = (self.masks[i] & cover).count_ones();
            if body == 0 {
                return ControlFlow::Continue(());
            }
            sashimi |= body == 1;
        }
        if sashimi != (self.shape == Shape::Sashimi) || !self.fins_have_a_witness(base, cover) {
            return ControlFlow::Continue(());
        }
        self.report(base, cover, found)
    }

    /// A quick test that some candidate may see every fin: all fins in one
    /// box where only boxes matter, else a common peer holding the digit.
    fn fins_have_a_witness(&self, base: u32, cover: u32) -> bool {
        let fins = bits(base).flat_map(|i| bits(self.masks[i] & !cover).map(move |f| (i, f)));
        let mut fin_cells = fins.map(|(i, f)| self.base.crossing(i, f));
        match self.boxes {
            Some(boxes) => {
                let first = fin_cells.next().map(|c| boxes.of_cell[c]);
                fin_cells.all(|c| Some(boxes.of_cell[c]) == first)
            }
            None => {
                let mut common = self.grid.cells_with(self.digit);
                fin_cells.all(|c| {
                    common &= self.grid.peers(c);
                    !common.is_empty()
                })
            }
        }
    }

    /// Reports the fish if it eliminates something.
    fn report(&self, base: u32, cover: u32, found: &mut Found<'_>) -> ControlFlow<()> {
        let grid = self.grid;
        let digit_cells = grid.cells_with(self.digit);
        let base_cells = self.base.union(base) & digit_cells;
        let cover_cells = self.cover.union(cover);
        let fins = base_cells - cover_cells;
        let mut targets = (cover_cells & digit_cells) - base_cells;
        for fin in fins.iter() {
            targets &= grid.peers(fin);
            if targets.is_empty() {
                break;
            }
        }
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let candidates = |set: CellSet| -> Vec<Candidate> {
            set.iter().map(|c| Candidate::new(c, self.digit)).collect()
        };
        let mut step = Step::new(self.technique);
        step.houses = bits(base).map(|i| self.base.houses[i]).collect();
        step.pattern = candidates(base_cells & cover_cells);
        step.extra = candidates(fins);
        step.eliminations = candidates(targets);
        found(step)
    }
}

/// The indices of the set bits of `mask`, ascending.
fn bits(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |&i| mask >> i & 1 != 0)
}

/// Calls `visit` with every subset of `mask` having `k` bits, until it breaks.
fn each_subset(
    mask: u32,
    k: usize,
    visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn extend(
        rest: u32,
        k: usize,
        chosen: u32,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if k == 0 {
            return visit(chosen);
        }
        if (rest.count_ones() as usize) < k {
            return ControlFlow::Continue(());
        }
        let lowest = rest & rest.wrapping_neg();
        extend(rest & !lowest, k - 1, chosen | lowest, visit)?;
        extend(rest & !lowest, k, chosen, visit)
    }
    extend(mask, k, 0, visit)
}
