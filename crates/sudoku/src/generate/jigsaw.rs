//! Random jigsaw layouts: N connected regions of N cells each.
//!
//! It starts from the standard boxes (rows when the size has no box shape)
//! and, many times, moves a random cell to a neighbouring region and a cell
//! of that region back, keeping the move only when both regions stay
//! connected: sizes never change, so every layout on the way is a jigsaw. A layout is kept when
//! the general solver finds it a solution grid — not every partition
//! admits one.
//!
//! ```
//! use fdoku_sudoku::Layout;
//! use fdoku_sudoku::generate::random_jigsaw;
//!
//! let rules = random_jigsaw(6, 3, 100_000).unwrap();
//! let Layout::Jigsaw(regions) = rules.layout() else { panic!("a jigsaw") };
//! assert!((0..6).all(|r| regions.iter().filter(|&&x| x == r).count() == 6));
//! ```

use fdoku_fd::Budget;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use super::random::{below, pick};
use super::{GenerateError, random_grid_within};
use crate::rules::Rules;

/// Layouts tried before giving up.
const ATTEMPTS: usize = 10_000;

/// A random jigsaw layout of an N×N grid that has solutions, drawn from
/// `seed`: each candidate layout must yield [`random_grid`](super::random_grid)`(layout, seed,
/// node_limit)`, so [`super::generate`] with the same seed finds its grid.
pub fn random_jigsaw(n: usize, seed: u64, node_limit: u64) -> Result<Rules, GenerateError> {
    random_jigsaw_within(n, seed, node_limit, &Budget::unlimited())
}

/// [`random_jigsaw`] that stops with [`GenerateError::Stopped`] when
/// `budget`'s deadline passes or its cancel flag is raised (its node limit
/// is not used: `node_limit` bounds each grid search).
pub fn random_jigsaw_within(
    n: usize,
    seed: u64,
    node_limit: u64,
    budget: &Budget,
) -> Result<Rules, GenerateError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let search_budget = budget.clone().with_node_limit(node_limit);
    for _ in 0..ATTEMPTS {
        if let Some(reason) = budget.out_of_time() {
            return Err(GenerateError::Stopped(reason));
        }
        let Some(regions) = grow(n, &mut rng) else {
            continue;
        };
        let Ok(rules) = Rules::jigsaw(n, regions) else {
            continue;
        };
        // The same seed as `generate` will use: its grid search then succeeds.
        match random_grid_within(&rules, seed, &search_budget) {
            Ok(_) => return Ok(rules),
            Err(GenerateError::Stopped(reason)) => return Err(GenerateError::Stopped(reason)),
            Err(_) => {}
        }
    }
    Err(GenerateError::NoGrid {
        variant: "jigsaw".to_owned(),
        size: n,
        nodes: node_limit,
    })
}

/// One random layout: standard regions shuffled by connected moves.
fn grow(n: usize, rng: &mut Xoshiro256PlusPlus) -> Option<Vec<u8>> {
    let cells = n * n;
    let mut region: Vec<u8> = match Rules::classic(n).map(|r| r.layout().clone()) {
        Ok(crate::rules::Layout::Boxes { rows, cols }) => (0..cells)
            .map(|c| ((c / n / rows) * (n / cols) + (c % n) / cols) as u8)
            .collect(),
        _ => (0..cells).map(|c| (c / n) as u8).collect(),
    };
    for _ in 0..40 * cells {
        // Cell `a` moves from its region to a neighbouring one, then a cell
        // of that region next to the first moves back: sizes stay N.
        let a = below(rng, cells);
        let from = region[a];
        let across: Vec<u8> = neighbours(n, a)
            .map(|b| region[b])
            .filter(|&r| r != from)
            .collect();
        if across.is_empty() {
            continue;
        }
        let to = pick(rng, &across);
        region[a] = to;
        let back: Vec<usize> = (0..cells)
            .filter(|&b| b != a && region[b] == to && neighbours(n, b).any(|c| region[c] == from))
            .collect();
        if back.is_empty() {
            region[a] = from;
            continue;
        }
        let b = pick(rng, &back);
        region[b] = from;
        if !connected(n, &region, from) || !connected(n, &region, to) {
            region[b] = to;
            region[a] = from;
        }
    }
    Some(region)
}

/// Whether region `r` is one connected piece.
fn connected(n: usize, regions: &[u8], r: u8) -> bool {
    let Some(start) = regions.iter().position(|&x| x == r) else {
        return false;
    };
    let mut seen = vec![start];
    let mut k = 0;
    while k < seen.len() {
        for next in neighbours(n, seen[k]) {
            if regions[next] == r && !seen.contains(&next) {
                seen.push(next);
            }
        }
        k += 1;
    }
    seen.len() == regions.iter().filter(|&&x| x == r).count()
}

/// The cells left, right, above and below `cell` in an N×N grid.
pub(super) fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Layout;

    #[test]
    fn layouts_are_connected_solvable_and_seeded() {
        for n in [4, 5, 6, 9] {
            for seed in 0..3 {
                let rules = random_jigsaw(n, seed, 100_000).unwrap();
                let Layout::Jigsaw(regions) = rules.layout() else {
                    unreachable!("a jigsaw layout")
                };
                assert!(
                    (0..n as u8).all(|r| connected(n, regions, r)),
                    "{n}×{n} seed {seed}"
                );
                assert!(super::super::random_grid(&rules, 1, 100_000).is_ok());
                assert_eq!(random_jigsaw(n, seed, 100_000).unwrap(), rules);
            }
        }
        assert_ne!(random_jigsaw(9, 1, 100_000), random_jigsaw(9, 2, 100_000));
    }
}
