//! The generator's random choices, all from one seeded Xoshiro256++ stream
//! per use, so the same seed gives the same puzzle everywhere.
//!
//! (`x % n` has a bias of at most n/2⁶⁴ — nothing a puzzle could show.)

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

/// A number in `0..n` (`n > 0`).
pub(super) fn below(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// A random element of a non-empty slice.
pub(super) fn pick<T: Copy>(rng: &mut Xoshiro256PlusPlus, items: &[T]) -> T {
    items[below(rng, items.len())]
}

/// Shuffles `items` in place (Fisher–Yates).
pub(crate) fn shuffle<T>(rng: &mut Xoshiro256PlusPlus, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}
