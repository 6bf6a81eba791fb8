//! SudokuPad's own links (`https://sudokupad.app/scl…`): every published
//! puzzle of tests/data/variants written as one and read back with the
//! same rules, givens and words, through the link reader every command
//! uses; links in the shapes SudokuPad's f-puzzles converter draws; and
//! the drawings that cannot be read, each named.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::format::fpuzzles::{self, FPuzzle, Meta, lz, read_fpuzzles};
use fdoku_sudoku::format::scl::{self, zip};
use fdoku_sudoku::format::{Format, ParseErrorKind, read_puzzles};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};
use fdoku_sudoku::{Element, Puzzle, Rules};

/// Every f-puzzles file of tests/data/variants that fdoku reads.
fn published() -> Vec<(String, FPuzzle)> {
    fdoku_testdata::read_fixture("variants/payloads.txt")
        .lines()
        .filter_map(|l| l.split_once(' '))
        .filter_map(|(file, _)| {
            let text = fdoku_testdata::read_fixture(&format!("variants/{file}"));
            let read = read_fpuzzles(file, &text).remove(0).puzzle.ok()?;
            Some((file.to_owned(), read))
        })
        .collect()
}

/// The elements with the two cells of a dot, and the four of a
/// quadruple, in reading order: a drawing on an edge or a corner has no
/// first cell.
fn elements(puzzle: &Puzzle) -> Vec<Element> {
    let mut elements: Vec<Element> = puzzle
        .rules()
        .elements()
        .iter()
        .cloned()
        .map(|mut e| {
            match &mut e {
                Element::Kropki { cells, .. } | Element::Xv { cells, .. } => cells.sort_unstable(),
                Element::Quadruple { cells, .. } => cells.sort_unstable(),
                _ => {}
            }
            e
        })
        .collect();
    elements.sort();
    elements
}

/// The same givens, regions, cages, rules, negatives and elements.
fn assert_same(back: &Puzzle, first: &Puzzle, file: &str) {
    let (a, b) = (back.rules(), first.rules());
    assert_eq!(back.givens(), first.givens(), "{file}: givens");
    assert_eq!(a.layout(), b.layout(), "{file}: regions");
    assert_eq!(a.houses(), b.houses(), "{file}: houses");
    assert_eq!(a.cages(), b.cages(), "{file}: cages");
    assert_eq!(a.global_rules(), b.global_rules(), "{file}: global rules");
    assert_eq!(a.parity_cells(), b.parity_cells(), "{file}: odd/even cells");
    assert_eq!(a.negative(), b.negative(), "{file}: negative rules");
    assert_eq!(elements(back), elements(first), "{file}: elements");
}

#[test]
fn every_published_puzzle_comes_back_from_its_scl_link() {
    let puzzles = published();
    assert_eq!(puzzles.len(), 56);
    let mut kinds = std::collections::BTreeSet::new();
    for (file, first) in &puzzles {
        let link =
            scl::to_link(&first.puzzle, &first.meta).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(link.starts_with("https://sudokupad.app/scl"), "{file}");
        let back = scl::read_link(&link).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_same(&back.puzzle, &first.puzzle, file);
        assert_eq!(back.meta, first.meta, "{file}");
        // The reader every command uses takes the link as well.
        let items = read_puzzles("link", &link, Format::Auto, &Default::default());
        assert_same(items[0].puzzle.as_ref().unwrap(), &first.puzzle, file);
        for element in first.puzzle.rules().elements() {
            kinds.insert(element.kind());
        }
    }
    // Every kind of element the published set has went through (the kinds
    // it lacks are listed in fpuzzles.rs, NOT_FOUND).
    assert!(kinds.len() >= 27, "{kinds:?}");
    for kind in [
        "column indexer",
        "modular line",
        "lockout line",
        "greater-than",
    ] {
        assert!(kinds.contains(kind), "{kind}: {kinds:?}");
    }
}

#[test]
fn a_read_back_puzzle_has_the_published_answer() {
    for (file, first) in published().into_iter().take(12) {
        let Some(answer) = first.meta.solution.clone() else {
            continue;
        };
        let link = scl::to_link(&first.puzzle, &first.meta).unwrap();
        let back = scl::read_link(&link).unwrap();
        let report = solve(&back.puzzle, Goal::Count(2), &SolveOptions::default());
        assert_eq!(report.status, Status::Unique, "{file}");
        assert_eq!(report.solution.as_deref(), Some(&answer[..]), "{file}");
    }
}

/// A link of SudokuPad JSON, compact as SudokuPad writes it.
fn link_of(json: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    format!(
        "https://sudokupad.app/scl{}",
        lz::compress_to_base64(&zip::zip(&value))
    )
}

fn blank_cells(n: usize) -> String {
    let row = vec!["{}"; n].join(",");
    format!("[{}]", vec![format!("[{row}]"); n].join(","))
}

#[test]
fn the_converters_drawings_read_as_their_constraints() {
    // As SudokuPad's f-puzzles converter draws a 4×4 thermometer, a black
    // dot, a V, an odd cell, a skyscraper clue the rules name, anti-king
    // and the title; no regions means none.
    let json = format!(
        r##"{{"cellSize": 50, "cells": {}, "regions": [],
        "underlays": [{{"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": [0.5, 0.5],
                        "rounded": true, "width": 0.85, "height": 0.85}},
                      {{"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": [3.5, 3.5],
                        "rounded": true, "width": 0.7, "height": 0.7}}],
        "lines": [{{"color": "#CFCFCF", "thickness": 21, "wayPoints": [[0.5, 0.5], [0.5, 2.5]]}}],
        "overlays": [{{"borderColor": "#000000", "backgroundColor": "#000000", "center": [2, 0.5],
                       "rounded": true, "width": 0.3, "height": 0.3, "text": ""}},
                     {{"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": [2.5, 2],
                       "fontSize": 21, "rounded": false, "width": 0.25, "height": 0.25, "text": "V"}},
                     {{"color": "#000000", "center": [-0.5, 3.5], "fontSize": 22, "rounded": false,
                       "width": 0.25, "height": 0.25, "text": "2"}}],
        "cages": [{{"value": "title: Tiny"}}, {{"value": "rules: Normal sudoku rules. Skyscraper clues count the digits seen."}}],
        "global": ["antiking"]}}"##,
        blank_cells(4)
    );
    let read = scl::read_link(&link_of(&json)).unwrap();
    let rules = read.puzzle.rules();
    assert_eq!(read.meta.title.as_deref(), Some("Tiny"));
    assert!(rules.has(fdoku_sudoku::GlobalRule::AntiKing));
    assert_eq!(rules.parity(15), Some(fdoku_sudoku::Parity::Odd));
    let mut expected = Rules::latin(4)
        .unwrap()
        .with_global(fdoku_sudoku::GlobalRule::AntiKing)
        .unwrap()
        .with_parity(fdoku_sudoku::Parity::Odd, &[15])
        .unwrap();
    for element in [
        Element::Thermometer {
            cells: vec![0, 1, 2],
            slow: false,
        },
        Element::Kropki {
            cells: [4, 8],
            dot: fdoku_sudoku::Dot::Black,
            value: 2,
        },
        Element::Xv {
            cells: [9, 10],
            sum: 5,
        },
        Element::Skyscraper {
            clue: fdoku_sudoku::Outside { row: 0, col: 4 },
            count: 2,
        },
    ] {
        expected = expected.with_element(element).unwrap();
    }
    assert_eq!(rules, &expected);
}

#[test]
fn drawings_without_a_meaning_are_named() {
    let cases = [
        (
            r##""lines": [{"color": "#123456", "thickness": 5, "wayPoints": [[0.5, 0.5], [0.5, 1.5]]}]"##,
            "lines[0]: a line of colour #123456 and thickness 5",
        ),
        (
            r##""underlays": [{"center": [0.5, 0.5], "width": 1, "height": 1, "backgroundColor": "#CFCFCF"}]"##,
            "underlays[0]: grey cells as SudokuPad draws clones",
        ),
        (
            r##""foglight": [[0, 0]]"##,
            "foglight: the SudokuPad feature \"foglight\" is not supported",
        ),
        (
            r##""global": ["antiqueen"]"##,
            "global[0]: the rule \"antiqueen\" is not supported",
        ),
        (
            r##""arrows": [{"color": "#a1a1a1", "headLength": 0.3, "thickness": 5, "wayPoints": [[0.9, 0.5], [1.5, 0.5]]}]"##,
            "arrows[0]: an arrow from R1C1 with no circle there",
        ),
        (
            r##""overlays": [{"center": [1, 0.5], "width": 0.25, "height": 0.25, "text": ">"}]"##,
            "overlays[0]: a sign \">\" on the edge of r1c1 and r2c1 points along the edge",
        ),
    ];
    for (extra, message) in cases {
        let json = format!(r#"{{"cells": {}, {extra}}}"#, blank_cells(4));
        let link = link_of(&json);
        let items = read_puzzles("pad.txt", &link, Format::Auto, &Default::default());
        let err = items[0].puzzle.as_ref().unwrap_err();
        assert_eq!(err.kind, ParseErrorKind::JsonField, "{message}");
        assert!(err.to_string().starts_with("pad.txt:1:26: "), "{err}");
        assert!(err.message.contains(message), "{err}");
    }
}

#[test]
fn damaged_links_are_named() {
    let items = read_puzzles(
        "pad.txt",
        "https://sudokupad.app/scl!!",
        Format::Auto,
        &Default::default(),
    );
    let err = items[0].puzzle.as_ref().unwrap_err();
    assert_eq!(err.kind, ParseErrorKind::Payload);
    assert_eq!((err.line, err.column), (1, 26));
    let empty = read_puzzles(
        "pad.txt",
        "https://sudokupad.app/scl",
        Format::Auto,
        &Default::default(),
    );
    assert!(
        empty[0]
            .puzzle
            .as_ref()
            .unwrap_err()
            .message
            .contains("empty")
    );
    let text = read_puzzles(
        "pad.txt",
        &format!(
            "https://sudokupad.app/scl{}",
            lz::compress_to_base64("{ce:[[,]")
        ),
        Format::Auto,
        &Default::default(),
    );
    assert!(
        text[0]
            .puzzle
            .as_ref()
            .unwrap_err()
            .message
            .contains("character 9")
    );
}

#[test]
fn what_scl_cannot_draw_is_refused_on_writing() {
    let rules = Rules::classic(9)
        .unwrap()
        .with_element(Element::Whisper {
            cells: vec![0, 1],
            difference: 3,
        })
        .unwrap();
    let puzzle = Puzzle::new(rules, vec![0; 81]).unwrap();
    let err = scl::to_link(&puzzle, &Meta::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot write as a SudokuPad puzzle: a whisper line's difference of 3 has no drawing in \
         SudokuPad (its lines draw German whispers, difference 5, and Dutch whispers, difference 4)"
    );
    let refused = |element: Element| {
        let rules = Rules::classic(9).unwrap().with_element(element).unwrap();
        let puzzle = Puzzle::new(rules, vec![0; 81]).unwrap();
        scl::to_link(&puzzle, &Meta::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused(Element::Product {
            cells: [0, 1],
            product: 12
        }),
        "cannot write as a SudokuPad puzzle: SudokuPad has no product clue between two cells"
    );
    assert_eq!(
        refused(Element::ParityLine { cells: vec![0, 1] }),
        "cannot write as a SudokuPad puzzle: SudokuPad has no parity line"
    );
    assert_eq!(
        refused(Element::Lockout {
            cells: vec![0, 1, 2],
            difference: 3
        }),
        "cannot write as a SudokuPad puzzle: a lockout line's difference of 3 has no drawing in \
         SudokuPad (its lines draw the f-puzzles script's, difference 4)"
    );
    assert_eq!(
        refused(Element::GreaterThan { cells: [0, 10] }),
        "cannot write as a SudokuPad puzzle: SudokuPad draws a greater-than sign on the edge of two \
         neighbours, not between R1C1 and R2C2"
    );
}

#[test]
fn hostile_payloads_are_errors_not_crashes() {
    let cases = [
        // Nested without end.
        format!("{{ce:{}", "[".repeat(100_000)),
        // A dot, a quadruple and a bulb hugging the grid's border.
        format!(
            "{{ce:{},o:[{{ct:[0.005,1.5],w:0.3,h:0.3,r:t}}]}}",
            blank_cells(4)
        ),
        format!(
            "{{ce:{},o:[{{ct:[4,4],w:0.7,h:0.7,r:t,te:'1'}}]}}",
            blank_cells(4)
        ),
        // An arrow's circle as wide as a continent, a line to the far away.
        format!(
            "{{ce:{},o:[{{ct:[0.5,0.5],w:1e12,h:0.83,r:t,c1:A1A1A1}}]}}",
            blank_cells(4)
        ),
        format!(
            "{{ce:{},l:[{{c:67F067,th:9.6,wp:[[0.5,0.5],[1e15,1e15]]}}]}}",
            blank_cells(4)
        ),
        // Chevrons far outside, by a shaded cell.
        format!(
            "{{ce:{},u:[{{ct:[0.5,0.5],w:1,h:1,c2:CCCCCC}}],l:[{{c:#0,th:1,wp:[[1e300,0],[1e300,1],[1e300,2]]}}]}}",
            blank_cells(4)
        ),
    ];
    for text in cases {
        let link = format!("https://sudokupad.app/scl{}", lz::compress_to_base64(&text));
        assert!(
            scl::read_link(&link).is_err(),
            "{}",
            &text[..text.len().min(120)]
        );
    }
}

/// Dutch whispers (one less than German: 4 on 9×9, 2 on 6×6) are drawn
/// as the f-puzzles script draws them, an orange line, and read back as
/// Dutch whispers; "Dec. 1, 2023: Dutch Whispers" could not be written as
/// a SudokuPad puzzle before.
#[test]
fn dutch_whispers_come_back_from_sudokupad() {
    for (size, difference) in [(9, 4), (6, 2)] {
        let rules = Rules::classic(size)
            .unwrap()
            .with_element(Element::Whisper {
                cells: vec![0, 1, size + 1],
                difference,
            })
            .unwrap();
        let puzzle = Puzzle::new(rules, vec![0; size * size]).unwrap();
        let link = scl::to_link(&puzzle, &Meta::default()).unwrap();
        let back = scl::read_link(&link).unwrap();
        assert_same(&back.puzzle, &puzzle, "dutch");
        // The f-puzzles file draws the same orange line beside its key.
        let json: serde_json::Value =
            serde_json::from_str(&fpuzzles::to_fpuzzles(&puzzle, &Meta::default()).unwrap())
                .unwrap();
        assert_eq!(json["whispers"][0]["value"], difference.to_string());
        assert_eq!(json["line"][0]["outlineC"], "#FF9A00");
        assert_eq!(json["line"][0]["fromConstraint"], "Dutch Whispers");
    }
}

/// Every drawing the writer makes reads back, beyond the published set:
/// modular lines, extra regions, jigsaw regions, a pill and a bent
/// circle, dots of other values, corner little killers, min and max cells
/// side by side, the X negative alone, cages without sums, row, column and
/// box indexers (box indexers of jigsaw regions), greater-than signs
/// pointing each way, nabner and lockout lines.
#[test]
fn every_drawing_reads_back() {
    let descriptions = [
        r#"{"size": 9, "modular_lines": [["r1c1", "r1c2", "r1c3", "r1c4"]],
            "extra": [["r2c2", "r2c5", "r2c8", "r5c2", "r5c5", "r5c8", "r8c2", "r8c5", "r8c8"]],
            "arrows": [{"circle": ["r4c4", "r4c5"], "line": ["r5c6", "r6c7"]},
                       {"circle": ["r7c1", "r8c2"], "line": ["r9c3", "r9c4"]}],
            "white_dots": [{"cells": ["r9c8", "r9c9"], "value": 3}],
            "black_dots": [{"cells": ["r8c9", "r9c9"], "value": 3}],
            "little_killers": [{"clue": "r0c0", "direction": "down-right", "sum": 45},
                               {"clue": "r10c10", "direction": "up-left", "sum": 45},
                               {"clue": "r3c10", "direction": "down-left", "sum": 20}],
            "minimums": ["r6c1"], "maximums": ["r6c2", "r5c1"],
            "slow_thermometers": [["r3c9", "r2c9", "r1c9"]],
            "between_lines": [["r9c5", "r8c6", "r7c7"]],
            "x_sums": [{"clue": "r10c5", "sum": 15}], "skyscrapers": [{"clue": "r5c0", "count": 3}],
            "v": [["r1c7", "r1c8"]],
            "negative": ["x"]}"#,
        r#"{"size": 6, "regions": ["AAABBB", "AAABBB", "CCCCDD", "CCDDDD", "EEEFFF", "EEEFFF"],
            "cages": [{"cells": ["r1c1", "r2c1"]}, {"cells": ["r6c6", "r5c6"], "sum": 11}],
            "entropic_lines": [["r3c3", "r3c4", "r3c5"]], "anti_king": true,
            "row_indexers": ["r1c4", "r2c4"], "column_indexers": ["r6c1"],
            "box_indexers": ["r3c4", "r1c1"],
            "greater_than": [["r2c2", "r2c3"], ["r2c6", "r2c5"], ["r5c5", "r4c5"], ["r5c6", "r6c6"]],
            "nabner_lines": [["r4c1", "r5c2"]], "lockout_lines": [["r6c2", "r6c3", "r6c4"]],
            "givens": "1..................................."}"#,
    ];
    for text in descriptions {
        let items = read_puzzles("d.json", text, Format::Json, &Default::default());
        let puzzle = items[0].puzzle.as_ref().unwrap();
        let meta = Meta {
            title: Some("it's \"quoted\"".into()),
            author: Some("A. Setter".into()),
            ruleset: Some("Line one.\nLine two: 'x'".into()),
            solution: None,
        };
        let link = scl::to_link(puzzle, &meta).unwrap();
        let back = scl::read_link(&link).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_same(&back.puzzle, puzzle, text);
        assert_eq!(back.meta, meta);
    }
}
