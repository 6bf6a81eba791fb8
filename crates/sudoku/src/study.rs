//! Tools for search-effort experiments over samples of puzzles (`fdoku study`).
//!
//! * [`Summary`] — search effort over a sample of puzzles: mean, median,
//!   90th percentile, maximum and a 95% confidence interval of the mean
//!   (normal approximation: mean ± 1.96·s/√n) — what small published
//!   tables of search steps lack.
//! * [`Choices`] — the pruning ladder of a classic functional Sudoku solver:
//!   every cell's candidates, one `prune` pass (each row, then column, then
//!   box drops the digits of its fixed cells from the others), pruning to a
//!   fixpoint, and the size of the search space left.
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

use crate::puzzle::Puzzle;

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

/// Every cell's candidates (bit `d - 1` for digit `d`), as the functional
/// solver's `choices` starts them: a given is fixed, a blank may be anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choices {
    cells: Vec<u32>,
    houses: Vec<Vec<usize>>,
}

impl Choices {
    /// The unpruned choices of `puzzle`.
    pub fn of(puzzle: &Puzzle) -> Choices {
        let n = puzzle.size();
        let all = if n == 32 { u32::MAX } else { (1 << n) - 1 };
        let cells = puzzle
            .givens()
            .iter()
            .map(|&g| if g == 0 { all } else { 1 << (g - 1) })
            .collect();
        let houses = puzzle
            .rules()
            .houses()
            .into_iter()
            .map(|h| h.cells)
            .collect();
        Choices { cells, houses }
    }

    /// One `prune`: each house in turn (rows, columns, boxes, then any
    /// extra houses) removes the digits of its fixed cells from its other
    /// cells. Returns whether anything changed.
    pub fn prune(&mut self) -> bool {
        let before = self.cells.clone();
        for house in &self.houses {
            let fixed = house
                .iter()
                .map(|&c| self.cells[c])
                .filter(|m| m.count_ones() == 1)
                .fold(0, |acc, m| acc | m);
            for &c in house {
                if self.cells[c].count_ones() > 1 {
                    self.cells[c] &= !fixed;
                }
            }
        }
        self.cells != before
    }

    /// `prune` until nothing changes (the functional solver's `fix prune`);
    /// returns the number of passes that changed something.
    pub fn prune_to_fixpoint(&mut self) -> usize {
        let mut passes = 0;
        while self.prune() {
            passes += 1;
        }
        passes
    }

    /// Whether every cell is fixed.
    pub fn solved(&self) -> bool {
        self.cells.iter().all(|m| m.count_ones() == 1)
    }

    /// The search space the functional solver's `collapse` would enumerate, as
    /// log10 of the number of grids (the product of the cells' candidate counts);
    /// `None` when a cell has no candidate left.
    pub fn log10_grids(&self) -> Option<f64> {
        self.cells
            .iter()
            .map(|m| (*m != 0).then(|| f64::from(m.count_ones()).log10()))
            .sum()
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

    #[test]
    fn pruning_follows_seed_003() {
        use crate::Rules;
        // 4×4: row 1 is 1 2 3 _, so one prune fixes r1c4 = 4 (row pass),
        // and the column pass then removes 4 from the rest of column 4.
        let mut givens = vec![0; 16];
        givens[..3].copy_from_slice(&[1, 2, 3]);
        let puzzle = Puzzle::new(Rules::classic(4).unwrap(), givens).unwrap();
        let mut choices = Choices::of(&puzzle);
        assert!((choices.log10_grids().unwrap() - 13.0 * 4f64.log10()).abs() < 1e-9);
        assert!(choices.prune());
        assert_eq!(choices.cells[3], 0b1000);
        assert_eq!(
            choices.cells[7] & 0b1000,
            0,
            "column 4 loses the 4 in the same pass"
        );
        let passes = choices.prune_to_fixpoint();
        assert_eq!(passes, 0, "the first prune reached the fixpoint");
        assert!(!choices.prune(), "a fixpoint");
        assert!(!choices.solved());
        let mut clash = Choices::of(
            &Puzzle::new(
                Rules::classic(4).unwrap(),
                vec![1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            )
            .unwrap(),
        );
        clash.prune();
        assert!(
            clash.log10_grids().is_some(),
            "fixed cells keep their digit"
        );
    }
}
