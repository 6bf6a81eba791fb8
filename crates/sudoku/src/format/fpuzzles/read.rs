//! An f-puzzles JSON object turned into rules and givens.
//!
//! Errors are plain messages that start with the key and the entry
//! (`killercage[3].value: …`); the caller adds the input's name.

use serde_json::{Map, Value};

use super::indexers::INDEXERS;
use super::signs::{larger_first, sign_tip};
use super::{Meta, default_region};
use crate::elements::{Direction, Dot, Element, Extremum, Negative, Outside};
use crate::format::marks::{marks_mask, with_given_marks};
use crate::puzzle::Puzzle;
use crate::rules::{Cage, Diagonal, GlobalRule, MAX_SIZE, Parity, Rules, parse_cell_name};

/// Keys that only draw, set the editor up, or greet the solver (the
/// message shown on a correct solve): never rules.
const COSMETIC: [&str; 9] = [
    "line",
    "rectangle",
    "circle",
    "text",
    "cage",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "successMessage",
];

/// Keys read here: the grid, the words about the puzzle, and every rule.
const READ: [&str; 44] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "arrow",
    "thermometer",
    "slowthermometer",
    "palindrome",
    "renban",
    "whispers",
    "betweenline",
    "regionsumline",
    "entropicline",
    "zipperline",
    "modularline",
    "minimum",
    "maximum",
    "odd",
    "even",
    "extraregion",
    "clone",
    "quadruple",
    "difference",
    "ratio",
    "xv",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "nabner",
    "lockout",
];

/// What a line of cells becomes.
type LineElement = fn(Vec<usize>) -> Element;

/// The line keys and the element each line becomes.
const LINES: [(&str, LineElement); 10] = [
    ("thermometer", |cells| Element::Thermometer {
        cells,
        slow: false,
    }),
    ("slowthermometer", |cells| Element::Thermometer {
        cells,
        slow: true,
    }),
    ("palindrome", |cells| Element::Palindrome { cells }),
    ("renban", |cells| Element::Renban { cells }),
    ("betweenline", |cells| Element::Between { cells }),
    ("regionsumline", |cells| Element::RegionSum { cells }),
    ("entropicline", |cells| Element::Entropic { cells }),
    ("zipperline", |cells| Element::Zipper { cells }),
    ("modularline", |cells| Element::Modular { cells }),
    ("nabner", |cells| Element::Nabner { cells }),
];

/// The puzzle, and its title, author, rules text and answer.
pub(super) fn read(value: &Value) -> Result<(Puzzle, Meta), String> {
    let Value::Object(object) = value else {
        return Err(format!(
            "expected an f-puzzles object {{\"size\": …, \"grid\": …}}, not {}",
            kind_of(value)
        ));
    };
    let unsupported = object.iter().find(|(key, v)| {
        !READ.contains(&key.as_str()) && !COSMETIC.contains(&key.as_str()) && has_content(v)
    });
    if let Some((key, _)) = unsupported {
        return Err(format!(
            "{key}: the f-puzzles constraint \"{key}\" is not supported (fdoku reads the \
             constraints listed in docs/formats.md)"
        ));
    }
    let reader = Reader { object };
    let size = reader.size()?;
    let (rules, givens) = reader.grid(size)?;
    let rules = reader.rules(size, rules)?;
    let puzzle = Puzzle::new(rules, givens).map_err(|e| format!("grid: {e}"))?;
    let puzzle = with_given_marks(puzzle, &reader.given_marks(size)?)
        .map_err(|e| format!("grid: givenPencilMarks: {e}"))?;
    let meta = Meta {
        title: reader.text("title")?,
        author: reader.text("author")?,
        ruleset: reader.text("ruleset")?,
        solution: reader.solution(size),
    };
    Ok((puzzle, meta))
}

/// Whether a key's value says anything: not null, false, 0, "" or empty.
fn has_content(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// A JSON value's kind, for messages.
fn kind_of(v: &Value) -> String {
    match v {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the text {s:?}"),
        Value::Array(_) => "a list".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}

struct Reader<'a> {
    object: &'a Map<String, Value>,
}

impl Reader<'_> {
    fn size(&self) -> Result<usize, String> {
        let size = self
            .object
            .get("size")
            .ok_or("size: missing (expected the grid's side, e.g. 9)")?;
        size.as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| (1..=MAX_SIZE).contains(n))
            .ok_or_else(|| {
                format!(
                    "size: {}, expected a side from 1 to {MAX_SIZE}",
                    kind_of(size)
                )
            })
    }

    /// A text field, when present.
    fn text(&self, key: &str) -> Result<Option<String>, String> {
        match self.object.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(format!("{key}: {}, expected text", kind_of(other))),
        }
    }

    /// The answer, when the puzzle carries a whole one.
    fn solution(&self, size: usize) -> Option<Vec<u8>> {
        let digit = |v: &Value| -> Option<u8> {
            let n = match v {
                Value::Number(n) => n.as_u64()?,
                Value::String(s) => s.trim().parse().ok()?,
                _ => None?,
            };
            u8::try_from(n)
                .ok()
                .filter(|&d| (1..=size).contains(&usize::from(d)))
        };
        let digits: Option<Vec<u8>> = match self.object.get("solution")? {
            Value::Array(entries) => entries.iter().map(digit).collect(),
            Value::String(s) if s.contains(',') => s
                .split(',')
                .map(|p| digit(&Value::String(p.to_owned())))
                .collect(),
            Value::String(s) => s
                .chars()
                .map(|c| crate::puzzle::char_digit(c).filter(|&d| usize::from(d) <= size))
                .collect(),
            _ => None,
        };
        digits.filter(|d| d.len() == size * size)
    }

    /// The layout (boxes or irregular regions, the grid cells' odd/even
    /// marks) and the givens.
    fn grid(&self, size: usize) -> Result<(Rules, Vec<u8>), String> {
        let grid = self
            .object
            .get("grid")
            .ok_or("grid: missing (expected size rows of size cells)")?;
        let rows = grid
            .as_array()
            .filter(|rows| rows.len() == size)
            .ok_or_else(|| format!("grid: {}, expected {size} rows", shape(grid)))?;
        let mut givens = vec![0u8; size * size];
        let mut region: Vec<Option<u8>> = Vec::with_capacity(size * size);
        let mut parity: Vec<(Parity, usize)> = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let cells = row
                .as_array()
                .filter(|cells| cells.len() == size)
                .ok_or_else(|| format!("grid[{r}]: {}, expected {size} cells", shape(row)))?;
            for (c, cell) in cells.iter().enumerate() {
                let at = format!("grid[{r}][{c}]");
                let index = r * size + c;
                let cell = cell
                    .as_object()
                    .ok_or_else(|| format!("{at}: {}, expected a cell object", kind_of(cell)))?;
                let given = match cell.get("given") {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(b)) => *b,
                    Some(other) => {
                        return Err(format!(
                            "{at}.given: {}, expected true or false",
                            kind_of(other)
                        ));
                    }
                };
                if given && let Some(v) = cell.get("value") {
                    givens[index] = v
                        .as_u64()
                        .and_then(|d| u8::try_from(d).ok())
                        .filter(|&d| (1..=size).contains(&usize::from(d)))
                        .ok_or_else(|| {
                            format!(
                                "{at}.value: {}, expected a digit from 1 to {size}",
                                kind_of(v)
                            )
                        })?;
                }
                region.push(match cell.get("region") {
                    None => Some(default_region(size, index)),
                    Some(Value::Null) => None,
                    Some(v) => Some(
                        v.as_u64()
                            .and_then(|d| u8::try_from(d).ok())
                            .filter(|&d| usize::from(d) < size)
                            .ok_or_else(|| {
                                format!(
                                    "{at}.region: {}, expected a region number from 0 to {}",
                                    kind_of(v),
                                    size - 1
                                )
                            })?,
                    ),
                });
                match cell.get("parity") {
                    None | Some(Value::Null) => {}
                    Some(Value::String(p)) if p.eq_ignore_ascii_case("odd") => {
                        parity.push((Parity::Odd, index));
                    }
                    Some(Value::String(p)) if p.eq_ignore_ascii_case("even") => {
                        parity.push((Parity::Even, index));
                    }
                    Some(other) => {
                        return Err(format!(
                            "{at}.parity: {}, expected \"Odd\" or \"Even\"",
                            kind_of(other)
                        ));
                    }
                }
            }
        }
        let mut rules = layout(size, &region)?;
        for (p, cell) in parity {
            rules = rules
                .with_parity(p, &[cell])
                .map_err(|e| format!("grid: parity: {e}"))?;
        }
        Ok((rules, givens))
    }

    /// The cells' `givenPencilMarks` (the candidates a Sukaku gives), one
    /// mask per cell, 0 where a cell has none; the grid's shape is checked
    /// already.
    fn given_marks(&self, size: usize) -> Result<Vec<u32>, String> {
        let rows = self.object.get("grid").and_then(Value::as_array);
        let cells = rows
            .into_iter()
            .flatten()
            .filter_map(Value::as_array)
            .flatten();
        cells
            .enumerate()
            .map(|(index, cell)| match cell.get("givenPencilMarks") {
                None => Ok(0),
                Some(list) => {
                    let at = format!("grid[{}][{}].givenPencilMarks", index / size, index % size);
                    marks_mask(list, size, &at)
                }
            })
            .collect()
    }

    /// Every rule beside the layout.
    fn rules(&self, size: usize, mut rules: Rules) -> Result<Rules, String> {
        if self.flag("diagonal-")? {
            rules = rules.with_diagonal(Diagonal::Main);
        }
        if self.flag("diagonal+")? {
            rules = rules.with_diagonal(Diagonal::Anti);
        }
        let white_dots = !self.entries("difference")?.is_empty();
        let mut negative = Negative::default();
        for (key, rule) in [
            ("antiknight", GlobalRule::AntiKnight),
            ("antiking", GlobalRule::AntiKing),
            ("disjointgroups", GlobalRule::DisjointGroups),
            ("nonconsecutive", GlobalRule::NonConsecutive),
        ] {
            if !self.flag(key)? {
                continue;
            }
            // Non-consecutive spares the pairs with a white dot: the white
            // negative rule when there are any.
            if rule == GlobalRule::NonConsecutive && white_dots {
                negative.white = true;
                continue;
            }
            rules = rules.with_global(rule).map_err(|e| format!("{key}: {e}"))?;
        }
        for (key, p) in [("odd", Parity::Odd), ("even", Parity::Even)] {
            for (i, entry) in self.entries(key)?.iter().enumerate() {
                let at = format!("{key}[{i}]");
                let cell = cell_of(size, entry, &at)?;
                rules = rules
                    .with_parity(p, &[cell])
                    .map_err(|e| format!("{at}: {e}"))?;
            }
        }
        for (i, entry) in self.entries("extraregion")?.iter().enumerate() {
            let at = format!("extraregion[{i}]");
            let cells = cells_of(size, entry, "cells", &at)?;
            // Fewer than N cells only differ: a cage without a sum.
            rules = if cells.len() == size {
                rules.with_extra_region(cells)
            } else {
                rules.with_cage(Cage { cells, sum: None })
            }
            .map_err(|e| format!("{at}: {e}"))?;
        }
        for (i, entry) in self.entries("killercage")?.iter().enumerate() {
            let at = format!("killercage[{i}]");
            let cells = cells_of(size, entry, "cells", &at)?;
            // A cage without a value: its digits differ, any sum.
            let sum = match entry.get("value") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) if s.trim().is_empty() => None,
                Some(v) => Some(number(v, &format!("{at}.value"))?),
            };
            rules = rules
                .with_cage(Cage { cells, sum })
                .map_err(|e| format!("{at}: {e}"))?;
        }
        let mut elements = Vec::new();
        self.outside_clues(size, &mut elements)?;
        self.arrows(size, &mut elements)?;
        for (key, make) in LINES {
            for (i, entry) in self.entries(key)?.iter().enumerate() {
                for (j, line) in lines_of(size, entry, &format!("{key}[{i}]"))?
                    .into_iter()
                    .enumerate()
                {
                    elements.push((format!("{key}[{i}].lines[{j}]"), make(line)));
                }
            }
        }
        type Differing = fn(Vec<usize>, u32) -> Element;
        let differing: [(&str, u32, Differing); 2] = [
            ("whispers", size.div_ceil(2) as u32, |cells, difference| {
                Element::Whisper { cells, difference }
            }),
            // The script's lockout lines: ends ⌊N/2⌋ apart.
            ("lockout", (size / 2) as u32, |cells, difference| {
                Element::Lockout { cells, difference }
            }),
        ];
        for (key, default, make) in differing {
            for (i, entry) in self.entries(key)?.iter().enumerate() {
                let at = format!("{key}[{i}]");
                let difference = match entry.get("value") {
                    None | Some(Value::Null) => default,
                    Some(Value::String(s)) if s.is_empty() => default,
                    Some(v) => number(v, &format!("{at}.value"))?,
                };
                for (j, cells) in lines_of(size, entry, &at)?.into_iter().enumerate() {
                    elements.push((format!("{at}.lines[{j}]"), make(cells, difference)));
                }
            }
        }
        self.cell_marks(size, &mut elements)?;
        self.dots(size, &mut elements)?;
        self.signs(size, &mut elements)?;
        for (at, element) in elements {
            rules = rules
                .with_element(element)
                .map_err(|e| format!("{at}: {e}"))?;
        }
        for (i, entry) in self.strings("negative")?.iter().enumerate() {
            match entry.to_ascii_lowercase().as_str() {
                "ratio" => negative.black = true,
                "difference" => negative.white = true,
                "xv" => {
                    negative.x = true;
                    negative.v = true;
                }
                other => {
                    return Err(format!(
                        "negative[{i}]: {other:?} is not supported (expected \"ratio\", \"difference\" or \"xv\")"
                    ));
                }
            }
        }
        Ok(rules.with_negative(negative))
    }

    /// Little killers, sandwiches, X-sums and skyscrapers.
    fn outside_clues(&self, size: usize, out: &mut Vec<(String, Element)>) -> Result<(), String> {
        for (i, entry) in self.entries("littlekillersum")?.iter().enumerate() {
            let at = format!("littlekillersum[{i}]");
            let clue = outside_of(size, entry, &at)?;
            let direction = match entry.get("direction").and_then(Value::as_str) {
                Some("UR") => Direction::UpRight,
                Some("UL") => Direction::UpLeft,
                Some("DR") => Direction::DownRight,
                Some("DL") => Direction::DownLeft,
                other => {
                    return Err(format!(
                        "{at}.direction: {}, expected \"UR\", \"UL\", \"DR\" or \"DL\"",
                        other.map_or("missing".to_owned(), |d| format!("{d:?}"))
                    ));
                }
            };
            let sum = required_number(entry, &at)?;
            out.push((
                at,
                Element::LittleKiller {
                    clue,
                    direction,
                    sum,
                },
            ));
        }
        type Clue = fn(Outside, u32) -> Element;
        let kinds: [(&str, Clue); 3] = [
            ("sandwichsum", |clue, sum| Element::Sandwich { clue, sum }),
            ("xsum", |clue, sum| Element::XSum { clue, sum }),
            ("skyscraper", |clue, count| Element::Skyscraper {
                clue,
                count,
            }),
        ];
        for (key, make) in kinds {
            for (i, entry) in self.entries(key)?.iter().enumerate() {
                let at = format!("{key}[{i}]");
                let clue = outside_of(size, entry, &at)?;
                let value = required_number(entry, &at)?;
                out.push((at, make(clue, value)));
            }
        }
        Ok(())
    }

    /// Arrows: one element per shaft, each summing to the circle.
    fn arrows(&self, size: usize, out: &mut Vec<(String, Element)>) -> Result<(), String> {
        for (i, entry) in self.entries("arrow")?.iter().enumerate() {
            let at = format!("arrow[{i}]");
            let circle = cells_of(size, entry, "cells", &at)?;
            for (j, line) in lines_of(size, entry, &at)?.into_iter().enumerate() {
                // A shaft is drawn from a cell of the circle.
                let line: Vec<usize> = line
                    .into_iter()
                    .skip_while(|c| circle.contains(c))
                    .collect();
                if !line.is_empty() {
                    out.push((
                        format!("{at}.lines[{j}]"),
                        Element::Arrow {
                            circle: circle.clone(),
                            line,
                        },
                    ));
                }
            }
        }
        Ok(())
    }

    /// Minimum and maximum cells, quadruples, clones and indexer cells.
    fn cell_marks(&self, size: usize, out: &mut Vec<(String, Element)>) -> Result<(), String> {
        for (key, kind) in [
            ("minimum", Extremum::Minimum),
            ("maximum", Extremum::Maximum),
        ] {
            let entries = self.entries(key)?;
            let cells = entries
                .iter()
                .enumerate()
                .map(|(i, entry)| cell_of(size, entry, &format!("{key}[{i}]")))
                .collect::<Result<Vec<usize>, String>>()?;
            for (i, &cell) in cells.iter().enumerate() {
                out.push((format!("{key}[{i}]"), Element::Extremum { cell, kind }));
            }
        }
        for (i, entry) in self.entries("quadruple")?.iter().enumerate() {
            let at = format!("quadruple[{i}]");
            let cells = cells_of(size, entry, "cells", &at)?;
            let values = entry
                .get("values")
                .and_then(Value::as_array)
                .ok_or_else(|| format!("{at}.values: missing, expected a list of digits"))?;
            let digits = values
                .iter()
                .enumerate()
                .map(|(j, v)| {
                    let d = number(v, &format!("{at}.values[{j}]"))?;
                    u8::try_from(d).map_err(|_| format!("{at}.values[{j}]: {d} is not a digit"))
                })
                .collect::<Result<Vec<u8>, String>>()?;
            out.push((at, Element::Quadruple { cells, digits }));
        }
        for (i, entry) in self.entries("clone")?.iter().enumerate() {
            let at = format!("clone[{i}]");
            let cells = cells_of(size, entry, "cells", &at)?;
            let copy = cells_of(size, entry, "cloneCells", &at)?;
            out.push((at, Element::Clone { cells, copy }));
        }
        for indexer in &INDEXERS {
            for (i, entry) in self.entries(indexer.key)?.iter().enumerate() {
                let at = format!("{}[{i}]", indexer.key);
                for cell in cells_of(size, entry, "cells", &at)? {
                    let kind = indexer.kind;
                    out.push((at.clone(), Element::Indexer { cell, kind }));
                }
            }
        }
        Ok(())
    }

    /// White and black dots, X and V.
    fn dots(&self, size: usize, out: &mut Vec<(String, Element)>) -> Result<(), String> {
        for (key, dot, default) in [("difference", Dot::White, 1), ("ratio", Dot::Black, 2)] {
            for (i, entry) in self.entries(key)?.iter().enumerate() {
                let at = format!("{key}[{i}]");
                let cells = pair_of(size, entry, &at)?;
                let value = match entry.get("value") {
                    None | Some(Value::Null) => default,
                    Some(Value::String(s)) if s.is_empty() => default,
                    Some(v) => number(v, &format!("{at}.value"))?,
                };
                out.push((at, Element::Kropki { cells, dot, value }));
            }
        }
        for (i, entry) in self.entries("xv")?.iter().enumerate() {
            let at = format!("xv[{i}]");
            let cells = pair_of(size, entry, &at)?;
            let sum = match entry.get("value").and_then(Value::as_str) {
                Some(v) if v.eq_ignore_ascii_case("x") => 10,
                Some(v) if v.eq_ignore_ascii_case("v") => 5,
                other => {
                    return Err(format!(
                        "{at}.value: {}, expected \"X\" or \"V\"",
                        other.map_or("missing".to_owned(), |v| format!("{v:?}"))
                    ));
                }
            };
            out.push((at, Element::Xv { cells, sum }));
        }
        Ok(())
    }

    /// Greater-than signs: a `text` of `<`, `>`, `^`, `∧` or `∨` over two
    /// orthogonal neighbours, turned by its `angle` (degrees clockwise),
    /// whose tip points along the pair at the smaller digit. Other texts,
    /// and the script's copies of its constraints, only draw.
    fn signs(&self, size: usize, out: &mut Vec<(String, Element)>) -> Result<(), String> {
        for (i, entry) in self.entries("text")?.iter().enumerate() {
            let at = format!("text[{i}]");
            let value = entry.get("value").and_then(Value::as_str).map(str::trim);
            let Some(tip) = value.and_then(sign_tip) else {
                continue;
            };
            if entry.get("fromConstraint").is_some_and(has_content) {
                continue;
            }
            let Ok([a, b]) = pair_of(size, entry, &at) else {
                continue;
            };
            let angle = match entry.get("angle") {
                None | Some(Value::Null) => 0,
                Some(v) => v
                    .as_f64()
                    .filter(|d| d.rem_euclid(90.0) == 0.0)
                    .map(|d| d.rem_euclid(360.0) as i64 / 90)
                    .ok_or_else(|| {
                        format!(
                            "{at}.angle: {}, expected a multiple of 90 degrees for a sign between two cells",
                            kind_of(v)
                        )
                    })?,
            };
            // Turned a quarter clockwise (screen axes: x right, y down).
            let (mut dx, mut dy) = tip;
            for _ in 0..angle {
                (dx, dy) = (-dy, dx);
            }
            let step = (
                (b % size) as i64 - (a % size) as i64,
                (b / size) as i64 - (a / size) as i64,
            );
            let Some(cells) = larger_first(a, b, step, (dx, dy)) else {
                continue;
            };
            out.push((at, Element::GreaterThan { cells }));
        }
        Ok(())
    }

    /// A boolean key: absent is false.
    fn flag(&self, key: &str) -> Result<bool, String> {
        match self.object.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(format!("{key}: {}, expected true or false", kind_of(other))),
        }
    }

    /// The entries of a constraint list, each an object (`false` says
    /// nothing, as for keys not read).
    fn entries(&self, key: &str) -> Result<&[Value], String> {
        let entries = match self.object.get(key) {
            None | Some(Value::Null) | Some(Value::Bool(false)) => return Ok(&[]),
            Some(Value::Array(entries)) => entries,
            Some(other) => return Err(format!("{key}: {}, expected a list", kind_of(other))),
        };
        if let Some(i) = entries.iter().position(|e| !e.is_object()) {
            return Err(format!(
                "{key}[{i}]: {}, expected an object",
                kind_of(&entries[i])
            ));
        }
        Ok(entries)
    }

    /// A list of texts (`negative`).
    fn strings(&self, key: &str) -> Result<Vec<String>, String> {
        match self.object.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(entries)) => entries
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    e.as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| format!("{key}[{i}]: {}, expected text", kind_of(e)))
                })
                .collect(),
            Some(other) => Err(format!(
                "{key}: {}, expected a list of texts",
                kind_of(other)
            )),
        }
    }
}

/// The regions, by the cells' region numbers (`None`: in no region; the
/// regions beside such cells are extra houses of N cells on a grid of rows
/// and columns).
pub(crate) fn layout(size: usize, region: &[Option<u8>]) -> Result<Rules, String> {
    if region.iter().all(Option::is_none) {
        return Rules::latin(size).map_err(|e| format!("grid: {e}"));
    }
    if region.iter().any(Option::is_none) {
        return regions_beside_free_cells(size, region);
    }
    let region: Vec<u8> = region.iter().flatten().copied().collect();
    // Boxes, numbered row by row: the default shape, or any other.
    let default = super::default_boxes(size);
    let shapes = std::iter::once(default).chain(
        (1..=size)
            .filter(|rows| size.is_multiple_of(*rows))
            .map(|rows| (rows, size / rows)),
    );
    for (rows, cols) in shapes {
        let boxes = region.iter().enumerate().all(|(cell, &r)| {
            let (row, col) = (cell / size, cell % size);
            usize::from(r) == (row / rows) * (size / cols) + col / cols
        });
        if boxes {
            return Rules::with_boxes(size, rows, cols).map_err(|e| format!("grid: {e}"));
        }
    }
    Rules::jigsaw(size, region).map_err(|e| format!("grid: regions: {e}"))
}

/// Some cells in no region: rows and columns, and each region (N cells)
/// an extra house.
fn regions_beside_free_cells(size: usize, region: &[Option<u8>]) -> Result<Rules, String> {
    let mut groups: Vec<(u8, Vec<usize>)> = Vec::new();
    for (cell, r) in region.iter().enumerate() {
        let Some(r) = *r else { continue };
        match groups.iter_mut().find(|(label, _)| *label == r) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((r, vec![cell])),
        }
    }
    groups.sort_unstable();
    let mut rules = Rules::latin(size).map_err(|e| format!("grid: {e}"))?;
    for (label, cells) in groups {
        if cells.len() != size {
            return Err(format!(
                "grid: region {} has {} cells, expected {size} (the other cells are in no region)",
                usize::from(label) + 1,
                cells.len()
            ));
        }
        rules = rules
            .with_extra_region(cells)
            .map_err(|e| format!("grid: region {}: {e}", usize::from(label) + 1))?;
    }
    Ok(rules)
}

/// What a value is, for a message about its length.
fn shape(v: &Value) -> String {
    match v {
        Value::Array(a) => format!("{} entries", a.len()),
        other => kind_of(other),
    }
}

/// A cell name (`R3C4`) in a field.
fn cell_name_at(size: usize, v: &Value, at: &str) -> Result<usize, String> {
    let name = v
        .as_str()
        .ok_or_else(|| format!("{at}: {}, expected a cell such as \"R1C1\"", kind_of(v)))?;
    parse_cell_name(size, name)
        .ok_or_else(|| format!("{at}: {name:?} is not a cell (expected R1C1 to R{size}C{size})"))
}

/// The `cell` of an entry.
fn cell_of(size: usize, entry: &Value, at: &str) -> Result<usize, String> {
    let v = entry
        .get("cell")
        .ok_or_else(|| format!("{at}.cell: missing, expected a cell such as \"R1C1\""))?;
    cell_name_at(size, v, &format!("{at}.cell"))
}

/// The outside `cell` of an entry.
fn outside_of(size: usize, entry: &Value, at: &str) -> Result<Outside, String> {
    let field = format!("{at}.cell");
    let name = entry
        .get("cell")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{field}: missing, expected a clue position such as \"R0C1\""))?;
    Outside::parse(size, name).ok_or_else(|| {
        format!(
            "{field}: {name:?} is not outside the grid (expected row 0 or {0}, or column 0 or {0})",
            size + 1
        )
    })
}

/// The cell list in `field` of an entry.
fn cells_of(size: usize, entry: &Value, field: &str, at: &str) -> Result<Vec<usize>, String> {
    let at = format!("{at}.{field}");
    let list = entry
        .get(field)
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{at}: missing, expected a list of cells"))?;
    list.iter()
        .enumerate()
        .map(|(j, v)| cell_name_at(size, v, &format!("{at}[{j}]")))
        .collect()
}

/// The two cells of a dot.
fn pair_of(size: usize, entry: &Value, at: &str) -> Result<[usize; 2], String> {
    let cells = cells_of(size, entry, "cells", at)?;
    <[usize; 2]>::try_from(cells)
        .map_err(|cells| format!("{at}.cells: {} cells, expected 2", cells.len()))
}

/// The `lines` of an entry, each a list of cells.
fn lines_of(size: usize, entry: &Value, at: &str) -> Result<Vec<Vec<usize>>, String> {
    let at = format!("{at}.lines");
    let lines = entry
        .get("lines")
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{at}: missing, expected a list of lines"))?;
    lines
        .iter()
        .enumerate()
        .map(|(j, line)| {
            let line_at = format!("{at}[{j}]");
            line.as_array()
                .ok_or_else(|| format!("{line_at}: {}, expected a list of cells", kind_of(line)))?
                .iter()
                .enumerate()
                .map(|(k, v)| cell_name_at(size, v, &format!("{line_at}[{k}]")))
                .collect()
        })
        .collect()
}

/// A number written as a number or as text (`"17"`).
fn number(v: &Value, at: &str) -> Result<u32, String> {
    let n = match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    n.and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| format!("{at}: {}, expected a whole number", kind_of(v)))
}

/// The `value` of an outside clue, which must be there.
fn required_number(entry: &Value, at: &str) -> Result<u32, String> {
    let at = format!("{at}.value");
    match entry.get("value") {
        None | Some(Value::Null) => Err(format!("{at}: missing, expected a number")),
        Some(v) => number(v, &at),
    }
}
