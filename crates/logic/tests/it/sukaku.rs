//! SukakuExplainer 1.15's scale: its own techniques on hand-built positions
//! (exact eliminations, and a near miss that finds nothing), and ER / EP /
//! ED on rated puzzles (`tests/data/sukaku_rated_sample.tsv`, SukakuExplainer
//! 1.15.10's own ratings).
#![allow(clippy::unwrap_used)]

use fdoku_fd::Budget;
use fdoku_logic::{Candidate, Grid, SeScale, Technique, grade_on_scale};
use fdoku_sudoku::{Rules, format::parse_line};

/// An empty 9×9 grid.
fn empty() -> Grid {
    Grid::with_values(&Rules::classic(9).unwrap(), &[0; 81])
}

/// The cell at row `r`, column `c` (both from 1).
fn at(r: usize, c: usize) -> usize {
    (r - 1) * 9 + c - 1
}

/// Leaves the cell only these digits.
fn keep(grid: &mut Grid, cell: usize, digits: &[u8]) {
    for d in 1..=9 {
        if !digits.contains(&d) {
            grid.eliminate(cell, d);
        }
    }
}

/// The first step of `technique`: its rating, its eliminations (sorted).
fn first(grid: &Grid, technique: Technique) -> Option<(u16, Vec<Candidate>)> {
    let step = technique.find_first(grid)?;
    let mut eliminations = step.eliminations.clone();
    eliminations.sort_unstable();
    Some((step.explainer_rating.unwrap(), eliminations))
}

fn fives(cells: &[usize]) -> Vec<Candidate> {
    cells.iter().map(|&c| Candidate::new(c, 5)).collect()
}

/// The first step of `technique` where 5 is left in each row listed only
/// at its columns, and in each column listed only at its rows.
fn five_left(
    technique: Technique,
    rows: &[(usize, &[usize])],
    columns: &[(usize, &[usize])],
) -> Option<(u16, Vec<Candidate>)> {
    let mut grid = empty();
    for &(r, kept) in rows {
        (1..=9).filter(|c| !kept.contains(c)).for_each(|c| {
            grid.eliminate(at(r, c), 5);
        });
    }
    for &(c, kept) in columns {
        (1..=9).filter(|r| !kept.contains(r)).for_each(|r| {
            grid.eliminate(at(r, c), 5);
        });
    }
    first(&grid, technique)
}

#[test]
fn two_strong_links_rated_by_their_houses() {
    use Technique::TwoStrongLinks as Two;
    // Skyscraper: r1c5 = r1c1 - r5c1 = r5c6.
    let skyscraper = five_left(Two, &[(1, &[1, 5]), (5, &[1, 6])], &[]);
    let expected = fives(&[at(2, 6), at(3, 6), at(4, 5), at(6, 5)]);
    assert_eq!(skyscraper, Some((40, expected)));
    // 2-string kite: r1c7 = r1c2 - r3c1 (box 1) = r8c1.
    let kite = five_left(Two, &[(1, &[2, 7])], &[(1, &[3, 8])]);
    assert_eq!(kite, Some((41, fives(&[at(8, 7)]))));
    // Grouped skyscraper: row 1's 5 at c1 and in box 3 (c7, c8), row 5's at
    // c1 and c9; 5 leaves box 3's cells in column 9.
    let grouped = five_left(Two, &[(1, &[1, 7, 8]), (5, &[1, 9])], &[]);
    assert_eq!(grouped, Some((43, fives(&[at(2, 9), at(3, 9)]))));
    // No end of one row's link shares a house with an end of the other's.
    assert_eq!(five_left(Two, &[(1, &[1, 5]), (5, &[2, 6])], &[]), None);
}

#[test]
fn three_skyscrapers_rated_5_4() {
    // r1c5 = r1c1 - r4c1 = r4c9 - r7c9 = r7c6: 5 leaves the cells seeing
    // r1c5 and r7c6 outside rows 1, 4, 7 and columns 1, 9.
    let rows: [(usize, &[usize]); 3] = [(1, &[1, 5]), (4, &[1, 9]), (7, &[6, 9])];
    let expected = fives(&[at(2, 6), at(3, 6), at(8, 5), at(9, 5)]);
    let found = five_left(Technique::ThreeStrongLinks, &rows, &[]);
    assert_eq!(found, Some((54, expected)));
    // Two of those links alone rule nothing out.
    assert_eq!(five_left(Technique::TwoStrongLinks, &rows, &[]), None);
    // Nor do three links whose ends share no house.
    let broken: [(usize, &[usize]); 3] = [(1, &[1, 5]), (4, &[2, 9]), (7, &[6, 8])];
    assert_eq!(five_left(Technique::ThreeStrongLinks, &broken, &[]), None);
}

/// The set r1c1 {1,2}, r1c2 {1,3}, r2c3 {2,3,4} (box 1) and a pivot in row 1.
fn wxyz(pivot: &[u8]) -> Grid {
    let mut grid = empty();
    keep(&mut grid, at(1, 1), &[1, 2]);
    keep(&mut grid, at(1, 2), &[1, 3]);
    keep(&mut grid, at(2, 3), &[2, 3, 4]);
    keep(&mut grid, at(1, 5), pivot);
    grid
}

#[test]
fn wxyz_wing_rated_5_6() {
    // 1 is restricted (the pivot r1c5 sees both 1s); 4, only in r2c3,
    // leaves the cells seeing r2c3 and r1c5.
    let grid = wxyz(&[1, 4]);
    let expected = [at(1, 3), at(2, 4), at(2, 5), at(2, 6)]
        .map(|c| Candidate::new(c, 4))
        .to_vec();
    assert_eq!(first(&grid, Technique::WxyzWing), Some((56, expected)));
}

#[test]
fn no_wxyz_wing_with_a_digit_outside_the_set() {
    assert_eq!(first(&wxyz(&[1, 5]), Technique::WxyzWing), None);
}

#[test]
fn vwxyz_wing_rated_6_4() {
    // Box 1: r1c1 {1,2}, r1c2 {1,3}, r2c1 {2,5}, r2c3 {3,4,5}; pivot r1c5
    // {1,4}: 4 leaves the cells seeing r2c3 and r1c5.
    let mut grid = empty();
    keep(&mut grid, at(1, 1), &[1, 2]);
    keep(&mut grid, at(1, 2), &[1, 3]);
    keep(&mut grid, at(2, 1), &[2, 5]);
    keep(&mut grid, at(2, 3), &[3, 4, 5]);
    keep(&mut grid, at(1, 5), &[1, 4]);
    let expected = [at(1, 3), at(2, 4), at(2, 5), at(2, 6)]
        .map(|c| Candidate::new(c, 4))
        .to_vec();
    assert_eq!(first(&grid, Technique::VwxyzWing), Some((64, expected)));
    keep(&mut grid, at(1, 5), &[1]);
    assert_eq!(first(&grid, Technique::VwxyzWing), None);
}

/// ER, EP and ED on SukakuExplainer's scale equal its own ratings.
#[test]
fn sukaku_ratings_match_sukaku_explainer() {
    let text = fdoku_testdata::read_fixture("sukaku_rated_sample.tsv");
    let rules = Rules::classic(9).unwrap();
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let puzzle = parse_line(fields[0], &rules).unwrap();
        let expected: Vec<f64> = fields[1..4].iter().map(|f| f.parse().unwrap()).collect();
        let grade = grade_on_scale(&puzzle, &Budget::unlimited(), SeScale::Sukaku).unwrap();
        let sukaku = grade.sukaku.unwrap();
        assert_eq!(vec![sukaku.er, sukaku.ep, sukaku.ed], expected, "{line}");
        rows += 1;
    }
    assert_eq!(rows, 20);
}
