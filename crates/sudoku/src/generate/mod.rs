//! Generating puzzles: a random solution grid, then clues taken away while
//! the solution stays unique.
//!
//! 1. **A grid.** A solver trying its options in an order drawn from the
//!    seed solves the empty grid of the rules: the 9×9 path for classic
//!    9×9, the general bitmask solver for the rest (any size, diagonal,
//!    windoku, extra regions, jigsaw). Its first solution is the grid.
//! 2. **The clues.** Starting from the whole grid, the cells are taken in
//!    groups that keep the [`Symmetry`] (its orbits), in an order drawn
//!    from the seed. Each group is blanked and kept blank if the puzzle
//!    still has exactly one solution. One pass leaves a *minimal* puzzle:
//!    if blanking a group failed once it fails again later, since fewer
//!    clues only allow more solutions. With [`Options::clues`] it stops as
//!    soon as that few clues remain instead. A uniqueness check that runs
//!    out of nodes keeps its group without proof that it is needed: such a
//!    puzzle is not called minimal ([`Generated::minimal`]).
//!
//! Around that: [`generate_on_pattern`] puts the
//! clues at given positions; [`generate_killer`] makes killer puzzles and
//! [`random_jigsaw`] jigsaw layouts.
//!
//! The same rules, options and seed give the same puzzle on every machine
//! and thread count. Puzzles of a chosen difficulty come from the logic
//! solver's crate (`fdoku-logic`), which grades candidates made here.
//!
//! ```
//! use fdoku_sudoku::Rules;
//! use fdoku_sudoku::generate::{Options, Symmetry, generate};
//! use fdoku_sudoku::solve::{Goal, SolveOptions, SolverChoice, Status, solve};
//!
//! let options = Options { symmetry: Symmetry::Rot180, ..Options::default() };
//! let made = generate(&Rules::classic(9).unwrap(), &options, 42).unwrap();
//! assert!(Symmetry::Rot180.holds(made.puzzle.givens(), 9));
//! // Unique, by another solver than the one that checked it.
//! let mask = SolveOptions { solver: SolverChoice::Mask, ..Default::default() };
//! let report = solve(&made.puzzle, Goal::Count(2), &mask);
//! assert_eq!(report.status, Status::Unique);
//! assert_eq!(report.solution.unwrap(), made.solution);
//! assert_eq!(generate(&Rules::classic(9).unwrap(), &options, 42).unwrap().puzzle, made.puzzle);
//! ```

mod elements;
mod jigsaw;
mod killer;
pub(crate) mod random;
mod symmetry;
mod variants;

use fdoku_fd::{Budget, StopReason};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use thiserror::Error;

pub use elements::draw_element;
pub use jigsaw::{random_jigsaw, random_jigsaw_within};
pub use killer::{KillerOptions, generate_killer};
pub use symmetry::Symmetry;
pub use variants::{VariantOptions, generate_variant};

use crate::puzzle::Puzzle;
use crate::rules::Rules;
use crate::solve::{
    Goal, LEARNING_FROM_SIZE, LearningSolver, MaskSolver, NineSolver, Search, SolveOptions, Status,
    random_nine_grid, solvable_without, solve,
};

/// How to generate.
#[derive(Clone, Debug)]
pub struct Options {
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Stop taking clues away once this few remain (best effort: a minimal
    /// puzzle may keep more). `None`: go on until the puzzle is minimal.
    pub clues: Option<usize>,
    /// Search nodes allowed to find the grid, and to each uniqueness check
    /// on grids other than classic 9×9 (a check that runs out counts as
    /// "not unique", so the clue stays, and the puzzle is not proven
    /// minimal).
    pub node_limit: u64,
    /// Deadline and cancel flag for the whole generation (a server's
    /// request deadline): polled between clue removals and candidates and
    /// by every search inside; when spent, [`GenerateError::Stopped`].
    /// Its node limit is not used ([`Options::node_limit`] is per search).
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            symmetry: Symmetry::None,
            clues: None,
            node_limit: 200_000,
            budget: Budget::unlimited(),
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Vec<u8>,
    /// Uniqueness checks it took (grids tried, on a pattern).
    pub checks: u32,
    /// Whether every clue is proven needed: taking any one away (or any
    /// group of the symmetry) was checked to let a second solution in.
    /// False when a check ran out of nodes and its clues were kept
    /// unproven, when generation stopped at a clue count, and for puzzles
    /// on a pattern (whose clues are not taken away).
    pub minimal: bool,
}

impl Generated {
    /// A generated puzzle from givens taken out of `solution`, a grid of
    /// `rules` (so they always fit).
    fn new(
        rules: Rules,
        givens: Vec<u8>,
        solution: Vec<u8>,
        checks: u32,
        minimal: bool,
    ) -> Generated {
        let puzzle = Puzzle::new(rules, givens)
            .unwrap_or_else(|_| unreachable!("givens taken from a grid of these rules"));
        Generated {
            puzzle,
            solution,
            checks,
            minimal,
        }
    }
}

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// Cages in the rules: killer puzzles come from [`generate_killer`],
    /// on rules without cages.
    #[error(
        "the rules already have cages; killer puzzles are made by generate_killer from rules without them"
    )]
    Cages,
    /// The pattern does not have one flag per cell.
    #[error("the pattern has {found} cells; the grid has {expected}")]
    PatternSize {
        /// Cells in the pattern.
        found: usize,
        /// Cells in the grid.
        expected: usize,
    },
    /// None of the grids tried gave a unique puzzle on the pattern.
    #[error(
        "no unique puzzle on this pattern in {attempts} random grids (a pattern with more clues is likelier)"
    )]
    Pattern {
        /// Grids tried.
        attempts: u32,
    },
    /// No solution grid was found within the node limit (some variants,
    /// like windoku on 16×16, may have none).
    #[error("no {variant} {size}×{size} grid found within {nodes} search nodes")]
    NoGrid {
        /// The variant's name.
        variant: String,
        /// The grid size.
        size: usize,
        /// The node limit.
        nodes: u64,
    },
    /// The budget's deadline passed or its cancel flag was raised.
    #[error("generation stopped: {}", .0.describe())]
    Stopped(StopReason),
    /// Elements in the rules: variant puzzles come from
    /// [`generate_variant`], on rules without them.
    #[error(
        "the rules already have elements; variant puzzles are made by generate_variant from rules without them"
    )]
    Elements,
    /// A variant puzzle was asked for with no kind of element.
    #[error("no kind of element to draw (name at least one, e.g. thermometer)")]
    NoKinds,
    /// No element of a kind fits the grid (an entropic line needs a side
    /// divisible by 3; a grid may have no two neighbours one apart).
    #[error("no {kind} could be drawn on the {size}×{size} grid")]
    NoElement {
        /// The kind's name.
        kind: &'static str,
        /// The grid's side.
        size: usize,
    },
    /// Without givens, even many elements left more than one solution.
    #[error("{elements} elements still left more than one solution; allow givens or other kinds")]
    NotUnique {
        /// Elements drawn.
        elements: usize,
    },
}

/// A puzzle of `rules` whose clues sit exactly where `pattern` is `true`
/// (one flag per cell), with exactly one solution: random grids drawn from
/// `seed` are tried, up to `attempts` of them, until one gives a unique
/// puzzle on the pattern. `node_limit` bounds each search; `budget`'s
/// deadline and cancel flag the whole run ([`GenerateError::Stopped`]).
pub fn generate_on_pattern(
    rules: &Rules,
    pattern: &[bool],
    attempts: u32,
    node_limit: u64,
    seed: u64,
    budget: &Budget,
) -> Result<Generated, GenerateError> {
    if !rules.cages().is_empty() {
        return Err(GenerateError::Cages);
    }
    if pattern.len() != rules.cells() {
        return Err(GenerateError::PatternSize {
            found: pattern.len(),
            expected: rules.cells(),
        });
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let search_budget = budget.clone().with_node_limit(node_limit);
    for checks in 1..=attempts {
        let solution = random_grid_within(rules, rng.next_u64(), &search_budget)?;
        let givens: Vec<u8> = solution
            .iter()
            .zip(pattern)
            .map(|(&digit, &clue)| if clue { digit } else { 0 })
            .collect();
        let made = Generated::new(rules.clone(), givens, solution, checks, false);
        match unique(&made.puzzle, &search_budget) {
            Ok(true) => return Ok(made),
            Ok(false) => {}
            Err(reason) => return Err(GenerateError::Stopped(reason)),
        }
    }
    Err(GenerateError::Pattern { attempts })
}

/// A random solution grid of `rules`, drawn from `seed` (classic 9×9 by the
/// 9×9 path, the rest by the general bitmask solver).
pub fn random_grid(rules: &Rules, seed: u64, node_limit: u64) -> Result<Vec<u8>, GenerateError> {
    random_grid_within(
        rules,
        seed,
        &Budget::unlimited().with_node_limit(node_limit),
    )
}

/// [`random_grid`] under a whole [`Budget`] (node limit, deadline, cancel
/// flag); a deadline or cancel gives [`GenerateError::Stopped`].
pub fn random_grid_within(
    rules: &Rules,
    seed: u64,
    budget: &Budget,
) -> Result<Vec<u8>, GenerateError> {
    if let Some(reason) = budget.out_of_time() {
        return Err(GenerateError::Stopped(reason));
    }
    if rules.size() == 9 && rules.is_classic() {
        return Ok(random_nine_grid(seed).to_vec());
    }
    let empty = Puzzle::new(rules.clone(), vec![0; rules.cells()])
        .unwrap_or_else(|_| unreachable!("an empty grid fits any rules"));
    let solver = MaskSolver::new(&empty).ok_or(GenerateError::Cages)?;
    let mut grid = None;
    let stats = solver.shuffled(seed).search(
        &mut |g| {
            grid = Some(g.to_vec());
            false
        },
        budget,
    );
    match (grid, stats.stopped) {
        (Some(grid), _) => Ok(grid),
        (None, Some(reason)) if reason != StopReason::NodeLimit => {
            Err(GenerateError::Stopped(reason))
        }
        (None, _) => Err(GenerateError::NoGrid {
            variant: rules.variant_name(),
            size: rules.size(),
            nodes: stats.nodes,
        }),
    }
}

/// A puzzle of `rules` with exactly one solution, drawn from `seed`: a grid,
/// then clues taken away.
pub fn generate(rules: &Rules, options: &Options, seed: u64) -> Result<Generated, GenerateError> {
    if !rules.cages().is_empty() {
        return Err(GenerateError::Cages);
    }
    if rules.has_elements() {
        return Err(GenerateError::Elements);
    }
    let search_budget = options.budget.clone().with_node_limit(options.node_limit);
    let solution = random_grid_within(rules, seed, &search_budget)?;
    // A second stream from the same seed orders the clue removals.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut orbits = options.symmetry.orbits(rules.size());
    random::shuffle(&mut rng, &mut orbits);
    let mut givens = solution.clone();
    let mut clues = givens.len();
    let mut checks = 0;
    // Every orbit tried, and every orbit kept proven needed.
    let mut minimal = true;
    for orbit in orbits {
        if options.clues.is_some_and(|target| clues <= target) {
            minimal = false;
            break;
        }
        if let Some(reason) = options.budget.out_of_time() {
            return Err(GenerateError::Stopped(reason));
        }
        for &cell in &orbit {
            givens[cell] = 0;
        }
        checks += 1;
        let unique = still_unique(rules, &givens, &solution, &orbit, &search_budget);
        if unique == Some(true) {
            clues -= orbit.len();
        } else {
            minimal &= unique.is_some();
            for &cell in &orbit {
                givens[cell] = solution[cell];
            }
        }
    }
    Ok(Generated::new(
        rules.clone(),
        givens,
        solution,
        checks,
        minimal,
    ))
}

/// Whether `puzzle` has exactly one solution (the 9×9 path for classic
/// 9×9; otherwise the default solver within `budget`, running out of
/// nodes counting as "no"); why it stopped when the deadline passed or
/// the cancel flag was raised.
fn unique(puzzle: &Puzzle, budget: &Budget) -> Result<bool, StopReason> {
    if let Some(reason) = budget.out_of_time() {
        return Err(reason);
    }
    if let Some(nine) = NineSolver::new(puzzle) {
        return Ok(nine.count(2) == 1);
    }
    let options = SolveOptions {
        budget: budget.clone(),
        ..SolveOptions::default()
    };
    let report = solve(puzzle, Goal::Count(2), &options);
    match (report.status, budget.out_of_time()) {
        (Status::Unique, _) => Ok(true),
        (Status::Stopped, Some(reason)) => Err(reason),
        _ => Ok(false),
    }
}

/// Whether `givens`, unique until the cells of `blanked` were emptied, are
/// still unique; `None` when a search ran out of `budget` first. A second
/// solution would have to differ from `solution` in a blanked cell, so one
/// search per blanked cell for a solution avoiding its digit decides it:
/// the 9×9 path for classic 9×9 (which always finishes), the general
/// bitmask solver within `budget` otherwise; on grids of 16×16 and
/// larger, the cells it does not decide within a few nodes go to the
/// clause-learning solver, in one search.
fn still_unique(
    rules: &Rules,
    givens: &[u8],
    solution: &[u8],
    blanked: &[usize],
    budget: &Budget,
) -> Option<bool> {
    if rules.size() == 9 && rules.is_classic() {
        let avoid: Vec<(usize, u8)> = blanked.iter().map(|&c| (c, solution[c])).collect();
        return Some(!solvable_without(givens, &avoid));
    }
    let puzzle = Puzzle::new(rules.clone(), givens.to_vec())
        .unwrap_or_else(|_| unreachable!("givens taken from a grid of these rules"));
    let solver = match MaskSolver::new(&puzzle) {
        Some(solver) if !rules.has_elements() => solver,
        // Elements: the engine counts to two (see `solve`'s choice).
        _ => return unique(&puzzle, budget).ok(),
    };
    let large = rules.size() >= LEARNING_FROM_SIZE;
    // On large grids the bitmask solver gets a few nodes per cell (most
    // checks need fewer), and the clause-learning solver the cells left.
    let quick = budget.clone().with_node_limit(QUICK_CHECK_NODES);
    let mut open = Vec::new();
    for &cell in blanked {
        let digit = solution[cell];
        let answer = match large {
            true => solver.solvable_without(cell, digit, &quick),
            false => solver.solvable_without(cell, digit, budget),
        };
        match answer {
            Some(true) => return Some(false),
            Some(false) => {}
            None if large => open.push((cell, digit)),
            None => return None,
        }
    }
    if open.is_empty() {
        return Some(true);
    }
    let learning = LearningSolver::new(&puzzle)?;
    learning
        .solvable_avoiding(&open, budget)
        .map(|other| !other)
}

/// Nodes the bitmask solver gets per uniqueness check on grids of 16×16
/// and larger before the clause-learning solver takes over: 16×16 minimal
/// puzzles then take 0.3 s where the learning solver alone took 0.8 s.
const QUICK_CHECK_NODES: u64 = 200;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spent_budget_stops_every_generator() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        use std::time::{Duration, Instant};

        let cancelled = Budget::unlimited().with_cancel_flag(Arc::new(AtomicBool::new(true)));
        let stopped = Err(GenerateError::Stopped(StopReason::Cancelled));
        let rules = Rules::classic(9).unwrap();
        let options = Options {
            budget: cancelled.clone(),
            ..Options::default()
        };
        assert_eq!(generate(&rules, &options, 1).map(|g| g.puzzle), stopped);
        let killer = KillerOptions {
            budget: cancelled.clone(),
            ..KillerOptions::default()
        };
        assert_eq!(
            generate_killer(&rules, &killer, 1).map(|g| g.puzzle),
            stopped
        );
        assert_eq!(
            random_jigsaw_within(9, 1, 1000, &cancelled),
            Err(GenerateError::Stopped(StopReason::Cancelled))
        );
        let pattern = [true; 16];
        let four = Rules::classic(4).unwrap();
        assert_eq!(
            generate_on_pattern(&four, &pattern, 10, 1000, 1, &cancelled).map(|g| g.puzzle),
            stopped
        );
        // A deadline in the middle of a long generation (a minimal 25×25
        // takes minutes) stops it soon after.
        let started = Instant::now();
        let options = Options {
            budget: Budget::unlimited().with_timeout(Duration::from_millis(200)),
            ..Options::default()
        };
        let result = generate(&Rules::classic(25).unwrap(), &options, 1);
        assert_eq!(
            result.map(|g| g.puzzle),
            Err(GenerateError::Stopped(StopReason::Deadline))
        );
        assert!(started.elapsed() < Duration::from_secs(5));
        // An unlimited budget changes nothing: same seed, same puzzle.
        let plain = generate(&rules, &Options::default(), 7).unwrap();
        let budgeted = Options {
            budget: Budget::unlimited().with_timeout(Duration::from_secs(600)),
            ..Options::default()
        };
        assert_eq!(generate(&rules, &budgeted, 7).unwrap().puzzle, plain.puzzle);
    }

    #[test]
    fn grids_differ_by_seed_and_repeat_by_seed() {
        let rules = Rules::classic(9).unwrap();
        let a = random_grid(&rules, 1, 10_000).unwrap();
        let b = random_grid(&rules, 2, 10_000).unwrap();
        assert_ne!(a, b);
        assert_eq!(a, random_grid(&rules, 1, 10_000).unwrap());
        assert!(crate::check_solution(&Puzzle::new(rules, vec![0; 81]).unwrap(), &a).is_ok());
    }

    #[test]
    fn killer_rules_are_refused() {
        let rules = Rules::classic(4)
            .unwrap()
            .with_cage(crate::Cage {
                cells: vec![0, 1],
                sum: Some(3),
            })
            .unwrap();
        assert_eq!(
            generate(&rules, &Options::default(), 0).unwrap_err(),
            GenerateError::Cages
        );
    }
}
