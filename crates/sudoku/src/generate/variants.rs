//! Variant puzzles: elements drawn from a grid, then givens and elements
//! taken away while the solution stays unique.
//!
//! 1. **A grid** of the base rules (cell rules included), drawn from the
//!    seed (the next one when some kind finds no place on it, up to 8).
//! 2. **Elements.** [`VariantOptions::elements`] elements of the chosen kinds,
//!    in turn, each drawn from the grid so the grid keeps it
//!    ([`draw_element`]). Without givens, more are drawn until the
//!    elements alone leave one solution.
//! 3. **Givens** (when allowed): from the whole grid, each cell in an order
//!    drawn from the seed is blanked and stays blank if the solution stays
//!    unique.
//! 4. **Minimal** (when asked): each element in turn is taken away for good
//!    if the solution stays unique. Taking constraints away only lets more
//!    solutions in, so every given proven needed in step 3 stays needed:
//!    the result is minimal in givens *and* elements — removing any one
//!    lets a second solution in.
//!
//! Uniqueness is checked by the engine model, each check within
//! [`VariantOptions::node_limit`]; a check that runs out keeps its given
//! or element (as when it found a second solution).
//!
//! ```
//! use fdoku_sudoku::generate::{VariantOptions, generate_variant};
//! use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};
//! use fdoku_sudoku::{ElementKind, Rules};
//!
//! let options = VariantOptions {
//!     kinds: vec![ElementKind::Thermometer, ElementKind::WhiteDot],
//!     elements: 4,
//!     ..VariantOptions::default()
//! };
//! let made = generate_variant(&Rules::classic(4).unwrap(), &options, 3).unwrap();
//! assert!(!made.puzzle.rules().elements().is_empty());
//! let report = solve(&made.puzzle, Goal::Count(2), &SolveOptions::default());
//! assert_eq!(report.status, Status::Unique);
//! ```

use fdoku_fd::Budget;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::{GenerateError, Generated, draw_element, random, random_grid_within, unique};
use crate::elements::{Element, ElementKind};
use crate::puzzle::Puzzle;
use crate::rules::Rules;

/// How to generate a variant puzzle.
#[derive(Clone, Debug)]
pub struct VariantOptions {
    /// The kinds of element to draw, in turn (repeat a kind to draw it
    /// more often).
    pub kinds: Vec<ElementKind>,
    /// How many elements to draw at first.
    pub elements: usize,
    /// Whether givens may remain; without them the elements alone make
    /// the solution unique (more are drawn until they do).
    pub givens: bool,
    /// Take away every element not needed, too.
    pub minimal: bool,
    /// Search nodes allowed to find the grid and to each uniqueness check.
    pub node_limit: u64,
    /// Deadline and cancel flag for the whole generation.
    pub budget: Budget,
}

impl Default for VariantOptions {
    fn default() -> Self {
        VariantOptions {
            kinds: vec![ElementKind::Thermometer],
            elements: 6,
            givens: true,
            minimal: false,
            node_limit: 200_000,
            budget: Budget::unlimited(),
        }
    }
}

/// Grids tried before a kind no grid offers a place for is given up on.
const GRIDS: usize = 8;

/// The most elements drawn per grid cell before a puzzle without givens is
/// given up on.
const MOST_ELEMENTS_PER_CELL: usize = 2;

/// A variant puzzle of `rules` (the base: cell rules and regions, no
/// elements yet) with elements of `options.kinds`, drawn from `seed`.
pub fn generate_variant(
    rules: &Rules,
    options: &VariantOptions,
    seed: u64,
) -> Result<Generated, GenerateError> {
    if !rules.cages().is_empty() {
        return Err(GenerateError::Cages);
    }
    if rules.has_elements() {
        return Err(GenerateError::Elements);
    }
    let budget = options.budget.clone().with_node_limit(options.node_limit);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5851_f42d_4c95_7f2d);
    let kinds = &options.kinds;
    if kinds.is_empty() {
        return Err(GenerateError::NoKinds);
    }
    // A grid may offer no place for a kind (no two neighbours adding up to
    // 5 or 10 for an XV): the next grid from the same stream is tried.
    let mut grids = 0;
    let mut drawn = loop {
        let mut drawn = Drawing {
            rules: rules.clone(),
            solution: random_grid_within(rules, rng.next_u64(), &budget)?,
            count: 0,
        };
        let all = (0..options.elements)
            .try_for_each(|turn| drawn.add(kinds[turn % kinds.len()], &mut rng));
        grids += 1;
        match all {
            Ok(()) => break drawn,
            Err(GenerateError::NoElement { .. }) if grids < GRIDS => {}
            Err(e) => return Err(e),
        }
    };
    let solution = drawn.solution.clone();
    let empty = vec![0; rules.cells()];
    let mut checks = 0;
    let mut givens = solution.clone();
    if options.givens {
        let mut cells: Vec<usize> = (0..rules.cells()).collect();
        random::shuffle(&mut rng, &mut cells);
        for cell in cells {
            givens[cell] = 0;
            checks += 1;
            match unique(&puzzle(&drawn.rules, &givens), &budget) {
                Ok(true) => {}
                Ok(false) => givens[cell] = solution[cell],
                Err(reason) => return Err(GenerateError::Stopped(reason)),
            }
        }
    } else {
        givens = empty;
        let most = MOST_ELEMENTS_PER_CELL * rules.cells();
        let mut turn = options.elements;
        loop {
            checks += 1;
            match unique(&puzzle(&drawn.rules, &givens), &budget) {
                Ok(true) => break,
                Ok(false) if drawn.count < most => {
                    drawn.add(kinds[turn % kinds.len()], &mut rng)?;
                    turn += 1;
                }
                Ok(false) => {
                    return Err(GenerateError::NotUnique {
                        elements: drawn.count,
                    });
                }
                Err(reason) => return Err(GenerateError::Stopped(reason)),
            }
        }
    }
    let mut rules = drawn.rules;
    if options.minimal {
        let mut order: Vec<Element> = rules.elements().to_vec();
        random::shuffle(&mut rng, &mut order);
        for element in &order {
            let without = rules.without_element(element);
            checks += 1;
            match unique(&puzzle(&without, &givens), &budget) {
                Ok(true) => rules = without,
                Ok(false) => {}
                Err(reason) => return Err(GenerateError::Stopped(reason)),
            }
        }
    }
    Ok(Generated::new(
        rules,
        givens,
        solution,
        checks,
        options.minimal,
    ))
}

fn puzzle(rules: &Rules, givens: &[u8]) -> Puzzle {
    Puzzle::new(rules.clone(), givens.to_vec())
        .unwrap_or_else(|_| unreachable!("givens taken from a grid of these rules"))
}

/// The rules as elements are drawn onto them, from their solution grid.
struct Drawing {
    rules: Rules,
    solution: Vec<u8>,
    count: usize,
}

impl Drawing {
    /// Draws one more element of `kind`, not one already there nor a
    /// second mark on a marked edge; an error when the kind cannot be
    /// drawn on this grid at all.
    fn add(
        &mut self,
        kind: ElementKind,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<(), GenerateError> {
        for _ in 0..32 {
            let Some(element) = draw_element(kind, &self.rules, &self.solution, rng.next_u64())
            else {
                continue;
            };
            if self.clashes(&element) {
                continue;
            }
            if let Ok(with) = self.rules.clone().with_element(element) {
                self.rules = with;
                self.count += 1;
                return Ok(());
            }
        }
        match self
            .rules
            .elements()
            .iter()
            .any(|e| ElementKind::of(e) == kind)
        {
            // Room for this kind is running out: draw others.
            true => Ok(()),
            false => Err(GenerateError::NoElement {
                kind: kind.name(),
                size: self.rules.size(),
            }),
        }
    }

    /// Whether `element` repeats one already drawn, or marks an edge that
    /// already has a dot or a letter.
    fn clashes(&self, element: &Element) -> bool {
        let edge = |e: &Element| match e {
            Element::Kropki { cells, .. } | Element::Xv { cells, .. } => {
                Some((cells[0].min(cells[1]), cells[0].max(cells[1])))
            }
            _ => None,
        };
        self.rules
            .elements()
            .iter()
            .any(|e| e == element || edge(e).is_some() && edge(e) == edge(element))
    }
}
