//! Drawing variant elements from a solution grid.
//!
//! [`draw_element`] puts one element of a chosen kind somewhere on the grid
//! so that the grid keeps it: a thermometer grown through rising digits, a
//! white dot between two neighbours one apart, a sandwich clue holding the
//! row's own sum. Numbers come from the grid; shapes are random walks
//! through neighbouring cells (a king's move apart, an edge apart for
//! dots). Every candidate is confirmed by the independent checker before it
//! is returned, so a drawn element never contradicts the grid. The
//! generator draws its elements here; the property tests draw their
//! random instances here too.
//!
//! ```
//! use fdoku_sudoku::generate::draw_element;
//! use fdoku_sudoku::{ElementKind, Puzzle, Rules, check_solution};
//!
//! let rules = Rules::classic(4).unwrap();
//! let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
//! let thermo = draw_element(ElementKind::Thermometer, &rules, &grid, 7).unwrap();
//! let rules = rules.with_element(thermo).unwrap();
//! assert!(check_solution(&Puzzle::new(rules, vec![0; 16]).unwrap(), &grid).is_ok());
//! ```

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use super::random::{below, pick, shuffle};
use crate::check::check_solution;
use crate::elements::{
    Direction, Dot, Element, ElementKind, Extremum, Indexer, Outside, orthogonal_neighbours,
};
use crate::puzzle::Puzzle;
use crate::rules::{Layout, Rules};

/// How many random shapes are tried before a kind is given up on this grid.
const ATTEMPTS: usize = 400;

/// An element of `kind` that `grid` (a solution of `rules`) keeps, drawn
/// from `seed`; `None` when none was found (the grid has no two
/// neighbours one apart for a white dot, the size has no thirds for an
/// entropic line, …).
pub fn draw_element(kind: ElementKind, rules: &Rules, grid: &[u8], seed: u64) -> Option<Element> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let drawer = Drawer {
        n: rules.size(),
        grid,
        layout: rules.layout(),
    };
    (0..ATTEMPTS).find_map(|_| {
        let element = drawer.candidate(kind, &mut rng)?;
        let with = rules.clone().with_element(element.clone()).ok()?;
        let puzzle = Puzzle::new(with, vec![0; grid.len()]).ok()?;
        check_solution(&puzzle, grid).is_ok().then_some(element)
    })
}

struct Drawer<'a> {
    n: usize,
    grid: &'a [u8],
    layout: &'a Layout,
}

impl Drawer<'_> {
    fn digit(&self, cell: usize) -> u32 {
        u32::from(self.grid[cell])
    }

    /// The cells a king's move from `cell`.
    fn king_neighbours(&self, cell: usize) -> Vec<usize> {
        let n = self.n as isize;
        let (r, c) = (cell as isize / n, cell as isize % n);
        let mut out = Vec::with_capacity(8);
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (r2, c2) = (r + dr, c + dc);
                if (dr, dc) != (0, 0) && (0..n).contains(&r2) && (0..n).contains(&c2) {
                    out.push((r2 * n + c2) as usize);
                }
            }
        }
        out
    }

    /// A walk of up to `len` cells through king's-move neighbours, each
    /// step allowed by `next(line so far, candidate)`.
    fn walk(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        len: usize,
        next: impl Fn(&[usize], usize) -> bool,
    ) -> Vec<usize> {
        let mut line = vec![below(rng, self.n * self.n)];
        while line.len() < len {
            let last = line[line.len() - 1];
            let mut options: Vec<usize> = self
                .king_neighbours(last)
                .into_iter()
                .filter(|c| !line.contains(c) && next(&line, *c))
                .collect();
            if options.is_empty() {
                break;
            }
            shuffle(rng, &mut options);
            line.push(options[0]);
        }
        line
    }

    /// A random line of 2 to `most` cells (at least 2 when the grid allows).
    fn line(&self, rng: &mut Xoshiro256PlusPlus, most: usize) -> Vec<usize> {
        let len = 2 + below(rng, most.saturating_sub(1).max(1));
        self.walk(rng, len, |_, _| true)
    }

    /// A random line of 3 to `most` cells (at least 3), for the lines
    /// whose rule says nothing of two cells (entropic and modular lines
    /// read windows of three; a between line's inside is what it bounds);
    /// `None` when the walk is cut short.
    fn line_of_three_or_more(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        most: usize,
    ) -> Option<Vec<usize>> {
        let most = most.max(3);
        let len = 3 + below(rng, most - 2);
        let cells = self.walk(rng, len, |_, _| true);
        (cells.len() >= 3).then_some(cells)
    }

    /// A random clue beside a row or column.
    fn side_clue(&self, rng: &mut Xoshiro256PlusPlus) -> Outside {
        let (index, edge) = (1 + below(rng, self.n), self.n + 1);
        match below(rng, 4) {
            0 => Outside { row: 0, col: index },
            1 => Outside {
                row: edge,
                col: index,
            },
            2 => Outside { row: index, col: 0 },
            _ => Outside {
                row: index,
                col: edge,
            },
        }
    }

    /// A random pair of orthogonal neighbours.
    fn edge(&self, rng: &mut Xoshiro256PlusPlus) -> [usize; 2] {
        let cell = below(rng, self.n * self.n);
        [cell, pick(rng, &orthogonal_neighbours(self.n, cell))]
    }

    /// `shape` moved by a random shift, when it stays inside the grid
    /// and clear of the shape itself.
    fn moved(&self, rng: &mut Xoshiro256PlusPlus, shape: &[usize]) -> Option<Vec<usize>> {
        let n = self.n as isize;
        let shift = |rng: &mut Xoshiro256PlusPlus| below(rng, 2 * self.n - 1) as isize - (n - 1);
        let (dr, dc) = (shift(rng), shift(rng));
        let moved = |c: usize| {
            let (r, col) = (c as isize / n + dr, c as isize % n + dc);
            ((0..n).contains(&r) && (0..n).contains(&col)).then(|| (r * n + col) as usize)
        };
        let copy: Vec<usize> = shape.iter().map(|&c| moved(c)).collect::<Option<_>>()?;
        (!copy.iter().any(|c| shape.contains(c))).then_some(copy)
    }

    fn candidate(&self, kind: ElementKind, rng: &mut Xoshiro256PlusPlus) -> Option<Element> {
        let n = self.n;
        let most = n.clamp(2, 6);
        let line = |rng: &mut Xoshiro256PlusPlus| self.line(rng, most);
        Some(match kind {
            ElementKind::Thermometer | ElementKind::SlowThermometer => {
                let slow = kind == ElementKind::SlowThermometer;
                let len = 2 + below(rng, most - 1);
                let cells = self.walk(rng, len, |line, c| {
                    let last = self.digit(line[line.len() - 1]);
                    self.digit(c) > last || slow && self.digit(c) == last
                });
                Element::Thermometer { cells, slow }
            }
            ElementKind::Arrow => {
                let circle = below(rng, n * n);
                let target = self.digit(circle);
                let mut cells = self.walk(rng, 1 + most, |line, c| {
                    let so_far: u32 = line[1..].iter().map(|&x| self.digit(x)).sum();
                    so_far + self.digit(c) <= target
                });
                let line = cells.split_off(1);
                Element::Arrow {
                    circle: cells,
                    line,
                }
            }
            ElementKind::LittleKiller => {
                let clue = Outside {
                    row: below(rng, n + 2),
                    col: below(rng, n + 2),
                };
                let direction = pick(rng, &Direction::ALL);
                let probe = Element::LittleKiller {
                    clue,
                    direction,
                    sum: 0,
                };
                let cells = probe.cells(n);
                if !clue.is_outside(n) || cells.len() < 2 {
                    return None;
                }
                let sum = cells.iter().map(|&c| self.digit(c)).sum();
                Element::LittleKiller {
                    clue,
                    direction,
                    sum,
                }
            }
            ElementKind::Sandwich => {
                let clue = self.side_clue(rng);
                let cells = clue.line(n)?;
                let at = |d: u32| cells.iter().position(|&c| self.digit(c) == d);
                let (a, b) = (at(1)?, at(n as u32)?);
                let inside = &cells[a.min(b) + 1..a.max(b)];
                let sum = inside.iter().map(|&c| self.digit(c)).sum();
                Element::Sandwich { clue, sum }
            }
            ElementKind::XSum => {
                let clue = self.side_clue(rng);
                let cells = clue.line(n)?;
                let k = self.digit(cells[0]) as usize;
                let sum = cells[..k].iter().map(|&c| self.digit(c)).sum();
                Element::XSum { clue, sum }
            }
            ElementKind::CountingCircles => {
                // Some small digits d, each in d cells holding it.
                let mut digits: Vec<u8> = (1..=n.min(4) as u8).collect();
                shuffle(rng, &mut digits);
                digits.truncate(1 + below(rng, digits.len()));
                let mut cells = Vec::new();
                for d in digits {
                    let mut holding: Vec<usize> =
                        (0..n * n).filter(|&c| self.grid[c] == d).collect();
                    shuffle(rng, &mut holding);
                    cells.extend(holding.into_iter().take(usize::from(d)));
                }
                cells.sort_unstable();
                Element::CountingCircles { cells }
            }
            ElementKind::OneTwoThree => {
                let clue = self.side_clue(rng);
                let cells = clue.line(n)?;
                let digit = cells.iter().map(|&c| self.digit(c)).find(|&d| d <= 3)?;
                Element::FirstOfOneTwoThree { clue, digit }
            }
            ElementKind::CountDifferent => {
                let cells = line(rng);
                let mut digits: Vec<u8> = cells.iter().map(|&c| self.grid[c]).collect();
                digits.sort_unstable();
                digits.dedup();
                Element::CountDifferent {
                    cells,
                    count: digits.len() as u32,
                }
            }
            ElementKind::Cupid => {
                // A diagonal arrow: a row or column never repeats a digit.
                let cell = below(rng, n * n);
                let (dr, dc) = pick(rng, &Direction::ALL).step();
                let mut cells = Vec::new();
                let (mut r, mut c) = ((cell / n) as isize + dr, (cell % n) as isize + dc);
                while (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
                    cells.push(r as usize * n + c as usize);
                    (r, c) = (r + dr, c + dc);
                }
                let again = cells.iter().any(|&x| self.grid[x] == self.grid[cell]);
                again.then_some(Element::Cupid { cell, cells })?
            }
            ElementKind::FrameSum => {
                let clue = self.side_clue(rng);
                let depth = self.layout.frame_depth(n, clue)?;
                let sum = clue.line(n)?[..depth].iter().map(|&c| self.digit(c)).sum();
                Element::FrameSum { clue, sum }
            }
            ElementKind::Skyscraper => {
                let clue = self.side_clue(rng);
                let mut tallest = 0;
                let mut count = 0;
                for c in clue.line(n)? {
                    if self.digit(c) > tallest {
                        tallest = self.digit(c);
                        count += 1;
                    }
                }
                Element::Skyscraper { clue, count }
            }
            ElementKind::WhiteDot | ElementKind::BlackDot => {
                let cells = self.edge(rng);
                let (a, b) = (self.digit(cells[0]), self.digit(cells[1]));
                let (dot, value) = match kind {
                    ElementKind::WhiteDot => (Dot::White, 1),
                    _ => (Dot::Black, 2),
                };
                let keeps = match dot {
                    Dot::White => a.abs_diff(b) == value,
                    Dot::Black => a == value * b || b == value * a,
                };
                keeps.then_some(Element::Kropki { cells, dot, value })?
            }
            ElementKind::Xv => {
                let cells = self.edge(rng);
                let sum = self.digit(cells[0]) + self.digit(cells[1]);
                [5, 10]
                    .contains(&sum)
                    .then_some(Element::Xv { cells, sum })?
            }
            ElementKind::Whisper => {
                let difference = n.div_ceil(2) as u32;
                let len = 2 + below(rng, most - 1);
                let cells = self.walk(rng, len, |line, c| {
                    self.digit(c).abs_diff(self.digit(line[line.len() - 1])) >= difference
                });
                Element::Whisper { cells, difference }
            }
            ElementKind::Renban => {
                let len = 2 + below(rng, most - 1);
                let cells = self.walk(rng, len, |line, c| {
                    let digits = line.iter().map(|&x| self.digit(x));
                    let (lo, hi) = (digits.clone().min().unwrap_or(0), digits.max().unwrap_or(0));
                    let d = self.digit(c);
                    d + 1 == lo || d == hi + 1
                });
                Element::Renban { cells }
            }
            ElementKind::Palindrome => Element::Palindrome { cells: line(rng) },
            ElementKind::Between => Element::Between {
                cells: self.line_of_three_or_more(rng, most)?,
            },
            ElementKind::RegionSum => Element::RegionSum { cells: line(rng) },
            ElementKind::Zipper => Element::Zipper { cells: line(rng) },
            ElementKind::Entropic => Element::Entropic {
                cells: self.line_of_three_or_more(rng, most)?,
            },
            ElementKind::Modular => Element::Modular {
                cells: self.line_of_three_or_more(rng, most)?,
            },
            ElementKind::Minimum | ElementKind::Maximum => Element::Extremum {
                cell: below(rng, n * n),
                kind: match kind {
                    ElementKind::Minimum => Extremum::Minimum,
                    _ => Extremum::Maximum,
                },
            },
            ElementKind::Quadruple => {
                if n < 2 {
                    return None;
                }
                let (r, c) = (below(rng, n - 1), below(rng, n - 1));
                let top = r * n + c;
                let mut cells = vec![top, top + 1, top + n, top + n + 1];
                shuffle(rng, &mut cells);
                let mut digits: Vec<u8> = cells[..1 + below(rng, 3)]
                    .iter()
                    .map(|&x| self.grid[x])
                    .collect();
                digits.sort_unstable();
                cells.sort_unstable();
                Element::Quadruple { cells, digits }
            }
            ElementKind::Clone => {
                let len = 1 + below(rng, 3);
                let cells = self.walk(rng, len, |_, _| true);
                let copy = self.moved(rng, &cells)?;
                Element::Clone { cells, copy }
            }
            ElementKind::Twins => {
                // The checker keeps the moved shape only where the digits
                // repeat in the same places.
                let len = 2 + below(rng, most - 1);
                let cells = self.walk(rng, len, |_, _| true);
                let twin = self.moved(rng, &cells)?;
                Element::Twins { cells, twin }
            }
            ElementKind::RowIndexer | ElementKind::ColumnIndexer | ElementKind::BoxIndexer => {
                let kind = match kind {
                    ElementKind::RowIndexer => Indexer::Row,
                    ElementKind::ColumnIndexer => Indexer::Column,
                    _ => Indexer::Box,
                };
                // The cells whose digit names the cell holding their position.
                let keeping: Vec<usize> = (0..n * n)
                    .filter(|&cell| {
                        self.layout
                            .indexed(n, cell, kind)
                            .is_some_and(|(cells, place)| {
                                let named = cells[usize::from(self.grid[cell]) - 1];
                                self.digit(named) == place
                            })
                    })
                    .collect();
                if keeping.is_empty() {
                    return None;
                }
                Element::Indexer {
                    cell: pick(rng, &keeping),
                    kind,
                }
            }
            ElementKind::GreaterThan => {
                let [a, b] = self.edge(rng);
                let cells = if self.digit(a) > self.digit(b) {
                    [a, b]
                } else {
                    [b, a]
                };
                Element::GreaterThan { cells }
            }
            ElementKind::Product => {
                let cells = self.edge(rng);
                let product = self.digit(cells[0]) * self.digit(cells[1]);
                Element::Product { cells, product }
            }
            ElementKind::ParityLine => {
                let len = 2 + below(rng, most - 1);
                let cells = self.walk(rng, len, |line, c| {
                    (self.digit(c) + self.digit(line[line.len() - 1])) % 2 == 1
                });
                Element::ParityLine { cells }
            }
            ElementKind::Nabner => {
                let len = 2 + below(rng, n.div_ceil(2).clamp(2, most) - 1);
                let cells = self.walk(rng, len, |line, c| {
                    line.iter()
                        .all(|&x| self.digit(x).abs_diff(self.digit(c)) >= 2)
                });
                Element::Nabner { cells }
            }
            ElementKind::Lockout => {
                // The longest start of a walk whose last cell closes a
                // lockout line with the first.
                let difference = (n / 2) as u32;
                let walk = self.line(rng, most.max(3));
                let closes = |k: usize| {
                    let (x, y) = (self.digit(walk[0]), self.digit(walk[k]));
                    let (low, high) = (x.min(y), x.max(y));
                    x.abs_diff(y) >= difference
                        && walk[1..k]
                            .iter()
                            .all(|&c| !(low..=high).contains(&self.digit(c)))
                };
                let end = (1..walk.len()).rev().find(|&k| closes(k))?;
                Element::Lockout {
                    cells: walk[..=end].to_vec(),
                    difference,
                }
            }
        })
    }
}
