//! The console examples of README.md, CONTRIBUTING.md and docs/*.md, run
//! against the real binary: an example whose output has changed fails with
//! a diff.
//!
//! The convention (CONTRIBUTING.md explains it to writers):
//!
//! * Only fenced blocks tagged exactly `console` are run. Other tags
//!   (`console,ignore`, `text`, `bash`) are for commands that need data from
//!   outside the repository, take long, print timings or serve forever.
//! * A line `$ fdoku ARGS` is a command, run from the repository root with
//!   no standard input. The lines after it, up to the next `$ ` line or the
//!   end of the block, are what it prints: its standard output, then its
//!   standard error.
//! * `fdoku … | fdoku …` pipes one into the next; `< FILE` feeds a file to
//!   the first; an unquoted `#` starts a comment. A comment saying `exit N`
//!   expects exit code N (the last command's; the others must succeed);
//!   without one the command must exit 0.
//! * An output line that is only `...` or `…` stands for any run of lines
//!   (none included); `…` inside a line stands for any run of characters.
//!   Trailing spaces and trailing blank lines are ignored.
//!
//! `DOCS_EXAMPLES=docs/cli.md cargo test -p fdoku --test it docs_examples`
//! runs one page's examples only.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// How long one example may run before it counts as hung.
const TIMEOUT: Duration = Duration::from_secs(120);

#[test]
fn console_examples_print_what_the_docs_show() {
    let root = repo_root();
    let mut examples = collect_examples(&root);
    let in_readme = examples.iter().filter(|e| e.file == "README.md").count();
    assert!(in_readme >= 5, "README.md has {in_readme} checked examples");
    assert!(examples.len() >= 30, "{} checked examples", examples.len());
    // While editing one page: DOCS_EXAMPLES=docs/cli.md runs its examples only.
    if let Ok(only) = std::env::var("DOCS_EXAMPLES") {
        examples.retain(|e| e.file == only);
    }

    let failures = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    let workers = thread::available_parallelism().map_or(2, |n| n.get().min(4));
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(example) = examples.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(report) = check(example, &root) {
                        failures.lock().unwrap_or_else(|e| e.into_inner()).push((
                            example.file.clone(),
                            example.line,
                            report,
                        ));
                    }
                }
            });
        }
    });
    eprintln!("ran {} documented examples", examples.len());
    let mut failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    failures.sort();
    let reports: Vec<String> = failures
        .iter()
        .map(|(file, line, report)| format!("{file}:{line}: {report}"))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} documented examples differ (- shown in the docs, + printed now, \
         ~ covered by a `...` line):\n\n{}",
        failures.len(),
        examples.len(),
        reports.join("\n")
    );
}

/// The repository root: the examples run there.
fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One `$ ` command of a checked block and the output shown after it.
#[derive(Debug)]
struct Example {
    file: String,
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// Every example of the checked blocks of README.md, CONTRIBUTING.md and
/// docs/*.md.
fn collect_examples(root: &Path) -> Vec<Example> {
    let mut files = vec!["README.md".to_owned(), "CONTRIBUTING.md".to_owned()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
        .iter()
        .filter_map(|file| {
            let text = std::fs::read_to_string(root.join(file)).ok()?;
            Some(examples_in(file, &text))
        })
        .flatten()
        .collect()
}

/// The examples of one Markdown text.
fn examples_in(file: &str, text: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut fence: Option<(String, bool)> = None; // (backticks, checked)
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match &fence {
            None => {
                let ticks: String = trimmed.chars().take_while(|&c| c == '`').collect();
                if ticks.len() >= 3 {
                    let checked = trimmed[ticks.len()..].trim() == "console";
                    fence = Some((ticks, checked));
                }
            }
            Some((ticks, checked)) => {
                if trimmed.starts_with(ticks.as_str()) && trimmed.trim_end() == ticks {
                    fence = None;
                } else if *checked {
                    if let Some(command) = line.strip_prefix("$ ") {
                        examples.push(Example {
                            file: file.to_owned(),
                            line: index + 1,
                            command: command.to_owned(),
                            expected: Vec::new(),
                        });
                    } else if let Some(example) = examples.last_mut() {
                        example.expected.push(line.to_owned());
                    }
                }
            }
        }
    }
    examples
}

/// Runs one example; `Err` says how its output or exit code differs.
fn check(example: &Example, root: &Path) -> Result<(), String> {
    let pipeline =
        Pipeline::parse(&example.command).map_err(|e| format!("`$ {}`: {e}", example.command))?;
    let ran = pipeline.run(root)?;
    let mut printed = ran.stdout;
    printed.push_str(&ran.stderr);
    let actual: Vec<&str> = printed.lines().collect();
    let expected: Vec<&str> = example.expected.iter().map(String::as_str).collect();
    let diff = diff(&expected, &actual);
    let code_ok = ran.codes.iter().rev().skip(1).all(|&c| c == Some(0))
        && ran.codes.last() == Some(&Some(pipeline.exit));
    if diff.is_none() && code_ok {
        return Ok(());
    }
    let mut report = format!("`$ {}`\n", example.command);
    if !code_ok {
        report.push_str(&format!(
            "  exit codes {:?}, expected {} for the last and 0 for the others\n",
            ran.codes, pipeline.exit
        ));
    }
    if let Some(lines) = diff {
        for line in lines {
            report.push_str(&format!("  {line}\n"));
        }
    }
    Err(report)
}

/// A command line: `fdoku` commands joined by pipes.
#[derive(Debug, PartialEq)]
struct Pipeline {
    stages: Vec<Vec<String>>,
    stdin: Option<String>,
    exit: i32,
}

/// A shell token.
#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    Pipe,
    Redirect,
}

impl Pipeline {
    /// Reads a command line; every stage must run `fdoku`.
    fn parse(line: &str) -> Result<Self, String> {
        let (tokens, comment) = tokenize(line)?;
        let exit = comment.as_deref().and_then(exit_code).unwrap_or(0);
        let mut stages = vec![Vec::new()];
        let mut stdin = None;
        let mut tokens = tokens.into_iter();
        while let Some(token) = tokens.next() {
            match token {
                Token::Word(word) => stages.last_mut().expect("a stage").push(word),
                Token::Pipe => stages.push(Vec::new()),
                Token::Redirect => match (stages.len(), tokens.next()) {
                    (1, Some(Token::Word(file))) => stdin = Some(file),
                    _ => return Err("`<` takes a file, on the first command only".into()),
                },
            }
        }
        for stage in &mut stages {
            if stage.first().map(String::as_str) != Some("fdoku") {
                return Err("a checked example runs `fdoku` only (tag the block \
                            `console,ignore` for other commands)"
                    .into());
            }
            stage.remove(0);
        }
        Ok(Self {
            stages,
            stdin,
            exit,
        })
    }

    /// Runs the stages from `root`; gives up after [`TIMEOUT`].
    fn run(&self, root: &Path) -> Result<Ran, String> {
        let mut children: Vec<Child> = Vec::new();
        let mut errors = Vec::new();
        for (i, args) in self.stages.iter().enumerate() {
            let stdin = match (i, &self.stdin) {
                (0, Some(file)) => Stdio::from(
                    std::fs::File::open(root.join(file)).map_err(|e| format!("{file}: {e}"))?,
                ),
                (0, None) => Stdio::null(),
                _ => match children.last_mut().and_then(|c| c.stdout.take()) {
                    Some(out) => Stdio::from(out),
                    None => Stdio::null(),
                },
            };
            let mut child = Command::new(env!("CARGO_BIN_EXE_fdoku"))
                .args(args)
                .current_dir(root)
                .env("NO_COLOR", "1")
                .stdin(stdin)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .map_err(|e| format!("fdoku does not start: {e}"))?;
            errors.push(drain(child.stderr.take()));
            children.push(child);
        }
        let stdout = drain(children.last_mut().and_then(|c| c.stdout.take()));
        let started = Instant::now();
        let mut codes = vec![None; children.len()];
        for (child, code) in children.iter_mut().zip(&mut codes) {
            let status = loop {
                if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
                    break status;
                }
                if started.elapsed() > TIMEOUT {
                    let _ = child.kill();
                    return Err(format!("still running after {} s", TIMEOUT.as_secs()));
                }
                thread::sleep(Duration::from_millis(5));
            };
            *code = status.code();
        }
        let mut stderr = String::new();
        for error in errors {
            stderr.push_str(&error.join().unwrap_or_default());
        }
        Ok(Ran {
            stdout: stdout.join().unwrap_or_default(),
            stderr,
            codes,
        })
    }
}

/// What a pipeline printed and how its commands ended.
struct Ran {
    stdout: String,
    stderr: String,
    codes: Vec<Option<i32>>,
}

/// Reads a child's stream to the end on its own thread.
fn drain(stream: Option<impl Read + Send + 'static>) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut stream) = stream {
            let _ = stream.read_to_end(&mut bytes);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Splits a command line the way a POSIX shell does for the subset the docs
/// use: words, '…' and "…" quotes, backslash escapes, `|`, `<` and a
/// trailing `# comment`.
fn tokenize(line: &str) -> Result<(Vec<Token>, Option<String>), String> {
    let mut tokens = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            ' ' | '\t' => {
                if let Some(w) = word.take() {
                    tokens.push(Token::Word(w));
                }
            }
            '#' if word.is_none() => return Ok((tokens, Some(line[at + 1..].trim().to_owned()))),
            '|' | '<' => {
                if let Some(w) = word.take() {
                    tokens.push(Token::Word(w));
                }
                tokens.push(if c == '|' {
                    Token::Pipe
                } else {
                    Token::Redirect
                });
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some((_, '\'')) => break,
                        Some((_, c)) => w.push(c),
                        None => return Err("unclosed '".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.next() {
                            Some((_, c @ ('"' | '\\' | '$' | '`'))) => w.push(c),
                            Some((_, c)) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err("unclosed \"".into()),
                        },
                        Some((_, c)) => w.push(c),
                        None => return Err("unclosed \"".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some((_, c)) => word.get_or_insert_with(String::new).push(c),
                None => return Err("a line ends in \\".into()),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(w) = word {
        tokens.push(Token::Word(w));
    }
    Ok((tokens, None))
}

/// The `N` of "exit N" or "exit code N" in a comment.
fn exit_code(comment: &str) -> Option<i32> {
    let words: Vec<&str> = comment
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let after = &words[words.iter().position(|&w| w == "exit")? + 1..];
    let number = match after {
        ["code", n, ..] | [n, ..] => n,
        [] => return None,
    };
    number.parse().ok()
}

/// `lines` without the blank lines at their end.
fn without_trailing_blanks<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let keep = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(0, |i| i + 1);
    lines[..keep].to_vec()
}

/// Whether an output line is a `...` line, standing for any run of lines.
fn is_any_lines(pattern: &str) -> bool {
    matches!(pattern.trim(), "..." | "…")
}

/// Whether `actual` matches `pattern`, where `…` stands for any characters.
fn line_matches(pattern: &str, actual: &str) -> bool {
    let pattern = pattern.trim_end();
    let actual = actual.trim_end();
    let parts: Vec<&str> = pattern.split('…').collect();
    let (first, rest) = parts.split_first().expect("split gives one part at least");
    let Some(mut left) = actual.strip_prefix(first) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return left.is_empty();
    };
    for part in middle {
        match left.find(part) {
            Some(at) => left = &left[at + part.len()..],
            None => return false,
        }
    }
    left.ends_with(last)
}

/// `None` when `actual` matches `expected`; otherwise the lines of a diff:
/// `  ` both, `- ` the docs only, `+ ` printed only, `~ ` covered by `...`.
fn diff(expected: &[&str], actual: &[&str]) -> Option<Vec<String>> {
    let (e, a) = (
        without_trailing_blanks(expected),
        without_trailing_blanks(actual),
    );
    let (n, m) = (e.len(), a.len());
    // cost[i][j]: the fewest lines added or removed to align e[i..] with a[j..].
    let mut cost = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..=n).rev() {
        for j in (0..=m).rev() {
            cost[i][j] = if i == n {
                m - j
            } else if is_any_lines(e[i]) {
                let skip = cost[i + 1][j];
                if j < m {
                    skip.min(cost[i][j + 1])
                } else {
                    skip
                }
            } else {
                let mut best = 1 + cost[i + 1][j];
                if j < m {
                    best = best.min(1 + cost[i][j + 1]);
                    if line_matches(e[i], a[j]) {
                        best = best.min(cost[i + 1][j + 1]);
                    }
                }
                best
            };
        }
    }
    if cost[0][0] == 0 {
        return None;
    }
    let mut lines = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && is_any_lines(e[i]) {
            if j < m && cost[i][j] == cost[i][j + 1] {
                lines.push(format!("~ {}", a[j]));
                j += 1;
            } else {
                i += 1;
            }
        } else if i < n && j < m && line_matches(e[i], a[j]) && cost[i][j] == cost[i + 1][j + 1] {
            lines.push(format!("  {}", a[j]));
            i += 1;
            j += 1;
        } else if j < m && cost[i][j] == 1 + cost[i][j + 1] {
            lines.push(format!("+ {}", a[j]));
            j += 1;
        } else {
            lines.push(format!("- {}", e[i]));
            i += 1;
        }
    }
    // Within each run of changed lines, the docs' lines first.
    for run in lines.chunk_by_mut(|x, y| is_change(x) && is_change(y)) {
        run.sort_by_key(|line| line.starts_with('+'));
    }
    Some(lines)
}

/// Whether a diff line is one side's only.
fn is_change(line: &str) -> bool {
    line.starts_with('+') || line.starts_with('-')
}

#[test]
fn wildcards_match_runs_of_lines_and_characters() {
    assert!(line_matches("time … ms", "time 12.5 ms"));
    assert!(line_matches("a…c…e", "abcde"));
    assert!(!line_matches("a…c…e", "abcdf"));
    assert!(line_matches("exact  ", "exact"));
    assert!(!line_matches("exact", "exactly"));
    assert_eq!(
        diff(&["first", "...", "last"], &["first", "x", "y", "last"]),
        None
    );
    assert_eq!(diff(&["first", "…", "last"], &["first", "last", ""]), None);
    assert_eq!(diff(&["a", "b"], &["a", "b"]), None);
}

#[test]
fn a_changed_output_fails_with_a_diff_naming_the_lines() {
    let lines = diff(
        &["unique 1 123", "x", "...", "end"],
        &["multiple 2 123", "x", "y", "end"],
    )
    .expect("a difference");
    assert!(lines.contains(&"~ y".to_owned()), "{lines:?}");
    assert!(lines.contains(&"- unique 1 123".to_owned()), "{lines:?}");
    assert!(lines.contains(&"+ multiple 2 123".to_owned()), "{lines:?}");
    assert!(lines.contains(&"  end".to_owned()), "{lines:?}");
    assert!(diff(&["a"], &["a", "b"]).is_some(), "an extra line printed");
    assert!(
        diff(&["a", "b"], &["a"]).is_some(),
        "a line no longer printed"
    );
}

#[test]
fn command_lines_read_like_a_shell() {
    let p =
        Pipeline::parse(r#"fdoku generate --technique "hidden pair" -n 1 | fdoku solve  # exit 3"#)
            .expect("parses");
    assert_eq!(
        p.stages[0],
        ["generate", "--technique", "hidden pair", "-n", "1"]
    );
    assert_eq!(p.stages[1], ["solve"]);
    assert_eq!(p.exit, 3);
    let p =
        Pipeline::parse("fdoku solve -f jsonl < examples/puzzles.txt # exit code 2, one bad line")
            .expect("parses");
    assert_eq!(p.stdin.as_deref(), Some("examples/puzzles.txt"));
    assert_eq!(p.exit, 2);
    assert_eq!(
        Pipeline::parse("fdoku queens 8   # the first").map(|p| p.exit),
        Ok(0)
    );
    assert!(Pipeline::parse("cargo run").is_err());
    assert!(Pipeline::parse("fdoku solve | head -1").is_err());
}

#[test]
fn blocks_are_checked_by_their_tag_only() {
    let text = "```console\n$ fdoku queens 4\n. Q . .\n...\n$ fdoku queens 1\nQ\n```\n\
                ```console,ignore\n$ fdoku bench\n```\n```text\n$ fdoku serve\n```\n";
    let examples = examples_in("x.md", text);
    assert_eq!(examples.len(), 2);
    assert_eq!(examples[0].line, 2);
    assert_eq!(examples[0].expected, [". Q . .", "..."]);
    assert_eq!(examples[1].command, "fdoku queens 1");
}
