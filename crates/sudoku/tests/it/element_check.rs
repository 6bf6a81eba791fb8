//! The independent checker on variant elements and the negative rules:
//! for every kind, a solved grid that keeps its marks passes, and the same
//! grid with two digits swapped everywhere (or two rows of a band swapped,
//! for rules that only compare cells) still fills every house but breaks
//! one mark, named by kind and number in the exact message.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::{
    Direction, Dot, Element, Extremum, Indexer, Negative, Outside, Puzzle, Rules, check_solution,
    parse_cell_name,
};

/// A solved classic 9×9 grid, row by row.
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn solved() -> Vec<u8> {
    SOLVED.bytes().map(|b| b - b'0').collect()
}

/// The grid with digits `a` and `b` exchanged everywhere: still a solution
/// of the houses.
fn relabel(grid: &[u8], a: u8, b: u8) -> Vec<u8> {
    grid.iter()
        .map(|&d| match d {
            d if d == a => b,
            d if d == b => a,
            d => d,
        })
        .collect()
}

/// The grid with rows `a` and `b` (1-based, one band) exchanged.
fn swap_rows(grid: &[u8], a: usize, b: usize) -> Vec<u8> {
    let mut rows: Vec<&[u8]> = grid.chunks(9).collect();
    rows.swap(a - 1, b - 1);
    rows.concat()
}

fn cell(name: &str) -> usize {
    parse_cell_name(9, name).unwrap()
}

fn line(names: &[&str]) -> Vec<usize> {
    names.iter().map(|n| cell(n)).collect()
}

fn pair(a: &str, b: &str) -> [usize; 2] {
    [cell(a), cell(b)]
}

fn outside(name: &str) -> Outside {
    Outside::parse(9, name).unwrap()
}

/// A classic 9×9 puzzle without givens, with `elements` and `negative`.
fn puzzle(elements: Vec<Element>, negative: Negative) -> Puzzle {
    let mut rules = Rules::classic(9).unwrap().with_negative(negative);
    for element in elements {
        rules = rules.with_element(element).unwrap();
    }
    Puzzle::new(rules, vec![0; 81]).unwrap()
}

/// Checks that the solved grid passes and `broken` fails with `message`.
fn holds_then_breaks(elements: Vec<Element>, broken: &[u8], message: &str) {
    let p = puzzle(elements, Negative::default());
    assert_eq!(check_solution(&p, &solved()), Ok(()));
    let err = check_solution(&p, broken).unwrap_err();
    assert_eq!(err.to_string(), message);
}

#[test]
fn thermometers_rise_and_slow_ones_never_fall() {
    let thermo = |names: &[&str], slow| Element::Thermometer {
        cells: line(names),
        slow,
    };
    holds_then_breaks(
        vec![
            thermo(&["r2c4", "r3c4", "r4c4"], false),
            thermo(&["r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7"], false),
        ],
        &relabel(&solved(), 4, 6),
        "thermometer 1: r1c4 holds 4, not more than r1c3's 6",
    );
    holds_then_breaks(
        vec![thermo(&["r2c4", "r2c3", "r1c3", "r1c4"], true)],
        &relabel(&solved(), 1, 2),
        "slow thermometer 1: r2c3 holds 1, less than r2c4's 2",
    );
}

#[test]
fn arrows_add_up_to_their_circle_read_as_a_number() {
    let arrow = |circle: &[&str], cells: &[&str]| Element::Arrow {
        circle: line(circle),
        line: line(cells),
    };
    holds_then_breaks(
        vec![
            arrow(&["r1c6"], &["r2c6", "r3c6", "r4c6"]),
            arrow(&["r3c1", "r3c2"], &["r4c1", "r5c1", "r6c1"]),
        ],
        &relabel(&solved(), 5, 6),
        "arrow 1: the circle reads 8 but the line adds up to 9",
    );
    holds_then_breaks(
        vec![arrow(&["r3c1", "r3c2"], &["r4c1", "r5c1", "r6c1"])],
        &relabel(&solved(), 4, 5),
        "arrow 1: the circle reads 19 but the line adds up to 20",
    );
}

#[test]
fn little_killers_add_up_along_their_diagonal_in_all_four_directions() {
    let lk = |clue: &str, direction, sum| Element::LittleKiller {
        clue: outside(clue),
        direction,
        sum,
    };
    holds_then_breaks(
        vec![
            lk("r0c0", Direction::DownRight, 50),
            lk("r10c3", Direction::UpRight, 30),
            lk("r5c10", Direction::UpLeft, 20),
            lk("r0c4", Direction::DownLeft, 12),
        ],
        &relabel(&solved(), 3, 4),
        "little killer 2 (r0c4 down-left): the diagonal adds up to 11, expected 12",
    );
}

#[test]
fn sandwiches_add_up_between_the_one_and_the_nine() {
    let sandwich = |clue: &str, sum| Element::Sandwich {
        clue: outside(clue),
        sum,
    };
    holds_then_breaks(
        vec![
            sandwich("r0c1", 19),
            sandwich("r10c1", 19),
            sandwich("r1c0", 0),
            sandwich("r0c5", 20),
        ],
        &relabel(&solved(), 4, 5),
        "sandwich 1 (r0c1): the digits between the 1 and the 9 add up to 20, expected 19",
    );
}

#[test]
fn x_sums_add_up_the_first_k_digits_seen() {
    let x_sum = |clue: &str, sum| Element::XSum {
        clue: outside(clue),
        sum,
    };
    holds_then_breaks(
        vec![
            x_sum("r1c0", 25),
            x_sum("r1c10", 3),
            x_sum("r10c9", 45),
            x_sum("r0c1", 24),
        ],
        &relabel(&solved(), 2, 3),
        "x-sum 2 (r1c0): the first 5 digits add up to 24, expected 25",
    );
}

#[test]
fn skyscrapers_count_the_digits_seen() {
    let sky = |clue: &str, count| Element::Skyscraper {
        clue: outside(clue),
        count,
    };
    holds_then_breaks(
        vec![sky("r1c0", 5), sky("r1c10", 2), sky("r0c1", 4)],
        &relabel(&solved(), 5, 6),
        "skyscraper 1 (r0c1): the number of visible digits is 3, expected 4",
    );
}

#[test]
fn kropki_dots_keep_their_difference_and_ratio() {
    let dot = |a: &str, b: &str, dot, value| Element::Kropki {
        cells: pair(a, b),
        dot,
        value,
    };
    holds_then_breaks(
        vec![
            dot("r1c4", "r1c5", Dot::White, 1),
            dot("r1c1", "r1c2", Dot::White, 2),
            dot("r1c2", "r1c3", Dot::White, 1),
        ],
        &relabel(&solved(), 4, 5),
        "white dot 1 (r1c1, r1c2): 4 and 3 do not differ by 2",
    );
    holds_then_breaks(
        vec![
            dot("r1c8", "r1c9", Dot::Black, 2),
            dot("r2c4", "r2c3", Dot::Black, 2),
            dot("r2c4", "r3c4", Dot::Black, 3),
        ],
        &relabel(&solved(), 2, 3),
        "black dot 1 (r1c8, r1c9): neither of 1 and 3 is 2 times the other",
    );
}

#[test]
fn xv_marks_keep_their_sum() {
    let xv = |a: &str, b: &str, sum| Element::Xv {
        cells: pair(a, b),
        sum,
    };
    holds_then_breaks(
        vec![
            xv("r1c7", "r1c8", 10),
            xv("r1c3", "r1c4", 10),
            xv("r4c6", "r4c7", 5),
        ],
        &relabel(&solved(), 4, 6),
        "xv 3 (r4c6, r4c7): 1 and 6 do not add up to 5",
    );
}

#[test]
fn whispers_keep_neighbours_apart() {
    holds_then_breaks(
        vec![
            Element::Whisper {
                cells: line(&["r1c7", "r1c8", "r2c9", "r1c9"]),
                difference: 5,
            },
            Element::Whisper {
                cells: line(&["r2c4", "r2c5", "r2c6"]),
                difference: 4,
            },
        ],
        &relabel(&solved(), 1, 4),
        "whisper 1: r1c8 and r2c9 hold 4 and 8, less than 5 apart",
    );
}

#[test]
fn renbans_hold_a_run_of_different_digits() {
    let renban = |names: &[&str]| Element::Renban { cells: line(names) };
    holds_then_breaks(
        vec![
            renban(&["r2c3", "r2c4", "r3c4"]),
            renban(&["r1c4", "r1c5", "r1c6", "r1c7"]),
        ],
        &relabel(&solved(), 3, 5),
        "renban 2: 1, 2, 5 are not consecutive digits",
    );
    // Cells of different houses may repeat a digit; a renban may not.
    let p = puzzle(vec![renban(&["r1c1", "r5c5"])], Negative::default());
    assert_eq!(
        check_solution(&p, &solved()).unwrap_err().to_string(),
        "renban 1: r1c1 and r5c5 both hold 5"
    );
}

#[test]
fn palindromes_and_clones_compare_cells() {
    holds_then_breaks(
        vec![Element::Palindrome {
            cells: line(&["r3c3", "r3c2", "r4c1"]),
        }],
        &swap_rows(&solved(), 4, 5),
        "palindrome 1: r3c3 holds 8 but r4c1 holds 4",
    );
    holds_then_breaks(
        vec![Element::Clone {
            cells: line(&["r1c1", "r1c2"]),
            copy: line(&["r7c4", "r7c5"]),
        }],
        &swap_rows(&solved(), 1, 2),
        "clone 1: r1c1 holds 6 but its copy r7c4 holds 5",
    );
}

#[test]
fn between_lines_stay_strictly_inside_their_ends() {
    holds_then_breaks(
        vec![Element::Between {
            cells: line(&["r3c1", "r2c1", "r1c1", "r1c2", "r2c2"]),
        }],
        &relabel(&solved(), 6, 7),
        "between line 1: r2c1 holds 7, not strictly between 1 and 6",
    );
}

#[test]
fn region_sum_lines_add_up_alike_in_every_box() {
    holds_then_breaks(
        vec![Element::RegionSum {
            cells: line(&["r2c3", "r3c3", "r3c4", "r2c4", "r1c4"]),
        }],
        &relabel(&solved(), 1, 2),
        "region-sum line 1: the piece r3c4…r1c4 adds up to 11, the first piece r2c3…r3c3 to 9",
    );
}

#[test]
fn region_sum_pieces_are_runs_within_one_jigsaw_region() {
    // Regions AABB / ACCB / ACCB / DDDD. The second line, r1c1 → r2c1 →
    // r2c2 → r1c2, leaves region A and comes back: three pieces, not two.
    let regions = "AABBACCBACCBDDDD".bytes().map(|b| b - b'A').collect();
    let rules = Rules::jigsaw(4, regions)
        .unwrap()
        .with_element(Element::RegionSum {
            cells: vec![0, 1, 2],
        })
        .unwrap()
        .with_element(Element::RegionSum {
            cells: vec![0, 4, 5, 1],
        })
        .unwrap();
    let p = Puzzle::new(rules, vec![0; 16]).unwrap();
    let grid = [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3];
    assert_eq!(
        check_solution(&p, &grid).unwrap_err().to_string(),
        "region-sum line 2: the piece r1c2 adds up to 2, the first piece r1c1…r2c1 to 4"
    );
}

#[test]
fn zipper_lines_add_up_around_their_middle() {
    let zipper = |names: &[&str]| Element::Zipper { cells: line(names) };
    let lines = || {
        vec![
            zipper(&["r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]),
            zipper(&["r3c8", "r4c8", "r5c8", "r6c8"]),
        ]
    };
    holds_then_breaks(
        lines(),
        &relabel(&solved(), 1, 2),
        "zipper line 1: r1c5 and r1c9 add up to 8, not r1c7's 9",
    );
    holds_then_breaks(
        lines(),
        &relabel(&solved(), 4, 5),
        "zipper line 2: r4c8 and r5c8 add up to 11 but r3c8 and r6c8 to 10",
    );
}

#[test]
fn entropic_and_modular_lines_mix_every_three_cells() {
    holds_then_breaks(
        vec![Element::Entropic {
            cells: line(&["r1c2", "r1c1", "r2c2", "r3c1", "r4c2"]),
        }],
        &relabel(&solved(), 1, 4),
        "entropic line 1: r1c1, r2c2, r3c1 hold 5, 7 and 4, not one low, one middle and one high digit",
    );
    holds_then_breaks(
        vec![Element::Modular {
            cells: line(&["r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]),
        }],
        &relabel(&solved(), 2, 3),
        "modular line 1: r1c7, r1c8, r1c9 hold 9, 1 and 3, not three different residues mod 3",
    );
}

#[test]
fn minimum_and_maximum_cells_beat_their_neighbours() {
    let extremum = |name: &str, kind| Element::Extremum {
        cell: cell(name),
        kind,
    };
    let marks = || {
        vec![
            extremum("r1c8", Extremum::Minimum),
            extremum("r4c6", Extremum::Minimum),
            extremum("r1c7", Extremum::Maximum),
            extremum("r2c5", Extremum::Maximum),
        ]
    };
    holds_then_breaks(
        marks(),
        &relabel(&solved(), 1, 2),
        "minimum 1: r1c8 holds 2, not less than r1c9's 1",
    );
    holds_then_breaks(
        marks(),
        &relabel(&solved(), 8, 9),
        "maximum 1: r1c7 holds 8, not more than r1c6's 9",
    );
}

#[test]
fn quadruples_hold_their_digits_as_often_as_listed() {
    let quad = |digits: Vec<u8>| Element::Quadruple {
        cells: line(&["r1c1", "r1c2", "r2c1", "r2c2"]),
        digits,
    };
    holds_then_breaks(
        vec![quad(vec![3, 5]), quad(vec![3, 5, 6, 7])],
        &relabel(&solved(), 5, 8),
        "quadruple 1: r1c1, r1c2, r2c1, r2c2 hold 0 of digit 5, expected at least 1",
    );
    let p = puzzle(vec![quad(vec![5, 5])], Negative::default());
    assert_eq!(
        check_solution(&p, &solved()).unwrap_err().to_string(),
        "quadruple 1: r1c1, r1c2, r2c1, r2c2 hold 1 of digit 5, expected at least 2"
    );
}

/// Every orthogonal pair of `grid` (each cell with its right, then lower
/// neighbour) whose digits `related` accepts.
fn related_pairs(grid: &[u8], related: impl Fn(u8, u8) -> bool) -> Vec<[usize; 2]> {
    let mut pairs = Vec::new();
    for cell in 0..81 {
        let right = (cell % 9 < 8).then_some(cell + 1);
        let below = (cell < 72).then_some(cell + 9);
        for other in [right, below].into_iter().flatten() {
            if related(grid[cell], grid[other]) {
                pairs.push([cell, other]);
            }
        }
    }
    pairs
}

/// The negative rule holds with a mark on every pair it would catch, and
/// fails once the mark at `dropped` goes.
fn negative_needs_every_mark(
    negative: Negative,
    mark: impl Fn([usize; 2]) -> Element,
    related: impl Fn(u8, u8) -> bool,
    dropped: [usize; 2],
    message: &str,
) {
    let grid = solved();
    let pairs = related_pairs(&grid, related);
    assert!(pairs.contains(&dropped));
    let all: Vec<Element> = pairs.iter().map(|&p| mark(p)).collect();
    assert_eq!(check_solution(&puzzle(all, negative), &grid), Ok(()));
    let missing: Vec<Element> = pairs
        .iter()
        .filter(|&&p| p != dropped)
        .map(|&p| mark(p))
        .collect();
    let err = check_solution(&puzzle(missing, negative), &grid).unwrap_err();
    assert_eq!(err.to_string(), message);
}

#[test]
fn negative_rules_catch_every_pair_without_its_mark() {
    let white = Negative {
        white: true,
        ..Negative::default()
    };
    negative_needs_every_mark(
        white,
        |cells| Element::Kropki {
            cells,
            dot: Dot::White,
            value: 1,
        },
        |a, b| a.abs_diff(b) == 1,
        pair("r4c4", "r4c5"),
        "negative constraint: r4c4 and r4c5 hold 7 and 6 without a white dot between them",
    );
    let black = Negative {
        black: true,
        ..Negative::default()
    };
    negative_needs_every_mark(
        black,
        |cells| Element::Kropki {
            cells,
            dot: Dot::Black,
            value: 2,
        },
        |a, b| a == 2 * b || b == 2 * a,
        pair("r2c3", "r2c4"),
        "negative constraint: r2c3 and r2c4 hold 2 and 1 without a black dot between them",
    );
    let x = Negative {
        x: true,
        ..Negative::default()
    };
    negative_needs_every_mark(
        x,
        |cells| Element::Xv { cells, sum: 10 },
        |a, b| a + b == 10,
        pair("r1c3", "r1c4"),
        "negative constraint: r1c3 and r1c4 hold 4 and 6 without an X between them",
    );
    let v = Negative {
        v: true,
        ..Negative::default()
    };
    negative_needs_every_mark(
        v,
        |cells| Element::Xv { cells, sum: 5 },
        |a, b| a + b == 5,
        pair("r4c6", "r4c7"),
        "negative constraint: r4c6 and r4c7 hold 1 and 4 without a V between them",
    );
}

#[test]
fn a_mark_frees_its_pair_of_both_negatives_of_its_family() {
    // r1c8 and r1c9 hold 1 and 2: one apart and one twice the other. A
    // white dot there frees them of the black negative too.
    let grid = solved();
    let both = Negative {
        white: true,
        black: true,
        ..Negative::default()
    };
    let mut marks: Vec<Element> = related_pairs(&grid, |a, b| a.abs_diff(b) == 1)
        .into_iter()
        .map(|cells| Element::Kropki {
            cells,
            dot: Dot::White,
            value: 1,
        })
        .collect();
    let doubles = related_pairs(&grid, |a, b| {
        (a == 2 * b || b == 2 * a) && a.abs_diff(b) != 1
    });
    marks.extend(doubles.into_iter().map(|cells| Element::Kropki {
        cells,
        dot: Dot::Black,
        value: 2,
    }));
    assert_eq!(check_solution(&puzzle(marks, both), &grid), Ok(()));
    // Without the marks the first pair in reading order is caught: r1c1
    // with its lower neighbour (its right one, r1c2, holds 3).
    assert_eq!(
        check_solution(&puzzle(Vec::new(), both), &grid)
            .unwrap_err()
            .to_string(),
        "negative constraint: r1c1 and r2c1 hold 5 and 6 without a white dot between them"
    );
    // X and V negatives together, each pair marked with its own sum.
    let xv = Negative {
        x: true,
        v: true,
        ..Negative::default()
    };
    let crosses: Vec<Element> = related_pairs(&grid, |a, b| a + b == 10 || a + b == 5)
        .into_iter()
        .map(|[a, b]| Element::Xv {
            cells: [a, b],
            sum: u32::from(grid[a] + grid[b]),
        })
        .collect();
    assert_eq!(check_solution(&puzzle(crosses, xv), &grid), Ok(()));
}

#[test]
fn indexers_name_the_cell_holding_their_position() {
    let indexer = |name: &str, kind| Element::Indexer {
        cell: cell(name),
        kind,
    };
    // r4c3 holds 9: r4c9 holds 3.
    holds_then_breaks(
        vec![indexer("r4c3", Indexer::Column)],
        &relabel(&solved(), 3, 5),
        "column indexer 1 (r4c3): r4c3 holds 9, but r4c9 holds 5, not 3",
    );
    // r2c8 holds 4: r4c8 holds 2.
    holds_then_breaks(
        vec![indexer("r2c8", Indexer::Row)],
        &swap_rows(&solved(), 4, 5),
        "row indexer 1 (r2c8): r2c8 holds 4, but r4c8 holds 9, not 2",
    );
    // r4c1, the first cell of box 4, holds 8: its eighth cell r6c2 holds 1.
    holds_then_breaks(
        vec![indexer("r4c1", Indexer::Box)],
        &relabel(&solved(), 1, 2),
        "box indexer 1 (r4c1): r4c1 holds 8, but r6c2 holds 2, not 1",
    );
    // An indexer holding its own position names itself.
    let p = puzzle(vec![indexer("r1c5", Indexer::Column)], Negative::default());
    let mut grid = solved();
    assert_eq!(grid[4], 7);
    grid = relabel(&grid, 7, 5);
    assert_eq!(check_solution(&p, &grid), Ok(()));
}

#[test]
fn box_indexers_follow_jigsaw_regions() {
    // Region 0 is r1c1, r1c2, r1c3, r2c1 (in reading order).
    let regions: Vec<u8> = "0001011122232333".bytes().map(|b| b - b'0').collect();
    let rules = Rules::jigsaw(4, regions)
        .unwrap()
        .with_element(Element::Indexer {
            cell: 0,
            kind: Indexer::Box,
        })
        .unwrap();
    let p = Puzzle::new(rules, vec![0; 16]).unwrap();
    // r1c1 holding 4 puts 1 in the region's fourth cell, r2c1.
    let grid = [4, 2, 3, 1, 1, 3, 2, 4, 2, 1, 4, 3, 3, 4, 1, 2];
    assert_eq!(check_solution(&p, &grid), Ok(()));
    let other = [4, 1, 2, 3, 3, 2, 1, 4, 1, 3, 4, 2, 2, 4, 3, 1];
    assert_eq!(
        check_solution(&p, &other).unwrap_err().to_string(),
        "box indexer 1 (r1c1): r1c1 holds 4, but r2c1 holds 3, not 1"
    );
}

#[test]
fn greater_than_signs_and_products_compare_two_cells() {
    // r1c1 holds 5, r1c2 holds 3.
    holds_then_breaks(
        vec![Element::GreaterThan {
            cells: pair("r1c1", "r1c2"),
        }],
        &relabel(&solved(), 3, 6),
        "greater-than 1 (r1c1, r1c2): r1c1 holds 5, not more than r1c2's 6",
    );
    holds_then_breaks(
        vec![Element::Product {
            cells: pair("r1c1", "r1c2"),
            product: 15,
        }],
        &relabel(&solved(), 3, 4),
        "product 1 (r1c1, r1c2): 5 and 4 do not multiply to 15",
    );
}

#[test]
fn parity_nabner_and_lockout_lines() {
    // Row 1: 5 3 4 6 7 8 9 1 2.
    holds_then_breaks(
        vec![Element::ParityLine {
            cells: line(&["r1c3", "r1c2", "r2c3"]),
        }],
        &relabel(&solved(), 4, 5),
        "parity line 1: r1c3 and r1c2 hold 5 and 3, both odd",
    );
    holds_then_breaks(
        vec![Element::Nabner {
            cells: line(&["r1c1", "r1c2", "r1c8"]),
        }],
        &relabel(&solved(), 1, 4),
        "nabner line 1: r1c1 and r1c8 hold 5 and 4, consecutive",
    );
    // The ends hold 5 and 1 (4 apart); 7, 8, 9 lie outside.
    let lockout = |difference| Element::Lockout {
        cells: line(&["r1c1", "r1c5", "r1c6", "r1c7", "r1c8"]),
        difference,
    };
    holds_then_breaks(
        vec![lockout(4)],
        &relabel(&solved(), 8, 2),
        "lockout line 1: r1c6 holds 2, not outside the ends' 5 and 1",
    );
    holds_then_breaks(
        vec![lockout(4)],
        &relabel(&solved(), 1, 2),
        "lockout line 1: the ends r1c1 and r1c8 hold 5 and 2, less than 4 apart",
    );
}

#[test]
fn frame_sums_add_up_one_box_deep() {
    // Column 1 starts 5, 6, 1; row 1 ends 9, 1, 2.
    holds_then_breaks(
        vec![
            Element::FrameSum {
                clue: outside("r1c10"),
                sum: 12,
            },
            Element::FrameSum {
                clue: outside("r0c1"),
                sum: 12,
            },
        ],
        &relabel(&solved(), 1, 3),
        "frame sum 1 (r0c1): the first 3 digits add up to 14, expected 12",
    );
    // On 6×6 boxes of 2 rows × 3 columns: two cells seen from above, three from the side.
    let rules = Rules::classic(6)
        .unwrap()
        .with_element(Element::FrameSum {
            clue: Outside::parse(6, "r0c1").unwrap(),
            sum: 5,
        })
        .unwrap()
        .with_element(Element::FrameSum {
            clue: Outside::parse(6, "r1c0").unwrap(),
            sum: 6,
        })
        .unwrap();
    let p = Puzzle::new(rules, vec![0; 36]).unwrap();
    let grid: Vec<u8> = "123456456123231564564231312645645312"
        .bytes()
        .map(|b| b - b'0')
        .collect();
    assert_eq!(check_solution(&p, &grid), Ok(()));
}

#[test]
fn counting_circles_hold_each_digit_as_often_as_it_says() {
    // r1c8 holds 1; r1c9 and r2c3 hold 2.
    holds_then_breaks(
        vec![Element::CountingCircles {
            cells: line(&["r1c8", "r1c9", "r2c3"]),
        }],
        &relabel(&solved(), 1, 2),
        "counting circles 1: 2 stands in 1 of the circles (r1c8), expected 2",
    );
}

#[test]
fn one_two_three_clues_name_the_first_of_1_2_3() {
    // Row 1 read from the left: 5 3 …; column 9 read from below: 9 5 4 6 1 …
    holds_then_breaks(
        vec![
            Element::FirstOfOneTwoThree {
                clue: outside("r10c9"),
                digit: 1,
            },
            Element::FirstOfOneTwoThree {
                clue: outside("r1c0"),
                digit: 3,
            },
        ],
        &relabel(&solved(), 3, 2),
        "123 clue 1 (r1c0): the first of 1, 2, 3 seen is 2, expected 3",
    );
}

#[test]
fn count_different_lines_hold_so_many_different_digits() {
    // r1c1, r2c6 and r3c1 hold 5, 5 and 1; with rows 1 and 2 swapped, 6, 8 and 1.
    holds_then_breaks(
        vec![Element::CountDifferent {
            cells: line(&["r1c1", "r2c6", "r3c1"]),
            count: 2,
        }],
        &swap_rows(&solved(), 1, 2),
        "count-different line 1: the cells hold 3 different digits (1, 6, 8), expected 2",
    );
}

#[test]
fn cupid_arrows_find_their_digit_again_where_they_point() {
    // r1c1's 5 stands again at r5c5; with rows 4 and 5 swapped, nowhere.
    holds_then_breaks(
        vec![Element::Cupid {
            cell: cell("r1c1"),
            cells: line(&["r2c2", "r3c3", "r4c4", "r5c5"]),
        }],
        &swap_rows(&solved(), 4, 5),
        "cupid arrow 1 (r1c1): r1c1 holds 5, which none of r2c2, r3c3, r4c4, r5c5 holds",
    );
}

#[test]
fn isomorphic_twins_repeat_digits_in_the_same_places() {
    // 5, 5, 3 against 6, 6, 1; with rows 5 and 6 swapped, r5c3 holds 3.
    holds_then_breaks(
        vec![Element::Twins {
            cells: line(&["r1c1", "r4c2", "r1c2"]),
            twin: line(&["r1c4", "r5c3", "r2c4"]),
        }],
        &swap_rows(&solved(), 5, 6),
        "isomorphic twins 1: r1c1 and r4c2 hold 5 and 5, but r1c4 and r5c3 hold 6 and 3",
    );
}
