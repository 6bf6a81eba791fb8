//! Little killer fillings checked against the grid. Every way to fill a
//! diagonal with its cells' candidates that reaches the clue (different
//! digits where cells see each other) is tried against the houses: a
//! filling that leaves some house no place for a digit it still needs, or
//! some cell off the diagonal no candidate, cannot stand. Of the fillings
//! left, a candidate none uses goes, and a digit that every one of them
//! puts where a cell off the diagonal sees it leaves that cell
//! ([`Technique::LittleKillerFillings`]).
//!
//! This is how a person weighs a little killer's combinations: a 6×6
//! diagonal of 20 over four cells is 6 + 5 + 6 + 3 or 6 + 5 + 4 + 5 or …,
//! and one that would put 6 in both cells a row still has for its 6 is out.
//!
//! Two diagonals are then filled together ([`Technique::LittleKillerPair`]):
//! the fillings of each that stand, joined where they agree on the cells
//! they share and differ in cells that see each other, and each joined
//! filling checked against the grid again. Crossing diagonals share a
//! cell; two diagonals side by side on a 6×6 grid see each other's cells
//! along rows, columns and boxes.
//!
//! A diagonal with more than [`MOST_FILLINGS`] fillings reaching its clue
//! says nothing yet and is left alone, as is a pair with more than
//! [`MOST_JOINED`] pairs of standing fillings to try. Grids of more than
//! [`MOST_CELLS`] cells are left alone.

use std::ops::ControlFlow;

use super::super::budget::tick;
use super::super::cellset::CellSet;
use super::super::grid::{Grid, bit};
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::{each_digit, elements, labelled, options};
use fdoku_sudoku::Element;

/// The most fillings reaching its clue weighed per diagonal.
const MOST_FILLINGS: usize = 5_000;

/// The most pairs of standing fillings tried per pair of diagonals.
const MOST_JOINED: usize = 20_000;

/// A set of cells as bits.
type Bits = u128;

/// The most cells a grid may have for [`Bits`] to hold them (11×11).
const MOST_CELLS: usize = Bits::BITS as usize;

/// The most digits of a grid of [`MOST_CELLS`] cells, and one: the length
/// of the per-digit arrays.
const MOST_DIGITS: usize = 12;

/// `cells` as [`Bits`].
fn bits(cells: impl IntoIterator<Item = usize>) -> Bits {
    cells.into_iter().fold(0, |all, c| all | 1 << c)
}

/// A little killer diagonal: its element index, cells and clue, and how
/// many fillings reach the clue with those of them that stand (`None` when
/// it has too many to weigh).
struct Diagonal {
    index: usize,
    cells: Vec<usize>,
    sum: i32,
    standing: Option<Standing>,
}

/// How many fillings of a diagonal reach its clue, and those that stand.
type Standing = (usize, Vec<Vec<u8>>);

/// Reports each diagonal ([`Technique::LittleKillerFillings`]) or pair of
/// diagonals ([`Technique::LittleKillerPair`]) whose fillings, checked
/// against the grid, remove candidates. Breaks when the budget is spent.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let size = grid.size();
    let any = elements(grid).any(|(_, e)| matches!(e, Element::LittleKiller { .. }));
    if !any || size * size > MOST_CELLS {
        return ControlFlow::Continue(());
    }
    let needs = Needs::of(grid);
    let mut diagonals = Vec::new();
    for (index, element) in elements(grid) {
        if let Element::LittleKiller { sum, .. } = element {
            let cells = element.cells(size);
            let sum = *sum as i32;
            let standing = standing(grid, &needs, &cells, sum)?;
            diagonals.push(Diagonal {
                index,
                cells,
                sum,
                standing,
            });
        }
    }
    for (i, a) in diagonals.iter().enumerate() {
        let tally = match technique {
            Technique::LittleKillerPair => {
                for b in &diagonals[i + 1..] {
                    let Some(tally) = join(grid, &needs, a, b)? else {
                        continue;
                    };
                    if let Some(step) = report(grid, technique, &[a, b], &tally) {
                        found(step)?;
                    }
                }
                continue;
            }
            _ => match &a.standing {
                Some((reaching, standing)) => {
                    let mut tally = Tally::new(a.cells.clone());
                    tally.tried = reaching - standing.len();
                    for digits in standing {
                        tally.add(&needs, digits);
                    }
                    tally
                }
                None => continue,
            },
        };
        if let Some(step) = report(grid, technique, &[a], &tally) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The grid as the fillings are weighed against it: per digit the open
/// cells keeping it, per cell its peers, and the houses with the digits
/// each has still to place.
struct Needs {
    keeping: Vec<Bits>,
    peers: Vec<Bits>,
    houses: Vec<(Bits, u32)>,
    open: Bits,
}

impl Needs {
    fn of(grid: &Grid) -> Self {
        let size = grid.size();
        let full = (1u32 << size) - 1;
        let houses = (0..grid.houses().len())
            .filter(|&h| grid.houses()[h].cells.len() == size)
            .filter_map(|h| {
                let cells = grid.house_cells(h);
                let placed = cells
                    .iter()
                    .filter(|&c| grid.value(c) != 0)
                    .fold(0, |mask, c| mask | bit(grid.value(c)));
                let missing = full & !placed;
                (missing != 0).then(|| (bits(cells.iter()), missing))
            })
            .collect();
        let set = |cells: CellSet| bits(cells.iter());
        Needs {
            keeping: (0..=size as u8).map(|d| set(grid.cells_with(d))).collect(),
            peers: (0..size * size).map(|c| set(grid.peers(c))).collect(),
            houses,
            open: set(grid.open_cells()),
        }
    }

    /// Per digit, the cells seeing it in the filling of `cells` with
    /// `digits`, if that filling leaves every house a place for each digit
    /// it needs and every cell off it a candidate.
    fn weigh(&self, cells: &[usize], digits: &[u8]) -> Option<[Bits; MOST_DIGITS]> {
        let mut seen = [0; MOST_DIGITS];
        let mut holding = [0; MOST_DIGITS];
        let mut filled = 0;
        for (&cell, &digit) in cells.iter().zip(digits) {
            seen[usize::from(digit)] |= self.peers[cell];
            holding[usize::from(digit)] |= 1 << cell;
            filled |= 1 << cell;
        }
        // Per digit, where it may still stand: the cells holding it in the
        // filling and the open cells off the filling that keep it.
        let mut alive = [0; MOST_DIGITS];
        let mut covered = 0;
        for digit in 1..self.keeping.len() {
            alive[digit] = self.keeping[digit] & !filled & !seen[digit] | holding[digit];
            covered |= alive[digit];
        }
        if self.open & !filled & !covered != 0 {
            return None;
        }
        for &(house, missing) in &self.houses {
            if each_digit(missing).any(|d| alive[usize::from(d)] & house == 0) {
                return None;
            }
        }
        Some(seen)
    }
}

/// What the fillings of some diagonals say together: how many were tried
/// and how many stand, per cell the digits some standing filling gives it,
/// and per digit the cells every standing filling sees it from.
struct Tally {
    cells: Vec<usize>,
    tried: usize,
    standing: usize,
    used: Vec<u32>,
    common_seen: [Bits; MOST_DIGITS],
}

impl Tally {
    fn new(cells: Vec<usize>) -> Self {
        Tally {
            used: vec![0; cells.len()],
            cells,
            tried: 0,
            standing: 0,
            common_seen: [Bits::MAX; MOST_DIGITS],
        }
    }

    /// Weighs one filling of the cells (in their order) and counts it.
    fn add(&mut self, needs: &Needs, digits: &[u8]) {
        self.tried += 1;
        let Some(seen) = needs.weigh(&self.cells, digits) else {
            return;
        };
        self.standing += 1;
        for (used, &digit) in self.used.iter_mut().zip(digits) {
            *used |= bit(digit);
        }
        for (common, seen) in self.common_seen.iter_mut().zip(&seen) {
            *common &= *seen;
        }
    }
}

/// How many fillings of one diagonal reach its clue, and those that stand
/// against the grid (`None` when more than [`MOST_FILLINGS`] reach it).
/// Breaks when the budget is spent.
fn standing(
    grid: &Grid,
    needs: &Needs,
    cells: &[usize],
    sum: i32,
) -> ControlFlow<(), Option<Standing>> {
    let mut search = Search::new(grid, cells);
    search.go(0, sum)?;
    let reaching = search.fillings.len();
    if reaching > MOST_FILLINGS {
        return ControlFlow::Continue(None);
    }
    let mut standing = search.fillings;
    standing.retain(|digits| needs.weigh(cells, digits).is_some());
    ControlFlow::Continue(Some((reaching, standing)))
}

/// The tally of two diagonals filled together: each one's standing
/// fillings joined where they agree on shared cells and differ in cells
/// that see each other. `None` when either has too many fillings, or the
/// pair too many to try. Breaks when the budget is spent.
fn join(grid: &Grid, needs: &Needs, a: &Diagonal, b: &Diagonal) -> ControlFlow<(), Option<Tally>> {
    let (Some((_, of_a)), Some((_, of_b))) = (&a.standing, &b.standing) else {
        return ControlFlow::Continue(None);
    };
    if of_a.len() * of_b.len() > MOST_JOINED || of_a.is_empty() || of_b.is_empty() {
        return ControlFlow::Continue(None);
    }
    // Per cell of b: the cell of a it is, or the cells of a it sees.
    let mut shared = Vec::new();
    let mut apart = Vec::new();
    let mut own = Vec::new();
    for (j, &cell) in b.cells.iter().enumerate() {
        match a.cells.iter().position(|&c| c == cell) {
            Some(i) => shared.push((i, j)),
            None => {
                own.push(j);
                for (i, &other) in a.cells.iter().enumerate() {
                    if grid.sees(cell, other) {
                        apart.push((i, j));
                    }
                }
            }
        }
    }
    let cells: Vec<usize> = a
        .cells
        .iter()
        .copied()
        .chain(own.iter().map(|&j| b.cells[j]))
        .collect();
    let mut tally = Tally::new(cells);
    let mut digits = Vec::with_capacity(tally.cells.len());
    for fa in of_a {
        for fb in of_b {
            tick()?;
            let fits = shared.iter().all(|&(i, j)| fa[i] == fb[j])
                && apart.iter().all(|&(i, j)| fa[i] != fb[j]);
            if !fits {
                continue;
            }
            digits.clear();
            digits.extend_from_slice(fa);
            digits.extend(own.iter().map(|&j| fb[j]));
            tally.add(needs, &digits);
        }
    }
    ControlFlow::Continue(Some(tally))
}

/// The step removing what `tally`'s standing fillings leave out, if any.
fn report(grid: &Grid, technique: Technique, set: &[&Diagonal], tally: &Tally) -> Option<Step> {
    if tally.tried == 0 {
        return None;
    }
    let mut step = Step::new(technique);
    for (&cell, &used) in tally.cells.iter().zip(&tally.used) {
        if grid.value(cell) == 0 {
            let mask = grid.mask(cell);
            step.pattern.extend(grid.candidates_in([cell], mask & used));
            step.eliminations
                .extend(grid.candidates_in([cell], mask & !used));
        }
    }
    let mut seen = Vec::new();
    if tally.standing > 0 {
        let filled = bits(tally.cells.iter().copied());
        let all = grid.size() * grid.size();
        for digit in 1..=grid.size() as u8 {
            let off_line = tally.common_seen[usize::from(digit)] & !filled;
            let cells = (0..all).filter(|&c| off_line >> c & 1 == 1);
            let gone = grid.candidates_in(cells, bit(digit));
            if !gone.is_empty() {
                seen.push(digit);
                step.eliminations.extend(gone);
            }
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.eliminations.sort();
    step.eliminations.dedup();
    step.elements.extend(set.iter().map(|d| d.index));
    step.reason = Some(reason(grid, set, tally, &seen));
    Some(step)
}

/// `little killer 2 (r1c3–r4c6) adds up to 13: 9 of its 14 fillings would
/// leave a house no place for a digit or a cell no candidate; the 5 left
/// …`.
fn reason(grid: &Grid, set: &[&Diagonal], tally: &Tally, seen: &[u8]) -> String {
    let names: Vec<String> = set.iter().map(|d| labelled(grid, d.index)).collect();
    let sums: Vec<String> = set.iter().map(|d| d.sum.to_string()).collect();
    let (tried, standing) = (tally.tried, tally.standing);
    let broken = tried - standing;
    let mut text = match set.len() {
        1 => format!("{} adds up to {}: ", names[0], sums[0]),
        _ => format!(
            "{} add up to {}: filled together from the fillings each allows alone, with \
             different digits where cells see each other, ",
            names.join(" and "),
            sums.join(" and ")
        ),
    };
    let whose = match set.len() {
        1 => "its fillings",
        _ => "the ways",
    };
    match broken {
        0 => text.push_str(&format!("{tried} of {whose} stand")),
        _ => text.push_str(&format!(
            "{broken} of {whose} ({tried}) would leave a house no place for a digit or a cell no \
             candidate"
        )),
    }
    match standing {
        0 => text.push_str(", so none stands"),
        n if broken > 0 => text.push_str(&format!("; the {n} left keep only these candidates")),
        _ => text.push_str(", keeping only these candidates"),
    }
    if !seen.is_empty() {
        let digits: Vec<String> = seen.iter().map(u8::to_string).collect();
        text.push_str(&format!(
            ", and each puts {} where the cells cleared of it see it",
            digits.join(", ")
        ));
    }
    text
}

/// The fillings of one diagonal that reach its clue, with different
/// digits where cells see each other.
struct Search {
    /// Per cell, the digits it may hold.
    options: Vec<u32>,
    /// Per cell, the earlier cells it sees.
    sees: Vec<Vec<usize>>,
    /// Per position k, the least and most the cells from k on can add.
    least: Vec<i32>,
    most: Vec<i32>,
    digits: Vec<u8>,
    /// The fillings found (one more than [`MOST_FILLINGS`] at most).
    fillings: Vec<Vec<u8>>,
}

impl Search {
    fn new(grid: &Grid, cells: &[usize]) -> Self {
        let n = cells.len();
        let options: Vec<u32> = cells.iter().map(|&c| options(grid, c)).collect();
        let sees = (0..n)
            .map(|k| (0..k).filter(|&j| grid.sees(cells[k], cells[j])).collect())
            .collect();
        let mut least = vec![0; n + 1];
        let mut most = vec![0; n + 1];
        for k in (0..n).rev() {
            least[k] = least[k + 1] + options[k].trailing_zeros() as i32 + 1;
            most[k] = most[k + 1] + 32 - options[k].leading_zeros() as i32;
        }
        Search {
            options,
            sees,
            least,
            most,
            digits: vec![0; n],
            fillings: Vec::new(),
        }
    }

    fn go(&mut self, k: usize, left: i32) -> ControlFlow<()> {
        tick()?;
        if self.fillings.len() > MOST_FILLINGS || left < self.least[k] || left > self.most[k] {
            return ControlFlow::Continue(());
        }
        if k == self.digits.len() {
            self.fillings.push(self.digits.clone());
            return ControlFlow::Continue(());
        }
        let taken = self.sees[k]
            .iter()
            .fold(0, |mask, &j| mask | bit(self.digits[j]));
        for digit in each_digit(self.options[k] & !taken) {
            self.digits[k] = digit;
            self.go(k + 1, left - i32::from(digit))?;
        }
        ControlFlow::Continue(())
    }
}
