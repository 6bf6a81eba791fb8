//! An outside clue read with a box its column crosses
//! ([`Technique::ClueAndHouse`]): exact eliminations, and nothing where
//! every arrangement the clue allows leaves the box fillable.

use fdoku_logic::{Grid, Technique};
use fdoku_sudoku::{Element, Outside};

use super::variants::{all_removed, at, empty, exhaust, names, rules_with};

/// An X-sum of 6 above column 1 (X is 2 with 4 below it, or 3 with 1 and
/// 2 below it), read alone, with r1c2 left `r1c2`.
fn x_sum_six(r1c2: &[u8]) -> Grid {
    let clue = Element::XSum {
        clue: Outside::parse(9, "r0c1").unwrap(),
        sum: 6,
    };
    let mut grid = empty(&rules_with(vec![clue]));
    for d in 1..=9 {
        if !r1c2.contains(&d) {
            grid.eliminate(at(1, 2), d);
        }
    }
    exhaust(Technique::XSum, &mut grid);
    grid
}

#[test]
fn an_x_sum_read_with_its_box_drops_the_count_the_box_cannot_follow() {
    // With r1c2 only 1 or 2, X = 3 would put 1 and 2 both in r2c1, r3c1
    // and leave r1c2 nothing: X is 2, r2c1 is 4, and r1c2's 1 (its 2 now
    // in r1c1) cannot stand in r3c1. The rest of box 1 loses 1, 2 and 4,
    // the rest of column 1 its 4.
    let grid = x_sum_six(&[1, 2]);
    assert!(Technique::XSum.find_all(&grid).is_empty());
    let steps = Technique::ClueAndHouse.find_all(&grid);
    assert_eq!(steps.len(), 1);
    let mut expected: Vec<(usize, &[u8])> = vec![
        (at(1, 1), &[3]),
        (at(2, 1), &[1, 2]),
        (at(3, 1), &[1, 2]),
        (at(1, 2), &[2]),
    ];
    for cell in [at(1, 3), at(2, 2), at(2, 3), at(3, 2), at(3, 3)] {
        expected.push((cell, &[1, 2, 4]));
    }
    for row in 4..=9 {
        expected.push((at(row, 1), &[4]));
    }
    assert_eq!(
        all_removed(Technique::ClueAndHouse, &grid),
        names(&expected)
    );
    assert_eq!(steps[0].elements, [0]);
    assert_eq!(steps[0].houses.len(), 1);
    assert!(steps[0].text(&grid).starts_with(
        "Clue and house: x-sum 1 (r1c1–r9c1) with box 1: of the arrangements the clue allows \
         along its line, only those whose digits in r1c1, r2c1, r3c1 leave the rest of box 1 one \
         missing digit for each of its cells stand; remove"
    ));
}

#[test]
fn an_x_sum_read_with_its_box_keeps_what_the_box_can_follow() {
    // With r1c2 free to hold 5, X = 3 leaves the box its digits; once the
    // column's 2, which either count keeps in box 1, has left the box's
    // other cells (claiming), nothing more goes.
    let mut grid = x_sum_six(&[1, 2, 5]);
    exhaust(Technique::Claiming, &mut grid);
    assert!(Technique::ClueAndHouse.find_all(&grid).is_empty());
}

#[test]
fn clue_and_house_tells_a_placed_digit_from_a_last_candidate() {
    // The same candidates everywhere, once with r2c2 placed as 5 and once
    // with 5 its last candidate: the box's open cells differ, and a
    // reading remembered from one must not answer for the other.
    let placed = {
        let mut grid = x_sum_six(&[1, 2, 5]);
        grid.place(at(2, 2), 5);
        grid
    };
    let open = {
        let mut grid = x_sum_six(&[1, 2, 5]);
        for d in (1..=9).filter(|&d| d != 5) {
            grid.eliminate(at(2, 2), d);
        }
        for peer in grid.peers(at(2, 2)).iter() {
            grid.eliminate(peer, 5);
        }
        grid
    };
    let fresh = {
        let open = open.clone();
        std::thread::spawn(move || all_removed(Technique::ClueAndHouse, &open))
            .join()
            .unwrap()
    };
    let _ = all_removed(Technique::ClueAndHouse, &placed);
    assert_eq!(all_removed(Technique::ClueAndHouse, &open), fresh);
}
