//! The named layouts: where each sub-grid stands, in boxes.
//!
//! A layout is written for sub-grids of any size as a position in boxes
//! per sub-grid: a row offset of `a + b·s` boxes, where `s` is one less
//! than the number of boxes down a sub-grid (2 for 9×9), and likewise for
//! columns with the boxes across. So a samurai's corner grids share one
//! box with its centre grid at every size, and a butterfly's four grids
//! stand one box apart. For 9×9 sub-grids (3×3 boxes) the origins in cells
//! are the familiar ones: samurai `(0,0) (0,12) (6,6) (12,0) (12,12)`.
//!
//! Three layouts are more than windows sharing boxes. Twins are two grids
//! one column apart whose digits correspond through one relabelling. The
//! clueless layouts put whole grids side by side without overlap — as many
//! as a grid has boxes, 9 for 9×9 — and add a grid of listed cells: the
//! centre cell of every box (clueless-1) or the centre box of every grid
//! (clueless-2). They need boxes of odd sides, which have a centre.

use super::arrangement::Arrangement;

/// An offset: `fixed + per_side · s` boxes (`s` = boxes per side − 1),
/// plus `grids` whole sub-grid sides and `cells` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Offset {
    fixed: i32,
    per_side: i32,
    grids: i32,
    cells: i32,
}

/// A whole number of boxes.
const fn boxes(n: i32) -> Offset {
    Offset {
        fixed: n,
        per_side: 0,
        grids: 0,
        cells: 0,
    }
}

/// `k` times (boxes per side − 1): a corner box shared.
const fn sides(k: i32) -> Offset {
    Offset {
        per_side: k,
        ..boxes(0)
    }
}

/// `k · (boxes per side − 1) − 1` boxes.
const fn sides_less_one(k: i32) -> Offset {
    Offset {
        per_side: k,
        ..boxes(-1)
    }
}

/// One sub-grid's side and one cell: the next grid past a one-cell gap.
const GRID_AND_GAP: Offset = Offset {
    grids: 1,
    cells: 1,
    ..boxes(0)
};

/// Where a layout's windows stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Places {
    /// At these offsets.
    Listed(&'static [(Offset, Offset)]),
    /// Whole grids side by side, `box_rows` down and `box_cols` across
    /// (`across_boxes`: `box_cols` down and `box_rows` across).
    Block { across_boxes: bool },
}

/// A sub-grid of listed cells beside the windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Listed {
    None,
    /// The centre cell of every box of the windows, box row by box row.
    BoxCentres,
    /// The centre box of every window, as its boxes.
    CentreBoxes,
}

/// A named arrangement of sub-grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedLayout {
    /// Its name, as written in files (`samurai`).
    pub name: &'static str,
    /// Other names it goes by (`gattai-5`).
    pub aliases: &'static [&'static str],
    /// Whether a canvas is read as this layout only under a `layout:` line
    /// naming it: its canvas cannot show all its rules (twins), or another
    /// layout draws the same cells (clueless-1 and clueless-2).
    pub named_only: bool,
    places: Places,
    listed: Listed,
    /// Whether the first two sub-grids relabel one another.
    twins: bool,
}

impl NamedLayout {
    /// How many sub-grids it has at 9×9 (a clueless layout has as many
    /// windows as a grid has boxes, and one more).
    pub fn grids(&self) -> usize {
        self.arrangement(9, 3, 3)
            .map_or(0, |a| a.origins.len() + a.scattered.len())
    }

    /// The origins in cells (row, column of each window's top-left cell)
    /// for `size`×`size` sub-grids of `box_rows`×`box_cols` boxes.
    pub fn origins(&self, size: usize, box_rows: usize, box_cols: usize) -> Vec<(usize, usize)> {
        let down = (size / box_rows) as i32 - 1;
        let across = (size / box_cols) as i32 - 1;
        let cells = |offset: Offset, side: i32, per_box: usize| {
            let in_boxes = offset.fixed + offset.per_side * side;
            let in_cells = i64::from(in_boxes) * per_box as i64
                + i64::from(offset.grids) * size as i64
                + i64::from(offset.cells);
            usize::try_from(in_cells).unwrap_or(0)
        };
        match self.places {
            Places::Listed(places) => places
                .iter()
                .map(|&(row, col)| (cells(row, down, box_rows), cells(col, across, box_cols)))
                .collect(),
            Places::Block { across_boxes } => {
                let (tall, wide) = if across_boxes {
                    (box_cols, box_rows)
                } else {
                    (box_rows, box_cols)
                };
                (0..tall * wide)
                    .map(|g| (g / wide * size, g % wide * size))
                    .collect()
            }
        }
    }

    /// Every sub-grid and relabelled pair for `size`×`size` sub-grids of
    /// `box_rows`×`box_cols` boxes; `None` where the layout needs another
    /// box shape ([`NamedLayout::box_needs`]).
    pub fn arrangement(
        &self,
        size: usize,
        box_rows: usize,
        box_cols: usize,
    ) -> Option<Arrangement> {
        let odd = box_rows % 2 == 1 && box_cols % 2 == 1;
        let scattered = match self.listed {
            Listed::None => vec![],
            Listed::BoxCentres if odd => vec![
                (0..size * size)
                    .map(|i| {
                        let (r, c) = (i / size, i % size);
                        (r * box_rows + box_rows / 2, c * box_cols + box_cols / 2)
                    })
                    .collect(),
            ],
            Listed::CentreBoxes if odd => vec![
                (0..size * size)
                    .map(|i| {
                        let (r, c) = (i / size, i % size);
                        let top = r / box_rows * size + box_cols / 2 * box_rows;
                        let left = c / box_cols * size + box_rows / 2 * box_cols;
                        (top + r % box_rows, left + c % box_cols)
                    })
                    .collect(),
            ],
            Listed::BoxCentres | Listed::CentreBoxes => return None,
        };
        Some(Arrangement {
            origins: self.origins(size, box_rows, box_cols),
            scattered,
            relabelled: if self.twins { vec![(0, 1)] } else { vec![] },
        })
    }

    /// The box shapes the layout needs, for messages (empty: any).
    pub fn box_needs(&self) -> &'static str {
        match self.listed {
            Listed::None => "",
            Listed::BoxCentres => {
                "boxes of odd sides, with a centre cell: 3×3, 3×5 or 5×5 (9×9, 15×15 or 25×25 grids)"
            }
            Listed::CentreBoxes => {
                "boxes of odd sides, so that every grid has a centre box: 3×3, 3×5 or 5×5 (9×9, 15×15 or 25×25 grids)"
            }
        }
    }

    /// Whether `name` is this layout's name or one of its aliases (any case).
    pub fn answers_to(&self, name: &str) -> bool {
        std::iter::once(&self.name)
            .chain(self.aliases)
            .any(|n| n.eq_ignore_ascii_case(name))
    }
}

const fn at(row: Offset, col: Offset) -> (Offset, Offset) {
    (row, col)
}

/// A layout of windows at `places`, read from its canvas alone.
const fn windows(
    name: &'static str,
    aliases: &'static [&'static str],
    places: &'static [(Offset, Offset)],
) -> NamedLayout {
    NamedLayout {
        name,
        aliases,
        named_only: false,
        places: Places::Listed(places),
        listed: Listed::None,
        twins: false,
    }
}

/// Every named layout, fewest sub-grids first.
pub const LAYOUTS: [NamedLayout; 16] = [
    windows(
        "twodoku",
        &[],
        &[at(sides(0), sides(0)), at(sides(1), sides(1))],
    ),
    windows(
        "doubledoku",
        &[],
        &[at(boxes(0), boxes(0)), at(boxes(1), boxes(1))],
    ),
    NamedLayout {
        name: "twins",
        aliases: &[],
        named_only: true,
        places: Places::Listed(&[at(boxes(0), boxes(0)), at(boxes(0), GRID_AND_GAP)]),
        listed: Listed::None,
        twins: true,
    },
    windows(
        "sensei",
        &[],
        &[at(boxes(0), boxes(0)), at(sides(1), boxes(1))],
    ),
    windows(
        "tridoku",
        &["gattai-3", "tripledoku"],
        &[
            at(boxes(0), boxes(1)),
            at(boxes(1), sides(1)),
            at(sides(1), boxes(0)),
        ],
    ),
    windows(
        "wing-3",
        &[],
        &[
            at(sides(0), sides(0)),
            at(sides(0), sides(2)),
            at(sides(1), sides(1)),
        ],
    ),
    windows(
        "butterfly",
        &[],
        &[
            at(boxes(0), boxes(0)),
            at(boxes(0), boxes(1)),
            at(boxes(1), boxes(0)),
            at(boxes(1), boxes(1)),
        ],
    ),
    windows(
        "sohei",
        &[],
        &[
            at(sides(0), sides(1)),
            at(sides(1), sides(0)),
            at(sides(1), sides(2)),
            at(sides(2), sides(1)),
        ],
    ),
    windows(
        "flower",
        &["flower-4"],
        &[
            at(boxes(0), boxes(1)),
            at(boxes(1), boxes(0)),
            at(boxes(1), boxes(1)),
            at(boxes(1), boxes(2)),
            at(boxes(2), boxes(1)),
        ],
    ),
    windows(
        "samurai",
        &["gattai-5"],
        &[
            at(sides(0), sides(0)),
            at(sides(0), sides(2)),
            at(sides(1), sides(1)),
            at(sides(2), sides(0)),
            at(sides(2), sides(2)),
        ],
    ),
    windows(
        "windmill",
        &["kazaguruma"],
        &[
            at(boxes(0), boxes(1)),
            at(boxes(1), sides(2)),
            at(sides(1), sides(1)),
            at(sides_less_one(2), boxes(0)),
            at(sides(2), sides_less_one(2)),
        ],
    ),
    windows(
        "super-samurai",
        &["gattai-8", "supersamurai"],
        &[
            at(sides(0), sides(0)),
            at(sides(0), sides(2)),
            at(sides(0), sides(4)),
            at(sides(1), sides(1)),
            at(sides(1), sides(3)),
            at(sides(2), sides(0)),
            at(sides(2), sides(2)),
            at(sides(2), sides(4)),
        ],
    ),
    NamedLayout {
        name: "clueless-1",
        aliases: &["clueless"],
        named_only: true,
        places: Places::Block {
            across_boxes: false,
        },
        listed: Listed::BoxCentres,
        twins: false,
    },
    NamedLayout {
        name: "clueless-2",
        aliases: &[],
        named_only: true,
        places: Places::Block { across_boxes: true },
        listed: Listed::CentreBoxes,
        twins: false,
    },
    windows(
        "shogun",
        &[],
        &[
            at(sides(0), sides(0)),
            at(sides(0), sides(2)),
            at(sides(0), sides(4)),
            at(sides(0), sides(6)),
            at(sides(1), sides(1)),
            at(sides(1), sides(3)),
            at(sides(1), sides(5)),
            at(sides(2), sides(0)),
            at(sides(2), sides(2)),
            at(sides(2), sides(4)),
            at(sides(2), sides(6)),
        ],
    ),
    windows(
        "sumo",
        &[],
        &[
            at(sides(0), sides(0)),
            at(sides(0), sides(2)),
            at(sides(0), sides(4)),
            at(sides(1), sides(1)),
            at(sides(1), sides(3)),
            at(sides(2), sides(0)),
            at(sides(2), sides(2)),
            at(sides(2), sides(4)),
            at(sides(3), sides(1)),
            at(sides(3), sides(3)),
            at(sides(4), sides(0)),
            at(sides(4), sides(2)),
            at(sides(4), sides(4)),
        ],
    ),
];

/// The layout called `name` (or one of its aliases), in any case.
pub fn named(name: &str) -> Option<&'static NamedLayout> {
    LAYOUTS.iter().find(|layout| layout.answers_to(name))
}

/// Every name and alias, for messages: `twodoku, doubledoku, …`.
pub fn names() -> String {
    let all: Vec<&str> = LAYOUTS
        .iter()
        .flat_map(|l| std::iter::once(l.name).chain(l.aliases.iter().copied()))
        .collect();
    all.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The origins in cells of the 9×9 layouts, as setters publish them.
    #[test]
    fn nine_by_nine_origins_are_the_published_ones() {
        let cells = |name: &str| named(name).unwrap().origins(9, 3, 3);
        assert_eq!(cells("twodoku"), [(0, 0), (6, 6)]);
        assert_eq!(cells("doubledoku"), [(0, 0), (3, 3)]);
        assert_eq!(cells("gattai-3"), [(0, 3), (3, 6), (6, 0)]);
        assert_eq!(cells("wing-3"), [(0, 0), (0, 12), (6, 6)]);
        assert_eq!(cells("butterfly"), [(0, 0), (0, 3), (3, 0), (3, 3)]);
        assert_eq!(cells("flower"), [(0, 3), (3, 0), (3, 3), (3, 6), (6, 3)]);
        assert_eq!(cells("sohei"), [(0, 6), (6, 0), (6, 12), (12, 6)]);
        assert_eq!(
            cells("Samurai"),
            [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]
        );
        assert_eq!(
            cells("windmill"),
            [(0, 3), (3, 12), (6, 6), (9, 0), (12, 9)]
        );
        assert_eq!(
            cells("gattai-8"),
            [
                (0, 0),
                (0, 12),
                (0, 24),
                (6, 6),
                (6, 18),
                (12, 0),
                (12, 12),
                (12, 24)
            ]
        );
        assert_eq!(cells("shogun").len(), 11);
        assert_eq!(cells("shogun")[3], (0, 36));
        assert_eq!(cells("shogun")[6], (6, 30));
        assert_eq!(cells("sumo").len(), 13);
        assert_eq!(cells("sumo")[8], (18, 6));
        assert_eq!(cells("sumo")[12], (24, 24));
        assert_eq!(cells("sensei"), [(0, 0), (6, 3)]);
        assert_eq!(cells("twins"), [(0, 0), (0, 10)]);
        let block = [0, 9, 18].map(|r| [0, 9, 18].map(|c| (r, c)));
        assert_eq!(cells("clueless"), block.concat());
        assert_eq!(cells("clueless-2"), block.concat());
        for alias in ["kazaguruma", "tripledoku", "flower-4", "supersamurai"] {
            assert!(named(alias).is_some(), "{alias}");
        }
        assert!(named("hexadoku").is_none());
    }

    /// The tenth grid of each clueless layout, as its rules describe it.
    #[test]
    fn the_clueless_tenth_grids_are_box_centres_and_centre_boxes() {
        let tenth = |name: &str| named(name).unwrap().arrangement(9, 3, 3).unwrap().scattered;
        let centres: Vec<_> = (0..81).map(|i| (i / 9 * 3 + 1, i % 9 * 3 + 1)).collect();
        assert_eq!(tenth("clueless-1"), [centres]);
        // Row 4 of the tenth grid: the middle rows of the centre boxes of
        // grids 4, 5 and 6 (rows 9 to 17 of the canvas).
        let second = &tenth("clueless-2")[0];
        assert_eq!(
            second[27..36],
            [
                (12, 3),
                (12, 4),
                (12, 5),
                (12, 12),
                (12, 13),
                (12, 14),
                (12, 21),
                (12, 22),
                (12, 23)
            ]
        );
        // 15×15 grids of 3×5 boxes: three grids down and five across for
        // the box centres, five down and three across for the centre boxes.
        let one = named("clueless-1").unwrap().arrangement(15, 3, 5).unwrap();
        assert_eq!(one.origins.len(), 15);
        assert_eq!(one.origins[14], (30, 60));
        assert_eq!(one.scattered[0][16], (4, 7));
        let two = named("clueless-2").unwrap().arrangement(15, 3, 5).unwrap();
        assert_eq!(two.origins[14], (60, 30));
        assert_eq!(two.scattered[0][0], (6, 5));
        assert!(named("clueless-1").unwrap().arrangement(4, 2, 2).is_none());
        assert_eq!(
            named("twins").unwrap().arrangement(4, 2, 2).unwrap(),
            Arrangement {
                origins: vec![(0, 0), (0, 5)],
                scattered: vec![],
                relabelled: vec![(0, 1)],
            }
        );
    }

    #[test]
    fn other_sizes_keep_the_shared_boxes() {
        // 4×4 sub-grids of 2×2 boxes: a samurai's corners share one box.
        let samurai = named("samurai").unwrap();
        assert_eq!(
            samurai.origins(4, 2, 2),
            [(0, 0), (0, 4), (2, 2), (4, 0), (4, 4)]
        );
        // 6×6 sub-grids of 2×3 boxes: three boxes down, two across.
        assert_eq!(
            samurai.origins(6, 2, 3),
            [(0, 0), (0, 6), (4, 3), (8, 0), (8, 6)]
        );
        assert_eq!(
            named("butterfly").unwrap().origins(4, 2, 2),
            [(0, 0), (0, 2), (2, 0), (2, 2)]
        );
    }
}
