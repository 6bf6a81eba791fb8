//! The stack pass as one bitwise formula, run on one digit (`u32`), two
//! ([`Pair`]) or eight at once (an AVX2 register, see [`super::simd`]).
//!
//! For one digit, the columns it can still use in each band (nine bits per
//! band) form, per stack, a 3×3 matrix: band × column of the stack. The
//! digit takes one column of the stack in each band and one band in each
//! column — a permutation, as with triads in a band. An entry lies on a
//! permutation when the 2×2 matrix of the other two bands and the other two
//! columns holds one of its diagonals. Rotating each stack's three columns
//! by one and by two places lines those other columns up under every entry,
//! so all three stacks are checked together:
//!
//! ```text
//! kept[0] = columns[0] & (rot1(columns[1]) & rot2(columns[2]) | rot2(columns[1]) & rot1(columns[2]))
//! ```
//!
//! and likewise for bands 1 and 2. The columns kept then give the hidden
//! singles in columns: a column the digit can use in one band only, where
//! it has a single open cell.
//!
//! Every lane is independent and the formula has no table lookups, so a
//! vector of eight digits costs what one digit does; the portable path
//! runs the same code on each digit in turn and gets the same answers.

use std::ops::{BitAnd, BitOr, BitOrAssign, BitXor};

/// Bitwise operations on lanes of 32 bits: one `u32`, or more at once.
pub trait Lanes:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self>
{
    /// `bits` in every lane.
    fn splat(bits: u32) -> Self;
    /// Each lane shifted right by `N`.
    fn shr<const N: i32>(self) -> Self;
    /// Each lane shifted left by `N`.
    fn shl<const N: i32>(self) -> Self;
    /// `self & !other`.
    fn and_not(self, other: Self) -> Self;
}

impl Lanes for u32 {
    #[inline(always)]
    fn splat(bits: u32) -> u32 {
        bits
    }

    #[inline(always)]
    fn shr<const N: i32>(self) -> u32 {
        self >> N
    }

    #[inline(always)]
    fn shl<const N: i32>(self) -> u32 {
        self << N
    }

    #[inline(always)]
    fn and_not(self, other: u32) -> u32 {
        self & !other
    }
}

/// Two lanes of 32 bits in a `u64`: the portable path runs two digits at
/// once. A right shift moves bits of the high lane into the low one, so the
/// formulas here mask after every right shift; no left shift takes their
/// 27-bit values past bit 31.
#[derive(Clone, Copy)]
pub struct Pair(u64);

impl Pair {
    /// Lane 0 from `low`, lane 1 from `high`.
    #[inline(always)]
    fn new(low: u32, high: u32) -> Pair {
        Pair(u64::from(low) | u64::from(high) << 32)
    }
}

impl BitAnd for Pair {
    type Output = Pair;
    #[inline(always)]
    fn bitand(self, other: Pair) -> Pair {
        Pair(self.0 & other.0)
    }
}

impl BitOr for Pair {
    type Output = Pair;
    #[inline(always)]
    fn bitor(self, other: Pair) -> Pair {
        Pair(self.0 | other.0)
    }
}

impl BitXor for Pair {
    type Output = Pair;
    #[inline(always)]
    fn bitxor(self, other: Pair) -> Pair {
        Pair(self.0 ^ other.0)
    }
}

impl Lanes for Pair {
    #[inline(always)]
    fn splat(bits: u32) -> Pair {
        Pair::new(bits, bits)
    }

    #[inline(always)]
    fn shr<const N: i32>(self) -> Pair {
        Pair(self.0 >> N)
    }

    #[inline(always)]
    fn shl<const N: i32>(self) -> Pair {
        Pair(self.0 << N)
    }

    #[inline(always)]
    fn and_not(self, other: Pair) -> Pair {
        Pair(self.0 & !other.0)
    }
}

/// Each stack's columns moved one place down (column 0 gets column 1, 1
/// gets 2, 2 gets 0), within each 3-bit group.
#[inline(always)]
fn rotate_one<L: Lanes>(columns: L) -> L {
    columns.shr::<1>() & L::splat(0o333) | columns.shl::<2>() & L::splat(0o444)
}

/// Each stack's columns moved two places down, within each 3-bit group.
#[inline(always)]
fn rotate_two<L: Lanes>(columns: L) -> L {
    columns.shr::<2>() & L::splat(0o111) | columns.shl::<1>() & L::splat(0o666)
}

/// `items.map(f)` for three items, always inlined. `[T; N]::map` is not
/// always inlined, and then neither is `f`: compiled outside the AVX2
/// functions (a build without AVX2 enabled for the whole crate), its
/// intrinsics became function calls — 19% more instructions on the forum
/// set.
#[inline(always)]
pub fn map3<T: Copy, U>(items: [T; 3], f: impl Fn(T) -> U) -> [U; 3] {
    [f(items[0]), f(items[1]), f(items[2])]
}

/// The columns a band word touches, as nine bits.
#[inline(always)]
pub fn touched_columns<L: Lanes>(word: L) -> L {
    (word | word.shr::<9>() | word.shr::<18>()) & L::splat(0x1ff)
}

/// Lanes held in plain integers, one digit each: a `u32`, or a [`Pair`]
/// of consecutive digits. The portable path runs every digit this way, the
/// AVX2 path its ninth digit.
pub trait Unpacked: Lanes {
    /// How many digits one value holds.
    const WIDTH: usize;
    /// The band words (word `band * 9 + digit`) of digits `digit` onwards,
    /// one per lane.
    fn band_words(candidates: &[u32; 32], digit: usize) -> [Self; 3];
    /// Lane `lane`.
    fn lane(self, lane: usize) -> u32;
}

/// Word `band * 9 + digit` of `candidates`.
#[inline(always)]
fn word(candidates: &[u32; 32], band: usize, digit: usize) -> u32 {
    candidates[(band * 9 + digit) & 31]
}

impl Unpacked for u32 {
    const WIDTH: usize = 1;

    #[inline(always)]
    fn band_words(candidates: &[u32; 32], digit: usize) -> [u32; 3] {
        map3([0, 1, 2], |band| word(candidates, band, digit))
    }

    #[inline(always)]
    fn lane(self, _: usize) -> u32 {
        self
    }
}

impl Unpacked for Pair {
    const WIDTH: usize = 2;

    #[inline(always)]
    fn band_words(candidates: &[u32; 32], digit: usize) -> [Pair; 3] {
        map3([0, 1, 2], |band| {
            Pair::new(
                word(candidates, band, digit),
                word(candidates, band, digit + 1),
            )
        })
    }

    #[inline(always)]
    fn lane(self, lane: usize) -> u32 {
        (self.0 >> (32 * (lane & 1))) as u32
    }
}

/// A 9-bit column set over the three rows of a band.
#[inline(always)]
pub fn spread<L: Lanes>(columns: L) -> L {
    columns | columns.shl::<9>() | columns.shl::<18>()
}

/// The stack rule and the hidden singles in columns for the digit in each
/// lane: `words` are its candidates in the three bands, `open` the cells of
/// each band not placed yet (the same in every lane). Returns the words
/// with the columns off every permutation removed, and per band the open
/// cells alone in their column.
///
/// A stack with no permutation left loses every cell of the digit: the
/// band update then finds the contradiction.
#[inline(always)]
pub fn stack_rule<L: Lanes>(words: [L; 3], open: [L; 3]) -> ([L; 3], [L; 3]) {
    let nine = L::splat(0x1ff);
    let columns = map3(words, touched_columns);
    let (one, two) = (map3(columns, rotate_one), map3(columns, rotate_two));
    let kept = [
        columns[0] & (one[1] & two[2] | two[1] & one[2]),
        columns[1] & (one[0] & two[2] | two[0] & one[2]),
        columns[2] & (one[0] & two[1] | two[0] & one[1]),
    ];
    let once = (kept[0] ^ kept[1] ^ kept[2]).and_not(kept[0] & kept[1] & kept[2]);
    let mut words_kept = words;
    let mut singles = words;
    for band in 0..3 {
        let word = words[band] & spread(kept[band]);
        words_kept[band] = word;
        let alone = word & open[band] & spread(once & kept[band]);
        let rows = [
            alone & nine,
            alone.shr::<9>() & nine,
            alone.shr::<18>() & nine,
        ];
        let sole = (rows[0] ^ rows[1] ^ rows[2]).and_not(rows[0] & rows[1] & rows[2]);
        singles[band] = alone & spread(sole);
    }
    (words_kept, singles)
}

/// The column triads (the three cells where a column meets a box; bit
/// `band * 9 + column`) the digit in each lane can use — those its words
/// touch — and those it must: the only column of its stack in that band.
#[inline(always)]
pub fn column_triads<L: Lanes>(words: [L; 3]) -> (L, L) {
    let columns = map3(words, touched_columns);
    let can = columns[0] | columns[1].shl::<9>() | columns[2].shl::<18>();
    let first = L::splat(0o111_111_111);
    let (a, b, c) = (can & first, can.shr::<1>() & first, can.shr::<2>() & first);
    let single = (a ^ b ^ c).and_not(a & b & c);
    (can, can & (single | single.shl::<1>() | single.shl::<2>()))
}

/// Adds `bits` to saturating bit counters: `counts[k]` holds the positions
/// seen more than `k` times (the row triad rule counts in `u32`, the
/// column triad sets in `u64`).
#[inline(always)]
pub fn count_bits<T: Copy + BitAnd<Output = T> + BitOrAssign>(counts: &mut [T; 4], bits: T) {
    counts[3] |= counts[2] & bits;
    counts[2] |= counts[1] & bits;
    counts[1] |= counts[0] & bits;
    counts[0] |= bits;
}

/// The column triads every digit can and must use, and their counts (see
/// [`column_triads`]).
#[derive(Default)]
pub struct ColumnTriads {
    /// Per digit, bit `band * 9 + column`.
    pub can: [u32; 9],
    /// Per digit, the same bits.
    pub must: [u32; 9],
    /// Saturating counters over the digits: `counts[k]` holds the column
    /// triads more than `k` digits can use (low 32 bits) and must (high).
    pub counts: [u64; 4],
}

/// [`column_triads`] for the digits of `candidates` from `digit` on (as
/// many as `W` holds): their sets into `triads`, their counts added.
#[inline(always)]
pub fn column_triads_for<W: Unpacked>(
    candidates: &[u32; 32],
    digit: usize,
    triads: &mut ColumnTriads,
) {
    let (can, must) = column_triads(W::band_words(candidates, digit));
    for lane in 0..W::WIDTH {
        let (can, must) = (can.lane(lane), must.lane(lane));
        count_bits(&mut triads.counts, u64::from(can) | u64::from(must) << 32);
        // Digits stop at 8: the `min` only spares a bounds check.
        let index = (digit + lane).min(8);
        (triads.can[index], triads.must[index]) = (can, must);
    }
}

/// What a stack pass did to the words (bit or index `band * 9 + digit`).
#[derive(Default)]
pub struct StackPass {
    /// The words it removed candidates from.
    pub changed: u32,
    /// The words with hidden singles in columns.
    pub found: u32,
    /// Those singles.
    pub singles: [u32; 32],
}

/// [`stack_rule`] for the digits of `candidates` from `digit` on (as many
/// as `W` holds; word `band * 9 + digit`): updates their words, and adds
/// what it changed and found to `pass`.
#[inline(always)]
pub fn stack_rule_for<W: Unpacked>(
    candidates: &mut [u32; 32],
    open: [u32; 3],
    digit: usize,
    pass: &mut StackPass,
) {
    let (kept, sole) = stack_rule(W::band_words(candidates, digit), map3(open, W::splat));
    for band in 0..3 {
        for lane in 0..W::WIDTH {
            let at = (band * 9 + digit + lane) & 31;
            let word = kept[band].lane(lane);
            pass.changed |= u32::from(candidates[at] != word) << at;
            candidates[at] = word;
            pass.singles[at] = sole[band].lane(lane);
            pass.found |= u32::from(pass.singles[at] != 0) << at;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the 3×3 matrix (bit `row * 3 + column`) holds a permutation
    /// through entry (`row`, `column`).
    fn on_permutation(matrix: u32, row: u32, column: u32) -> bool {
        const PERMUTATIONS: [[u32; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        PERMUTATIONS.iter().any(|p| {
            p[row as usize] == column && (0..3).all(|r| matrix >> (r * 3 + p[r as usize]) & 1 == 1)
        })
    }

    #[test]
    fn the_rule_keeps_exactly_the_entries_on_a_permutation() {
        // Every 3×3 matrix, in stack 1 (columns 3..6) of a digit with no
        // other candidates but one column in each band in stacks 0 and 2.
        for matrix in 0..512u32 {
            let columns: [u32; 3] =
                [0, 1, 2].map(|band| 1 << band | (matrix >> (band * 3) & 7) << 3 | 1 << (6 + band));
            let words = columns.map(|c| c << 9);
            let (kept, _) = stack_rule(words, [0; 3]);
            for band in 0..3 {
                let stack = kept[band] >> 9 >> 3 & 7;
                for column in 0..3 {
                    let expected = on_permutation(matrix, band as u32, column);
                    assert_eq!(stack >> column & 1 == 1, expected, "{matrix:09b}");
                }
                // The other stacks hold a permutation and stay.
                assert_eq!(kept[band] >> 9 & 0o707, columns[band] & 0o707);
            }
        }
    }

    #[test]
    fn a_column_with_one_open_cell_left_is_a_single() {
        // Column 4: the digit can only be in band 1, row 2 of the band.
        let words = [
            0b111_101_111 | 0b111_101_111 << 9 | 0b111_101_111 << 18,
            0b111_101_111 | 0b111_101_111 << 9 | 0b111_111_111 << 18,
            0b111_101_111 | 0b111_101_111 << 9 | 0b111_101_111 << 18,
        ];
        let all_open = (1 << 27) - 1;
        let (kept, singles) = stack_rule(words, [all_open; 3]);
        // Band 1 must take column 4 of stack 1: not columns 3 and 5 there.
        assert_eq!(kept, [words[0], words[1] & !spread(0o050), words[2]]);
        assert_eq!(singles, [0, 1 << (18 + 4), 0]);
        // Placed already: not open, not a single again.
        let (_, singles) = stack_rule(words, [all_open, all_open & !(1 << 22), all_open]);
        assert_eq!(singles, [0; 3]);
    }

    #[test]
    fn column_triads_a_digit_must_use_are_its_only_columns_of_a_stack() {
        let columns: [u32; 3] = [
            1 << 0 | 1 << 3 | 1 << 4 | 1 << 8,
            1 << 1 | 1 << 2 | 1 << 5,
            1 << 3 | 1 << 6 | 1 << 7 | 1 << 8,
        ];
        // Row 0 of bands 0 and 1, row 2 of band 2: only columns matter.
        let words = [columns[0], columns[1], columns[2] << 18];
        let (can, must) = column_triads(words);
        assert_eq!(can, columns[0] | columns[1] << 9 | columns[2] << 18);
        assert_eq!(must, 1 << 0 | 1 << 8 | 1 << (9 + 5) | 1 << (18 + 3));
        let mut counts = [0; 4];
        count_bits(&mut counts, 0b0111);
        count_bits(&mut counts, 0b0011);
        count_bits(&mut counts, 0b0001);
        assert_eq!(counts, [0b0111, 0b0011, 0b0001, 0]);
    }

    #[test]
    fn the_digit_kernel_updates_its_words_only() {
        let mut candidates = [0; 32];
        for band in 0..3 {
            for digit in 0..9 {
                candidates[band * 9 + digit] = (1 << 27) - 1;
            }
        }
        // Digit 2 in stack 0 only in column 0 of band 0 and column 1 of
        // bands 1 and 2: the latter two cannot both hold it.
        for band in 0..3 {
            let column = if band == 0 { 1 } else { 2 };
            candidates[band * 9 + 2] &= !spread(7 & !column);
        }
        let before = candidates;
        let mut pass = StackPass::default();
        stack_rule_for::<u32>(&mut candidates, [(1 << 27) - 1; 3], 2, &mut pass);
        assert_eq!(pass.found, 0);
        for (index, (&after, &was)) in candidates.iter().zip(&before).enumerate() {
            if index % 9 != 2 || index >= 27 {
                assert_eq!(after, was, "word {index}");
            } else {
                assert_eq!(after & spread(7), 0, "stack 0 has no permutation left");
            }
        }
    }
}
