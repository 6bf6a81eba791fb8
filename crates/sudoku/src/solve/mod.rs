//! Solving: independent solvers behind one interface, and the answer
//! they give to "solve this", "is it unique?" and "list them all".
//!
//! * [`NineSolver`] — the classic 9×9 path: one 81-bit board per digit. The
//!   default for classic 9×9.
//! * [`MaskSolver`] — candidate bitmasks, singles, MRV branching; every size
//!   and variant except killer. The default for the others below 16×16.
//! * [`LearningSolver`] — the same puzzles as clauses, with conflict-driven
//!   learning and restarts. The default from 16×16 up.
//! * [`FdSolver`] — the fdoku-fd engine model, for everything (killer
//!   included), with a selectable all_different strength and heuristics.
//!
//! All report guesses (branches taken), nodes and time, and all stop when
//! the [`Budget`] runs out. [`trace()`] solves with the engine model and
//! records, in cell terms, how it found the solution.
//!
//! ```
//! use fdoku_sudoku::{Puzzle, Rules};
//! use fdoku_sudoku::solve::{Goal, Status, solve, SolveOptions};
//!
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let p = fdoku_sudoku::format::parse_line(line, &Rules::classic(9).unwrap()).unwrap();
//! let report = solve(&p, Goal::Count(2), &SolveOptions::default());
//! assert_eq!(report.status, Status::Unique);
//! assert!(report.solution.unwrap().starts_with(&[4, 8, 3]));
//! ```

mod fd;
mod learning;
mod mask;
mod nine;
mod pairs;
mod trace;

use fdoku_fd::{Budget, SearchConfig, StopReason};
use serde::Serialize;

pub use fd::FdSolver;
pub(crate) use fd::post_relabelling;
pub(crate) use learning::LEARNING_FROM_SIZE;
pub use learning::LearningSolver;
pub use mask::MaskSolver;
pub use nine::{NineSolver, random_grid as random_nine_grid, solvable_without};
pub use pairs::{Pair, Relation, element_pairs, negative_pairs};
pub use trace::{AnswerStats, CellEvent, TraceCaps, TraceError, TracedSolve, Uniqueness, trace};

use crate::puzzle::Puzzle;

/// A solver: calls `on_solution` for each solution until it returns `false`,
/// the search space is exhausted, or the budget runs out.
pub trait Search {
    /// Searches; returns what it cost.
    fn search(&self, on_solution: &mut dyn FnMut(&[u8]) -> bool, budget: &Budget) -> SearchStats;
}

/// What a search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SearchStats {
    /// Branches taken (digits tried at a branching cell).
    pub guesses: u64,
    /// States propagated, the root included.
    pub nodes: u64,
    /// Microseconds spent.
    pub micros: u64,
    /// Why the search stopped early, if it did.
    #[serde(skip)]
    pub stopped: Option<StopReason>,
}

/// Which solver to use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SolverChoice {
    /// The fastest that applies: the 9×9 path for classic 9×9, the general
    /// bitmask solver below 16×16, the clause-learning solver from 16×16
    /// up, the engine for killer puzzles.
    #[default]
    Auto,
    /// The general bitmask solver (refuses killer puzzles).
    Mask,
    /// The engine model.
    Fd,
}

/// How to solve.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// Which solver.
    pub solver: SolverChoice,
    /// The engine's strength and heuristics (with [`SolverChoice::Fd`] or killer).
    pub fd: SearchConfig,
    /// Limits.
    pub budget: Budget,
}

/// What to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// One solution.
    First,
    /// Count solutions up to a limit (2 answers "is it unique?").
    Count(u64),
    /// Every solution (up to a limit when given).
    All(Option<u64>),
}

/// The answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A solution was found (uniqueness not asked).
    Solved,
    /// Exactly one solution.
    Unique,
    /// At least two solutions.
    Multiple,
    /// No solution.
    None,
    /// The budget ran out before an answer (a solution may have been
    /// found: `solution` and `count` say what was).
    Stopped,
}

/// The outcome of [`solve`].
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer.
    pub status: Status,
    /// The first solution found.
    pub solution: Option<Vec<u8>>,
    /// Solutions found (a lower bound when stopped or at the limit).
    pub count: u64,
    /// What it cost.
    pub stats: SearchStats,
    /// Set when the mask solver was asked for a puzzle it cannot handle.
    pub unsupported: bool,
}

/// Solves `puzzle`, calling `each` for every solution found (in `All` mode)
/// or the first one (otherwise). When there is no solution because givens
/// clash, [`Puzzle::clash`] names them (worked out only when asked: naming
/// costs more than finding there is no solution).
pub fn solve_with(
    puzzle: &Puzzle,
    goal: Goal,
    options: &SolveOptions,
    each: &mut dyn FnMut(&[u8]),
) -> Report {
    let Some(solver) = pick_solver(puzzle, options) else {
        return Report {
            status: Status::Stopped,
            solution: None,
            count: 0,
            stats: SearchStats::default(),
            unsupported: true,
        };
    };
    search_for(solver.as_ref(), goal, &options.budget, each)
}

/// Runs `solver` for `goal` under `budget` and says what it found, by the
/// conventions of [`Report`] (the multigrid solver shares them).
pub(crate) fn search_for(
    solver: &dyn Search,
    goal: Goal,
    budget: &Budget,
    each: &mut dyn FnMut(&[u8]),
) -> Report {
    let limit = match goal {
        Goal::First => Some(1),
        Goal::Count(limit) => Some(limit.max(1)),
        Goal::All(limit) => limit,
    };
    let all = matches!(goal, Goal::All(_));
    let mut first: Option<Vec<u8>> = None;
    let mut count = 0u64;
    let mut on_solution = |grid: &[u8]| {
        count += 1;
        if all || first.is_none() {
            each(grid);
        }
        if first.is_none() {
            first = Some(grid.to_vec());
        }
        limit.is_none_or(|l| count < l)
    };
    let stats = solver.search(&mut on_solution, budget);
    // Uniqueness is proven only when the search finished with one solution.
    let finished = stats.stopped.is_none() && limit != Some(count);
    // One solution and a search for the second cut short by the budget is
    // not an answer to "how many?": stopped, with the solution found.
    let status = match count {
        0 if stats.stopped.is_some() => Status::Stopped,
        0 => Status::None,
        _ if goal == Goal::First => Status::Solved,
        1 if finished => Status::Unique,
        1 if stats.stopped.is_some() => Status::Stopped,
        1 => Status::Solved,
        _ => Status::Multiple,
    };
    Report {
        status,
        solution: first,
        count,
        stats,
        unsupported: false,
    }
}

/// The solver `options` ask for, or `None` when it cannot take the puzzle
/// (the bitmask solvers refuse cage sums). Left to choose, rules with
/// elements go to the engine even where the bitmask solver takes them:
/// its all_different reasoning and conflict-driven branching search far
/// less on hard ones (a slow-thermometer puzzle without givens: 0.9 ms
/// against 5.5 s; on the easiest the bitmask solver is ahead by 0.1 ms).
/// It then branches with last-conflict reasoning too: on the published
/// variant puzzles that cuts the hardest searches 2–16 times (a
/// thermometer puzzle without givens from 3.4 million nodes to 313,000)
/// and leaves the geometric mean of all about where it was.
fn pick_solver<'p>(puzzle: &'p Puzzle, options: &SolveOptions) -> Option<Box<dyn Search + 'p>> {
    let nine = || NineSolver::new(puzzle).map(|s| Box::new(s) as Box<dyn Search>);
    let mask = || MaskSolver::new(puzzle).map(|s| Box::new(s) as Box<dyn Search>);
    let learning = || {
        (puzzle.size() >= LEARNING_FROM_SIZE)
            .then(|| LearningSolver::new(puzzle))
            .flatten()
            .map(|s| Box::new(s) as Box<dyn Search>)
    };
    let fd_with = |config| Box::new(FdSolver::new(puzzle, config)) as Box<dyn Search>;
    let fd = || fd_with(options.fd.clone());
    match options.solver {
        SolverChoice::Auto if puzzle.rules().has_elements() => Some(fd_with(SearchConfig {
            last_conflict: true,
            ..options.fd.clone()
        })),
        SolverChoice::Auto => Some(nine().or_else(learning).or_else(mask).unwrap_or_else(fd)),
        SolverChoice::Mask => mask(),
        SolverChoice::Fd => Some(fd()),
    }
}

/// Solves `puzzle` without a per-solution callback.
pub fn solve(puzzle: &Puzzle, goal: Goal, options: &SolveOptions) -> Report {
    solve_with(puzzle, goal, options, &mut |_| {})
}
