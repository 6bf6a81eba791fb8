//! The solving path: apply the simplest available step, again and again,
//! until the grid is solved or no technique applies.
//!
//! "Simplest" is the order of [`PathOptions::techniques`], HoDoKu's by
//! default; techniques without a finder yet find nothing. Techniques that
//! assume a unique solution are used only when the caller says the puzzle has
//! one. When nothing applies and the caller gave the solution, one declared
//! [`Technique::Backtracking`] step places the solution's digit in the open
//! cell with the fewest candidates, and the path goes on. In a grid of
//! several solutions where every candidate lies in one of them, nothing can
//! apply, and that step comes without a search.
//!
//! ```
//! use fdoku_logic::{solve_path, PathOptions, Technique};
//! use fdoku_sudoku::{Rules, format::parse_line};
//!
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let puzzle = parse_line(line, &Rules::classic(9).unwrap()).unwrap();
//! let solution = fdoku_sudoku::solve::solve(&puzzle, fdoku_sudoku::solve::Goal::First, &Default::default())
//!     .solution
//!     .unwrap();
//! let no_logic = PathOptions {
//!     techniques: vec![],
//!     solution: Some(solution),
//!     ..PathOptions::default()
//! };
//! let path = solve_path(&puzzle, &no_logic);
//! assert!(path.solved);
//! assert!(path.steps.iter().all(|s| s.technique == Technique::Backtracking));
//! ```

use fdoku_fd::Budget;
use serde::Serialize;

use super::budget::within;
use super::explainer::explainer_step;
use super::grid::Grid;
use super::hodoku::{Queues, first_step as hodoku_step};
use super::order::is_sukaku_order;
use super::order::{hodoku_order, is_explainer_order, is_hodoku_order};
use super::step::Step;
use super::technique::Technique;
use super::unforced::nothing_follows;
use fdoku_sudoku::Puzzle;

/// How to walk the path.
#[derive(Clone, Debug)]
pub struct PathOptions {
    /// The techniques to try, simplest first.
    pub techniques: Vec<Technique>,
    /// Whether the puzzle is known to have exactly one solution (enables
    /// unique rectangles and BUG).
    pub unique: bool,
    /// The solution, for the last-resort backtracking step.
    pub solution: Option<Vec<u8>>,
    /// Stops the walk (node limit counts steps; the deadline and the cancel
    /// flag are checked before every step).
    pub budget: Budget,
}

impl Default for PathOptions {
    fn default() -> Self {
        PathOptions {
            techniques: hodoku_order(),
            unique: false,
            solution: None,
            budget: Budget::default(),
        }
    }
}

/// The path walked.
#[derive(Clone, Debug, Serialize)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Whether the grid ended solved.
    pub solved: bool,
    /// Whether the walk stopped on the budget.
    pub stopped: bool,
    /// The grid at the end (digits, 0 = open).
    pub values: Vec<u8>,
}

/// Walks the simplest-first path through `puzzle`.
pub fn solve_path(puzzle: &Puzzle, options: &PathOptions) -> Path {
    let mut walk = Walk::new(puzzle, options);
    let mut steps = Vec::new();
    let mut stopped = false;
    while !walk.grid.is_solved() && walk.grid.empty_cell().is_none() {
        // The clock is read at every step, and between the techniques of a
        // step (one step can be slow on big grids), so a deadline stops the
        // walk within one technique's search.
        let budget = &options.budget;
        if budget.exhausted(steps.len() as u64).is_some() || budget.out_of_time().is_some() {
            stopped = true;
            break;
        }
        let Some(step) = walk.take_step(options) else {
            stopped = budget.out_of_time().is_some();
            break;
        };
        steps.push(step);
    }
    Path {
        solved: walk.grid.is_solved(),
        stopped,
        values: walk.grid.values().to_vec(),
        steps,
    }
}

/// A walk along the path: the grid, and, on HoDoKu's path through a
/// classic grid, the singles queues HoDoKu's grid keeps (its singles come
/// in their order, see [`Queues`]).
pub(crate) struct Walk {
    /// The grid so far.
    pub(crate) grid: Grid,
    queues: Option<Queues>,
}

impl Walk {
    /// At the start of `puzzle`'s path.
    pub(crate) fn new(puzzle: &Puzzle, options: &PathOptions) -> Self {
        let grid = Grid::new(puzzle);
        let queues = match is_hodoku_order(&options.techniques) {
            true => Queues::new(&grid),
            false => None,
        };
        Walk { grid, queues }
    }

    /// Finds the next step ([`next_step`]) and takes it.
    pub(crate) fn take_step(&mut self, options: &PathOptions) -> Option<Step> {
        let step = find_step(&self.grid, options, self.queues.as_mut())?;
        self.grid.apply(&step);
        if let Some(queues) = self.queues.as_mut() {
            queues.apply(&step);
        }
        Some(step)
    }
}

/// The simplest step available in `grid`; `None` when nothing applies or
/// the budget's deadline passed or its cancel flag was raised (a search cut
/// off is not taken for one that found nothing: no backtracking step then).
pub fn next_step(grid: &Grid, options: &PathOptions) -> Option<Step> {
    find_step(grid, options, None)
}

/// [`next_step`], with HoDoKu's singles queues when walking its path.
fn find_step(grid: &Grid, options: &PathOptions, mut queues: Option<&mut Queues>) -> Option<Step> {
    // With several solutions, a grid where every candidate lies in one of
    // them has no step to find: backtrack at once.
    if !options.unique
        && let Some(solution) = options.solution.as_deref()
        && nothing_follows(grid, solution, &options.budget)
    {
        return backtracking(grid, solution);
    }
    let explainer = is_explainer_order(&options.techniques) || is_sukaku_order(&options.techniques);
    let hodoku = is_hodoku_order(&options.techniques);
    for technique in &options.techniques {
        if options.budget.out_of_time().is_some() {
            return None;
        }
        if !options.unique && technique.needs_uniqueness() {
            continue;
        }
        if technique.is_single()
            && let Some(queues) = queues.as_deref_mut()
        {
            match queues.single(*technique) {
                Some(step) => return Some(step),
                None => continue,
            }
        }
        let find = || match hodoku {
            true => hodoku_step(grid, *technique),
            false => explainer_step(grid, *technique, explainer),
        };
        match within(&options.budget, find) {
            // Cut off: what it found may not be the simplest instance.
            (_, Some(_)) => return None,
            (Some(step), None) => return Some(step),
            (None, None) => {}
        }
    }
    if options.budget.out_of_time().is_some() {
        return None;
    }
    backtracking(grid, options.solution.as_deref()?)
}

/// Places the solution's digit in the open cell with the fewest candidates.
fn backtracking(grid: &Grid, solution: &[u8]) -> Option<Step> {
    let cell = grid
        .open_cells()
        .iter()
        .min_by_key(|&c| grid.mask(c).count_ones())?;
    Some(Step::placing(Technique::Backtracking, cell, solution[cell]))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    use super::*;
    use fdoku_sudoku::Rules;

    #[test]
    fn a_deadline_or_cancel_stops_the_walk_within_a_step() {
        let empty = Puzzle::new(Rules::classic(16).unwrap(), vec![0; 256]).unwrap();
        let solution = fdoku_sudoku::generate::random_grid(empty.rules(), 1, 100_000).unwrap();
        let flag = Arc::new(AtomicBool::new(false));
        let options = PathOptions {
            solution: Some(solution.clone()),
            budget: Budget::unlimited().with_cancel_flag(Arc::clone(&flag)),
            ..PathOptions::default()
        };
        flag.store(true, Ordering::Relaxed);
        let path = solve_path(&empty, &options);
        assert!(path.stopped);
        assert!(path.steps.is_empty(), "cancelled before the first step");

        // A deadline in the middle: the empty 16×16 needs many slow steps.
        let options = PathOptions {
            solution: Some(solution),
            budget: Budget::unlimited().with_timeout(Duration::from_millis(50)),
            ..PathOptions::default()
        };
        let started = Instant::now();
        let path = solve_path(&empty, &options);
        assert!(path.stopped || path.solved);
        assert!(started.elapsed() < Duration::from_secs(10));
    }
}
