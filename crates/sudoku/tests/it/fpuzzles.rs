//! The f-puzzles format on 56 published puzzles (tests/data/variants):
//! lz-string byte for byte, every file read (a file with a key fdoku does
//! not solve is refused, naming the key), every known answer found as the
//! only one by the engine and passed by the checker, every puzzle written
//! back and read again unchanged, and every constraint f-puzzles can carry
//! met in at least one of them; links, payloads and their errors.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::time::Instant;

use fdoku_sudoku::format::fpuzzles::{
    FPuzzle, lz, read_fpuzzles, to_fpuzzles, to_link, to_sudokupad_link,
};
use fdoku_sudoku::format::{Format, ParseErrorKind, read_puzzles};
use fdoku_sudoku::solve::{Goal, SolveOptions, SolverChoice, Status, solve};
use fdoku_sudoku::{
    Diagonal, Element, ElementKind, HouseKind, Layout, Parity, Puzzle, check_solution,
};

/// The files refused, and the key each names: constraints fdoku does not
/// solve (none of the 56 today).
const UNSUPPORTED: [(&str, &str); 0] = [];

/// Every `<file> <rest>` line of a fixture in tests/data/variants.
fn listing(name: &str) -> Vec<(String, String)> {
    fdoku_testdata::read_fixture(&format!("variants/{name}"))
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(file, rest)| (file.to_owned(), rest.trim().to_owned()))
        .collect()
}

fn text(file: &str) -> String {
    fdoku_testdata::read_fixture(&format!("variants/{file}"))
}

fn read(file: &str) -> Result<FPuzzle, String> {
    let mut entries = read_fpuzzles(file, &text(file));
    assert_eq!(entries.len(), 1, "{file}");
    entries.remove(0).puzzle.map_err(|e| e.to_string())
}

#[test]
fn lz_string_matches_every_payload_both_ways() {
    let payloads = listing("payloads.txt");
    assert_eq!(payloads.len(), 56);
    for (file, payload) in payloads {
        let json = text(&file);
        assert_eq!(
            lz::decompress_from_base64(&payload).unwrap(),
            json,
            "{file}"
        );
        assert_eq!(lz::compress_to_base64(&json), payload, "{file}");
    }
}

#[test]
fn every_file_reads_or_names_the_key_it_cannot() {
    let files = listing("payloads.txt");
    for (file, _) in &files {
        let expected = UNSUPPORTED.iter().find(|(f, _)| f == file);
        match (read(file), expected) {
            (Ok(_), None) => {}
            (Err(e), Some((_, key))) => assert_eq!(
                e,
                format!(
                    "{file}:1:1: {key}: the f-puzzles constraint \"{key}\" is not supported \
                     (fdoku reads the constraints listed in docs/formats.md)"
                )
            ),
            (Ok(_), Some(_)) => panic!("{file} was expected to be refused"),
            (Err(e), None) => panic!("{file}: {e}"),
        }
    }
}

#[test]
fn every_puzzle_writes_back_as_itself() {
    for (file, payload) in listing("payloads.txt") {
        let Ok(first) = read(&file) else { continue };
        let json = to_fpuzzles(&first.puzzle, &first.meta).unwrap();
        let again = read_fpuzzles("again", &json).remove(0).puzzle.unwrap();
        assert_eq!(again, first, "{file}: {json}");
        // The link and the SudokuPad link carry the same puzzle.
        for link in [
            to_link(&first.puzzle, &first.meta).unwrap(),
            to_sudokupad_link(&first.puzzle, &first.meta).unwrap(),
            format!("https://www.f-puzzles.com/?load={payload}"),
        ] {
            let items = read_puzzles("link", &link, Format::Auto, &Default::default());
            assert_eq!(items.len(), 1);
            assert_eq!(items[0].puzzle.as_ref().unwrap(), &first.puzzle, "{file}");
        }
    }
}

/// Solves a file's puzzle the way `fdoku solve` does (the engine, with
/// last-conflict branching, for rules with elements), asking for two
/// answers: the answer in solutions.txt, the only one, passed by the
/// checker. (Puzzles that take seconds when every propagation is checked
/// twice run only in the ordinary build.)
fn solves_to_its_answer(file: &str) {
    let answers = listing("solutions.txt");
    let (_, answer) = answers.iter().find(|(f, _)| f == file).unwrap();
    let answer: Vec<u8> = if answer.contains(',') {
        answer.split(',').map(|d| d.parse().unwrap()).collect()
    } else {
        answer.bytes().map(|b| b - b'0').collect()
    };
    let read = read(file).unwrap();
    let options = SolveOptions::default();
    let start = Instant::now();
    let report = solve(&read.puzzle, Goal::Count(2), &options);
    let took = start.elapsed();
    eprintln!(
        "{file}: {:?} in {took:.2?}, {} nodes",
        report.status, report.stats.nodes
    );
    assert_eq!(report.status, Status::Unique, "{file}");
    assert_eq!(report.solution.as_deref(), Some(&answer[..]), "{file}");
    check_solution(&read.puzzle, &answer).unwrap();
    if let Some(carried) = &read.meta.solution {
        assert_eq!(carried, &answer, "{file}: its own solution field");
    }
}

macro_rules! answers {
    ($($(#[$attr:meta])* $name:ident: $file:literal,)*) => {
        /// The answers of solutions.txt, one test per puzzle.
        mod answers {
            $(
                $(#[$attr])*
                #[test]
                fn $name() {
                    super::solves_to_its_answer($file);
                }
            )*
        }

        /// The files the tests above solve.
        const ANSWERED: &[&str] = &[$($file),*];
    };
}

answers! {
    clipped: "clipped.fpuzzles.json",
    bird_in_a_storm: "bird-in-a-storm.fpuzzles.json",
    blitz: "blitz.fpuzzles.json",
    self_contained: "self-contained.fpuzzles.json",
    #[cfg_attr(feature = "check-propagation", ignore = "slow with every propagation checked")]
    killer_blister: "killer-blister.fpuzzles.json",
    three_hundred_subs: "300-subs.fpuzzles.json",
    black_kropki_x: "black-kropki-x.fpuzzles.json",
    tangled_arrows: "tangled-arrows.fpuzzles.json",
    xv_kropki_x: "xv-kropki-x.fpuzzles.json",
    boxes: "boxes.fpuzzles.json",
    fortress_sudoku: "fortress-sudoku.fpuzzles.json",
    cloneways_game_of_life: "cloneways-game-of-life.fpuzzles.json",
    quadiagonal: "quadiagonal.fpuzzles.json",
    just_add_colour: "just-add-colour.fpuzzles.json",
    hay_fever: "hay-fever.fpuzzles.json",
    dotween: "dotween.fpuzzles.json",
    #[cfg_attr(feature = "check-propagation", ignore = "slow with every propagation checked")]
    sandwich_sudoku: "sandwich-sudoku.fpuzzles.json",
    minimax_sandwich: "minimax-sandwich.fpuzzles.json",
    return_of_the_revenge_of_the_hash: "return-of-the-revenge-of-the-hash.fpuzzles.json",
    peak_sudoku_4x4: "peak-sudoku-4x4.fpuzzles.json",
    #[cfg_attr(feature = "check-propagation", ignore = "slow with every propagation checked")]
    behemoth_16x16: "behemoth-16x16.fpuzzles.json",
    irregular_7x7_kropki: "irregular-7x7-kropki.fpuzzles.json",
    extreme_killer_6x6: "extreme-killer-6x6.fpuzzles.json",
    #[cfg_attr(feature = "check-propagation", ignore = "slow with every propagation checked")]
    eddies: "eddies.fpuzzles.json",
    #[cfg_attr(feature = "check-propagation", ignore = "slow with every propagation checked")]
    orbit: "orbit.fpuzzles.json",
    #[cfg_attr(feature = "check-propagation", ignore = "slow with every propagation checked")]
    one_five_nine: "159.fpuzzles.json",
    alien: "alien.fpuzzles.json",
    equal_sums: "equal-sums.fpuzzles.json",
    tiny_scar: "tiny-scar.fpuzzles.json",
    renban_skyscrapers: "renban-skyscrapers.fpuzzles.json",
    entropic_lines_101: "entropic-lines-101.fpuzzles.json",
    jumbled_joy: "jumbled-joy.fpuzzles.json",
    slow_thermo_sudoku: "slow-thermo-sudoku.fpuzzles.json",
    arkham_basement: "arkham-basement.fpuzzles.json",
    knight_shift: "knight-shift.fpuzzles.json",
    #[cfg_attr(feature = "check-propagation", ignore = "slow with every propagation checked")]
    bicycle_race: "bicycle-race.fpuzzles.json",
    killer_whirlwind: "killer-whirlwind.fpuzzles.json",
    #[cfg_attr(feature = "check-propagation", ignore = "slow with every propagation checked")]
    i_want_to_break_free: "i-want-to-break-free.fpuzzles.json",
    #[cfg_attr(feature = "check-propagation", ignore = "slow with every propagation checked")]
    a_kind_of_magic: "a-kind-of-magic.fpuzzles.json",
    one_five_nine_arrows: "159-arrows.fpuzzles.json",
    dab: "dab.fpuzzles.json",
    dutch_whispers: "dutch-whispers.fpuzzles.json",
    extra_region: "extra-region.fpuzzles.json",
    extra_regions: "extra-regions.fpuzzles.json",
    four_square_x: "4squarex.fpuzzles.json",
    lockout_lines_aug_12: "lockout-lines-aug-12.fpuzzles.json",
    lockout_lines_mar_17: "lockout-lines-mar-17.fpuzzles.json",
    locking_out_the_odds: "locking-out-the-odds.fpuzzles.json",
    keep_off_the_border: "keep-off-the-border.fpuzzles.json",
    parking_garage: "parking-garage.fpuzzles.json",
    row_indexing_test: "row-indexing-test.fpuzzles.json",
    box_indexing_test: "box-indexing-test.fpuzzles.json",
    non_consecutive: "non-consecutive.fpuzzles.json",
}

/// Every answer of solutions.txt is solved above, but for the refused
/// files and Sandwich snipe 18, which has two answers (tested below).
#[test]
fn every_answer_has_its_test() {
    let mut expected: Vec<String> = listing("solutions.txt")
        .into_iter()
        .map(|(file, _)| file)
        .filter(|f| !UNSUPPORTED.iter().any(|(u, _)| u == f) && f != SANDWICH_SNIPE)
        .collect();
    let mut tested: Vec<String> = ANSWERED.iter().map(|f| (*f).to_owned()).collect();
    expected.sort();
    tested.sort();
    assert_eq!(tested, expected);
}

/// Sandwich snipe 18, as stored: thirteen sandwich clues of 18 and no
/// givens.
const SANDWICH_SNIPE: &str = "sandwich-snipe-18.fpuzzles.json";

/// Its clues allow two answers, the one of solutions.txt and another;
/// both pass the checker and an independent count of the sandwiches.
#[test]
#[ignore = "220 s and 1.8 million nodes in the debug build"]
fn sandwich_snipe_18_has_two_answers() {
    let read = read(SANDWICH_SNIPE).unwrap();
    let options = SolveOptions {
        solver: SolverChoice::Fd,
        ..Default::default()
    };
    let mut found: Vec<String> = Vec::new();
    fdoku_sudoku::solve::solve_with(&read.puzzle, Goal::All(Some(3)), &options, &mut |g| {
        check_solution(&read.puzzle, g).unwrap();
        found.push(g.iter().map(u8::to_string).collect());
    });
    found.sort();
    let (_, listed) = listing("solutions.txt")
        .into_iter()
        .find(|(f, _)| f == SANDWICH_SNIPE)
        .unwrap();
    assert_eq!(
        found,
        [
            listed,
            "584937261231684957967512843316759428845123679729846135152478396673291584498365712"
                .to_owned()
        ]
    );
}

fn error(input: &str, text: &str) -> (ParseErrorKind, String) {
    let e = read_fpuzzles(input, text).remove(0).puzzle.unwrap_err();
    (e.kind, e.to_string())
}

#[test]
fn damaged_and_empty_links_are_errors() {
    let payload = &listing("payloads.txt")[0].1;
    // A character that is not in the packing: the link's 32 characters, then 11.
    let mut bad = payload.clone();
    bad.replace_range(10..11, "!");
    assert_eq!(
        error("l.txt", &format!("https://www.f-puzzles.com/?load={bad}")),
        (
            ParseErrorKind::Payload,
            "l.txt:1:43: character 11 of the payload, '!', is not one of A-Z a-z 0-9 + / =".into()
        )
    );
    // Cut short.
    let (kind, message) = error("l.txt", &payload[..payload.len() / 2]);
    assert_eq!(kind, ParseErrorKind::Payload);
    assert_eq!(
        message,
        "l.txt:1:1: the payload ends early: it is cut short"
    );
    assert_eq!(
        error("l.txt", "https://sudokupad.app/fpuzzles"),
        (
            ParseErrorKind::Payload,
            "l.txt:1:31: the link is empty: expected an f-puzzles payload after \"fpuzzles\""
                .into()
        )
    );
    let (_, message) = error("l.txt", "\nhttps://sudokupad.app/abc123");
    assert!(
        message.starts_with("l.txt:2:1: \"abc123\" is a short SudokuPad id"),
        "{message}"
    );
    // A payload of something that is not JSON.
    let link = format!(
        "https://f-puzzles.com/?load={}",
        lz::compress_to_base64("{\"size\": 9,\n nope")
    );
    assert_eq!(
        error("l.txt", &link),
        (
            ParseErrorKind::JsonSyntax,
            "l.txt:1:29: the payload's JSON, line 2 column 2: key must be a string".into()
        )
    );
}

#[test]
fn field_errors_name_the_key_and_the_entry() {
    let grid =
        r#""grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]"#;
    let case = |rest: &str| error("f.json", &format!(r#"{{"size": 4, {grid}{rest}}}"#)).1;
    assert_eq!(
        case(
            r#", "killercage": [{"cells": ["R1C1"], "value": "1"}, {"cells": ["R1C2", "R0C2"], "value": "3"}]"#
        ),
        "f.json:1:1: killercage[1].cells[1]: \"R0C2\" is not a cell (expected R1C1 to R4C4)"
    );
    assert_eq!(
        case(r#", "xv": [{"cells": ["R1C1", "R1C2"], "value": "W"}]"#),
        "f.json:1:1: xv[0].value: \"W\", expected \"X\" or \"V\""
    );
    assert_eq!(
        case(r#", "littlekillersum": [{"cell": "R2C2", "direction": "DR", "value": "5"}]"#),
        "f.json:1:1: littlekillersum[0].cell: \"R2C2\" is not outside the grid (expected row 0 or 5, or column 0 or 5)"
    );
    assert_eq!(
        case(r#", "thermometer": [{"lines": [["R1C1", "R1C2"], ["R1C1", "R1C1"]]}]"#),
        "f.json:1:1: thermometer[0].lines[1]: thermometer 2: r1c1 is listed twice"
    );
    assert_eq!(
        case(r#", "columnindexer": [{"cells": ["R1C1", "R5C1"]}]"#),
        "f.json:1:1: columnindexer[0].cells[1]: \"R5C1\" is not a cell (expected R1C1 to R4C4)"
    );
    // Greater-than signs are texts over two neighbours, turned by `angle`.
    let signs = format!(
        r#"{{"size": 4, {grid}, "text": [{{"cells": ["R1C1", "R1C2"], "value": "<"}},
            {{"cells": ["R2C3", "R1C3"], "value": ">", "angle": 90}},
            {{"cells": ["R3C1", "R4C1"], "value": "<", "angle": 270}},
            {{"cells": ["R4C4"], "value": ">"}}, {{"cells": ["R2C1", "R2C2"], "value": "A"}}]}}"#
    );
    let read = read_fpuzzles("f.json", &signs).remove(0).puzzle.unwrap();
    let larger: Vec<[usize; 2]> = read
        .puzzle
        .rules()
        .elements()
        .iter()
        .filter_map(|e| match e {
            Element::GreaterThan { cells } => Some(*cells),
            _ => None,
        })
        .collect();
    // r1c2 > r1c1; r1c3 > r2c3 (turned 90°, `>` points down); r3c1 > r4c1
    // (`<` turned 270° points down too).
    assert_eq!(larger, [[1, 0], [2, 6], [8, 12]]);
    assert_eq!(
        case(r#", "text": [{"cells": ["R1C1", "R1C2"], "value": ">", "angle": 45}]"#),
        "f.json:1:1: text[0].angle: the number 45, expected a multiple of 90 degrees for a sign between two cells"
    );
    let product = fdoku_sudoku::Rules::classic(4)
        .unwrap()
        .with_element(Element::Product {
            cells: [0, 1],
            product: 6,
        })
        .unwrap();
    let puzzle = Puzzle::new(product, vec![0; 16]).unwrap();
    assert_eq!(
        to_fpuzzles(&puzzle, &Default::default())
            .unwrap_err()
            .to_string(),
        "cannot write as f-puzzles: f-puzzles has no product clue between two cells"
    );
    let no_regions =
        r#""grid": [[{"region": null}, {"region": null}], [{"region": null}, {"region": null}]]"#;
    assert_eq!(
        error(
            "f.json",
            &format!(r#"{{"size": 2, {no_regions}, "boxindexer": [{{"cells": ["R1C1"]}}]}}"#)
        )
        .1,
        "f.json:1:1: boxindexer[0]: box indexer 1: needs regions; the grid has none"
    );
    assert_eq!(
        case(r#", "foglight": [{"cell": "R1C1"}]"#),
        "f.json:1:1: foglight: the f-puzzles constraint \"foglight\" is not supported (fdoku reads the constraints listed in docs/formats.md)"
    );
    assert_eq!(
        case(r#", "nabner": [{"lines": [["R1C1", "R1C2", "R2C1"]]}]"#),
        "f.json:1:1: nabner[0].lines[0]: nabner line 1: 3 cells cannot hold digits from 1 to 4 no two of them equal or consecutive (at most 2)"
    );
    // Lockout lines: ends ⌊N/2⌋ apart unless a value says otherwise.
    let lockout = format!(
        r#"{{"size": 4, {grid}, "lockout": [{{"lines": [["R1C1", "R1C2", "R1C3"]]}},
            {{"lines": [["R4C1", "R4C2", "R4C3"]], "value": "3"}}]}}"#
    );
    let read = read_fpuzzles("f.json", &lockout).remove(0).puzzle.unwrap();
    assert_eq!(
        read.puzzle.rules().elements(),
        [
            Element::Lockout {
                cells: vec![0, 1, 2],
                difference: 2
            },
            Element::Lockout {
                cells: vec![12, 13, 14],
                difference: 3
            }
        ]
    );
    let again = to_fpuzzles(&read.puzzle, &read.meta).unwrap();
    assert_eq!(
        read_fpuzzles("again", &again).remove(0).puzzle.unwrap(),
        read
    );
    // An extra region of fewer than N cells is a cage without a sum.
    let small =
        format!(r#"{{"size": 4, {grid}, "extraregion": [{{"cells": ["R1C1", "R2C2", "R3C3"]}}]}}"#);
    let read = read_fpuzzles("f.json", &small).remove(0).puzzle.unwrap();
    assert_eq!(read.puzzle.rules().cages()[0].sum, None);
    assert_eq!(read.puzzle.rules().cages()[0].cells, [0, 5, 10]);
    let whole = format!(
        r#"{{"size": 4, {grid}, "extraregion": [{{"cells": ["R1C1", "R2C2", "R3C3", "R4C4"]}}]}}"#
    );
    let read = read_fpuzzles("f.json", &whole).remove(0).puzzle.unwrap();
    assert_eq!(read.puzzle.rules().extra_regions(), [vec![0, 5, 10, 15]]);
    // Regions that are boxes of another shape are boxes.
    let three_by_two = fdoku_sudoku::Rules::with_boxes(6, 3, 2).unwrap();
    let puzzle = Puzzle::new(three_by_two, vec![0; 36]).unwrap();
    let json = to_fpuzzles(&puzzle, &Default::default()).unwrap();
    assert!(json.contains("\"region\":"), "{json}");
    assert_eq!(
        read_fpuzzles("f.json", &json)
            .remove(0)
            .puzzle
            .unwrap()
            .puzzle,
        puzzle
    );
    // No regions at all: every cell's region is null.
    let latin = Puzzle::new(fdoku_sudoku::Rules::latin(5).unwrap(), vec![0; 25]).unwrap();
    let json = to_fpuzzles(&latin, &Default::default()).unwrap();
    assert_eq!(json.matches("\"region\":null").count(), 25, "{json}");
    assert_eq!(
        read_fpuzzles("f.json", &json)
            .remove(0)
            .puzzle
            .unwrap()
            .puzzle,
        latin
    );
    // Empty and false keys of any name say nothing.
    assert!(
        read_fpuzzles(
            "f.json",
            &format!(r#"{{"size": 4, {grid}, "nabner": [], "lockout": false}}"#)
        )[0]
        .puzzle
        .is_ok()
    );
    let region_null = r#"{"size": 4, "grid": [[{"region": null}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
    assert_eq!(
        error("f.json", region_null).1,
        "f.json:1:1: grid: region 1 has 3 cells, expected 4 (the other cells are in no region)"
    );
    assert_eq!(
        error("f.json", "{\"size\": 4,\n \"grid\": [}").1,
        "f.json:2:11: expected value"
    );
}

#[test]
fn every_form_is_detected() {
    let (file, payload) = &listing("payloads.txt")[0];
    let json = text(file);
    let forms = [
        json.clone(),
        format!("https://www.f-puzzles.com/?load={payload}"),
        format!(
            "f-puzzles.com/?load={}",
            payload
                .replace('+', "%2B")
                .replace('/', "%2F")
                .replace('=', "%3D")
        ),
        format!("https://sudokupad.app/fpuzzles{payload}?setting-nogrid=1"),
        format!("# a comment\n{payload}\n"),
    ];
    // fdoku's own description, even one named "grid", is not f-puzzles.
    let named = r#"{"size": 4, "name": "grid"}"#;
    assert_eq!(fdoku_sudoku::format::detect(named), Format::Json);
    let expected = read(file).unwrap().puzzle;
    for form in forms {
        let items = read_puzzles("t", &form, Format::Auto, &Default::default());
        assert_eq!(items.len(), 1, "{form}");
        assert_eq!(items[0].puzzle.as_ref().unwrap(), &expected, "{form}");
    }
}

/// Payloads with one character changed, or cut anywhere, unpack to an
/// error or to some puzzle, never a panic.
#[test]
fn damaged_payloads_never_panic() {
    for (_, payload) in listing("payloads.txt").iter().take(6) {
        let chars: Vec<char> = payload.chars().collect();
        for at in (0..chars.len()).step_by(7) {
            for replacement in ['A', 'z', '9', '+', '/'] {
                let mut damaged = chars.clone();
                damaged[at] = replacement;
                let damaged: String = damaged.into_iter().collect();
                let _ = read_fpuzzles("d", &damaged);
            }
            let cut: String = chars[..at].iter().collect();
            let _ = read_fpuzzles("d", &format!("https://f-puzzles.com/?load={cut}"));
        }
    }
}

/// Cells in no region beside regions of N cells: the regions are houses,
/// the free cells only keep their rows and columns. A 4×4 with two regions
/// (the top-left box, and r2c4 r3c4 r4c3 r4c4) and eight free cells has
/// exactly the Latin squares whose two regions hold 1–4.
#[test]
fn cells_in_no_region_beside_regions_are_read() {
    let at = |r: usize, c: usize| match (r, c) {
        (0 | 1, 0 | 1) => "{\"region\": 0}",
        (1 | 2, 3) | (3, 2 | 3) => "{\"region\": 1}",
        _ => "{\"region\": null}",
    };
    let rows: Vec<String> = (0..4)
        .map(|r| {
            format!(
                "[{}]",
                (0..4).map(|c| at(r, c)).collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    let json = format!(r#"{{"size": 4, "grid": [{}]}}"#, rows.join(", "));
    let puzzle = read_fpuzzles("f.json", &json)
        .remove(0)
        .puzzle
        .unwrap()
        .puzzle;
    let whole = |g: &[u8], cells: [usize; 4]| {
        let mut digits = cells.map(|c| g[c]);
        digits.sort_unstable();
        digits == [1, 2, 3, 4]
    };
    let expected = crate::cell_rules::latin_squares_4()
        .iter()
        .filter(|g| whole(g, [0, 1, 4, 5]) && whole(g, [7, 11, 14, 15]))
        .count() as u64;
    assert_eq!(expected, 144);
    for solver in [SolverChoice::Fd, SolverChoice::Mask, SolverChoice::Auto] {
        let options = SolveOptions {
            solver,
            ..SolveOptions::default()
        };
        let report = solve(&puzzle, Goal::Count(1000), &options);
        assert_eq!(report.count, expected, "{solver:?}");
    }
}

/// What one puzzle shows of the rules an f-puzzles file can carry: each
/// element kind by its name, and the rules beside the elements by the
/// names of [`BESIDE_ELEMENTS`].
fn features(puzzle: &Puzzle) -> BTreeSet<String> {
    let rules = puzzle.rules();
    let n = rules.size();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut see = |name: &str| {
        seen.insert(name.to_owned());
    };
    for element in rules.elements() {
        see(element.kind());
        match element {
            Element::Whisper { difference, .. } if *difference as usize != n.div_ceil(2) => {
                see("whisper of another difference");
            }
            Element::Lockout { difference, .. } if *difference as usize != n / 2 => {
                see("lockout line of another difference");
            }
            _ => {}
        }
    }
    match rules.layout() {
        Layout::Boxes { .. } => {}
        Layout::Jigsaw(_) => see("jigsaw regions"),
        Layout::None => see("no regions"),
    }
    for diagonal in Diagonal::BOTH {
        if rules.diagonal(diagonal) {
            see(match diagonal {
                Diagonal::Main => "main diagonal",
                Diagonal::Anti => "anti diagonal",
            });
        }
    }
    for rule in rules.global_rules() {
        see(rule.name());
    }
    let negative = rules.negative();
    for (on, name) in [
        (negative.white, "white negative"),
        (negative.black, "black negative"),
        (negative.x, "x negative"),
        (negative.v, "v negative"),
    ] {
        if on {
            see(name);
        }
    }
    for cage in rules.cages() {
        see(match cage.sum {
            Some(_) => "killer cage",
            None => "cage without a sum",
        });
    }
    if rules.houses().iter().any(|h| h.kind == HouseKind::Extra) {
        see("extra house");
    }
    for (_, parity) in rules.parity_cells() {
        see(match parity {
            Parity::Odd => "odd cell",
            Parity::Even => "even cell",
        });
    }
    if puzzle.candidates().is_some() {
        see("given candidates");
    }
    seen
}

/// The rules beside the element kinds that f-puzzles and SudokuPad carry
/// and fdoku reads (docs/formats.md, "f-puzzles and SudokuPad").
const BESIDE_ELEMENTS: [&str; 20] = [
    "jigsaw regions",
    "no regions",
    "main diagonal",
    "anti diagonal",
    "anti-knight",
    "anti-king",
    "non-consecutive",
    "disjoint",
    "white negative",
    "black negative",
    "x negative",
    "v negative",
    "killer cage",
    "cage without a sum",
    "extra house",
    "odd cell",
    "even cell",
    "given candidates",
    "whisper of another difference",
    "lockout line of another difference",
];

/// Element kinds that neither f-puzzles nor SudokuPad can carry: f-puzzles
/// has no key for them and SudokuPad no drawing that says them, so fdoku
/// reads them from its JSON description only and refuses to write them
/// as links (docs/formats.md).
const JSON_ONLY: [ElementKind; 8] = [
    ElementKind::Product,
    ElementKind::ParityLine,
    ElementKind::FrameSum,
    ElementKind::OneTwoThree,
    ElementKind::CountingCircles,
    ElementKind::CountDifferent,
    ElementKind::Cupid,
    ElementKind::Twins,
];

/// Files that are not puzzles set for solvers: the solver's author made
/// them for his tests (tests/data/README.md). They are solved and written
/// back like the others but do not count as published puzzles here.
const MADE_FOR_TESTS: [&str; 2] = [
    "row-indexing-test.fpuzzles.json",
    "box-indexing-test.fpuzzles.json",
];

/// Rules f-puzzles can carry for which no published puzzle that may be
/// redistributed was found, and why; adding one takes its name out of
/// this list.
const NOT_FOUND: [(&str, &str); 6] = [
    ("box indexer", "only in a puzzle made for a solver's tests"),
    (
        "given candidates",
        "published marks found on givens only, and in Trollscraper (SVS), unsolved in 7 min",
    ),
    (
        "lockout line of another difference",
        "every published lockout line has the default",
    ),
    (
        "nabner line",
        "only in a puzzle made for a solver's tests, beside double arrows",
    ),
    (
        "no regions",
        "no published file with every cell's region null",
    ),
    ("row indexer", "only in a puzzle made for a solver's tests"),
];

/// Every rule fdoku reads from f-puzzles and SudokuPad is met in at least
/// one published puzzle (which the tests above solve and write back), but
/// for the kinds those formats cannot carry and the ones listed as not
/// found; a new element kind fails here until it is one of the three.
#[test]
fn every_rule_fpuzzles_carries_is_in_a_published_puzzle() {
    let mut met: BTreeSet<String> = BTreeSet::new();
    for (file, _) in listing("payloads.txt") {
        if MADE_FOR_TESTS.contains(&file.as_str()) {
            continue;
        }
        if let Ok(read) = read(&file) {
            met.extend(features(&read.puzzle));
        }
    }
    let json_only: Vec<&str> = JSON_ONLY.iter().map(|k| k.name()).collect();
    let carried: BTreeSet<&str> = ElementKind::ALL
        .iter()
        .map(|k| k.name())
        .filter(|name| !json_only.contains(name))
        .chain(BESIDE_ELEMENTS)
        .collect();
    for name in &met {
        assert!(
            carried.contains(name.as_str()),
            "{name}: read from a published file, yet listed as JSON-only or unknown here"
        );
    }
    let missing: Vec<&str> = carried
        .iter()
        .copied()
        .filter(|name| !met.contains(*name))
        .collect();
    let not_found: Vec<&str> = NOT_FOUND.iter().map(|(name, _)| *name).collect();
    assert_eq!(missing, not_found, "rules without a published puzzle");
}
