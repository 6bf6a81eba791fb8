//! HoDoKu's nice loops and AICs, read from its implication tables
//! ([`Tables`]).
//!
//! Each table reaching its premise's cell again closes a loop, and each
//! off table reaching a candidate on an AIC: the chain is the one path the
//! table remembers, rejected when it passes a cell twice (a lasso). From
//! the kinds of the first and last links and the digits at the ends, a
//! loop is discontinuous (it removes or proves the start candidate) or
//! continuous (every weak link removes the digit from the cells seeing both
//! its ends; a cell entered and left by strong links keeps only their two
//! digits). An AIC of one digit removes it from the cells seeing both ends
//! (two of them at least must hold it); of two digits, its ends seeing each
//! other, each end loses the other's digit.
//!
//! Loops are read from the on tables, then the off tables, AICs from the
//! off tables; of two steps removing the same candidates the longer is not
//! kept. HoDoKu then sorts them: most removals, then the smallest weighted
//! sum of the removed candidates; for the same removals, the shorter chain.

use std::collections::HashMap;

use super::super::grid::Grid;
use super::super::step::{Candidate, Step};
use super::super::technique::Technique;
use super::tables::{Cells, Tables, cells_of, masks};

/// One loop or AIC found.
struct Found {
    technique: Technique,
    /// The removals as HoDoKu lists them (a candidate may come twice).
    removed: Vec<Candidate>,
    /// The removals by digit, then cell.
    sorted: Vec<Candidate>,
    chain: Vec<u16>,
}

/// HoDoKu's first nice loop or AIC of a classic grid (grouped ones, through
/// group nodes, with `grouped`), if any.
pub(crate) fn nice_loop(grid: &Grid, grouped: bool) -> Option<Step> {
    let tables = Tables::of(grid, grouped)?;
    let mut search = Search {
        grid,
        tables: &tables,
        found: Vec::new(),
        seen: HashMap::new(),
    };
    for on in [true, false] {
        for node in 0..super::tables::CANDIDATES {
            search.loops(super::tables::state(node, on));
        }
    }
    for node in 0..super::tables::CANDIDATES {
        search.aics(super::tables::state(node, false));
    }
    let best = best(&search.found)?;
    Some(step(&tables, best))
}

/// HoDoKu's pick: most removals, then the smallest weighted sum of them,
/// then (for the same removals and kind) the shorter chain; else the first
/// found.
fn best(found: &[Found]) -> Option<&Found> {
    let key = |f: &Found| (std::cmp::Reverse(f.removed.len()), index_sum(&f.removed));
    let first = found.iter().min_by_key(|f| key(f))?;
    found
        .iter()
        .filter(|f| f.technique == first.technique && f.sorted == first.sorted)
        .min_by_key(|f| f.chain.len())
}

/// HoDoKu's weighted sum of removed candidates (`getIndexSumme`): taken by
/// digit, then cell, the k-th counts its cell 1 + 80k times, plus its
/// digit.
pub(super) fn index_sum(removed: &[Candidate]) -> usize {
    let mut sorted = removed.to_vec();
    sorted.sort_by_key(|c| (c.digit, c.cell));
    sorted
        .iter()
        .enumerate()
        .map(|(k, c)| c.cell * (1 + 80 * k) + usize::from(c.digit))
        .sum()
}

struct Search<'a> {
    grid: &'a Grid,
    tables: &'a Tables,
    found: Vec<Found>,
    /// The index in `found` of the last step of each kind and removals.
    seen: HashMap<(Technique, Vec<Candidate>), usize>,
}

impl Search<'_> {
    /// The nice loops of one table: its nodes back in the premise's cell.
    fn loops(&mut self, premise: usize) {
        let table = &self.tables.tables[premise];
        let Some(start) = table.entries.first() else {
            return;
        };
        let (cell, _) = self.tables.node(usize::from(start.state));
        for j in 1..table.entries.len() {
            let s = usize::from(table.entries[j].state);
            if self.tables.group(s).is_none() && self.tables.node(s).0 == cell {
                self.nice_loop(premise, j);
            }
        }
    }

    fn nice_loop(&mut self, premise: usize, j: usize) {
        let tables = self.tables;
        let table = &tables.tables[premise];
        if table.entries[j].distance <= 2 {
            return;
        }
        let Some(chain) = simple_chain(tables, table.chain(j), true) else {
            return;
        };
        let cell_at = |k: usize| tables.node(usize::from(chain[k])).0;
        if cell_at(0) == cell_at(1) {
            return;
        }
        let on = |s: u16| s & 1 == 1;
        // HoDoKu reads the first link's kind from the table's second node.
        let first_strong = on(table.entries[1].state);
        let end = table.entries[j].state;
        let last_strong = on(end);
        let (start, start_digit) = tables.node(premise);
        let end_digit = tables.node(usize::from(end)).1;
        let same = start_digit == end_digit;
        let others = |keep: &[u8]| -> Vec<Candidate> {
            self.grid
                .digits(start)
                .into_iter()
                .filter(|d| !keep.contains(d))
                .map(|d| Candidate::new(start, d))
                .collect()
        };
        let bivalue = self.grid.mask(start).count_ones() == 2;
        let (technique, removed) = match (first_strong, last_strong) {
            (false, false) if same => (
                Technique::DiscontinuousNiceLoop,
                vec![Candidate::new(start, start_digit)],
            ),
            (true, true) if same => (Technique::DiscontinuousNiceLoop, others(&[start_digit])),
            (false, true) if !same => (
                Technique::DiscontinuousNiceLoop,
                vec![Candidate::new(start, start_digit)],
            ),
            (true, false) if !same => (
                Technique::DiscontinuousNiceLoop,
                vec![Candidate::new(start, end_digit)],
            ),
            (false, false) if !bivalue => return,
            _ => (
                Technique::ContinuousNiceLoop,
                self.continuous(
                    &chain,
                    (first_strong, last_strong),
                    (start_digit, end_digit),
                ),
            ),
        };
        self.record(technique, removed, chain);
    }

    /// A continuous loop's removals.
    fn continuous(
        &self,
        chain: &[u16],
        (first, last_strong): (bool, bool),
        ends: (u8, u8),
    ) -> Vec<Candidate> {
        let tables = self.tables;
        let on = |s: u16| s & 1 == 1;
        let cell = |s: u16| tables.node(usize::from(s)).0;
        let digit = |s: u16| tables.node(usize::from(s)).1;
        let start = cell(chain[0]);
        let chain_cells: Cells = chain
            .iter()
            .fold(0, |acc, &s| acc | tables.cells(usize::from(s)));
        let last = chain.len() - 1;
        let mut removed = Vec::new();
        for i in 0..chain.len() {
            let s = chain[i];
            let two_strong = if i == 0 {
                first && last_strong
            } else {
                on(s)
                    && i + 2 <= last
                    && cell(chain[i - 1]) != cell(s)
                    && !on(chain[i + 1])
                    && cell(s) == cell(chain[i + 1])
                    && on(chain[i + 2])
                    && cell(chain[i + 1]) != cell(chain[i + 2])
            };
            if two_strong {
                let keep = if i == 0 {
                    [ends.0, ends.1]
                } else {
                    [digit(s), digit(chain[i + 2])]
                };
                let c = cell(s);
                removed.extend(
                    self.grid
                        .digits(c)
                        .into_iter()
                        .filter(|d| !keep.contains(d))
                        .map(|d| Candidate::new(c, d)),
                );
            }
            if i > 0 && !on(s) && cell(chain[i - 1]) != cell(s) {
                let d = digit(s);
                let seeing = tables.buddies(usize::from(chain[i - 1]))
                    & tables.buddies(usize::from(s))
                    & !chain_cells
                    & !(1 << start)
                    & tables.cands[usize::from(d)];
                removed.extend(cells_of(seeing).map(|c| Candidate::new(c, d)));
            }
        }
        removed
    }

    /// The AICs of one off table: its candidates on outside the premise's
    /// cell.
    fn aics(&mut self, premise: usize) {
        let tables = self.tables;
        let table = &tables.tables[premise];
        if table.entries.is_empty() {
            return;
        }
        let (start, start_digit) = tables.node(premise);
        let buddies = masks().buddies;
        for j in 1..table.entries.len() {
            let s = usize::from(table.entries[j].state);
            if tables.group(s).is_some() || s & 1 == 0 {
                continue;
            }
            let (end, end_digit) = tables.node(s);
            if end == start {
                continue;
            }
            let removed = if start_digit == end_digit {
                let seeing = buddies[start] & buddies[end] & tables.cands[usize::from(start_digit)];
                if seeing.count_ones() < 2 {
                    continue;
                }
                cells_of(seeing)
                    .map(|c| Candidate::new(c, start_digit))
                    .collect()
            } else {
                if buddies[start] >> end & 1 == 0
                    || !self.grid.has(end, start_digit)
                    || !self.grid.has(start, end_digit)
                {
                    continue;
                }
                vec![
                    Candidate::new(start, end_digit),
                    Candidate::new(end, start_digit),
                ]
            };
            if table.entries[j].distance <= 2 {
                continue;
            }
            let Some(chain) = simple_chain(tables, table.chain(j), false) else {
                continue;
            };
            self.record(Technique::Aic, removed, chain);
        }
    }

    /// Keeps a step unless one of its kind removing the same candidates
    /// with a chain no longer came before.
    fn record(&mut self, technique: Technique, removed: Vec<Candidate>, chain: Vec<u16>) {
        if removed.is_empty() {
            return;
        }
        let grouped = chain
            .iter()
            .any(|&s| self.tables.group(usize::from(s)).is_some());
        let technique = match (technique, grouped) {
            (Technique::ContinuousNiceLoop, true) => Technique::GroupedContinuousNiceLoop,
            (Technique::DiscontinuousNiceLoop, true) => Technique::GroupedDiscontinuousNiceLoop,
            (Technique::Aic, true) => Technique::GroupedAic,
            (t, _) => t,
        };
        let mut key = removed.clone();
        key.sort_by_key(|c| (c.digit, c.cell));
        if let Some(&old) = self.seen.get(&(technique, key.clone()))
            && self.found[old].chain.len() <= chain.len()
        {
            return;
        }
        self.seen.insert((technique, key.clone()), self.found.len());
        self.found.push(Found {
            technique,
            removed,
            sorted: key,
            chain,
        });
    }
}

/// The chain unless it is a lasso: a cell left and entered again (a loop
/// may come back to its start cell at its end, and does not leave it by
/// its last link).
fn simple_chain(tables: &Tables, chain: Vec<u16>, is_loop: bool) -> Option<Vec<u16>> {
    let cell = |s: u16| tables.node(usize::from(s)).0;
    let n = chain.len();
    if is_loop && n > 1 && cell(chain[n - 1]) == cell(chain[n - 2]) {
        return None;
    }
    let first = cell(chain[0]);
    let mut passed: Cells = 0;
    let mut last: Option<u16> = None;
    for &s in &chain {
        if passed >> cell(s) & 1 == 1 {
            return None;
        }
        if let Some(prev) = last
            && (cell(prev) != first || !is_loop)
        {
            passed |= tables.cells(usize::from(prev));
        }
        last = Some(s);
    }
    Some(chain)
}

/// The step of a loop or AIC found.
fn step(tables: &Tables, found: &Found) -> Step {
    let mut step = Step::new(found.technique);
    step.links = tables.links(&found.chain);
    step.pattern = tables.pattern(&found.chain);
    let mut removed = found.removed.clone();
    removed.sort_unstable();
    removed.dedup();
    step.eliminations = removed;
    step
}
