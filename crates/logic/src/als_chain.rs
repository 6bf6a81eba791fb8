//! ALS-XY-chain (HoDoKu's "ALS Chain"): almost locked sets in a row, each
//! joined to the next by a restricted common candidate (RCC; see
//! [`als`](super::als) for both notions).
//!
//! Take ALSes A1, A2, …, An (n ≥ 4; two is an ALS-XZ, three an ALS-XY-wing)
//! and a digit `z` of both A1 and An. Suppose A1 holds no true `z`: A1 minus
//! `z` is locked, so every other digit of A1 is true in it — among them the
//! RCC `x1` to A2. Then A2 holds no true `x1`, so its other digits are true in
//! it, among them the RCC `x2` to A3 (when `x2 ≠ x1`), and so on to An, which
//! loses `x(n-1)` and is locked on the rest — `z` included when
//! `z ≠ x(n-1)`. So `z` is true in A1 or in An: every cell outside both
//! seeing all their `z`s loses `z`.
//!
//! Following HoDoKu, the RCCs a link may use are those of the pair minus the
//! ones the previous link used (two may remain; both then count as used), the
//! first link uses one RCC at a time, an ALS appears once, and only the two
//! ends are spared (a middle ALS may lose `z`). The search is breadth first
//! from every start (an ALS reached with the same RCCs is expanded once,
//! counting chains shorter than four ALSes apart); each elimination set is
//! reported once, with the first chain found (a shortest one from its
//! start).
//!
//! The step's `pattern` holds A1's candidates, `extra` the other ALSes', and
//! `links` the chain: within each ALS a strong link from the digit it loses
//! to the RCC it passes on, between ALSes a weak link on the RCC. Like the
//! other ALS moves it uses only houses and peers, so it holds in every size
//! and variant.
//!
//! ```
//! use fdoku_logic::{Candidate, Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r5c1 {1,4}: r1c1 or r5c1
//! // is 1, so the rest of column 1 loses 1.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for (cell, keep) in [(0, [1, 2]), (4, [2, 3]), (40, [3, 4]), (36, [1, 4])] {
//!     for d in (1..=9).filter(|d| !keep.contains(d)) {
//!         grid.eliminate(cell, d);
//!     }
//! }
//! let ones: Vec<Candidate> = [9, 18, 27, 45, 54, 63, 72].map(|c| Candidate::new(c, 1)).to_vec();
//! let steps = Technique::AlsXyChain.find_all(&grid);
//! assert!(steps.iter().any(|s| s.eliminations == ones && s.links.len() == 7));
//! ```

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::als::{Als, collect, max_als_cells, restricted_links};
use super::budget::tick;
use super::grid::{Grid, bit, digits_of};
use super::step::{Candidate, Found, Link, LinkKind, Node, Step};
use super::technique::Technique;

/// The fewest RCCs of a chain (four ALSes).
const MIN_LINKS: usize = 3;

/// The most RCCs of a chain (HoDoKu's bound).
const MAX_LINKS: usize = 50;

/// Finds ALS-XY-chains.
pub(super) fn find(grid: &Grid, _technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let alses = collect(grid, 1..=max_als_cells(grid.size()));
    let links = restricted_links(&alses);
    let mut search = Search {
        grid,
        alses: &alses,
        links: &links,
        reported: HashSet::new(),
        visits: Vec::new(),
        marks: vec![Vec::new(); alses.len()],
    };
    for start in 0..alses.len() {
        let wanted = eliminable_digits(grid, &alses[start]);
        if wanted == 0 {
            continue;
        }
        let first_rccs = links[start].iter().fold(0, |mask, &(_, rccs)| mask | rccs);
        for x in digits_of(first_rccs) {
            if wanted & !bit(x) != 0 {
                search.from(start, x, wanted & !bit(x), found)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The digits `z` of the ALS that some outside candidate `z` sees entirely.
fn eliminable_digits(grid: &Grid, als: &Als) -> u32 {
    digits_of(als.mask)
        .into_iter()
        .filter(|&z| als.buddies(z).intersects(&grid.cells_with(z)))
        .fold(0, |mask, z| mask | bit(z))
}

/// One ALS reached by the breadth-first search.
#[derive(Clone, Copy)]
struct Visit {
    /// Index into the ALS list.
    als: usize,
    /// The RCC digits the link into it used (it loses them).
    used: u32,
    /// The visit it was reached from; `None` for the second ALS.
    parent: Option<usize>,
    /// RCCs from the start.
    links: usize,
}

struct Search<'a> {
    grid: &'a Grid,
    alses: &'a [Als],
    links: &'a [Vec<(usize, u32)>],
    /// Elimination sets already reported (each once).
    reported: HashSet<Vec<Candidate>>,
    /// The current search's visits (kept to reuse the allocation).
    visits: Vec<Visit>,
    /// Per ALS: the (RCCs used, chain long enough) pairs the current search
    /// reached it with.
    marks: Vec<Vec<(u32, bool)>>,
}

impl Search<'_> {
    /// Every chain from ALS `start` whose first RCC is `x`, ending on a digit
    /// of `zs`.
    fn from(&mut self, start: usize, x: u8, zs: u32, found: &mut Found<'_>) -> ControlFlow<()> {
        let mut visits = std::mem::take(&mut self.visits);
        visits.clear();
        for &(next, rccs) in &self.links[start] {
            if rccs & bit(x) != 0 && self.first_visit(next, bit(x), 1) {
                visits.push(Visit {
                    als: next,
                    used: bit(x),
                    parent: None,
                    links: 1,
                });
            }
        }
        let mut i = 0;
        let mut flow = ControlFlow::Continue(());
        while i < visits.len() && flow.is_continue() {
            if tick().is_break() {
                flow = ControlFlow::Break(());
                break;
            }
            let visit = visits[i];
            if visit.links >= MIN_LINKS && zs & self.alses[visit.als].mask & !visit.used != 0 {
                flow = self.check_end(start, zs, &visits, i, found);
            }
            if visit.links < MAX_LINKS {
                for &(next, rccs) in &self.links[visit.als] {
                    let usable = rccs & !visit.used;
                    let links = visit.links + 1;
                    if next != start && usable != 0 && self.first_visit(next, usable, links) {
                        visits.push(Visit {
                            als: next,
                            used: usable,
                            parent: Some(i),
                            links,
                        });
                    }
                }
            }
            i += 1;
        }
        for visit in &visits {
            self.marks[visit.als].clear();
        }
        self.visits = visits;
        flow
    }

    /// Whether this is the first time the search reaches `als` using the
    /// RCCs `used` (chains shorter than [`MIN_LINKS`] counted apart).
    fn first_visit(&mut self, als: usize, used: u32, links: usize) -> bool {
        let key = (used, links >= MIN_LINKS);
        let marks = &mut self.marks[als];
        if marks.contains(&key) {
            return false;
        }
        marks.push(key);
        true
    }

    /// Reports the chain ending at `visits[end]` if it eliminates something.
    fn check_end(
        &mut self,
        start: usize,
        zs: u32,
        visits: &[Visit],
        end: usize,
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        let (first, last) = (&self.alses[start], &self.alses[visits[end].als]);
        let mut eliminations = Vec::new();
        let mut z_used = 0;
        for z in digits_of(zs & last.mask & !visits[end].used) {
            let targets = first.buddies(z) & last.buddies(z) & self.grid.cells_with(z);
            if !targets.is_empty() {
                z_used = z;
                eliminations.extend(targets.iter().map(|c| Candidate::new(c, z)));
            }
        }
        if eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut path = path_to(start, visits, end);
        path[0].1 = z_used;
        let mut alses: Vec<usize> = path.iter().map(|&(als, _)| als).collect();
        alses.sort_unstable();
        alses.dedup();
        if alses.len() != path.len() {
            return ControlFlow::Continue(());
        }
        eliminations.sort_unstable();
        if !self.reported.insert(eliminations.clone()) {
            return ControlFlow::Continue(());
        }
        let mut step = Step::new(Technique::AlsXyChain);
        step.houses = path.iter().map(|&(als, _)| self.alses[als].house).collect();
        step.pattern = first.candidates(self.grid);
        step.extra = path[1..]
            .iter()
            .flat_map(|&(als, _)| self.alses[als].candidates(self.grid))
            .collect();
        step.links = self.chain_links(&path, z_used);
        step.eliminations = eliminations;
        found(step)
    }

    /// The chain as links: in each ALS a strong link from the digit it loses
    /// to the one it passes on, between ALSes a weak link on the RCC.
    fn chain_links(&self, path: &[(usize, u8)], z: u8) -> Vec<Link> {
        let node = |als: usize, digit: u8| Node {
            cells: self.alses[als].holders(digit).iter().collect(),
            digit,
        };
        let mut links = Vec::with_capacity(2 * path.len());
        for (i, &(als, lost)) in path.iter().enumerate() {
            let passed = path.get(i + 1).map_or(z, |&(_, rcc)| rcc);
            links.push(Link {
                from: node(als, lost),
                to: node(als, passed),
                kind: LinkKind::Strong,
            });
            if let Some(&(next, _)) = path.get(i + 1) {
                links.push(Link {
                    from: node(als, passed),
                    to: node(next, passed),
                    kind: LinkKind::Weak,
                });
            }
        }
        links
    }
}

/// The ALSes from the start to `visits[end]`, each with the digit it loses
/// (0 for the start, whose `z` the caller fills in; of two used RCCs the
/// lower stands for both).
fn path_to(start: usize, visits: &[Visit], end: usize) -> Vec<(usize, u8)> {
    let mut path = Vec::new();
    let mut at = Some(end);
    while let Some(i) = at {
        let digit = visits[i].used.trailing_zeros() as u8 + 1;
        path.push((visits[i].als, digit));
        at = visits[i].parent;
    }
    path.push((start, 0));
    path.reverse();
    path
}
