//! Summaries of search effort over a sample of puzzles: mean, median, 90th
//! percentile, maximum and a 95% confidence interval of the mean (normal
//! approximation: mean ± 1.96·s/√n) — what seed 001's tables lacked.
//!
//! ```
//! use fdoku_sudoku::study::Summary;
//!
//! let s = Summary::of(&[1, 2, 3, 4, 100]);
//! assert_eq!((s.median, s.max), (3.0, 100));
//! assert_eq!(s.mean, 22.0);
//! assert!(s.ci95.0 < s.mean && s.mean < s.ci95.1);
//! ```

use serde::Serialize;

/// The distribution of one measure over a sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Sample size.
    pub n: usize,
    /// Arithmetic mean.
    pub mean: f64,
    /// Median (the mean of the two middle values for an even size).
    pub median: f64,
    /// 90th percentile (nearest rank).
    pub p90: u64,
    /// Largest value.
    pub max: u64,
    /// 95% confidence interval of the mean.
    pub ci95: (f64, f64),
}

impl Summary {
    /// The summary of `values` (all zeros for an empty sample).
    pub fn of(values: &[u64]) -> Summary {
        let n = values.len();
        if n == 0 {
            return Summary {
                n,
                mean: 0.0,
                median: 0.0,
                p90: 0,
                max: 0,
                ci95: (0.0, 0.0),
            };
        }
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let mean = sorted.iter().map(|&v| v as f64).sum::<f64>() / n as f64;
        let median = if n % 2 == 1 {
            sorted[n / 2] as f64
        } else {
            (sorted[n / 2 - 1] as f64 + sorted[n / 2] as f64) / 2.0
        };
        // Nearest rank: the smallest value with at least 90% at or below it.
        let rank = (0.9 * n as f64).ceil() as usize;
        let p90 = sorted[rank.clamp(1, n) - 1];
        let variance = if n > 1 {
            sorted
                .iter()
                .map(|&v| (v as f64 - mean).powi(2))
                .sum::<f64>()
                / (n - 1) as f64
        } else {
            0.0
        };
        let half = 1.96 * (variance / n as f64).sqrt();
        Summary {
            n,
            mean,
            median,
            p90,
            max: sorted[n - 1],
            ci95: (mean - half, mean + half),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_answers() {
        let s = Summary::of(&[2, 4, 4, 4, 5, 5, 7, 9]);
        assert_eq!(s.mean, 5.0);
        assert_eq!(s.median, 4.5);
        assert_eq!(s.p90, 9);
        assert_eq!(s.max, 9);
        // Sample standard deviation √(32/7); half-width 1.96·√(32/7)/√8.
        let half = 1.96 * (32.0f64 / 7.0).sqrt() / 8.0f64.sqrt();
        assert!((s.ci95.1 - 5.0 - half).abs() < 1e-12);
        let one = Summary::of(&[7]);
        assert_eq!(
            (one.mean, one.median, one.p90, one.ci95),
            (7.0, 7.0, 7, (7.0, 7.0))
        );
        assert_eq!(Summary::of(&[]).n, 0);
        let tenths: Vec<u64> = (1..=10).collect();
        assert_eq!(Summary::of(&tenths).p90, 9);
    }
}
