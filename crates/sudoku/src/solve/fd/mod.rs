//! The engine model: every Sudoku as a finite-domain problem, killer included.
//!
//! One variable per cell over 1..N, the givens fixed, one `all_different`
//! per house and per disjoint group (at the chosen strength), and per killer
//! cage an `all_different` plus its sum (when it has one): a table of every
//! filling when there are few (`sums`), else a linear sum. On the
//! published killer puzzles the tables cut the search 3–240 times (Killer
//! Blister: 7,407 nodes to 31). Anti-knight and anti-king
//! post `x ≠ y` for every pair a move apart, non-consecutive `x ≠ y + 1`
//! and `x ≠ y − 1` for every pair of orthogonal neighbours, and an odd or
//! even cell's domain is its parity's digits. Lines, dots, arrows and
//! outside clues post the constraints of their own module (`elements`
//! says which). This is the plain FD model,
//! generalised to every size and variant, and it is the reference the
//! bitmask solver is checked against.
//!
//! ```
//! use fdoku_fd::SearchConfig;
//! use fdoku_sudoku::{Cage, Puzzle, Rules};
//! use fdoku_sudoku::solve::{FdSolver, Search};
//!
//! // A 4×4 killer: the top-left cage r1c1+r1c2 = 3 forces {1, 2}.
//! let rules = Rules::classic(4).unwrap().with_cage(Cage { cells: vec![0, 1], sum: Some(3) }).unwrap();
//! let p = Puzzle::new(rules, vec![0; 16]).unwrap();
//! let solver = FdSolver::new(&p, SearchConfig::default());
//! let mut first = Vec::new();
//! solver.search(&mut |g: &[u8]| { first = g.to_vec(); false }, &Default::default());
//! assert_eq!(first[0] + first[1], 3);
//! ```

use fdoku_fd::{Budget, Constraint, LinearOp, Model, SearchConfig, SearchStatus, Solver, Var};

mod automata;
mod elements;
mod relabel;
mod sums;

pub(crate) use relabel::post_relabelling;

use super::{Search, SearchStats};
use crate::puzzle::Puzzle;

/// The finite-domain model of a puzzle and how to search it.
pub struct FdSolver {
    model: Model,
    cells: Vec<Var>,
    config: SearchConfig,
}

impl FdSolver {
    /// Builds the model of `puzzle`; `config` chooses the all_different
    /// strength (`alldiff`) and the heuristics.
    pub fn new(puzzle: &Puzzle, config: SearchConfig) -> Self {
        let rules = puzzle.rules();
        let n = rules.size() as i32;
        let mut model = Model::new();
        let cells = model.new_vars(rules.cells(), 1, n);
        for (i, (&cell, &given)) in cells.iter().zip(puzzle.givens()).enumerate() {
            model.set_var_name(cell, crate::rules::cell_name(rules.size(), i));
            if given != 0 {
                model.fix(cell, i32::from(given));
            } else if let Some(masks) = puzzle.candidates() {
                restrict_to_mask(&mut model, cell, masks[i]);
            }
            if let Some(parity) = rules.parity(i) {
                restrict_to_mask(&mut model, cell, parity.mask(rules.size()));
            }
        }
        for house in rules.houses() {
            let vars: Vec<Var> = house.cells.iter().map(|&c| cells[c]).collect();
            let id = model.post(Constraint::all_different(vars));
            model.set_constraint_name(id, house.name());
        }
        for (i, group) in rules.disjoint_groups().iter().enumerate() {
            let vars = group.iter().map(|&c| cells[c]);
            let id = model.post(Constraint::all_different(vars));
            model.set_constraint_name(id, format!("disjoint group {}", i + 1));
        }
        for (a, b, rule) in rules.distinct_pairs() {
            let id = model.not_equal(cells[a], cells[b], 0);
            model.set_constraint_name(id, rule.name());
        }
        for (a, b) in rules.adjacent_pairs() {
            for offset in [1, -1] {
                let id = model.not_equal(cells[a], cells[b], offset);
                model.set_constraint_name(id, "non-consecutive");
            }
        }
        for (i, cage) in rules.cages().iter().enumerate() {
            let vars: Vec<Var> = cage.cells.iter().map(|&c| cells[c]).collect();
            let distinct = model.post(Constraint::all_different(vars.iter().copied()));
            model.set_constraint_name(distinct, format!("cage {}", i + 1));
            if let Some(total) = cage.sum {
                let terms: Vec<(i64, Var)> = vars.iter().map(|&v| (1, v)).collect();
                let rhs = i64::from(total);
                let sum = match sums::fillings(&model, &terms, rhs, |_, _| true) {
                    Some(tuples) => model.post(Constraint::Table {
                        vars: vars.clone(),
                        tuples,
                    }),
                    None => model.linear(&terms, LinearOp::Eq, rhs),
                };
                model.set_constraint_name(sum, format!("cage {} sum", i + 1));
            }
        }
        elements::post(&mut model, &cells, rules);
        FdSolver {
            model,
            cells,
            config,
        }
    }

    /// A solver for a model built elsewhere (the multigrid model): `cells`
    /// are the variables a solution is read from, in cell order.
    pub(crate) fn from_model(model: Model, cells: Vec<Var>, config: SearchConfig) -> Self {
        FdSolver {
            model,
            cells,
            config,
        }
    }

    /// The engine model (for traces and inspection). Its constraints are
    /// named after their houses (`row 3`, `box 5`, `cage 2 sum`), so
    /// [`Model::constraint_label`] names the house behind a trace event.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The engine variable of each cell, in cell order: maps the variables
    /// of a trace or a solution back to cells.
    pub fn cells(&self) -> &[Var] {
        &self.cells
    }
}

/// Keeps `var` to the digits of `mask` (bit `d - 1` for digit `d`).
fn restrict_to_mask(model: &mut Model, var: Var, mask: u32) {
    let digits = (1..=32).filter(|&d| mask >> (d - 1) & 1 == 1);
    model.restrict(var, &fdoku_fd::Domain::from_values(digits));
}

impl Search for FdSolver {
    fn search(&self, on_solution: &mut dyn FnMut(&[u8]) -> bool, budget: &Budget) -> SearchStats {
        let mut solver =
            Solver::with_config(&self.model, self.config.clone()).with_budget(budget.clone());
        let mut stats = SearchStats::default();
        let mut grid = vec![0u8; self.cells.len()];
        for solution in solver.solutions() {
            for (value, &var) in grid.iter_mut().zip(&self.cells) {
                *value = solution.value(var) as u8;
            }
            if !on_solution(&grid) {
                break;
            }
        }
        let engine = solver.stats();
        stats.nodes = engine.nodes;
        stats.guesses = engine.nodes.saturating_sub(1);
        stats.micros = engine.time.as_micros() as u64;
        if let Some(SearchStatus::Stopped(reason)) = solver.status() {
            stats.stopped = Some(reason);
        }
        stats
    }
}
