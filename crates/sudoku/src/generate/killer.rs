//! Killer puzzles: a random grid cut into random cages (connected, no digit
//! twice, sizes 1 to a maximum), each labelled with its sum; then givens
//! from the grid are added only while the cages alone allow more than one
//! solution, and removed again wherever they turn out not to be needed.
//!
//! Cages are solved by the engine (the bitmask solvers do not take them),
//! so every uniqueness check here is an engine search within a node limit;
//! a check that runs out counts as "not unique".
//!
//! ```
//! use fdoku_sudoku::Rules;
//! use fdoku_sudoku::generate::{KillerOptions, generate_killer};
//!
//! let made = generate_killer(&Rules::classic(4).unwrap(), &KillerOptions::default(), 1).unwrap();
//! let cages = made.puzzle.rules().cages();
//! assert_eq!(cages.iter().map(|c| c.cells.len()).sum::<usize>(), 16);
//! assert!(cages.iter().all(|c| (1..=4).contains(&c.cells.len())));
//! ```

use fdoku_fd::Budget;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use super::jigsaw::neighbours;
use super::random::{below, pick, shuffle};
use super::{GenerateError, Generated, random_grid_within};
use crate::puzzle::Puzzle;
use crate::rules::{Cage, Rules};
use crate::solve::{Goal, SolveOptions, Status, solve_with};

/// How to make a killer puzzle.
#[derive(Clone, Debug)]
pub struct KillerOptions {
    /// The largest cage.
    pub max_cage: usize,
    /// Search nodes allowed for the grid and for each uniqueness check.
    pub node_limit: u64,
    /// Deadline and cancel flag for the whole generation, polled between
    /// checks and by every search; when spent, [`GenerateError::Stopped`].
    pub budget: Budget,
}

impl Default for KillerOptions {
    fn default() -> Self {
        KillerOptions {
            max_cage: 4,
            node_limit: 200_000,
            budget: Budget::unlimited(),
        }
    }
}

/// A killer puzzle on `rules` (which must have no cages yet), drawn from
/// `seed`, with exactly one solution.
pub fn generate_killer(
    rules: &Rules,
    options: &KillerOptions,
    seed: u64,
) -> Result<Generated, GenerateError> {
    if !rules.cages().is_empty() {
        return Err(GenerateError::Cages);
    }
    let budget = options.budget.clone().with_node_limit(options.node_limit);
    let solution = random_grid_within(rules, seed, &budget)?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x6b69_6c6c_6572_0001);
    let mut caged = rules.clone();
    for cells in cages(rules.size(), &solution, options.max_cage.max(1), &mut rng) {
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        caged = caged
            .with_cage(Cage {
                cells,
                sum: Some(sum),
            })
            .unwrap_or_else(|_| unreachable!("distinct digits of a grid make a feasible cage"));
    }
    let mut givens = vec![0u8; solution.len()];
    let mut checks = 0;
    // Add givens where another solution differs, until there is none.
    loop {
        checks += 1;
        match other_solution(&caged, &givens, &solution, &budget)? {
            Check::Unique => break,
            Check::Other(other) => {
                let differing: Vec<usize> = (0..solution.len())
                    .filter(|&c| other[c] != solution[c])
                    .collect();
                let cell = pick(&mut rng, &differing);
                givens[cell] = solution[cell];
            }
            Check::Unknown => {
                let open: Vec<usize> = (0..solution.len()).filter(|&c| givens[c] == 0).collect();
                if open.is_empty() {
                    break;
                }
                let cell = pick(&mut rng, &open);
                givens[cell] = solution[cell];
            }
        }
    }
    // Then take away every given the cages make unnecessary; one kept
    // because its check ran out is not proven needed.
    let mut placed: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] != 0).collect();
    shuffle(&mut rng, &mut placed);
    let mut minimal = true;
    for cell in placed {
        givens[cell] = 0;
        checks += 1;
        match other_solution(&caged, &givens, &solution, &budget)? {
            Check::Unique => {}
            check => {
                minimal &= check != Check::Unknown;
                givens[cell] = solution[cell];
            }
        }
    }
    Ok(Generated::new(caged, givens, solution, checks, minimal))
}

/// Random cages covering the grid: from each uncovered cell in a random
/// order, a cage grows by random neighbours (left, right, up, down) not yet
/// covered and holding digits not yet in it, up to a random size.
fn cages(
    n: usize,
    solution: &[u8],
    max_cage: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..n * n).collect();
    shuffle(rng, &mut order);
    let mut covered = vec![false; n * n];
    let mut cages = Vec::new();
    for start in order {
        if covered[start] {
            continue;
        }
        let target = 1 + below(rng, max_cage);
        let mut cage = vec![start];
        covered[start] = true;
        while cage.len() < target {
            let growth: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(n, c))
                .filter(|&c| !covered[c] && !cage.iter().any(|&k| solution[k] == solution[c]))
                .collect();
            if growth.is_empty() {
                break;
            }
            let next = pick(rng, &growth);
            covered[next] = true;
            cage.push(next);
        }
        cage.sort_unstable();
        cages.push(cage);
    }
    cages
}

/// What a uniqueness check found.
#[derive(Debug, PartialEq, Eq)]
enum Check {
    /// Exactly one solution.
    Unique,
    /// A solution other than the known one.
    Other(Vec<u8>),
    /// The node limit ran out first.
    Unknown,
}

/// Looks for a solution other than `known` within `budget`; a deadline or
/// cancel is an error.
fn other_solution(
    rules: &Rules,
    givens: &[u8],
    known: &[u8],
    budget: &Budget,
) -> Result<Check, GenerateError> {
    if let Some(reason) = budget.out_of_time() {
        return Err(GenerateError::Stopped(reason));
    }
    let Ok(puzzle) = Puzzle::new(rules.clone(), givens.to_vec()) else {
        return Ok(Check::Unknown);
    };
    let options = SolveOptions {
        budget: budget.clone(),
        ..SolveOptions::default()
    };
    let mut other = None;
    let report = solve_with(&puzzle, Goal::All(Some(2)), &options, &mut |grid| {
        if grid != known {
            other = Some(grid.to_vec());
        }
    });
    Ok(match (report.status, other) {
        (_, Some(grid)) => Check::Other(grid),
        (Status::Unique, None) => Check::Unique,
        _ => Check::Unknown,
    })
}
