//! Restart schedules: how many failures each run of a restarting search may
//! meet before the search goes back to the root.
//!
//! A restart keeps what the engine has learnt about the problem — the
//! dom/wdeg weights — and draws new tie-breaks between equally good
//! variables from the seeded generator, so the next run explores a
//! different tree. No nogood is kept: each run searches the whole space
//! again, and a run that ends below its cutoff has explored all of it, which
//! is what makes its answer (no more solutions, no better one) a proof.
//! Growing cutoffs ([`Restarts::Luby`], [`Restarts::Geometric`],
//! [`Restarts::Linear`]) guarantee such a run eventually;
//! [`Restarts::Constant`] does not.
//!
//! The names and meanings are MiniZinc's `restart_*` annotations; the
//! cutoff counts failures, as Gecode's do.
//!
//! ```
//! use fdoku_fd::Restarts;
//!
//! let luby = Restarts::Luby { scale: 10 };
//! let cutoffs: Vec<_> = (0..7).map(|run| luby.cutoff(run).unwrap()).collect();
//! assert_eq!(cutoffs, [10, 10, 20, 10, 10, 20, 40]);
//! let geometric = Restarts::Geometric { scale: 100, base: 1.5 };
//! assert_eq!(geometric.cutoff(2), Some(225));
//! assert_eq!(Restarts::None.cutoff(5), None);
//! ```

/// When a search restarts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Restarts {
    /// Never: one depth-first search.
    #[default]
    None,
    /// After `scale` failures, every run (complete only when a run fits).
    Constant {
        /// Failures per run.
        scale: u64,
    },
    /// After `scale × (k + 1)` failures in run `k`.
    Linear {
        /// Failures of the first run.
        scale: u64,
    },
    /// After `scale × luby(k + 1)` failures in run `k`: the Luby sequence
    /// 1, 1, 2, 1, 1, 2, 4, 1, … (Luby, Sinclair and Zuckerman 1993).
    Luby {
        /// The unit of the sequence.
        scale: u64,
    },
    /// After `scale × base^k` failures in run `k`.
    Geometric {
        /// Failures of the first run.
        scale: u64,
        /// The growth factor (above 1 for the cutoffs to grow).
        base: f64,
    },
}

impl Restarts {
    /// The failures that run `run` (0 for the first) may meet before the
    /// search restarts; `None` when it never restarts. At least 1.
    pub fn cutoff(self, run: u64) -> Option<u64> {
        let cutoff = match self {
            Restarts::None => return None,
            Restarts::Constant { scale } => scale,
            Restarts::Linear { scale } => scale.saturating_mul(run.saturating_add(1)),
            Restarts::Luby { scale } => scale.saturating_mul(luby(run.saturating_add(1))),
            Restarts::Geometric { scale, base } => {
                let exponent = i32::try_from(run).unwrap_or(i32::MAX);
                // `as` saturates: a cutoff beyond u64 is u64::MAX.
                (scale as f64 * base.powi(exponent)) as u64
            }
        };
        Some(cutoff.max(1))
    }
}

/// The `i`-th term (from 1) of the Luby sequence: `2^(k-1)` when
/// `i = 2^k - 1`, else the term at `i - (2^(k-1) - 1)` for the `k` with
/// `2^(k-1) ≤ i < 2^k - 1`.
fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with i ≤ 2^k - 1 (k ≤ 64).
        let k = 64 - i.leading_zeros();
        let full = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        if i == full {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(u64::MAX), 1 << 63);
    }

    #[test]
    fn cutoffs_grow_and_stay_positive() {
        let linear = Restarts::Linear { scale: 3 };
        assert_eq!(linear.cutoff(0), Some(3));
        assert_eq!(linear.cutoff(3), Some(12));
        assert_eq!(Restarts::Constant { scale: 0 }.cutoff(9), Some(1));
        let huge = Restarts::Geometric {
            scale: 1000,
            base: 2.0,
        };
        assert_eq!(huge.cutoff(200), Some(u64::MAX));
        assert_eq!(Restarts::Luby { scale: u64::MAX }.cutoff(2), Some(u64::MAX));
    }
}
