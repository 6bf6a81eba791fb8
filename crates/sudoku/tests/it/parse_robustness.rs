//! Arbitrary text never panics a reader: every item is a puzzle or an error
//! that names the input and a position inside the text.

use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

/// Text that looks like puzzles often enough to reach deep into the parsers.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("1".to_owned()),
        Just(".".to_owned()),
        Just("0".to_owned()),
        Just("G".to_owned()),
        Just("|".to_owned()),
        Just("-".to_owned()),
        Just("+".to_owned()),
        Just(",".to_owned()),
        Just(" ".to_owned()),
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("Grid 01\n".to_owned()),
        Just("[Puzzle]\n".to_owned()),
        Just("# c\n".to_owned()),
        Just("{\"size\": 4, \"givens\": [".to_owned()),
        Just("\"1...\"".to_owned()),
        Just("]}".to_owned()),
        Just("\u{feff}".to_owned()),
        Just("é".to_owned()),
        Just(".".repeat(81)),
        Just("1".repeat(16)),
        Just("https://www.sudokuwiki.org/sudoku.htm?bd=".to_owned()),
        Just("vu4804".to_owned()),
        Just("https://swaroopg92.github.io/penpa-edit/#m=solve&p=".to_owned()),
        Just("7ZjNbtswDMf".to_owned()),
        "[0-9a-zA-Z.*_ ]{1,12}".prop_map(String::from),
        any::<char>().prop_map(String::from),
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(Config {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(2000),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/parse_robustness.txt",
        ))),
        rng_seed: RngSeed::Fixed(0x5d0c),
        ..Config::default()
    })]

    #[test]
    fn readers_never_panic_and_errors_point_inside(text in text()) {
        for format in [
            Format::Auto,
            Format::Line,
            Format::Block,
            Format::Json,
            Format::SudokuWiki,
            Format::Penpa,
        ] {
            let lines = text.lines().count().max(1);
            for (i, item) in read_puzzles("in", &text, format, &PlainVariant::default()).iter().enumerate() {
                prop_assert_eq!(item.index, i + 1);
                if let Err(e) = &item.puzzle {
                    prop_assert_eq!(&e.input, "in");
                    prop_assert!(e.line >= 1 && e.line <= lines + 1, "{} lines, error {}", lines, e);
                    prop_assert!(e.column >= 1);
                }
            }
        }
    }
}
