//! The variant constraints' own deductions on constructed positions: each
//! finds exactly the eliminations (or placements) expected, names its
//! element, and finds nothing where nothing follows. Global rules act as
//! peers and relations in every technique.

use fdoku_logic::{Candidate, Grid, Step, Technique};
use fdoku_sudoku::{
    Cage, Direction, Dot, Element, Extremum, GlobalRule, Negative, Outside, Parity, Rules,
    cell_name,
};

/// Classic 9×9 rules with `elements`.
pub(super) fn rules_with(elements: Vec<Element>) -> Rules {
    elements
        .into_iter()
        .fold(Rules::classic(9).unwrap(), |rules, e| {
            rules.with_element(e).unwrap()
        })
}

/// The empty grid of `rules`.
pub(super) fn empty(rules: &Rules) -> Grid {
    Grid::with_values(rules, &vec![0; rules.cells()])
}

/// Cell index of `r<row>c<col>` (1-based) on 9×9.
pub(super) fn at(row: usize, col: usize) -> usize {
    (row - 1) * 9 + col - 1
}

/// Leaves `cell` only `digits`.
fn keep(grid: &mut Grid, cell: usize, digits: &[u8]) {
    for d in 1..=9 {
        if !digits.contains(&d) {
            grid.eliminate(cell, d);
        }
    }
}

/// A step's eliminations as `r1c1:5` names, sorted.
pub(super) fn removed(step: &Step) -> Vec<String> {
    let mut names: Vec<String> = step
        .eliminations
        .iter()
        .map(|c| format!("{}:{}", cell_name(9, c.cell), c.digit))
        .collect();
    names.sort();
    names
}

/// Every step of `technique` in `grid`, eliminations merged, sorted.
pub(super) fn all_removed(technique: Technique, grid: &Grid) -> Vec<String> {
    let mut names: Vec<String> = technique.find_all(grid).iter().flat_map(removed).collect();
    names.sort();
    names.dedup();
    names
}

/// `r1c1:6 r1c1:7 …` from (cell, digits) lists.
pub(super) fn names(list: &[(usize, &[u8])]) -> Vec<String> {
    let mut names: Vec<String> = list
        .iter()
        .flat_map(|&(cell, digits)| {
            digits
                .iter()
                .map(move |d| format!("{}:{d}", cell_name(9, cell)))
        })
        .collect();
    names.sort();
    names
}

/// Applies every step of `technique` until none is left.
pub(super) fn exhaust(technique: Technique, grid: &mut Grid) {
    while let Some(step) = technique.find_first(grid) {
        grid.apply(&step);
    }
}

#[test]
fn thermometer_bounds_by_position_from_each_end() {
    let thermo = Element::Thermometer {
        cells: (0..5).collect(),
        slow: false,
    };
    let rules = rules_with(vec![thermo]);
    let grid = empty(&rules);
    let steps = Technique::Thermometer.find_all(&grid);
    assert_eq!(steps.len(), 1);
    assert_eq!(
        removed(&steps[0]),
        names(&[
            (0, &[6, 7, 8, 9]),
            (1, &[1, 7, 8, 9]),
            (2, &[1, 2, 8, 9]),
            (3, &[1, 2, 3, 9]),
            (4, &[1, 2, 3, 4]),
        ])
    );
    assert_eq!(steps[0].elements, [0]);
    let text = steps[0].text(&grid);
    assert!(
        text.starts_with(
            "Thermometer: thermometer 1 (r1c1–r1c5): r1c1 is 5th from the tip, so at most 5; \
             r1c2 is 2nd from the bulb, so at least 2; r1c2 is 4th from the tip, so at most 6; \
             r1c3 is 3rd from the bulb, so at least 3;"
        ),
        "{text}"
    );
    // Applied, nothing more follows.
    let mut grid = grid;
    grid.apply(&steps[0]);
    assert!(Technique::Thermometer.find_all(&grid).is_empty());
}

#[test]
fn thermometer_carries_current_bounds_along_the_line() {
    let thermo = Element::Thermometer {
        cells: (0..5).collect(),
        slow: false,
    };
    let rules = rules_with(vec![thermo]);
    let mut grid = empty(&rules);
    exhaust(Technique::Thermometer, &mut grid);
    keep(&mut grid, 1, &[5, 6]);
    let steps = Technique::Thermometer.find_all(&grid);
    assert_eq!(steps.len(), 1);
    assert_eq!(
        removed(&steps[0]),
        names(&[(2, &[3, 4, 5]), (3, &[4, 5, 6]), (4, &[5, 6, 7])])
    );
    assert!(
        steps[0]
            .text(&grid)
            .contains("r1c3 is above r1c2 (at least 5), so at least 6; r1c4 is above r1c3 (at least 6), so at least 7")
    );
}

#[test]
fn slow_thermometer_lets_neighbours_be_equal() {
    let slow = Element::Thermometer {
        cells: vec![at(1, 1), at(2, 1), at(3, 1)],
        slow: true,
    };
    let rules = rules_with(vec![slow]);
    let mut grid = empty(&rules);
    assert!(Technique::Thermometer.find_all(&grid).is_empty());
    keep(&mut grid, at(1, 1), &[4, 5]);
    keep(&mut grid, at(3, 1), &[4, 5, 6]);
    let steps = Technique::Thermometer.find_all(&grid);
    assert_eq!(
        removed(&steps[0]),
        names(&[(at(2, 1), &[1, 2, 3, 7, 8, 9])])
    );
}

#[test]
fn white_dot_removes_digits_without_a_partner() {
    let dot = Element::Kropki {
        cells: [0, 1],
        dot: Dot::White,
        value: 1,
    };
    let rules = rules_with(vec![dot]);
    let mut grid = empty(&rules);
    assert!(Technique::KropkiDot.find_all(&grid).is_empty());
    keep(&mut grid, 1, &[1, 2, 9]);
    let steps = Technique::KropkiDot.find_all(&grid);
    assert_eq!(steps.len(), 1);
    assert_eq!(removed(&steps[0]), names(&[(0, &[4, 5, 6, 7, 9])]));
    assert_eq!(
        steps[0].text(&grid),
        "Kropki dot: white dot 1 (r1c1, r1c2): r1c2 holds only 1, 2, 9, and none goes with \
         4, 5, 6, 7, 9 in r1c1; remove 4, 5, 6, 7, 9 from r1c1"
    );
}

#[test]
fn black_dot_keeps_digits_with_a_double_or_a_half() {
    let dot = Element::Kropki {
        cells: [at(1, 3), at(1, 4)],
        dot: Dot::Black,
        value: 2,
    };
    let rules = rules_with(vec![dot]);
    let mut grid = empty(&rules);
    assert_eq!(
        all_removed(Technique::KropkiDot, &grid),
        names(&[(at(1, 3), &[5, 7, 9]), (at(1, 4), &[5, 7, 9])])
    );
    exhaust(Technique::KropkiDot, &mut grid);
    // An odd digit on a black dot pairs with its double: {1, 3} leaves the
    // other cell {2, 6}.
    keep(&mut grid, at(1, 3), &[1, 3]);
    assert_eq!(
        all_removed(Technique::KropkiDot, &grid),
        names(&[(at(1, 4), &[1, 3, 4, 8])])
    );
}

#[test]
fn xv_sums() {
    let x = Element::Xv {
        cells: [0, 1],
        sum: 10,
    };
    let v = Element::Xv {
        cells: [at(5, 5), at(6, 5)],
        sum: 5,
    };
    let rules = rules_with(vec![x, v]);
    let mut grid = empty(&rules);
    assert_eq!(
        all_removed(Technique::Xv, &grid),
        names(&[
            (0, &[5]),
            (1, &[5]),
            (at(5, 5), &[5, 6, 7, 8, 9]),
            (at(6, 5), &[5, 6, 7, 8, 9]),
        ])
    );
    exhaust(Technique::Xv, &mut grid);
    assert!(Technique::Xv.find_all(&grid).is_empty());
}

#[test]
fn whisper_has_no_middle_digit_and_partner_ranges() {
    let whisper = Element::Whisper {
        cells: vec![0, 1, 2],
        difference: 5,
    };
    let rules = rules_with(vec![whisper]);
    let mut grid = empty(&rules);
    assert_eq!(
        all_removed(Technique::Whisper, &grid),
        names(&[(0, &[5]), (1, &[5]), (2, &[5])])
    );
    exhaust(Technique::Whisper, &mut grid);
    keep(&mut grid, 1, &[1, 2]);
    assert_eq!(
        all_removed(Technique::Whisper, &grid),
        names(&[(0, &[1, 2, 3, 4]), (2, &[1, 2, 3, 4])])
    );
}

#[test]
fn renban_keeps_the_runs_that_fit() {
    let renban = Element::Renban {
        cells: vec![at(1, 1), at(2, 1), at(3, 1), at(4, 1)],
    };
    let rules = rules_with(vec![renban]);
    let mut grid = empty(&rules);
    assert!(Technique::Renban.find_all(&grid).is_empty());
    keep(&mut grid, at(1, 1), &[1, 2]);
    let steps = Technique::Renban.find_all(&grid);
    assert_eq!(steps.len(), 1);
    assert_eq!(
        removed(&steps[0]),
        names(&[
            (at(2, 1), &[6, 7, 8, 9]),
            (at(3, 1), &[6, 7, 8, 9]),
            (at(4, 1), &[6, 7, 8, 9]),
        ])
    );
    assert!(
        steps[0]
            .text(&grid)
            .contains("its 4 cells hold a run of 4 consecutive digits, and only 1–4, 2–5 fit")
    );
}

#[test]
fn palindrome_mirrors_share_candidates() {
    let palindrome = Element::Palindrome {
        cells: vec![at(1, 3), at(2, 3), at(2, 4)],
    };
    let rules = rules_with(vec![palindrome]);
    let mut grid = empty(&rules);
    assert!(Technique::Palindrome.find_all(&grid).is_empty());
    keep(&mut grid, at(1, 3), &[1, 2, 3]);
    keep(&mut grid, at(2, 4), &[3, 4, 5]);
    assert_eq!(
        all_removed(Technique::Palindrome, &grid),
        names(&[(at(1, 3), &[1, 2]), (at(2, 4), &[4, 5])])
    );
}

#[test]
fn minimum_and_maximum_cells() {
    let min = Element::Extremum {
        cell: at(5, 5),
        kind: Extremum::Minimum,
    };
    let rules = rules_with(vec![min]);
    let grid = empty(&rules);
    assert_eq!(
        all_removed(Technique::MinMax, &grid),
        names(&[
            (at(5, 5), &[9]),
            (at(4, 5), &[1]),
            (at(6, 5), &[1]),
            (at(5, 4), &[1]),
            (at(5, 6), &[1]),
        ])
    );
    let max = Element::Extremum {
        cell: 0,
        kind: Extremum::Maximum,
    };
    let rules = rules_with(vec![max]);
    let mut grid = empty(&rules);
    keep(&mut grid, 0, &[3, 4]);
    assert_eq!(
        all_removed(Technique::MinMax, &grid),
        names(&[(1, &[4, 5, 6, 7, 8, 9]), (9, &[4, 5, 6, 7, 8, 9])])
    );
}

#[test]
fn between_line_ends_bound_the_inside() {
    let line = Element::Between {
        cells: vec![at(1, 1), at(1, 2), at(1, 3), at(1, 4)],
    };
    let rules = rules_with(vec![line]);
    let mut grid = empty(&rules);
    // Ends of 1 and 9 are as wide as can be, but two inside cells need two
    // digits between the ends: 1 and 2, 8 and 9 do not go together.
    assert_eq!(
        all_removed(Technique::BetweenLine, &grid),
        names(&[(at(1, 2), &[1, 9]), (at(1, 3), &[1, 9])])
    );
    keep(&mut grid, at(1, 1), &[1, 5]);
    keep(&mut grid, at(1, 4), &[6]);
    let steps = Technique::BetweenLine.find_all(&grid);
    assert_eq!(steps.len(), 1);
    assert_eq!(
        removed(&steps[0]),
        names(&[
            (at(1, 1), &[5]),
            (at(1, 2), &[1, 6, 7, 8, 9]),
            (at(1, 3), &[1, 6, 7, 8, 9]),
        ])
    );
    assert!(steps[0].text(&grid).contains(
        "between line 1 (r1c1–r1c4): every inside cell lies strictly between the ends r1c1 and r1c4"
    ));
}

#[test]
fn arrow_sum_bounds() {
    let arrow = Element::Arrow {
        circle: vec![0],
        line: vec![1, 2],
    };
    let rules = rules_with(vec![arrow]);
    let mut grid = empty(&rules);
    // Two different digits of row 1 add up to at least 3, and with 9 the
    // line would pass any reading of the circle.
    assert_eq!(
        all_removed(Technique::ArrowSum, &grid),
        names(&[(0, &[1, 2]), (1, &[9]), (2, &[9])])
    );
    exhaust(Technique::ArrowSum, &mut grid);
    assert!(Technique::ArrowSum.find_all(&grid).is_empty());
    keep(&mut grid, 0, &[3, 4]);
    assert_eq!(
        all_removed(Technique::ArrowSum, &grid),
        names(&[(1, &[4, 5, 6, 7, 8]), (2, &[4, 5, 6, 7, 8])])
    );
}

#[test]
fn arrow_circle_keeps_the_totals_its_line_reaches() {
    let arrow = Element::Arrow {
        circle: vec![0],
        line: vec![at(5, 5), at(9, 9)],
    };
    let rules = rules_with(vec![arrow]);
    let mut grid = empty(&rules);
    keep(&mut grid, at(5, 5), &[1, 4]);
    keep(&mut grid, at(9, 9), &[1, 4]);
    // 1 + 1, 1 + 4, 4 + 4: the circle reads 2, 5 or 8 (not 3, 6, 7).
    assert_eq!(
        all_removed(Technique::ArrowSum, &grid),
        names(&[(0, &[1, 3, 4, 6, 7, 9])])
    );
    keep(&mut grid, 0, &[5]);
    assert!(Technique::ArrowSum.find_all(&grid).is_empty());
}

#[test]
fn little_killer_sum_bounds() {
    let clue = Outside::parse(9, "r0c7").unwrap();
    let high = Element::LittleKiller {
        clue,
        direction: Direction::DownRight,
        sum: 17,
    };
    let rules = rules_with(vec![high]);
    let grid = empty(&rules);
    // r1c8 and r2c9 (one box): 17 is 8 + 9.
    assert_eq!(
        all_removed(Technique::LittleKillerSum, &grid),
        names(&[
            (at(1, 8), &[1, 2, 3, 4, 5, 6, 7]),
            (at(2, 9), &[1, 2, 3, 4, 5, 6, 7])
        ])
    );
    // r1c7, r2c8, r3c9 lie in box 3: three different digits adding up to
    // 7 are 1, 2 and 4 (no 3: 3 + 1 + 3 repeats).
    let clue = Outside::parse(9, "r0c6").unwrap();
    let low = Element::LittleKiller {
        clue,
        direction: Direction::DownRight,
        sum: 7,
    };
    let rules = rules_with(vec![low]);
    let cells = [at(1, 7), at(2, 8), at(3, 9)];
    let gone: Vec<(usize, &[u8])> = cells
        .iter()
        .map(|&c| (c, &[3u8, 5, 6, 7, 8, 9][..]))
        .collect();
    assert_eq!(
        all_removed(Technique::LittleKillerSum, &empty(&rules)),
        names(&gone)
    );

    let clue = Outside::parse(9, "r0c0").unwrap();
    let long = Element::LittleKiller {
        clue,
        direction: Direction::DownRight,
        sum: 45,
    };
    let rules = rules_with(vec![long]);
    assert!(
        Technique::LittleKillerSum
            .find_all(&empty(&rules))
            .is_empty()
    );
}

#[test]
fn quadruple_digits_fill_or_force_their_cells() {
    let quad = Element::Quadruple {
        cells: vec![at(1, 1), at(1, 2), at(2, 1), at(2, 2)],
        digits: vec![1, 2, 3, 4],
    };
    let rules = rules_with(vec![quad]);
    let grid = empty(&rules);
    let cells = [at(1, 1), at(1, 2), at(2, 1), at(2, 2)];
    let gone: Vec<(usize, &[u8])> = cells.iter().map(|&c| (c, &[5u8, 6, 7, 8, 9][..])).collect();
    let first = Technique::Quadruple.find_first(&grid).unwrap();
    assert_eq!(removed(&first), names(&gone));

    let quad = Element::Quadruple {
        cells: cells.to_vec(),
        digits: vec![1, 2],
    };
    let rules = rules_with(vec![quad]);
    let mut grid = empty(&rules);
    for &cell in &cells[1..] {
        grid.eliminate(cell, 1);
    }
    let step = Technique::Quadruple.find_first(&grid).unwrap();
    assert_eq!(step.placements, [Candidate::new(0, 1)]);
    assert!(
        step.text(&grid)
            .contains("quadruple 1 (r1c1–r2c2): 1 appears once, and only r1c1 can hold it")
    );

    // 1 and 2 each lie in one of the four cells, all in box 1: they leave
    // the rest of the box, one digit a step.
    let mut grid = empty(&rules);
    let box_rest = [at(1, 3), at(2, 3), at(3, 1), at(3, 2), at(3, 3)];
    for digit in [1u8, 2] {
        let steps = Technique::Quadruple.find_all(&grid);
        assert_eq!(steps.len(), 1);
        let one = [digit];
        let gone: Vec<(usize, &[u8])> = box_rest.iter().map(|&c| (c, &one[..])).collect();
        assert_eq!(removed(&steps[0]), names(&gone));
        grid.apply(&steps[0]);
    }
    assert!(Technique::Quadruple.find_all(&grid).is_empty());
}

#[test]
fn quadruple_digit_listed_twice_stands_across_a_diagonal() {
    // 4 twice in r4c3, r4c4, r5c3, r5c4 (across boxes 4 and 5): two cells
    // that do not see each other, r4c3 and r5c4 or r4c4 and r5c3.
    let cells = vec![at(4, 3), at(4, 4), at(5, 3), at(5, 4)];
    let quad = Element::Quadruple {
        cells,
        digits: vec![4, 4],
    };
    let rules = rules_with(vec![quad]);
    let mut grid = empty(&rules);
    assert!(Technique::Quadruple.find_all(&grid).is_empty());
    // Without r5c3, only r4c3 and r5c4 are left: both hold 4, r4c4 not.
    // (Its must-appear read removes 4 from r4c5, r4c6 beside it.)
    grid.eliminate(at(5, 3), 4);
    let steps = Technique::Quadruple.find_all(&grid);
    assert_eq!(steps.len(), 2);
    let steps: Vec<_> = steps
        .into_iter()
        .filter(|s| !s.placements.is_empty())
        .collect();
    assert_eq!(
        steps[0].placements,
        [Candidate::new(at(4, 3), 4), Candidate::new(at(5, 4), 4)]
    );
    let others = [1u8, 2, 3, 5, 6, 7, 8, 9];
    assert_eq!(
        removed(&steps[0]),
        names(&[(at(4, 3), &others), (at(4, 4), &[4]), (at(5, 4), &others)])
    );
    assert!(steps[0].text(&grid).contains(
        "quadruple 1 (r4c3–r5c4): 4 appears twice, in cells that do not see each other: r4c3 \
         and r5c4"
    ));
}

#[test]
fn odd_and_even_cells() {
    let rules = Rules::classic(9)
        .unwrap()
        .with_parity(Parity::Odd, &[0])
        .unwrap()
        .with_parity(Parity::Even, &[1, 2])
        .unwrap();
    let mut grid = empty(&rules);
    let step = Technique::OddEven.find_first(&grid).unwrap();
    assert_eq!(
        removed(&step),
        names(&[
            (0, &[2, 4, 6, 8]),
            (1, &[1, 3, 5, 7, 9]),
            (2, &[1, 3, 5, 7, 9])
        ])
    );
    assert!(
        step.text(&grid)
            .starts_with("Odd/even cell: r1c1 is odd; r1c2, r1c3 are even;")
    );
    grid.apply(&step);
    assert!(Technique::OddEven.find_all(&grid).is_empty());
}

#[test]
fn entropic_and_modular_neighbours_differ_in_class() {
    let modular = Element::Modular {
        cells: vec![0, 1, 2],
    };
    let entropic = Element::Entropic {
        cells: vec![at(5, 1), at(5, 2), at(5, 3)],
    };
    // A line of two has no three cells in a row: nothing holds there.
    let short = Element::Entropic {
        cells: vec![at(7, 1), at(7, 2)],
    };
    let rules = rules_with(vec![modular, entropic, short]);
    let mut grid = empty(&rules);
    assert!(Technique::ModularLine.find_all(&grid).is_empty());
    assert!(Technique::EntropicLine.find_all(&grid).is_empty());
    keep(&mut grid, 1, &[3, 6]);
    keep(&mut grid, at(5, 1), &[4, 5, 6]);
    keep(&mut grid, at(7, 1), &[4, 5, 6]);
    assert_eq!(
        all_removed(Technique::ModularLine, &grid),
        names(&[(0, &[3, 6, 9]), (2, &[3, 6, 9])])
    );
    assert_eq!(
        all_removed(Technique::EntropicLine, &grid),
        names(&[(at(5, 2), &[4, 5, 6]), (at(5, 3), &[4, 5, 6])])
    );
}

#[test]
fn non_consecutive_and_negative_neighbours() {
    let rules = Rules::classic(9)
        .unwrap()
        .with_global(GlobalRule::NonConsecutive)
        .unwrap();
    let mut grid = empty(&rules);
    assert!(Technique::NonConsecutive.find_all(&grid).is_empty());
    keep(&mut grid, 1, &[3, 5]);
    assert_eq!(
        all_removed(Technique::NonConsecutive, &grid),
        names(&[(0, &[4]), (2, &[4]), (10, &[4])])
    );
    // Placing a digit clears its neighbours' consecutive digits at once.
    grid.place(40, 5);
    for cell in [31, 39, 41, 49] {
        assert!(!grid.has(cell, 4) && !grid.has(cell, 6) && grid.has(cell, 7));
    }

    let dot = Element::Kropki {
        cells: [0, 1],
        dot: Dot::White,
        value: 1,
    };
    let rules = rules_with(vec![dot]).with_negative(Negative {
        white: true,
        ..Negative::default()
    });
    let mut grid = empty(&rules);
    assert!(Technique::NegativeConstraint.find_all(&grid).is_empty());
    keep(&mut grid, 2, &[4, 6]);
    // r1c2–r1c3 has no dot: 5 there would sit beside 4 or 6.
    let steps = Technique::NegativeConstraint.find_all(&grid);
    assert_eq!(removed(&steps[0]), names(&[(1, &[5])]));
    assert!(
        steps[0]
            .text(&grid)
            .starts_with("Negative constraint: unmarked neighbours (r1c2, r1c3)")
    );
}

#[test]
fn global_rules_are_peers_in_every_technique() {
    let rules = Rules::classic(9)
        .unwrap()
        .with_global(GlobalRule::AntiKnight)
        .unwrap()
        .with_global(GlobalRule::DisjointGroups)
        .unwrap();
    let mut grid = empty(&rules);
    assert!(grid.sees(0, at(2, 3)), "a knight's move");
    assert!(grid.sees(0, at(4, 4)), "one disjoint group");
    assert!(!grid.sees(0, at(2, 4)));
    grid.place(0, 5);
    assert!(!grid.has(at(3, 2), 5) && !grid.has(at(7, 7), 5));
    // An XY-wing whose pincers r4c4 {1,3} and r2c5 {2,3} (a knight's move
    // apart) reach targets by knight's moves too: r4c6, r2c3, r3c6, r6c5.
    let rules = Rules::classic(9)
        .unwrap()
        .with_global(GlobalRule::AntiKnight)
        .unwrap();
    let mut grid = empty(&rules);
    keep(&mut grid, at(5, 5), &[1, 2]);
    keep(&mut grid, at(4, 4), &[1, 3]);
    keep(&mut grid, at(2, 5), &[2, 3]);
    let wing = Technique::XYWing
        .find_all(&grid)
        .into_iter()
        .find(|s| s.eliminations.iter().all(|c| c.digit == 3))
        .unwrap();
    let cells = [
        (4, 5),
        (4, 6),
        (1, 4),
        (2, 4),
        (3, 4),
        (6, 5),
        (2, 3),
        (3, 6),
    ];
    let expected: Vec<(usize, &[u8])> =
        cells.iter().map(|&(r, c)| (at(r, c), &[3u8][..])).collect();
    assert_eq!(removed(&wing), names(&expected));
}

#[test]
fn uniqueness_keeps_off_constrained_cells() {
    // The unique rectangle of the crate's example, under anti-knight.
    for rules in [
        Rules::classic(9).unwrap(),
        Rules::classic(9)
            .unwrap()
            .with_global(GlobalRule::AntiKnight)
            .unwrap(),
        rules_with(vec![Element::Kropki {
            cells: [0, 1],
            dot: Dot::White,
            value: 1,
        }]),
    ] {
        let mut grid = empty(&rules);
        for cell in [0, 3, 9] {
            keep(&mut grid, cell, &[1, 2]);
        }
        let found = Technique::UniqueRectangle1.find_all(&grid).len();
        assert_eq!(
            found,
            usize::from(rules.is_classic()),
            "{}",
            rules.variant_name()
        );
    }
}

#[test]
fn chains_follow_the_constraints_weak_links() {
    // A whisper r1c1–r2c1 (difference 5): r1c1's 9 goes with r2c1's 1..4
    // only, so 9r1c1 and 8r2c1 are weakly linked. With r1c1 = {1, 9},
    // r2c1 = {3, 8} and r2c5 = {1, 3}, the AIC
    // 1r1c1 = 9r1c1 - 8r2c1 = 3r2c1 - 3r2c5 = 1r2c5 puts 1 in r1c1 or
    // r2c5: the cells seeing both lose 1.
    let whisper = Element::Whisper {
        cells: vec![0, 9],
        difference: 5,
    };
    let rules = rules_with(vec![whisper]);
    let mut grid = empty(&rules);
    keep(&mut grid, at(1, 1), &[1, 9]);
    keep(&mut grid, at(2, 1), &[3, 8]);
    keep(&mut grid, at(2, 5), &[1, 3]);
    assert!(Technique::Whisper.find_all(&grid).is_empty());
    let aics = Technique::Aic.find_all(&grid);
    let step = aics
        .iter()
        .find(|s| s.eliminations.contains(&Candidate::new(at(1, 5), 1)))
        .unwrap();
    let text = step.text(&grid);
    assert!(
        text.contains("9r1c1 - 8r2c1") || text.contains("8r2c1 - 9r1c1"),
        "{text}"
    );
    let cells = [(1, 4), (1, 5), (1, 6), (2, 2), (2, 3)];
    let expected: Vec<(usize, &[u8])> =
        cells.iter().map(|&(r, c)| (at(r, c), &[1u8][..])).collect();
    assert_eq!(removed(step), names(&expected));
    // Without the whisper nothing links the two cells of column 1.
    let mut plain = empty(&Rules::classic(9).unwrap());
    keep(&mut plain, at(1, 1), &[1, 9]);
    keep(&mut plain, at(2, 1), &[3, 8]);
    keep(&mut plain, at(2, 5), &[1, 3]);
    assert!(
        Technique::Aic
            .find_all(&plain)
            .iter()
            .all(|s| !s.eliminations.contains(&Candidate::new(at(1, 5), 1)))
    );
}

#[test]
fn innies_and_outies_by_the_45_rule() {
    let cage = |cells: Vec<usize>, sum| Cage {
        cells,
        sum: Some(sum),
    };
    let rules = Rules::classic(9)
        .unwrap()
        .with_cage(cage(vec![0, 1, 2], 6))
        .unwrap()
        .with_cage(cage(vec![3, 4, 5], 24))
        .unwrap()
        .with_cage(cage(vec![6, 7], 7))
        .unwrap();
    // Row 1 adds up to 45; its cages to 37: the innie r1c9 is 8.
    let steps = Technique::InniesOuties.find_all(&empty(&rules));
    assert_eq!(steps.len(), 1);
    assert_eq!(removed(&steps[0]), names(&[(8, &[1, 2, 3, 4, 5, 6, 7, 9])]));
    assert_eq!(
        steps[0].text(&empty(&rules)),
        "Innies and outies: row 1 adds up to 45, the cages inside it to 37: its innies r1c9 \
         add up to 8; remove 1, 2, 3, 4, 5, 6, 7, 9 from r1c9"
    );

    // A cage reaching out of row 1 into r2c9: its cages hold 50, so the
    // outie r2c9 is 5.
    let rules = Rules::classic(9)
        .unwrap()
        .with_cage(cage(vec![0, 1, 2], 6))
        .unwrap()
        .with_cage(cage(vec![3, 4, 5], 24))
        .unwrap()
        .with_cage(cage(vec![6, 7, 8, at(2, 9)], 20))
        .unwrap();
    let steps = Technique::InniesOuties.find_all(&empty(&rules));
    assert_eq!(steps.len(), 1);
    assert_eq!(
        removed(&steps[0]),
        names(&[(at(2, 9), &[1, 2, 3, 4, 6, 7, 8, 9])])
    );
    // Without the cages' sums nothing is known.
    let unsummed = Rules::classic(9)
        .unwrap()
        .with_cage(Cage {
            cells: vec![0, 1, 2],
            sum: None,
        })
        .unwrap();
    assert!(
        Technique::InniesOuties
            .find_all(&empty(&unsummed))
            .is_empty()
    );
}

/// Column 1 read from above the grid, the clue position of these tests.
fn above_column_one() -> Outside {
    Outside::parse(9, "r0c1").unwrap()
}

/// Every cell of column 1 losing `digits`, except the rows in `except`.
fn column_one_loses(digits: &[u8], except: &[usize]) -> Vec<(usize, Vec<u8>)> {
    (1..=9)
        .filter(|row| !except.contains(row))
        .map(|row| (at(row, 1), digits.to_vec()))
        .collect()
}

/// `names` over owned digit lists.
fn owned_names(list: &[(usize, Vec<u8>)]) -> Vec<String> {
    let borrowed: Vec<(usize, &[u8])> = list.iter().map(|(c, d)| (*c, &d[..])).collect();
    names(&borrowed)
}

#[test]
fn sandwich_gaps_place_the_one_and_the_nine() {
    // The largest clue, 2 + … + 8 = 35, puts the 1 and the 9 at the ends.
    let full = Element::Sandwich {
        clue: above_column_one(),
        sum: 35,
    };
    let grid = empty(&rules_with(vec![full]));
    let mut expected = column_one_loses(&[1, 9], &[1, 9]);
    expected.push((at(1, 1), vec![2, 3, 4, 5, 6, 7, 8]));
    expected.push((at(9, 1), vec![2, 3, 4, 5, 6, 7, 8]));
    assert_eq!(
        all_removed(Technique::Sandwich, &grid),
        owned_names(&expected)
    );
    let step = Technique::Sandwich.find_first(&grid).unwrap();
    assert_eq!(step.elements, [0]);
    assert!(
        step.text(&grid).contains("sandwich 1"),
        "{}",
        step.text(&grid)
    );

    // A clue of 0 puts them side by side: with the 1 only in r3c1, the 9
    // stands in r2c1 or r4c1 (and r3c1, the column's only place for the
    // 1, holds it). On the empty grid anything goes.
    let zero = Element::Sandwich {
        clue: above_column_one(),
        sum: 0,
    };
    let mut grid = empty(&rules_with(vec![zero]));
    assert!(Technique::Sandwich.find_all(&grid).is_empty());
    for row in (1..=9).filter(|&r| r != 3) {
        grid.eliminate(at(row, 1), 1);
    }
    let mut expected = column_one_loses(&[9], &[2, 3, 4]);
    expected.push((at(3, 1), vec![2, 3, 4, 5, 6, 7, 8, 9]));
    assert_eq!(
        all_removed(Technique::Sandwich, &grid),
        owned_names(&expected)
    );
}

#[test]
fn x_sum_counts_from_the_first_digit() {
    // 10 from the clue: X = 2 (2 + 8), 3 (3 + 1 + 6, 3 + 2 + 5) or 4
    // (4 + 1 + 2 + 3); 5 and more already pass 10, 1 stays short. The
    // second cell then holds 8, or 1, 2, 5, 6, or 1, 2, 3; the third cell
    // never 8 (only X = 2 puts an 8 in the count, in the second cell).
    let clue = Element::XSum {
        clue: above_column_one(),
        sum: 10,
    };
    let grid = empty(&rules_with(vec![clue]));
    assert_eq!(
        all_removed(Technique::XSum, &grid),
        names(&[
            (at(1, 1), &[1, 5, 6, 7, 8, 9]),
            (at(2, 1), &[4, 7, 9]),
            (at(3, 1), &[8]),
        ])
    );
    // 45, the whole column: X is 9.
    let all = Element::XSum {
        clue: above_column_one(),
        sum: 45,
    };
    let grid = empty(&rules_with(vec![all]));
    let mut expected = column_one_loses(&[9], &[1]);
    expected.push((at(1, 1), vec![1, 2, 3, 4, 5, 6, 7, 8]));
    assert_eq!(all_removed(Technique::XSum, &grid), owned_names(&expected));
    // 20 leaves every digit somewhere on the empty grid.
    let open = Element::XSum {
        clue: above_column_one(),
        sum: 20,
    };
    let mut grid = empty(&rules_with(vec![open]));
    exhaust(Technique::XSum, &mut grid);
    assert!(Technique::XSum.find_all(&grid).is_empty());
}

#[test]
fn skyscraper_counts_bound_where_the_tall_digits_stand() {
    // Three seen: the 9 at least two cells in, the 8 at least one.
    let three = Element::Skyscraper {
        clue: above_column_one(),
        count: 3,
    };
    let grid = empty(&rules_with(vec![three]));
    assert_eq!(
        all_removed(Technique::SkyscraperClue, &grid),
        names(&[(at(1, 1), &[8, 9]), (at(2, 1), &[9])])
    );
    // One seen: the 9 first.
    let one = Element::Skyscraper {
        clue: above_column_one(),
        count: 1,
    };
    let grid = empty(&rules_with(vec![one]));
    let mut expected = column_one_loses(&[9], &[1]);
    expected.push((at(1, 1), vec![1, 2, 3, 4, 5, 6, 7, 8]));
    assert_eq!(
        all_removed(Technique::SkyscraperClue, &grid),
        owned_names(&expected)
    );
    // Nine seen: 1 to 9 in order.
    let nine = Element::Skyscraper {
        clue: above_column_one(),
        count: 9,
    };
    let mut grid = empty(&rules_with(vec![nine]));
    exhaust(Technique::SkyscraperClue, &mut grid);
    for row in 1..=9 {
        assert_eq!(grid.digits(at(row, 1)), [row as u8]);
    }
    // Five seen: the d at least 5 − 1 − (9 − d) cells in, so 9, 8, 7, 6
    // at least four, three, two and one.
    let five = Element::Skyscraper {
        clue: above_column_one(),
        count: 5,
    };
    let mut grid = empty(&rules_with(vec![five]));
    assert_eq!(
        all_removed(Technique::SkyscraperClue, &grid),
        names(&[
            (at(1, 1), &[6, 7, 8, 9]),
            (at(2, 1), &[7, 8, 9]),
            (at(3, 1), &[8, 9]),
            (at(4, 1), &[9]),
        ])
    );
    // With the 9 fifth, the four before it are all seen, rising.
    grid.place(at(5, 1), 9);
    exhaust(Technique::SkyscraperClue, &mut grid);
    assert!(Technique::SkyscraperClue.find_all(&grid).is_empty());
    assert_eq!(grid.digits(at(1, 1)), [1, 2, 3, 4, 5]);
}

#[test]
fn region_sum_pieces_share_one_total() {
    // r1c2 + r1c3 (box 1) = r1c4 (box 2): two different digits add up to
    // at least 3 and at most 9.
    let line = Element::RegionSum {
        cells: vec![at(1, 2), at(1, 3), at(1, 4)],
    };
    let grid = empty(&rules_with(vec![line]));
    assert_eq!(
        all_removed(Technique::RegionSumLine, &grid),
        names(&[(at(1, 2), &[9]), (at(1, 3), &[9]), (at(1, 4), &[1, 2])])
    );
    // Two one-cell pieces hold the same digit.
    let pair = Element::RegionSum {
        cells: vec![at(3, 3), at(4, 4)],
    };
    let mut grid = empty(&rules_with(vec![pair]));
    assert!(Technique::RegionSumLine.find_all(&grid).is_empty());
    keep(&mut grid, at(3, 3), &[1, 2, 3]);
    keep(&mut grid, at(4, 4), &[3, 4, 5]);
    assert_eq!(
        all_removed(Technique::RegionSumLine, &grid),
        names(&[(at(3, 3), &[1, 2]), (at(4, 4), &[4, 5])])
    );
    // A line inside one box has one piece: nothing to compare.
    let inside = Element::RegionSum {
        cells: vec![at(1, 1), at(1, 2)],
    };
    let mut grid = empty(&rules_with(vec![inside]));
    keep(&mut grid, at(1, 1), &[1]);
    assert!(Technique::RegionSumLine.find_all(&grid).is_empty());
}

#[test]
fn zipper_pairs_add_up_to_the_middle_or_one_total() {
    // r1c2 = r1c1 + r1c3, two different digits of row 1.
    let odd = Element::Zipper {
        cells: vec![at(1, 1), at(1, 2), at(1, 3)],
    };
    let grid = empty(&rules_with(vec![odd]));
    assert_eq!(
        all_removed(Technique::ZipperLine, &grid),
        names(&[(at(1, 1), &[9]), (at(1, 2), &[1, 2]), (at(1, 3), &[9])])
    );
    // Even: r1c1 + r4c4 = r2c2 + r3c3 (one box, different digits).
    let even = Element::Zipper {
        cells: vec![at(1, 1), at(2, 2), at(3, 3), at(4, 4)],
    };
    let mut grid = empty(&rules_with(vec![even]));
    assert!(Technique::ZipperLine.find_all(&grid).is_empty());
    keep(&mut grid, at(1, 1), &[1]);
    keep(&mut grid, at(4, 4), &[2]);
    let rest: &[u8] = &[3, 4, 5, 6, 7, 8, 9];
    assert_eq!(
        all_removed(Technique::ZipperLine, &grid),
        names(&[(at(2, 2), rest), (at(3, 3), rest)])
    );
}

#[test]
fn little_killer_box_piece_locks_its_digits() {
    // r1c8 + r2c9 = 17 (one box): 8 and 9 stand there, so the rest of
    // box 3 loses them — once the pair's own candidates are trimmed.
    let clue = Outside::parse(9, "r0c7").unwrap();
    let lk = Element::LittleKiller {
        clue,
        direction: Direction::DownRight,
        sum: 17,
    };
    let rules = rules_with(vec![lk]);
    let mut grid = empty(&rules);
    let trim = Technique::LittleKillerSum.find_first(&grid).unwrap();
    grid.apply(&trim);
    let rest: Vec<(usize, &[u8])> = [(1, 7), (1, 9), (2, 7), (2, 8), (3, 7), (3, 8), (3, 9)]
        .iter()
        .map(|&(r, c)| (at(r, c), &[8u8, 9][..]))
        .collect();
    assert_eq!(all_removed(Technique::LittleKillerSum, &grid), names(&rest));
    let step = Technique::LittleKillerSum.find_first(&grid).unwrap();
    assert!(
        step.text(&grid).contains("every filling puts 8, 9"),
        "{}",
        step.text(&grid)
    );
    grid.apply(&step);
    assert!(Technique::LittleKillerSum.find_all(&grid).is_empty());
}

#[test]
fn innies_count_little_killer_diagonals_inside_the_region() {
    // Box 1: 45 = cage r3c1–r3c3 (6) + diagonal r1c2, r2c1 (17) + the
    // four innies r1c1, r1c3, r2c2, r2c3, which add up to 22. From
    // {4, 5, 6, 7, 9} that is 4 + 5 + 6 + 7: no 9.
    let clue = Outside::parse(9, "r0c3").unwrap();
    let lk = Element::LittleKiller {
        clue,
        direction: Direction::DownLeft,
        sum: 17,
    };
    let cage = Cage {
        cells: vec![at(3, 1), at(3, 2), at(3, 3)],
        sum: Some(6),
    };
    let rules = rules_with(vec![lk]).with_cage(cage).unwrap();
    let mut grid = empty(&rules);
    let innies = [at(1, 1), at(1, 3), at(2, 2), at(2, 3)];
    assert!(Technique::InniesOuties.find_all(&grid).is_empty());
    for &cell in &innies {
        keep(&mut grid, cell, &[4, 5, 6, 7, 9]);
    }
    let gone: Vec<(usize, &[u8])> = innies.iter().map(|&c| (c, &[9u8][..])).collect();
    assert_eq!(all_removed(Technique::InniesOuties, &grid), names(&gone));
    let step = Technique::InniesOuties.find_first(&grid).unwrap();
    assert_eq!(step.elements, [0]);
}

/// A cage of `sum` over `cells`.
fn cage(cells: Vec<usize>, sum: u32) -> Cage {
    Cage {
        cells,
        sum: Some(sum),
    }
}

#[test]
fn hidden_cage_of_five_innies() {
    // Row 1 holds the cages r1c3–r1c4 (17) and r1c6–r1c7 (13), each
    // crossing a box border: the five cells left, r1c1, r1c2, r1c5,
    // r1c8 and r1c9, add up to 45 − 30 = 15 = 1 + 2 + 3 + 4 + 5.
    let rules = Rules::classic(9)
        .unwrap()
        .with_cage(cage(vec![at(1, 3), at(1, 4)], 17))
        .unwrap()
        .with_cage(cage(vec![at(1, 6), at(1, 7)], 13))
        .unwrap();
    let grid = empty(&rules);
    assert!(Technique::InniesOuties.find_all(&grid).is_empty());
    let hidden = [at(1, 1), at(1, 2), at(1, 5), at(1, 8), at(1, 9)];
    let gone: Vec<(usize, &[u8])> = hidden.iter().map(|&c| (c, &[6u8, 7, 8, 9][..])).collect();
    assert_eq!(all_removed(Technique::HiddenCage, &grid), names(&gone));
    let step = Technique::HiddenCage.find_first(&grid).unwrap();
    assert_eq!(
        step.text(&grid),
        "Hidden cage: row 1 adds up to 45, the cages inside it to 30: the hidden cage r1c1, \
         r1c2, r1c5, r1c8, r1c9 add up to 15; remove 6, 7, 8, 9 from r1c1, r1c2, r1c5, r1c8, \
         r1c9"
    );
    // Fifteen or more is open to every digit: nothing follows.
    let loose = Rules::classic(9)
        .unwrap()
        .with_cage(cage(vec![at(1, 3), at(1, 4)], 10))
        .unwrap()
        .with_cage(cage(vec![at(1, 6), at(1, 7)], 10))
        .unwrap();
    assert!(Technique::HiddenCage.find_all(&empty(&loose)).is_empty());
}

#[test]
fn cage_splitting_weighs_an_innie_against_an_outie() {
    // Row 1: the cage r1c1–r1c6 (21) lies inside; the cage r1c7, r1c8,
    // r2c8 (20) crosses into row 2. 45 − 21 − 20 leaves r1c9 − r2c8 = 4,
    // so r1c9 is 5 to 9 and r2c8 1 to 5.
    let rules = Rules::classic(9)
        .unwrap()
        .with_cage(cage((0..6).collect(), 21))
        .unwrap()
        .with_cage(cage(vec![at(1, 7), at(1, 8), at(2, 8)], 20))
        .unwrap();
    let mut grid = empty(&rules);
    assert_eq!(
        all_removed(Technique::CageSplitting, &grid),
        names(&[(at(1, 9), &[1, 2, 3, 4]), (at(2, 8), &[6, 7, 8, 9]),])
    );
    let step = Technique::CageSplitting.find_first(&grid).unwrap();
    assert_eq!(
        step.text(&grid),
        "Cage splitting: row 1 adds up to 45, the cages inside it to 21; taking away the cage \
         at r1c7 (20) crossing it: r1c9 − r2c8 = 4; remove 1, 2, 3, 4 from r1c9; remove 6, 7, \
         8, 9 from r2c8"
    );
    grid.apply(&step);
    assert!(Technique::CageSplitting.find_all(&grid).is_empty());
}

#[test]
fn cage_splitting_makes_a_cage_of_the_part_outside() {
    // Box 1 holds the cage r1c1–r2c3 (21, six cells); the cage r3c1–r3c3,
    // r4c1–r4c5 (39) covers its other three cells and reaches into row 4.
    // Those three add up to 45 − 21 = 24 (innies: 7, 8, 9), so the five
    // cells outside add up to 39 − 24 = 15: 1 to 5.
    let rules = Rules::classic(9)
        .unwrap()
        .with_cage(cage(vec![0, 1, 2, 9, 10, 11], 21))
        .unwrap()
        .with_cage(cage(vec![18, 19, 20, 27, 28, 29, 30, 31], 39))
        .unwrap();
    let grid = empty(&rules);
    let innies: Vec<(usize, &[u8])> = (1..=3)
        .map(|c| (at(3, c), &[1u8, 2, 3, 4, 5, 6][..]))
        .collect();
    assert_eq!(all_removed(Technique::InniesOuties, &grid), names(&innies));
    let outies: Vec<(usize, &[u8])> = (1..=5).map(|c| (at(4, c), &[6u8, 7, 8, 9][..])).collect();
    assert_eq!(all_removed(Technique::CageSplitting, &grid), names(&outies));
    let step = Technique::CageSplitting.find_first(&grid).unwrap();
    assert_eq!(
        step.text(&grid),
        "Cage splitting: box 1 adds up to 45, the cages inside it to 21; taking away the cage \
         at r3c1 (39) crossing it: r4c1, r4c2, r4c3, r4c4, r4c5 add up to 15; remove 6, 7, 8, 9 \
         from r4c1, r4c2, r4c3, r4c4, r4c5"
    );
}

/// `grid` after every step of `techniques` in turn, until none finds any.
fn exhaust_all(grid: &mut Grid, techniques: &[Technique]) {
    while let Some(step) = techniques.iter().find_map(|t| t.find_first(grid)) {
        grid.apply(&step);
    }
}

#[test]
fn diagonal_sums_weigh_two_diagonals_with_a_box() {
    // 6×6, box 6 (r5c4–r6c6, 21): the diagonal r6c5, r5c6 (11: 5 and 6)
    // lies inside, the diagonal r6c4, r5c5, r4c6 (6) reaches into box 4.
    // 21 − 11 − 6 leaves r5c4 + r6c6 − r4c6 = 4. With r5c4 = 4, r6c6
    // would equal r4c6, in its column: r5c4 is not 4.
    let diagonal = |clue: &str, sum| Element::LittleKiller {
        clue: Outside::parse(6, clue).unwrap(),
        direction: Direction::UpRight,
        sum,
    };
    let rules = [diagonal("r7c4", 11), diagonal("r7c3", 6)]
        .into_iter()
        .fold(Rules::classic(6).unwrap(), |rules, e| {
            rules.with_element(e).unwrap()
        });
    let mut grid = empty(&rules);
    exhaust_all(
        &mut grid,
        &[Technique::LittleKillerSum, Technique::InniesOuties],
    );
    let steps = Technique::DiagonalSums.find_all(&grid);
    // And r6c6 is not 1: r4c6, in its column, would be 2 or 3 and r5c4
    // 5 or 6.
    assert_eq!(
        removed_on_six(Technique::DiagonalSums, &grid),
        ["r5c4:4", "r6c6:1"]
    );
    let both = steps.iter().find(|s| s.elements.len() == 2).unwrap();
    assert_eq!(
        both.text(&grid),
        "Diagonal sums: 21 in box 6, less 6 on little killer 1 (r6c4–r4c6), less 11 on \
         little killer 2 (r6c5, r5c6) leaves r5c4 + r6c6 − r4c6 = 4; remove 4 from r5c4; \
         remove 1 from r6c6"
    );
    exhaust_all(&mut grid, &[Technique::DiagonalSums]);
    assert!(Technique::DiagonalSums.find_all(&grid).is_empty());
    // The diagonal inside the box alone: its innies are innies and
    // outies', nothing crosses.
    let inside = Rules::classic(6)
        .unwrap()
        .with_element(diagonal("r7c4", 11))
        .unwrap();
    let mut grid = empty(&inside);
    exhaust_all(
        &mut grid,
        &[Technique::LittleKillerSum, Technique::InniesOuties],
    );
    assert!(Technique::DiagonalSums.find_all(&grid).is_empty());
}

/// Classic 6×6 rules with little killers (clue, direction, sum).
fn six_with_diagonals(diagonals: &[(&str, Direction, u32)]) -> Rules {
    diagonals.iter().fold(
        Rules::classic(6).unwrap(),
        |rules, &(clue, direction, sum)| {
            let diagonal = Element::LittleKiller {
                clue: Outside::parse(6, clue).unwrap(),
                direction,
                sum,
            };
            rules.with_element(diagonal).unwrap()
        },
    )
}

/// Every step of `technique` in a 6×6 `grid`, eliminations merged, sorted.
fn removed_on_six(technique: Technique, grid: &Grid) -> Vec<String> {
    let mut removed: Vec<String> = technique
        .find_all(grid)
        .iter()
        .flat_map(|s| &s.eliminations)
        .map(|c| format!("{}:{}", cell_name(6, c.cell), c.digit))
        .collect();
    removed.sort();
    removed.dedup();
    removed
}

#[test]
fn little_killer_fillings_place_a_digit_every_filling_needs() {
    // 6×6, r1c4 + r2c5 + r3c6 = 6: 1 + 2 + 3 in some order, 1 + 4 + 1
    // or 4 + 1 + 1. Every filling holds a 1, and r1c6 and r2c6 see all
    // three cells: neither holds 1. The box piece r1c4, r2c5 alone locks
    // nothing (2 + 3 leaves its 1 to r3c6).
    let rules = six_with_diagonals(&[("r0c3", Direction::DownRight, 6)]);
    let mut grid = empty(&rules);
    exhaust(Technique::LittleKillerSum, &mut grid);
    assert_eq!(
        removed_on_six(Technique::LittleKillerFillings, &grid),
        ["r1c6:1", "r2c6:1"]
    );
    let step = Technique::LittleKillerFillings.find_first(&grid).unwrap();
    assert_eq!(step.elements, [0]);
    assert_eq!(
        step.text(&grid),
        "Little killer fillings: little killer 1 (r1c4–r3c6) adds up to 6: 8 of its fillings \
         stand, keeping only these candidates, and each puts 1 where the cells cleared of it \
         see it; remove 1 from r1c6, r2c6"
    );
    exhaust(Technique::LittleKillerFillings, &mut grid);
    assert!(Technique::LittleKillerFillings.find_all(&grid).is_empty());
    // With r1c6 left 1, 2, 3 — before the 1 goes — a filling of 1, 2, 3
    // would leave it nothing: r1c4 and r2c5 hold 1 and 4, r3c6 holds 1.
    let mut grid = empty(&rules);
    exhaust(Technique::LittleKillerSum, &mut grid);
    for digit in 4..=6 {
        grid.eliminate(5, digit);
    }
    let mut expected: Vec<String> = ["r1c4:2", "r1c4:3", "r2c5:2", "r2c5:3", "r3c6:2", "r3c6:3"]
        .map(String::from)
        .to_vec();
    expected.sort();
    let step = Technique::LittleKillerFillings.find_first(&grid).unwrap();
    let mut first: Vec<String> = step
        .eliminations
        .iter()
        .map(|c| format!("{}:{}", cell_name(6, c.cell), c.digit))
        .collect();
    first.retain(|name| ["r1c4", "r2c5", "r3c6"].contains(&&name[..4]));
    assert_eq!(first, expected);
}

#[test]
fn little_killer_pair_fills_crossing_diagonals_together() {
    // 6×6, r1c4 + r2c5 + r3c6 = 6 crossing r3c6 + r4c5 + r5c4 + r6c3 = 10
    // in r3c6, with r4c5 and r5c4 holding 3 or 4 and r6c3 1 or 2. r2c5
    // sees r4c5 (column 5) and r1c4 sees r5c4 (column 4).
    let rules = six_with_diagonals(&[
        ("r0c3", Direction::DownRight, 6),
        ("r2c7", Direction::DownLeft, 10),
    ]);
    let mut grid = empty(&rules);
    for (cell, keep) in [(27, [3u8, 4]), (22, [3, 4]), (32, [1, 2])] {
        for digit in 1..=6 {
            if !keep.contains(&digit) {
                grid.eliminate(cell, digit);
            }
        }
    }
    exhaust_all(
        &mut grid,
        &[Technique::LittleKillerSum, Technique::LittleKillerFillings],
    );
    // Alone, the second diagonal may be 2 + 3 + 3 + 2; together, r1c4 +
    // r2c5 = 4 would then need a 3 in column 4 or 5 beside another. So
    // r3c6 or r6c3 holds 1 (r3c3 and r6c6 see both), and r4c5 or r5c4
    // holds 4 (r3c4, r4c4, r5c5 and r6c5 see both).
    assert_eq!(
        removed_on_six(Technique::LittleKillerPair, &grid),
        ["r3c3:1", "r3c4:4", "r4c4:4", "r5c5:4", "r6c5:4", "r6c6:1"]
    );
    let step = Technique::LittleKillerPair.find_first(&grid).unwrap();
    assert_eq!(step.elements, [0, 1]);
    assert!(
        step.text(&grid)
            .contains("each puts 1, 4 where the cells cleared of it see it"),
        "{}",
        step.text(&grid)
    );
    exhaust(Technique::LittleKillerPair, &mut grid);
    assert!(Technique::LittleKillerPair.find_all(&grid).is_empty());
}
