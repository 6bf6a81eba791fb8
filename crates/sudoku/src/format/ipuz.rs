//! ipuz files (the open JSON puzzle format of ipuz.org) of the Sudoku kinds:
//! `http://ipuz.org/sudoku` and its latin square, diagonal and hyper
//! (windoku) forms, read and written.
//!
//! The grid is `puzzle`, a list of rows; a cell is a value of `charset`
//! (default `123456789`; numbers and strings alike, `0` or the file's
//! `empty` for a blank, or `{"given": v}`), and `solution` the answer in the
//! same shape. `boxes: false` (or the latin square kind) drops the boxes.
//! The i-th character of `charset` is digit i, so a wordoku's letters read
//! as digits. `title`, `author`, `intro` (the rules text) and the answer
//! travel along. Jigsaw, killer and calcudoku files (regions and cages as
//! `zones` and `cages`) are refused by name: the ipuz specification leaves
//! open whether their cell coordinates count from 0 or from 1, and files
//! differ. Shaped grids (`null` cells) are refused too.
//!
//! ```
//! use fdoku_sudoku::format::ipuz::{read_ipuz, to_ipuz};
//!
//! let text = r#"{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"],
//!   "charset": "1234", "title": "Tiny",
//!   "puzzle": [[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, {"given": 1}]]}"#;
//! let read = read_ipuz("tiny.ipuz", text).puzzle.unwrap();
//! assert_eq!(read.puzzle.to_line(), "1.....1..1.....1");
//! assert_eq!(read.meta.title.as_deref(), Some("Tiny"));
//! let written = to_ipuz(&read.puzzle, &read.meta).unwrap();
//! assert_eq!(read_ipuz("again", &written).puzzle.unwrap(), read);
//! ```

use serde_json::{Map, Value, json};

use super::fpuzzles::{Entry, FPuzzle, Meta, syntax_error};
use super::{Item, ParseError, ParseErrorKind};
use crate::puzzle::{Puzzle, digit_char};
use crate::rules::{Diagonal, Layout, Rules};

/// The kinds read, after `http://ipuz.org/` and before any `#version`.
const SUDOKU: &str = "sudoku";
const LATIN: &str = "sudoku/latinsquare";
const DIAGONAL: &str = "sudoku/diagonalsudoku";
const HYPER: &str = "sudoku/hypersudoku";
const WORDOKU: &str = "sudoku/wordoku";

/// The prefix of every ipuz kind.
const IPUZ: &str = "http://ipuz.org/";

/// Whether `text` is an ipuz file of a Sudoku kind: a JSON object (or
/// `ipuz(…)` around one) whose `kind` names one.
pub(super) fn detect(text: &str) -> bool {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    (start.starts_with('{') || start.starts_with("ipuz(")) && start.contains("ipuz.org/sudoku")
}

/// The puzzle of an ipuz file, with its title, author, rules text and answer.
pub fn read_ipuz(input: &str, text: &str) -> Entry {
    let text = text.trim_start_matches('\u{feff}').trim_end();
    // `ipuz(…)` around the object: blanked out, so that positions stay.
    let body = text.trim_start();
    let json = match body
        .strip_prefix("ipuz(")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        Some(inner) => format!("{}     {inner}", &text[..text.len() - body.len()]),
        None => text.to_owned(),
    };
    let field_error = |message: String| ParseError {
        input: input.to_owned(),
        line: 1,
        column: 1,
        kind: ParseErrorKind::JsonField,
        message,
    };
    let puzzle = match serde_json::from_str::<Value>(&json) {
        Ok(value) => from_value(&value).map_err(field_error),
        Err(e) => Err(syntax_error(input, 0, 0, &json, &e)),
    };
    Entry {
        line: 1,
        source: body.to_owned(),
        puzzle,
    }
}

/// The items of the reader interface (the words are dropped).
pub(super) fn read(input: &str, text: &str) -> Vec<Item> {
    let entry = read_ipuz(input, text);
    vec![Item {
        index: 0,
        line: entry.line,
        input: entry.source,
        puzzle: entry.puzzle.map(|p| p.puzzle),
    }]
}

fn from_value(value: &Value) -> Result<FPuzzle, String> {
    let object = value
        .as_object()
        .ok_or("expected an ipuz object ({\"version\": …, \"kind\": […], \"puzzle\": […]})")?;
    let kind = sudoku_kind(object)?;
    if let Some(key) = ["zones", "cages"]
        .into_iter()
        .find(|k| object.contains_key(*k))
    {
        return Err(format!(
            "'{key}': regions and cages of ipuz files are not read: the ipuz specification \
             leaves open whether cell coordinates count from 0 or from 1, and a cage read the \
             other way would sit one cell off (the grid, boxes, diagonals and hyper windows are \
             read)"
        ));
    }
    let rows = object
        .get("puzzle")
        .and_then(Value::as_array)
        .ok_or("'puzzle': expected the grid, a list of rows")?;
    let n = rows.len();
    let charset = charset(object, n)?;
    let empty = object.get("empty").map(text_of);
    let digit = |value: &Value, field: &str, blank_allowed: bool| -> Result<u8, String> {
        let value = match value {
            Value::Object(cell) => cell
                .get("given")
                .or(cell.get("value"))
                .unwrap_or(&Value::Null),
            other => other,
        };
        let text = text_of(value);
        let blank = value.is_null()
            || empty
                .as_deref()
                .map_or(text == "0" || text.is_empty(), |e| text == e);
        match charset.iter().position(|c| *c == text) {
            _ if blank && blank_allowed => Ok(0),
            Some(i) if !blank => Ok(i as u8 + 1),
            _ => Err(format!(
                "{field}: {value} is not a symbol of the charset {}",
                charset.concat()
            )),
        }
    };
    let grid = |key: &str, blank_allowed: bool| -> Result<Vec<u8>, String> {
        let rows = object
            .get(key)
            .and_then(Value::as_array)
            .ok_or_else(|| format!("'{key}': expected a list of rows"))?;
        if rows.len() != n {
            return Err(format!("'{key}': {} rows, expected {n}", rows.len()));
        }
        let mut cells = Vec::with_capacity(n * n);
        for (r, row) in rows.iter().enumerate() {
            let row = row
                .as_array()
                .filter(|row| row.len() == n)
                .ok_or_else(|| format!("'{key}[{r}]': expected a row of {n} cells"))?;
            for (c, value) in row.iter().enumerate() {
                if value.is_null() && blank_allowed {
                    return Err(format!(
                        "'{key}[{r}][{c}]': shaped grids (null cells) are not read"
                    ));
                }
                cells.push(digit(value, &format!("'{key}[{r}][{c}]'"), blank_allowed)?);
            }
        }
        Ok(cells)
    };
    let givens = grid("puzzle", true)?;
    let boxes = object.get("boxes").and_then(Value::as_bool).unwrap_or(true) && kind != LATIN;
    let mut rules = if boxes {
        Rules::classic(n)
    } else {
        Rules::latin(n)
    }
    .map_err(|e| format!("'puzzle': {e}"))?;
    if kind == DIAGONAL {
        rules = rules.with_diagonals();
    }
    if kind == HYPER {
        rules = rules.with_windoku().map_err(|e| format!("'kind': {e}"))?;
    }
    let puzzle = Puzzle::new(rules, givens).map_err(|e| format!("'puzzle': {e}"))?;
    let solution = if object.contains_key("solution") {
        Some(grid("solution", false)?)
    } else {
        None
    };
    let words = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_owned);
    Ok(FPuzzle {
        puzzle,
        meta: Meta {
            title: words("title"),
            author: words("author"),
            ruleset: words("intro"),
            solution,
        },
    })
}

/// The Sudoku kind the file names (`sudoku`, `sudoku/diagonalsudoku`, …).
fn sudoku_kind(object: &Map<String, Value>) -> Result<&'static str, String> {
    let kinds = object
        .get("kind")
        .and_then(Value::as_array)
        .ok_or("'kind': expected a list of puzzle kinds such as [\"http://ipuz.org/sudoku#1\"]")?;
    let mut refused = None;
    for kind in kinds.iter().filter_map(Value::as_str) {
        let name = kind.strip_prefix(IPUZ).unwrap_or(kind);
        let name = name.split('#').next().unwrap_or(name);
        if let Some(known) = [DIAGONAL, HYPER, LATIN, WORDOKU, SUDOKU]
            .into_iter()
            .find(|k| *k == name)
        {
            return Ok(known);
        }
        if name.starts_with("sudoku/") {
            refused = Some(kind.to_owned());
        }
    }
    Err(match refused {
        Some(kind) => format!(
            "'kind': {kind} is not read (expected sudoku, latin square, diagonal, hyper or wordoku)"
        ),
        None => "'kind': no Sudoku kind (expected http://ipuz.org/sudoku#1)".to_owned(),
    })
}

/// The symbols of digits 1…n: `charset`, or `123456789` cut to n.
fn charset(object: &Map<String, Value>, n: usize) -> Result<Vec<String>, String> {
    let set: Vec<String> = match object.get("charset") {
        Some(value) => value
            .as_str()
            .ok_or("'charset': expected a string of symbols")?
            .chars()
            .map(String::from)
            .collect(),
        None if n <= 9 => (1..=n).map(|d| d.to_string()).collect(),
        None => return Err(format!("'charset': a {n}×{n} grid needs one ({n} symbols)")),
    };
    if set.len() != n {
        return Err(format!(
            "'charset': {} symbols for a {n}×{n} grid, expected {n}",
            set.len()
        ));
    }
    Ok(set)
}

/// A cell's text: numbers and strings alike.
fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// The ipuz file of `puzzle` (classic, latin square, diagonal or hyper
/// rules), with `meta`'s title, author, rules text and answer; an error
/// names what ipuz's Sudoku kinds cannot say.
pub fn to_ipuz(puzzle: &Puzzle, meta: &Meta) -> Result<String, String> {
    let rules = puzzle.rules();
    let n = rules.size();
    let both = rules.diagonal(Diagonal::Main) && rules.diagonal(Diagonal::Anti);
    let plain = rules.cages().is_empty()
        && !rules.has_elements()
        && rules.extra_regions().is_empty()
        && rules.global_rules().is_empty()
        && !rules.has_cell_rules()
        && (both || !rules.diagonals());
    let boxes = matches!(rules.layout(), Layout::Boxes { .. });
    let kind = match (boxes, both, rules.windoku()) {
        _ if !plain || matches!(rules.layout(), Layout::Jigsaw(_)) => None,
        (true, false, false) => Some(SUDOKU),
        (false, false, false) => Some(LATIN),
        (true, true, false) => Some(DIAGONAL),
        (true, false, true) => Some(HYPER),
        _ => None,
    };
    let Some(kind) = kind else {
        return Err(format!(
            "cannot write as ipuz: its Sudoku kinds hold classic, latin square, diagonal and hyper \
             rules, and these are {}",
            rules.variant_name()
        ));
    };
    let rows = |cells: &[u8]| -> Vec<Vec<Value>> {
        cells
            .chunks(n)
            .map(|row| row.iter().map(|&d| cell_value(d, n)).collect())
            .collect()
    };
    let mut out = Map::new();
    out.insert("version".into(), json!("http://ipuz.org/v2"));
    out.insert("kind".into(), json!([format!("{IPUZ}{kind}#1")]));
    let charset: String = (1..=n as u8).map(digit_char).collect();
    out.insert("charset".into(), json!(charset));
    out.insert("boxes".into(), json!(boxes));
    for (key, text) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("intro", &meta.ruleset),
    ] {
        if let Some(text) = text {
            out.insert(key.into(), json!(text));
        }
    }
    out.insert("puzzle".into(), json!(rows(puzzle.givens())));
    if let Some(solution) = &meta.solution {
        out.insert("solution".into(), json!(rows(solution)));
    }
    Ok(Value::Object(out).to_string())
}

/// A cell as ipuz writes it: 0 for a blank, a number up to 9, the
/// charset's letter above.
fn cell_value(d: u8, n: usize) -> Value {
    match d {
        0 => json!(0),
        d if n <= 9 => json!(d),
        d => json!(digit_char(d).to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ipuz object of `kind` with `extra` fields and this 4×4 grid.
    fn file(kind: &str, extra: &str) -> String {
        format!(
            r#"{{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/{kind}#1"], {extra}
               "puzzle": [[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]}}"#
        )
    }

    fn read(text: &str) -> Result<FPuzzle, String> {
        read_ipuz("t.ipuz", text).puzzle.map_err(|e| e.to_string())
    }

    #[test]
    fn each_sudoku_kind_gives_its_rules() {
        let rules = |kind: &str, extra: &str| read(&file(kind, extra)).unwrap().puzzle;
        assert!(rules("sudoku", "").rules().is_classic());
        assert!(rules("sudoku/diagonalsudoku", "").rules().diagonals());
        assert_eq!(
            *rules("sudoku/latinsquare", "").rules().layout(),
            Layout::None
        );
        assert_eq!(
            *rules("sudoku", r#""boxes": false,"#).rules().layout(),
            Layout::None
        );
        let wordoku = rules("sudoku/wordoku", r#""charset": "1ABC","#);
        assert_eq!(wordoku.to_line(), "1.....1..1.....1");
    }

    #[test]
    fn letters_of_the_charset_are_its_digits_and_the_answer_travels() {
        let text = r#"{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku/wordoku#1"],
            "charset": "WORD", "empty": "-", "author": "A. Setter", "intro": "Normal rules.",
            "puzzle": [["W", "-", "-", "-"], ["-", "-", "W", "-"], ["-", "W", "-", "-"], ["-", "-", "-", "W"]],
            "solution": [["W","O","R","D"],["R","D","W","O"],["O","W","D","R"],["D","R","O","W"]]}"#;
        let read = read(text).unwrap();
        assert_eq!(read.puzzle.to_line(), "1.....1..1.....1");
        assert_eq!(read.meta.author.as_deref(), Some("A. Setter"));
        assert_eq!(read.meta.ruleset.as_deref(), Some("Normal rules."));
        let answer: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
        assert_eq!(read.meta.solution, Some(answer));
    }

    #[test]
    fn what_is_not_read_is_named() {
        let cases = [
            (
                file("sudoku/killersudoku", ""),
                "'kind': http://ipuz.org/sudoku/killersudoku#1 is not read",
            ),
            (file("crossword", ""), "'kind': no Sudoku kind"),
            (
                file("sudoku", r#""cages": [],"#),
                "'cages': regions and cages of ipuz files are not read: the ipuz specification \
                 leaves open whether cell coordinates count from 0 or from 1",
            ),
            (
                file("sudoku", r#""charset": "12345","#),
                "'charset': 5 symbols for a 4×4 grid, expected 4",
            ),
            (
                file("sudoku", "").replace("[0, 0, 0, 1]]", "[0, 0, 0, 7]]"),
                "'puzzle[3][3]': 7 is not a symbol of the charset 1234",
            ),
            (
                file("sudoku", "").replace("[0, 0, 0, 1]]", "[0, 0, null, 1]]"),
                "'puzzle[3][2]': shaped grids (null cells) are not read",
            ),
            (
                file("sudoku", "").replace("[0, 0, 0, 1]]", "[0, 0, 1]]"),
                "'puzzle[3]': expected a row of 4 cells",
            ),
            (
                file("sudoku", r#""solution": [[1]],"#),
                "'solution': 1 rows, expected 4",
            ),
            (
                "{\"kind\": [".to_owned(),
                "t.ipuz:1:10: EOF while parsing a list",
            ),
            (
                "\n  ipuz({\"kind\": [)".to_owned(),
                "t.ipuz:2:17: EOF while parsing a list",
            ),
        ];
        for (text, expected) in cases {
            let message = read(&text).unwrap_err();
            assert!(
                message.contains(expected),
                "{message}\n(expected {expected})"
            );
        }
    }

    #[test]
    fn writing_keeps_kind_words_and_answer_and_refuses_other_rules() {
        let diagonal = read(&file("sudoku/diagonalsudoku", r#""title": "X","#)).unwrap();
        let written = to_ipuz(&diagonal.puzzle, &diagonal.meta).unwrap();
        assert!(
            written.contains("http://ipuz.org/sudoku/diagonalsudoku#1"),
            "{written}"
        );
        assert_eq!(read(&written).unwrap(), diagonal);
        let big = Puzzle::new(Rules::classic(16).unwrap(), vec![0; 256]).unwrap();
        let mut givens = vec![0; 256];
        givens[0] = 16;
        let big = Puzzle::new(big.rules().clone(), givens).unwrap();
        let written = to_ipuz(&big, &Meta::default()).unwrap();
        assert!(
            written.contains(r#""charset":"123456789ABCDEFG""#),
            "{written}"
        );
        assert_eq!(read(&written).unwrap().puzzle, big);
        let cage = crate::rules::Cage {
            cells: vec![0, 1],
            sum: Some(3),
        };
        let killer = Rules::classic(4).unwrap().with_cage(cage).unwrap();
        let killer = Puzzle::new(killer, vec![0; 16]).unwrap();
        let refused = to_ipuz(&killer, &Meta::default()).unwrap_err();
        assert!(refused.starts_with("cannot write as ipuz"), "{refused}");
    }
}
