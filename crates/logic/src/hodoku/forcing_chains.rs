//! HoDoKu's forcing chains, read from its implication tables (with group
//! nodes, [`Tables`]).
//!
//! * **contradiction** — a premise's table turns its own candidate the
//!   other way, a candidate both on and off, two digits on in one cell, a
//!   digit on twice in a house, every candidate of a cell off, or every
//!   place of a digit in a house off (its places by the digits placed, not
//!   the candidates left): the premise is false;
//! * **verity** — a candidate's on and off tables, or the on tables of
//!   every candidate of a cell or every place of a digit in a house, agree
//!   on a candidate being on or off.
//!
//! Each step concludes one candidate. HoDoKu sorts them: placements first,
//! the lowest cell; else the removal of the lowest cell, then digit.

use super::super::grid::Grid;
use super::super::step::{Candidate, Step};
use super::super::technique::Technique;
use super::tables::{
    CANDIDATES, Cells, Table, Tables, allowed, candidate_node, cells_of, masks, open_cells, state,
};

/// What a forcing chain concludes: a candidate placed or removed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Conclusion {
    Place(Candidate),
    Remove(Candidate),
}

impl Conclusion {
    /// HoDoKu's order: placements by cell, then removals by cell and digit.
    fn rank(self) -> (bool, usize) {
        match self {
            Conclusion::Place(c) => (false, c.cell),
            Conclusion::Remove(c) => (true, c.cell * 10 + usize::from(c.digit)),
        }
    }
}

/// The first found for the best conclusion: its kind and chains (each a
/// table and the state it reaches).
struct Best {
    conclusion: Conclusion,
    technique: Technique,
    chains: Vec<(usize, usize)>,
}

/// HoDoKu's forcing chain step in a classic grid, if any.
pub(crate) fn forcing_chain(grid: &Grid) -> Option<Step> {
    let tables = Tables::of(grid, true)?;
    let mut search = Search {
        tables: &tables,
        best: None,
        allowed: allowed(grid),
        open: open_cells(grid),
    };
    for node in 0..CANDIDATES {
        search.contradiction(state(node, true));
        search.contradiction(state(node, false));
    }
    for node in 0..CANDIDATES {
        search.both_ways(node);
    }
    let masks = masks();
    for cell in 0..81 {
        let premises = grid
            .digits(cell)
            .into_iter()
            .map(|d| state(candidate_node(cell, d), true));
        search.all_of(premises.collect());
    }
    for kind in 0..3 {
        for house in masks.houses[kind] {
            for digit in 1..=9u8 {
                let places = house & tables.cands[usize::from(digit)];
                let premises = cells_of(places).map(|c| state(candidate_node(c, digit), true));
                search.all_of(premises.collect());
            }
        }
    }
    let best = search.best?;
    Some(step(&tables, &best))
}

struct Search<'a> {
    tables: &'a Tables,
    best: Option<Best>,
    /// Per digit, the open cells no placed digit rules it out of.
    allowed: [Cells; 10],
    open: Cells,
}

impl Search<'_> {
    /// Keeps a conclusion if it ranks before the best so far.
    fn offer(&mut self, conclusion: Conclusion, technique: Technique, chains: Vec<(usize, usize)>) {
        if self
            .best
            .as_ref()
            .is_some_and(|b| b.conclusion.rank() <= conclusion.rank())
        {
            return;
        }
        self.best = Some(Best {
            conclusion,
            technique,
            chains,
        });
    }

    /// A premise whose table contradicts itself is false.
    fn contradiction(&mut self, premise: usize) {
        let table = &self.tables.tables[premise];
        if table.entries.is_empty() {
            return;
        }
        let (cell, digit) = self.tables.node(premise);
        let on = premise & 1 == 1;
        let candidate = Candidate::new(cell, digit);
        let conclusion = match on {
            true => Conclusion::Remove(candidate),
            false => Conclusion::Place(candidate),
        };
        if self
            .best
            .as_ref()
            .is_some_and(|b| b.conclusion.rank() <= conclusion.rank())
        {
            return;
        }
        if let Some(reached) = self.contradicting(table, premise, candidate) {
            let chains = reached.into_iter().map(|s| (premise, s)).collect();
            self.offer(conclusion, Technique::ForcingChainContradiction, chains);
        }
    }

    /// The states showing a table's contradiction, if it has one (HoDoKu's
    /// checks in its order).
    fn contradicting(
        &self,
        table: &Table,
        premise: usize,
        premise_cand: Candidate,
    ) -> Option<Vec<usize>> {
        let node = |c: usize, d: usize, on: bool| state(c * 9 + d - 1, on);
        let (cell, digit) = (premise_cand.cell, usize::from(premise_cand.digit));
        let on = premise & 1 == 1;
        let inverse = if on {
            table.off[digit]
        } else {
            table.on[digit]
        };
        if inverse >> cell & 1 == 1 {
            return Some(vec![node(cell, digit, !on)]);
        }
        for d in 1..=9 {
            let both = table.on[d] & table.off[d];
            if both != 0 {
                let c = both.trailing_zeros() as usize;
                return Some(vec![node(c, d, false), node(c, d, true)]);
            }
        }
        for d in 1..=9 {
            for e in d + 1..=9 {
                let both = table.on[d] & table.on[e];
                if both != 0 {
                    let c = both.trailing_zeros() as usize;
                    return Some(vec![node(c, d, true), node(c, e, true)]);
                }
            }
        }
        let masks = masks();
        for d in 1..=9 {
            // Fewer than two places on: no house holds two.
            if table.on[d] & table.on[d].wrapping_sub(1) == 0 {
                continue;
            }
            for kind in 0..3 {
                for house in masks.houses[kind] {
                    let twice = house & table.on[d];
                    if twice & twice.wrapping_sub(1) != 0 {
                        return Some(cells_of(twice).map(|c| node(c, d, true)).collect());
                    }
                }
            }
        }
        let cands = &self.tables.cands;
        let mut emptied = self.open;
        for (off, cand) in table.off.iter().zip(cands).skip(1) {
            emptied &= off | !cand;
        }
        for on in &table.on {
            emptied &= !on;
        }
        if let Some(c) = cells_of(emptied).next() {
            let digits = (1..=9).filter(|&d| cands[d] >> c & 1 == 1);
            return Some(digits.map(|d| node(c, d, false)).collect());
        }
        for d in 1..=9 {
            // No allowed place off: no house has all of them off.
            if table.off[d] & self.allowed[d] == 0 {
                continue;
            }
            for kind in 0..3 {
                for house in masks.houses[kind] {
                    let places = house & self.allowed[d];
                    if places != 0 && places & table.off[d] == places {
                        return Some(cells_of(places).map(|c| node(c, d, false)).collect());
                    }
                }
            }
        }
        None
    }

    /// A candidate's on and off tables agreeing.
    fn both_ways(&mut self, node: usize) {
        let (on, off) = (state(node, true), state(node, false));
        let (on_table, off_table) = (&self.tables.tables[on], &self.tables.tables[off]);
        if on_table.entries.is_empty() || off_table.entries.is_empty() {
            return;
        }
        let cell = node / 9;
        let mut offers = Vec::new();
        for (set, placed) in [(true, true), (false, false)] {
            for d in 1..=9u8 {
                let (a, b) = match set {
                    true => (on_table.on[usize::from(d)], off_table.on[usize::from(d)]),
                    false => (on_table.off[usize::from(d)], off_table.off[usize::from(d)]),
                };
                for c in cells_of(a & b & !(1 << cell)) {
                    let candidate = Candidate::new(c, d);
                    let target = state(candidate_node(c, d), placed);
                    let conclusion = match placed {
                        true => Conclusion::Place(candidate),
                        false => Conclusion::Remove(candidate),
                    };
                    offers.push((conclusion, vec![(on, target), (off, target)]));
                }
            }
        }
        for (conclusion, chains) in offers {
            self.offer(conclusion, Technique::ForcingChainVerity, chains);
        }
    }

    /// The on tables of every candidate of a cell, or every place of a
    /// digit in a house, agreeing.
    fn all_of(&mut self, premises: Vec<usize>) {
        let Some(&first) = premises.first() else {
            return;
        };
        let tables = &self.tables.tables;
        let mut on = tables[first].on;
        let mut off = tables[first].off;
        for &p in &premises[1..] {
            for d in 1..=9 {
                on[d] &= tables[p].on[d];
                off[d] &= tables[p].off[d];
            }
        }
        let mut offers = Vec::new();
        for d in 1..=9u8 {
            for (cells, placed) in [(on[usize::from(d)], true), (off[usize::from(d)], false)] {
                for c in cells_of(cells) {
                    let candidate = Candidate::new(c, d);
                    let target = state(candidate_node(c, d), placed);
                    let conclusion = match placed {
                        true => Conclusion::Place(candidate),
                        false => Conclusion::Remove(candidate),
                    };
                    offers.push((conclusion, premises.iter().map(|&p| (p, target)).collect()));
                }
            }
        }
        for (conclusion, chains) in offers {
            self.offer(conclusion, Technique::ForcingChainVerity, chains);
        }
    }
}

/// The step of the best conclusion: its chains' links one after another.
fn step(tables: &Tables, best: &Best) -> Step {
    let mut step = Step::new(best.technique);
    let mut states = Vec::new();
    for &(premise, target) in &best.chains {
        let table = &tables.tables[premise];
        if let Some(index) = table.find(target) {
            let chain = table.chain(index);
            step.links.extend(tables.links(&chain));
            states.extend(chain);
        }
    }
    step.pattern = tables.pattern(&states);
    match best.conclusion {
        Conclusion::Place(c) => step.placements.push(c),
        Conclusion::Remove(c) => step.eliminations.push(c),
    }
    step
}
