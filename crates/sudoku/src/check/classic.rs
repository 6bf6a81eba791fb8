//! The common case, a classic 9×9 puzzle, checked in one pass on
//! bitmasks: each cell's digit becomes one bit, and each row, column and
//! box ORs its nine bits together and must hold all nine. The bits of four
//! cells of a row share a word, a lane of 16 bits each, so that the nine
//! columns take three ORs a row and the boxes come from the lanes. A grid
//! that fails goes through the general check, which names the fault.

use crate::puzzle::Puzzle;
use crate::rules::Layout;

/// Every digit of a house: bits 0 to 8.
const ALL_DIGITS: u64 = 0x1ff;

/// Every digit in each of the four lanes of a word.
const ALL_DIGITS_IN_LANES: u64 = 0x01ff_01ff_01ff_01ff;

/// For each lane of a word, the bit of each byte a cell may hold: bit
/// `d - 1` of the lane for a digit `d` from 1 to 9, none for anything else
/// (a house with such a cell misses a digit).
const LANE_BITS: [[u64; 256]; 4] = [lane_bits(0), lane_bits(1), lane_bits(2), lane_bits(3)];

const fn lane_bits(lane: u32) -> [u64; 256] {
    let mut bits = [0; 256];
    let mut digit = 1;
    while digit <= 9 {
        bits[digit] = 1 << (16 * lane + digit as u32 - 1);
        digit += 1;
    }
    bits
}

/// Whether `puzzle` is a classic 9×9 puzzle without pencil marks: rows,
/// columns and 3×3 boxes only.
pub(super) fn is_classic_nine(puzzle: &Puzzle) -> bool {
    let rules = puzzle.rules();
    puzzle.size() == 9
        && puzzle.candidates().is_none()
        && *rules.layout() == (Layout::Boxes { rows: 3, cols: 3 })
        && rules.is_classic()
}

/// Whether `grid` solves the classic 9×9 puzzle with `givens`: every
/// given kept, and every row, column and box holding the digits 1 to 9
/// (so every cell holds one of them).
pub(super) fn solves_classic_nine(givens: &[u8], grid: &[u8]) -> bool {
    let (Ok(givens), Ok(grid)) = (<&[u8; 81]>::try_from(givens), <&[u8; 81]>::try_from(grid))
    else {
        return false;
    };
    let mut changed = 0u8;
    for (&given, &value) in givens.iter().zip(grid) {
        changed |= u8::from(given != 0) & u8::from(given != value);
    }
    // Columns 1–4, 5–8 and 9, a lane each.
    let mut columns = [0u64; 3];
    // The rows and boxes ANDed together: every digit, if each has all.
    let mut houses = ALL_DIGITS;
    for band in grid.chunks_exact(27) {
        let mut in_band = [0u64; 3];
        for row in band.chunks_exact(9) {
            let words = [lanes(&row[..4]), lanes(&row[4..8]), lanes(&row[8..])];
            for ((column, in_band), word) in columns.iter_mut().zip(&mut in_band).zip(words) {
                *column |= word;
                *in_band |= word;
            }
            let in_row = words[0] | words[1] | words[2];
            let in_row = in_row | in_row >> 32;
            houses &= in_row | in_row >> 16;
        }
        let [left, middle, right] = in_band;
        houses &= left | left >> 16 | left >> 32;
        houses &= left >> 48 | middle | middle >> 16;
        houses &= middle >> 32 | middle >> 48 | right;
    }
    changed == 0
        && houses & ALL_DIGITS == ALL_DIGITS
        && columns == [ALL_DIGITS_IN_LANES, ALL_DIGITS_IN_LANES, ALL_DIGITS]
}

/// The bits of up to four cells' digits, a lane each.
fn lanes(cells: &[u8]) -> u64 {
    cells
        .iter()
        .zip(&LANE_BITS)
        .fold(0, |word, (&value, bits)| word | bits[usize::from(value)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn digits(line: &str) -> Vec<u8> {
        line.bytes().map(|b| b.saturating_sub(b'0')).collect()
    }

    #[test]
    fn a_solution_passes_and_every_single_fault_fails() {
        let grid = digits(SOLUTION);
        let mut givens = grid.clone();
        givens.iter_mut().skip(1).step_by(2).for_each(|g| *g = 0);
        assert!(solves_classic_nine(&givens, &grid));
        for cell in 0..81 {
            for value in [0, 10, 17, 33, 255].into_iter().chain(1..=9) {
                let mut bad = grid.clone();
                bad[cell] = value;
                assert_eq!(solves_classic_nine(&givens, &bad), value == grid[cell]);
            }
        }
    }

    #[test]
    fn a_changed_given_fails_though_houses_hold() {
        let grid = digits(SOLUTION);
        let mut givens = vec![0; 81];
        givens[0] = 1;
        assert!(!solves_classic_nine(&givens, &grid));
    }

    #[test]
    fn two_cells_swapped_in_a_row_and_box_break_their_columns() {
        let mut grid = digits(SOLUTION);
        grid.swap(0, 1);
        assert!(!solves_classic_nine(&[0; 81], &grid));
    }

    #[test]
    fn a_latin_square_whose_boxes_repeat_digits_fails() {
        let shifted: Vec<u8> = (0..81)
            .map(|cell| ((cell / 9 + cell % 9) % 9 + 1) as u8)
            .collect();
        assert!(!solves_classic_nine(&[0; 81], &shifted));
    }

    #[test]
    fn only_classic_nine_by_nine_takes_this_path() {
        let plain = |rules: Rules| Puzzle::new(rules, vec![0; 81]).unwrap();
        assert!(is_classic_nine(&plain(Rules::classic(9).unwrap())));
        assert!(!is_classic_nine(&plain(
            Rules::classic(9).unwrap().with_diagonals()
        )));
        let four = Puzzle::new(Rules::classic(4).unwrap(), vec![0; 16]).unwrap();
        assert!(!is_classic_nine(&four));
        let marked = plain(Rules::classic(9).unwrap())
            .with_candidates(vec![0x1ff; 81])
            .unwrap();
        assert!(!is_classic_nine(&marked));
    }
}
