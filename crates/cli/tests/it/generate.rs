//! `fdoku generate` through the real binary: unique puzzles (checked here by
//! `fdoku solve`), the same output for a seed on any thread count, and
//! clear errors.

use crate::common::{fdoku, fdoku_stdin, json_lines, stdout};
use fdoku_sudoku::format::{self, Format, read_puzzles};

#[test]
fn the_same_seed_gives_the_same_puzzles_on_one_or_two_threads() {
    let one = fdoku(&["generate", "-n", "40", "--seed", "9", "--threads", "1"]);
    let two = fdoku(&["generate", "-n", "40", "--seed", "9", "--threads", "2"]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(stdout(&one).lines().count(), 40);
    let other = fdoku(&["generate", "-n", "40", "--seed", "10"]);
    assert_ne!(stdout(&one), stdout(&other));
}

#[test]
fn generated_puzzles_are_unique_by_fdoku_solve() {
    let dir = std::env::temp_dir().join(format!("fdoku-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (variant, symmetry) in [
        ("classic", "rot180"),
        ("diagonal", "none"),
        ("windoku", "mirror"),
    ] {
        let o = fdoku(&[
            "generate",
            "-n",
            "5",
            "--variant",
            variant,
            "--symmetry",
            symmetry,
            "-f",
            "jsonl",
        ]);
        let records = json_lines(&o);
        assert_eq!(records.len(), 5);
        let file = dir.join(format!("{variant}.txt"));
        let puzzles: Vec<&str> = records
            .iter()
            .map(|r| r["puzzle"].as_str().expect("a line"))
            .collect();
        std::fs::write(&file, puzzles.join("\n")).expect("write");
        let solved = fdoku(&[
            "solve",
            "--count",
            "--solver",
            "fd",
            "--variant",
            variant,
            "-f",
            "jsonl",
            file.to_str().expect("UTF-8 path"),
        ]);
        for (line, record) in stdout(&solved).lines().zip(&records) {
            let answer: serde_json::Value = serde_json::from_str(line).expect("JSON");
            assert_eq!(
                answer["status"], "unique",
                "{variant}: {}",
                record["puzzle"]
            );
            assert_eq!(answer["solution"], record["solution"]);
            assert_eq!(record["symmetry"], symmetry);
            assert_eq!(record["variant"], variant);
            assert_eq!(record["minimal"], true, "{variant}: every check finished");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn impossible_requests_fail_clearly() {
    let o = fdoku(&["generate", "--size", "7"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--size 7"));
    let o = fdoku(&[
        "generate",
        "--size",
        "16",
        "--variant",
        "windoku",
        "--node-limit",
        "500",
    ]);
    // The grid search ran out of nodes: cut short by a limit, not an answer.
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no windoku 16×16 grid found within 500"));
    let o = fdoku(&["generate", "--minimal", "--clues", "30"]);
    assert_eq!(o.status.code(), Some(2), "clap: the two conflict");
}

#[test]
fn a_pattern_file_fixes_the_clue_positions() {
    let dir = std::env::temp_dir().join(format!("fdoku-pattern-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let layout =
        "..7...5.4....97..1...3..87..9..6.7..4..8.....6.8..1.5....243....35.1.......9.....";
    // The same layout as a block with separators and x marks.
    let rows: Vec<String> = layout
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let marks: Vec<String> = row
                .chunks(3)
                .map(|part| {
                    part.iter()
                        .map(|&b| if b == b'.' { '.' } else { 'x' })
                        .collect()
                })
                .collect();
            marks.join(" | ")
        })
        .collect();
    let block = format!(
        "{}\n------+-----+------\n{}\n------+-----+------\n{}\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    let file = dir.join("pattern.txt");
    std::fs::write(&file, block).expect("write");
    let path = file.to_str().expect("UTF-8 path");
    let o = fdoku(&["generate", "--pattern", path, "-n", "2", "--seed", "4"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for line in stdout(&o).lines() {
        let marks: String = line
            .chars()
            .map(|c| if c == '.' { '.' } else { 'x' })
            .collect();
        let expected: String = layout
            .chars()
            .map(|c| if c == '.' { '.' } else { 'x' })
            .collect();
        assert_eq!(marks, expected);
    }
    let o = fdoku(&["generate", "--pattern", path, "--size", "6"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("81 cells; expected 36"));
    let o = fdoku(&["generate", "--pattern", path, "--symmetry", "rot180"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "a pattern fixes the symmetry itself"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_er_range_on_either_scale_is_graded_by_the_explainer_path() {
    for (scale, range, low, high) in [
        ("classic", "2.0-2.6", 2.0, 2.6),
        ("sukaku", "4.0-4.3", 4.0, 4.3),
    ] {
        let o = fdoku(&[
            "generate", "-n", "2", "--er", range, "--se", scale, "-f", "jsonl", "--seed", "5",
        ]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        for record in json_lines(&o) {
            let given = &record["se"];
            assert_eq!(given["scale"], scale);
            // Re-grade independently through `fdoku grade`.
            let graded = fdoku_stdin(
                &["grade", "-f", "jsonl", "--se", scale],
                record["puzzle"].as_str().unwrap().as_bytes(),
            );
            let grade = &json_lines(&graded)[0]["grade"];
            let again = match scale {
                "classic" => grade.clone(),
                _ => grade["sukaku"].clone(),
            };
            for key in ["er", "ep", "ed"] {
                assert_eq!(given[key], again[key], "{key} of {record}");
            }
            let er = given["er"].as_f64().unwrap();
            assert!((low..=high).contains(&er), "ER {er} outside {range}");
        }
    }
    for bad in ["7.25", "9-8", "hard"] {
        let o = fdoku(&["generate", "--er", bad]);
        assert_eq!(o.status.code(), Some(2), "--er {bad}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("--er"),
            "--er {bad}"
        );
    }
    let o = fdoku(&["generate", "--se", "sukaku"]);
    assert_eq!(o.status.code(), Some(2), "--se without --er");
}

#[test]
fn a_difficulty_level_or_technique_is_graded_by_the_logic_solver() {
    let o = fdoku(&[
        "generate",
        "-n",
        "2",
        "--difficulty",
        "medium",
        "-f",
        "jsonl",
        "--seed",
        "5",
    ]);
    for record in json_lines(&o) {
        assert_eq!(record["difficulty"], "medium");
        // Re-grade independently through `fdoku grade`.
        let graded = fdoku_stdin(
            &["grade", "-f", "jsonl"],
            record["puzzle"].as_str().unwrap().as_bytes(),
        );
        let grade = &json_lines(&graded)[0]["grade"];
        assert_eq!(grade["level"], "medium");
        assert_eq!(grade["hodoku_score"], record["hodoku_score"]);
    }
    let o = fdoku(&[
        "generate",
        "-n",
        "2",
        "--technique",
        "hidden pair",
        "-f",
        "jsonl",
        "--seed",
        "3",
    ]);
    for record in json_lines(&o) {
        assert_eq!(record["technique"], "Hidden pair");
        let graded = fdoku_stdin(
            &["grade", "-f", "jsonl"],
            record["puzzle"].as_str().unwrap().as_bytes(),
        );
        let used = &json_lines(&graded)[0]["grade"]["techniques"];
        assert!(used.get("hidden_pair").is_some(), "{used}");
    }
    let o = fdoku(&["generate", "--difficulty", "brutal"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("expert"));
    let o = fdoku(&["generate", "--technique", "magic"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("Hidden pair"));
}

#[test]
fn killer_puzzles_print_descriptions_that_solve_uniquely() {
    let dir = std::env::temp_dir().join(format!("fdoku-killer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let o = fdoku(&[
        "generate",
        "--killer",
        "--cage-size",
        "3",
        "-n",
        "4",
        "--seed",
        "8",
        "-f",
        "jsonl",
    ]);
    let records = json_lines(&o);
    let descriptions: Vec<String> = records
        .iter()
        .map(|r| r["description"].to_string())
        .collect();
    let file = dir.join("killer.jsonl");
    std::fs::write(&file, descriptions.join("\n")).expect("write");
    let solved = fdoku(&[
        "solve",
        "--count",
        "-f",
        "jsonl",
        file.to_str().expect("UTF-8 path"),
    ]);
    let answers: Vec<serde_json::Value> = stdout(&solved)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(answers.len(), 4);
    for (answer, record) in answers.iter().zip(&records) {
        assert_eq!(answer["status"], "unique");
        assert_eq!(answer["solution"], record["solution"]);
        let cages = record["description"]["cages"].as_array().expect("cages");
        assert!(
            cages
                .iter()
                .all(|c| c["cells"].as_array().map_or(0, Vec::len) <= 3)
        );
    }
    let o = fdoku(&["generate", "--killer", "--symmetry", "rot180"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "killer cages take no clue symmetry"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn jigsaw_puzzles_come_with_their_regions_and_solve_uniquely() {
    let o = fdoku(&[
        "generate", "--jigsaw", "--size", "6", "-n", "3", "--seed", "4",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = stdout(&o);
    for line in text.lines() {
        let description: serde_json::Value = serde_json::from_str(line).expect("a description");
        let regions = description["regions"].as_array().expect("regions");
        assert_eq!(regions.len(), 6);
    }
    let dir = std::env::temp_dir().join(format!("fdoku-jigsaw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("jigsaw.jsonl");
    std::fs::write(&file, &text).expect("write");
    let solved = fdoku(&[
        "solve",
        "--count",
        "--solver",
        "fd",
        file.to_str().expect("UTF-8 path"),
    ]);
    assert_eq!(solved.status.code(), Some(0));
    assert_eq!(
        stdout(&solved)
            .lines()
            .filter(|l| l.starts_with("unique 1 "))
            .count(),
        3
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn block_output_draws_the_cages_and_regions() {
    for kind in ["--killer", "--jigsaw"] {
        let run = |format: &str| {
            let o = fdoku(&[
                "generate", kind, "--size", "6", "-n", "2", "--seed", "5", "-f", format,
            ]);
            assert_eq!(
                o.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&o.stderr)
            );
            stdout(&o)
        };
        let block = run("block");
        let mut expected = String::new();
        for item in read_puzzles(
            "descriptions",
            &run("line"),
            Format::Json,
            &Default::default(),
        ) {
            let puzzle = item.puzzle.expect("a description that reads back");
            expected.push_str(&format::block(puzzle.givens(), puzzle.rules()));
            expected.push('\n');
        }
        let drawn: String = block
            .lines()
            .filter(|l| !l.starts_with("# puzzle "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(drawn, expected, "{kind}");
        assert!(drawn.contains('┃'), "{kind}: region borders\n{block}");
        if kind == "--killer" {
            assert!(drawn.contains('─'), "cage outlines\n{block}");
        }
    }
}

/// `fdoku ARGS` on one thread and on two: it succeeds, with the same output
/// both times; the one-thread run.
fn the_same_on_one_or_two_threads(args: &[&str]) -> std::process::Output {
    let run = |threads| fdoku(&[args, &["--threads", threads]].concat());
    let one = run("1");
    assert_eq!(
        one.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&one.stderr)
    );
    assert_eq!(stdout(&one), stdout(&run("2")), "{args:?}");
    one
}

/// Variant puzzles: the same output on one or two threads, each printed
/// as its JSON description, which `fdoku solve --count` finds unique.
#[test]
fn variant_puzzles_repeat_by_seed_on_any_thread_count_and_are_unique() {
    let one = the_same_on_one_or_two_threads(&[
        "generate",
        "--size",
        "6",
        "--rules",
        "thermo,kropki,x-sum,renban",
        "--minimal",
        "-n",
        "6",
        "--seed",
        "4",
    ]);
    let lines = stdout(&one);
    assert_eq!(lines.lines().count(), 6);
    // With --minimal an element not needed goes, so any of the kinds may be missing.
    let fields = ["thermometers", "white_dots", "x_sums", "renbans"];
    assert!(
        lines
            .lines()
            .all(|l| fields.iter().any(|f| l.contains(&format!("\"{f}\""))))
    );
    let counted = fdoku_stdin(&["solve", "--count", "-f", "jsonl"], lines.as_bytes());
    assert_eq!(counted.status.code(), Some(0));
    for record in json_lines(&counted) {
        assert_eq!(record["count"], 1, "{record}");
    }
    let bad = fdoku(&["generate", "--rules", "thermo,whatnot"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown kind 'whatnot'"));
}

/// A template's base rules hold in every puzzle drawn on it: the shipped
/// 6×6 anti-knight template gives puzzles with no givens, the rule kept,
/// only the kinds it names, each unique by `fdoku solve`, the same on one
/// or two threads.
#[test]
fn a_template_keeps_its_base_rules_and_draws_only_its_kinds() {
    let one = the_same_on_one_or_two_threads(&[
        "generate",
        "--template",
        "examples/template-6x6.json",
        "-n",
        "4",
        "--seed",
        "2",
    ]);
    let lines = stdout(&one);
    assert_eq!(lines.lines().count(), 4);
    let drawn = ["thermometers", "white_dots", "x", "v"];
    for line in lines.lines() {
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON description");
        let fields = record.as_object().expect("an object");
        assert_eq!(record["anti_knight"], true, "{line}");
        assert_eq!(record["givens"], ".".repeat(36), "{line}");
        for field in fields.keys() {
            assert!(
                ["anti_knight", "boxes", "givens", "size"].contains(&field.as_str())
                    || drawn.contains(&field.as_str()),
                "{field} in {line}"
            );
        }
    }
    let counted = fdoku_stdin(&["solve", "--count", "-f", "jsonl"], lines.as_bytes());
    for record in json_lines(&counted) {
        assert_eq!(record["count"], 1, "{record}");
    }
}

/// Template errors name the file and the field.
#[test]
fn a_template_without_kinds_or_with_givens_is_refused_by_field() {
    let dir = std::env::temp_dir().join(format!("fdoku-template-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (text, expected) in [
        (r#"{"size": 4}"#, "generate: missing"),
        (
            r#"{"size": 4, "generate": {"kinds": ["thermo", "bogus"]}}"#,
            "generate.kinds[1]: unknown kind 'bogus'",
        ),
        (
            r#"{"size": 4, "givens": "1...............", "generate": {"kinds": ["xv"]}}"#,
            "givens: a template is the base",
        ),
        (
            r#"{"size": 4, "generate": {"kinds": ["xv"], "count": 3}}"#,
            "generate: unknown field `count`",
        ),
        ("{\"size\": 4,\n \"generate\": [", "template.json:2:"),
    ] {
        let path = dir.join("template.json");
        std::fs::write(&path, text).expect("write");
        let o = fdoku(&["generate", "--template", path.to_str().expect("utf-8")]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{text}: {err}");
        assert!(err.contains(expected), "{text}: {err}");
        assert!(err.contains("template.json"), "{err}");
    }
}

/// Variant and killer puzzles of a level or needing a technique: `fdoku
/// grade` on each printed description gives the level and score the record
/// claims and a path using the technique; the same seed gives the same
/// puzzles on one or two threads.
#[test]
fn variant_puzzles_of_a_level_or_technique_grade_as_asked() {
    let regrade = |record: &serde_json::Value| {
        let description = record["description"].to_string();
        let graded = fdoku_stdin(&["grade", "-f", "jsonl"], description.as_bytes());
        json_lines(&graded)[0]["grade"].clone()
    };
    for level in ["easy", "medium", "hard", "expert"] {
        let one = the_same_on_one_or_two_threads(&[
            "generate",
            "--size",
            "6",
            "--rules",
            "thermo,kropki,xv,renban",
            "--difficulty",
            level,
            "-n",
            "2",
            "--seed",
            "4",
            "-f",
            "jsonl",
        ]);
        let records = json_lines(&one);
        assert_eq!(records.len(), 2);
        for record in &records {
            assert_eq!(record["difficulty"], level);
            let grade = regrade(record);
            assert_eq!(grade["level"], level, "{record}");
            assert_eq!(grade["hodoku_score"], record["hodoku_score"]);
        }
    }
    let cases = [
        (["--template", "examples/template-6x6.json", "xv"], "xv"),
        (
            ["--killer", "--size=6", "innies and outies"],
            "innies_outies",
        ),
    ];
    for ([kind, base, technique], key) in cases {
        let args = [
            "generate",
            kind,
            base,
            "--technique",
            technique,
            "--seed",
            "2",
        ];
        let o = fdoku(&[&args[..], &["-f", "jsonl"]].concat());
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let record = &json_lines(&o)[0];
        let used = &regrade(record)["techniques"];
        assert!(used.get(key).is_some(), "{args:?}: {used}");
    }
}

/// A level no candidate reaches (a 4×4 puzzle is never extreme) stops at
/// `--attempts` with a message naming the limit, exit code 3; the time
/// limit stops the search the same way.
#[test]
fn an_unreachable_level_stops_at_the_attempts_limit_with_exit_code_3() {
    let o = fdoku(&[
        "generate",
        "--size",
        "4",
        "--rules",
        "thermo",
        "--difficulty",
        "extreme",
        "--attempts",
        "40",
        "--seed",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stdout(&o).is_empty());
    assert_eq!(
        String::from_utf8_lossy(&o.stderr).trim(),
        "fdoku: puzzle 1: stopped: no extreme puzzle in 40 candidates (try more --attempts)"
    );
    let o = fdoku(&[
        "generate",
        "--rules",
        "thermo",
        "--difficulty",
        "extreme",
        "--attempts",
        "100000",
        "--time-limit",
        "0.2",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("stopped: time limit reached"));
}
