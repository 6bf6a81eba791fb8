//! Propagation: from an assumption, every potential that must follow.
//!
//! Two rules switch potentials off and two switch them on:
//!
//! * a potential **on** switches **off** the cell's other candidates and the
//!   digit's other places in each house (and in a killer cage);
//! * a potential **off** switches **on** the last candidate of its cell, and
//!   the last place of its digit in a house.
//!
//! *Static* propagation counts "last" in the grid as given; *dynamic*
//! propagation removes each potential switched off from a working copy, so
//! a cell emptied by several removals fires too (its other removals become
//! extra parents). Nishio propagation follows one digit only. From level 1
//! on, whenever nothing is pending, simple techniques and the variant
//! constraints' own deductions — and from level 2 nested chains — are run
//! on the working copy and their removals become new
//! potentials off, whose parents are the removals they needed.
//!
//! Potentials on are handled before potentials off, in the order found; the
//! first time both states of a candidate are reached is the contradiction.

use std::collections::VecDeque;
use std::rc::Rc;

use super::context::Context;
use super::potential::{Cause, Hint, Potential, Run};
use super::rules::{self, RuleHint};
use crate::grid::{Grid, bit, digits_of};
use crate::step::Candidate;

/// What a propagation may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Chaining {
    /// Cell and region forcing chains are searched.
    pub multiple: bool,
    /// Removals update a working copy of the grid.
    pub dynamic: bool,
    /// One digit only, contradictions only.
    pub nishio: bool,
    /// Nesting: 1 adds simple techniques, 2 static forcing chains, 3
    /// multiple forcing chains, 4 dynamic forcing chains, 5 dynamic forcing
    /// chains of level 2.
    pub level: u8,
}

/// A contradiction: the same candidate reached on and off (node ids).
pub(super) type Absurd = (usize, usize);

impl Chaining {
    /// The producer's base rating, tenths.
    pub fn base(self) -> u16 {
        let level = u16::from(self.level);
        if level >= 2 {
            95 + 5 * (level - 2)
        } else if level > 0 {
            85 + 5 * level
        } else if self.nishio {
            75
        } else if self.dynamic {
            85
        } else {
            80
        }
    }

    /// Completes `run` from its nodes `seeds`; returns the contradiction
    /// met, if any. Static propagation reads `links` (the grid's fixed
    /// implications); dynamic propagation works them out on its copy of
    /// `grid` in `work`, whose storage successive propagations share.
    pub fn propagate(
        self,
        context: &Context,
        links: Option<&Links>,
        grid: &Grid,
        run: &mut Run,
        seeds: &[usize],
        work: &mut Workspace,
    ) -> Option<Absurd> {
        let Workspace {
            grid: working,
            pending_on,
            pending_off,
            implied: scratch,
            found,
        } = work;
        pending_on.clear();
        pending_off.clear();
        // A dynamic propagation removes what it turns off from its copy.
        let mut working = match (self.dynamic, working) {
            (true, Some(working)) => {
                working.clone_from(grid);
                Some(working)
            }
            (true, working) => Some(working.insert(grid.clone())),
            (false, _) => None,
        };
        for &seed in seeds {
            match run.nodes[seed].on {
                true => pending_on.push_back(seed),
                false => pending_off.push_back(seed),
            }
        }
        let keep = |implied: &Implied| !self.nishio || implied.cause != Cause::Cell;
        let rules = match self.level {
            0 => Vec::new(),
            level => Rule::for_level(level),
        };
        loop {
            if !context.work.spend(1) {
                return None;
            }
            let current: &Grid = working.as_deref().unwrap_or(grid);
            if let Some(p) = pending_on.pop_front() {
                let (cell, digit) = (run.nodes[p].cell, run.nodes[p].digit);
                let offs = match (self.dynamic, links) {
                    (false, Some(links)) => links.offs(cell, digit),
                    _ => {
                        on_to_off(context, current, cell, digit, scratch);
                        &scratch[..]
                    }
                };
                for implied in offs.iter().filter(|i| keep(i)) {
                    let absurd = reach(run, implied.potential(false, p), pending_off);
                    if absurd.is_some() {
                        return absurd;
                    }
                }
            } else if let Some(p) = pending_off.pop_front() {
                let (cell, digit) = (run.nodes[p].cell, run.nodes[p].digit);
                let ons = match (self.dynamic, links) {
                    (false, Some(links)) => links.ons(cell, digit),
                    _ => {
                        off_to_on(context, current, cell, digit, scratch);
                        &scratch[..]
                    }
                };
                found.clear();
                for implied in ons.iter().filter(|i| keep(i)) {
                    // Already reached on and not off: `reach` would drop it.
                    // The ons are distinct candidates, so reaching the ones
                    // before it cannot change that.
                    if run.contains(implied.cell, implied.digit, true)
                        && !run.contains(implied.cell, implied.digit, false)
                    {
                        continue;
                    }
                    let mut on = implied.potential(true, p);
                    if self.dynamic {
                        hidden_parents(context, implied, current, grid, run, &mut on);
                    }
                    found.push(on);
                }
                if let Some(working) = working.as_deref_mut() {
                    working.eliminate(cell, digit);
                }
                for on in found.drain(..) {
                    let absurd = reach(run, on, pending_on);
                    if absurd.is_some() {
                        return absurd;
                    }
                }
            } else if !rules.is_empty() {
                let mut added = false;
                let (offs, strict) = advanced(&rules, context, current, grid, run);
                for off in offs {
                    if !run.contains(off.cell, off.digit, false) {
                        // A constraint removing a candidate the run holds on
                        // is the contradiction (its cell would be emptied).
                        if let Some(on) = run.find(off.cell, off.digit, true).filter(|_| strict) {
                            run.nodes.push(off);
                            return Some((on, run.nodes.len() - 1));
                        }
                        pending_off.push_back(run.push(off));
                        added = true;
                    }
                }
                if !added {
                    return None;
                }
            } else {
                return None;
            }
        }
    }
}

/// The storage a propagation works in, kept from one to the next.
#[derive(Default)]
pub(super) struct Workspace {
    /// The grid as a dynamic propagation leaves it.
    grid: Option<Grid>,
    pending_on: VecDeque<usize>,
    pending_off: VecDeque<usize>,
    implied: Vec<Implied>,
    found: Vec<Potential>,
}

/// Adds a potential propagation reached: the contradiction (on, off) when
/// its other state is already there, else queued on `pending` if new.
fn reach(run: &mut Run, potential: Potential, pending: &mut VecDeque<usize>) -> Option<Absurd> {
    let (cell, digit, on) = (potential.cell, potential.digit, potential.on);
    if let Some(other) = run.find(cell, digit, !on) {
        let id = run.nodes.len();
        run.nodes.push(potential);
        return Some(if on { (id, other) } else { (other, id) });
    }
    if !run.contains(cell, digit, on) {
        pending.push_back(run.push(potential));
    }
    None
}

/// Removals by simple techniques and the variant constraints (level ≥ 1)
/// or nested chains (level ≥ 2) in the working grid, each with the removals
/// it needed as parents. The first of `rules` that gives any is used; the
/// flag says whether it was the constraints' rule.
fn advanced(
    rules: &[Rule],
    context: &Context,
    current: &Grid,
    initial: &Grid,
    run: &Run,
) -> (Vec<Potential>, bool) {
    for rule in rules {
        let mut found = Vec::new();
        let mut emit =
            |removals: &[Candidate], parents: Vec<Candidate>, nested: Option<Rc<Hint>>| {
                let parents: Vec<usize> = parents
                    .iter()
                    .filter_map(|c| run.find(c.cell, c.digit, false))
                    .collect();
                if parents.is_empty() {
                    return;
                }
                for removal in removals {
                    let mut off =
                        Potential::new(removal.cell, removal.digit, false, Cause::Advanced, None);
                    off.add_parents(parents.iter().copied());
                    off.nested = nested.clone();
                    found.push(off);
                }
            };
        match rule {
            Rule::Simple(find) => {
                for hint in find(context, current, initial) {
                    emit(&hint.removals, hint.parents, None);
                }
            }
            Rule::Constraints => {
                for hint in rules::constraints(context, current, initial) {
                    emit(&hint.removals, hint.parents, None);
                }
            }
            Rule::Chains(chaining) => {
                for hint in chaining.hints(context, current) {
                    let parents = hint.rule_parents(initial, current);
                    emit(&hint.removable, parents, Some(Rc::clone(&hint)));
                }
            }
        }
        if !found.is_empty() {
            return (found, matches!(rule, Rule::Constraints));
        }
    }
    (Vec::new(), false)
}

/// A rule the nested levels apply to the working grid.
enum Rule {
    /// A simple technique (see `rules`).
    Simple(fn(&Context, &Grid, &Grid) -> Vec<RuleHint>),
    /// The variant constraints' own deductions (`rules::constraints`).
    Constraints,
    /// Nested chains.
    Chains(Chaining),
}

impl Rule {
    /// SE's rules for a level: locked candidates, hidden pairs, naked pairs,
    /// X-wings, the variant constraints' deductions, then the nested chains.
    fn for_level(level: u8) -> Vec<Rule> {
        let mut rules = vec![
            Rule::Simple(rules::locking),
            Rule::Simple(rules::hidden_pairs),
            Rule::Simple(rules::naked_pairs),
            Rule::Simple(rules::x_wings),
            Rule::Constraints,
        ];
        let chains = |multiple, dynamic, level| {
            Rule::Chains(Chaining {
                multiple,
                dynamic,
                nishio: false,
                level,
            })
        };
        if level < 4 {
            if level >= 2 {
                rules.push(chains(false, false, 0));
            }
            if level >= 3 {
                rules.push(chains(true, false, 0));
            }
        } else {
            rules.push(chains(true, true, 0));
            if level >= 5 {
                rules.push(chains(true, true, level - 3));
            }
        }
        rules
    }
}

/// A candidate switched on or off, and why (before it gets its parents).
#[derive(Clone, Copy, Debug)]
pub(super) struct Implied {
    pub cell: usize,
    pub digit: u8,
    pub cause: Cause,
}

impl Implied {
    /// The potential, implied by node `parent`.
    pub fn potential(self, on: bool, parent: usize) -> Potential {
        Potential::new(self.cell, self.digit, on, self.cause, Some(parent))
    }
}

/// What `digit` in `cell` on switches off, first found first: the cell's
/// other candidates (cause `Cell`), then the digit's other places house by
/// house, then in cage mates.
pub(super) fn on_to_off(
    context: &Context,
    grid: &Grid,
    cell: usize,
    digit: u8,
    result: &mut Vec<Implied>,
) {
    result.clear();
    let mut others = grid.mask(cell) & !bit(digit);
    while others != 0 {
        result.push(Implied {
            cell,
            digit: others.trailing_zeros() as u8 + 1,
            cause: Cause::Cell,
        });
        others &= others - 1;
    }
    // Each house's cells in reading order, each cell once (its first house).
    for &(other, house) in &context.peer_order[cell] {
        if grid.has(other, digit) {
            result.push(Implied {
                cell: other,
                digit,
                cause: Cause::House(house),
            });
        }
    }
    for &other in &context.mate_list[cell] {
        if grid.has(other, digit) {
            result.push(Implied {
                cell: other,
                digit,
                cause: Cause::Peer,
            });
        }
    }
    // The variant relations: the related cells' digits that do not go
    // with this one (the same digit in a peer is listed already).
    for (other, mask) in grid.excluded_by(cell, digit) {
        let mut rest = mask & grid.mask(other);
        if context.near[cell].contains(other) {
            rest &= !bit(digit);
        }
        while rest != 0 {
            result.push(Implied {
                cell: other,
                digit: rest.trailing_zeros() as u8 + 1,
                cause: Cause::Peer,
            });
            rest &= rest - 1;
        }
    }
}

/// What `digit` in `cell` off switches on: the cell's last candidate (cause
/// `Cell`), then the digit's last place in each house.
pub(super) fn off_to_on(
    context: &Context,
    grid: &Grid,
    cell: usize,
    digit: u8,
    result: &mut Vec<Implied>,
) {
    result.clear();
    let mask = grid.mask(cell);
    // A bivalue cell: the lowest digit other than `digit`.
    let rest = mask & !bit(digit);
    if mask.count_ones() == 2 && rest != 0 {
        result.push(Implied {
            cell,
            digit: rest.trailing_zeros() as u8 + 1,
            cause: Cause::Cell,
        });
    }
    let houses = grid.houses();
    for &house in &context.houses_of[cell] {
        // Exactly two places, in reading order: the first that is not `cell`.
        let mut places = houses[house].cells.iter().filter(|&&c| grid.has(c, digit));
        let (Some(&first), Some(&second), None) = (places.next(), places.next(), places.next())
        else {
            continue;
        };
        let other = if first != cell { first } else { second };
        if !result.iter().any(|q| q.cell == other && q.digit == digit) {
            result.push(Implied {
                cell: other,
                digit,
                cause: Cause::House(house),
            });
        }
    }
}

/// The removals (potentials off in `run`) that emptied the rest of the cell
/// or house behind an implied potential on, in a dynamic run.
fn hidden_parents(
    context: &Context,
    implied: &Implied,
    grid: &Grid,
    initial: &Grid,
    run: &Run,
    on: &mut Potential,
) {
    let removal = |(cell, digit): (usize, u8)| {
        (initial.has(cell, digit) && !grid.has(cell, digit))
            .then(|| run.find(cell, digit, false))
            .flatten()
    };
    match implied.cause {
        Cause::House(house) => {
            let cells = context.cells(house);
            on.add_parents(
                cells
                    .iter()
                    .map(|&c| (c, implied.digit))
                    .filter_map(removal),
            );
        }
        _ => {
            let digits = 1..=grid.size() as u8;
            on.add_parents(digits.map(|d| (implied.cell, d)).filter_map(removal));
        }
    }
}

/// The implications of a grid that does not change (static propagation),
/// worked out once per candidate.
pub(super) struct Links {
    size: usize,
    implied: Vec<Implied>,
    /// Per candidate, where its offs start, where its ons start and where
    /// they end in `implied`.
    bounds: Vec<(u32, u32, u32)>,
}

impl Links {
    pub fn new(context: &Context, grid: &Grid) -> Self {
        let size = grid.size();
        let cells = grid.values().len();
        let mut implied = Vec::new();
        let mut scratch = Vec::new();
        let mut bounds = vec![(0, 0, 0); cells * size];
        for cell in 0..cells {
            for digit in digits_of(grid.mask(cell)) {
                let start = implied.len() as u32;
                on_to_off(context, grid, cell, digit, &mut scratch);
                implied.extend_from_slice(&scratch);
                let middle = implied.len() as u32;
                off_to_on(context, grid, cell, digit, &mut scratch);
                implied.extend_from_slice(&scratch);
                let end = implied.len() as u32;
                bounds[cell * size + usize::from(digit - 1)] = (start, middle, end);
            }
        }
        Links {
            size,
            implied,
            bounds,
        }
    }

    /// What the candidate on switches off (`on_to_off`).
    pub fn offs(&self, cell: usize, digit: u8) -> &[Implied] {
        let (start, middle, _) = self.bounds[cell * self.size + usize::from(digit - 1)];
        &self.implied[start as usize..middle as usize]
    }

    /// What the candidate off switches on (`off_to_on`).
    pub fn ons(&self, cell: usize, digit: u8) -> &[Implied] {
        let (_, middle, end) = self.bounds[cell * self.size + usize::from(digit - 1)];
        &self.implied[middle as usize..end as usize]
    }
}
