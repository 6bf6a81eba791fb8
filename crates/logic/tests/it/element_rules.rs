//! The deductions of indexers, greater-than signs, product clues, parity,
//! nabner and lockout lines, frame sums, counting circles and "123" clues
//! on constructed positions: each removes exactly the candidates expected,
//! names its element, and finds nothing where nothing follows. Cupid
//! arrows, count-different lines and isomorphic twins link and separate
//! cells, and forcing nets stop where an assumption breaks an element.

use fdoku_logic::{Grid, Technique};
use fdoku_sudoku::{Element, Indexer, Outside, Rules, cell_name};

use super::variants::{all_removed, at, empty, names, rules_with};

/// Leaves `cell` only `digits`.
fn keep(grid: &mut Grid, cell: usize, digits: &[u8]) {
    for d in 1..=9 {
        if !digits.contains(&d) {
            grid.eliminate(cell, d);
        }
    }
}

/// The digits 1 to 9 but `but`.
fn all_but(but: &[u8]) -> Vec<u8> {
    (1..=9).filter(|d| !but.contains(d)).collect()
}

#[test]
fn greater_than_keeps_the_larger_digit_above_the_smaller() {
    let rules = rules_with(vec![Element::GreaterThan {
        cells: [at(1, 1), at(1, 2)],
    }]);
    let mut grid = empty(&rules);
    let steps = Technique::GreaterThan.find_all(&grid);
    assert_eq!(steps[0].elements, [0]);
    assert!(
        steps[0]
            .reason
            .as_deref()
            .unwrap()
            .starts_with("greater-than 1 (r1c1, r1c2)"),
        "{:?}",
        steps[0].reason
    );
    assert_eq!(
        all_removed(Technique::GreaterThan, &grid),
        names(&[(at(1, 1), &[1]), (at(1, 2), &[9])])
    );
    keep(&mut grid, at(1, 1), &[5, 6]);
    keep(&mut grid, at(1, 2), &[1, 2]);
    assert!(Technique::GreaterThan.find_all(&grid).is_empty());
}

#[test]
fn product_clue_keeps_the_factor_pairs() {
    let rules = rules_with(vec![Element::Product {
        cells: [at(1, 1), at(1, 2)],
        product: 12,
    }]);
    let mut grid = empty(&rules);
    let gone = all_but(&[2, 3, 4, 6]);
    assert_eq!(
        all_removed(Technique::ProductClue, &grid),
        names(&[(at(1, 1), &gone), (at(1, 2), &gone)])
    );
    keep(&mut grid, at(1, 1), &[2, 6]);
    keep(&mut grid, at(1, 2), &[2, 6]);
    assert!(Technique::ProductClue.find_all(&grid).is_empty());
}

#[test]
fn parity_line_alternates_and_counts_a_house() {
    let rules = rules_with(vec![Element::ParityLine {
        cells: vec![at(1, 1), at(1, 2), at(1, 3)],
    }]);
    let mut grid = empty(&rules);
    assert!(Technique::ParityLine.find_all(&grid).is_empty());
    keep(&mut grid, at(1, 1), &[1, 3]);
    assert_eq!(
        all_removed(Technique::ParityLine, &grid),
        names(&[(at(1, 2), &[1, 3, 5, 7, 9]), (at(1, 3), &[2, 4, 6, 8])])
    );
    // Along the whole of row 1, five cells share a parity: only the odd
    // digits are five.
    let row = rules_with(vec![Element::ParityLine {
        cells: (1..=9).map(|c| at(1, c)).collect(),
    }]);
    let odd_places: Vec<(usize, &[u8])> = (1..=9)
        .map(|c| match c % 2 {
            1 => (at(1, c), &[2u8, 4, 6, 8][..]),
            _ => (at(1, c), &[1u8, 3, 5, 7, 9][..]),
        })
        .collect();
    assert_eq!(
        all_removed(Technique::ParityLine, &empty(&row)),
        names(&odd_places)
    );
}

#[test]
fn nabner_line_of_five_holds_the_odd_digits() {
    let cells: Vec<usize> = (1..=5).map(|i| at(i, i)).collect();
    let rules = rules_with(vec![Element::Nabner {
        cells: cells.clone(),
    }]);
    let evens: Vec<(usize, &[u8])> = cells.iter().map(|&c| (c, &[2u8, 4, 6, 8][..])).collect();
    assert_eq!(
        all_removed(Technique::NabnerLine, &empty(&rules)),
        names(&evens)
    );
    let short = rules_with(vec![Element::Nabner {
        cells: vec![at(1, 1), at(1, 2), at(1, 3)],
    }]);
    assert!(Technique::NabnerLine.find_all(&empty(&short)).is_empty());
}

#[test]
fn column_indexer_points_at_the_place_of_its_column_number() {
    // r1c1's digit X puts 1 in column X of row 1.
    let rules = rules_with(vec![Element::Indexer {
        cell: at(1, 1),
        kind: Indexer::Column,
    }]);
    let mut grid = empty(&rules);
    assert!(Technique::Indexer.find_all(&grid).is_empty());
    keep(&mut grid, at(1, 1), &[3, 5]);
    // The 1 stands in r1c3 or r1c5; r1c3's 5 would leave the indexer 3,
    // which needs the 1 there (and r1c5's 3 likewise).
    let mut elsewhere: Vec<(usize, &[u8])> = [2, 4, 6, 7, 8, 9]
        .iter()
        .map(|&c| (at(1, c), &[1u8][..]))
        .collect();
    elsewhere.extend([(at(1, 3), &[5u8][..]), (at(1, 5), &[3u8][..])]);
    assert_eq!(all_removed(Technique::Indexer, &grid), names(&elsewhere));
    // The 1 can stand only in r1c3: the indexer holds 3, which leaves the
    // rest of the row.
    keep(&mut grid, at(1, 5), &[2, 4]);
    for c in [2, 4, 6, 7, 8, 9] {
        grid.eliminate(at(1, c), 1);
    }
    let not_one = all_but(&[1]);
    let mut expected: Vec<(usize, &[u8])> = [2, 4, 6, 7, 8, 9]
        .iter()
        .map(|&c| (at(1, c), &[3u8][..]))
        .collect();
    expected.extend([(at(1, 1), &[5u8][..]), (at(1, 3), &not_one[..])]);
    assert_eq!(all_removed(Technique::Indexer, &grid), names(&expected));
}

#[test]
fn lockout_ends_lock_the_inside_out() {
    let line = vec![at(1, 1), at(1, 2), at(1, 3)];
    let rules = rules_with(vec![Element::Lockout {
        cells: line.clone(),
        difference: 4,
    }]);
    // On an empty grid only the inside's 5 goes.
    let mut values = vec![0; 81];
    assert_eq!(
        all_removed(Technique::LockoutLine, &empty(&rules)),
        names(&[(at(1, 2), &[5])])
    );
    values[at(1, 1)] = 2;
    let grid = Grid::with_values(&rules, &values);
    let steps = Technique::LockoutLine.find_all(&grid);
    assert_eq!(steps[0].elements, [0]);
    assert_eq!(
        all_removed(Technique::LockoutLine, &grid),
        names(&[(at(1, 2), &[3, 4, 5, 6]), (at(1, 3), &[1, 3, 4, 5])])
    );
    let mut settled = grid.clone();
    settled.apply(&steps[0]);
    assert!(Technique::LockoutLine.find_all(&settled).is_empty());
}

#[test]
fn frame_sum_of_six_puts_one_two_three_at_the_edge() {
    let above = Outside { row: 0, col: 1 };
    let rules = rules_with(vec![Element::FrameSum {
        clue: above,
        sum: 6,
    }]);
    let mut expected: Vec<(usize, &[u8])> = Vec::new();
    let high = all_but(&[1, 2, 3]);
    for r in 1..=9 {
        match r <= 3 {
            true => expected.push((at(r, 1), &high)),
            false => expected.push((at(r, 1), &[1, 2, 3])),
        }
    }
    assert_eq!(
        all_removed(Technique::FrameSum, &empty(&rules)),
        names(&expected)
    );
    let loose = rules_with(vec![Element::FrameSum {
        clue: above,
        sum: 15,
    }]);
    assert!(Technique::FrameSum.find_all(&empty(&loose)).is_empty());
}

#[test]
fn one_two_three_clue_keeps_the_others_behind_its_digit() {
    let above = Outside { row: 0, col: 1 };
    let rules = rules_with(vec![Element::FirstOfOneTwoThree {
        clue: above,
        digit: 2,
    }]);
    let mut grid = empty(&rules);
    // The 2 in r8c1 or r9c1 would leave no room after it for both others.
    assert_eq!(
        all_removed(Technique::OneTwoThree, &grid),
        names(&[(at(1, 1), &[1, 3]), (at(8, 1), &[2]), (at(9, 1), &[2])])
    );
    grid.eliminate(at(1, 1), 1);
    grid.eliminate(at(1, 1), 3);
    grid.eliminate(at(8, 1), 2);
    grid.eliminate(at(9, 1), 2);
    assert!(Technique::OneTwoThree.find_all(&grid).is_empty());
    // With the 1 placed fourth from the clue, the 2 stands before it.
    let mut values = vec![0; 81];
    values[at(4, 1)] = 1;
    let placed = Grid::with_values(&rules, &values);
    let twos: Vec<(usize, &[u8])> = (5..=9).map(|r| (at(r, 1), &[2u8][..])).collect();
    let mut expected = names(&twos);
    expected.extend(names(&[(at(1, 1), &[3])]));
    expected.sort();
    assert_eq!(all_removed(Technique::OneTwoThree, &placed), expected);
}

#[test]
fn counting_circles_count_themselves() {
    let circles = vec![at(1, 1), at(5, 5), at(9, 9)];
    let rules = rules_with(vec![Element::CountingCircles {
        cells: circles.clone(),
    }]);
    // Three circles: 1 + 2 (a 1 and two 2s) or 3 (three 3s).
    let high = all_but(&[1, 2, 3]);
    let expected: Vec<(usize, &[u8])> = circles.iter().map(|&c| (c, &high[..])).collect();
    let grid = empty(&rules);
    let steps = Technique::CountingCircles.find_all(&grid);
    assert!(
        steps[0].reason.as_deref().unwrap().contains("1 + 2, or 3"),
        "{:?}",
        steps[0].reason
    );
    assert_eq!(
        all_removed(Technique::CountingCircles, &grid),
        names(&expected)
    );
    let mut settled = grid.clone();
    settled.apply(&steps[0]);
    assert!(Technique::CountingCircles.find_all(&settled).is_empty());
    // A 1 placed in a circle: 1 + 2, and the other two hold the 2s.
    let mut values = vec![0; 81];
    values[at(1, 1)] = 1;
    let one = Grid::with_values(&rules, &values);
    let not_two = all_but(&[2]);
    assert_eq!(
        all_removed(Technique::CountingCircles, &one),
        names(&[(at(5, 5), &not_two), (at(9, 9), &not_two)])
    );
}

#[test]
fn counting_circles_that_see_each_other_hold_different_digits() {
    // r1c1 sees r1c5 (row 1), r1c5 sees r5c5 (column 5): three 3s would
    // stand twice in a row, and the two 2s of 1 + 2 can only be r1c1 and
    // r5c5, so r1c5 holds the 1.
    let rules = rules_with(vec![Element::CountingCircles {
        cells: vec![at(1, 1), at(1, 5), at(5, 5)],
    }]);
    let grid = empty(&rules);
    let steps = Technique::CountingCircles.find_all(&grid);
    let reason = steps[0].reason.as_deref().unwrap();
    assert!(
        reason.contains("as 1 + 2;") || reason.ends_with("as 1 + 2"),
        "{reason}"
    );
    let (one, two) = (all_but(&[1]), all_but(&[2]));
    assert_eq!(
        all_removed(Technique::CountingCircles, &grid),
        names(&[(at(1, 1), &two), (at(1, 5), &one), (at(5, 5), &two)])
    );
    let mut settled = grid.clone();
    settled.apply(&steps[0]);
    assert!(Technique::CountingCircles.find_all(&settled).is_empty());
    // Only r1c1 and r1c5 see each other: 1 + 2 with a 2 in r9c9 and
    // the other in either of them. Then both keep 1 and 2, and nothing
    // more follows.
    let row = rules_with(vec![Element::CountingCircles {
        cells: vec![at(1, 1), at(1, 5), at(9, 9)],
    }]);
    let grid = empty(&row);
    let pair = all_but(&[1, 2]);
    assert_eq!(
        all_removed(Technique::CountingCircles, &grid),
        names(&[(at(1, 1), &pair), (at(1, 5), &pair), (at(9, 9), &two)])
    );
    let mut open = grid.clone();
    open.apply(&Technique::CountingCircles.find_all(&grid)[0]);
    assert!(Technique::CountingCircles.find_all(&open).is_empty());
}

#[test]
fn cupid_pointing_at_one_cell_holds_its_digit() {
    let rules = rules_with(vec![Element::Cupid {
        cell: at(1, 1),
        cells: vec![at(4, 4)],
    }]);
    let mut grid = empty(&rules);
    keep(&mut grid, at(1, 1), &[1, 2, 3]);
    keep(&mut grid, at(4, 4), &[2, 3, 4]);
    assert_eq!(
        all_removed(Technique::ElementFillings, &grid),
        names(&[(at(1, 1), &[1]), (at(4, 4), &[4])])
    );
    // The two cells are linked: a digit placed in one is the other's.
    let mut placed = grid.clone();
    placed.place(at(1, 1), 3);
    assert_eq!(placed.digits(at(4, 4)), [3]);
    keep(&mut grid, at(1, 1), &[2, 3]);
    keep(&mut grid, at(4, 4), &[2, 3]);
    assert!(Technique::ElementFillings.find_all(&grid).is_empty());
}

#[test]
fn count_different_lines_of_one_or_of_all_digits_are_links_and_peers() {
    let cells = vec![at(1, 1), at(2, 4), at(5, 9)];
    let line = |count| {
        rules_with(vec![Element::CountDifferent {
            cells: cells.clone(),
            count,
        }])
    };
    // Three different digits: the cells see each other.
    let mut apart = empty(&line(3));
    apart.place(at(1, 1), 5);
    assert!(!apart.has(at(2, 4), 5) && !apart.has(at(5, 9), 5));
    // One digit: each is the next one's.
    let mut same = empty(&line(1));
    same.place(at(1, 1), 5);
    assert_eq!(same.digits(at(2, 4)), [5]);
    // Two different digits say nothing about a pair of cells.
    let mut two = empty(&line(2));
    two.place(at(1, 1), 5);
    assert_eq!(two.digits(at(2, 4)).len(), 9);
    assert_eq!(two.digits(at(5, 9)).len(), 9);
    assert!(Technique::ElementFillings.find_all(&two).is_empty());
}

#[test]
fn twins_of_cells_seeing_each_other_differ() {
    // r1c1 and r1c2 share row 1, so their twins r5c5 and r6c7 (no house
    // in common) hold different digits too.
    let twins = |cells| {
        rules_with(vec![Element::Twins {
            cells,
            twin: vec![at(5, 5), at(6, 7)],
        }])
    };
    let mut grid = empty(&twins(vec![at(1, 1), at(1, 2)]));
    grid.place(at(5, 5), 4);
    assert!(!grid.has(at(6, 7), 4));
    let mut back = empty(&twins(vec![at(1, 1), at(1, 2)]));
    back.place(at(6, 7), 4);
    assert!(!back.has(at(5, 5), 4));
    // r1c1 and r5c2 share nothing: their twins may repeat a digit.
    let mut free = empty(&twins(vec![at(1, 1), at(5, 2)]));
    free.place(at(5, 5), 4);
    assert!(free.has(at(6, 7), 4));
}

/// The candidates of a 6×6 position, row by row: a digit for a placed
/// cell, `{..}` for an open one.
fn six_by_six(rules: &Rules, rows: [[&str; 6]; 6]) -> Grid {
    let values: Vec<u8> = rows
        .iter()
        .flatten()
        .map(|c| if c.len() == 1 { c.parse().unwrap() } else { 0 })
        .collect();
    let mut grid = Grid::with_values(rules, &values);
    for (cell, c) in rows.iter().flatten().enumerate() {
        if c.len() > 1 {
            for d in 1..=6u8 {
                if !c.contains(char::from(b'0' + d)) {
                    grid.eliminate(cell, d);
                }
            }
        }
    }
    grid
}

#[test]
fn forcing_nets_stop_where_an_assumption_breaks_an_element() {
    // Two fillings stand by the houses: r5c3 = 5 (r4c2 = 1) or r5c3 = 1
    // (r4c2 = 3). The cupid at r5c3 points at r4c2 and r3c1 (a 5): the
    // second breaks it, so every candidate of it goes.
    let position = [
        ["6", "5", "3", "2", "4", "1"],
        ["24", "14", "12", "6", "35", "35"],
        ["5", "2", "4", "3", "1", "6"],
        ["13", "13", "6", "5", "2", "4"],
        ["13", "6", "15", "4", "35", "2"],
        ["24", "34", "25", "1", "6", "35"],
    ];
    let six = Rules::classic(6).unwrap();
    let cupid = Element::Cupid {
        cell: 26,
        cells: vec![19, 12],
    };
    let grid = six_by_six(&six.clone().with_element(cupid).unwrap(), position);
    let removed = |technique: Technique, grid: &Grid| {
        let mut names: Vec<String> = technique
            .find_all(grid)
            .iter()
            .flat_map(|s| s.eliminations.clone())
            .map(|c| format!("{}:{}", cell_name(6, c.cell), c.digit))
            .collect();
        names.sort();
        names.dedup();
        names
    };
    let second = [
        "r2c1:4", "r2c2:1", "r2c3:2", "r2c5:3", "r2c6:5", "r4c1:1", "r4c2:3", "r5c1:3", "r5c3:1",
        "r5c5:5", "r6c1:2", "r6c2:4", "r6c3:5", "r6c6:3",
    ];
    assert_eq!(removed(Technique::ForcingNetContradiction, &grid), second);
    // Singles alone never look at the arrow.
    assert!(removed(Technique::ForcingChainContradiction, &grid).is_empty());
    // Without the arrow both fillings stand: nothing goes.
    let classic = six_by_six(&six, position);
    assert!(removed(Technique::ForcingNetContradiction, &classic).is_empty());
}
