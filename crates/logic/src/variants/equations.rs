//! Sum equations: whole houses, killer cages and little killer diagonals
//! added and taken away until few cells are left, each counted a whole
//! number of times. A house of N cells adds up to N(N+1)/2, a cage or a
//! diagonal to its sum, so what is left adds up to a known total:
//! `r1c1 + r2c2 − r3c4 = 7`. The innies and outies of the 45 rule, hidden
//! cages, the pieces of a split cage and diagonals weighed with houses are
//! all such equations (the finders that build them are in `innies` and
//! `diagonals`); this module fills one like a cage and says it in words.
//!
//! Filling: every way to give the open cells digits from their
//! candidates, different where two cells see each other, that meets the
//! total. A candidate no filling uses goes; a digit every filling places
//! somewhere among the cells leaves each other cell seeing all its places
//! there.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

use super::super::budget::tick;
use super::super::cellset::CellSet;
use super::super::grid::{Grid, bit, digits_of};
use super::super::step::Step;
use super::super::technique::Technique;
use super::{each_digit, labelled};
use fdoku_sudoku::HouseKind;

/// A known sum taken into an equation.
#[derive(Clone, Debug)]
pub(super) enum Term {
    /// Whole houses of one kind (indices into the grid's houses).
    Houses(Vec<usize>),
    /// A killer cage (index into the grid's cages).
    Cage(usize),
    /// A little killer diagonal (element index).
    Diagonal(usize),
}

impl Term {
    /// Its cells.
    pub(super) fn cells(&self, grid: &Grid) -> CellSet {
        match self {
            Term::Houses(houses) => houses
                .iter()
                .fold(CellSet::EMPTY, |all, &h| all | grid.house_cells(h)),
            Term::Cage(index) => grid.cages()[*index].cells.iter().copied().collect(),
            Term::Diagonal(index) => grid.rules().elements()[*index]
                .cells(grid.size())
                .into_iter()
                .collect(),
        }
    }

    /// What its cells add up to (`None` for a cage without a sum).
    pub(super) fn sum(&self, grid: &Grid) -> Option<i32> {
        let size = grid.size() as i32;
        match self {
            Term::Houses(houses) => Some(houses.len() as i32 * size * (size + 1) / 2),
            Term::Cage(index) => grid.cages()[*index].sum.map(|s| s as i32),
            Term::Diagonal(index) => match &grid.rules().elements()[*index] {
                fdoku_sudoku::Element::LittleKiller { sum, .. } => Some(*sum as i32),
                _ => None,
            },
        }
    }

    /// Its name for people: `rows 1–2`, `the cage at r1c1`, `little killer
    /// 2 (r1c2–r5c6)`.
    pub(super) fn name(&self, grid: &Grid) -> String {
        match self {
            Term::Houses(houses) => houses_name(grid, houses),
            Term::Cage(index) => {
                let first = grid.cages()[*index].cells.iter().min().copied();
                format!(
                    "the cage at {}",
                    first.map_or(String::new(), |c| grid.name(c))
                )
            }
            Term::Diagonal(index) => labelled(grid, *index),
        }
    }
}

/// `row 3`, `rows 1–3`, `columns 2, 5`: houses of one kind.
fn houses_name(grid: &Grid, houses: &[usize]) -> String {
    let all = grid.houses();
    let [first, .., last] = houses else {
        return houses.first().map_or(String::new(), |&h| all[h].name());
    };
    let kind = match all[*first].kind {
        HouseKind::Row => "rows",
        HouseKind::Column => "columns",
        HouseKind::Box => "boxes",
        _ => "houses",
    };
    let numbers: Vec<usize> = houses.iter().map(|&h| all[h].index + 1).collect();
    let run = numbers.windows(2).all(|w| w[1] == w[0] + 1);
    match run {
        true => format!("{kind} {}–{}", all[*first].index + 1, all[*last].index + 1),
        false => {
            let listed: Vec<String> = numbers.iter().map(usize::to_string).collect();
            format!("{kind} {}", listed.join(", "))
        }
    }
}

/// Terms with their signs, and what is left: each cell's coefficient and
/// the total they make.
#[derive(Clone, Debug)]
pub(super) struct Equation {
    /// The terms, each added (+1) or taken away (−1).
    pub terms: Vec<(i32, Term)>,
    /// Per cell, how many times the terms count it.
    pub coefficients: Vec<i32>,
    /// What the counted cells add up to.
    pub total: i32,
}

impl Equation {
    /// The equation of `terms` (`None` when a cage has no sum).
    pub(super) fn of(grid: &Grid, terms: Vec<(i32, Term)>) -> Option<Equation> {
        let mut coefficients = vec![0; grid.size() * grid.size()];
        let mut total = 0;
        for (sign, term) in &terms {
            total += sign * term.sum(grid)?;
            for cell in term.cells(grid).iter() {
                coefficients[cell] += sign;
            }
        }
        Some(Equation {
            terms,
            coefficients,
            total,
        })
    }

    /// The open cells with their coefficients, and the total once the
    /// placed digits are taken out.
    pub(super) fn open(&self, grid: &Grid) -> (Vec<(usize, i32)>, i32) {
        let mut total = self.total;
        let mut open = Vec::new();
        for (cell, &c) in self.coefficients.iter().enumerate() {
            match (c, grid.value(cell)) {
                (0, _) => {}
                (c, 0) => open.push((cell, c)),
                (c, digit) => total -= c * i32::from(digit),
            }
        }
        (open, total)
    }
}

/// Equations already tried by one search, by their open cells and total.
#[derive(Default)]
pub(super) struct Tried(HashSet<(Vec<(usize, i32)>, i32)>);

impl Tried {
    /// Whether `open` = `total` is new (the same equation with every sign
    /// turned counts as the same).
    fn first_time(&mut self, open: &[(usize, i32)], total: i32) -> bool {
        let flip = open.first().is_some_and(|&(_, c)| c < 0);
        let key = match flip {
            true => (open.iter().map(|&(cell, c)| (cell, -c)).collect(), -total),
            false => (open.to_vec(), total),
        };
        self.0.insert(key)
    }
}

/// The step filling `equation` as `technique`, if it removes something
/// and the search has not tried the same cells and total before; `why`
/// gives the sentence's opening (what the terms add up to, ending in what
/// the open cells are: `its innies`, `the hidden cage`). Breaks when the
/// budget is spent.
pub(super) fn step(
    grid: &Grid,
    technique: Technique,
    equation: &Equation,
    why: &dyn Fn() -> String,
    tried: &mut Tried,
) -> ControlFlow<(), Option<Step>> {
    let (open, total) = equation.open(grid);
    if open.is_empty() || !tried.first_time(&open, total) {
        return ControlFlow::Continue(None);
    }
    let cells: Vec<usize> = open.iter().map(|&(cell, _)| cell).collect();
    let (used, always) = fill(grid, &open, total)?;
    let mut step = Step::new(technique);
    for (&cell, &mask) in cells.iter().zip(&used) {
        step.pattern
            .extend(grid.candidates_in([cell], grid.mask(cell) & mask));
        step.eliminations
            .extend(grid.candidates_in([cell], grid.mask(cell) & !mask));
    }
    // A digit every filling places among the cells: no other cell seeing
    // all its places holds it.
    let mut locked = Vec::new();
    if step.eliminations.is_empty() {
        for digit in digits_of(always) {
            let places: CellSet = cells
                .iter()
                .zip(&used)
                .filter(|&(_, &mask)| mask & bit(digit) != 0)
                .map(|(&cell, _)| cell)
                .collect();
            let gone = grid.candidates_in(grid.seen_by_all(&places).iter(), bit(digit));
            if !gone.is_empty() {
                locked.push(digit);
                step.eliminations.extend(gone);
            }
        }
    }
    if step.eliminations.is_empty() {
        return ControlFlow::Continue(None);
    }
    step.eliminations.sort();
    step.eliminations.dedup();
    for (_, term) in &equation.terms {
        match term {
            Term::Houses(houses) => step.houses.extend(houses),
            Term::Diagonal(index) => step.elements.push(*index),
            Term::Cage(_) => {}
        }
    }
    let mut reason = format!("{} {}", why(), expression(grid, &open, total));
    if !locked.is_empty() {
        let digits: Vec<String> = locked.iter().map(u8::to_string).collect();
        reason.push_str(&format!(
            "; every filling places {} among them, so no cell seeing all its places there holds it",
            digits.join(", ")
        ));
    }
    step.reason = Some(reason);
    ControlFlow::Continue(Some(step))
}

/// `42 in rows 1–2, less 20 on little killer 3 (r6c1–r1c6)`: the terms
/// with their sums, the sentence's opening.
pub(super) fn terms_text(grid: &Grid, terms: &[(i32, Term)]) -> String {
    let mut text = String::new();
    for (k, (sign, term)) in terms.iter().enumerate() {
        let sum = term.sum(grid).unwrap_or(0);
        let op = match (k, *sign > 0) {
            (0, true) => "",
            (0, false) => "less ",
            (_, true) => ", plus ",
            (_, false) => ", less ",
        };
        let on = match term {
            Term::Houses(_) => "in",
            _ => "on",
        };
        text.push_str(&format!("{op}{sum} {on} {}", term.name(grid)));
    }
    text
}

/// `r1c1, r2c2 add up to 7` or `r1c1 + r2c2 − r3c4 = 7`: signs turned to
/// make the total positive, the cells added first.
fn expression(grid: &Grid, open: &[(usize, i32)], total: i32) -> String {
    let flip = if total < 0 { -1 } else { 1 };
    let mut terms: Vec<(usize, i32)> = open.iter().map(|&(cell, c)| (cell, c * flip)).collect();
    terms.sort_by_key(|&(cell, c)| (c < 0, cell));
    let total = total * flip;
    if terms.iter().all(|&(_, c)| c == 1) {
        let cells: Vec<String> = terms.iter().map(|&(cell, _)| grid.name(cell)).collect();
        return format!("{} add up to {total}", cells.join(", "));
    }
    let mut text = String::new();
    for (k, &(cell, c)) in terms.iter().enumerate() {
        let op = match (k, c > 0) {
            (0, true) => "",
            (0, false) => "−",
            (_, true) => " + ",
            (_, false) => " − ",
        };
        let times = match c.abs() {
            1 => String::new(),
            n => format!("{n}·"),
        };
        text.push_str(&format!("{op}{times}{}", grid.name(cell)));
    }
    format!("{text} = {total}")
}

/// The most equations whose fillings are remembered: forcing nets ask
/// again and again about cells their assumptions leave alone.
const REMEMBERED: usize = 1 << 14;

/// An equation as its fillings depend on it: per open cell its
/// coefficient, its candidates and the earlier cells it sees (bit j for
/// the j-th), and the total.
type Shape = (Vec<(i32, u32, u64)>, i32);

/// Fillings worked out: per cell the digits some filling gives it, and the
/// digits every filling places.
type Filled = (Vec<u32>, u32);

thread_local! {
    /// Fillings already worked out, by the equation's shape.
    static KNOWN: RefCell<HashMap<Shape, Filled>> = RefCell::new(HashMap::new());
}

/// Per open cell, the digits some filling gives it, and the digits every
/// filling places somewhere; breaks when the budget is spent.
fn fill(grid: &Grid, open: &[(usize, i32)], total: i32) -> ControlFlow<(), Filled> {
    let shape: Option<Shape> = (open.len() <= 64).then(|| {
        let cells = open
            .iter()
            .enumerate()
            .map(|(k, &(cell, c))| {
                let sees = (0..k)
                    .filter(|&j| grid.sees(cell, open[j].0))
                    .fold(0u64, |mask, j| mask | 1 << j);
                (c, grid.mask(cell), sees)
            })
            .collect();
        (cells, total)
    });
    let known = shape
        .as_ref()
        .and_then(|shape| KNOWN.with(|known| known.borrow().get(shape).cloned()));
    if let Some(filled) = known {
        return ControlFlow::Continue(filled);
    }
    let filled = search(grid, open, total)?;
    if let Some(shape) = shape {
        KNOWN.with(|known| {
            let mut known = known.borrow_mut();
            if known.len() >= REMEMBERED {
                known.clear();
            }
            known.insert(shape, filled.clone());
        });
    }
    ControlFlow::Continue(filled)
}

/// [`fill`] worked out.
fn search(grid: &Grid, open: &[(usize, i32)], total: i32) -> ControlFlow<(), Filled> {
    let n = open.len();
    // The least and most the cells from k on can add, ignoring that some
    // must differ.
    let mut least = vec![0; n + 1];
    let mut most = vec![0; n + 1];
    for k in (0..n).rev() {
        let (cell, c) = open[k];
        let mask = grid.mask(cell);
        let low = mask.trailing_zeros() as i32 + 1;
        let high = 32 - mask.leading_zeros() as i32;
        let (a, b) = (c * low, c * high);
        least[k] = least[k + 1] + a.min(b);
        most[k] = most[k + 1] + a.max(b);
    }
    let sees: Vec<Vec<bool>> = open
        .iter()
        .map(|&(a, _)| {
            open.iter()
                .map(|&(b, _)| a != b && grid.sees(a, b))
                .collect()
        })
        .collect();
    let mut search = Search {
        grid,
        open,
        least,
        most,
        sees,
        digits: vec![0; n],
        used: vec![0; n],
        always: u32::MAX,
    };
    search.go(0, total)?;
    let always = match search.always {
        u32::MAX => 0,
        mask => mask,
    };
    ControlFlow::Continue((search.used, always))
}

/// The search behind [`fill`].
struct Search<'a> {
    grid: &'a Grid,
    open: &'a [(usize, i32)],
    least: Vec<i32>,
    most: Vec<i32>,
    sees: Vec<Vec<bool>>,
    digits: Vec<u8>,
    used: Vec<u32>,
    always: u32,
}

impl Search<'_> {
    fn go(&mut self, k: usize, left: i32) -> ControlFlow<()> {
        tick()?;
        if k == self.open.len() {
            if left == 0 {
                let mut all = 0;
                for (slot, &digit) in self.used.iter_mut().zip(&self.digits) {
                    *slot |= bit(digit);
                    all |= bit(digit);
                }
                self.always &= all;
            }
            return ControlFlow::Continue(());
        }
        if left < self.least[k] || left > self.most[k] {
            return ControlFlow::Continue(());
        }
        let (cell, c) = self.open[k];
        for digit in each_digit(self.grid.mask(cell)) {
            if (0..k).any(|j| self.sees[k][j] && self.digits[j] == digit) {
                continue;
            }
            self.digits[k] = digit;
            self.go(k + 1, left - c * i32::from(digit))?;
        }
        ControlFlow::Continue(())
    }
}
