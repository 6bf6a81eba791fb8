//! Dual 2-string kites and dual empty rectangles (HoDoKu's "duals"): two
//! instances of the pattern sharing their box part, taken as one step with
//! both eliminations.
//!
//! * **Dual 2-string kite** — two kites whose box ends are the same two
//!   cells, removing different candidates (as in HoDoKu, the two kites may
//!   be on different digits).
//! * **Dual empty rectangle** — two empty rectangles of one digit in the
//!   same box (so with the same box candidates) removing different
//!   candidates.
//!
//! Each half is a valid kite or empty rectangle, so the union of their
//! eliminations is; the dual holds wherever the single patterns do (see
//! [`single_digit`](super::single_digit)). HoDoKu finds duals only when its
//! "duals and siamese" option is on (it is off by default), and then rates
//! them as the single pattern. The step's `links` hold both chains.
//!
//! ```
//! use fdoku_logic::{Candidate, Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // Box 1 holds 1 only in r2c1 and r3c3. Row 2 (r2c1, r2c8) and column 3
//! // (r3c3, r8c3) make a kite removing 1 from r8c8; column 1 (r2c1, r7c1)
//! // and row 3 (r3c3, r3c9) make one removing it from r7c9.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! let box_1 = [0, 1, 2, 10, 11, 18, 19];
//! let row_2 = [12, 13, 14, 15, 17];
//! let column_3 = [29, 38, 47, 56, 74];
//! let column_1 = [27, 36, 45, 63, 72];
//! let row_3 = [21, 22, 23, 24, 25];
//! for cell in [&box_1[..], &row_2, &column_3, &column_1, &row_3].concat() {
//!     grid.eliminate(cell, 1);
//! }
//! let removed = vec![Candidate::new(62, 1), Candidate::new(70, 1)];
//! let steps = Technique::DualTwoStringKite.find_all(&grid);
//! assert!(steps.iter().any(|s| s.eliminations == removed));
//! ```

use std::ops::ControlFlow;

use super::budget::tick;
use super::grid::Grid;
use super::step::{Found, Step};
use super::technique::Technique;

/// Finds the technique's duals.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let (single, key): (Technique, fn(&Step) -> Option<DualKey>) = match technique {
        Technique::DualTwoStringKite => (Technique::TwoStringKite, kite_key),
        _ => (Technique::EmptyRectangle, rectangle_key),
    };
    let steps = single.find_all(grid);
    for (i, first) in steps.iter().enumerate() {
        for second in &steps[i + 1..] {
            tick()?;
            let same_key = key(first).is_some_and(|k| key(second) == Some(k));
            if same_key && first.eliminations != second.eliminations {
                found(combine(technique, first, second))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// What two halves of a dual share: two box cells, or a digit and a box.
type DualKey = (usize, usize);

/// A kite's two box cells, in order (the ends of its middle, weak link).
fn kite_key(step: &Step) -> Option<DualKey> {
    let link = step.links.get(1)?;
    let (x, y) = (*link.from.cells.first()?, *link.to.cells.first()?);
    Some((x.min(y), x.max(y)))
}

/// An empty rectangle's digit and box.
fn rectangle_key(step: &Step) -> Option<DualKey> {
    let digit = step.links.first()?.from.digit;
    Some((usize::from(digit), *step.houses.first()?))
}

/// The two halves as one step.
fn combine(technique: Technique, first: &Step, second: &Step) -> Step {
    let mut step = Step::new(technique);
    step.houses = union(&first.houses, &second.houses);
    step.pattern = union(&first.pattern, &second.pattern);
    step.links = first.links.iter().chain(&second.links).cloned().collect();
    step.eliminations = union(&first.eliminations, &second.eliminations);
    step
}

/// The items of both lists, sorted, without repeats.
fn union<T: Copy + Ord>(a: &[T], b: &[T]) -> Vec<T> {
    let mut all: Vec<T> = a.iter().chain(b).copied().collect();
    all.sort_unstable();
    all.dedup();
    all
}
