//! Input the way real files come, and results that say what they mean:
//! puzzles on the command line, lines with more than a puzzle, titles,
//! empty inputs, candidate grids fed back to `hint`, lower bounds, puzzles
//! that cannot be rated, and the default time limits.
#![allow(clippy::unwrap_used)]

use crate::common::{fdoku, fdoku_stdin, stdout};

/// Norvig's first "top95" puzzle and its solution.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const TOP95_1_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// Magictour's fourth puzzle: HoDoKu's path needs a locked triple (SE 3.6)
/// while Sudoku Explainer's hardest step is a hidden pair (3.4).
const MAGICTOUR_4: &str =
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";
/// A puzzle of the hardest database: Sudoku Explainer's path needs nested
/// forcing chains (seconds of work).
const NESTED: &str =
    ".....6..9..67...3.79...3....1...7.5...752......5.....2..167..2......14..8........";
/// A grid with its last six cells given and nothing else: many solutions.
const OPEN: &str =
    "...........................................................................123456";

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn solve_takes_the_puzzle_as_its_argument() {
    let o = fdoku(&["solve", TOP95_1]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), TOP95_1_SOLUTION);
    // A damaged puzzle is named as the argument; a missing file as a file.
    let o = fdoku(&["solve", &TOP95_1[..80]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("<argument>:1:81: 80 cells"),
        "{}",
        stderr(&o)
    );
    let o = fdoku(&["solve", "missing-puzzles.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot read missing-puzzles.txt"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn lines_with_ratings_csv_tails_and_titles_are_read() {
    let text = format!(
        "HardestDatabase110626\n{TOP95_1} 1.2\n{TOP95_1},HardestSudokusThread-00001;tarx0134,tarek\n{TOP95_1}\t# comment\n0000183b305c  {TOP95_1}  9.2\n"
    );
    let o = fdoku_stdin(&["solve", "--count"], text.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let expected = format!("unique 1 {TOP95_1_SOLUTION}\n").repeat(4);
    assert_eq!(stdout(&o), expected);
    assert_eq!(
        stderr(&o).trim(),
        "fdoku: <stdin>:1: skipped a line that is not a puzzle: \"HardestDatabase110626\""
    );
}

#[test]
fn an_empty_input_says_so() {
    let o = fdoku_stdin(&["solve"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
    assert_eq!(
        stderr(&o).trim(),
        "fdoku: <stdin>: no puzzle: the input is empty"
    );
    let o = fdoku_stdin(&["solve"], b"just some words\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("<stdin>: no puzzle found"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_count_cut_short_is_a_lower_bound() {
    let o = fdoku(&["solve", "--count", OPEN]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("multiple ≥2 "), "{}", stdout(&o));
    let o = fdoku(&["solve", "--count", "--limit", "5", "-f", "jsonl", OPEN]);
    let record: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(record["count_at_least"], 5);
    assert!(record.get("count").is_none());
    // A count that went through is exact.
    let o = fdoku(&["solve", "--count", "-f", "jsonl", TOP95_1]);
    let record: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(record["count"], 1);
    assert!(record.get("count_at_least").is_none());
}

#[test]
fn a_puzzle_without_one_solution_is_never_rated() {
    for format in ["line", "json", "jsonl"] {
        let o = fdoku(&["grade", "-f", format, OPEN]);
        assert_eq!(o.status.code(), Some(2), "{format}");
        let text = stdout(&o);
        assert!(!text.contains("ER"), "{format}: {text}");
        match format {
            "line" => assert_eq!(text.trim(), format!("{OPEN}  not unique (2+ solutions)")),
            _ => {
                let line = text
                    .trim()
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .trim();
                let record: serde_json::Value = serde_json::from_str(line).unwrap();
                assert_eq!(record["status"], "not_unique");
                assert_eq!(record["unique"], false);
                assert!(record.get("grade").is_none());
            }
        }
    }
    let o = fdoku(&["explain", OPEN]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o).trim(), "not unique (2+ solutions)");
    let o = fdoku(&["explain", OPEN, "-f", "json"]);
    assert_eq!(o.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["status"], "not_unique");
    assert_eq!(doc["unique"], false);
    let clash = format!("44{}", &TOP95_1[2..]);
    let o = fdoku(&["grade", &clash]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o).trim(), format!("{clash}  no solution"));
}

#[test]
fn explain_says_which_path_each_rating_belongs_to() {
    let o = fdoku(&["explain", MAGICTOUR_4]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("[3.6] Locked triple"), "{text}");
    assert_eq!(
        text.lines().last().unwrap(),
        "ER 3.4 EP 1.2 ED 1.2 (Sudoku Explainer's path)  HoDoKu 1032 hard (this path)  level hard"
    );
    let o = fdoku(&["explain", MAGICTOUR_4, "--order", "explainer"]);
    assert_eq!(
        stdout(&o).lines().last().unwrap(),
        "ER 3.4 EP 1.2 ED 1.2 (this path)  HoDoKu 1032 hard (HoDoKu's path)  level hard"
    );
}

#[test]
fn hint_apply_output_reads_back_and_moves_on() {
    let mut input = fdoku(&["hint", MAGICTOUR_4, "--level", "apply"]).stdout;
    let mut seen = Vec::new();
    for _ in 0..4 {
        let text = String::from_utf8(input.clone()).unwrap();
        let step = text.lines().next().unwrap().to_owned();
        assert!(!seen.contains(&step), "the hint repeats itself: {step}");
        seen.push(step);
        let o = fdoku_stdin(&["hint", "-", "--level", "apply"], &input);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        input = o.stdout;
    }
    assert_eq!(
        seen[1],
        "Locked triple {3,8,9} in r4c4, r4c5, r4c6 (row 4, box 5): remove 3, 8 from r4c2, r4c3; remove 3 from r4c8; remove 3, 8, 9 from r4c9, r5c6, r6c6"
    );
    // The JSON form carries a description to go on from.
    let o = fdoku(&["hint", MAGICTOUR_4, "--level", "apply", "-f", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let next = doc["next"].to_string();
    let o = fdoku(&["hint", &next, "--level", "concrete"]);
    assert_eq!(stdout(&o).trim(), seen[1]);
}

#[test]
fn long_work_has_a_default_time_limit() {
    for command in ["explain", "hint", "grade", "generate"] {
        let o = fdoku(&[command, "--help"]);
        let help = stdout(&o);
        assert!(
            help.contains("--time-limit <SECONDS>") && help.contains("[default: 60]"),
            "{command}: {help}"
        );
    }
    let help = stdout(&fdoku(&["solve", "--help"]));
    assert!(
        help.contains("with `solve --all`, 60 unless given"),
        "{help}"
    );
    // A limit that runs out says so and exits 3.
    let o = fdoku(&[
        "explain",
        "--time-limit",
        "0.05",
        "--order",
        "explainer",
        NESTED,
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stdout(&o).contains("time limit reached"), "{}", stdout(&o));
}
