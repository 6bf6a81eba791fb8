//! The independent checker: is a filled grid a solution of the puzzle?
//!
//! It reads only the rules and the givens — every digit in range, every given
//! kept, every open cell's digit among its candidates (when the puzzle has
//! them), every house a permutation of 1..N, every cage's digits different
//! and adding up to its sum — and shares no code with any solver. The rules
//! beyond houses are checked from the grid's coordinates, not from the cell
//! relations the solvers read: no two cells a knight's or king's move apart
//! alike (anti-knight, anti-king), no orthogonal neighbours one apart
//! (non-consecutive), no digit twice at one position of two boxes (disjoint
//! groups), each odd or even cell's digit of its parity. Then every
//! variant element, in the order added and with geometry of its own:
//! thermometers rise (slow ones never fall), an arrow's line adds
//! up to its circle read as a number, little killer diagonals, sandwiches
//! and X-sums add up to their clues, skyscraper clues count the digits
//! seen, kropki dots, XV marks, whispers, renbans, palindromes, between,
//! region-sum, zipper, entropic and modular lines, min/max cells,
//! quadruples and clones each hold as their words say; last the "all marks
//! are given" rules on every orthogonal pair without the mark. Errors name
//! an element by kind and number within its kind (`thermometer 2: …`,
//! `white dot 3 (r1c1, r1c2): …`). Every solution fdoku prints passes
//! through it.
//!
//! ```
//! use fdoku_sudoku::{Puzzle, Rules, check_solution};
//!
//! let p = Puzzle::new(Rules::classic(4).unwrap(), vec![0; 16]).unwrap();
//! let good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
//! assert!(check_solution(&p, &good).is_ok());
//! let mut bad = good;
//! bad.swap(0, 1);
//! assert_eq!(check_solution(&p, &bad).unwrap_err().to_string(), "column 1 holds 2 twice (r1c1, r3c1)");
//! ```

mod classic;
mod elements;
pub(crate) mod relabelling;

use thiserror::Error;

use crate::elements::Element;
use crate::puzzle::{Puzzle, digit_char};
use crate::rules::{GlobalRule, Layout, Parity, Rules, cell_name};

/// Why a grid is not a solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SolutionError {
    /// Not one digit per cell.
    #[error("{found} cells, expected {expected}")]
    Length {
        /// Cells given.
        found: usize,
        /// N².
        expected: usize,
    },
    /// A cell outside 1..=N.
    #[error("{cell} holds {value}, expected 1 to {size}")]
    Digit {
        /// The cell.
        cell: String,
        /// Its value.
        value: u8,
        /// N.
        size: usize,
    },
    /// A given was changed.
    #[error("{cell} was given {given} but holds {found}")]
    Given {
        /// The cell.
        cell: String,
        /// The given.
        given: char,
        /// The value in the grid.
        found: char,
    },
    /// A digit its cell's candidates rule out.
    #[error("{cell} holds {value}, not one of its candidates")]
    Candidate {
        /// The cell.
        cell: String,
        /// The value in the grid.
        value: char,
    },
    /// A house repeats a digit.
    #[error("{house} holds {digit} twice ({first}, {second})")]
    Repeat {
        /// The house or cage.
        house: String,
        /// The digit.
        digit: char,
        /// One cell.
        first: String,
        /// The other.
        second: String,
    },
    /// Two cells a knight's or king's move apart hold the same digit.
    #[error("{rule}: {first} and {second} both hold {digit}")]
    Move {
        /// `anti-knight` or `anti-king`.
        rule: &'static str,
        /// The digit.
        digit: char,
        /// One cell.
        first: String,
        /// The other.
        second: String,
    },
    /// Orthogonal neighbours hold consecutive digits.
    #[error("non-consecutive: {first} holds {first_digit} and {second} holds {second_digit}")]
    Consecutive {
        /// One cell.
        first: String,
        /// Its digit.
        first_digit: char,
        /// Its neighbour.
        second: String,
        /// The neighbour's digit.
        second_digit: char,
    },
    /// An odd or even cell holds a digit of the other parity.
    #[error("{cell} holds {value}, expected an {parity} digit")]
    Parity {
        /// The cell.
        cell: String,
        /// Its digit.
        value: char,
        /// `odd` or `even`.
        parity: &'static str,
    },
    /// A cage adds up to the wrong sum.
    #[error("cage {cage} adds up to {found}, expected {sum}")]
    Sum {
        /// 1-based cage number.
        cage: usize,
        /// Its sum.
        sum: u32,
        /// The grid's total.
        found: u32,
    },
    /// A variant element the grid breaks.
    #[error("{kind} {number}{at}: {detail}")]
    Element {
        /// Its kind: `thermometer`, `white dot`, …
        kind: &'static str,
        /// 1-based, among the elements of its kind.
        number: usize,
        /// Where it stands when that names it: ` (r1c1, r1c2)` for a dot,
        /// ` (r0c3)` for an outside clue; empty for lines and cells.
        at: String,
        /// What the grid does wrong.
        detail: String,
    },
    /// Neighbours without a mark whose digits the mark's relation accepts.
    #[error(
        "negative constraint: {first} and {second} hold {first_digit} and {second_digit} without {mark} between them"
    )]
    Negative {
        /// One cell.
        first: String,
        /// Its digit.
        first_digit: char,
        /// Its right or lower neighbour.
        second: String,
        /// The neighbour's digit.
        second_digit: char,
        /// The missing mark: `a white dot`, `a black dot`, `an X`, `a V`.
        mark: &'static str,
    },
}

/// Whether `element`, one of `rules`' elements, holds on the filled
/// `grid` (N² digits from 1 to N), read as [`check_solution`] reads it;
/// only the cells the element reads matter. A solver may fill just those
/// to weigh one rule alone.
///
/// ```
/// use fdoku_sudoku::{Element, Rules, element_holds};
///
/// let thermo = Element::Thermometer { cells: vec![0, 1], slow: false };
/// let rules = Rules::classic(4).unwrap().with_element(thermo.clone()).unwrap();
/// let mut grid = [1; 16];
/// assert!(!element_holds(&rules, &thermo, &grid));
/// grid[1] = 3;
/// assert!(element_holds(&rules, &thermo, &grid));
/// ```
pub fn element_holds(rules: &Rules, element: &Element, grid: &[u8]) -> bool {
    elements::element_holds(rules, element, grid)
}

/// Checks that `grid` (N² digits, row by row) solves `puzzle`.
pub fn check_solution(puzzle: &Puzzle, grid: &[u8]) -> Result<(), SolutionError> {
    let size = puzzle.size();
    if grid.len() != size * size {
        return Err(SolutionError::Length {
            found: grid.len(),
            expected: size * size,
        });
    }
    // A classic 9×9 puzzle, the most common, in one pass on bitmasks; a
    // grid that fails it goes on below to have its fault named.
    if classic::is_classic_nine(puzzle) && classic::solves_classic_nine(puzzle.givens(), grid) {
        return Ok(());
    }
    // The other cases' cells in one pass without a branch per cell; a
    // failing grid is walked again to name the first cell at fault.
    // Sizes go up to 32: a digit's highest value fits a byte.
    let top = size as u8;
    let mut bad = 0u8;
    for (&v, &g) in grid.iter().zip(puzzle.givens()) {
        bad |= u8::from(v.wrapping_sub(1) >= top) | (u8::from(g != 0) & u8::from(g != v));
    }
    if bad != 0 || puzzle.candidates().is_some() {
        first_bad_cell(puzzle, grid)?;
    }
    check_cell_rules(puzzle, grid)?;
    // Every cell now holds a digit in 1..=N.
    if let Some(repeat) = puzzle.rules().first_repeat_in_complete(grid) {
        let [first, second] = repeat.cells;
        return Err(SolutionError::Repeat {
            house: repeat.group,
            digit: digit_char(repeat.digit),
            first: cell_name(size, first),
            second: cell_name(size, second),
        });
    }
    for (i, cage) in puzzle.rules().cages().iter().enumerate() {
        let found: u32 = cage.cells.iter().map(|&c| u32::from(grid[c])).sum();
        if let Some(sum) = cage.sum
            && found != sum
        {
            return Err(SolutionError::Sum {
                cage: i + 1,
                sum,
                found,
            });
        }
    }
    elements::check_elements(puzzle.rules(), grid)
}

/// The first cell of `grid` that is not a digit of the grid, contradicts a
/// given, or holds a digit its pencil marks rule out.
fn first_bad_cell(puzzle: &Puzzle, grid: &[u8]) -> Result<(), SolutionError> {
    let size = puzzle.size();
    for (cell, (&value, &given)) in grid.iter().zip(puzzle.givens()).enumerate() {
        if value == 0 || usize::from(value) > size {
            return Err(SolutionError::Digit {
                cell: cell_name(size, cell),
                value,
                size,
            });
        }
        if given != 0 && given != value {
            return Err(SolutionError::Given {
                cell: cell_name(size, cell),
                given: digit_char(given),
                found: digit_char(value),
            });
        }
        if given == 0
            && let Some(masks) = puzzle.candidates()
            && masks[cell] >> (value - 1) & 1 == 0
        {
            return Err(SolutionError::Candidate {
                cell: cell_name(size, cell),
                value: digit_char(value),
            });
        }
    }
    Ok(())
}

/// The rules beyond houses and cages, each worked out from coordinates.
fn check_cell_rules(puzzle: &Puzzle, grid: &[u8]) -> Result<(), SolutionError> {
    let rules = puzzle.rules();
    let n = rules.size();
    for &(cell, parity) in rules.parity_cells() {
        let (value, odd) = (grid[cell], grid[cell] % 2 == 1);
        let (ok, name) = match parity {
            Parity::Odd => (odd, "odd"),
            Parity::Even => (!odd, "even"),
        };
        if !ok {
            return Err(SolutionError::Parity {
                cell: cell_name(n, cell),
                value: digit_char(value),
                parity: name,
            });
        }
    }
    let at = |r: usize, c: usize| grid[r * n + c];
    // Each cell looks at the cells a move reaches further on in reading
    // order: (rows down, columns right or left).
    let knight: &[(usize, isize)] = &[(1, -2), (1, 2), (2, -1), (2, 1)];
    let king: &[(usize, isize)] = &[(0, 1), (1, -1), (1, 0), (1, 1)];
    let moving: Vec<(GlobalRule, &[(usize, isize)])> = [
        (GlobalRule::AntiKnight, knight),
        (GlobalRule::AntiKing, king),
    ]
    .into_iter()
    .filter(|&(rule, _)| rules.has(rule))
    .collect();
    let non_consecutive = rules.has(GlobalRule::NonConsecutive);
    let neighbours = !moving.is_empty() || non_consecutive;
    for r in (0..n).filter(|_| neighbours) {
        for c in 0..n {
            for &(rule, moves) in &moving {
                for &(down, across) in moves {
                    let r2 = r + down;
                    let Some(c2) = c.checked_add_signed(across).filter(|&c2| c2 < n && r2 < n)
                    else {
                        continue;
                    };
                    if at(r, c) == at(r2, c2) {
                        return Err(SolutionError::Move {
                            rule: rule.name(),
                            digit: digit_char(at(r, c)),
                            first: cell_name(n, r * n + c),
                            second: cell_name(n, r2 * n + c2),
                        });
                    }
                }
            }
            if non_consecutive {
                for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                    if r2 < n && c2 < n && at(r, c).abs_diff(at(r2, c2)) == 1 {
                        return Err(SolutionError::Consecutive {
                            first: cell_name(n, r * n + c),
                            first_digit: digit_char(at(r, c)),
                            second: cell_name(n, r2 * n + c2),
                            second_digit: digit_char(at(r2, c2)),
                        });
                    }
                }
            }
        }
    }
    if let (true, Layout::Boxes { rows, cols }) =
        (rules.has(GlobalRule::DisjointGroups), rules.layout())
    {
        // The first cell seen at each (position in box, digit).
        let mut seen = std::collections::HashMap::new();
        for (cell, &digit) in grid.iter().enumerate() {
            let position = (cell / n % rows) * cols + cell % n % cols;
            if let Some(first) = seen.insert((position, digit), cell) {
                return Err(SolutionError::Repeat {
                    house: format!("disjoint group {}", position + 1),
                    digit: digit_char(digit),
                    first: cell_name(n, first),
                    second: cell_name(n, cell),
                });
            }
        }
    }
    Ok(())
}
