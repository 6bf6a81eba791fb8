//! SukakuExplainer's strong-link patterns: chains of two or three strong
//! links of one digit, each link a house where the digit's places split in
//! two nodes (two cells, or groups of cells in one box-line segment), the
//! links joined by houses that hold both neighbouring ends.
//!
//! * **Two strong links** — a skyscraper (two parallel lines, 4.0), a
//!   2-string kite (a row and a column, 4.1), a turbot crane (a line and a
//!   box, 4.2), or any of them with a grouped link (4.3): a line whose places
//!   lie in two of its boxes, or a box whose places lie on one row and one
//!   column of it (an empty rectangle).
//! * **Three strong links** — three skyscrapers (three parallel lines, 5.4),
//!   three links with a box among them (5.5), a 3-string kite (rows and
//!   columns mixed, 5.6), any of them grouped (5.7); here a box may also
//!   split between two of its rows or two of its columns.
//!
//! One end of the chain holds the digit, so it leaves every cell that sees
//! both end nodes, outside the chain's houses. The finder reports instances
//! in SukakuExplainer's order (easiest rating first, then most
//! eliminations, then fewest grouped links), each carrying its rating.
//! Rows, columns and boxes (jigsaw regions count as boxes) are the houses
//! used, so the patterns hold in every variant that has them.
//!
//! ```
//! use fdoku_logic::{Grid, Technique};
//! use fdoku_sudoku::Rules;
//!
//! // 5 is left only in r1c1, r1c5 (row 1) and r5c1, r5c6 (row 5).
//! let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81]);
//! for column in [1, 2, 3, 5, 6, 7, 8] {
//!     grid.eliminate(column, 5);
//! }
//! for column in [1, 2, 3, 4, 6, 7, 8] {
//!     grid.eliminate(36 + column, 5);
//! }
//! let step = Technique::TwoStrongLinks.find_first(&grid).unwrap();
//! assert_eq!(step.explainer_rating, Some(40));
//! assert_eq!(step.form, Some("skyscraper"));
//! ```

use std::ops::ControlFlow;

use super::budget::tick;
use super::cellset::CellSet;
use super::grid::Grid;
use super::step::{Candidate, Found, Link, LinkKind, Node, Step};
use super::technique::Technique;
use fdoku_sudoku::HouseKind::{self, Box, Column, Row};

/// One end of a strong link: the digit's places it stands for, and the
/// cells whose common peers it rules out (SukakuExplainer counts the
/// crossing cell of an empty rectangle's arm among them).
#[derive(Clone)]
struct End {
    places: CellSet,
    sight: CellSet,
}

/// A house whose places of the digit split in two ends.
#[derive(Clone)]
struct StrongLink {
    house: usize,
    kind: HouseKind,
    /// Every place of the digit in the house.
    places: CellSet,
    ends: [End; 2],
    grouped: bool,
}

/// Finds the technique's chains, easiest first.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    let three = technique == Technique::ThreeStrongLinks;
    let mut chains: Vec<(Ranking, Step)> = Vec::new();
    for digit in 1..=grid.size() as u8 {
        let links = strong_links(grid, digit, three);
        let search = Search {
            grid,
            digit,
            technique,
            links: &links,
        };
        match three {
            false => search.two(&mut chains)?,
            true => search.three(&mut chains)?,
        }
    }
    chains.sort_by_key(|(ranking, _)| *ranking);
    for (_, step) in chains {
        found(step)?;
    }
    ControlFlow::Continue(())
}

/// SukakuExplainer's order among the instances of one producer: rating,
/// then most eliminations, then fewest grouped links, then its search
/// order: the kinds of house linked, the digit (the sort is stable, so the
/// order within breaks the remaining ties).
type Ranking = (u16, std::cmp::Reverse<usize>, usize, usize, u8);

/// A chain's own part of its [`Ranking`]: rating, eliminations, grouped links.
type Merit = (u16, std::cmp::Reverse<usize>, usize);

/// The kinds of house three strong links lie in, in SukakuExplainer's
/// search order (boxes before rows before columns).
const THREE_KINDS: [[HouseKind; 3]; 10] = [
    [Box, Box, Box],
    [Box, Box, Row],
    [Box, Box, Column],
    [Box, Row, Row],
    [Box, Row, Column],
    [Box, Column, Column],
    [Row, Row, Row],
    [Row, Row, Column],
    [Row, Column, Column],
    [Column, Column, Column],
];

/// The digit's strong links, house by house (rows, columns, boxes).
fn strong_links(grid: &Grid, digit: u8, three: bool) -> Vec<StrongLink> {
    let mut links = Vec::new();
    for kind in [Row, Column, Box] {
        for house in (0..grid.houses().len()).filter(|&h| grid.house_kind(h) == kind) {
            let places = grid.cells_with(digit) & grid.house_cells(house);
            let most = if kind == Box && !three { 5 } else { 6 };
            if places.len() < 2 || places.len() > most {
                continue;
            }
            let link = |ends: [CellSet; 2], sights: [CellSet; 2], grouped| StrongLink {
                house,
                kind,
                places,
                ends: [0, 1].map(|i| End {
                    places: ends[i],
                    sight: sights[i],
                }),
                grouped,
            };
            if places.len() == 2 {
                let mut cells = places.iter();
                let (a, b) = (cells.next().unwrap_or(0), cells.next().unwrap_or(0));
                // A box pair on one line is that line's link.
                if three && kind == Box && shares(grid, a, b, &[Row, Column]) {
                    continue;
                }
                let (a, b) = (single(a), single(b));
                links.push(link([a, b], [a, b], false));
                continue;
            }
            match kind {
                Row | Column => {
                    if let Some(split) = line_split(grid, places) {
                        links.push(link(split, split, true));
                    }
                }
                _ => {
                    for (ends, sights) in box_splits(grid, house, places, three) {
                        links.push(link(ends, sights, true));
                    }
                }
            }
        }
    }
    links
}

fn single(cell: usize) -> CellSet {
    [cell].into_iter().collect()
}

/// A line's places in exactly two of its boxes: the two segments.
fn line_split(grid: &Grid, places: CellSet) -> Option<[CellSet; 2]> {
    let mut boxes: Vec<CellSet> = Vec::new();
    for cell in places.iter() {
        let segment = places & grid.house_cells(house_of(grid, cell, Box)?);
        if !boxes.contains(&segment) {
            boxes.push(segment);
        }
    }
    match boxes[..] {
        [a, b] => Some([a, b]),
        _ => None,
    }
}

/// A box's grouped links: its empty rectangle (the first crossing cell, in
/// reading order, whose row and column hold every place, with places on
/// both arms), or, for three links and no rectangle, its places split
/// between two rows or two columns. Each comes as (ends, sights).
fn box_splits(
    grid: &Grid,
    house: usize,
    places: CellSet,
    three: bool,
) -> Vec<([CellSet; 2], [CellSet; 2])> {
    let cells = grid.house_cells(house);
    let arm = |heart: usize, kind| {
        house_of(grid, heart, kind).map_or(CellSet::EMPTY, |line| cells & grid.house_cells(line))
    };
    for heart in grid.houses()[house].cells.iter().copied() {
        let (row, column) = (arm(heart, Row), arm(heart, Column));
        if !(places - (row | column)).is_empty() {
            continue;
        }
        let heart_set = single(heart);
        let (across, down) = (places & (row - heart_set), places & (column - heart_set));
        if across.is_empty() || down.is_empty() {
            return Vec::new();
        }
        let with_heart = places & heart_set;
        let mut splits = Vec::new();
        // SukakuExplainer leaves the crossing cell out of its arms when both
        // are single, or both hold two places: were the crossing cell a
        // place, that link would not be strong, so it stays with the arm
        // whose single place is at the other end.
        let crossing = !with_heart.is_empty() && (down.len() == 1) == (across.len() == 1);
        if down.len() == 1 || across.len() == 1 || crossing {
            if down.len() == 1 || crossing {
                splits.push(([down, across | with_heart], [down, across | heart_set]));
            }
            if across.len() == 1 || crossing {
                splits.push(([across, down | with_heart], [across, down | heart_set]));
            }
        } else {
            splits.push(([down, across], [down, across]));
        }
        return splits;
    }
    if !three || places.len() < 4 {
        return Vec::new();
    }
    let parts = |kind| {
        let mut lines: Vec<CellSet> = Vec::new();
        for cell in places.iter() {
            let part = arm(cell, kind) & places;
            if !lines.contains(&part) {
                lines.push(part);
            }
        }
        lines
    };
    let (rows, columns) = (parts(Row), parts(Column));
    let mut splits = Vec::new();
    for lines in [&rows, &columns] {
        if let [a, b] = lines[..] {
            splits.push(([a, b], [a, b]));
            // A two-by-two square splits both ways.
            if !(places.len() == 4 && rows.len() == 2 && columns.len() == 2) {
                break;
            }
        }
    }
    splits
}

/// The house of this kind holding the cell.
fn house_of(grid: &Grid, cell: usize, kind: HouseKind) -> Option<usize> {
    grid.cell_houses(cell)
        .iter()
        .copied()
        .find(|&h| grid.house_kind(h) == kind)
}

/// Whether two cells share a house of one of these kinds.
fn shares(grid: &Grid, a: usize, b: usize, kinds: &[HouseKind]) -> bool {
    kinds
        .iter()
        .any(|&kind| house_of(grid, a, kind).is_some_and(|h| grid.house_cells(h).contains(b)))
}

/// The column, row or box (in that order) holding all the cells.
fn common_house(grid: &Grid, cells: CellSet) -> Option<usize> {
    let first = cells.first_cell()?;
    [Column, Row, Box].into_iter().find_map(|kind| {
        let house = house_of(grid, first, kind)?;
        cells.is_subset(&grid.house_cells(house)).then_some(house)
    })
}

/// The search for one digit.
struct Search<'a> {
    grid: &'a Grid,
    digit: u8,
    technique: Technique,
    links: &'a [StrongLink],
}

/// A link walked one way: the link and the index of its first end.
type Walked = (usize, usize);

impl Search<'_> {
    /// Two links: a line first, then a parallel line, a crossing line (a
    /// column then a row) or a box.
    fn two(&self, chains: &mut Vec<(Ranking, Step)>) -> ControlFlow<()> {
        let pairs = [
            (Row, Row),
            (Column, Column),
            (Column, Row),
            (Row, Box),
            (Column, Box),
        ];
        for (set, (base_kind, cover_kind)) in pairs.into_iter().enumerate() {
            for (b, base) in self.links.iter().enumerate() {
                if base.kind != base_kind {
                    continue;
                }
                for (c, cover) in self.links.iter().enumerate() {
                    if cover.kind != cover_kind
                        || (base_kind == cover_kind && c <= b)
                        || base.places.intersects(&cover.places)
                    {
                        continue;
                    }
                    tick()?;
                    for start in 0..2 {
                        for bridge in 0..2 {
                            let path = [(b, start), (c, bridge)];
                            if let Some((merit, step)) = self.chain(&path, false) {
                                chains.push(((merit.0, merit.1, merit.2, set, self.digit), step));
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Three links, in any houses, each chain once (not also reversed).
    fn three(&self, chains: &mut Vec<(Ranking, Step)>) -> ControlFlow<()> {
        let n = self.links.len();
        for middle in 0..n {
            for first in 0..n {
                if first == middle || self.overlap(first, middle) {
                    continue;
                }
                for last in first + 1..n {
                    if last == middle || self.overlap(last, middle) || self.overlap(first, last) {
                        continue;
                    }
                    tick()?;
                    for ways in 0..8 {
                        let path = [
                            (first, ways & 1),
                            (middle, (ways >> 1) & 1),
                            (last, (ways >> 2) & 1),
                        ];
                        if let Some((merit, step)) = self.chain(&path, true) {
                            let set = self.kinds_rank(&[first, middle, last]);
                            chains.push(((merit.0, merit.1, merit.2, set, self.digit), step));
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The place of these links' kinds in [`THREE_KINDS`].
    fn kinds_rank(&self, links: &[usize; 3]) -> usize {
        let code = |kind| [Box, Row, Column].iter().position(|&k| k == kind);
        let mut kinds = links.map(|l| self.links[l].kind);
        kinds.sort_by_key(|&k| code(k));
        THREE_KINDS.iter().position(|&k| k == kinds).unwrap_or(0)
    }

    /// Whether two links are the same house or share a place.
    fn overlap(&self, a: usize, b: usize) -> bool {
        let (a, b) = (&self.links[a], &self.links[b]);
        a.house == b.house || a.places.intersects(&b.places)
    }

    /// The chain through these links, if each link's far end and the next
    /// link's near end share a house and something is eliminated.
    fn chain(&self, path: &[Walked], three: bool) -> Option<(Merit, Step)> {
        let grid = self.grid;
        let end = |(link, first): Walked, which: usize| &self.links[link].ends[first ^ which];
        let mut joins = Vec::new();
        for pair in path.windows(2) {
            let (far, near) = (end(pair[0], 1), end(pair[1], 0));
            let house = common_house(grid, far.sight | near.sight)?;
            if path.iter().any(|&(l, _)| self.links[l].house == house) {
                return None;
            }
            joins.push(house);
        }
        let (start, finish) = (end(path[0], 0), end(path[path.len() - 1], 1));
        let mut targets =
            grid.seen_by_all(&(start.sight | finish.sight)) & grid.cells_with(self.digit);
        for &(link, _) in path {
            targets -= grid.house_cells(self.links[link].house);
        }
        if three {
            for &house in &joins {
                targets -= grid.house_cells(house);
            }
        }
        if targets.is_empty() {
            return None;
        }
        let links: Vec<&StrongLink> = path.iter().map(|&(l, _)| &self.links[l]).collect();
        let grouped = links.iter().filter(|l| l.grouped).count();
        let (rating, form) = rating(&links, grouped);
        let mut step = Step::new(self.technique);
        step.houses = links.iter().map(|l| l.house).chain(joins).collect();
        let node = |e: &End| Node {
            cells: e.places.iter().collect(),
            digit: self.digit,
        };
        for (i, &walked) in path.iter().enumerate() {
            if i > 0 {
                step.links.push(Link {
                    from: node(end(path[i - 1], 1)),
                    to: node(end(walked, 0)),
                    kind: LinkKind::Weak,
                });
            }
            step.links.push(Link {
                from: node(end(walked, 0)),
                to: node(end(walked, 1)),
                kind: LinkKind::Strong,
            });
        }
        let places = links.iter().fold(CellSet::EMPTY, |all, l| all | l.places);
        step.pattern = places
            .iter()
            .map(|c| Candidate::new(c, self.digit))
            .collect();
        step.eliminations = targets
            .iter()
            .map(|c| Candidate::new(c, self.digit))
            .collect();
        step.explainer_rating = Some(rating);
        step.form = Some(form);
        Some(((rating, std::cmp::Reverse(targets.len()), grouped), step))
    }
}

/// SukakuExplainer's rating (in tenths) and the pattern's name.
fn rating(links: &[&StrongLink], grouped: usize) -> (u16, &'static str) {
    let has = |kind| links.iter().any(|l| l.kind == kind);
    let mixed = has(Row) && has(Column);
    match (links.len(), grouped > 0) {
        (2, true) if has(Box) => (43, "grouped turbot crane"),
        (2, true) if mixed => (43, "grouped 2-string kite"),
        (2, true) => (43, "grouped skyscraper"),
        (2, false) if has(Box) => (42, "turbot crane"),
        (2, false) if mixed => (41, "2-string kite"),
        (2, false) => (40, "skyscraper"),
        (_, true) => (57, "grouped"),
        (_, false) if has(Box) => (55, "with a box"),
        (_, false) if mixed => (56, "3-string kite"),
        _ => (54, "3 skyscrapers"),
    }
}
