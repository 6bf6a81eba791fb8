//! The instruction sets the 9×9 search is compiled for, chosen at run time.
//!
//! The search is generic over [`Simd`], and instantiated twice: for
//! [`Portable`] (plain Rust, any CPU) and for [`Avx2`] (x86-64 CPUs with
//! AVX2, BMI1, BMI2, LZCNT and POPCNT — the integer part of x86-64-v3).
//! Every out-of-line function of the search goes through [`Simd::run`]:
//! for `Avx2` that is a `#[target_feature]` function, so the body inlined
//! into it — everything the search does there — is compiled for those
//! features (`tzcnt`, `blsr`, `andn`, `shlx`, `popcnt`, 256-bit compares),
//! while the same source runs on any CPU through `Portable`. The
//! hand-written vector code: [`Simd::clear_cells`], a band clear that
//! reports the words it changed with one compare and move mask;
//! [`Simd::band_counters`], the naked singles' counters, each band's words
//! folded in half three times (two bands per vector);
//! [`Simd::band_values`], which groups the givens of a new board with
//! thirty byte compares, and [`Simd::given_candidates`], their candidates
//! eight digits at once; the lanes [`Simd::stacks`] and
//! [`Simd::column_triads`] run their formulas on, eight digits at once, and
//! the fold that counts the column triads; and [`Simd::weights`], the
//! layouts of all 27 words with masked compares.
//!
//! An `Avx2` value exists only where [`Avx2::detect`] found the features
//! (std caches the CPUID answer; `NineSolver::new` looks once per solver,
//! the other entry points once per call), which is what makes running its
//! code sound. On other architectures `Avx2` has no values at all. The two
//! paths must agree on everything (solutions, counts, guesses):
//! `tests/it/nine_kernels.rs`.

use super::givens::digit_words;
#[cfg(target_arch = "x86_64")]
use super::givens::{Arithmetic, given_words};
use super::stack_rule::{ColumnTriads, Pair, StackPass, column_triads_for, map3, stack_rule_for};
#[cfg(target_arch = "x86_64")]
use super::stack_rule::{Lanes, column_triads, stack_rule};
#[cfg(target_arch = "x86_64")]
use super::tables::LAYOUT_TRIADS;
use super::tables::LAYOUT_WEIGHT;

/// An instruction set to compile the search for.
pub trait Simd: Copy {
    /// For each band of a grid (81 values) and each value 0..=9, the cells
    /// of the band (bit `cell % 27`) that hold it; a cell with another
    /// value is in none.
    fn band_values(self, grid: &[u8; 81]) -> [[u32; 10]; 3];

    /// Clears `cells` from `words` (a band's); returns the bits of the
    /// words that had any of them.
    fn clear_cells(self, words: &mut [u32; 9], cells: u32) -> u32;

    /// Per band, the cells with at least one candidate and those with at
    /// least two, over its nine words (the naked singles' counters).
    fn band_counters(self, candidates: &[u32; 32]) -> [(u32, u32); 3];

    /// The candidates the givens grouped in `values` (see
    /// [`Simd::band_values`]) leave each digit in each band (word `band * 9
    /// + digit`, the padding 0), or `None` when two givens of a digit share
    /// a row, a box or a column ([`super::givens`]).
    fn given_candidates(self, values: &[[u32; 10]; 3]) -> Option<[u32; 32]>;

    /// The stack pass ([`stack_rule`]) on every digit of `candidates`, all
    /// from the same words: updates them, and returns the words it changed,
    /// those with hidden singles in columns and the singles.
    fn stacks(self, candidates: &mut [u32; 32], open: [u32; 3]) -> StackPass;

    /// For every digit, the column triads it can and must use
    /// ([`column_triads`]), and for each column triad how many digits can
    /// (low 32 bits) and must (high 32 bits) use it, as saturating counters
    /// (`counts[k]`: more than `k`).
    fn column_triads(self, candidates: &[u32; 32]) -> ColumnTriads;

    /// For each word's triads (`triads[band * 9 + digit]`, 0 past 27), its
    /// layouts left when two or more, else 0 ([`LAYOUT_WEIGHT`]), and each
    /// band's total: of those layouts, or with `unsettled` of the words
    /// with any (each counts 1).
    fn weights(self, triads: &[u16; 32], unsettled: bool) -> ([u16; 32], [u32; 3]);

    /// Runs `job` in a function of its own, compiled for this instruction
    /// set: what `job` calls `#[inline(always)]` is compiled with it too.
    fn run<R>(self, job: impl FnOnce() -> R) -> R;
}

/// Plain Rust, for any CPU: two digits at a time in a `u64` where a
/// formula allows it.
#[derive(Clone, Copy)]
pub struct Portable;

impl Simd for Portable {
    #[inline(always)]
    fn band_values(self, grid: &[u8; 81]) -> [[u32; 10]; 3] {
        let mut values = [[0; 10]; 3];
        for (band, cells) in values.iter_mut().zip(grid.chunks_exact(27)) {
            for (cell, &value) in cells.iter().enumerate() {
                if let Some(bits) = band.get_mut(usize::from(value)) {
                    *bits |= 1 << cell;
                }
            }
        }
        values
    }

    #[inline(always)]
    fn clear_cells(self, words: &mut [u32; 9], cells: u32) -> u32 {
        let mut hit = 0;
        for (digit, word) in words.iter_mut().enumerate() {
            hit |= u32::from(*word & cells != 0) << digit;
            *word &= !cells;
        }
        hit
    }

    #[inline(always)]
    fn band_counters(self, candidates: &[u32; 32]) -> [(u32, u32); 3] {
        map3([0, 9, 18], |start| {
            let (mut one, mut two) = (0, 0);
            for &word in &candidates[start..start + 9] {
                two |= one & word;
                one |= word;
            }
            (one, two)
        })
    }

    #[inline(always)]
    fn given_candidates(self, values: &[[u32; 10]; 3]) -> Option<[u32; 32]> {
        let mut candidates = [0; 32];
        for digit in 0..9 {
            let (words, clash) = digit_words(values, digit);
            if clash {
                return None;
            }
            for (band, word) in words.into_iter().enumerate() {
                candidates[(band * 9 + digit) & 31] = word;
            }
        }
        Some(candidates)
    }

    #[inline(always)]
    fn stacks(self, candidates: &mut [u32; 32], open: [u32; 3]) -> StackPass {
        let mut pass = StackPass::default();
        stack_rule_for::<u32>(candidates, open, 8, &mut pass);
        for digit in [0, 2, 4, 6] {
            stack_rule_for::<Pair>(candidates, open, digit, &mut pass);
        }
        pass
    }

    #[inline(always)]
    fn column_triads(self, candidates: &[u32; 32]) -> ColumnTriads {
        let mut triads = ColumnTriads::default();
        for digit in [0, 2, 4, 6] {
            column_triads_for::<Pair>(candidates, digit, &mut triads);
        }
        column_triads_for::<u32>(candidates, 8, &mut triads);
        triads
    }

    #[inline(always)]
    fn weights(self, triads: &[u16; 32], unsettled: bool) -> ([u16; 32], [u32; 3]) {
        let mut weights = [0; 32];
        let mut totals = [0; 3];
        for (band, total) in totals.iter_mut().enumerate() {
            for digit in 0..9 {
                let index = (band * 9 + digit) & 31;
                let weight = LAYOUT_WEIGHT[usize::from(triads[index]) & 0x1ff];
                weights[index] = u16::from(weight);
                *total += if unsettled {
                    u32::from(weight != 0)
                } else {
                    u32::from(weight)
                };
            }
        }
        (weights, totals)
    }

    #[inline(never)]
    fn run<R>(self, job: impl FnOnce() -> R) -> R {
        job()
    }
}

/// Proof that the CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT (see
/// [`Avx2::detect`]).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub struct Avx2(());

/// No values: AVX2 is an x86-64 extension.
#[cfg(not(target_arch = "x86_64"))]
#[derive(Clone, Copy)]
pub enum Avx2 {}

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// `Some` when the CPU has every feature [`Avx2::run`] enables.
    pub fn detect() -> Option<Avx2> {
        let all = is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("lzcnt")
            && is_x86_feature_detected!("popcnt");
        all.then_some(Avx2(()))
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Avx2 {
    /// Digits 0..8 of each band's words (words 0, 9 and 18 onwards) in the
    /// lanes of one vector per band.
    #[inline(always)]
    fn band_vectors(self, candidates: &[u32; 32]) -> [Lanes8; 3] {
        use std::arch::x86_64::{__m256i, _mm256_loadu_si256};
        map3([0, 9, 18], |start| {
            let Some(lanes) = candidates.get(start..start + 8) else {
                unreachable!("eight words from word 18 end at 26")
            };
            // SAFETY: `self` proves the CPU has AVX2 (only `Avx2::detect`
            // makes one); `lanes` is eight u32, one unaligned 32-byte load.
            Lanes8(unsafe { _mm256_loadu_si256(lanes.as_ptr().cast::<__m256i>()) })
        })
    }
}

#[cfg(not(target_arch = "x86_64"))]
impl Avx2 {
    /// Always `None` off x86-64.
    pub fn detect() -> Option<Avx2> {
        None
    }
}

/// Calls `job`, compiled for the features [`Avx2`] stands for.
///
/// # Safety
///
/// The CPU must have AVX2, BMI1, BMI2, LZCNT and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
#[inline(never)]
#[allow(unsafe_code)]
unsafe fn run_avx2<R>(job: impl FnOnce() -> R) -> R {
    job()
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Simd for Avx2 {
    /// Per band, one 32-byte load and ten byte compares and move masks
    /// against an 81-step loop. The last band is loaded from cell 49 (the
    /// last 32 cells) and its masks shifted down by 5.
    #[inline(always)]
    fn band_values(self, grid: &[u8; 81]) -> [[u32; 10]; 3] {
        use std::arch::x86_64::{
            __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8,
        };
        let mut values = [[0; 10]; 3];
        // Bands 0 and 1 from their first cell, band 2 from cell 49.
        for (band, start) in [0, 27, 49].into_iter().enumerate() {
            let Some(cells) = grid.get(start..start + 32) else {
                unreachable!("32 cells from cell 49 end at 81")
            };
            // SAFETY: `self` proves the CPU has AVX2 (only `Avx2::detect`
            // makes one); `cells` is 32 bytes, one unaligned load.
            let cells = unsafe { _mm256_loadu_si256(cells.as_ptr().cast::<__m256i>()) };
            for (value, bits) in values[band].iter_mut().enumerate() {
                // SAFETY: as above.
                let equal = unsafe {
                    _mm256_movemask_epi8(_mm256_cmpeq_epi8(cells, _mm256_set1_epi8(value as i8)))
                } as u32;
                *bits = if band == 2 {
                    equal >> 5
                } else {
                    equal & ((1 << 27) - 1)
                };
            }
        }
        values
    }

    /// The first eight words in one vector (a compare and a move mask
    /// give the bits), the ninth on its own.
    #[inline(always)]
    fn clear_cells(self, words: &mut [u32; 9], cells: u32) -> u32 {
        use std::arch::x86_64::{
            __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_ps,
            _mm256_cmpeq_epi32, _mm256_loadu_si256, _mm256_movemask_ps, _mm256_set1_epi32,
            _mm256_setzero_si256, _mm256_storeu_si256,
        };
        let (eight, _) = words
            .split_first_chunk_mut::<8>()
            .unwrap_or_else(|| unreachable!("nine words"));
        // SAFETY: `self` proves the CPU has AVX2 (only `Avx2::detect` makes
        // one); `eight` is eight u32, one unaligned 32-byte load and store.
        let untouched = unsafe {
            let lanes = _mm256_loadu_si256(eight.as_ptr().cast::<__m256i>());
            let cells = _mm256_set1_epi32(cells as i32);
            let none = _mm256_cmpeq_epi32(_mm256_and_si256(lanes, cells), _mm256_setzero_si256());
            _mm256_storeu_si256(
                eight.as_mut_ptr().cast::<__m256i>(),
                _mm256_andnot_si256(cells, lanes),
            );
            _mm256_movemask_ps(_mm256_castsi256_ps(none)) as u32
        };
        let ninth = u32::from(words[8] & cells != 0) << 8;
        words[8] &= !cells;
        !untouched & 0xff | ninth
    }

    /// Each band's first eight words folded in half three times (at least
    /// one: or; at least two: either half's, or and of the halves), bands
    /// 0 and 1 side by side in one vector after the first fold; the ninth
    /// word added on its own.
    #[inline(always)]
    fn band_counters(self, candidates: &[u32; 32]) -> [(u32, u32); 3] {
        use std::arch::x86_64::{
            __m128i, __m256i, _mm_and_si128, _mm_cvtsi128_si32, _mm_or_si128, _mm_shuffle_epi32,
            _mm256_and_si256, _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256,
            _mm256_permute2x128_si256, _mm256_shuffle_epi32,
        };
        let [zero, one, two] = self.band_vectors(candidates).map(|lanes| lanes.0);
        // SAFETY: `self` proves the CPU has AVX2 (only `Avx2::detect` makes
        // one); the intrinsics touch registers only.
        let (wide, narrow) = unsafe {
            let fold = |(one, two): (__m256i, __m256i), half: fn(__m256i) -> __m256i| {
                let (one_half, two_half) = (half(one), half(two));
                (
                    _mm256_or_si256(one, one_half),
                    _mm256_or_si256(
                        _mm256_or_si256(two, two_half),
                        _mm256_and_si256(one, one_half),
                    ),
                )
            };
            let fold_narrow = |(one, two): (__m128i, __m128i), half: fn(__m128i) -> __m128i| {
                let (one_half, two_half) = (half(one), half(two));
                (
                    _mm_or_si128(one, one_half),
                    _mm_or_si128(_mm_or_si128(two, two_half), _mm_and_si128(one, one_half)),
                )
            };
            // Bands 0 and 1: their low halves in one vector, high in another.
            let (low, high) = (
                _mm256_permute2x128_si256::<0x20>(zero, one),
                _mm256_permute2x128_si256::<0x31>(zero, one),
            );
            let wide = (_mm256_or_si256(low, high), _mm256_and_si256(low, high));
            let wide = fold(wide, |x| _mm256_shuffle_epi32::<0b01_00_11_10>(x));
            let wide = fold(wide, |x| _mm256_shuffle_epi32::<0b10_11_00_01>(x));
            let (low, high) = (
                _mm256_castsi256_si128(two),
                _mm256_extracti128_si256::<1>(two),
            );
            let narrow = (_mm_or_si128(low, high), _mm_and_si128(low, high));
            let narrow = fold_narrow(narrow, |x| _mm_shuffle_epi32::<0b01_00_11_10>(x));
            let narrow = fold_narrow(narrow, |x| _mm_shuffle_epi32::<0b10_11_00_01>(x));
            (wide, narrow)
        };
        // SAFETY: as above.
        let first = |x: __m128i| unsafe { _mm_cvtsi128_si32(x) } as u32;
        // SAFETY: as above.
        let (low, high) = unsafe {
            (
                (
                    _mm256_castsi256_si128(wide.0),
                    _mm256_castsi256_si128(wide.1),
                ),
                (
                    _mm256_extracti128_si256::<1>(wide.0),
                    _mm256_extracti128_si256::<1>(wide.1),
                ),
            )
        };
        let folded = [low, high, narrow].map(|(one, two)| (first(one), first(two)));
        let mut counters = [(0, 0); 3];
        for (band, (counter, (one, two))) in counters.iter_mut().zip(folded).enumerate() {
            let ninth = candidates[band * 9 + 8];
            *counter = (one | ninth, two | one & ninth);
        }
        counters
    }

    /// Digits 0..8 of the three bands as three vectors of eight lanes
    /// (values 1..9), digit 8 on its own.
    #[inline(always)]
    fn given_candidates(self, values: &[[u32; 10]; 3]) -> Option<[u32; 32]> {
        use std::arch::x86_64::{
            __m256i, _mm256_loadu_si256, _mm256_storeu_si256, _mm256_testz_si256,
        };
        let own = map3(*values, |band| {
            // SAFETY: `self` proves the CPU has AVX2 (only `Avx2::detect`
            // makes one); values 1..9 are eight u32, one unaligned 32-byte
            // load.
            Lanes8(unsafe { _mm256_loadu_si256(band[1..9].as_ptr().cast::<__m256i>()) })
        });
        let (words, clash) = given_words(own, map3(*values, |band| Lanes8::splat(band[0])));
        let mut candidates = [0; 32];
        for (band, start) in [0, 9, 18].into_iter().enumerate() {
            let Some(lanes) = candidates.get_mut(start..start + 8) else {
                unreachable!("eight words from word 18 end at 26")
            };
            // SAFETY: as above; `lanes` is eight u32, one unaligned 32-byte
            // store.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), words[band].0) };
        }
        let (last, last_clash) = digit_words(values, 8);
        (candidates[8], candidates[17], candidates[26]) = (last[0], last[1], last[2]);
        // SAFETY: as above (registers only).
        let none = unsafe { _mm256_testz_si256(clash.0, clash.0) } == 1;
        (none && !last_clash).then_some(candidates)
    }

    /// Digits 0..8 of the three bands as three vectors of eight lanes
    /// (words 0, 9 and 18 onwards), digit 8 on its own.
    #[inline(always)]
    fn stacks(self, candidates: &mut [u32; 32], open: [u32; 3]) -> StackPass {
        use std::arch::x86_64::{
            __m256i, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_movemask_ps,
            _mm256_setzero_si256, _mm256_storeu_si256,
        };
        let mut pass = StackPass::default();
        let words = self.band_vectors(candidates);
        let (kept, sole) = stack_rule(words, map3(open, Lanes8::splat));
        for (band, start) in [0, 9, 18].into_iter().enumerate() {
            let (Some(lanes), Some(cells)) = (
                candidates.get_mut(start..start + 8),
                pass.singles.get_mut(start..start + 8),
            ) else {
                unreachable!("eight words from word 18 end at 26")
            };
            // SAFETY: as above; `lanes` and `cells` are eight u32 each, one
            // unaligned 32-byte store each; the rest is registers.
            let (same, empty) = unsafe {
                _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), kept[band].0);
                _mm256_storeu_si256(cells.as_mut_ptr().cast::<__m256i>(), sole[band].0);
                let same = _mm256_cmpeq_epi32(kept[band].0, words[band].0);
                let zero = _mm256_cmpeq_epi32(sole[band].0, _mm256_setzero_si256());
                (
                    _mm256_movemask_ps(_mm256_castsi256_ps(same)),
                    _mm256_movemask_ps(_mm256_castsi256_ps(zero)),
                )
            };
            pass.changed |= (!same as u32 & 0xff) << start;
            pass.found |= (!empty as u32 & 0xff) << start;
        }
        stack_rule_for::<u32>(candidates, open, 8, &mut pass);
        pass
    }

    /// Digits 0..8 in the lanes of one vector each for can and must,
    /// paired into 64-bit lanes and counted by folding the vector in half
    /// three times; digit 8 on its own.
    #[inline(always)]
    fn column_triads(self, candidates: &[u32; 32]) -> ColumnTriads {
        use std::arch::x86_64::{
            __m256i, _mm_cvtsi128_si64, _mm256_castsi256_si128, _mm256_permute2x128_si256,
            _mm256_shuffle_epi32, _mm256_storeu_si256, _mm256_unpackhi_epi32,
            _mm256_unpacklo_epi32,
        };
        let mut triads = ColumnTriads::default();
        let words = self.band_vectors(candidates);
        let (can, must) = column_triads(words);
        // SAFETY: as above; the stores write eight u32 into the first eight
        // of nine; the rest only moves lanes between registers.
        let (pairs_low, pairs_high) = unsafe {
            _mm256_storeu_si256(triads.can.as_mut_ptr().cast::<__m256i>(), can.0);
            _mm256_storeu_si256(triads.must.as_mut_ptr().cast::<__m256i>(), must.0);
            (
                Lanes8(_mm256_unpacklo_epi32(can.0, must.0)),
                Lanes8(_mm256_unpackhi_epi32(can.0, must.0)),
            )
        };
        // Eight digits in 64-bit lanes: add pairs of lanes, then fold the
        // halves of the vector, then the halves of each 128 bits.
        let (one, two) = (pairs_low | pairs_high, pairs_low & pairs_high);
        // SAFETY: as above (register moves).
        let swap_halves = |x: Lanes8| Lanes8(unsafe { _mm256_permute2x128_si256::<1>(x.0, x.0) });
        let (a1, a2) = (one, two);
        let (b1, b2) = (swap_halves(one), swap_halves(two));
        let four = [a1 | b1, a2 | b2 | a1 & b1, a2 & b1 | a1 & b2, a2 & b2];
        // SAFETY: as above (register moves).
        let swap_pairs = |x: Lanes8| Lanes8(unsafe { _mm256_shuffle_epi32::<0x4e>(x.0) });
        let [a1, a2, a3, a4] = four;
        let [b1, b2, b3, b4] = [
            swap_pairs(a1),
            swap_pairs(a2),
            swap_pairs(a3),
            swap_pairs(a4),
        ];
        let eight = [
            a1 | b1,
            a2 | b2 | a1 & b1,
            a3 | b3 | a2 & b1 | a1 & b2,
            a4 | b4 | a3 & b1 | a2 & b2 | a1 & b3,
        ];
        // SAFETY: as above (register moves).
        let low = |x: Lanes8| unsafe { _mm_cvtsi128_si64(_mm256_castsi256_si128(x.0)) } as u64;
        triads.counts = [low(eight[0]), low(eight[1]), low(eight[2]), low(eight[3])];
        column_triads_for::<u32>(candidates, 8, &mut triads);
        triads
    }

    /// Layouts counted with six masked compares per 16 words; the band
    /// totals with multiply-adds against lane masks and horizontal adds.
    #[inline(always)]
    fn weights(self, triads: &[u16; 32], unsettled: bool) -> ([u16; 32], [u32; 3]) {
        use std::arch::x86_64::{
            __m256i, _mm_add_epi32, _mm_cvtsi128_si32, _mm_extract_epi32, _mm256_and_si256,
            _mm256_castsi256_si128, _mm256_cmpeq_epi16, _mm256_cmpgt_epi16,
            _mm256_extracti128_si256, _mm256_hadd_epi32, _mm256_loadu_si256, _mm256_madd_epi16,
            _mm256_min_epi16, _mm256_set1_epi16, _mm256_setzero_si256, _mm256_storeu_si256,
            _mm256_sub_epi16,
        };
        /// Per band, 1 in the lanes of its nine words.
        static BAND_LANES: [[u16; 32]; 3] = {
            let mut lanes = [[0; 32]; 3];
            let mut lane = 0;
            while lane < 27 {
                lanes[lane / 9][lane] = 1;
                lane += 1;
            }
            lanes
        };
        let mut weights = [0; 32];
        // SAFETY: `self` proves the CPU has AVX2 (only `Avx2::detect`
        // makes one); every load and store is of 16 u16 (32 bytes) within
        // arrays of 32.
        let totals = unsafe {
            let load = |lanes: &[u16]| _mm256_loadu_si256(lanes.as_ptr().cast::<__m256i>());
            let words = [load(&triads[..16]), load(&triads[16..])];
            let mut counts = [_mm256_setzero_si256(); 2];
            for &layout in &LAYOUT_TRIADS {
                let layout = _mm256_set1_epi16(layout as i16);
                for (count, &word) in counts.iter_mut().zip(&words) {
                    let within = _mm256_cmpeq_epi16(_mm256_and_si256(word, layout), layout);
                    *count = _mm256_sub_epi16(*count, within);
                }
            }
            let one = _mm256_set1_epi16(1);
            let chosen = |count| _mm256_and_si256(count, _mm256_cmpgt_epi16(count, one));
            let counts = [chosen(counts[0]), chosen(counts[1])];
            _mm256_storeu_si256(weights.as_mut_ptr().cast::<__m256i>(), counts[0]);
            _mm256_storeu_si256(weights[16..].as_mut_ptr().cast::<__m256i>(), counts[1]);
            let counts = if unsettled {
                [
                    _mm256_min_epi16(counts[0], one),
                    _mm256_min_epi16(counts[1], one),
                ]
            } else {
                counts
            };
            let sums = map3([0, 1, 2], |band| {
                let lanes = &BAND_LANES[band];
                let low = _mm256_madd_epi16(counts[0], load(&lanes[..16]));
                let high = _mm256_madd_epi16(counts[1], load(&lanes[16..]));
                std::arch::x86_64::_mm256_add_epi32(low, high)
            });
            let pairs = _mm256_hadd_epi32(sums[0], sums[1]);
            let last = _mm256_hadd_epi32(sums[2], sums[2]);
            let quads = _mm256_hadd_epi32(pairs, last);
            let both = _mm_add_epi32(
                _mm256_castsi256_si128(quads),
                _mm256_extracti128_si256::<1>(quads),
            );
            [
                _mm_cvtsi128_si32(both) as u32,
                _mm_extract_epi32::<1>(both) as u32,
                _mm_extract_epi32::<2>(both) as u32,
            ]
        };
        (weights, totals)
    }

    #[inline(always)]
    fn run<R>(self, job: impl FnOnce() -> R) -> R {
        // SAFETY: `self` proves the CPU has the features `run_avx2` enables.
        unsafe { run_avx2(job) }
    }
}

/// Eight lanes of 32 bits in an AVX2 register, made only by [`Avx2`]'s
/// methods (so only where the CPU has AVX2).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Lanes8(std::arch::x86_64::__m256i);

// SAFETY (every block below): a `Lanes8` exists only on the AVX2 path,
// where `Avx2::detect` found the features; the intrinsics touch registers
// only.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod lanes8 {
    use std::arch::x86_64::{
        _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi32, _mm256_or_si256,
        _mm256_set1_epi32, _mm256_setzero_si256, _mm256_slli_epi32, _mm256_srli_epi32,
        _mm256_sub_epi32, _mm256_xor_si256,
    };
    use std::ops::{BitAnd, BitOr, BitXor};

    use super::{Arithmetic, Lanes, Lanes8};

    impl Arithmetic for Lanes8 {
        #[inline(always)]
        fn decrement(self) -> Lanes8 {
            // SAFETY: see the module.
            Lanes8(unsafe { _mm256_sub_epi32(self.0, _mm256_set1_epi32(1)) })
        }

        #[inline(always)]
        fn nonzero(self) -> Lanes8 {
            // SAFETY: see the module.
            let zero = unsafe { _mm256_cmpeq_epi32(self.0, _mm256_setzero_si256()) };
            Lanes8(zero) ^ Lanes8::splat(u32::MAX)
        }
    }

    impl BitAnd for Lanes8 {
        type Output = Lanes8;
        #[inline(always)]
        fn bitand(self, other: Lanes8) -> Lanes8 {
            // SAFETY: see the module.
            Lanes8(unsafe { _mm256_and_si256(self.0, other.0) })
        }
    }

    impl BitOr for Lanes8 {
        type Output = Lanes8;
        #[inline(always)]
        fn bitor(self, other: Lanes8) -> Lanes8 {
            // SAFETY: see the module.
            Lanes8(unsafe { _mm256_or_si256(self.0, other.0) })
        }
    }

    impl BitXor for Lanes8 {
        type Output = Lanes8;
        #[inline(always)]
        fn bitxor(self, other: Lanes8) -> Lanes8 {
            // SAFETY: see the module.
            Lanes8(unsafe { _mm256_xor_si256(self.0, other.0) })
        }
    }

    impl Lanes for Lanes8 {
        #[inline(always)]
        fn splat(bits: u32) -> Lanes8 {
            // SAFETY: see the module.
            Lanes8(unsafe { _mm256_set1_epi32(bits as i32) })
        }

        #[inline(always)]
        fn shr<const N: i32>(self) -> Lanes8 {
            // SAFETY: see the module.
            Lanes8(unsafe { _mm256_srli_epi32::<N>(self.0) })
        }

        #[inline(always)]
        fn shl<const N: i32>(self) -> Lanes8 {
            // SAFETY: see the module.
            Lanes8(unsafe { _mm256_slli_epi32::<N>(self.0) })
        }

        #[inline(always)]
        fn and_not(self, other: Lanes8) -> Lanes8 {
            // SAFETY: see the module.
            Lanes8(unsafe { _mm256_andnot_si256(other.0, self.0) })
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
impl Simd for Avx2 {
    fn band_values(self, _: &[u8; 81]) -> [[u32; 10]; 3] {
        match self {}
    }

    fn given_candidates(self, _: &[[u32; 10]; 3]) -> Option<[u32; 32]> {
        match self {}
    }

    fn clear_cells(self, _: &mut [u32; 9], _: u32) -> u32 {
        match self {}
    }

    fn band_counters(self, _: &[u32; 32]) -> [(u32, u32); 3] {
        match self {}
    }

    fn stacks(self, _: &mut [u32; 32], _: [u32; 3]) -> StackPass {
        match self {}
    }

    fn column_triads(self, _: &[u32; 32]) -> ColumnTriads {
        match self {}
    }

    fn weights(self, _: &[u16; 32], _: bool) -> ([u16; 32], [u32; 3]) {
        match self {}
    }

    fn run<R>(self, _: impl FnOnce() -> R) -> R {
        match self {}
    }
}

#[cfg(test)]
mod tests {
    use super::{Avx2, Portable, Simd};

    /// The candidates the givens leave, cell by cell from the rules: a
    /// given cell holds its digit; an empty one every digit none of its
    /// peers holds. `None` when two peers hold the same digit.
    fn by_the_rules(grid: &[u8; 81]) -> Option<[u32; 32]> {
        let peers = |a: usize, b: usize| {
            a != b
                && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3))
        };
        let mut words = [0; 32];
        for cell in 0..81 {
            for digit in 1..=9u8 {
                let seen = (0..81).any(|other| peers(cell, other) && grid[other] == digit);
                if grid[cell] == digit && seen {
                    return None;
                }
                if grid[cell] == digit || grid[cell] == 0 && !seen {
                    words[cell / 27 * 9 + usize::from(digit) - 1] |= 1 << (cell % 27);
                }
            }
        }
        Some(words)
    }

    /// Random grids of `givens` digits: from a solution grid, some with a
    /// wrong digit in one cell (often a clash).
    fn grids() -> Vec<[u8; 81]> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below) as usize
        };
        let solution: Vec<u8> = (0..81)
            .map(|cell| ((cell / 9 * 3 + cell / 27 + cell % 9) % 9 + 1) as u8)
            .collect();
        (0..300)
            .map(|round| {
                let mut grid = [0u8; 81];
                for _ in 0..10 + round % 40 {
                    let cell = next(81);
                    grid[cell] = solution[cell];
                }
                if round % 2 == 1 {
                    grid[next(81)] = next(9) as u8 + 1;
                }
                grid
            })
            .collect()
    }

    #[test]
    fn givens_leave_the_candidates_the_rules_say_and_clashes_are_found() {
        let mut clashes = 0;
        for grid in grids() {
            let expected = by_the_rules(&grid);
            clashes += usize::from(expected.is_none());
            let values = Portable.band_values(&grid);
            assert_eq!(Portable.given_candidates(&values), expected, "{grid:?}");
            if let Some(avx2) = Avx2::detect() {
                let values = avx2.run(|| avx2.band_values(&grid));
                let words = avx2.run(|| avx2.given_candidates(&values));
                assert_eq!(words, expected, "AVX2: {grid:?}");
            }
        }
        // Of the 150 grids with a wrong digit, 70 clash.
        assert_eq!(clashes, 70);
    }
}
