//! Whether anything follows in a grid of several solutions.
//!
//! A sound technique only removes a candidate that no solution has, or
//! places a digit that every solution has. In a grid of several solutions
//! where each candidate lies in some solution and each open cell keeps two
//! or more, neither can happen: no technique finds a step, whatever its
//! search would cost (the chaining producers take seconds to find nothing
//! in a nearly empty 4×4). Finding a solution through each candidate shows
//! it at the cost of a few quick searches, each solution found covering
//! many candidates at once. Uniqueness techniques are not sound there, and
//! killer cages need the engine: neither is shown this way.

use fdoku_fd::Budget;
use fdoku_sudoku::solve::{MaskSolver, Search};

use super::grid::{Grid, bit, digits_of};

/// Search nodes spent per candidate of the grid, over all the searches,
/// before giving up (the walk then goes on as usual): a small part of what
/// the techniques would spend on such a grid.
const NODES_PER_CANDIDATE: u64 = 64;

/// Whether no step of a sound technique can change `grid`: every candidate
/// lies in some solution of it (`solution` is one, if it fits the grid),
/// and every open cell has two candidates or more. False when that is not
/// so or not shown within [`NODES_PER_CANDIDATE`] search nodes per
/// candidate or `budget`.
pub(crate) fn nothing_follows(grid: &Grid, solution: &[u8], budget: &Budget) -> bool {
    let open = grid.open_cells();
    if !grid.cages().is_empty() || open.iter().any(|c| grid.mask(c).count_ones() < 2) {
        return false;
    }
    let Some(position) = grid.to_puzzle() else {
        return false;
    };
    // Per cell, the candidates some solution found so far has.
    let mut covered = vec![0u32; grid.values().len()];
    let fits = solution.len() == covered.len()
        && (0..covered.len()).all(|c| match grid.value(c) {
            0 => solution[c] != 0 && grid.has(c, solution[c]),
            placed => placed == solution[c],
        });
    if fits {
        for cell in open.iter() {
            covered[cell] |= bit(solution[cell]);
        }
    }
    let candidates: u64 = open
        .iter()
        .map(|c| u64::from(grid.mask(c).count_ones()))
        .sum();
    let nodes = NODES_PER_CANDIDATE * candidates;
    let mut spent = 0;
    for cell in open.iter() {
        for digit in digits_of(grid.mask(cell) & !covered[cell]) {
            let mut masks: Vec<u32> = (0..covered.len()).map(|c| grid.mask(c)).collect();
            masks[cell] = bit(digit);
            let Ok(assumed) = position.clone().with_candidates(masks) else {
                return false;
            };
            let Some(solver) = MaskSolver::new(&assumed) else {
                return false;
            };
            let mut found = None;
            let limited = budget.clone().with_node_limit(nodes - spent);
            // A seeded order spreads the solutions over the candidates.
            let stats = solver.shuffled(spent).search(
                &mut |values| {
                    found = Some(values.to_vec());
                    false
                },
                &limited,
            );
            spent += stats.nodes;
            // None: the candidate is in no solution (a technique may find
            // that), or the search ran out.
            let Some(values) = found else {
                return false;
            };
            for cell in open.iter() {
                covered[cell] |= bit(values[cell]);
            }
            if spent >= nodes {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use fdoku_sudoku::format::parse_line;
    use fdoku_sudoku::{Puzzle, Rules};

    fn grid(line: &str, size: usize) -> Grid {
        Grid::new(&parse_line(line, &Rules::classic(size).unwrap()).unwrap())
    }

    #[test]
    fn an_open_grid_has_nothing_to_follow_and_a_forced_one_has() {
        let budget = Budget::unlimited();
        let empty = grid("................", 4);
        assert!(nothing_follows(&empty, &[0; 16], &budget));
        // 1 and 2 in row 1 leave 1 and 2 out of row 2's first box cells:
        // its candidates 3 and 4 there are forced, so something follows.
        let forced = grid("12..............", 4);
        assert!(!nothing_follows(&forced, &[0; 16], &budget));
        // A unique 9×9 puzzle: every candidate but the solution's is dead.
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        assert!(!nothing_follows(&grid(line, 9), &[0; 81], &budget));
        // Cages are not looked at.
        let caged = Rules::classic(4)
            .unwrap()
            .with_cage(fdoku_sudoku::Cage {
                cells: vec![0, 1],
                sum: Some(3),
            })
            .unwrap();
        let caged = Grid::new(&Puzzle::new(caged, vec![0; 16]).unwrap());
        assert!(!nothing_follows(&caged, &[0; 16], &budget));
    }
}
