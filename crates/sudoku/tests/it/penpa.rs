//! Penpa+ links. No real link is at hand here, so the tests build them the
//! way Penpa+ writes them (its `maketext` and `encrypt_data`): the header
//! line, the margins, the mode, the problem layer as JSON, the answer
//! layer, the board's cells delta-coded; key words shortened (`"number"` →
//! `zN`, …, `z` → `zZ` first), packed by raw DEFLATE, written in base64.
//! One link was packed by Python's zlib instead (`wbits = -15`), so that
//! the reader is not only checked against the packer it shares a crate
//! with.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::format::{Format, detect, penpa, read_puzzles};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};
use fdoku_sudoku::{Cage, Diagonal};
use fdoku_sudoku::{Dot, Element, Puzzle, Rules};
use serde_json::{Map, Value, json};

/// A classic puzzle and its only answer.
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const ANSWER: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// The drawing area of a 9×9 Sudoku in Penpa: 9 + 4 points a row.
const NX0: usize = 13;
const N: usize = NX0 * NX0;

/// The point of board cell (row, column), 0-based.
fn cell(r: usize, c: usize) -> usize {
    (r + 2) * NX0 + c + 2
}

/// The corner point below and right of board cell (row, column); −1
/// reaches the corners above and left of the board.
fn corner(r: isize, c: isize) -> usize {
    (N as isize + (r + 2) * NX0 as isize + c + 2) as usize
}

/// Penpa's box borders of a 9×9 grid (its `draw_sudokugrid`).
fn box_borders(layer: &mut Map<String, Value>) {
    let lines = layer.entry("lineE").or_insert_with(|| json!({}));
    for k in [2isize, 5] {
        for t in -1..8isize {
            let vertical = format!("{},{}", corner(t, k), corner(t + 1, k));
            let horizontal = format!("{},{}", corner(k, t), corner(k, t + 1));
            lines[vertical] = json!(2);
            lines[horizontal] = json!(2);
        }
    }
}

/// Bold lines between every two neighbours of different regions.
fn region_borders(region: &[u8], layer: &mut Map<String, Value>) {
    let lines = layer.entry("lineE").or_insert_with(|| json!({}));
    for r in 0..9isize {
        for c in 0..9isize {
            let here = region[(r * 9 + c) as usize];
            if c < 8 && region[(r * 9 + c + 1) as usize] != here {
                lines[format!("{},{}", corner(r - 1, c), corner(r, c))] = json!(2);
            }
            if r < 8 && region[(r * 9 + 9 + c) as usize] != here {
                lines[format!("{},{}", corner(r, c - 1), corner(r, c))] = json!(2);
            }
        }
    }
}

/// The givens of `PUZZLE` as Penpa numbers.
fn givens(layer: &mut Map<String, Value>) {
    let numbers = layer.entry("number").or_insert_with(|| json!({}));
    for (i, ch) in PUZZLE.chars().enumerate() {
        if let Some(d) = ch.to_digit(10) {
            numbers[cell(i / 9, i % 9).to_string()] = json!([d.to_string(), 1, "1"]);
        }
    }
}

/// A Penpa+ link of a 9×9 sudoku grid with this problem layer and rules.
fn link(layer: &Map<String, Value>, rules: &str) -> String {
    let cells: Vec<usize> = (0..81).map(|i| cell(i / 9, i % 9)).collect();
    let mut deltas = vec![cells[0] as i64];
    deltas.extend(cells.windows(2).map(|w| w[1] as i64 - w[0] as i64));
    let header = format!(
        "sudoku,9,9,38,0,1,1,342,342,84,84,0,0,0,0,Title: Test,Author: fdoku,,{},ON,false,",
        rules.replace(',', "%2C").replace('\n', "%2D")
    );
    let text = [
        header,
        "[0,0,0,0]".to_owned(),
        r#"{"qa":"pu_q"}"#.to_owned(),
        Value::Object(layer.clone()).to_string(),
        r#"{"command_redo":{"__a":[]}}"#.to_owned(),
        json!(deltas).to_string(),
        "{}".to_owned(),
    ]
    .join("\n");
    let mut short = text;
    for (long, abbreviation) in [
        ("z", "zZ"),
        ("\"qa\"", "z9"),
        ("\"pu_q\"", "zQ"),
        ("\"lineE\"", "zE"),
        ("\"number\"", "zN"),
        ("\"numberS\"", "z1"),
        ("\"thermo\"", "zT"),
        ("\"arrows\"", "z3"),
        ("\"killercages\"", "z6"),
        ("\"command_redo\"", "zR"),
        ("\"__a\"", "z_"),
        ("null", "zO"),
    ] {
        short = short.replace(long, abbreviation);
    }
    let packed = miniz_oxide::deflate::compress_to_vec(short.as_bytes(), 6);
    format!(
        "https://swaroopg92.github.io/penpa-edit/#m=solve&p={}",
        base64(&packed)
    )
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let v = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(char::from(ALPHABET[(v >> (18 - 6 * k) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn read_one(text: &str) -> Result<Puzzle, String> {
    let items = read_puzzles("penpa.txt", text, Format::Auto, &Default::default());
    assert_eq!(items.len(), 1);
    items[0].puzzle.clone().map_err(|e| e.to_string())
}

fn answer(puzzle: &Puzzle) -> (Status, String) {
    let report = solve(puzzle, Goal::Count(2), &SolveOptions::default());
    let line = report
        .solution
        .map(|s| s.iter().map(|d| char::from(b'0' + d)).collect())
        .unwrap_or_default();
    (report.status, line)
}

/// The classic puzzle's link as Penpa+ writes it, packed by Python's zlib
/// (`zlib.compressobj(9, zlib.DEFLATED, -15)`) from the same text.
fn zlib_packed() -> String {
    fdoku_testdata::read_fixture("penpa/classic-zlib.txt")
}

#[test]
fn a_classic_sudoku_reads_with_its_boxes_and_givens() {
    let mut layer = Map::new();
    givens(&mut layer);
    box_borders(&mut layer);
    let link = link(&layer, "Normal sudoku rules apply.");
    assert_eq!(detect(&link), Format::Penpa);
    let puzzle = read_one(&link).unwrap();
    assert_eq!(puzzle.rules(), &Rules::classic(9).unwrap());
    assert_eq!(puzzle.to_line(), PUZZLE);
    assert_eq!(answer(&puzzle), (Status::Unique, ANSWER.to_owned()));
    // The same text packed by another DEFLATE.
    let other = penpa::read_link(zlib_packed().trim()).unwrap();
    assert_eq!(other, puzzle);
    // The words travel along.
    let read = penpa::read_penpa("penpa.txt", &link);
    let meta = &read[0].puzzle.as_ref().unwrap().meta;
    assert_eq!(meta.title.as_deref(), Some("Test"));
    assert_eq!(meta.author.as_deref(), Some("fdoku"));
    assert_eq!(meta.ruleset.as_deref(), Some("Normal sudoku rules apply."));
}

#[test]
fn killer_cages_thermometers_arrows_dots_and_xv_are_read() {
    let mut layer = Map::new();
    box_borders(&mut layer);
    // A cage of r1c1, r1c2 adding up to 3 (its sum in r1c1's top-left corner).
    layer.insert(
        "killercages".into(),
        json!([[cell(0, 0), cell(0, 1)], null]),
    );
    layer.insert(
        "numberS".into(),
        json!({ (4 * N + 4 * cell(0, 0)).to_string(): ["3", 1] }),
    );
    layer.insert(
        "cage".into(),
        json!({ format!("{},{}", 4 * N + 4 * cell(0, 0), 4 * N + 4 * cell(0, 1) + 1): 10 }),
    );
    layer.insert(
        "thermo".into(),
        json!([[cell(8, 0), cell(8, 1), cell(8, 2)]]),
    );
    layer.insert(
        "arrows".into(),
        json!([[cell(4, 4), cell(3, 3), cell(2, 2)]]),
    );
    let mut symbols = Map::new();
    symbols.insert(cell(4, 4).to_string(), json!([1, "circle_L", 1]));
    // A white dot between r6c1 and r6c2 (the right edge of r6c1), a black
    // one between r6c1 and r7c1 (its bottom edge).
    symbols.insert((3 * N + cell(5, 0)).to_string(), json!([1, "circle_SS", 2]));
    symbols.insert((2 * N + cell(5, 0)).to_string(), json!([2, "circle_SS", 2]));
    layer.insert("symbol".into(), Value::Object(symbols));
    layer.insert(
        "number".into(),
        json!({ (3 * N + cell(0, 7)).to_string(): ["X", 1, "1"] }),
    );
    let read = read_one(&link(&layer, "Killer, thermo, arrow, kropki, XV.")).unwrap();

    let expected = Rules::classic(9)
        .unwrap()
        .with_cage(Cage {
            cells: vec![0, 1],
            sum: Some(3),
        })
        .unwrap()
        .with_element(Element::Xv {
            cells: [7, 8],
            sum: 10,
        })
        .unwrap()
        .with_element(Element::Thermometer {
            cells: vec![72, 73, 74],
            slow: false,
        })
        .unwrap()
        .with_element(Element::Arrow {
            circle: vec![40],
            line: vec![30, 20],
        })
        .unwrap();
    let read_elements = read.rules().elements().to_vec();
    let mut expected_elements = expected.elements().to_vec();
    expected_elements.extend([
        Element::Kropki {
            cells: [45, 54],
            dot: Dot::Black,
            value: 2,
        },
        Element::Kropki {
            cells: [45, 46],
            dot: Dot::White,
            value: 1,
        },
    ]);
    assert_eq!(read.rules().cages(), expected.cages());
    assert_eq!(
        read_elements.len(),
        expected_elements.len(),
        "{read_elements:?}"
    );
    for e in &expected_elements {
        assert!(read_elements.contains(e), "{e:?} not in {read_elements:?}");
    }
}

#[test]
fn jigsaw_regions_diagonals_and_candidate_marks_are_read() {
    let mut layer = Map::new();
    // Move the border between boxes 1 and 2 in row 1: r1c4 joins box 1,
    // r1c3 joins box 2 — the bold line now runs right of r1c4 and left of
    // r1c3 in that row.
    // Jigsaw regions: r3c3 goes to the second box, r1c4 to the first.
    let mut region: Vec<u8> = (0..81)
        .map(|i| ((i / 9 / 3) * 3 + (i % 9) / 3) as u8)
        .collect();
    region[20] = 1;
    region[3] = 0;
    region_borders(&region, &mut layer);
    let lines = layer["lineE"].as_object_mut().unwrap();
    // The main diagonal, dashed as Penpa draws it.
    for t in -1..8isize {
        lines.insert(
            format!("{},{}", corner(t, t), corner(t + 1, t + 1)),
            json!(12),
        );
    }
    // r9c9 may only be 1 or 9.
    let mut flags = vec![0; 9];
    flags[0] = 1;
    flags[8] = 1;
    layer.insert(
        "number".into(),
        json!({ cell(8, 8).to_string(): [flags, 1, "7"] }),
    );
    let read = read_one(&link(&layer, "")).unwrap();
    let jigsaw = Rules::jigsaw(9, region)
        .unwrap()
        .with_diagonal(Diagonal::Main);
    assert_eq!(read.rules(), &jigsaw);
    assert_eq!(read.candidates().unwrap()[80], 0b1_0000_0001);
}

#[test]
fn what_fdoku_cannot_read_exactly_is_named() {
    let errors =
        |layer: &Map<String, Value>, rules: &str| read_one(&link(layer, rules)).unwrap_err();
    let mut layer = Map::new();
    box_borders(&mut layer);
    let column = "https://swaroopg92.github.io/penpa-edit/#m=solve&p=".len() + 1;

    let mut shaded = layer.clone();
    shaded.insert("surface".into(), json!({ cell(0, 0).to_string(): 1 }));
    assert_eq!(
        errors(&shaded, ""),
        format!(
            "penpa.txt:1:{column}: surface: shaded cells: fdoku does not read it from a Penpa+ link"
        )
    );

    let message = errors(&layer, "Anti-knight: cells a knight's move apart differ.");
    assert!(message.contains("speaks of anti-knight"), "{message}");

    let mut outside = layer.clone();
    outside.insert(
        "number".into(),
        // Row 1, column 4 of the drawing area: above the board.
        json!({ (NX0 + 4).to_string(): ["10", 1, "1"] }),
    );
    let message = errors(&outside, "");
    assert!(
        message.contains("\"10\" on a cell outside the board"),
        "{message}"
    );

    let mut half = layer.clone();
    let lines = half["lineE"].as_object_mut().unwrap();
    for t in -1..3isize {
        lines.insert(
            format!("{},{}", corner(t, t), corner(t + 1, t + 1)),
            json!(12),
        );
    }
    let message = errors(&half, "");
    assert!(
        message.contains("4 of the 9 segments of the main"),
        "{message}"
    );

    let mut no_borders = Map::new();
    givens(&mut no_borders);
    assert!(errors(&no_borders, "").contains("no region borders"));

    let bad = "https://swaroopg92.github.io/penpa-edit/#m=solve&p=ab!c";
    assert_eq!(
        read_one(bad).unwrap_err(),
        format!(
            "penpa.txt:1:{column}: character 3 of the payload, '!', is not one of A-Z a-z 0-9 + / ="
        )
    );
}
