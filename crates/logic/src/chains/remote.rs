//! Remote pairs: bivalue cells of one pair {x,y}, each seeing the next,
//! alternate x and y. Two of them an odd number of steps apart hold x and y
//! between them, so a cell seeing both can hold neither.

use super::super::budget::poll;
use super::super::cellset::CellSet;
use super::super::grid::{Grid, digits_of};
use super::super::step::{Candidate, Link, LinkKind, Node, Step};
use super::super::technique::Technique;
use super::search::MAX_LINKS;

/// Every remote pair of four or more cells that eliminates something.
pub(super) fn steps(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    let open = grid.open_cells();
    for start in open.iter() {
        if poll().is_break() {
            break;
        }
        let mask = grid.mask(start);
        if mask.count_ones() != 2 {
            continue;
        }
        let pair_cells: CellSet = open.iter().filter(|&c| grid.mask(c) == mask).collect();
        let parents = shortest_paths(grid, start, pair_cells);
        for (end, _) in parents.iter().enumerate().filter(|&(c, _)| c > start) {
            let path = path_to(&parents, end);
            if path.len() < 4 || path.len() > MAX_LINKS / 2 {
                continue;
            }
            let eliminations = eliminations(grid, &path, mask);
            if !eliminations.is_empty() {
                steps.push(step(&path, mask, eliminations));
            }
        }
    }
    steps
}

/// Breadth-first parents of the cells of `cells` reachable from `start`.
fn shortest_paths(grid: &Grid, start: usize, cells: CellSet) -> Vec<Option<usize>> {
    let mut parents = vec![None; grid.all_cells().len()];
    parents[start] = Some(start);
    let mut queue = vec![start];
    let mut head = 0;
    while head < queue.len() {
        let cell = queue[head];
        head += 1;
        for next in (grid.peers(cell) & cells).iter() {
            if parents[next].is_none() {
                parents[next] = Some(cell);
                queue.push(next);
            }
        }
    }
    parents
}

/// The cells from the start to `end` (empty when `end` was not reached).
fn path_to(parents: &[Option<usize>], end: usize) -> Vec<usize> {
    let mut path = Vec::new();
    let mut at = end;
    while let Some(parent) = parents[at] {
        path.push(at);
        if parent == at {
            path.reverse();
            return path;
        }
        at = parent;
    }
    Vec::new()
}

/// Both digits leave the cells seeing the two ends of an odd stretch.
fn eliminations(grid: &Grid, path: &[usize], mask: u32) -> Vec<Candidate> {
    let mut cells = CellSet::EMPTY;
    for (i, &a) in path.iter().enumerate() {
        for &b in path.iter().skip(i + 3).step_by(2) {
            cells |= grid.peers(a) & grid.peers(b);
        }
    }
    let chain: CellSet = path.iter().copied().collect();
    let mut eliminations = grid.candidates_in((cells - chain).iter(), mask);
    eliminations.sort_unstable();
    eliminations
}

/// The step: x = y inside each cell, y - y between cells, and so on.
fn step(path: &[usize], mask: u32, eliminations: Vec<Candidate>) -> Step {
    let digits = digits_of(mask);
    let (mut x, mut y) = (digits[0], digits[1]);
    let node = |cell: usize, digit: u8| Node {
        cells: vec![cell],
        digit,
    };
    let mut step = Step::new(Technique::RemotePair);
    for (i, &cell) in path.iter().enumerate() {
        step.pattern.push(Candidate::new(cell, x));
        step.pattern.push(Candidate::new(cell, y));
        step.links.push(Link {
            from: node(cell, x),
            to: node(cell, y),
            kind: LinkKind::Strong,
        });
        if let Some(&next) = path.get(i + 1) {
            step.links.push(Link {
                from: node(cell, y),
                to: node(next, y),
                kind: LinkKind::Weak,
            });
        }
        (x, y) = (y, x);
    }
    step.pattern.sort_unstable();
    step.eliminations = eliminations;
    step
}
