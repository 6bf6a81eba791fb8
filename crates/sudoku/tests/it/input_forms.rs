//! Puzzles the way real collections write them: a puzzle line with more
//! after it (or before it), a title line, HoDoKu's library lines, candidate
//! (pencil-mark) grids, and the JSON `candidates` field.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::format::{Format, Input, PlainVariant, read_input};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};
use fdoku_sudoku::{Puzzle, check_solution};

/// Norvig's first "top95" puzzle and its solution.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const TOP95_1_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn read(text: &str) -> Input {
    read_input("t", text, Format::Auto, &PlainVariant::default())
}

/// The puzzles read, as lines, or the errors.
fn lines(input: &Input) -> Vec<Result<String, String>> {
    input
        .items
        .iter()
        .map(|i| {
            i.puzzle
                .as_ref()
                .map(Puzzle::to_line)
                .map_err(|e| e.to_string())
        })
        .collect()
}

#[test]
fn a_puzzle_followed_by_a_rating_a_csv_tail_or_a_comment() {
    // tdoku and Sudoku Explainer lists: the puzzle, then its rating.
    let rated = format!("{TOP95_1} 1.2\n{TOP95_1}  ER 9.2\n");
    // The Sudoku Explainer-rated HardestDatabase: a title, a `#!` header, CSV rows.
    let csv = "HardestDatabase110626\n\
        #!sudoku -c1,PuzzleR,Label,Poster,q1,q2,ER,EP,ED,Sx9,Sxt\n\
        ........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3,HardestSudokusThread-00001;tarx0134,tarek,95532,97174,,,,4674,3311\n";
    // HoDoKu's exemplars: the puzzle, then `#` and the step codes.
    let exemplar = "........9.6....3..2.4....7...937.5.1.....2..3...15.7....1.24.....8.3.6...4.5..... # lc1(3) s\n";
    let tabbed = format!("{TOP95_1}\t# from top95\n");
    // The Sudoku Exchange bank: a hash, the puzzle, a rating.
    let hashed = "0000183b305c  050703060007000800000816000000030000005000100730040086906000204840572093000409000  1.2\n";
    for text in [&rated[..], csv, exemplar, &tabbed, hashed] {
        let input = read(text);
        assert!(!input.items.is_empty(), "{text}");
        for item in &input.items {
            let puzzle = item
                .puzzle
                .as_ref()
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(puzzle.size(), 9);
            let report = solve(puzzle, Goal::Count(2), &SolveOptions::default());
            assert_eq!(report.status, Status::Unique, "{text}");
        }
    }
    let hashed = read(hashed);
    assert_eq!(
        hashed.items[0].input,
        "050703060007000800000816000000030000005000100730040086906000204840572093000409000",
        "the record names the puzzle, not the whole line"
    );
    let csv = read(csv);
    assert_eq!(csv.items.len(), 1);
    assert_eq!(csv.skipped.len(), 1);
    assert_eq!(
        csv.skipped[0].to_string(),
        "t:1: skipped a line that is not a puzzle: \"HardestDatabase110626\""
    );
}

#[test]
fn hodoku_library_lines_read_as_their_grid() {
    let text = ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:\n";
    let input = read(text);
    let puzzle = input.items[0].puzzle.as_ref().unwrap();
    assert_eq!(
        puzzle.to_line(),
        "634289...875316294291754638349165872587942..61628375497584239619.6578423423691..."
    );
}

#[test]
fn a_title_line_does_not_turn_a_file_into_blocks() {
    let text = format!("My puzzles\n{TOP95_1}\n{TOP95_1}\n");
    let input = read(&text);
    assert_eq!(
        lines(&input),
        [Ok(TOP95_1.to_owned()), Ok(TOP95_1.to_owned())]
    );
    assert_eq!(input.skipped.len(), 1);
    assert_eq!(input.skipped[0].line, 1);
    // A title before a drawn grid is passed over as well.
    let drawn = "Puzzle of the day\n\
        4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n\
        ------+-------+------\n\
        . 2 . | . . . | . 6 .\n. . . | . 8 . | 4 . .\n. . . | . 1 . | . . .\n\
        ------+-------+------\n\
        . . . | 6 . 3 | . 7 .\n5 . . | 2 . . | . . .\n1 . 4 | . . . | . . .\n";
    let input = read(drawn);
    assert_eq!(lines(&input), [Ok(TOP95_1.to_owned())]);
    assert_eq!(input.skipped[0].line, 1);
}

#[test]
fn whole_grid_lines_are_never_glued_into_one_grid() {
    let text = format!("{TOP95_1}\n").repeat(81);
    let forced = read_input("t", &text, Format::Block, &PlainVariant::default());
    assert_eq!(forced.items.len(), 81);
    let first = forced.items[0].puzzle.as_ref().unwrap_err().to_string();
    assert_eq!(
        first,
        "t:1:1: a row of 81 cells, wider than any grid (32 at most); for one puzzle per line use --input-format line"
    );
    assert_eq!(read(&text).items.len(), 81);
    assert!(read(&text).items.iter().all(|i| i.puzzle.is_ok()));
}

#[test]
fn damaged_puzzle_lines_are_still_errors() {
    let short = format!("{}\n", &TOP95_1[..80]);
    assert_eq!(
        lines(&read(&short)),
        [Err("t:1:81: 80 cells; expected a whole grid: 16, 36, 64, 81, 100, 144, 225, 256, 625 cells".to_owned())]
    );
    let bad = format!("{}?{}\n", &TOP95_1[..40], &TOP95_1[41..]);
    assert_eq!(
        lines(&read(&bad)),
        [Err(
            "t:1:41: '?' is not a digit (expected 1-9, A-W, or a blank . 0 _ - *)".to_owned()
        )]
    );
}

#[test]
fn candidates_rule_solutions_out_everywhere() {
    let input = read(TOP95_1);
    let puzzle = input.items[0].puzzle.clone().unwrap();
    let solution: Vec<u8> = TOP95_1_SOLUTION.bytes().map(|b| b - b'0').collect();
    // Take r1c2's solution digit (1) out of its candidates: no solution is left.
    let mut masks = vec![0x1ff; 81];
    masks[1] &= !1;
    let marked = puzzle.with_candidates(masks).unwrap();
    assert_eq!(
        check_solution(&marked, &solution).unwrap_err().to_string(),
        "r1c2 holds 1, not one of its candidates"
    );
    for solver in [
        fdoku_sudoku::solve::SolverChoice::Auto,
        fdoku_sudoku::solve::SolverChoice::Mask,
        fdoku_sudoku::solve::SolverChoice::Fd,
    ] {
        let options = SolveOptions {
            solver,
            ..SolveOptions::default()
        };
        assert_eq!(
            solve(&marked, Goal::Count(2), &options).status,
            Status::None,
            "{solver:?}"
        );
    }
}

#[test]
fn json_candidates_as_strings_or_lists() {
    let mut entries = vec!["\"123456789\"".to_owned(); 81];
    entries[1] = "[2, 3]".to_owned();
    let text = format!(
        "{{\"givens\": \"{TOP95_1}\", \"candidates\": [{}]}}",
        entries.join(",")
    );
    let input = read(&text);
    let puzzle = input.items[0].puzzle.as_ref().unwrap();
    assert_eq!(puzzle.candidates().unwrap()[1], 0b110);
    assert_eq!(
        solve(puzzle, Goal::First, &SolveOptions::default()).status,
        Status::None
    );
    let description = fdoku_sudoku::format::json::describe(puzzle);
    assert_eq!(description["candidates"][1].to_string(), "[2,3]");
    let bad = text.replace("[2, 3]", "[2, 10]");
    assert_eq!(
        lines(&read(&bad)),
        [Err(
            "t:1:1: candidates[1] (r1c2): 10 is not a digit of a 9×9 grid".to_owned()
        )]
    );
}
