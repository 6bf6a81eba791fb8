//! Solving a multigrid with the engine: one variable per cell (a shared
//! cell is one variable, seen by the houses of every sub-grid it belongs
//! to), the givens fixed, one `all_different` per row, column and box of
//! each sub-grid (a house two sub-grids share, once). A relabelled pair
//! of sub-grids gets the digit key isomorphic twins get too: N more
//! variables, all different, the key's entry `d` the digit the second grid
//! holds wherever the first holds `d` (an `element` per pair of
//! corresponding cells). Solutions, counts, limits and statuses are those of
//! [`solve`](crate::solve::solve): the same [`Report`], the same
//! [`Budget`](fdoku_fd::Budget) rules.

use std::collections::HashSet;

use fdoku_fd::{Constraint, Model, SearchConfig, Var};

use super::{Multigrid, MultigridPuzzle};
use crate::solve::{FdSolver, Goal, Report, SolveOptions, post_relabelling, search_for};

/// The engine model of `puzzle`, under `config`.
pub(super) fn engine(puzzle: &MultigridPuzzle, config: SearchConfig) -> FdSolver {
    let grid = puzzle.grid();
    let mut model = Model::new();
    let cells = model.new_vars(grid.cell_count(), 1, grid.size() as i32);
    for (i, (&cell, &given)) in cells.iter().zip(puzzle.givens()).enumerate() {
        model.set_var_name(cell, grid.cell_name(i));
        if given != 0 {
            model.fix(cell, i32::from(given));
        }
    }
    let mut posted = HashSet::new();
    for (g, house) in grid.houses() {
        let mut members = house.cells.clone();
        members.sort_unstable();
        if !posted.insert(members) {
            continue;
        }
        let id = model.post(Constraint::all_different(
            house.cells.iter().map(|&c| cells[c]),
        ));
        model.set_constraint_name(id, Multigrid::house_name(g, &house));
    }
    for &(first, second) in &grid.arrangement().relabelled {
        let pairs: Vec<(Var, Var)> = grid
            .grid_cells(first)
            .into_iter()
            .zip(grid.grid_cells(second))
            .map(|(a, b)| (cells[a], cells[b]))
            .collect();
        let label = format!("digit key of grids {} and {}", first + 1, second + 1);
        post_relabelling(&mut model, &pairs, grid.size(), true, &label);
    }
    FdSolver::from_model(model, cells, config)
}

/// Solves `puzzle` with the engine (`options.fd` sets its strength and
/// heuristics, `options.budget` its limits; `options.solver` is not
/// consulted: only the engine takes multigrids), calling `each` for every
/// solution (with [`Goal::All`]) or the first.
///
/// ```
/// use fdoku_sudoku::multigrid::{Multigrid, MultigridPuzzle, solve_multigrid};
/// use fdoku_sudoku::solve::{Goal, Status};
///
/// let twodoku = Multigrid::named("twodoku", 4).unwrap();
/// let report = solve_multigrid(&MultigridPuzzle::empty(twodoku), Goal::Count(2), &Default::default());
/// assert_eq!(report.status, Status::Multiple);
/// ```
pub fn solve_multigrid_with(
    puzzle: &MultigridPuzzle,
    goal: Goal,
    options: &SolveOptions,
    each: &mut dyn FnMut(&[u8]),
) -> Report {
    let solver = engine(puzzle, options.fd.clone());
    search_for(&solver, goal, &options.budget, each)
}

/// [`solve_multigrid_with`] without a per-solution callback.
pub fn solve_multigrid(puzzle: &MultigridPuzzle, goal: Goal, options: &SolveOptions) -> Report {
    solve_multigrid_with(puzzle, goal, options, &mut |_| {})
}
