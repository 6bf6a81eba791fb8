//! Variant elements in the JSON description: every kind read with its
//! defaults, written back so that reading the description gives the same
//! puzzle, and every mistake named by field, entry and what was expected.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::format::json::describe;
use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
use fdoku_sudoku::{
    Direction, Dot, Element, Extremum, Indexer, Negative, Outside, Puzzle, Rules, parse_cell_name,
};

fn cells(names: &[&str]) -> Vec<usize> {
    names
        .iter()
        .map(|n| parse_cell_name(9, n).unwrap())
        .collect()
}

fn pair(a: &str, b: &str) -> [usize; 2] {
    [cells(&[a])[0], cells(&[b])[0]]
}

fn outside(name: &str) -> Outside {
    Outside::parse(9, name).unwrap()
}

/// The one puzzle a JSON text describes, or its error.
fn read(text: &str) -> Result<Puzzle, String> {
    let mut items = read_puzzles("p.json", text, Format::Json, &PlainVariant::default());
    assert_eq!(items.len(), 1, "{text}");
    items.remove(0).puzzle.map_err(|e| e.to_string())
}

/// One of every kind, numbers at their defaults and not, in the order
/// the description lists its fields.
fn every_kind() -> Vec<Element> {
    vec![
        Element::Thermometer {
            cells: cells(&["r1c1", "r1c2", "r1c3"]),
            slow: false,
        },
        Element::Thermometer {
            cells: cells(&["r2c1", "r2c2"]),
            slow: true,
        },
        Element::Arrow {
            circle: cells(&["r3c1"]),
            line: cells(&["r3c2", "r3c3"]),
        },
        Element::Arrow {
            circle: cells(&["r5c1", "r5c2"]),
            line: cells(&["r6c1", "r6c2", "r6c3"]),
        },
        Element::LittleKiller {
            clue: outside("r0c1"),
            direction: Direction::DownRight,
            sum: 40,
        },
        Element::LittleKiller {
            clue: outside("r10c5"),
            direction: Direction::UpLeft,
            sum: 20,
        },
        Element::Sandwich {
            clue: outside("r0c3"),
            sum: 10,
        },
        Element::XSum {
            clue: outside("r3c10"),
            sum: 25,
        },
        Element::Skyscraper {
            clue: outside("r0c5"),
            count: 3,
        },
        Element::Kropki {
            cells: pair("r4c4", "r4c5"),
            dot: Dot::White,
            value: 1,
        },
        Element::Kropki {
            cells: pair("r4c5", "r4c6"),
            dot: Dot::White,
            value: 3,
        },
        Element::Kropki {
            cells: pair("r5c4", "r5c5"),
            dot: Dot::Black,
            value: 2,
        },
        Element::Kropki {
            cells: pair("r5c5", "r5c6"),
            dot: Dot::Black,
            value: 3,
        },
        Element::Xv {
            cells: pair("r6c4", "r6c5"),
            sum: 10,
        },
        Element::Xv {
            cells: pair("r6c5", "r6c6"),
            sum: 7,
        },
        Element::Xv {
            cells: pair("r6c7", "r6c8"),
            sum: 5,
        },
        Element::Whisper {
            cells: cells(&["r7c1", "r7c2", "r7c3"]),
            difference: 5,
        },
        Element::Whisper {
            cells: cells(&["r8c1", "r8c2"]),
            difference: 4,
        },
        Element::Renban {
            cells: cells(&["r7c4", "r7c5"]),
        },
        Element::Palindrome {
            cells: cells(&["r7c6", "r7c7", "r7c8"]),
        },
        Element::Between {
            cells: cells(&["r8c3", "r8c4", "r8c5"]),
        },
        Element::RegionSum {
            cells: cells(&["r9c3", "r9c4"]),
        },
        Element::Zipper {
            cells: cells(&["r9c5", "r9c6", "r9c7"]),
        },
        Element::Entropic {
            cells: cells(&["r1c7", "r1c8", "r1c9"]),
        },
        Element::Modular {
            cells: cells(&["r2c7", "r2c8", "r2c9"]),
        },
        Element::Extremum {
            cell: cells(&["r3c5"])[0],
            kind: Extremum::Minimum,
        },
        Element::Extremum {
            cell: cells(&["r3c7"])[0],
            kind: Extremum::Maximum,
        },
        Element::Quadruple {
            cells: cells(&["r8c7", "r8c8", "r9c8", "r9c9"]),
            digits: vec![1, 1, 2],
        },
        Element::Clone {
            cells: cells(&["r2c3", "r2c4"]),
            copy: cells(&["r4c8", "r4c9"]),
        },
        Element::Indexer {
            cell: cells(&["r9c1"])[0],
            kind: Indexer::Row,
        },
        Element::Indexer {
            cell: cells(&["r9c2"])[0],
            kind: Indexer::Column,
        },
        Element::Indexer {
            cell: cells(&["r9c3"])[0],
            kind: Indexer::Box,
        },
        Element::GreaterThan {
            cells: pair("r9c5", "r9c4"),
        },
        Element::Product {
            cells: pair("r9c6", "r9c7"),
            product: 12,
        },
        Element::ParityLine {
            cells: cells(&["r7c7", "r7c8", "r8c8"]),
        },
        Element::Nabner {
            cells: cells(&["r7c9", "r8c9", "r9c9"]),
        },
        Element::Lockout {
            cells: cells(&["r5c7", "r5c8", "r5c9"]),
            difference: 4,
        },
        Element::Lockout {
            cells: cells(&["r4c7", "r3c8"]),
            difference: 6,
        },
        Element::FrameSum {
            clue: outside("r10c2"),
            sum: 15,
        },
        Element::CountingCircles {
            cells: cells(&["r6c9", "r8c1", "r8c3"]),
        },
        Element::FirstOfOneTwoThree {
            clue: outside("r7c0"),
            digit: 3,
        },
        Element::CountDifferent {
            cells: cells(&["r3c7", "r4c8", "r5c8"]),
            count: 2,
        },
        Element::Cupid {
            cell: cells(&["r2c9"])[0],
            cells: cells(&["r3c8", "r4c7"]),
        },
        Element::Twins {
            cells: cells(&["r1c7", "r2c8"]),
            twin: cells(&["r4c1", "r5c2"]),
        },
    ]
}

fn every_kind_puzzle() -> Puzzle {
    let mut rules = Rules::classic(9).unwrap().with_negative(Negative {
        white: true,
        x: true,
        ..Negative::default()
    });
    for element in every_kind() {
        rules = rules.with_element(element).unwrap();
    }
    let mut givens = vec![0; 81];
    givens[40] = 5;
    Puzzle::new(rules, givens).unwrap()
}

#[test]
fn every_kind_reads_back_as_the_same_puzzle() {
    let puzzle = every_kind_puzzle();
    let description = describe(&puzzle);
    assert_eq!(read(&description.to_string()).unwrap(), puzzle);
    // Written over several lines, too.
    let pretty = serde_json::to_string_pretty(&description).unwrap();
    assert_eq!(read(&pretty).unwrap(), puzzle);
}

#[test]
fn descriptions_use_the_short_forms_where_numbers_are_the_defaults() {
    let d = describe(&every_kind_puzzle());
    let json = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    assert_eq!(
        d["white_dots"],
        json(r#"[["r4c4", "r4c5"], {"cells": ["r4c5", "r4c6"], "value": 3}]"#)
    );
    assert_eq!(
        d["black_dots"],
        json(r#"[["r5c4", "r5c5"], {"cells": ["r5c5", "r5c6"], "value": 3}]"#)
    );
    assert_eq!(
        d["x"],
        json(r#"[["r6c4", "r6c5"], {"cells": ["r6c5", "r6c6"], "sum": 7}]"#)
    );
    assert_eq!(d["v"], json(r#"[["r6c7", "r6c8"]]"#));
    assert_eq!(
        d["whispers"],
        json(r#"[["r7c1", "r7c2", "r7c3"], {"line": ["r8c1", "r8c2"], "difference": 4}]"#)
    );
    assert_eq!(
        d["little_killers"][1],
        json(r#"{"clue": "r10c5", "direction": "up-left", "sum": 20}"#)
    );
    assert_eq!(d["minimums"], json(r#"["r3c5"]"#));
    assert_eq!(d["column_indexers"], json(r#"["r9c2"]"#));
    assert_eq!(d["greater_than"], json(r#"[["r9c5", "r9c4"]]"#));
    assert_eq!(
        d["lockout_lines"],
        json(r#"[{"line": ["r4c7", "r3c8"], "difference": 6}, ["r5c7", "r5c8", "r5c9"]]"#)
    );
    assert_eq!(
        d["products"],
        json(r#"[{"cells": ["r9c6", "r9c7"], "product": 12}]"#)
    );
    assert_eq!(d["negative"], json(r#"["white", "x"]"#));
    assert_eq!(d.get("thermometer"), None);
}

#[test]
fn entries_read_with_their_defaults() {
    let p = read(
        r#"{"size": 6,
            "thermometers": [["r1c1", "r1c2", "r1c3"]],
            "whispers": [["r2c1", "r2c2"], {"line": ["r3c1", "r3c2"]}],
            "white_dots": [["r4c1", "r4c2"], {"cells": ["r4c2", "r4c3"]}],
            "black_dots": [{"cells": ["r5c1", "r5c2"], "value": 3}],
            "x": [["r6c1", "r6c2"]],
            "v": [["r6c2", "r6c3"]],
            "sandwiches": [{"clue": "R7C2", "sum": 4}],
            "negative": ["black", "v", "black"]}"#,
    )
    .unwrap();
    let at = |names: &[&str]| -> Vec<usize> {
        names
            .iter()
            .map(|n| parse_cell_name(6, n).unwrap())
            .collect()
    };
    let two = |a: &str, b: &str| -> [usize; 2] { at(&[a, b]).try_into().unwrap() };
    assert_eq!(
        p.rules().elements(),
        [
            Element::Thermometer {
                cells: at(&["r1c1", "r1c2", "r1c3"]),
                slow: false
            },
            Element::Sandwich {
                clue: Outside { row: 7, col: 2 },
                sum: 4
            },
            Element::Kropki {
                cells: two("r4c1", "r4c2"),
                dot: Dot::White,
                value: 1
            },
            Element::Kropki {
                cells: two("r4c2", "r4c3"),
                dot: Dot::White,
                value: 1
            },
            Element::Kropki {
                cells: two("r5c1", "r5c2"),
                dot: Dot::Black,
                value: 3
            },
            Element::Xv {
                cells: two("r6c1", "r6c2"),
                sum: 10
            },
            Element::Xv {
                cells: two("r6c2", "r6c3"),
                sum: 5
            },
            // ⌈6/2⌉ = 3 on a 6×6 grid.
            Element::Whisper {
                cells: at(&["r2c1", "r2c2"]),
                difference: 3
            },
            Element::Whisper {
                cells: at(&["r3c1", "r3c2"]),
                difference: 3
            },
        ]
    );
    assert_eq!(
        p.rules().negative(),
        Negative {
            black: true,
            v: true,
            ..Negative::default()
        }
    );
}

/// The error reading a 9×9 description with `fields` added.
fn error(fields: &str) -> String {
    read(&format!(r#"{{"size": 9, {fields}}}"#)).unwrap_err()
}

#[test]
fn mistakes_name_the_field_the_entry_and_what_was_expected() {
    let cases = [
        (
            r#""thermometers": [["r1c1", "r1c2"], ["r2c1", "r10c1"]]"#,
            r#"thermometers[1][1]: "r10c1" is not a cell (expected r1c1 to r9c9)"#,
        ),
        (
            r#""thermometers": [["r1c1", "r1c2"], ["r2c1", "r2c2"], ["r1c1", "r2c2", "r1c1"]]"#,
            "thermometers[2]: r1c1 is listed twice",
        ),
        (
            r#""thermometers": [["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9", "r2c9"]]"#,
            "thermometers[0]: 10 cells cannot hold strictly increasing digits from 1 to 9",
        ),
        (
            r#""renbans": [["r1c1", "r2c1", "r2c2", "r1c1"]]"#,
            "renbans[0]: r1c1 is listed twice",
        ),
        (
            r#""little_killers": [{"clue": "r0c1", "direction": "down-right", "sum": 7}]"#,
            "little_killers[0]: sum 7 is impossible (expected 8 to 72)",
        ),
        (
            r#""little_killers": [{"clue": "r0c1", "dir": "down-right", "sum": 7}]"#,
            r#"little_killers[0]: unknown field "dir" (expected "clue", "direction", "sum")"#,
        ),
        (
            r#""little_killers": [{"clue": "r0c1", "direction": "down", "sum": 9}]"#,
            r#"little_killers[0].direction: "down" is not a direction (expected "down-right", "down-left", "up-right" or "up-left")"#,
        ),
        (
            r#""sandwiches": [{"clue": "r3c3", "sum": 9}]"#,
            r#"sandwiches[0].clue: "r3c3" is not a position just outside the grid (expected row 0 or 10, or column 0 or 10, like "r0c1")"#,
        ),
        (
            r#""sandwiches": [{"clue": "r0c0", "sum": 9}]"#,
            "sandwiches[0]: r0c0 is not beside a row or column",
        ),
        (
            r#""x_sums": [{"clue": "r0c2", "sum": -3}]"#,
            "x_sums[0].sum: expected a whole number, found -3",
        ),
        (
            r#""arrows": [{"circle": ["r1c1"]}]"#,
            r#"arrows[0]: missing field "line""#,
        ),
        (
            r#""white_dots": [["r1c1", "r1c2", "r1c3"]]"#,
            "white_dots[0]: 3 cells, expected a pair of cells",
        ),
        (
            r#""black_dots": [{"cells": ["r1c1", "r1c2"], "value": 12}]"#,
            "black_dots[0]: ratio 12 is impossible (expected 2 to 9)",
        ),
        (
            r#""x": [["r1c1", "r1c2"]], "v": [["r1c1", "r1c1"]]"#,
            "v[0]: r1c1 is listed twice",
        ),
        (
            r#""whispers": ["r1c1"]"#,
            r#"whispers[0]: expected a list of cell names like ["r1c1", "r1c2"], found "r1c1""#,
        ),
        (
            r#""minimums": [11]"#,
            r#"minimums[0]: expected a cell name like "r1c1", found 11"#,
        ),
        (
            r#""quadruples": [{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "digits": [1, 10]}]"#,
            "quadruples[0].digits[1]: 10 is not a digit from 1 to 9",
        ),
        (
            r#""clones": [{"cells": ["r1c1"], "copy": ["r9c9", "r9c8"]}]"#,
            "clones[0]: the shapes have 1 and 2 cells, expected as many",
        ),
        (
            r#""palindromes": {"line": ["r1c1", "r1c2"]}"#,
            r#"palindromes: expected a list, found {"line":["r1c1","r1c2"]}"#,
        ),
        (
            r#""column_indexers": ["r1c1", "r0c5"]"#,
            r#"column_indexers[1]: "r0c5" is not a cell (expected r1c1 to r9c9)"#,
        ),
        (
            r#""box_indexers": [["r1c1"]]"#,
            r#"box_indexers[0]: expected a cell name like "r1c1", found ["r1c1"]"#,
        ),
        (
            r#""products": [{"cells": ["r1c1", "r1c2"], "product": 11}]"#,
            "products[0]: product 11: no two digits from 1 to 9 multiply to it",
        ),
        (
            r#""products": [{"cells": ["r1c1", "r1c2"]}]"#,
            r#"products[0]: missing field "product""#,
        ),
        (
            r#""nabner_lines": [["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6"]]"#,
            "nabner_lines[0]: 6 cells cannot hold digits from 1 to 9 no two of them equal or consecutive (at most 5)",
        ),
        (
            r#""lockout_lines": [{"line": ["r1c1", "r1c2"], "difference": 9}]"#,
            "lockout_lines[0]: difference 9 is impossible (expected 1 to 8)",
        ),
        (
            r#""frame_sums": [{"clue": "r0c2", "sum": 25}]"#,
            "frame_sums[0]: sum 25 is impossible (expected 6 to 24)",
        ),
        (
            r#""frame_sums": [{"clue": "r0c0", "sum": 9}]"#,
            "frame_sums[0]: r0c0 is not beside a row or column",
        ),
        (
            r#""one_two_three": [{"clue": "r0c4", "digit": 4}]"#,
            "one_two_three[0]: digit 4 is impossible (expected 1 to 3)",
        ),
        (
            r#""count_different": [{"cells": ["r1c1", "r5c5"], "count": 3}]"#,
            "count_different[0]: count 3 is impossible (expected 1 to 2)",
        ),
        (
            r#""count_different": [{"cells": ["r1c1", "r5c5"]}]"#,
            r#"count_different[0]: missing field "count""#,
        ),
        (
            r#""cupids": [{"cell": "r1c1", "cells": []}]"#,
            "cupids[0]: 0 cells, expected at least 1",
        ),
        (
            r#""cupids": [{"cell": "r2c2", "cells": ["r1c1", "r2c2"]}]"#,
            "cupids[0]: r2c2 is listed twice",
        ),
        (
            r#""cupids": [{"cell": "r0c1", "cells": ["r1c2"]}]"#,
            r#"cupids[0].cell: "r0c1" is not a cell (expected r1c1 to r9c9)"#,
        ),
        (
            r#""twins": [{"cells": ["r1c1", "r1c2"], "twin": ["r2c1"]}]"#,
            "twins[0]: the shapes have 2 and 1 cells, expected as many",
        ),
        (
            r#""twins": [{"cells": ["r1c1"], "twin": ["r2c1"]}]"#,
            "twins[0]: 1 cells, expected at least 2",
        ),
        (
            r#""twins": [{"cells": ["r1c1", "r1c2"]}]"#,
            r#"twins[0]: missing field "twin""#,
        ),
        (
            r#""counting_circles": [["r1c1", "r2c2", "r1c1"]]"#,
            "counting_circles[0]: r1c1 is listed twice",
        ),
        (
            r#""parity_lines": [["r1c1"]]"#,
            "parity_lines[0]: 1 cells, expected at least 2",
        ),
        (
            r#""greater_than": [["r1c1", "r1c2", "r1c3"]]"#,
            "greater_than[0]: 3 cells, expected a pair of cells",
        ),
        (
            r#""greater_than": [["r1c1", "r1c1"]]"#,
            "greater_than[0]: r1c1 is listed twice",
        ),
        (
            r#""negative": ["white", "y"]"#,
            r#"negative[1]: "y" is not a negative rule (expected "white", "black", "x" or "v")"#,
        ),
        (
            r#""cages": [{"sum": 18, "cells": ["r1c1", "r1c2"]}]"#,
            "cages[0]: cage 1: 2 different digits from 1 to 9 cannot add up to 18",
        ),
    ];
    for (fields, message) in cases {
        assert_eq!(error(fields), format!("p.json:1:1: {message}"), "{fields}");
    }
    assert_eq!(
        read(r#"{"size": 4, "entropic_lines": [["r1c1", "r1c2", "r1c3"]]}"#).unwrap_err(),
        "p.json:1:1: entropic_lines[0]: needs a grid side divisible by 3, not 4"
    );
    assert_eq!(
        read(r#"{"size": 4, "boxes": false, "region_sum_lines": [["r1c1", "r1c2"]]}"#).unwrap_err(),
        "p.json:1:1: region_sum_lines[0]: needs regions; the grid has none"
    );
}

#[test]
fn an_unknown_field_lists_the_known_ones_with_its_position() {
    let err = read("{\"size\": 9,\n \"thermometer\": [[\"r1c1\", \"r1c2\"]]}").unwrap_err();
    assert!(
        err.starts_with("p.json:2:14: unknown field `thermometer`, expected one of `size`"),
        "{err}"
    );
    for field in [
        "`thermometers`",
        "`little_killers`",
        "`clones`",
        "`negative`",
    ] {
        assert!(err.contains(field), "{err}");
    }
}

#[test]
fn the_example_in_the_format_documentation_reads() {
    let p = read(
        r#"{"size": 9,
 "thermometers": [["r1c1", "r1c2", "r1c3"]],
 "arrows": [{"circle": ["r5c5"], "line": ["r4c4", "r3c3"]}],
 "little_killers": [{"clue": "r0c1", "direction": "down-right", "sum": 40}],
 "sandwiches": [{"clue": "r0c3", "sum": 10}],
 "white_dots": [["r9c1", "r9c2"], {"cells": ["r9c2", "r9c3"], "value": 3}],
 "x": [["r8c1", "r8c2"]],
 "whispers": [{"line": ["r7c1", "r7c2", "r7c3"], "difference": 4}],
 "negative": ["white", "x"]}"#,
    )
    .unwrap();
    assert_eq!(p.rules().elements().len(), 8);
    assert_eq!(
        p.rules().variant_name(),
        "thermometer+arrow+little killer+sandwich+white dot+xv+whisper+negative"
    );
}

#[test]
fn box_indexers_need_regions_and_frame_sums_boxes() {
    assert_eq!(
        read(r#"{"size": 4, "regions": ["AABB", "ABAB", "CCDD", "CCDD"], "frame_sums": [{"clue": "r0c1", "sum": 3}]}"#)
            .unwrap_err(),
        "p.json:1:1: frame_sums[0]: needs boxes: it adds up the cells of one box's depth"
    );
    assert_eq!(
        read(r#"{"size": 4, "boxes": false, "box_indexers": ["r1c1"]}"#).unwrap_err(),
        "p.json:1:1: box_indexers[0]: needs regions; the grid has none"
    );
    let p = read(r#"{"size": 4, "boxes": false, "row_indexers": ["r1c1"]}"#).unwrap();
    assert_eq!(p.rules().variant_name(), "latin+row indexer");
}
