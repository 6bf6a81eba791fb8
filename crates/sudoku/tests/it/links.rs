//! Puzzle links of other sites and tools, as people paste them: SudokuPad
//! payloads without their link, `ctc` links and short ids.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::format::fpuzzles::{Meta, payload};
use fdoku_sudoku::format::{Format, detect, read_puzzles, scl};
use fdoku_sudoku::{Element, Puzzle, Rules};

/// A 4×4 thermometer puzzle with a given.
fn thermo_puzzle() -> Puzzle {
    let rules = Rules::classic(4)
        .unwrap()
        .with_element(Element::Thermometer {
            cells: vec![0, 1, 2],
            slow: false,
        })
        .unwrap();
    let mut givens = vec![0; 16];
    givens[15] = 3;
    Puzzle::new(rules, givens).unwrap()
}

fn read_one(text: &str) -> Result<Puzzle, String> {
    let items = read_puzzles("links.txt", text, Format::Auto, &Default::default());
    assert_eq!(items.len(), 1, "{text}");
    items[0].puzzle.clone().map_err(|e| e.to_string())
}

#[test]
fn bare_payloads_of_both_kinds_read_as_their_puzzles() {
    let puzzle = thermo_puzzle();
    let scl_payload = scl::payload(&puzzle, &Meta::default()).unwrap();
    let fpuzzles_payload = payload(&puzzle, &Meta::default()).unwrap();
    assert!(!scl_payload.starts_with("N4Ig"), "{scl_payload}");
    for bare in [&scl_payload, &fpuzzles_payload] {
        assert_eq!(detect(bare), Format::FPuzzles, "{bare}");
        assert_eq!(read_one(bare).unwrap(), puzzle);
    }
    // The SudokuPad ids in front of a payload, with or without the host.
    let ctc = format!("https://sudokupad.app/ctc{scl_payload}");
    assert_eq!(read_one(&ctc).unwrap(), puzzle);
}

#[test]
fn a_short_id_says_to_copy_the_full_link() {
    let message = read_one("  https://sudokupad.app/wjgxgaji9a").unwrap_err();
    assert_eq!(
        message,
        "links.txt:1:3: \"wjgxgaji9a\" is a short SudokuPad id: the puzzle is kept on \
         SudokuPad's server, which fdoku does not reach; open the puzzle in SudokuPad and copy \
         its full link (https://sudokupad.app/scl<payload> or \
         https://sudokupad.app/fpuzzles<payload>)"
    );
}

#[test]
fn a_damaged_bare_payload_is_not_taken_for_one() {
    // Cut in half, the packing no longer unpacks to an object: the line is
    // read as what it looks like, and named.
    let payload = scl::payload(&thermo_puzzle(), &Meta::default()).unwrap();
    let half = &payload[..payload.len() / 2];
    assert_ne!(detect(half), Format::FPuzzles);
}
