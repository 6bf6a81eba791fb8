//! The named layouts: where each sub-grid stands, in boxes.
//!
//! A layout is written for sub-grids of any size as a position in boxes
//! per sub-grid: a row offset of `a + b·s` boxes, where `s` is one less
//! than the number of boxes down a sub-grid (2 for 9×9), and likewise for
//! columns with the boxes across. So a samurai's corner grids share one
//! box with its centre grid at every size, and a butterfly's four grids
//! stand one box apart. For 9×9 sub-grids (3×3 boxes) the origins in cells
//! are the familiar ones: samurai `(0,0) (0,12) (6,6) (12,0) (12,12)`.

/// An offset in boxes: `fixed + per_side · s`, `s` = boxes per side − 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Offset {
    fixed: i32,
    per_side: i32,
}

/// A whole number of boxes.
const fn boxes(n: i32) -> Offset {
    Offset {
        fixed: n,
        per_side: 0,
    }
}

/// `k` times (boxes per side − 1): a corner box shared.
const fn sides(k: i32) -> Offset {
    Offset {
        fixed: 0,
        per_side: k,
    }
}

/// `k · (boxes per side − 1) − 1` boxes.
const fn sides_less_one(k: i32) -> Offset {
    Offset {
        fixed: -1,
        per_side: k,
    }
}

/// A named arrangement of sub-grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedLayout {
    /// Its name, as written in files (`samurai`).
    pub name: &'static str,
    /// Other names it goes by (`gattai-5`).
    pub aliases: &'static [&'static str],
    places: &'static [(Offset, Offset)],
}

impl NamedLayout {
    /// How many sub-grids it has.
    pub fn grids(&self) -> usize {
        self.places.len()
    }

    /// The origins in cells (row, column of each sub-grid's top-left cell)
    /// for `size`×`size` sub-grids of `box_rows`×`box_cols` boxes.
    pub fn origins(&self, size: usize, box_rows: usize, box_cols: usize) -> Vec<(usize, usize)> {
        let down = (size / box_rows) as i32 - 1;
        let across = (size / box_cols) as i32 - 1;
        let cells = |offset: Offset, side: i32, per_box: usize| {
            let in_boxes = offset.fixed + offset.per_side * side;
            usize::try_from(in_boxes).unwrap_or(0) * per_box
        };
        self.places
            .iter()
            .map(|&(row, col)| (cells(row, down, box_rows), cells(col, across, box_cols)))
            .collect()
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

/// Every named layout, fewest sub-grids first.
pub const LAYOUTS: [NamedLayout; 13] = [
    NamedLayout {
        name: "twodoku",
        aliases: &[],
        places: &[at(sides(0), sides(0)), at(sides(1), sides(1))],
    },
    NamedLayout {
        name: "doubledoku",
        aliases: &[],
        places: &[at(boxes(0), boxes(0)), at(boxes(1), boxes(1))],
    },
    NamedLayout {
        name: "sensei",
        aliases: &[],
        places: &[at(boxes(0), boxes(0)), at(sides(1), boxes(1))],
    },
    NamedLayout {
        name: "tridoku",
        aliases: &["gattai-3"],
        places: &[
            at(boxes(0), boxes(1)),
            at(boxes(1), sides(1)),
            at(sides(1), boxes(0)),
        ],
    },
    NamedLayout {
        name: "wing-3",
        aliases: &[],
        places: &[
            at(sides(0), sides(0)),
            at(sides(0), sides(2)),
            at(sides(1), sides(1)),
        ],
    },
    NamedLayout {
        name: "butterfly",
        aliases: &[],
        places: &[
            at(boxes(0), boxes(0)),
            at(boxes(0), boxes(1)),
            at(boxes(1), boxes(0)),
            at(boxes(1), boxes(1)),
        ],
    },
    NamedLayout {
        name: "sohei",
        aliases: &[],
        places: &[
            at(sides(0), sides(1)),
            at(sides(1), sides(0)),
            at(sides(1), sides(2)),
            at(sides(2), sides(1)),
        ],
    },
    NamedLayout {
        name: "flower",
        aliases: &[],
        places: &[
            at(boxes(0), boxes(1)),
            at(boxes(1), boxes(0)),
            at(boxes(1), boxes(1)),
            at(boxes(1), boxes(2)),
            at(boxes(2), boxes(1)),
        ],
    },
    NamedLayout {
        name: "samurai",
        aliases: &["gattai-5"],
        places: &[
            at(sides(0), sides(0)),
            at(sides(0), sides(2)),
            at(sides(1), sides(1)),
            at(sides(2), sides(0)),
            at(sides(2), sides(2)),
        ],
    },
    NamedLayout {
        name: "windmill",
        aliases: &[],
        places: &[
            at(boxes(0), boxes(1)),
            at(boxes(1), sides(2)),
            at(sides(1), sides(1)),
            at(sides_less_one(2), boxes(0)),
            at(sides(2), sides_less_one(2)),
        ],
    },
    NamedLayout {
        name: "super-samurai",
        aliases: &["gattai-8"],
        places: &[
            at(sides(0), sides(0)),
            at(sides(0), sides(2)),
            at(sides(0), sides(4)),
            at(sides(1), sides(1)),
            at(sides(1), sides(3)),
            at(sides(2), sides(0)),
            at(sides(2), sides(2)),
            at(sides(2), sides(4)),
        ],
    },
    NamedLayout {
        name: "shogun",
        aliases: &[],
        places: &[
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
    },
    NamedLayout {
        name: "sumo",
        aliases: &[],
        places: &[
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
    },
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
        assert!(named("hexadoku").is_none());
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
