//! The real `fdoku` binary, run as a user would; its output is checked here
//! independently of the libraries.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `fdoku args` from the repository root; a run over 60 s is killed and
/// fails the test instead of stalling CI.
fn fdoku(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fdoku"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fdoku runs");
    let (mut out, mut err) = (
        child.stdout.take().expect("piped stdout"),
        child.stderr.take().expect("piped stderr"),
    );
    let stdout = std::thread::spawn(move || {
        let mut buf = Vec::new();
        out.read_to_end(&mut buf).map(|_| buf)
    });
    let stderr = std::thread::spawn(move || {
        let mut buf = Vec::new();
        err.read_to_end(&mut buf).map(|_| buf)
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            panic!("fdoku {args:?} took more than 60 s");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Output {
        status,
        stdout: stdout.join().expect("reader").expect("stdout"),
        stderr: stderr.join().expect("reader").expect("stderr"),
    }
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 output")
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(o)).expect("one JSON object")
}

/// Columns (1-based) of a queens placement, checked for attacks.
fn assert_non_attacking(columns: &[i64]) {
    for (r1, &c1) in columns.iter().enumerate() {
        for (r2, &c2) in columns.iter().enumerate().skip(r1 + 1) {
            assert_ne!(c1, c2, "{columns:?}");
            assert_ne!((r2 - r1) as i64, (c1 - c2).abs(), "{columns:?}");
        }
    }
}

#[test]
fn queens_counts_match_oeis() {
    let expected = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, want) in expected.iter().enumerate() {
        for strength in ["check", "forward", "hall", "domain"] {
            let o = fdoku(&["queens", &n.to_string(), "--count", "--alldiff", strength]);
            assert!(o.status.success(), "{}", stderr(&o));
            assert_eq!(stdout(&o).trim(), want.to_string(), "n = {n}, {strength}");
        }
    }
}

#[test]
#[ignore = "slow: 13-queens count through the binary"]
fn queens_13() {
    let o = fdoku(&["queens", "13", "--count"]);
    assert_eq!(stdout(&o).trim(), "73712");
}

#[test]
fn queens_all_prints_every_board_once() {
    let o = fdoku(&["queens", "8", "--all"]);
    assert!(o.status.success());
    let mut boards: Vec<Vec<i64>> = stdout(&o)
        .lines()
        .map(|l| l.split(' ').map(|c| c.parse().unwrap()).collect())
        .collect();
    for b in &boards {
        assert_eq!(b.len(), 8);
        assert_non_attacking(b);
    }
    boards.sort();
    boards.dedup();
    assert_eq!(boards.len(), 92);
}

#[test]
fn queens_first_draws_a_board_and_json_agrees() {
    let text = stdout(&fdoku(&["queens", "5"]));
    let columns: Vec<i64> = text
        .lines()
        .map(|l| l.split(' ').position(|s| s == "Q").unwrap() as i64 + 1)
        .collect();
    assert_eq!(columns.len(), 5);
    assert_non_attacking(&columns);
    let j = json(&fdoku(&["queens", "5", "--json", "--stats"]));
    assert_eq!(j["problem"], "queens");
    assert_eq!(j["status"], "limit");
    assert_eq!(j["solutions"][0], serde_json::json!(columns));
    assert!(j["stats"]["nodes"].as_u64().unwrap() >= 1);
    assert_eq!(stdout(&fdoku(&["queens", "3"])).trim(), "no solution");
}

#[test]
fn australia_colourings_are_proper_and_counted() {
    let o = fdoku(&["color", "examples/australia.json", "--all", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j = json(&o);
    assert_eq!(j["count"], 18);
    let borders = [
        ("WA", "NT"),
        ("WA", "SA"),
        ("NT", "SA"),
        ("NT", "Q"),
        ("SA", "Q"),
        ("SA", "NSW"),
        ("SA", "V"),
        ("Q", "NSW"),
        ("NSW", "V"),
    ];
    let solutions = j["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 18);
    for s in solutions {
        assert_eq!(s.as_object().unwrap().len(), 7);
        for (a, b) in borders {
            assert_ne!(s[a], s[b], "{a} and {b} share a colour in {s}");
        }
    }
    let mainland = fdoku(&["color", "examples/australia-mainland.json", "--count"]);
    assert_eq!(stdout(&mainland).trim(), "6");
    let four = fdoku(&[
        "color",
        "examples/australia.json",
        "--colors",
        "4",
        "--count",
    ]);
    // SA: 4 colours; the path WA–NT–Q–NSW–V: 3·2⁴ with the other three; T: 4.
    assert_eq!(stdout(&four).trim(), (4 * 3 * 16 * 4).to_string());
}

#[test]
fn phone_configurations_satisfy_the_rules() {
    let o = fdoku(&["features", "examples/phone.json", "--all", "--json"]);
    let j = json(&o);
    let configs = j["solutions"].as_array().unwrap();
    assert_eq!(configs.len(), 14);
    for c in configs {
        let on = |f: &str| c.as_array().unwrap().iter().any(|x| x == f);
        let screens = ["Basic", "Colour", "High resolution"]
            .iter()
            .filter(|f| on(f))
            .count();
        assert!(on("Mobile Phone") && on("Calls") && on("Screen"), "{c}");
        assert_eq!(screens, 1, "{c}");
        assert_eq!(on("Media"), on("Camera") || on("MP3"), "{c}");
        assert!(!on("Camera") || on("High resolution"), "{c}");
        assert!(!(on("GPS") && on("Basic")), "{c}");
    }
}

#[test]
fn bad_files_name_the_place_and_exit_2() {
    let o = fdoku(&["color", "examples/missing.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot read examples/missing.json"),
        "{}",
        stderr(&o)
    );

    let dir = std::env::temp_dir().join(format!("fdoku-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let syntax = dir.join("syntax.json");
    std::fs::write(
        &syntax,
        "{\"regions\": [\"A\", \"B\"],\n \"adjacent\": [[\"A\" \"B\"]]}",
    )
    .unwrap();
    let o = fdoku(&["color", syntax.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).ends_with("syntax.json: line 2, column 20: expected `,` or `]`\n"),
        "{}",
        stderr(&o)
    );

    let unknown = dir.join("unknown.json");
    std::fs::write(
        &unknown,
        r#"{"features": ["A"], "rules": [{"rule": "excludes", "a": "A", "b": "Z"}]}"#,
    )
    .unwrap();
    let o = fdoku(&["features", unknown.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("rules[0].b: unknown feature \"Z\" (expected one of the features)"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn limits_give_a_partial_result_and_exit_3() {
    let o = fdoku(&["queens", "14", "--count", "--node-limit", "500", "--json"]);
    assert_eq!(o.status.code(), Some(3));
    let j = json(&o);
    assert_eq!(j["status"], "stopped");
    assert_eq!(j["stopped_by"], "node limit reached");
    assert!(j["count_at_least"].as_u64().unwrap() < 365_596);
    assert!(
        j.get("count").is_none(),
        "a lower bound is never a bare count"
    );
    let o = fdoku(&["queens", "40", "--count", "--time-limit", "0.2"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stdout(&o).starts_with('≥'), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("stopped early (time limit reached)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_closed_pipe_is_a_normal_end() {
    let (mut child, first) = crate::common::first_line(&["queens", "12", "--all"]);
    assert_eq!(first.split(' ').count(), 12);
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}

#[test]
fn a_closed_pipe_under_json_lines_is_a_normal_end() {
    // A JSON write fails inside serde_json: still the reader's choice, exit 0.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fdoku"))
        .args(["solve", "-f", "jsonl", "-j", "1", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let puzzles = format!("1{}\n", ".".repeat(80)).repeat(20_000);
    let mut stdin = child.stdin.take().unwrap();
    let writer =
        std::thread::spawn(move || std::io::Write::write_all(&mut stdin, puzzles.as_bytes()));
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("{\"index\":1,"), "{first}");
    let output = child.wait_with_output().unwrap();
    let _ = writer.join();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn usage_errors_exit_2() {
    let o = fdoku(&["queens", "8", "--alldiff", "strong"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("possible values: check, forward, hall, domain"));
    let o = fdoku(&["queens", "8", "--all", "--count"]);
    assert_eq!(o.status.code(), Some(2));
}

/// A build without the cargo feature `serve` refuses `fdoku serve`, flags
/// and all, with a note saying how to get the server, and hides it from
/// `--help`.
#[cfg(not(feature = "serve"))]
#[test]
fn a_build_without_the_server_refuses_serve_and_says_why() {
    for args in [
        &["serve"][..],
        &["serve", "--port", "0"],
        &["serve", "--help"],
    ] {
        let o = fdoku(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}: {}", stdout(&o));
        let expected = format!(
            "fdoku: {}: this fdoku was built without the server; \
             build it with the cargo feature `serve` (on by default)\n",
            args.join(" ")
        );
        assert_eq!(stderr(&o), expected);
    }
    assert!(!stdout(&fdoku(&["--help"])).contains("serve"));
}
