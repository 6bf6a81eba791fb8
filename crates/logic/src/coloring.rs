//! Simple colouring of one digit.
//!
//! The conjugate pairs of a digit (houses where it has exactly two places)
//! join its candidates into *clusters*. Exactly one end of each pair is
//! true, so colouring the ends of every pair differently splits a cluster
//! into two colours, one all true and one all false.
//!
//! * **Simple colors trap** — a candidate outside the cluster that sees both
//!   colours is false.
//! * **Simple colors wrap** — two candidates of one colour see each other:
//!   that colour is false everywhere.
//! * **Multi-colors 1** — a colour of one cluster sees a colour of another:
//!   they are not both true, so one of the two opposite colours is, and a
//!   candidate seeing both opposite colours is false. Like HoDoKu, one step
//!   gathers what every such pair of colours of the two clusters removes.
//! * **Multi-colors 2** — a colour of one cluster sees both colours of
//!   another: it is false everywhere.
//!
//! Steps list the first colour (of both clusters, for multi-colors) in
//! `pattern` and the second in `extra`. Conjugate pairs exist in every house
//! and "seeing" is the grid's peers, so colouring holds in every variant.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // 4 is left in two places in row 1 (r1c1, r1c4), column 4 (r1c4, r5c4)
//! // and row 5 (r5c4, r5c2): r1c1 and r5c2 get different colours.
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for cell in [1, 2, 4, 5, 6, 7, 8, 12, 21, 30, 48, 57, 66, 75, 36, 38, 40, 41, 42, 43, 44] {
//!     grid.eliminate(cell, 4);
//! }
//! let step = Technique::SimpleColorsTrap.find_first(&grid).unwrap();
//! assert!(step.text(&grid).ends_with(": remove 4 from r2c2, r3c2, r4c1, r6c1"));
//! ```

use std::ops::ControlFlow;

use super::cellset::CellSet;
use super::grid::Grid;
use super::single_digit::conjugate_pairs;
use super::step::{Candidate, Found, Step};
use super::technique::Technique;

/// A cluster: its two colours and the cells each colour sees.
struct Cluster {
    colors: [CellSet; 2],
    seen: [CellSet; 2],
}

impl Cluster {
    fn cells(&self) -> CellSet {
        self.colors[0] | self.colors[1]
    }

    /// Whether colour `color` sees a cell of `cells`.
    fn sees(&self, color: usize, cells: CellSet) -> bool {
        self.seen[color].intersects(&cells)
    }
}

/// Finds the technique's colourings for every digit.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    for digit in 1..=grid.size() as u8 {
        let clusters = clusters(grid, digit);
        let coloring = Coloring {
            grid,
            technique,
            digit,
        };
        match technique {
            Technique::SimpleColorsTrap => coloring.traps(&clusters, found)?,
            Technique::SimpleColorsWrap => coloring.wraps(&clusters, found)?,
            Technique::MultiColors1 => coloring.multi_colors_1(&clusters, found)?,
            _ => coloring.multi_colors_2(&clusters, found)?,
        }
    }
    ControlFlow::Continue(())
}

/// The clusters of the digit's conjugate pairs, each coloured.
fn clusters(grid: &Grid, digit: u8) -> Vec<Cluster> {
    let pairs = conjugate_pairs(grid, digit);
    let mut colored = CellSet::EMPTY;
    let mut clusters = Vec::new();
    for start in &pairs {
        if colored.contains(start.ends[0]) {
            continue;
        }
        let mut colors = [CellSet::EMPTY; 2];
        let mut stack = vec![(start.ends[0], 0)];
        while let Some((cell, color)) = stack.pop() {
            if colors[0].contains(cell) || colors[1].contains(cell) {
                continue;
            }
            colors[color].insert(cell);
            for pair in &pairs {
                match pair.ends {
                    [a, b] if a == cell => stack.push((b, 1 - color)),
                    [a, b] if b == cell => stack.push((a, 1 - color)),
                    _ => {}
                }
            }
        }
        let seen = colors.map(|cells| {
            cells
                .iter()
                .fold(CellSet::EMPTY, |set, c| set | grid.peers(c))
        });
        colored |= colors[0] | colors[1];
        clusters.push(Cluster { colors, seen });
    }
    clusters
}

/// The finder state for one digit.
struct Coloring<'a> {
    grid: &'a Grid,
    technique: Technique,
    digit: u8,
}

impl Coloring<'_> {
    fn traps(&self, clusters: &[Cluster], found: &mut Found<'_>) -> ControlFlow<()> {
        for cluster in clusters {
            let targets = (self.grid.cells_with(self.digit) & cluster.seen[0] & cluster.seen[1])
                - cluster.cells();
            self.report(&[cluster], targets, found)?;
        }
        ControlFlow::Continue(())
    }

    fn wraps(&self, clusters: &[Cluster], found: &mut Found<'_>) -> ControlFlow<()> {
        for cluster in clusters {
            for color in 0..2 {
                if cluster.sees(color, cluster.colors[color]) {
                    self.report(&[cluster], cluster.colors[color], found)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn multi_colors_1(&self, clusters: &[Cluster], found: &mut Found<'_>) -> ControlFlow<()> {
        for (i, a) in clusters.iter().enumerate() {
            for b in &clusters[i + 1..] {
                // One step per pair of clusters, as HoDoKu counts it.
                let mut targets = CellSet::EMPTY;
                for (x, y) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    if a.sees(x, b.colors[y]) {
                        let (one, other) = (1 - x, 1 - y);
                        let seeing_both = a.seen[one] & b.seen[other];
                        targets |= (self.grid.cells_with(self.digit) & seeing_both)
                            - a.colors[one]
                            - b.colors[other];
                    }
                }
                self.report(&[a, b], targets, found)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn multi_colors_2(&self, clusters: &[Cluster], found: &mut Found<'_>) -> ControlFlow<()> {
        for (i, a) in clusters.iter().enumerate() {
            for (j, b) in clusters.iter().enumerate() {
                for color in 0..2 {
                    if i != j && a.sees(color, b.colors[0]) && a.sees(color, b.colors[1]) {
                        self.report(&[a, b], a.colors[color], found)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Reports the clusters' colouring if it eliminates something.
    fn report(
        &self,
        clusters: &[&Cluster],
        targets: CellSet,
        found: &mut Found<'_>,
    ) -> ControlFlow<()> {
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let candidates = |color: usize| -> Vec<Candidate> {
            let cells = clusters
                .iter()
                .fold(CellSet::EMPTY, |set, c| set | c.colors[color]);
            self.candidates(cells)
        };
        let mut step = Step::new(self.technique);
        step.pattern = candidates(0);
        step.extra = candidates(1);
        step.eliminations = self.candidates(targets);
        found(step)
    }

    fn candidates(&self, cells: CellSet) -> Vec<Candidate> {
        cells
            .iter()
            .map(|c| Candidate::new(c, self.digit))
            .collect()
    }
}
