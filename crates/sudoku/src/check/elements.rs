//! The variant elements and the "all marks are given" rules, evaluated on a
//! filled grid.
//!
//! Each rule is read straight from its words, with geometry of its own:
//! a little killer's diagonal and an outside clue's row or column are
//! walked from the clue's coordinates, a region-sum line's regions come
//! from the layout's box arithmetic or jigsaw labels, and neighbours are
//! found by row and column. Nothing here asks an element for its cells or
//! the rules for their houses, so the solvers' view of an element and this
//! one are two separate readings of the same rule.

use std::collections::{HashMap, HashSet};

use super::SolutionError;
use super::relabelling::first_clash;
use crate::elements::{Direction, Dot, Element, Extremum, Indexer, Outside};
use crate::puzzle::digit_char;
use crate::rules::{Layout, Rules, cell_name};

/// Checks every element of `rules`, in the order added, then the negative
/// rules; `grid` holds N² digits from 1 to N.
pub(super) fn check_elements(rules: &Rules, grid: &[u8]) -> Result<(), SolutionError> {
    if !rules.has_elements() {
        return Ok(());
    }
    let filled = Filled::new(rules, grid);
    let mut numbers: HashMap<&'static str, usize> = HashMap::new();
    for element in rules.elements() {
        let kind = element.kind();
        let number = numbers.entry(kind).or_insert(0);
        *number += 1;
        if let Some(detail) = filled.breach(element, rules.layout()) {
            return Err(SolutionError::Element {
                kind,
                number: *number,
                at: filled.place(element),
                detail,
            });
        }
    }
    filled.negative(rules)
}

/// Whether `element`, one of `rules`' elements, holds on `grid` (N²
/// digits from 1 to N): this checker's reading of one rule alone, for a
/// solver weighing fillings of the cells the element reads.
pub(super) fn element_holds(rules: &Rules, element: &Element, grid: &[u8]) -> bool {
    Filled::new(rules, grid)
        .breach(element, rules.layout())
        .is_none()
}

/// The grid under check.
struct Filled<'a> {
    n: usize,
    grid: &'a [u8],
    /// The minimum cells, then the maximum cells.
    extrema: [Vec<usize>; 2],
}

impl<'a> Filled<'a> {
    /// `grid` checked against `rules`' elements.
    fn new(rules: &Rules, grid: &'a [u8]) -> Self {
        let marked_as = |wanted: Extremum| -> Vec<usize> {
            let marks = rules.elements().iter().filter_map(|e| match e {
                Element::Extremum { cell, kind } if *kind == wanted => Some(*cell),
                _ => None,
            });
            marks.collect()
        };
        Filled {
            n: rules.size(),
            grid,
            extrema: [marked_as(Extremum::Minimum), marked_as(Extremum::Maximum)],
        }
    }
}

impl Filled<'_> {
    fn name(&self, cell: usize) -> String {
        cell_name(self.n, cell)
    }

    /// The digit of `cell`, as a number.
    fn value(&self, cell: usize) -> u32 {
        u32::from(self.grid[cell])
    }

    /// The digit of `cell`, as written.
    fn digit(&self, cell: usize) -> char {
        digit_char(self.grid[cell])
    }

    fn total(&self, cells: &[usize]) -> u32 {
        cells.iter().map(|&c| self.value(c)).sum()
    }

    /// Where an element stands, for those named by position: ` (r1c1,
    /// r1c2)` for a dot, ` (r0c3)` for an outside clue; empty for lines.
    fn place(&self, element: &Element) -> String {
        match element {
            Element::Kropki { cells: [a, b], .. }
            | Element::Xv { cells: [a, b], .. }
            | Element::GreaterThan { cells: [a, b] }
            | Element::Product { cells: [a, b], .. } => {
                format!(" ({}, {})", self.name(*a), self.name(*b))
            }
            Element::LittleKiller {
                clue, direction, ..
            } => format!(" ({} {})", clue.name(), direction.name()),
            Element::Sandwich { clue, .. }
            | Element::XSum { clue, .. }
            | Element::Skyscraper { clue, .. }
            | Element::FrameSum { clue, .. }
            | Element::FirstOfOneTwoThree { clue, .. } => format!(" ({})", clue.name()),
            Element::Indexer { cell, .. } | Element::Cupid { cell, .. } => {
                format!(" ({})", self.name(*cell))
            }
            _ => String::new(),
        }
    }

    /// How the grid breaks `element`, or `None` when it holds.
    fn breach(&self, element: &Element, layout: &Layout) -> Option<String> {
        match element {
            Element::Thermometer { cells, slow } => self.thermometer(cells, *slow),
            Element::Arrow { circle, line } => {
                let reads = circle
                    .iter()
                    .fold(0u64, |number, &c| number * 10 + u64::from(self.value(c)));
                let sum = u64::from(self.total(line));
                (reads != sum)
                    .then(|| format!("the circle reads {reads} but the line adds up to {sum}"))
            }
            Element::LittleKiller {
                clue,
                direction,
                sum,
            } => {
                let found = self.total(&self.diagonal(*clue, *direction));
                (found != *sum).then(|| format!("the diagonal adds up to {found}, expected {sum}"))
            }
            Element::Sandwich { clue, sum } => self.sandwich(&self.seen_from(*clue), *sum),
            Element::XSum { clue, sum } => {
                let seen = self.seen_from(*clue);
                let k = seen.first().map_or(0, |&c| self.value(c));
                let found = self.total(&seen[..(k as usize).min(seen.len())]);
                (found != *sum)
                    .then(|| format!("the first {k} digits add up to {found}, expected {sum}"))
            }
            Element::Skyscraper { clue, count } => {
                let mut tallest = 0;
                let mut visible = 0;
                for c in self.seen_from(*clue) {
                    if self.value(c) > tallest {
                        tallest = self.value(c);
                        visible += 1;
                    }
                }
                (visible != *count)
                    .then(|| format!("the number of visible digits is {visible}, expected {count}"))
            }
            Element::Kropki {
                cells: [a, b],
                dot,
                value,
            } => {
                let (x, y) = (self.value(*a), self.value(*b));
                let (da, db) = (self.digit(*a), self.digit(*b));
                match dot {
                    Dot::White => (x.abs_diff(y) != *value)
                        .then(|| format!("{da} and {db} do not differ by {value}")),
                    Dot::Black => (x != value * y && y != value * x)
                        .then(|| format!("neither of {da} and {db} is {value} times the other")),
                }
            }
            Element::Xv { cells: [a, b], sum } => {
                (self.value(*a) + self.value(*b) != *sum).then(|| {
                    let (da, db) = (self.digit(*a), self.digit(*b));
                    format!("{da} and {db} do not add up to {sum}")
                })
            }
            Element::Whisper { cells, difference } => cells.windows(2).find_map(|pair| {
                let (a, b) = (pair[0], pair[1]);
                (self.value(a).abs_diff(self.value(b)) < *difference).then(|| {
                    format!(
                        "{} and {} hold {} and {}, less than {difference} apart",
                        self.name(a),
                        self.name(b),
                        self.digit(a),
                        self.digit(b)
                    )
                })
            }),
            Element::Renban { cells } => self.renban(cells),
            Element::Palindrome { cells } => {
                let mirrored = cells.iter().zip(cells.iter().rev()).take(cells.len() / 2);
                mirrored.into_iter().find_map(|(&a, &b)| {
                    (self.grid[a] != self.grid[b]).then(|| self.unlike(a, b, "but"))
                })
            }
            Element::Between { cells } => self.between(cells),
            Element::RegionSum { cells } => self.region_sum(cells, layout),
            Element::Zipper { cells } => self.zipper(cells),
            Element::Entropic { cells } => {
                let third = self.n as u32 / 3;
                self.triples(cells, |d| (d - 1) / third.max(1))
                    .map(|t| format!("{t}, not one low, one middle and one high digit"))
            }
            Element::Modular { cells } => self
                .triples(cells, |d| d % 3)
                .map(|t| format!("{t}, not three different residues mod 3")),
            Element::Extremum { cell, kind } => self.extremum(*cell, *kind),
            Element::Quadruple { cells, digits } => self.quadruple(cells, digits),
            Element::Clone { cells, copy } => cells.iter().zip(copy).find_map(|(&a, &b)| {
                (self.grid[a] != self.grid[b]).then(|| self.unlike(a, b, "but its copy"))
            }),
            Element::Indexer { cell, kind } => self.indexer(*cell, *kind, layout),
            Element::GreaterThan { cells: [a, b] } => {
                (self.value(*a) <= self.value(*b)).then(|| {
                    format!(
                        "{} holds {}, not more than {}'s {}",
                        self.name(*a),
                        self.digit(*a),
                        self.name(*b),
                        self.digit(*b)
                    )
                })
            }
            Element::Product {
                cells: [a, b],
                product,
            } => (self.value(*a) * self.value(*b) != *product).then(|| {
                let (da, db) = (self.digit(*a), self.digit(*b));
                format!("{da} and {db} do not multiply to {product}")
            }),
            Element::ParityLine { cells } => cells.windows(2).find_map(|w| {
                let (a, b) = (w[0], w[1]);
                (self.value(a) % 2 == self.value(b) % 2).then(|| {
                    let parity = ["even", "odd"][self.value(a) as usize % 2];
                    format!(
                        "{} and {} hold {} and {}, both {parity}",
                        self.name(a),
                        self.name(b),
                        self.digit(a),
                        self.digit(b)
                    )
                })
            }),
            Element::Nabner { cells } => self.nabner(cells),
            Element::CountingCircles { cells } => self.counting_circles(cells),
            Element::FirstOfOneTwoThree { clue, digit } => {
                let seen = self.seen_from(*clue);
                let first = seen.iter().map(|&c| self.value(c)).find(|&d| d <= 3);
                (first != Some(*digit)).then(|| match first {
                    Some(d) => format!("the first of 1, 2, 3 seen is {d}, expected {digit}"),
                    None => format!("none of 1, 2, 3 is seen, expected {digit} first"),
                })
            }
            Element::FrameSum { clue, sum } => {
                // One box deep: its height seen from above or below, its
                // width from the side.
                let depth = match *layout {
                    Layout::Boxes { rows, .. } if clue.row == 0 || clue.row == self.n + 1 => rows,
                    Layout::Boxes { cols, .. } => cols,
                    _ => 0,
                };
                let seen = self.seen_from(*clue);
                let found = self.total(&seen[..depth.min(seen.len())]);
                (found != *sum)
                    .then(|| format!("the first {depth} digits add up to {found}, expected {sum}"))
            }
            Element::Lockout { cells, difference } => self.lockout(cells, *difference),
            Element::CountDifferent { cells, count } => self.count_different(cells, *count),
            Element::Twins { cells, twin } => self.twins(cells, twin),
            Element::Cupid { cell, cells } => {
                let digit = self.grid[*cell];
                (!cells.iter().any(|&c| self.grid[c] == digit)).then(|| {
                    let names: Vec<String> = cells.iter().map(|&c| self.name(c)).collect();
                    format!(
                        "{} holds {}, which none of {} holds",
                        self.name(*cell),
                        self.digit(*cell),
                        names.join(", ")
                    )
                })
            }
        }
    }

    /// Reads the relabelling pair by pair, one digit to one digit both
    /// ways; where a pair breaks it, names an earlier pair it clashes with.
    fn twins(&self, cells: &[usize], twin: &[usize]) -> Option<String> {
        let pairs = cells
            .iter()
            .zip(twin)
            .map(|(&a, &b)| (self.grid[a], self.grid[b]));
        let clash = first_clash(pairs)?;
        Some(clash.describe(|i| self.name(cells[i]), |i| self.name(twin[i])))
    }

    /// The different digits among `cells`, in increasing order, against `count`.
    fn count_different(&self, cells: &[usize], count: u32) -> Option<String> {
        let mut seen = [false; 256];
        for &c in cells {
            seen[usize::from(self.grid[c])] = true;
        }
        let digits: Vec<String> = (0..=255u8)
            .filter(|&d| seen[usize::from(d)])
            .map(|d| digit_char(d).to_string())
            .collect();
        (digits.len() != count as usize).then(|| {
            format!(
                "the cells hold {} different digits ({}), expected {count}",
                digits.len(),
                digits.join(", ")
            )
        })
    }

    /// `r1c1 holds 3 <link> r1c4 holds 5`.
    fn unlike(&self, a: usize, b: usize, link: &str) -> String {
        format!(
            "{} holds {} {link} {} holds {}",
            self.name(a),
            self.digit(a),
            self.name(b),
            self.digit(b)
        )
    }

    fn thermometer(&self, cells: &[usize], slow: bool) -> Option<String> {
        cells.windows(2).find_map(|pair| {
            let (below, above) = (pair[0], pair[1]);
            let (x, y) = (self.value(below), self.value(above));
            let fault = match slow {
                false => (y <= x).then_some("not more than"),
                true => (y < x).then_some("less than"),
            }?;
            Some(format!(
                "{} holds {}, {fault} {}'s {}",
                self.name(above),
                self.digit(above),
                self.name(below),
                self.digit(below)
            ))
        })
    }

    /// The cells on the diagonal from `clue`, one step at a time from the
    /// clue's own 1-based position, while the step lands inside the grid.
    fn diagonal(&self, clue: Outside, direction: Direction) -> Vec<usize> {
        let (down, right) = match direction {
            Direction::DownRight => (true, true),
            Direction::DownLeft => (true, false),
            Direction::UpRight => (false, true),
            Direction::UpLeft => (false, false),
        };
        let step = |v: usize, forward: bool| match forward {
            true => Some(v + 1),
            false => v.checked_sub(1),
        };
        let inside = |v: usize| (1..=self.n).contains(&v);
        let mut cells = Vec::new();
        let (mut row, mut col) = (clue.row, clue.col);
        while let (Some(r), Some(c)) = (step(row, down), step(col, right)) {
            if !inside(r) || !inside(c) {
                break;
            }
            cells.push((r - 1) * self.n + c - 1);
            (row, col) = (r, c);
        }
        cells
    }

    /// The row or column beside `clue`, read from the clue inwards; empty
    /// at a corner.
    fn seen_from(&self, clue: Outside) -> Vec<usize> {
        let n = self.n;
        let inner = |v: usize| (1..=n).contains(&v);
        let cell = |row: usize, col: usize| (row - 1) * n + col - 1;
        if inner(clue.col) && (clue.row == 0 || clue.row == n + 1) {
            let rows: Vec<usize> = match clue.row {
                0 => (1..=n).collect(),
                _ => (1..=n).rev().collect(),
            };
            rows.into_iter().map(|r| cell(r, clue.col)).collect()
        } else if inner(clue.row) && (clue.col == 0 || clue.col == n + 1) {
            let cols: Vec<usize> = match clue.col {
                0 => (1..=n).collect(),
                _ => (1..=n).rev().collect(),
            };
            cols.into_iter().map(|c| cell(clue.row, c)).collect()
        } else {
            Vec::new()
        }
    }

    fn sandwich(&self, line: &[usize], sum: u32) -> Option<String> {
        let largest = self.n as u32;
        let at = |d: u32| line.iter().position(|&c| self.value(c) == d);
        let (Some(one), Some(top)) = (at(1), at(largest)) else {
            return Some(format!(
                "the line does not hold both 1 and {}",
                digit_char(largest as u8)
            ));
        };
        let (from, to) = (one.min(top), one.max(top));
        let found = self.total(&line[from + 1..to]);
        (found != sum).then(|| {
            format!(
                "the digits between the 1 and the {} add up to {found}, expected {sum}",
                digit_char(largest as u8)
            )
        })
    }

    fn renban(&self, cells: &[usize]) -> Option<String> {
        for (k, &b) in cells.iter().enumerate() {
            if let Some(&a) = cells[..k].iter().find(|&&a| self.grid[a] == self.grid[b]) {
                let (a, b, d) = (self.name(a), self.name(b), self.digit(b));
                return Some(format!("{a} and {b} both hold {d}"));
            }
        }
        let mut digits: Vec<u8> = cells.iter().map(|&c| self.grid[c]).collect();
        digits.sort_unstable();
        let (low, high) = (*digits.first()?, *digits.last()?);
        (usize::from(high - low) + 1 != digits.len()).then(|| {
            let list: Vec<String> = digits.iter().map(|&d| digit_char(d).to_string()).collect();
            format!("{} are not consecutive digits", list.join(", "))
        })
    }

    fn between(&self, cells: &[usize]) -> Option<String> {
        let (&first, &last) = (cells.first()?, cells.last()?);
        let (x, y) = (self.value(first), self.value(last));
        let (low, high) = (x.min(y), x.max(y));
        let inner = &cells[1..cells.len() - 1];
        inner.iter().find_map(|&c| {
            let d = self.value(c);
            (d <= low || d >= high).then(|| {
                format!(
                    "{} holds {}, not strictly between {} and {}",
                    self.name(c),
                    self.digit(c),
                    self.digit(first),
                    self.digit(last)
                )
            })
        })
    }

    /// Splits the line into maximal runs of consecutive cells in one region;
    /// every run must add up to the first one's total.
    fn region_sum(&self, cells: &[usize], layout: &Layout) -> Option<String> {
        let region = |cell: usize| self.region(cell, layout);
        let mut pieces: Vec<&[usize]> = Vec::new();
        let mut start = 0;
        for k in 1..=cells.len() {
            if k == cells.len() || region(cells[k]) != region(cells[k - 1]) {
                pieces.push(&cells[start..k]);
                start = k;
            }
        }
        let label = |piece: &[usize]| match piece {
            [only] => self.name(*only),
            _ => format!(
                "{}…{}",
                self.name(piece[0]),
                self.name(piece[piece.len() - 1])
            ),
        };
        let first = *pieces.first()?;
        let expected = self.total(first);
        pieces.iter().skip(1).find_map(|piece| {
            let found = self.total(piece);
            (found != expected).then(|| {
                format!(
                    "the piece {} adds up to {found}, the first piece {} to {expected}",
                    label(piece),
                    label(first)
                )
            })
        })
    }

    /// Every digit d in the circles stands in exactly d of them.
    fn counting_circles(&self, cells: &[usize]) -> Option<String> {
        cells.iter().find_map(|&c| {
            let d = self.value(c);
            let holding: Vec<String> = cells
                .iter()
                .filter(|&&o| self.value(o) == d)
                .map(|&o| self.name(o))
                .collect();
            (holding.len() != d as usize).then(|| {
                format!(
                    "{} stands in {} of the circles ({}), expected {d}",
                    self.digit(c),
                    holding.len(),
                    holding.join(", ")
                )
            })
        })
    }

    /// No two digits equal or consecutive.
    fn nabner(&self, cells: &[usize]) -> Option<String> {
        cells.iter().enumerate().find_map(|(k, &b)| {
            let a = *cells[..k]
                .iter()
                .find(|&&a| self.value(a).abs_diff(self.value(b)) <= 1)?;
            let how = match self.value(a) == self.value(b) {
                true => "equal",
                false => "consecutive",
            };
            Some(format!(
                "{} and {} hold {} and {}, {how}",
                self.name(a),
                self.name(b),
                self.digit(a),
                self.digit(b)
            ))
        })
    }

    /// The ends at least `difference` apart, every inner digit outside
    /// their range.
    fn lockout(&self, cells: &[usize], difference: u32) -> Option<String> {
        let (&first, &last) = (cells.first()?, cells.last()?);
        let (x, y) = (self.value(first), self.value(last));
        if x.abs_diff(y) < difference {
            return Some(format!(
                "the ends {} and {} hold {} and {}, less than {difference} apart",
                self.name(first),
                self.name(last),
                self.digit(first),
                self.digit(last)
            ));
        }
        let (low, high) = (x.min(y), x.max(y));
        cells[1..cells.len() - 1].iter().find_map(|&c| {
            (low..=high).contains(&self.value(c)).then(|| {
                format!(
                    "{} holds {}, not outside the ends' {} and {}",
                    self.name(c),
                    self.digit(c),
                    self.digit(first),
                    self.digit(last)
                )
            })
        })
    }

    /// The region of `cell`: by box arithmetic or the jigsaw label.
    fn region(&self, cell: usize, layout: &Layout) -> Option<usize> {
        let n = self.n;
        let (row, col) = (cell / n, cell % n);
        match layout {
            Layout::Boxes { rows, cols } => Some((row / rows) * (n / cols) + col / cols),
            Layout::Jigsaw(labels) => Some(usize::from(labels[cell])),
            Layout::None => None,
        }
    }

    /// An indexer at `cell` holding X: the X-th cell of its row (column
    /// indexer), column (row indexer) or region (box indexer, reading
    /// order) holds the indexer's own position there, and no other cell
    /// there does.
    fn indexer(&self, cell: usize, kind: Indexer, layout: &Layout) -> Option<String> {
        let n = self.n;
        let (row, col) = (cell / n, cell % n);
        let (line, own): (Vec<usize>, usize) = match kind {
            Indexer::Column => ((0..n).map(|c| row * n + c).collect(), col),
            Indexer::Row => ((0..n).map(|r| r * n + col).collect(), row),
            Indexer::Box => {
                let region = self.region(cell, layout);
                let cells: Vec<usize> = (0..n * n)
                    .filter(|&c| region.is_some() && self.region(c, layout) == region)
                    .collect();
                let own = cells.iter().position(|&c| c == cell)?;
                (cells, own)
            }
        };
        let position = own as u32 + 1;
        let Some(&named) = line.get(self.value(cell) as usize - 1) else {
            return Some(format!(
                "{} holds {}, but its region has {} cells",
                self.name(cell),
                self.digit(cell),
                line.len()
            ));
        };
        if self.value(named) != position {
            return Some(format!(
                "{} holds {}, but {} holds {}, not {position}",
                self.name(cell),
                self.digit(cell),
                self.name(named),
                self.digit(named)
            ));
        }
        let (k, other) = line
            .iter()
            .enumerate()
            .find(|&(_, &other)| other != named && self.value(other) == position)?;
        Some(format!(
            "{} holds {position}, but {} holds {}, not {}",
            self.name(*other),
            self.name(cell),
            self.digit(cell),
            k + 1
        ))
    }

    /// Pairs the same distance from the middle add up to the middle
    /// cell's digit (odd length) or to what the two ends add up to (even).
    fn zipper(&self, cells: &[usize]) -> Option<String> {
        let len = cells.len();
        let (&first, &last) = (cells.first()?, cells.last()?);
        let (target, against) = if len % 2 == 1 {
            let middle = cells[len / 2];
            let name = (self.name(middle), self.digit(middle));
            (self.value(middle), format!(", not {}'s {}", name.0, name.1))
        } else {
            let ends = self.value(first) + self.value(last);
            let names = (self.name(first), self.name(last));
            (ends, format!(" but {} and {} to {ends}", names.0, names.1))
        };
        (0..len / 2).find_map(|i| {
            let (a, b) = (cells[i], cells[len - 1 - i]);
            let sum = self.value(a) + self.value(b);
            (sum != target).then(|| {
                let (a, b) = (self.name(a), self.name(b));
                format!("{a} and {b} add up to {sum}{against}")
            })
        })
    }

    /// The first three cells in a row whose digits fall in fewer than three
    /// different classes, as `r1c1, r1c2, r1c3 hold 1, 2 and 7`.
    fn triples(&self, cells: &[usize], class: impl Fn(u32) -> u32) -> Option<String> {
        cells.windows(3).find_map(|t| {
            let [a, b, c] = [t[0], t[1], t[2]].map(|cell| class(self.value(cell)));
            (a == b || b == c || a == c).then(|| {
                format!(
                    "{}, {}, {} hold {}, {} and {}",
                    self.name(t[0]),
                    self.name(t[1]),
                    self.name(t[2]),
                    self.digit(t[0]),
                    self.digit(t[1]),
                    self.digit(t[2])
                )
            })
        })
    }

    fn extremum(&self, cell: usize, kind: Extremum) -> Option<String> {
        let (row, col) = (cell / self.n, cell % self.n);
        let neighbours = [
            row.checked_sub(1).map(|r| (r, col)),
            (row + 1 < self.n).then_some((row + 1, col)),
            col.checked_sub(1).map(|c| (row, c)),
            (col + 1 < self.n).then_some((row, col + 1)),
        ];
        let d = self.value(cell);
        // Cells marked alike are compared only with the cells around them.
        let alike = &self.extrema[kind as usize];
        neighbours.into_iter().flatten().find_map(|(r, c)| {
            let other = r * self.n + c;
            if alike.contains(&other) {
                return None;
            }
            let fault = match kind {
                Extremum::Minimum => (d >= self.value(other)).then_some("not less than"),
                Extremum::Maximum => (d <= self.value(other)).then_some("not more than"),
            }?;
            Some(format!(
                "{} holds {}, {fault} {}'s {}",
                self.name(cell),
                self.digit(cell),
                self.name(other),
                self.digit(other)
            ))
        })
    }

    fn quadruple(&self, cells: &[usize], digits: &[u8]) -> Option<String> {
        let mut wanted: Vec<u8> = digits.to_vec();
        wanted.sort_unstable();
        wanted.dedup();
        wanted.into_iter().find_map(|d| {
            let needed = digits.iter().filter(|&&x| x == d).count();
            let held = cells.iter().filter(|&&c| self.grid[c] == d).count();
            (held < needed).then(|| {
                let names: Vec<String> = cells.iter().map(|&c| self.name(c)).collect();
                format!(
                    "{} hold {held} of digit {}, expected at least {needed}",
                    names.join(", "),
                    digit_char(d)
                )
            })
        })
    }

    /// The negative rules, over every orthogonal pair in reading order
    /// (each cell with its right, then its lower neighbour).
    fn negative(&self, rules: &Rules) -> Result<(), SolutionError> {
        let negative = rules.negative();
        if !negative.any() {
            return Ok(());
        }
        let key = |a: usize, b: usize| (a.min(b), a.max(b));
        let mut dotted = HashSet::new();
        let mut crossed = HashSet::new();
        for element in rules.elements() {
            match element {
                Element::Kropki { cells: [a, b], .. } => dotted.insert(key(*a, *b)),
                Element::Xv { cells: [a, b], .. } => crossed.insert(key(*a, *b)),
                _ => false,
            };
        }
        let n = self.n;
        for cell in 0..n * n {
            let (row, col) = (cell / n, cell % n);
            let right = (col + 1 < n).then_some(cell + 1);
            let below = (row + 1 < n).then_some(cell + n);
            for other in [right, below].into_iter().flatten() {
                let (x, y) = (self.value(cell), self.value(other));
                let pair = key(cell, other);
                let free_of_dots = !dotted.contains(&pair);
                let free_of_xv = !crossed.contains(&pair);
                let mark = [
                    (
                        negative.white && free_of_dots && x.abs_diff(y) == 1,
                        "a white dot",
                    ),
                    (
                        negative.black && free_of_dots && (x == 2 * y || y == 2 * x),
                        "a black dot",
                    ),
                    (negative.x && free_of_xv && x + y == 10, "an X"),
                    (negative.v && free_of_xv && x + y == 5, "a V"),
                ]
                .into_iter()
                .find_map(|(broken, mark)| broken.then_some(mark));
                if let Some(mark) = mark {
                    return Err(SolutionError::Negative {
                        first: self.name(cell),
                        first_digit: self.digit(cell),
                        second: self.name(other),
                        second_digit: self.digit(other),
                        mark,
                    });
                }
            }
        }
        Ok(())
    }
}
