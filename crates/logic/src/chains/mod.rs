//! Chains and loops of strong and weak links, after HoDoKu.
//!
//! A node is a candidate (a digit in a cell) or, in grouped chains, a digit
//! in the two or more cells it still has in the intersection of two houses
//! (a box and a line). A **strong** link joins two nodes of which at least
//! one is true: the only two places of a digit in a house, the two digits
//! of a bivalue cell. A **weak** link joins two nodes of which at most one
//! is true: one digit in cells seeing each other, two digits of one cell.
//!
//! Grouped chains also pass through **almost locked sets** (N cells, N + 1
//! digits): a set's digit x false in all its places there locks the other
//! digits, each then true in the set (strong links inside the set). A set's
//! digit is weakly linked to every candidate, group or other set's digit
//! whose places all see its places; a candidate or group holding exactly a
//! set's places of a digit enters and leaves the set like that digit. The
//! locked digits may also leave a cell outside the set (of three or more
//! candidates) a single candidate y: x out of the set forces y, a strong
//! link (it false leaves the cell a locked digit, which the set then
//! lacks, so x is in the set) that the search follows from x, as HoDoKu.
//!
//! * **AIC** — strong, weak, …, strong: one of the two ends is true, so a
//!   candidate seeing both ends (same digit) goes, or, ends of different
//!   digits seeing each other, each end cell loses the other's digit.
//!   **X-chains** use one digit only, **XY-chains** bivalue cells only,
//!   **remote pairs** bivalue cells of one pair.
//! * **Continuous nice loop** — an alternating loop: every weak link then
//!   holds exactly one true end, and gives eliminations.
//! * **Discontinuous nice loop** — a chain from a candidate back to its own
//!   cell: two strong links there place it, two weak links remove it, a
//!   strong and a weak link of different digits remove the weak one's.
//!
//! A breadth-first search from every premise finds the shortest chains
//! first (at most 20 links; an AIC has at least 3, a loop at least 4 or,
//! discontinuous, 3); steps are reported shortest first.
//!
//! Chains use only houses and peers, so they hold in every variant; group
//! nodes come from any two intersecting houses.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // Digit 1 in rows 1, 5 and 9 only where the X-chain
//! // 1r1c1 = 1r1c5 - 1r5c5 = 1r5c9 - 1r9c9 = 1r9c2 needs it.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for (row, keep) in [(0, [0, 4]), (4, [4, 8]), (8, [8, 1])] {
//!     for col in (0..9).filter(|c| !keep.contains(c)) {
//!         grid.eliminate(row * 9 + col, 1);
//!     }
//! }
//! let step = Technique::XChain.find_first(&grid).unwrap();
//! assert_eq!(step.chain_length(), 5);
//! assert!(step.text(&grid).starts_with("X-chain 1r1c1 = 1r1c5 - 1r5c5 = 1r5c9 - 1r9c9 = 1r9c2"));
//! ```

mod cache;
mod conclusions;
mod links;
mod remote;
mod search;

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::budget::poll;
use super::grid::{Grid, bit, digits_of};
use super::step::{Candidate, Found, LinkKind, Step};
use super::technique::Technique;
use conclusions::Chain;
use links::{Graph, Rules};
use search::{Search, State, is_on, node_of, state};

/// Finds the technique's chains, shortest first.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    use Technique::*;
    let plain = Rules {
        digit: None,
        bivalue_cells: false,
        groups: false,
        sets: false,
    };
    let steps = match technique {
        RemotePair => remote::steps(grid),
        XChain => (1..=grid.size() as u8)
            .flat_map(|digit| {
                let rules = Rules {
                    digit: Some(digit),
                    ..plain
                };
                chain_steps(grid, rules, technique)
            })
            .collect(),
        XYChain => {
            let rules = Rules {
                bivalue_cells: true,
                ..plain
            };
            chain_steps(grid, rules, technique)
        }
        _ => {
            let (kind, grouped) = Kind::of(technique);
            cache::steps(grid, grouped, kind, || family_steps(grid, grouped))
        }
    };
    report(steps, found)
}

/// The techniques one search serves: the nice loops and AICs, plain or
/// grouped.
#[derive(Clone, Copy)]
enum Kind {
    Continuous,
    Discontinuous,
    Aic,
}

impl Kind {
    /// The kind of a loop or AIC technique, and whether it is grouped.
    fn of(technique: Technique) -> (Self, bool) {
        use Technique::*;
        let grouped = matches!(
            technique,
            GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic
        );
        let kind = match technique {
            ContinuousNiceLoop | GroupedContinuousNiceLoop => Kind::Continuous,
            DiscontinuousNiceLoop | GroupedDiscontinuousNiceLoop => Kind::Discontinuous,
            _ => Kind::Aic,
        };
        (kind, grouped)
    }

    fn technique(self, grouped: bool) -> Technique {
        use Technique::*;
        match (self, grouped) {
            (Kind::Continuous, false) => ContinuousNiceLoop,
            (Kind::Discontinuous, false) => DiscontinuousNiceLoop,
            (Kind::Aic, false) => Aic,
            (Kind::Continuous, true) => GroupedContinuousNiceLoop,
            (Kind::Discontinuous, true) => GroupedDiscontinuousNiceLoop,
            (Kind::Aic, true) => GroupedAic,
        }
    }
}

/// The steps of each kind (continuous loops, discontinuous loops, AICs),
/// plain or grouped, from one search per premise: the same steps, in the
/// same order, as [`chain_steps`] gives each technique alone.
fn family_steps(grid: &Grid, grouped: bool) -> [Vec<Step>; 3] {
    let rules = Rules {
        digit: None,
        bivalue_cells: false,
        groups: grouped,
        sets: grouped,
    };
    let graph = Graph::new(grid, rules);
    let kinds = [Kind::Continuous, Kind::Discontinuous, Kind::Aic];
    let wanted = kinds.map(|kind| Wanted::of(kind.technique(grouped)));
    let mut search = Search::new(&graph);
    let mut steps: [Vec<Step>; 3] = Default::default();
    let mut concluded = kinds.map(|_| Concluded::new(&graph));
    // Each node's cell, apart from the large nodes: read at every link the
    // search follows.
    let cell_of: Vec<Option<usize>> = graph.nodes.iter().map(|n| n.cell).collect();
    for node in 0..graph.nodes.len() {
        // Cut off, the steps are partial: the search's caller drops them.
        if poll().is_break() {
            break;
        }
        if graph.is_als(node) {
            continue;
        }
        let loops = !graph.is_group(node);
        for on in [false, true] {
            let aics = !on;
            if !loops && !aics {
                continue;
            }
            let start = state(node, on);
            concluded.iter_mut().for_each(Concluded::next_search);
            search.run(&graph, start, &mut |search, from, to| {
                let ends_home = cell_of[node_of(to)] == cell_of[node];
                if loops && ends_home {
                    for kind in [Kind::Continuous, Kind::Discontinuous] {
                        let k = kind as usize;
                        let step = loop_step(
                            grid,
                            &graph,
                            wanted[k],
                            search,
                            (from, to),
                            &mut concluded[k],
                        );
                        steps[k].extend(step);
                    }
                }
                if aics && is_on(to) && node_of(to) != node {
                    let k = Kind::Aic as usize;
                    let ends = (from, to);
                    let step = aic_step(
                        grid,
                        &graph,
                        wanted[k],
                        search,
                        node,
                        ends,
                        &mut concluded[k],
                    );
                    steps[k].extend(step);
                }
            });
        }
    }
    steps
}

/// Reports the steps shortest first, each set of conclusions once.
fn report(mut steps: Vec<Step>, found: &mut Found<'_>) -> ControlFlow<()> {
    steps.sort_by_key(Step::chain_length);
    let mut seen = HashSet::new();
    for step in steps {
        if seen.insert((step.eliminations.clone(), step.placements.clone())) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// What a technique looks for.
#[derive(Clone, Copy)]
struct Wanted {
    technique: Technique,
    same_digit_ends: bool,
    continuous: bool,
    discontinuous: bool,
    grouped: bool,
}

impl Wanted {
    fn of(technique: Technique) -> Self {
        use Technique::*;
        Wanted {
            technique,
            same_digit_ends: matches!(technique, XChain | XYChain),
            continuous: matches!(technique, ContinuousNiceLoop | GroupedContinuousNiceLoop),
            discontinuous: matches!(
                technique,
                DiscontinuousNiceLoop | GroupedDiscontinuousNiceLoop
            ),
            grouped: matches!(
                technique,
                GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic
            ),
        }
    }
}

/// Every X-chain or XY-chain: the AICs of the graph of `rules`.
fn chain_steps(grid: &Grid, rules: Rules, technique: Technique) -> Vec<Step> {
    let graph = Graph::new(grid, rules);
    let wanted = Wanted::of(technique);
    let mut search = Search::new(&graph);
    let mut steps = Vec::new();
    let mut concluded = Concluded::new(&graph);
    for node in 0..graph.nodes.len() {
        if poll().is_break() {
            break;
        }
        concluded.next_search();
        search.run(&graph, state(node, false), &mut |search, from, to| {
            if is_on(to) && node_of(to) != node {
                let ends = (from, to);
                steps.extend(aic_step(
                    grid,
                    &graph,
                    wanted,
                    search,
                    node,
                    ends,
                    &mut concluded,
                ));
            }
        });
    }
    steps
}

/// The AIC ending with the implication `from ⇒ to`, if it is of the wanted
/// kind and eliminates something; each end is concluded once per search.
fn aic_step(
    grid: &Grid,
    graph: &Graph,
    wanted: Wanted,
    search: &Search,
    start: usize,
    (from, to): (State, State),
    concluded: &mut Concluded,
) -> Option<Step> {
    let end = node_of(to);
    let same_digit = graph.nodes[start].digit == graph.nodes[end].digit;
    if concluded.has(to) || (wanted.same_digit_ends && !same_digit) || graph.is_als(end) {
        return None;
    }
    let eliminations = conclusions::aic(grid, graph, start, end);
    if eliminations.is_empty() {
        concluded.add(to);
        return None;
    }
    // Only now is the chain itself needed.
    let mut states = search.path(from);
    states.push(to);
    let chain = Chain {
        states,
        closing: None,
    };
    if chain.len() < 3 || chain.has_group(graph) != wanted.grouped || !chain.is_simple(graph, false)
    {
        return None;
    }
    concluded.add(to);
    Some(chain.step(graph, wanted.technique, eliminations, vec![]))
}

/// The nice loop closed by the implication `from ⇒ to`, `to` lying in the
/// start cell, if it is of the wanted kind and concludes something.
fn loop_step(
    grid: &Grid,
    graph: &Graph,
    wanted: Wanted,
    search: &Search,
    (from, to): (State, State),
    concluded: &mut Concluded,
) -> Option<Step> {
    let start = search.root();
    let home = node_of(start);
    let same = node_of(to) == home;
    let start_candidate = || {
        let node = &graph.nodes[home];
        Candidate::new(node.cell.unwrap_or_default(), node.digit)
    };
    let (closing, continuous) = match (is_on(start), same, is_on(to)) {
        (true, true, true) | (false, true, false) => (None, true),
        (false, false, true) => (Some(LinkKind::Weak), true),
        (true, false, false) => {
            let cell = graph.nodes[home].cell?;
            if grid.mask(cell).count_ones() != 2 {
                return None;
            }
            (Some(LinkKind::Strong), true)
        }
        _ => (None, false),
    };
    let wanted_kind = match continuous {
        true => wanted.continuous,
        false => wanted.discontinuous && !concluded.has(to),
    };
    if !wanted_kind {
        return None;
    }
    let mut states = search.path(from);
    states.push(to);
    let chain = Chain { states, closing };
    let minimum = if continuous { 4 } else { 3 };
    if chain.len() < minimum
        || chain.has_group(graph) != wanted.grouped
        || !chain.is_simple(graph, true)
    {
        return None;
    }
    let (eliminations, placements) = if continuous {
        (conclusions::continuous(grid, graph, &chain), vec![])
    } else {
        concluded.add(to);
        match (is_on(start), is_on(to)) {
            (false, true) => {
                let placed = start_candidate();
                let others = grid.mask(placed.cell) & !bit(placed.digit);
                let others = digits_of(others).into_iter();
                (
                    others.map(|d| Candidate::new(placed.cell, d)).collect(),
                    vec![placed],
                )
            }
            (false, false) => {
                let node = &graph.nodes[node_of(to)];
                (
                    vec![Candidate::new(start_candidate().cell, node.digit)],
                    vec![],
                )
            }
            _ => (vec![start_candidate()], vec![]),
        }
    };
    let useful = !eliminations.is_empty() || !placements.is_empty();
    useful.then(|| chain.step(graph, wanted.technique, eliminations, placements))
}

/// The states a search has already drawn a conclusion for.
struct Concluded {
    mark: Vec<usize>,
    search: usize,
}

impl Concluded {
    fn new(graph: &Graph) -> Self {
        Concluded {
            mark: vec![0; graph.nodes.len() * 2],
            search: 0,
        }
    }

    /// Forgets every state: a new search begins.
    fn next_search(&mut self) {
        self.search += 1;
    }

    fn has(&self, state: State) -> bool {
        self.mark[state] == self.search
    }

    fn add(&mut self, state: State) {
        self.mark[state] = self.search;
    }
}
