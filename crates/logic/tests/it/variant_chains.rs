//! Two elements read together, on constructed positions: kropki dots and
//! whisper steps meeting in one cell, the parity or half that alternates
//! along a chain of dots or a whisper line, and a house read with the
//! relations between its cells. Each finds exactly the eliminations
//! expected, names its elements, and finds nothing where one element alone
//! says everything.

use fdoku_logic::{Grid, Step, Technique};
use fdoku_sudoku::{Dot, Element, Rules};

use super::variants::{all_removed, at, empty, exhaust, names, removed, rules_with};

/// A kropki dot of `dot` and `value` between two cells.
fn dot(a: usize, b: usize, dot: Dot, value: u32) -> Element {
    Element::Kropki {
        cells: [a, b],
        dot,
        value,
    }
}

/// White dots of difference 1 joining `cells` one after another.
fn white_chain(cells: &[usize]) -> Vec<Element> {
    cells
        .windows(2)
        .map(|w| dot(w[0], w[1], Dot::White, 1))
        .collect()
}

/// The steps of `technique` in `grid` of the form `form`.
fn of_form(technique: Technique, grid: &Grid, form: &str) -> Vec<Step> {
    technique
        .find_all(grid)
        .into_iter()
        .filter(|s| s.form == Some(form))
        .collect()
}

#[test]
fn white_dot_chain_middle_is_never_an_extreme() {
    let rules = rules_with(white_chain(&[at(1, 1), at(1, 2), at(1, 3)]));
    let grid = empty(&rules);
    // Each dot alone leaves every digit a partner.
    assert!(Technique::KropkiDot.find_all(&grid).is_empty());
    let steps = Technique::DotChain.find_all(&grid);
    assert_eq!(steps.len(), 1);
    assert_eq!(removed(&steps[0]), names(&[(at(1, 2), &[1, 9])]));
    assert_eq!(steps[0].elements, [0, 1]);
    assert_eq!(
        steps[0].text(&grid),
        "Dot chain: white dot 1 (r1c1, r1c2) and white dot 2 (r1c2, r1c3) join r1c2 to r1c1 \
         and r1c3, which see each other: 1 in r1c2 would need 2 in both, 9 would need 8 in \
         both; remove 1, 9 from r1c2"
    );
}

#[test]
fn dots_whose_ends_do_not_see_each_other_say_nothing_together() {
    // r1c3 and r2c4 lie in different boxes, rows and columns.
    let rules = rules_with(white_chain(&[at(1, 3), at(1, 4), at(2, 4)]));
    assert!(Technique::DotChain.find_all(&empty(&rules)).is_empty());
}

#[test]
fn black_dot_chain_doubles_through_its_middle() {
    let rules = rules_with(vec![
        dot(at(1, 1), at(1, 2), Dot::Black, 2),
        dot(at(1, 2), at(1, 3), Dot::Black, 2),
    ]);
    let mut grid = empty(&rules);
    exhaust(Technique::KropkiDot, &mut grid);
    // 1-2-4 or 2-4-8, either way round: the middle holds 2 or 4, and an
    // end's 3 or 6 would need its double or half at both ends.
    assert_eq!(
        all_removed(Technique::DotChain, &grid),
        names(&[
            (at(1, 1), &[3, 6]),
            (at(1, 2), &[1, 3, 6, 8]),
            (at(1, 3), &[3, 6]),
        ])
    );
}

#[test]
fn black_dot_chain_on_six_by_six_centres_on_two() {
    let rules = [(0, 1), (1, 2)]
        .into_iter()
        .fold(Rules::classic(6).unwrap(), |rules, (a, b)| {
            rules.with_element(dot(a, b, Dot::Black, 2)).unwrap()
        });
    let mut grid = empty(&rules);
    exhaust(Technique::KropkiDot, &mut grid);
    exhaust(Technique::DotChain, &mut grid);
    // Only 1-2-4 fits below 7: the middle is 2, the ends 1 and 4.
    assert_eq!(grid.digits(1), [2]);
    assert_eq!(grid.digits(0), [1, 4]);
    assert_eq!(grid.digits(2), [1, 4]);
}

#[test]
fn white_dot_chain_across_a_row_alternates_parity() {
    let rules = rules_with(white_chain(&(0..9).collect::<Vec<_>>()));
    let grid = empty(&rules);
    let steps = of_form(Technique::DotChain, &grid, "alternation");
    assert_eq!(steps.len(), 1);
    let odd: &[u8] = &[2, 4, 6, 8];
    let even: &[u8] = &[1, 3, 5, 7, 9];
    let expected: Vec<(usize, &[u8])> = (0..9)
        .map(|c| (c, if c % 2 == 0 { odd } else { even }))
        .collect();
    assert_eq!(removed(&steps[0]), names(&expected));
    assert_eq!(steps[0].elements, (0..8).collect::<Vec<_>>());
    let text = steps[0].text(&grid);
    assert!(
        text.contains(
            "if r1c1, r1c3, r1c5, r1c7, r1c9 were even, r1c1, r1c3, r1c5, r1c7, r1c9 would need \
             5 even digits in row 1, which has only 2, 4, 6, 8 left for them; so they are odd"
        ),
        "{text}"
    );
}

#[test]
fn white_dot_chain_of_even_length_keeps_both_parities() {
    let rules = rules_with(white_chain(&[0, 1, 2, 3]));
    assert!(of_form(Technique::DotChain, &empty(&rules), "alternation").is_empty());
}

/// The 9×9 grid with a whisper of 5 along `cells` and the digits `givens`
/// (cell, digit) placed.
fn whisper_grid(cells: Vec<usize>, difference: u32, givens: &[(usize, u8)]) -> Grid {
    let rules = rules_with(vec![Element::Whisper { cells, difference }]);
    let mut values = vec![0; 81];
    for &(cell, digit) in givens {
        values[cell] = digit;
    }
    let mut grid = Grid::with_values(&rules, &values);
    exhaust(Technique::Whisper, &mut grid);
    grid
}

#[test]
fn whisper_cell_between_two_cells_of_one_row_is_not_four_or_six() {
    let grid = whisper_grid(vec![at(1, 1), at(1, 2), at(1, 3)], 5, &[]);
    let steps = Technique::WhisperChain.find_all(&grid);
    assert_eq!(steps.len(), 1);
    assert_eq!(removed(&steps[0]), names(&[(at(1, 2), &[4, 6])]));
    assert_eq!(
        steps[0].text(&grid),
        "Whisper chain: whisper 1 (r1c1–r1c3) joins r1c2 to r1c1 and r1c3, which see each \
         other: 4 in r1c2 would need 9 in both, 6 would need 1 in both; remove 4, 6 from r1c2"
    );
}

#[test]
fn whisper_halves_go_the_only_way_a_row_leaves_room_for() {
    // Row 1 already holds 1 and 4: its low digits left are 2 and 3, too
    // few for r1c1, r1c3, r1c5, so those are high and r1c2, r1c4 low.
    let line: Vec<usize> = (1..=5).map(|c| at(1, c)).collect();
    let grid = whisper_grid(line, 5, &[(at(1, 8), 1), (at(1, 9), 4)]);
    let steps = of_form(Technique::WhisperChain, &grid, "alternation");
    assert_eq!(steps.len(), 1);
    let high: &[u8] = &[2, 3];
    let low: &[u8] = &[7, 8, 9];
    assert_eq!(
        removed(&steps[0]),
        names(&[
            (at(1, 1), high),
            (at(1, 2), low),
            (at(1, 3), high),
            (at(1, 4), low),
            (at(1, 5), high),
        ])
    );
    assert_eq!(
        steps[0].text(&grid),
        "Whisper chain: along whisper 1 the digits alternate between low (1–4) and high \
         (6–9): r1c1, r1c3, r1c5 hold one class and r1c2, r1c4 the other; if r1c1, r1c3, r1c5 \
         were low (1–4), r1c1, r1c3, r1c5 would need 3 low (1–4) digits in row 1, which has \
         only 2, 3 left for them; so they are high (6–9); remove 2, 3 from r1c1, r1c3, r1c5; \
         remove 7, 8, 9 from r1c2, r1c4"
    );
    // With three low digits left either way fits.
    let line: Vec<usize> = (1..=5).map(|c| at(1, c)).collect();
    let roomy = whisper_grid(line, 5, &[(at(1, 9), 4)]);
    assert!(of_form(Technique::WhisperChain, &roomy, "alternation").is_empty());
}

#[test]
fn whisper_of_four_need_not_alternate() {
    // 5 goes with 1 and 9 across a whisper of 4: no halves.
    let line: Vec<usize> = (1..=5).map(|c| at(1, c)).collect();
    let grid = whisper_grid(line, 4, &[(at(1, 8), 1), (at(1, 9), 4)]);
    assert!(of_form(Technique::WhisperChain, &grid, "alternation").is_empty());
}

/// Row 1 with 2, 4, 5, 6, 8 placed in r1c1–r1c5, an X between r1c6 and
/// r1c7, and r1c8, r1c9 left `eighth` and `ninth`.
fn row_with_an_x(eighth: &[u8], ninth: &[u8]) -> Grid {
    let rules = rules_with(vec![Element::Xv {
        cells: [at(1, 6), at(1, 7)],
        sum: 10,
    }]);
    let mut values = vec![0; 81];
    values[..5].copy_from_slice(&[2, 4, 5, 6, 8]);
    let mut grid = Grid::with_values(&rules, &values);
    for (cell, digits) in [(at(1, 8), eighth), (at(1, 9), ninth)] {
        for d in 1..=9 {
            if !digits.contains(&d) {
                grid.eliminate(cell, d);
            }
        }
    }
    grid
}

#[test]
fn house_and_relations_fill_a_row_together() {
    // The X holds 1 + 9 or 3 + 7; with 3 + 7 in it, r1c8 and r1c9 would
    // need 1 and 9, and neither holds 9.
    let grid = row_with_an_x(&[1, 3, 7], &[1, 3]);
    assert!(Technique::Xv.find_all(&grid).is_empty());
    let steps = Technique::HouseRelations.find_all(&grid);
    assert_eq!(steps.len(), 1);
    assert_eq!(
        removed(&steps[0]),
        names(&[(at(1, 6), &[3, 7]), (at(1, 7), &[3, 7])])
    );
    assert_eq!(steps[0].elements, [0]);
    assert_eq!(
        steps[0].text(&grid),
        "House and relations: row 1 with xv 1: of the ways to fill r1c6, r1c7 with its missing \
         digits that leave its other cells one each, none that keeps the relations puts 3, 7 in \
         r1c6, 3, 7 in r1c7; remove 3, 7 from r1c6, r1c7"
    );
}

#[test]
fn house_and_relations_keep_what_some_filling_uses() {
    // r1c9 may hold 9: 3 + 7 in the X leaves 1 and 9 to r1c8 and r1c9.
    let grid = row_with_an_x(&[1, 3, 7], &[1, 3, 9]);
    assert!(Technique::HouseRelations.find_all(&grid).is_empty());
}

/// The 9×9 grid with parity lines r4c7–r5c8–r4c8–r5c7 and r4c9–r5c8 (one
/// chain: r4c7, r4c8, r4c9 against r5c7, r5c8), the line r6c7–r6c8 where
/// `third_line`, and 2 in r5c9, 7 in r6c9: box 6 misses four odd digits
/// and three even ones.
fn parity_lines_in_box_six(third_line: bool) -> (Rules, Vec<u8>) {
    let line = |cells: &[(usize, usize)]| Element::ParityLine {
        cells: cells.iter().map(|&(r, c)| at(r, c)).collect(),
    };
    let mut lines = vec![
        line(&[(4, 7), (5, 8), (4, 8), (5, 7)]),
        line(&[(4, 9), (5, 8)]),
    ];
    if third_line {
        lines.push(line(&[(6, 7), (6, 8)]));
    }
    let mut values = vec![0; 81];
    values[at(5, 9)] = 2;
    values[at(6, 9)] = 7;
    (rules_with(lines), values)
}

#[test]
fn parity_lines_count_against_a_house() {
    let (rules, values) = parity_lines_in_box_six(true);
    let grid = Grid::with_values(&rules, &values);
    let steps = of_form(Technique::ParityChain, &grid, "alternation");
    assert_eq!(steps.len(), 1);
    let odd: &[u8] = &[1, 3, 5, 9];
    let even: &[u8] = &[4, 6, 8];
    assert_eq!(
        removed(&steps[0]),
        names(&[
            (at(4, 7), even),
            (at(4, 8), even),
            (at(4, 9), even),
            (at(5, 7), odd),
            (at(5, 8), odd),
        ])
    );
    assert_eq!(steps[0].elements, [0, 1]);
    let text = steps[0].text(&grid);
    assert!(
        text.contains(
            "r4c7, r4c8, r4c9 with 1 of r6c7, r6c8 (on a chain of their own) would need 4 even \
             digits in box 6, which has only 4, 6, 8 left for them"
        ),
        "{text}"
    );
}

#[test]
fn parity_lines_that_fit_their_houses_say_nothing() {
    let (rules, values) = parity_lines_in_box_six(false);
    let grid = Grid::with_values(&rules, &values);
    assert!(of_form(Technique::ParityChain, &grid, "alternation").is_empty());
}
