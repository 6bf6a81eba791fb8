//! Forcing chains and nets: the last resort before guessing.
//!
//! Assume a candidate true and follow what it forces:
//!
//! * a **forcing chain** follows naked and hidden singles only (placing a
//!   digit removes it from the peers, which may leave a cell one candidate
//!   or a digit one place in a house, and so on);
//! * a **forcing net** also follows locked candidates (a digit whose places
//!   in a house all lie in a second house leaves the rest of that house)
//!   and, under variant rules, the constraints' own deductions (a
//!   thermometer's bounds, an arrow's sum, innies and outies), stopping
//!   where the assumption fills an element's cells against its rule.
//!
//! Two conclusions follow:
//!
//! * **contradiction** — the assumption empties a cell, leaves a digit no
//!   place in a house or (nets) breaks an element, so the candidate is
//!   false (restricted to one digit, this is Nishio);
//! * **verity** — every candidate of a cell, or every place of a digit in a
//!   house, forces the same placement or elimination, which therefore holds.
//!
//! A net step is reported only when singles alone do not reach the same
//! conclusion (that is the chain step). `links` follow the implications
//! from the assumption to the conclusion (one path back through the causes;
//! for a verity, the paths of all branches one after another): a placement
//! weakly links to the candidates it removes, a removal strongly links to
//! the single it leaves, and a locked-candidates removal passes through the
//! group node holding the digit.
//!
//! Houses, peers and the variant rules' relations and deductions are used,
//! so this holds in every size and variant.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::{Rules, format::parse_line};
//!
//! // Arto Inkala's "world's hardest": assuming r1c4 = 3 removes 7 from r1c4,
//! // so column 4 has 7 only in box 8 (r7c4, r9c4): r8c5 loses 7 and is 6, …
//! let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
//! let grid = Grid::new(&parse_line(line, &Rules::classic(9).unwrap()).unwrap());
//! let step = Technique::ForcingNetContradiction.find_first(&grid).unwrap();
//! assert_eq!(
//!     step.text(&grid),
//!     "Forcing net contradiction 3r1c4 - 7r1c4 = 7r7c4|r9c4 - 7r8c5 = 6r8c5 - 6r6c5 = 6r6c6 - 6r6c9: remove 3 from r1c4"
//! );
//! ```

use std::collections::VecDeque;
use std::ops::ControlFlow;

use super::budget::poll;
use super::cellset::CellSet;
use super::grid::{Grid, bit, digits_of};
use super::step::{Candidate, Found, Link, LinkKind, Node, Step};
use super::technique::Technique;
use super::variants;

/// Finds forcing chain or net contradictions or verities.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    use Technique::*;
    let net = matches!(technique, ForcingNetContradiction | ForcingNetVerity);
    let context = Context::new(grid, net);
    match technique {
        ForcingChainContradiction | ForcingNetContradiction => {
            contradictions(&context, technique, found)
        }
        _ => verities(&context, technique, found),
    }
}

/// What every branch shares: the grid, whether nets are searched, and the
/// digits placed in each house.
struct Context<'g> {
    grid: &'g Grid,
    net: bool,
    /// Whether the variant constraints have deductions of their own to
    /// follow (nets only).
    constraints: bool,
    house_placed: Vec<u32>,
}

impl<'g> Context<'g> {
    fn new(grid: &'g Grid, net: bool) -> Self {
        let house_placed = (0..grid.houses().len())
            .map(|h| {
                grid.house_cells(h)
                    .iter()
                    .filter(|&c| grid.value(c) != 0)
                    .fold(0, |m, c| m | bit(grid.value(c)))
            })
            .collect();
        let constraints = net && (grid.rules().has_cell_rules() || !grid.cages().is_empty());
        Context {
            grid,
            net,
            constraints,
            house_placed,
        }
    }

    /// The index of a candidate in per-candidate tables.
    fn index(&self, cell: usize, digit: u8) -> usize {
        cell * self.grid.size() + usize::from(digit - 1)
    }

    fn candidates(&self) -> usize {
        self.grid.values().len() * self.grid.size()
    }

    /// Follows the assumption that `digit` goes in `cell`.
    fn assume(&self, cell: usize, digit: u8) -> Branch {
        let mut propagation = Propagation {
            context: self,
            grid: self.grid.clone(),
            house_placed: self.house_placed.clone(),
            branch: Branch {
                events: Vec::new(),
                groups: Vec::new(),
                contradiction: None,
                singles_len: None,
            },
            checks: VecDeque::new(),
            locked: VecDeque::new(),
        };
        propagation.run(cell, digit);
        propagation.branch
    }
}

/// One implication: a digit placed or a candidate removed, and why.
struct Event {
    candidate: Candidate,
    placed: bool,
    /// The event forcing this one (none for the assumption).
    cause: Option<usize>,
    /// For a locked-candidates removal: the group (index into `groups`).
    group: Option<usize>,
}

/// Everything an assumption forces.
struct Branch {
    events: Vec<Event>,
    groups: Vec<CellSet>,
    /// The event after which the grid had no solution.
    contradiction: Option<usize>,
    /// How many events singles alone forced (set when nets first use locked
    /// candidates).
    singles_len: Option<usize>,
}

impl Branch {
    /// Whether the contradiction (if any) came from singles alone.
    fn contradiction_by_singles(&self) -> bool {
        self.contradiction.is_some() && self.singles_len.is_none()
    }

    /// The events found by singles alone, or all of them.
    fn events(&self, singles_only: bool) -> &[Event] {
        match (singles_only, self.singles_len) {
            (true, Some(len)) => &self.events[..len],
            _ => &self.events,
        }
    }

    /// The links from the assumption to event `last`.
    fn links_to(&self, last: usize) -> Vec<Link> {
        let mut path = vec![last];
        while let Some(cause) = self.events[path[path.len() - 1]].cause {
            path.push(cause);
        }
        path.reverse();
        let node = |e: &Event| Node {
            cells: vec![e.candidate.cell],
            digit: e.candidate.digit,
        };
        let mut links = Vec::new();
        for pair in path.windows(2) {
            let (from, to) = (&self.events[pair[0]], &self.events[pair[1]]);
            let mut from_node = node(from);
            if let Some(group) = to.group {
                let group_node = Node {
                    cells: self.groups[group].iter().collect(),
                    digit: to.candidate.digit,
                };
                links.push(link(from_node, group_node.clone(), LinkKind::Strong));
                from_node = group_node;
            }
            let kind = match to.placed {
                true => LinkKind::Strong,
                false => LinkKind::Weak,
            };
            links.push(link(from_node, node(to), kind));
        }
        links
    }

    /// The event placing or removing `candidate`, if any.
    fn event_of(&self, candidate: Candidate, placed: bool) -> Option<usize> {
        self.events
            .iter()
            .position(|e| e.candidate == candidate && e.placed == placed)
    }
}

fn link(from: Node, to: Node, kind: LinkKind) -> Link {
    Link { from, to, kind }
}

/// A pending check after a removal.
enum Check {
    /// Whether the cell is empty or has one candidate left.
    Cell(usize),
    /// Whether the digit has no place or one place left in the house.
    House(usize, u8),
}

/// Applies the consequences of an assumption to a copy of the grid.
struct Propagation<'c, 'g> {
    context: &'c Context<'g>,
    grid: Grid,
    house_placed: Vec<u32>,
    branch: Branch,
    /// Singles to check, with the event that prompted the check.
    checks: VecDeque<(Check, usize)>,
    /// Houses and digits to check for locked candidates (nets only).
    locked: VecDeque<(usize, u8, usize)>,
}

impl Propagation<'_, '_> {
    fn run(&mut self, cell: usize, digit: u8) {
        self.place(cell, digit, None);
        while self.branch.contradiction.is_none() {
            if let Some((check, cause)) = self.checks.pop_front() {
                self.check(check, cause);
            } else if let Some((house, digit, cause)) = self.locked.pop_front() {
                self.branch
                    .singles_len
                    .get_or_insert(self.branch.events.len());
                self.lock(house, digit, cause);
            } else if !(self.context.net && self.constraint_step()) {
                break;
            }
        }
    }

    fn check(&mut self, check: Check, cause: usize) {
        match check {
            Check::Cell(cell) => {
                let mask = self.grid.mask(cell);
                if self.grid.value(cell) != 0 {
                    return;
                }
                if mask == 0 {
                    self.branch.contradiction = Some(cause);
                } else if mask.count_ones() == 1 {
                    self.place(cell, mask.trailing_zeros() as u8 + 1, Some(cause));
                }
            }
            Check::House(house, digit) => {
                if self.house_placed[house] & bit(digit) != 0 {
                    return;
                }
                let places = self.grid.cells_with(digit) & self.context.grid.house_cells(house);
                match places.first_cell() {
                    None => self.branch.contradiction = Some(cause),
                    Some(cell) if places.len() == 1 => self.place(cell, digit, Some(cause)),
                    _ => {}
                }
            }
        }
    }

    /// Nets only: the first deduction of a variant constraint's own
    /// (a thermometer bound, an arrow's sum, …) that changes the working
    /// grid, applied; whether there was one. Each removal or placement is
    /// caused by the latest event on a cell of the deduction. An element
    /// whose cells are filled against its rule is a contradiction, caused
    /// by the latest event on its cells.
    fn constraint_step(&mut self) -> bool {
        if !self.context.constraints {
            return false;
        }
        if let Some(cells) = variants::broken(&self.grid) {
            // The assumption filled an element's cells against its rule.
            let cause = self
                .branch
                .events
                .iter()
                .rposition(|e| cells.contains(&e.candidate.cell))
                .unwrap_or(self.branch.events.len() - 1);
            self.branch
                .singles_len
                .get_or_insert(self.branch.events.len());
            self.branch.contradiction = Some(cause);
            return true;
        }
        let Some(step) = Technique::CONSTRAINTS
            .iter()
            .find_map(|t| t.find_first(&self.grid))
        else {
            return false;
        };
        self.branch
            .singles_len
            .get_or_insert(self.branch.events.len());
        let cells: CellSet = step
            .pattern
            .iter()
            .chain(&step.eliminations)
            .chain(&step.placements)
            .map(|c| c.cell)
            .collect();
        let cause = self
            .branch
            .events
            .iter()
            .rposition(|e| cells.contains(e.candidate.cell))
            .unwrap_or(self.branch.events.len() - 1);
        for &Candidate { cell, digit } in &step.eliminations {
            if self.grid.eliminate(cell, digit) {
                self.removed(cell, digit, cause, None);
            }
        }
        for &Candidate { cell, digit } in &step.placements {
            if self.grid.value(cell) == 0 && self.grid.has(cell, digit) {
                self.place(cell, digit, Some(cause));
            }
        }
        true
    }

    /// Locked candidates: `digit`'s places in `house` all in a second house.
    fn lock(&mut self, house: usize, digit: u8, cause: usize) {
        let base = self.context.grid;
        let places = self.grid.cells_with(digit) & base.house_cells(house);
        let Some(first) = places.first_cell() else {
            return;
        };
        if places.len() < 2 || self.house_placed[house] & bit(digit) != 0 {
            return;
        }
        for &other in base.cell_houses(first) {
            if other == house || !places.is_subset(&base.house_cells(other)) {
                continue;
            }
            let targets = self.grid.cells_with(digit) & (base.house_cells(other) - places);
            if targets.is_empty() {
                continue;
            }
            self.branch.groups.push(places);
            let group = self.branch.groups.len() - 1;
            for target in targets.iter() {
                self.grid.eliminate(target, digit);
                self.removed(target, digit, cause, Some(group));
            }
        }
    }

    fn place(&mut self, cell: usize, digit: u8, cause: Option<usize>) {
        let base = self.context.grid;
        let event = self.push(Candidate::new(cell, digit), true, cause, None);
        let others = self.grid.mask(cell) & !bit(digit);
        let peers = base.peers(cell) & self.grid.cells_with(digit);
        // What the variant relations exclude besides the peers' digit.
        let related: Vec<Candidate> = self
            .grid
            .excluded_candidates(Candidate::new(cell, digit))
            .into_iter()
            .filter(|c| c.cell != cell && !(c.digit == digit && peers.contains(c.cell)))
            .collect();
        self.grid.place(cell, digit);
        for &house in base.cell_houses(cell) {
            self.house_placed[house] |= bit(digit);
        }
        for other in digits_of(others) {
            self.removed(cell, other, event, None);
        }
        for peer in peers.iter() {
            self.removed(peer, digit, event, None);
        }
        for Candidate { cell, digit } in related {
            self.removed(cell, digit, event, None);
        }
    }

    /// Records a removal already made and schedules the checks it prompts.
    fn removed(&mut self, cell: usize, digit: u8, cause: usize, group: Option<usize>) {
        let event = self.push(Candidate::new(cell, digit), false, Some(cause), group);
        if self.grid.value(cell) == 0 {
            self.checks.push_back((Check::Cell(cell), event));
        }
        for &house in self.context.grid.cell_houses(cell) {
            self.checks.push_back((Check::House(house, digit), event));
            if self.context.net {
                self.locked.push_back((house, digit, event));
            }
        }
    }

    fn push(
        &mut self,
        candidate: Candidate,
        placed: bool,
        cause: Option<usize>,
        group: Option<usize>,
    ) -> usize {
        self.branch.events.push(Event {
            candidate,
            placed,
            cause,
            group,
        });
        self.branch.events.len() - 1
    }
}

/// Every open cell's candidates, in order.
fn all_candidates(grid: &Grid) -> Vec<Candidate> {
    grid.candidates_in(grid.open_cells().iter(), u32::MAX)
}

fn contradictions(
    context: &Context<'_>,
    technique: Technique,
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    for candidate in all_candidates(context.grid) {
        poll()?;
        let branch = context.assume(candidate.cell, candidate.digit);
        let Some(last) = branch.contradiction else {
            continue;
        };
        if branch.contradiction_by_singles() == context.net {
            continue;
        }
        let mut step = Step::new(technique);
        step.pattern = vec![candidate];
        step.links = branch.links_to(last);
        step.eliminations = vec![candidate];
        found(step)?;
    }
    ControlFlow::Continue(())
}

/// A set of candidates, one bit per candidate index.
#[derive(Clone)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Self {
        Bits(vec![0; len.div_ceil(64)])
    }

    fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    fn contains(&self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 != 0
    }

    fn intersect(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
    }
}

/// What a branch forces, as sets: by singles alone and in all.
struct Outcome {
    /// Contradiction by singles alone / at all.
    contradiction: [bool; 2],
    placed: [Bits; 2],
    removed: [Bits; 2],
}

impl Outcome {
    fn of(context: &Context<'_>, branch: &Branch) -> Self {
        let empty = Bits::new(context.candidates());
        let mut outcome = Outcome {
            contradiction: [
                branch.contradiction_by_singles(),
                branch.contradiction.is_some(),
            ],
            placed: [empty.clone(), empty.clone()],
            removed: [empty.clone(), empty],
        };
        for (level, singles_only) in [(0, true), (1, false)] {
            for event in branch.events(singles_only) {
                let index = context.index(event.candidate.cell, event.candidate.digit);
                match event.placed {
                    true => outcome.placed[level].insert(index),
                    false => outcome.removed[level].insert(index),
                }
            }
        }
        outcome
    }
}

/// The assumptions of a verity: every candidate of a cell, or every place of
/// a digit in a house.
struct Source {
    house: Option<usize>,
    assumptions: Vec<Candidate>,
}

fn sources(grid: &Grid) -> Vec<Source> {
    let mut sources: Vec<Source> = grid
        .open_cells()
        .iter()
        .filter(|&c| grid.mask(c).count_ones() >= 2)
        .map(|c| Source {
            house: None,
            assumptions: grid.candidates_in([c], u32::MAX),
        })
        .collect();
    for house in 0..grid.houses().len() {
        for digit in 1..=grid.size() as u8 {
            let places = grid.cells_with(digit) & grid.house_cells(house);
            if places.len() >= 2 {
                sources.push(Source {
                    house: Some(house),
                    assumptions: places.iter().map(|c| Candidate::new(c, digit)).collect(),
                });
            }
        }
    }
    sources
}

fn verities(context: &Context<'_>, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let grid = context.grid;
    let mut outcomes: Vec<Option<Outcome>> = (0..context.candidates()).map(|_| None).collect();
    for candidate in all_candidates(grid) {
        poll()?;
        let branch = context.assume(candidate.cell, candidate.digit);
        outcomes[context.index(candidate.cell, candidate.digit)] =
            Some(Outcome::of(context, &branch));
    }
    let level = usize::from(context.net);
    for source in sources(grid) {
        poll()?;
        let branch_outcomes: Vec<&Outcome> = source
            .assumptions
            .iter()
            .filter_map(|a| outcomes[context.index(a.cell, a.digit)].as_ref())
            .collect();
        if branch_outcomes.len() != source.assumptions.len()
            || branch_outcomes.iter().any(|o| o.contradiction[level])
        {
            continue;
        }
        let common = |sets: fn(&Outcome) -> &[Bits; 2], level: usize| {
            let mut all = sets(branch_outcomes[0])[level].clone();
            for outcome in &branch_outcomes[1..] {
                all.intersect(&sets(outcome)[level]);
            }
            all
        };
        let placed = common(|o| &o.placed, level);
        let removed = common(|o| &o.removed, level);
        // A net reports only what singles alone do not show.
        let (chain_placed, chain_removed) = match context.net {
            true => (
                Some(common(|o| &o.placed, 0)),
                Some(common(|o| &o.removed, 0)),
            ),
            false => (None, None),
        };
        for conclusion in conclusions(context, &placed, &removed) {
            let (candidate, is_placement) = conclusion;
            let index = context.index(candidate.cell, candidate.digit);
            let by_chain = match is_placement {
                true => chain_placed.as_ref(),
                false => chain_removed.as_ref(),
            };
            if by_chain.is_some_and(|bits| bits.contains(index)) {
                continue;
            }
            report_verity(context, technique, &source, conclusion, found)?;
        }
    }
    ControlFlow::Continue(())
}

/// The common placements, then the common removals not implied by them.
fn conclusions(context: &Context<'_>, placed: &Bits, removed: &Bits) -> Vec<(Candidate, bool)> {
    let grid = context.grid;
    let placements: Vec<Candidate> = all_candidates(grid)
        .into_iter()
        .filter(|c| placed.contains(context.index(c.cell, c.digit)))
        .collect();
    let implied = |c: &Candidate| {
        placements
            .iter()
            .any(|p| p.cell == c.cell || (p.digit == c.digit && grid.sees(p.cell, c.cell)))
    };
    let removals = all_candidates(grid)
        .into_iter()
        .filter(|c| removed.contains(context.index(c.cell, c.digit)) && !implied(c));
    placements
        .iter()
        .map(|&p| (p, true))
        .chain(removals.map(|r| (r, false)))
        .collect()
}

fn report_verity(
    context: &Context<'_>,
    technique: Technique,
    source: &Source,
    (candidate, is_placement): (Candidate, bool),
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    let mut step = Step::new(technique);
    step.houses = source.house.into_iter().collect();
    step.pattern = source.assumptions.clone();
    for assumption in &source.assumptions {
        let branch = context.assume(assumption.cell, assumption.digit);
        if let Some(event) = branch.event_of(candidate, is_placement) {
            step.links.extend(branch.links_to(event));
        }
    }
    match is_placement {
        true => step.placements.push(candidate),
        false => step.eliminations.push(candidate),
    }
    found(step)
}
