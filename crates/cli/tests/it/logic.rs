//! `fdoku grade`, `fdoku explain` and `fdoku hint` through the real binary.
#![allow(clippy::unwrap_used)]

use crate::common::{fdoku, stdout};

/// Solvable by singles (hidden singles first).
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Its solution.
const EASY_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// Magictour's fourth puzzle: needs a hidden pair (SE 3.4), no guess.
const HIDDEN_PAIR: &str =
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";

#[test]
fn grade_prints_both_ratings_per_puzzle_and_keeps_going_after_bad_lines() {
    let dir = std::env::temp_dir().join(format!("fdoku-grade-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mixed.txt");
    std::fs::write(&file, format!("{EASY}\n12x\n{HIDDEN_PAIR}\n")).unwrap();
    let out = fdoku(&["grade", "-f", "jsonl", file.to_str().unwrap(), "-j", "2"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "the bad line makes the batch exit 2"
    );
    let records: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["grade"]["level"], "easy");
    assert!(records[0]["grade"]["er"].as_f64().unwrap() <= 2.3);
    assert_eq!(records[0]["grade"]["hodoku_level"], "easy");
    assert_eq!(records[1]["status"], "error");
    assert!(
        records[1]["error"].as_str().unwrap().contains(":2:"),
        "{}",
        records[1]
    );
    assert_eq!(records[2]["grade"]["er"].as_f64(), Some(3.4));
    assert_eq!(records[2]["grade"]["hardest"], "hidden_pair");
    assert_eq!(records[2]["grade"]["logic_only"], true);
}

/// Magictour's first puzzle (SE 9.0): graded a hundred times slower than
/// [`EASY`].
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// Puzzles of very uneven work (a slow one before many quick ones), a bad
/// line and a title in the middle: every format prints the same on one,
/// two and four threads (output, notes and exit code), the bad line is
/// reported by its line in its place and every other puzzle is graded.
#[test]
fn grade_prints_the_same_on_any_thread_count_with_uneven_puzzles() {
    let dir = std::env::temp_dir().join(format!("fdoku-grade-uneven-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("uneven.txt");
    let mut lines = vec![HARD];
    lines.extend([EASY; 12]);
    lines.extend(["12x", "A title in the middle", HIDDEN_PAIR]);
    lines.extend([EASY; 12]);
    std::fs::write(&file, lines.join("\n")).unwrap();
    let file = file.to_str().unwrap();
    for format in ["line", "json"] {
        let run = |threads: &str| {
            let o = fdoku(&["grade", "-f", format, "-j", threads, file]);
            let out = stdout(&o);
            // Each record's time is the one field that differs.
            let out: Vec<String> = out
                .split("\"micros\":")
                .enumerate()
                .map(|(i, part)| match i {
                    0 => part.to_owned(),
                    _ => part
                        .trim_start_matches(|c: char| c.is_ascii_digit())
                        .to_owned(),
                })
                .collect();
            let err = String::from_utf8_lossy(&o.stderr).into_owned();
            (o.status.code(), out, err)
        };
        let one = run("1");
        assert_eq!(one.0, Some(2), "the bad line makes the batch exit 2");
        let joined = one.1.join("");
        assert_eq!(joined.matches("12x").count(), 1, "{joined}");
        let graded = match format {
            "line" => joined.matches(" ER ").count(),
            _ => joined.matches("\"graded\"").count(),
        };
        assert_eq!(
            graded,
            lines.len() - 2,
            "all but the bad line and the title"
        );
        // The bad line is told where it stands: on standard error beside
        // text, in its record in JSON; the title is passed over, said so.
        let bad = format!("{file}:14:3: 'x' is not a digit");
        let mut notes = one.2.lines();
        if format == "line" {
            let note = notes.next().unwrap();
            assert!(
                note.starts_with(&format!("fdoku: puzzle 14: {bad}")),
                "{note}"
            );
        } else {
            assert!(joined.contains(&bad), "{joined}");
        }
        let note = notes.next().unwrap();
        assert!(
            note.starts_with(&format!("fdoku: {file}:15: skipped")),
            "{note}"
        );
        assert_eq!(notes.next(), None);
        assert_eq!(run("2"), one, "{format} on two threads");
        assert_eq!(run("4"), one, "{format} on four threads");
    }
}

#[test]
fn grade_line_output_names_the_ratings() {
    let out = fdoku(&["grade", "-"]);
    // stdin is empty here: no puzzle, said on stderr, nothing printed.
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("<stdin>: no puzzle: the input is empty")
    );
    let dir = std::env::temp_dir().join(format!("fdoku-grade-line-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.txt");
    std::fs::write(&file, format!("{HIDDEN_PAIR}\n")).unwrap();
    let text = stdout(&fdoku(&["grade", file.to_str().unwrap()]));
    assert_eq!(
        text.trim(),
        format!("{HIDDEN_PAIR}  ER 3.4 EP 1.2 ED 1.2  HoDoKu 1032 hard  hard")
    );
    // The puzzle may also be the argument itself.
    let text = stdout(&fdoku(&["grade", HIDDEN_PAIR]));
    assert!(
        text.starts_with(&format!("{HIDDEN_PAIR}  ER 3.4")),
        "{text}"
    );
}

#[test]
fn explain_walks_to_the_checked_solution() {
    let out = fdoku(&["explain", EASY]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with(" 1. ["), "{}", lines[0]);
    assert!(text.contains(&format!("solved: {EASY_SOLUTION}")));
    // One step per open cell: singles place one digit each.
    let open = EASY.bytes().filter(|&b| b == b'.').count();
    assert_eq!(lines.iter().filter(|l| l.contains(". [")).count(), open);
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&fdoku(&["explain", HIDDEN_PAIR, "-f", "json"]))).unwrap();
    let steps = json["steps"].as_array().unwrap();
    let pair = steps
        .iter()
        .find(|s| s["technique"] == "hidden_pair")
        .expect("a hidden pair step");
    assert!(pair["text"].as_str().unwrap().starts_with("Hidden pair {"));
    assert_eq!(pair["rating"].as_f64(), Some(3.4));
    assert!(!pair["eliminations"].as_array().unwrap().is_empty());
    assert_eq!(json["solved"], true);
}

#[test]
fn hint_has_three_levels() {
    let vague = stdout(&fdoku(&["hint", EASY]));
    assert_eq!(vague.trim(), "Look for: Naked single");
    let concrete = stdout(&fdoku(&["hint", EASY, "--level", "concrete"]));
    assert_eq!(concrete.trim(), "Naked single: r5c6 = 4");
    let applied = fdoku(&["hint", EASY, "--level", "apply", "-f", "json"]);
    assert_eq!(applied.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&applied)).unwrap();
    let grid = doc["grid"].as_str().unwrap();
    assert_eq!(&grid[41..42], "4", "r5c6 = 4 is placed");
    assert_eq!(doc["candidates"][41].as_array().unwrap().len(), 0);
}

#[test]
fn hint_follows_the_order_asked_for() {
    // HoDoKu tries naked singles before hidden singles, SE the other way.
    let out = fdoku(&[
        "hint",
        EASY,
        "--order",
        "explainer",
        "--level",
        "concrete",
        "-f",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(doc["technique"], "hidden_single");
    let step = &doc["step"];
    let rating = step["rating"].as_f64().unwrap();
    assert!(
        rating == 1.2 || rating == 1.5,
        "SE rates a hidden single 1.2 or 1.5, not {rating}"
    );
    let placed = &step["placements"][0];
    let cell = placed["cell"].as_u64().unwrap() as usize;
    assert_eq!(
        placed["digit"].as_u64().unwrap().to_string(),
        EASY_SOLUTION[cell..=cell]
    );
}

#[test]
fn explain_and_hint_reject_bad_puzzles_clearly() {
    let out = fdoku(&["hint", "12"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<argument>"), "{err}");
    let clash = format!("11{}", &EASY[2..]);
    let out = fdoku(&["explain", &clash]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stdout(&out).starts_with("no solution: r1c1 and r1c2 both hold 1"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn hint_stopped_by_a_node_limit_exits_3_not_2() {
    // Solving an empty 32×32 grid takes more than one node: the hint is cut
    // short by the limit, not refused as bad input.
    let out = fdoku(&["hint", "--node-limit", "1", r#"{"size":32,"boxes":[4,8]}"#]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("stopped before a step was found"), "{err}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn a_hint_on_marks_that_lost_a_needed_digit_names_the_cell() {
    // EASY's r5c6 must be 4; a candidate grid without 4 there is the
    // player's mistake, not a puzzle without a solution.
    let mut marks = serde_json::json!({"size": 9, "givens": EASY});
    let candidates: Vec<Vec<u8>> = (0..81)
        .map(|cell| match cell {
            41 => vec![1, 2, 3, 5, 6, 7, 8, 9],
            _ => (1..=9).collect(),
        })
        .collect();
    marks["candidates"] = candidates.into();
    let out = fdoku(&["hint", &marks.to_string()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("r5c6 has lost a digit it needs"), "{err}");
}

/// A puzzle of the hardest database that Sudoku Explainer rates ER 10.2,
/// EP 10.2, ED 2.6 through nested forcing chains.
const NESTED: &str =
    ".....6..9..67...3.79...3....1...7.5...752......5.....2..167..2......14..8........";

#[test]
fn explain_in_explainer_order_reaches_nested_chains_with_ses_own_rating() {
    let out = fdoku(&["explain", NESTED, "--order", "explainer", "-f", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["solved"], true);
    let steps = json["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| s["technique"] != "backtracking"));
    let nested = steps
        .iter()
        .find(|s| s["technique"] == "nested_forcing_chains")
        .expect("a nested forcing chains step");
    let own = nested["explainer_rating"].as_f64().unwrap() / 10.0;
    assert!((nested["rating"].as_f64().unwrap() - own).abs() < 1e-9);
    assert!(nested["form"].is_string());
    assert!(
        nested["text"]
            .as_str()
            .unwrap()
            .starts_with("Nested forcing chains (")
    );
    let grade = &json["grade"];
    assert_eq!(
        (
            grade["er"].as_f64(),
            grade["ep"].as_f64(),
            grade["ed"].as_f64()
        ),
        (Some(10.2), Some(10.2), Some(2.6))
    );
}

/// SukakuExplainer 1.15 rates it ER 4.0, EP 1.2, ED 1.2 (a skyscraper;
/// `tests/data/sukaku_rated_sample.tsv`).
const SKYSCRAPER: &str =
    "..7...........38.2....5...14.....1....1.8..3.8.52.....5..6.24...72..9..6...1....7";

#[test]
fn grade_and_explain_on_the_sukaku_scale() {
    let text = stdout(&fdoku(&["grade", "--se", "sukaku", SKYSCRAPER]));
    assert!(
        text.starts_with(&format!("{SKYSCRAPER}  ER 4.0 EP 1.2 ED 1.2  HoDoKu")),
        "{text}"
    );
    let out = fdoku(&["grade", "--se", "sukaku", "-f", "json", SKYSCRAPER]);
    let records: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let grade = &records[0]["grade"];
    assert_eq!(grade["sukaku"]["er"], 4.0);
    assert_eq!(grade["sukaku"]["hardest"], "two_strong_links");
    assert!(grade["er"].as_f64().is_some(), "both triples: {grade}");
    let plain = stdout(&fdoku(&["grade", "-f", "json", SKYSCRAPER]));
    assert!(!plain.contains("sukaku"), "only when asked: {plain}");
    let text = stdout(&fdoku(&[
        "explain", "--order", "sukaku", "--se", "sukaku", SKYSCRAPER,
    ]));
    assert!(
        text.contains("[4.0] Two strong links (skyscraper)"),
        "{text}"
    );
    assert!(text.contains("ER 4.0 EP 1.2 ED 1.2 (this path)"), "{text}");
}

/// Column indexers, once refused by the logic solver, are reasoned with:
/// a hint names a step, and grading and explaining walk the path (this
/// puzzle has no givens: its path needs forcing nets, so a short time
/// limit stops it).
#[test]
fn column_indexers_are_reasoned_with() {
    let dab = fdoku_testdata::fixture("variants/dab.fpuzzles.json");
    let dab = dab.to_str().unwrap();
    let solved = fdoku(&["solve", dab]);
    assert_eq!(solved.status.code(), Some(0));
    assert_eq!(
        stdout(&solved).trim(),
        "597314862834265719216978534782693145649851273351427698178549326465132987923786451"
    );
    let hint = fdoku(&["hint", dab]);
    assert_eq!(hint.status.code(), Some(0));
    assert!(stdout(&hint).starts_with("Look for: "), "{}", stdout(&hint));
    for command in ["grade", "explain"] {
        let out = fdoku(&[command, "--time-limit", "1", dab]);
        assert!(
            matches!(out.status.code(), Some(0 | 3)),
            "{command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
