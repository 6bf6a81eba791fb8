//! One test per bug found, named after what went wrong.

use fdoku_sudoku::format::{Format, ParseErrorKind, PlainVariant, detect, read_input};
use fdoku_sudoku::{Cage, Rules};

/// Each item of `text` (auto-detected): its puzzle as a line, or the error's
/// line and kind.
fn read(text: &str) -> Vec<Result<String, (usize, ParseErrorKind)>> {
    read_input("t", text, Format::Auto, &PlainVariant::default())
        .items
        .into_iter()
        .map(|i| i.puzzle.map(|p| p.to_line()).map_err(|e| (e.line, e.kind)))
        .collect()
}

#[test]
fn a_bar_or_plus_in_a_comment_made_4x4_lines_one_block() {
    let text = "# 4×4 puzzles | from a list + their sources\n\
                1...............\n\
                .2..............\n\
                My list + more\n\
                ..3.............\n";
    assert_eq!(detect(text), Format::Line);
    let items = read(text);
    assert_eq!(items.len(), 3, "{items:?}");
    assert!(items.iter().all(Result::is_ok), "{items:?}");
}

#[test]
fn rows_of_16x16_grids_are_still_told_from_4x4_puzzles() {
    // A digit above 4: a row of a larger grid, separators or not.
    let row = "123456789ABCDEFG\n";
    assert_eq!(detect(&row.repeat(16)), Format::Block);
    // A digit twice in a line: no 16×16 row, even with bars drawn.
    assert_eq!(
        detect("1234|3412|2143|4321\n1.3.|..2.|.1..|4...\n"),
        Format::Line
    );
}

#[test]
fn a_short_first_row_misaligned_the_blocks_that_follow_back_to_back() {
    let text = "1.3.\n..2.\n.1..\n4...\n\
                123\n3412\n2143\n4321\n\
                1234\n3412\n2143\n4321\n";
    let items = read(text);
    assert_eq!(
        items,
        [
            Ok("1.3...2..1..4...".to_owned()),
            Err((5, ParseErrorKind::RowWidth)),
            Ok("1234341221434321".to_owned()),
        ]
    );
}

#[test]
fn one_bad_json_line_lost_the_whole_batch() {
    let text = "{\"size\":4}\nthis is not json\n{\"size\":4,\"givens\":\"1...............\"}\n";
    let read = read_input("t", text, Format::Auto, &PlainVariant::default());
    assert_eq!(read.items.len(), 3);
    assert!(read.items[0].puzzle.is_ok());
    let bad = read.items[1].puzzle.as_ref().unwrap_err();
    assert_eq!(
        (bad.line, bad.column, bad.kind),
        (2, 2, ParseErrorKind::JsonSyntax)
    );
    assert_eq!(read.items[1].input, "this is not json");
    assert!(read.items[2].puzzle.is_ok());
    // The first line damaged, the rest whole: still one record per line.
    let text = "{\"size\":4\n{\"size\":4}\n{\"size\":6}\n";
    let items = read_input("t", text, Format::Json, &PlainVariant::default()).items;
    assert_eq!(items.len(), 3);
    assert!(items[0].puzzle.is_err() && items[1].puzzle.is_ok() && items[2].puzzle.is_ok());
}

#[test]
fn parse_errors_say_what_kind_of_thing_was_expected() {
    let cases: [(&str, Format, ParseErrorKind); 8] = [
        ("12x4............", Format::Line, ParseErrorKind::Digit),
        ("1,2,x,4", Format::Line, ParseErrorKind::Number),
        ("1234567", Format::Line, ParseErrorKind::CellCount),
        (
            "1.3.\n..2.\n.5..\n4...\n",
            Format::Block,
            ParseErrorKind::DigitRange,
        ),
        (
            "1.3.\n..2.\n.1..\n",
            Format::Block,
            ParseErrorKind::RowCount,
        ),
        ("{\"size\": 4", Format::Json, ParseErrorKind::JsonSyntax),
        (
            "{\"size\": 4, \"diagonal\": true}",
            Format::Json,
            ParseErrorKind::JsonField,
        ),
        ("{\"size\": 7}", Format::Json, ParseErrorKind::JsonField),
    ];
    for (text, format, kind) in cases {
        let items = read_input("t", text, format, &PlainVariant::default()).items;
        let err = items[0].puzzle.as_ref().expect_err(text);
        assert_eq!(err.kind, kind, "{text:?}: {err}");
        assert!(err.to_string().starts_with("t:"), "{err}");
    }
}

#[test]
fn box_shapes_whose_product_overflows_passed_for_a_tiling() {
    // rows × cols was multiplied unchecked: a product past usize::MAX
    // panicked in debug builds and wrapped round in release ones.
    let err = Rules::with_boxes(9, 5, usize::MAX / 4).expect_err("no tiling");
    assert!(
        err.to_string().contains("boxes do not tile a 9×9 grid"),
        "{err}"
    );
}

#[test]
fn a_cage_of_more_cells_than_digits_underflowed_its_sum_bounds() {
    // The largest sum of k different digits from 1 to n, k(2n − k + 1)/2,
    // was worked out before checking k ≤ n: 2n − k + 1 went below zero.
    let cage = Cage {
        cells: (0..10).collect(),
        sum: Some(20),
    };
    let four = Rules::classic(4).expect("4×4 has boxes");
    let err = four.with_cage(cage).expect_err("no such sum");
    assert_eq!(
        err.to_string(),
        "cage 1: 10 cells cannot hold different digits from 1 to 4"
    );
}

#[test]
fn a_clue_kept_because_its_check_ran_out_was_called_needed() {
    use fdoku_sudoku::Puzzle;
    use fdoku_sudoku::generate::{Options, generate};
    use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};

    // Whether `givens` less the clue in `cell` still have one solution
    // (an unlimited count).
    let unique_without = |rules: &Rules, givens: &[u8], cell: usize| {
        let mut fewer = givens.to_vec();
        fewer[cell] = 0;
        let puzzle = Puzzle::new(rules.clone(), fewer).unwrap();
        solve(&puzzle, Goal::Count(2), &SolveOptions::default()).status == Status::Unique
    };
    let rules = Rules::classic(9).unwrap().with_diagonals();
    // 300 nodes per check: one check runs out and keeps r9c6,
    // which the puzzle does not need.
    let short = Options {
        node_limit: 300,
        ..Options::default()
    };
    let made = generate(&rules, &short, 4).unwrap();
    let givens = made.puzzle.givens();
    let needless: Vec<usize> = (0..givens.len())
        .filter(|&cell| givens[cell] != 0 && unique_without(&rules, givens, cell))
        .collect();
    assert_eq!(needless, [77]);
    assert!(!made.minimal, "a needless clue, yet called minimal");
    // With nodes enough, every check finishes: minimal, and proven so.
    let made = generate(&rules, &Options::default(), 4).unwrap();
    let givens = made.puzzle.givens();
    assert!(made.minimal);
    assert!(
        (0..givens.len()).all(|cell| givens[cell] == 0 || !unique_without(&rules, givens, cell))
    );
}

#[test]
fn a_missing_row_misaligned_the_blocks_that_follow_back_to_back() {
    // The second puzzle lacks its last row: its block took the third
    // puzzle's first row (answered "none"), and the third ended short.
    let text = "1.3.\n..2.\n.1..\n4...\n\
                1234\n3412\n2143\n\
                1234\n3412\n2143\n4321\n";
    let items = read(text);
    assert_eq!(
        items,
        [
            Ok("1.3...2..1..4...".to_owned()),
            Err((8, ParseErrorKind::RowCount)),
            Ok("1234341221434321".to_owned()),
        ]
    );
}

#[test]
fn a_count_cut_short_after_one_solution_was_solved_not_stopped() {
    // grade's preparation read such an answer as "no solution".
    use fdoku_fd::Budget;
    use fdoku_sudoku::format::parse_line;
    use fdoku_sudoku::solve::{Goal, SolveOptions, SolverChoice, Status, solve};
    // Norvig's first "top95" puzzle: the mask solver searches.
    let hardest =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let puzzle = parse_line(hardest, &Rules::classic(9).unwrap()).unwrap();
    let options = |budget: Budget| SolveOptions {
        solver: SolverChoice::Mask,
        budget,
        ..SolveOptions::default()
    };
    let whole = solve(&puzzle, Goal::Count(2), &options(Budget::unlimited()));
    assert_eq!(whole.status, Status::Unique);
    // The smallest node limit that lets the first solution through stops
    // the search before it has ruled out a second.
    let at = |nodes: u64| {
        let budget = Budget::unlimited().with_node_limit(nodes);
        solve(&puzzle, Goal::Count(2), &options(budget))
    };
    let (mut low, mut high) = (1, whole.stats.nodes);
    while low < high {
        let mid = (low + high) / 2;
        match at(mid).count {
            0 => low = mid + 1,
            _ => high = mid,
        }
    }
    let cut = at(low);
    assert!(
        low < whole.stats.nodes,
        "the first solution at node {low} of {}",
        whole.stats.nodes
    );
    assert_eq!(cut.count, 1);
    assert!(cut.stats.stopped.is_some());
    assert_eq!(cut.status, Status::Stopped);
    assert!(cut.solution.is_some());
}

#[test]
fn json_errors_counted_columns_in_bytes_not_characters() {
    // serde_json counts bytes: after an "é" (two bytes) the column was one
    // too far, and after U+FFFD (an undecodable byte read as text: three
    // bytes) two. Found by fuzzing the JSON reader. The position of an
    // error must not change when each character is written as one byte.
    let position = |text: &str| {
        let item = read_input("t", text, Format::Json, &PlainVariant::default())
            .items
            .remove(0);
        let e = item.puzzle.unwrap_err();
        (e.line, e.column)
    };
    for text in [
        r#"{"name": "é", x}"#,
        "{\"name\": \"\u{fffd}\u{fffd}\",\n\"é\" x}",
        r#"[{"size": 4}, {"name": "éé" x}]"#,
        "{\"givens\": \"\u{fffd}\u{fffd}\u{fffd}",
    ] {
        let ascii: String = text
            .chars()
            .map(|c| if c.is_ascii() { c } else { 'e' })
            .collect();
        assert_eq!(position(text), position(&ascii), "{text}");
    }
    assert_eq!(position(r#"{"name": "é", x}"#), (1, 15));
}
