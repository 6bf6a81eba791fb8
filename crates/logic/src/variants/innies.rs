//! Innies and outies — the 45 rule of killer sudoku, over any run of whole
//! rows or columns, or one house. A region of k whole houses holds every
//! digit k times, so its cells add up to k·N(N+1)/2 (45 a house on 9×9).
//! Take away the cages lying wholly inside: the cells left over (the
//! *innies*) add up to the rest. Take away too the cages crossing its
//! border: their cells outside it (the *outies*) count against the
//! innies they do not cover. A little killer diagonal lying inside the
//! region counts like a cage (its digits may repeat, its total is still
//! the clue): a 6×6 box of 21 holding a diagonal of 7 leaves 14 to its
//! other cells. Each such equation (`equations`) is filled like a cage.
//! Three techniques share the search, by what is left:
//!
//! * **Innies and outies**: up to four innies (no crossing cage taken
//!   away), or up to four outies of every cage crossing the region when
//!   they cover all its innies.
//! * **Hidden cage**: five or more innies — the cells of a house (or run
//!   of houses) no cage inside covers, a cage of 45·k less the cages'
//!   sums.
//! * **Cage splitting**: a cage crossing the border split in two: its
//!   part outside added to the innies it leaves (`r1c1 − r4c4 = 3`, up to
//!   five cells), or, where it covers every innie, its part outside alone
//!   as a cage of its own of any size (its cells all differ).

use std::ops::ControlFlow;

use super::super::cellset::CellSet;
use super::super::grid::Grid;
use super::super::step::Found;
use super::super::technique::Technique;
use super::elements;
use super::equations::{Equation, Term, Tried, step};
use super::sums::all_apart;
use fdoku_sudoku::{Element, HouseKind};

/// The most innies or outies of the innies and outies technique.
const MOST_CELLS: usize = 4;

/// The most cells of a split cage's equation whose cells do not all see
/// each other.
const MOST_MIXED: usize = 5;

/// The most cells of a hidden cage whose cells do not all see each other
/// (any number that do: they hold different digits, like a cage's).
const MOST_HIDDEN: usize = 6;

/// Reports each equation of a region and its cages that `technique`
/// (innies and outies, hidden cage or cage splitting) fills, removing
/// candidates.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let cages: Vec<(usize, CellSet)> = (0..grid.cages().len())
        .filter(|&k| grid.cages()[k].sum.is_some())
        .map(|k| (k, Term::Cage(k).cells(grid)))
        .collect();
    let diagonals: Vec<(usize, CellSet)> = elements(grid)
        .filter(|(_, e)| matches!(e, Element::LittleKiller { .. }))
        .map(|(index, _)| (index, Term::Diagonal(index).cells(grid)))
        .collect();
    if cages.is_empty() && (diagonals.is_empty() || technique != Technique::InniesOuties) {
        return ControlFlow::Continue(());
    }
    let mut tried = Tried::default();
    for houses in regions(grid) {
        let region = Term::Houses(houses.clone()).cells(grid);
        let inner: Vec<(Term, CellSet)> = cages
            .iter()
            .filter(|(_, cells)| cells.is_subset(&region))
            .map(|&(k, cells)| (Term::Cage(k), cells))
            .collect();
        let crossing: Vec<(usize, CellSet)> = cages
            .iter()
            .filter(|(_, cells)| cells.intersects(&region) && !cells.is_subset(&region))
            .copied()
            .collect();
        // Little killer diagonals inside the region, each clear of the
        // cages and diagonals already counted, as a second reading.
        let mut with_lines = inner.clone();
        let mut on_lines = union(&inner);
        for &(index, cells) in &diagonals {
            if cells.is_subset(&region) && !cells.intersects(&on_lines) {
                on_lines |= cells;
                with_lines.push((Term::Diagonal(index), cells));
            }
        }
        let mut readings = vec![inner];
        if with_lines.len() > readings[0].len() {
            readings.push(with_lines);
        }
        for inside in readings {
            let region = Region {
                grid,
                houses: &houses,
                cells: region,
                inside: &inside,
                crossing: &crossing,
            };
            region.search(technique, &mut tried, found)?;
        }
    }
    ControlFlow::Continue(())
}

/// The cells of `pieces` together.
fn union<T>(pieces: &[(T, CellSet)]) -> CellSet {
    pieces.iter().fold(CellSet::EMPTY, |all, (_, c)| all | *c)
}

/// The open cells of `cells`.
fn open(grid: &Grid, cells: CellSet) -> usize {
    cells.iter().filter(|&c| grid.value(c) == 0).count()
}

/// A region with the pieces lying inside it and the cages crossing it.
struct Region<'a> {
    grid: &'a Grid,
    houses: &'a [usize],
    cells: CellSet,
    inside: &'a [(Term, CellSet)],
    crossing: &'a [(usize, CellSet)],
}

impl Region<'_> {
    /// Tries every choice of crossing cages to take away that leaves few
    /// enough open cells for `technique`.
    fn search(
        &self,
        technique: Technique,
        tried: &mut Tried,
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        let grid = self.grid;
        let innies = self.cells - union(self.inside);
        let loose = open(grid, innies - union(self.crossing));
        // Per crossing cage: open cells left in the region if it stays,
        // outside it if it is taken away.
        let cost: Vec<(usize, usize)> = self
            .crossing
            .iter()
            .map(|&(_, c)| (open(grid, c & self.cells), open(grid, c - self.cells)))
            .collect();
        let most = match technique {
            Technique::InniesOuties => MOST_CELLS,
            Technique::CageSplitting => grid.size().max(MOST_MIXED),
            // A hidden cage takes no crossing cage away.
            _ => {
                let left = loose + cost.iter().map(|c| c.0).sum::<usize>();
                return match left > MOST_CELLS {
                    true => self.report(technique, &[], false, tried, found),
                    false => ControlFlow::Continue(()),
                };
            }
        };
        let mut least_after = vec![loose; cost.len() + 1];
        for k in (0..cost.len()).rev() {
            least_after[k] = least_after[k + 1] + cost[k].0.min(cost[k].1);
        }
        let choice = Choice {
            cost,
            least_after,
            most,
        };
        // Every crossing cage with open cells taken away.
        let open_cages = choice.cost.iter().filter(|&&c| c != (0, 0)).count();
        choice.go(0, 0, &mut Vec::new(), &mut |taken| {
            let whole = taken.len() == open_cages;
            match technique {
                Technique::InniesOuties if taken.is_empty() || whole => {
                    self.report(technique, taken, whole, tried, found)
                }
                Technique::CageSplitting if !taken.is_empty() => {
                    self.report(technique, taken, whole, tried, found)
                }
                _ => ControlFlow::Continue(()),
            }
        })
    }

    /// Fills the equation of the region less its inside pieces and the
    /// `taken` crossing cages (`whole`: every one with open cells), if
    /// `technique` owns what is left.
    fn report(
        &self,
        technique: Technique,
        taken: &[usize],
        whole: bool,
        tried: &mut Tried,
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        let grid = self.grid;
        // The region alone says nothing a house does not.
        if self.inside.is_empty() && taken.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut terms = vec![(1, Term::Houses(self.houses.to_vec()))];
        terms.extend(self.inside.iter().map(|(t, _)| (-1, t.clone())));
        terms.extend(taken.iter().map(|&k| (-1, Term::Cage(self.crossing[k].0))));
        let Some(equation) = Equation::of(grid, terms) else {
            return ControlFlow::Continue(());
        };
        let (open, _) = equation.open(grid);
        let cells: Vec<usize> = open.iter().map(|&(c, _)| c).collect();
        let one_sided = open.iter().all(|&(_, c)| c == open[0].1);
        let small = cells.len() <= MOST_MIXED;
        let fits = match technique {
            Technique::InniesOuties => one_sided && cells.len() <= MOST_CELLS,
            Technique::HiddenCage => {
                one_sided && (cells.len() <= MOST_HIDDEN || all_apart(grid, &cells))
            }
            // Up to four outies of every crossing cage are innies and
            // outies'.
            _ => match one_sided {
                true => !(whole && cells.len() <= MOST_CELLS) && (small || all_apart(grid, &cells)),
                false => small,
            },
        };
        if !fits {
            return ControlFlow::Continue(());
        }
        let why = || self.why(technique, taken);
        if let Some(step) = step(grid, technique, &equation, &why, tried)? {
            found(step)?;
        }
        ControlFlow::Continue(())
    }

    /// The sentence's opening: what the region and its pieces add up to.
    fn why(&self, technique: Technique, taken: &[usize]) -> String {
        let grid = self.grid;
        let name = Term::Houses(self.houses.to_vec()).name(grid);
        let size = grid.size() as i32;
        let total = self.houses.len() as i32 * size * (size + 1) / 2;
        let known: i32 = self.inside.iter().filter_map(|(t, _)| t.sum(grid)).sum();
        let pieces = match self
            .inside
            .iter()
            .any(|(t, _)| matches!(t, Term::Diagonal(_)))
        {
            true => "the cages and little killer diagonals",
            false => "the cages",
        };
        match (technique, taken.is_empty()) {
            (Technique::InniesOuties, true) => {
                format!("{name} adds up to {total}, {pieces} inside it to {known}: its innies")
            }
            (Technique::InniesOuties, false) => {
                let held = known
                    + taken
                        .iter()
                        .filter_map(|&k| Term::Cage(self.crossing[k].0).sum(grid))
                        .sum::<i32>();
                format!("{name} adds up to {total}, the cages meeting it to {held}: their outies")
            }
            (Technique::HiddenCage, _) => {
                format!("{name} adds up to {total}, {pieces} inside it to {known}: the hidden cage")
            }
            _ => {
                let crossing: Vec<String> = taken
                    .iter()
                    .map(|&k| {
                        let cage = Term::Cage(self.crossing[k].0);
                        format!("{} ({})", cage.name(grid), cage.sum(grid).unwrap_or(0))
                    })
                    .collect();
                format!(
                    "{name} adds up to {total}, {pieces} inside it to {known}; taking away {} \
                     crossing it:",
                    crossing.join(" and ")
                )
            }
        }
    }
}

/// The search over which crossing cages to take away.
struct Choice {
    /// Per crossing cage: open cells left if it stays, if it is taken.
    cost: Vec<(usize, usize)>,
    /// The fewest open cells the cages from k on (and the loose innies)
    /// can leave.
    least_after: Vec<usize>,
    /// The most open cells left.
    most: usize,
}

impl Choice {
    /// Calls `visit` with each set of crossing cages (indices) whose
    /// taking away leaves at most `most` open cells.
    fn go(
        &self,
        k: usize,
        cells: usize,
        taken: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if cells + self.least_after[k] > self.most {
            return ControlFlow::Continue(());
        }
        if k == self.cost.len() {
            return visit(taken);
        }
        let (stays, out) = self.cost[k];
        self.go(k + 1, cells + stays, taken, visit)?;
        // A cage without open cells changes only the total.
        if (stays, out) != (0, 0) {
            taken.push(k);
            self.go(k + 1, cells + out, taken, visit)?;
            taken.pop();
        }
        ControlFlow::Continue(())
    }
}

/// Every single house, and every run of two or more (but not all)
/// consecutive rows or columns, as house indices.
fn regions(grid: &Grid) -> Vec<Vec<usize>> {
    let mut regions: Vec<Vec<usize>> = (0..grid.houses().len()).map(|h| vec![h]).collect();
    let size = grid.size();
    for kind in [HouseKind::Row, HouseKind::Column] {
        let lines: Vec<usize> = (0..grid.houses().len())
            .filter(|&h| grid.house_kind(h) == kind)
            .collect();
        for first in 0..size {
            for last in first + 1..(first + size - 1).min(size) {
                regions.push(lines[first..=last].to_vec());
            }
        }
    }
    regions
}
