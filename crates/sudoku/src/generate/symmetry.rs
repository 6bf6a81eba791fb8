//! Symmetries of clue patterns: which cells must be given or blank together.
//!
//! A symmetry splits the N×N cells into *orbits* — the cells a cell maps to
//! under the symmetry, repeatedly. A pattern has the symmetry when every
//! orbit is all given or all blank.
//!
//! ```
//! use fdoku_sudoku::generate::Symmetry;
//!
//! let orbits = Symmetry::Rot180.orbits(9);
//! assert!(orbits.contains(&vec![0, 80]));    // r1c1 and r9c9
//! assert!(orbits.contains(&vec![40]));       // the centre stays put
//! assert_eq!(orbits.len(), 41);
//! ```

use std::fmt;
use std::str::FromStr;

/// A symmetry of the clue pattern.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Unchanged by a half turn.
    Rot180,
    /// Unchanged by a quarter turn.
    Rot90,
    /// Unchanged by a left-right mirror.
    Mirror,
    /// Unchanged by reflection in the main diagonal.
    Diagonal,
    /// Unchanged by reflection in the anti-diagonal.
    AntiDiagonal,
    /// Unchanged by both mirrors (left-right and up-down).
    DoubleMirror,
}

impl Symmetry {
    /// Every symmetry, in the order `--help` lists them.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::DoubleMirror,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::DoubleMirror => "double-mirror",
        }
    }

    /// Where the maps that generate it send (row, column) of an N×N grid.
    fn images(self, n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
        let last = n - 1;
        match self {
            Symmetry::None => Vec::new(),
            Symmetry::Rot180 => vec![(last - r, last - c)],
            Symmetry::Rot90 => vec![(c, last - r)],
            Symmetry::Mirror => vec![(r, last - c)],
            Symmetry::Diagonal => vec![(c, r)],
            Symmetry::AntiDiagonal => vec![(last - c, last - r)],
            Symmetry::DoubleMirror => vec![(r, last - c), (last - r, c)],
        }
    }

    /// The orbits of an N×N grid's cells, each sorted, in order of their
    /// first cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut k = 0;
            while k < orbit.len() {
                let (r, c) = (orbit[k] / n, orbit[k] % n);
                for (r2, c2) in self.images(n, r, c) {
                    let cell = r2 * n + c2;
                    if !seen[cell] {
                        seen[cell] = true;
                        orbit.push(cell);
                    }
                }
                k += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether a grid's clue pattern (non-zero cells) has this symmetry.
    pub fn holds(self, values: &[u8], n: usize) -> bool {
        self.orbits(n).iter().all(|orbit| {
            let given = values[orbit[0]] != 0;
            orbit.iter().all(|&cell| (values[cell] != 0) == given)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
                format!(
                    "unknown symmetry '{s}'; expected one of {}",
                    names.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_with_the_expected_sizes() {
        for n in [4, 6, 9, 16] {
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(n);
                let mut cells: Vec<usize> = orbits.iter().flatten().copied().collect();
                cells.sort_unstable();
                assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{sym} {n}");
            }
        }
        assert_eq!(Symmetry::None.orbits(9).len(), 81);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21); // 20 of four, the centre
        assert_eq!(Symmetry::Mirror.orbits(9).len(), 45); // 36 pairs, 9 on the axis
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
        assert_eq!(Symmetry::DoubleMirror.orbits(9).len(), 25);
        assert!(Symmetry::Rot90.orbits(9).contains(&vec![0, 8, 72, 80]));
        assert!(Symmetry::AntiDiagonal.orbits(9).contains(&vec![0, 80]));
    }

    #[test]
    fn holds_checks_every_orbit() {
        let mut values = vec![0u8; 81];
        values[0] = 5;
        assert!(!Symmetry::Rot180.holds(&values, 9));
        values[80] = 3;
        assert!(Symmetry::Rot180.holds(&values, 9));
        assert!(!Symmetry::Mirror.holds(&values, 9));
        assert!("rot90".parse::<Symmetry>().is_ok());
        assert!("spiral".parse::<Symmetry>().unwrap_err().contains("rot180"));
    }
}
