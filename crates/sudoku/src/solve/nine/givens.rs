//! The candidates a new board's givens leave, as one bitwise formula run on
//! one digit (`u32`) or eight at once (an AVX2 register, see
//! [`super::simd`]).
//!
//! A digit given in a cell is that cell's only candidate and leaves the
//! rest of the cell's row, box and column; a cell given another digit is no
//! candidate for it. Two givens of a digit in one row, box or column make
//! the puzzle unsolvable. With the givens grouped by band and value
//! ([`super::simd::Simd::band_values`]), one digit's three 27-bit sets
//! give all of it: per band, each row and box (a *unit*) holding one of its
//! givens is taken but for the given, and so are the columns its givens
//! hold in the other bands. A unit holds two givens when its bits with the
//! lowest one cleared (`given & (given - 1)`) are not 0; a column, when two
//! bands touch it.
//!
//! ```text
//! digit 5 given in band 0, row 0, column 4:
//!   band 0   row 0 and box 1 taken, the given kept   5 . . | . 5 . | . . .  → only the given
//!   bands 1, 2   column 4 taken
//! ```
//!
//! There are no table lookups and no branches: a vector of eight digits
//! costs what one digit does (a board's setup was a tenth of the work on
//! puzzles with 35 givens).

use super::stack_rule::{Lanes, map3, spread, touched_columns};
use super::tables::{BAND, spread_columns};

/// What [`given_words`] needs beyond bitwise operations: per-lane
/// arithmetic, which a `u64` holding two lanes cannot do (a borrow crosses
/// lanes), so only `u32` and AVX2 registers have it.
pub trait Arithmetic: Lanes {
    /// Each lane minus one, wrapping.
    fn decrement(self) -> Self;
    /// All ones in the lanes that are not 0, 0 in the others.
    fn nonzero(self) -> Self;
}

impl Arithmetic for u32 {
    #[inline(always)]
    fn decrement(self) -> u32 {
        self.wrapping_sub(1)
    }

    #[inline(always)]
    fn nonzero(self) -> u32 {
        0u32.wrapping_sub(u32::from(self != 0))
    }
}

/// A band's units: its three rows, then its three boxes.
const UNITS: [u32; 6] = [
    0x1ff,
    0x1ff << 9,
    0x1ff << 18,
    spread_columns(0o007),
    spread_columns(0o070),
    spread_columns(0o700),
];

/// For the digit in each lane, from `own` (its givens in each band) and
/// `open` (each band's cells with no given): its candidates in each band,
/// and the lanes where two of its givens share a unit (not 0 there).
#[inline(always)]
pub fn given_words<L: Arithmetic>(own: [L; 3], open: [L; 3]) -> ([L; 3], L) {
    let band = L::splat(BAND);
    let columns = map3(own, touched_columns);
    let seen = columns[0] | columns[1] | columns[2];
    let mut clash = columns[0] & columns[1] | columns[0] & columns[2] | columns[1] & columns[2];
    let mut words = own;
    for b in 0..3 {
        let cells = own[b];
        let mut taken = band.and_not(open[b]) | spread(seen.and_not(columns[b]));
        for unit in UNITS {
            let given = cells & L::splat(unit);
            clash = clash | given & given.decrement();
            taken = taken | given.nonzero() & L::splat(unit);
        }
        words[b] = band.and_not(taken) | cells;
    }
    (words, clash)
}

/// [`given_words`] for one digit (0..9) of `values` (per band and value
/// 0..=9, the cells holding it): its candidates in the three bands, and
/// whether two of its givens share a unit.
#[inline(always)]
pub fn digit_words(values: &[[u32; 10]; 3], digit: usize) -> ([u32; 3], bool) {
    let value = (digit + 1).min(9);
    let (words, clash) = given_words(
        map3(*values, |band| band[value]),
        map3(*values, |band| band[0]),
    );
    (words, clash != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_givens_in_a_row_box_or_column_clash() {
        let clash = |cells: [usize; 2]| {
            let mut values = [[0; 10]; 3];
            for band in &mut values {
                band[0] = BAND;
            }
            for cell in cells {
                values[cell / 27][3] |= 1 << (cell % 27);
                values[cell / 27][0] &= !(1 << (cell % 27));
            }
            digit_words(&values, 2).1
        };
        assert!(clash([0, 8]), "row 0");
        assert!(clash([0, 20]), "box 0");
        assert!(clash([4, 76]), "column 4");
        assert!(!clash([0, 12]), "row 0 box 0, row 1 box 1");
        assert!(!clash([0, 28]), "bands 0 and 1, columns 0 and 1");
    }
}
