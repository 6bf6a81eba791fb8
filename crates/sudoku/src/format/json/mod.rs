//! The JSON puzzle description: every size and variant in one format.
//!
//! ```json
//! {
//!   "size": 9,
//!   "boxes": [3, 3],
//!   "givens": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//!   "diagonals": false,
//!   "windoku": false,
//!   "extra": [["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"]],
//!   "cages": [{"sum": 8, "cells": ["r1c3", "r1c4"]}]
//! }
//! ```
//!
//! Every field is optional, but the size must follow from `size`, `givens`
//! or `regions`:
//!
//! * `givens` — the line format (one string), or one string per row;
//!   missing means an empty grid;
//! * `boxes` — `[rows, cols]` of a box (default: the standard shape for the
//!   size), or `false` for no boxes (a killer or Latin square without them);
//! * `regions` — jigsaw regions instead of boxes: one string per row, one
//!   character per cell, equal characters = same region (or rows of numbers);
//! * `diagonals` — `true` adds both long diagonals as houses, `"main"` only
//!   r1c1…rNcN (↘), `"anti"` only r1cN…rNc1 (↙);
//! * `windoku` — adds the windoku windows as houses;
//! * `anti_knight`, `anti_king` — `true`: cells a chess knight's (king's)
//!   move apart hold different digits;
//! * `non_consecutive` — `true`: orthogonal neighbours never hold d and d + 1;
//! * `disjoint_groups` — `true`: the cells at the same position in every
//!   box hold different digits (needs boxes);
//! * `odd`, `even` — lists of cell names whose digit is odd (even);
//! * `extra` — more houses, each a list of N cell names (`r1c1` …);
//! * `cages` — killer cages: `sum` and `cells`; their digits differ and add
//!   up to `sum` (solved by the engine);
//! * `candidates` — a grid in progress: the candidates left in each cell, one
//!   entry per cell in reading order, each a string of digits (`"149"`) or a
//!   list of numbers (`[1, 4, 9]`); a given's entry is not consulted. This is
//!   the `candidates` array `fdoku hint --level apply -f json` prints;
//! * the variant elements, one field per kind, each a list of entries (read
//!   in this order, and written back in it):
//!   * `thermometers`, `slow_thermometers` — lines, bulb first: digits
//!     increase strictly (never decrease) from the bulb;
//!   * `arrows` — `{"circle": ["r1c1"], "line": ["r2c2", "r3c3"]}`: the line
//!     adds up to the circle's 1 to 3 cells read as one number;
//!   * `little_killers` — `{"clue": "r0c1", "direction": "down-right",
//!     "sum": 23}`: the diagonal from the clue (`down-right`, `down-left`,
//!     `up-right`, `up-left`) adds up to `sum`, digits may repeat;
//!   * `sandwiches` — `{"clue": "r0c3", "sum": 10}`: the digits between the
//!     1 and the N of the row or column add up to `sum`;
//!   * `x_sums` — `{"clue": "r3c10", "sum": 25}`: the first digit seen from
//!     the clue, k, says how many cells from it add up to `sum`;
//!   * `skyscrapers` — `{"clue": "r0c5", "count": 3}`: `count` digits are
//!     seen, each larger than every digit before it;
//!   * `white_dots`, `black_dots` — a pair of cells, or `{"cells": [a, b],
//!     "value": 3}`: the digits differ by `value` (1), or one is `value`
//!     (2) times the other;
//!   * `x`, `v` — pairs of cells adding up to 10 (5); `{"cells": [a, b],
//!     "sum": 7}` for another total;
//!   * `whispers` — a line, or `{"line": [...], "difference": 4}`:
//!     neighbours differ by at least `difference` (⌈N/2⌉, 5 on 9×9);
//!   * `renbans`, `palindromes`, `between_lines`, `region_sum_lines`,
//!     `zipper_lines`, `entropic_lines`, `modular_lines` — lines;
//!   * `minimums`, `maximums` — cell names;
//!   * `quadruples` — `{"cells": [...], "digits": [1, 2]}`: every digit
//!     listed appears in the cells (a digit listed twice, twice);
//!   * `clones` — `{"cells": [...], "copy": [...]}`: cell for cell alike;
//!   * `row_indexers`, `column_indexers`, `box_indexers` — cell names: a
//!     digit X there names the X-th cell of the cell's column (row,
//!     region), which holds the cell's own position in it;
//!   * `greater_than` — pairs of cells, the larger digit first;
//!   * `products` — `{"cells": [a, b], "product": 12}`: the two digits
//!     multiply to `product`;
//!   * `parity_lines`, `nabner_lines` — lines: neighbours alternate odd
//!     and even; no two digits equal or consecutive;
//!   * `lockout_lines` — a line, or `{"line": [...], "difference": 3}`:
//!     the ends differ by at least `difference` (⌊N/2⌋, 4 on 9×9), the
//!     digits inside lie outside the ends' range;
//!   * `frame_sums` — `{"clue": "r0c3", "sum": 12}`: the first cells from
//!     the clue, one box deep, add up to `sum`;
//!   * `counting_circles` — lists of cells, each counted together: a
//!     digit d in one of them stands in exactly d of them;
//!   * `one_two_three` — `{"clue": "r0c3", "digit": 2}`: of 1, 2 and 3,
//!     `digit` comes first from the clue;
//!   * `count_different` — `{"cells": [...], "count": 3}`: exactly
//!     `count` different digits stand in the cells;
//!   * `cupids` — `{"cell": "r1c1", "cells": [...]}`: the cell's digit
//!     stands again in one of the cells its arrow points at;
//!   * `twins` — `{"cells": [...], "twin": [...]}`: two cells of one
//!     shape hold the same digit exactly when their partners do;
//!
//!   clues outside the grid stand at row or column 0 or N + 1, named like
//!   cells (see [`Outside`](crate::Outside)); the rules are those of
//!   [`Element`](crate::Element);
//! * `negative` — any of `"white"`, `"black"`, `"x"`, `"v"`: orthogonal
//!   neighbours without a kropki dot never differ by 1 (never hold one
//!   digit twice the other), without an X or V never add up to 10 (5).
//!
//! A mistake in an element names the field, the entry (from 0) and what
//! was expected: `thermometers[2]: r1c1 is listed twice`,
//! `little_killers[0].direction: "down" is not a direction (…)`.
//!
//! A file holds one description, an array of them, or one per line.
//!
//! ```
//! use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
//!
//! let text = r#"{"regions": ["AABB", "AABB", "CCDD", "CCDD"], "givens": "1..............."}"#;
//! let items = read_puzzles("j.json", text, Format::Json, &PlainVariant::default());
//! let p = items[0].puzzle.as_ref().unwrap();
//! assert_eq!(p.rules().variant_name(), "jigsaw");
//!
//! let text = r#"{"size": 9,
//!   "thermometers": [["r1c1", "r1c2", "r1c3"]],
//!   "white_dots": [["r9c1", "r9c2"], {"cells": ["r9c2", "r9c3"], "value": 3}],
//!   "negative": ["white"]}"#;
//! let items = read_puzzles("e.json", text, Format::Json, &PlainVariant::default());
//! let p = items[0].puzzle.as_ref().unwrap();
//! assert_eq!(p.rules().variant_name(), "thermometer+white dot+negative");
//! assert_eq!(p.rules().elements().len(), 3);
//! ```

mod elements;

use serde::Deserialize;

use self::elements::{Field, read_elements, write_elements};
use super::line::parse_line;
use super::{Item, ParseError, ParseErrorKind};
use crate::puzzle::Puzzle;
use crate::puzzle::grid_line;
use crate::rules::{Cage, Diagonal, GlobalRule, Layout, Parity, Rules, cell_name, parse_cell_name};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Spec {
    #[serde(default)]
    size: Option<usize>,
    #[serde(default)]
    boxes: Option<BoxesSpec>,
    #[serde(default)]
    regions: Option<Vec<RowSpec>>,
    #[serde(default)]
    givens: Option<GridSpec>,
    #[serde(default)]
    diagonals: Option<serde_json::Value>,
    #[serde(default)]
    windoku: bool,
    #[serde(default)]
    anti_knight: bool,
    #[serde(default)]
    anti_king: bool,
    #[serde(default)]
    non_consecutive: bool,
    #[serde(default)]
    disjoint_groups: bool,
    #[serde(default)]
    odd: Vec<String>,
    #[serde(default)]
    even: Vec<String>,
    #[serde(default)]
    extra: Vec<Vec<String>>,
    #[serde(default)]
    cages: Vec<CageSpec>,
    #[serde(default)]
    candidates: Option<Vec<CandidateSpec>>,
    #[serde(default)]
    thermometers: serde_json::Value,
    #[serde(default)]
    slow_thermometers: serde_json::Value,
    #[serde(default)]
    arrows: serde_json::Value,
    #[serde(default)]
    little_killers: serde_json::Value,
    #[serde(default)]
    sandwiches: serde_json::Value,
    #[serde(default)]
    x_sums: serde_json::Value,
    #[serde(default)]
    skyscrapers: serde_json::Value,
    #[serde(default)]
    white_dots: serde_json::Value,
    #[serde(default)]
    black_dots: serde_json::Value,
    #[serde(default)]
    x: serde_json::Value,
    #[serde(default)]
    v: serde_json::Value,
    #[serde(default)]
    whispers: serde_json::Value,
    #[serde(default)]
    renbans: serde_json::Value,
    #[serde(default)]
    palindromes: serde_json::Value,
    #[serde(default)]
    between_lines: serde_json::Value,
    #[serde(default)]
    region_sum_lines: serde_json::Value,
    #[serde(default)]
    zipper_lines: serde_json::Value,
    #[serde(default)]
    entropic_lines: serde_json::Value,
    #[serde(default)]
    modular_lines: serde_json::Value,
    #[serde(default)]
    minimums: serde_json::Value,
    #[serde(default)]
    maximums: serde_json::Value,
    #[serde(default)]
    quadruples: serde_json::Value,
    #[serde(default)]
    clones: serde_json::Value,
    #[serde(default)]
    row_indexers: serde_json::Value,
    #[serde(default)]
    column_indexers: serde_json::Value,
    #[serde(default)]
    box_indexers: serde_json::Value,
    #[serde(default)]
    greater_than: serde_json::Value,
    #[serde(default)]
    products: serde_json::Value,
    #[serde(default)]
    parity_lines: serde_json::Value,
    #[serde(default)]
    nabner_lines: serde_json::Value,
    #[serde(default)]
    lockout_lines: serde_json::Value,
    #[serde(default)]
    frame_sums: serde_json::Value,
    #[serde(default)]
    counting_circles: serde_json::Value,
    #[serde(default)]
    one_two_three: serde_json::Value,
    #[serde(default)]
    count_different: serde_json::Value,
    #[serde(default)]
    cupids: serde_json::Value,
    #[serde(default)]
    twins: serde_json::Value,
    #[serde(default)]
    negative: serde_json::Value,
    #[serde(default)]
    #[allow(dead_code)]
    name: Option<String>,
}

impl Spec {
    /// The entries of one element field.
    fn entries(&self, field: Field) -> &serde_json::Value {
        match field {
            Field::Thermometers => &self.thermometers,
            Field::SlowThermometers => &self.slow_thermometers,
            Field::Arrows => &self.arrows,
            Field::LittleKillers => &self.little_killers,
            Field::Sandwiches => &self.sandwiches,
            Field::XSums => &self.x_sums,
            Field::Skyscrapers => &self.skyscrapers,
            Field::WhiteDots => &self.white_dots,
            Field::BlackDots => &self.black_dots,
            Field::X => &self.x,
            Field::V => &self.v,
            Field::Whispers => &self.whispers,
            Field::Renbans => &self.renbans,
            Field::Palindromes => &self.palindromes,
            Field::BetweenLines => &self.between_lines,
            Field::RegionSumLines => &self.region_sum_lines,
            Field::ZipperLines => &self.zipper_lines,
            Field::EntropicLines => &self.entropic_lines,
            Field::ModularLines => &self.modular_lines,
            Field::Minimums => &self.minimums,
            Field::Maximums => &self.maximums,
            Field::Quadruples => &self.quadruples,
            Field::Clones => &self.clones,
            Field::RowIndexers => &self.row_indexers,
            Field::ColumnIndexers => &self.column_indexers,
            Field::BoxIndexers => &self.box_indexers,
            Field::GreaterThan => &self.greater_than,
            Field::Products => &self.products,
            Field::ParityLines => &self.parity_lines,
            Field::NabnerLines => &self.nabner_lines,
            Field::LockoutLines => &self.lockout_lines,
            Field::FrameSums => &self.frame_sums,
            Field::CountingCircles => &self.counting_circles,
            Field::OneTwoThree => &self.one_two_three,
            Field::CountDifferent => &self.count_different,
            Field::Cupids => &self.cupids,
            Field::Twins => &self.twins,
        }
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum BoxesSpec {
    Shape([usize; 2]),
    Flag(bool),
}

/// The global rules and their JSON fields, in [`GlobalRule`] order.
const GLOBAL_FIELDS: [(GlobalRule, &str); 4] = [
    (GlobalRule::AntiKnight, "anti_knight"),
    (GlobalRule::AntiKing, "anti_king"),
    (GlobalRule::NonConsecutive, "non_consecutive"),
    (GlobalRule::DisjointGroups, "disjoint_groups"),
];

#[derive(Deserialize)]
#[serde(untagged)]
enum GridSpec {
    Line(String),
    Rows(Vec<String>),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RowSpec {
    Text(String),
    Numbers(Vec<u32>),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum CandidateSpec {
    Digits(String),
    Numbers(Vec<u32>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CageSpec {
    #[serde(default)]
    sum: Option<u32>,
    cells: Vec<String>,
}

/// The JSON description of `puzzle`: what `read` turns back into the same
/// puzzle (the writer for variants a line cannot carry, like killer cages).
pub fn describe(puzzle: &Puzzle) -> serde_json::Value {
    let rules = puzzle.rules();
    let n = rules.size();
    let names =
        |cells: &[usize]| -> Vec<String> { cells.iter().map(|&c| cell_name(n, c)).collect() };
    let mut description = serde_json::Map::new();
    description.insert("size".into(), n.into());
    match rules.layout() {
        Layout::Boxes { rows, cols } => {
            description.insert("boxes".into(), serde_json::json!([rows, cols]));
        }
        Layout::Jigsaw(region) => {
            let rows: Vec<String> = region
                .chunks(n)
                .map(|row| row.iter().map(|&r| char::from(b'A' + r)).collect())
                .collect();
            description.insert("regions".into(), rows.into());
        }
        Layout::None => {
            description.insert("boxes".into(), false.into());
        }
    }
    description.insert("givens".into(), grid_line(puzzle.givens()).into());
    match Diagonal::BOTH.map(|d| rules.diagonal(d)) {
        [true, true] => description.insert("diagonals".into(), true.into()),
        [true, false] => description.insert("diagonals".into(), "main".into()),
        [false, true] => description.insert("diagonals".into(), "anti".into()),
        [false, false] => None,
    };
    if rules.windoku() {
        description.insert("windoku".into(), true.into());
    }
    for (rule, field) in GLOBAL_FIELDS {
        if rules.has(rule) {
            description.insert(field.into(), true.into());
        }
    }
    for (parity, field) in [(Parity::Odd, "odd"), (Parity::Even, "even")] {
        let cells: Vec<usize> = rules
            .parity_cells()
            .iter()
            .filter(|&&(_, p)| p == parity)
            .map(|&(c, _)| c)
            .collect();
        if !cells.is_empty() {
            description.insert(field.into(), names(&cells).into());
        }
    }
    if !rules.extra_regions().is_empty() {
        let extra: Vec<Vec<String>> = rules.extra_regions().iter().map(|r| names(r)).collect();
        description.insert("extra".into(), serde_json::json!(extra));
    }
    if !rules.cages().is_empty() {
        let cages: Vec<serde_json::Value> = rules
            .cages()
            .iter()
            .map(|c| match c.sum {
                Some(sum) => serde_json::json!({"sum": sum, "cells": names(&c.cells)}),
                None => serde_json::json!({"cells": names(&c.cells)}),
            })
            .collect();
        description.insert("cages".into(), cages.into());
    }
    for (field, entries) in write_elements(rules) {
        description.insert(field.into(), entries);
    }
    if let Some(masks) = puzzle.candidates() {
        let lists: Vec<Vec<u32>> = masks
            .iter()
            .map(|&m| (1..=n as u32).filter(|d| m >> (d - 1) & 1 == 1).collect())
            .collect();
        description.insert("candidates".into(), serde_json::json!(lists));
    }
    serde_json::Value::Object(description)
}

/// Every description in a JSON text.
pub(super) fn read(input: &str, text: &str) -> Vec<Item> {
    let text = text.trim_start_matches('\u{feff}');
    let trimmed = text.trim_start();
    if trimmed.starts_with('[') {
        return match serde_json::from_str::<Vec<serde_json::Value>>(text) {
            Ok(values) => values
                .into_iter()
                .map(|v| {
                    let source = v.to_string();
                    let puzzle = from_value(input, v);
                    Item {
                        index: 0,
                        line: 1,
                        input: source,
                        puzzle,
                    }
                })
                .collect(),
            Err(e) => vec![syntax(input, 0, text, e)],
        };
    }
    // One object, or one object per line: each line its own record, so a
    // damaged line is one error and the others are still read.
    if serde_json::from_str::<serde_json::Value>(text).is_ok() || !one_per_line(text) {
        return vec![one(input, 0, text)];
    }
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| one(input, i, l))
        .collect()
}

/// One description already parsed as JSON (an entry of an array, a
/// template's base): a wrong field is named in the message, at line 1,
/// column 1.
pub(crate) fn from_value(input: &str, value: serde_json::Value) -> Result<Puzzle, ParseError> {
    serde_json::from_value::<Spec>(value)
        .map_err(|e| field_error(input, 1, 1, e.to_string()))
        .and_then(|spec| build(&spec).map_err(|m| field_error(input, 1, 1, m)))
}

/// Whether a text that is not one JSON value is JSON lines: more than one
/// line, and the first of them, or two of them, a whole JSON object by
/// itself from the line's start. An object written over several lines is
/// not whole on its first line, and the objects inside it are indented.
fn one_per_line(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let whole = |l: &str| {
        l.starts_with('{') && serde_json::from_str::<serde_json::Value>(l.trim_end()).is_ok()
    };
    lines.len() > 1
        && (lines.first().is_some_and(|l| whole(l))
            || lines.iter().filter(|l| whole(l)).count() > 1)
}

/// One description starting at 0-based line `offset`.
fn one(input: &str, offset: usize, text: &str) -> Item {
    let puzzle = match serde_json::from_str::<Spec>(text) {
        Ok(spec) => build(&spec).map_err(|m| field_error(input, offset + 1, 1, m)),
        Err(e) => Err(syntax_error(input, offset, text, e)),
    };
    // The description on one line, for batch records.
    let input = serde_json::from_str::<serde_json::Value>(text)
        .map_or_else(|_| text.trim().to_owned(), |v| v.to_string());
    Item {
        index: 0,
        line: offset + 1,
        input,
        puzzle,
    }
}

fn syntax(input: &str, offset: usize, text: &str, e: serde_json::Error) -> Item {
    Item {
        index: 0,
        line: offset + 1,
        input: text.trim().to_owned(),
        puzzle: Err(syntax_error(input, offset, text, e)),
    }
}

/// A description that did not deserialize: malformed JSON, or a field
/// of the wrong shape (serde's message names it).
fn syntax_error(input: &str, offset: usize, text: &str, e: serde_json::Error) -> ParseError {
    let message = serde_message(&e);
    let kind = match e.classify() {
        serde_json::error::Category::Data => ParseErrorKind::JsonField,
        _ => ParseErrorKind::JsonSyntax,
    };
    ParseError {
        input: input.to_owned(),
        line: offset + e.line().max(1),
        column: char_column(text, e.line(), e.column()),
        kind,
        message,
    }
}

/// serde's message without its " at line … column …" tail (the position
/// is given apart).
pub(super) fn serde_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    match full.rfind(" at line ") {
        Some(at) => full[..at].to_owned(),
        None => full,
    }
}

/// The 1-based character column of serde's `column` on 1-based `line` of
/// `text`: serde counts bytes, up to the last byte it read; the character
/// holding that byte is the one to point at.
fn char_column(text: &str, line: usize, column: usize) -> usize {
    let Some(row) = text.split('\n').nth(line.saturating_sub(1)) else {
        return column.max(1);
    };
    row.char_indices()
        .take_while(|&(at, _)| at < column)
        .count()
        .max(1)
}

/// A well-formed description with a field that is wrong.
fn field_error(input: &str, line: usize, column: usize, message: String) -> ParseError {
    ParseError {
        input: input.to_owned(),
        line,
        column,
        kind: ParseErrorKind::JsonField,
        message,
    }
}

/// The rules and givens a description says.
fn build(spec: &Spec) -> Result<Puzzle, String> {
    let size = match (spec.size, &spec.givens, &spec.regions) {
        (Some(n), _, _) => n,
        (None, Some(GridSpec::Rows(rows)), _) => rows.len(),
        (None, Some(GridSpec::Line(line)), _) => {
            let cells = super::line::cell_count(line);
            let n = (cells as f64).sqrt().round() as usize;
            if n * n != cells {
                return Err(format!(
                    "givens: {cells} cells, not a whole grid (expected N×N cells, or give \"size\")"
                ));
            }
            n
        }
        (None, None, Some(rows)) => rows.len(),
        (None, None, None) => {
            return Err("size: missing (give \"size\", \"givens\" or \"regions\")".to_owned());
        }
    };
    let mut rules = match (&spec.regions, &spec.boxes) {
        (Some(_), Some(BoxesSpec::Shape(_) | BoxesSpec::Flag(true))) => {
            return Err("regions: jigsaw regions replace boxes; drop \"boxes\"".to_owned());
        }
        (Some(rows), _) => Rules::jigsaw(size, regions(size, rows)?),
        (None, Some(BoxesSpec::Shape([r, c]))) => Rules::with_boxes(size, *r, *c),
        (None, Some(BoxesSpec::Flag(false))) => Rules::latin(size),
        (None, _) => Rules::classic(size),
    }
    .map_err(|e| format!("rules: {e}"))?;
    rules = match spec
        .diagonals
        .as_ref()
        .map(|v| (v, v.as_bool(), v.as_str()))
    {
        None | Some((_, Some(false), _)) => rules,
        Some((_, Some(true), _)) => rules.with_diagonals(),
        Some((_, _, Some("main"))) => rules.with_diagonal(Diagonal::Main),
        Some((_, _, Some("anti"))) => rules.with_diagonal(Diagonal::Anti),
        Some((other, _, _)) => {
            return Err(format!(
                "diagonals: {other} is not a diagonal (expected true, false, \"main\" or \"anti\")"
            ));
        }
    };
    if spec.windoku {
        rules = rules.with_windoku().map_err(|e| format!("windoku: {e}"))?;
    }
    let global = [
        spec.anti_knight,
        spec.anti_king,
        spec.non_consecutive,
        spec.disjoint_groups,
    ];
    for ((rule, field), on) in GLOBAL_FIELDS.into_iter().zip(global) {
        if on {
            rules = rules
                .with_global(rule)
                .map_err(|e| format!("{field}: {e}"))?;
        }
    }
    for (parity, field, names) in [
        (Parity::Odd, "odd", &spec.odd),
        (Parity::Even, "even", &spec.even),
    ] {
        let cells = cell_list(size, names, field)?;
        if !cells.is_empty() {
            rules = rules
                .with_parity(parity, &cells)
                .map_err(|e| format!("{field}: {e}"))?;
        }
    }
    for (i, names) in spec.extra.iter().enumerate() {
        let cells = cell_list(size, names, &format!("extra[{i}]"))?;
        rules = rules
            .with_extra_region(cells)
            .map_err(|e| format!("extra[{i}]: {e}"))?;
    }
    for (i, cage) in spec.cages.iter().enumerate() {
        let cells = cell_list(size, &cage.cells, &format!("cages[{i}].cells"))?;
        rules = rules
            .with_cage(Cage {
                cells,
                sum: cage.sum,
            })
            .map_err(|e| format!("cages[{i}]: {e}"))?;
    }
    let rules = read_elements(rules, |field| spec.entries(field), &spec.negative)?;
    let line = match &spec.givens {
        None => ".".repeat(size * size),
        Some(GridSpec::Line(line)) => line.clone(),
        Some(GridSpec::Rows(rows)) => rows_to_line(size, rows)?,
    };
    let puzzle = parse_line(&line, &rules)
        .map_err(|e| format!("givens, character {}: {}", e.column, e.message))?;
    match &spec.candidates {
        None => Ok(puzzle),
        Some(entries) => {
            let masks = candidate_masks(size, entries)?;
            puzzle
                .with_candidates(masks)
                .map_err(|e| format!("candidates: {e}"))
        }
    }
}

/// One mask per cell from the `candidates` entries.
fn candidate_masks(size: usize, entries: &[CandidateSpec]) -> Result<Vec<u32>, String> {
    if entries.len() != size * size {
        return Err(format!(
            "candidates: {} entries, expected {} (one per cell)",
            entries.len(),
            size * size
        ));
    }
    let in_range = |d: u32, i: usize| {
        if (1..=size as u32).contains(&d) {
            Ok(1u32 << (d - 1))
        } else {
            Err(format!(
                "candidates[{i}] ({}): {d} is not a digit of a {size}×{size} grid",
                cell_name(size, i)
            ))
        }
    };
    entries
        .iter()
        .enumerate()
        .map(|(i, entry)| match entry {
            CandidateSpec::Numbers(digits) => digits.iter().map(|&d| in_range(d, i)).sum(),
            CandidateSpec::Digits(text) => text
                .chars()
                .filter(|c| !c.is_whitespace() && !matches!(c, ',' | '.'))
                .map(|c| match crate::puzzle::char_digit(c) {
                    Some(d) => in_range(u32::from(d), i),
                    None => Err(format!(
                        "candidates[{i}] ({}): '{c}' is not a digit (expected 1-9, A-W)",
                        cell_name(size, i)
                    )),
                })
                .try_fold(0, |mask, bit| bit.map(|b| mask | b)),
        })
        .collect()
}

/// The line form of givens written one string per row, each checked to hold
/// exactly `size` cells (characters, or numbers separated by spaces/commas).
fn rows_to_line(size: usize, rows: &[String]) -> Result<String, String> {
    if rows.len() != size {
        return Err(format!("givens: {} rows, expected {size}", rows.len()));
    }
    let mut line = String::with_capacity(size * size);
    for (r, row) in rows.iter().enumerate() {
        let cells = super::line::cells(row);
        if cells.len() != size {
            return Err(format!(
                "givens[{r}]: {} cells, expected {size}",
                cells.len()
            ));
        }
        for cell in cells {
            match cell.value {
                Ok(0) => line.push('.'),
                Ok(d) if usize::from(d) <= size => line.push(crate::puzzle::digit_char(d)),
                Ok(d) => {
                    return Err(format!(
                        "givens[{r}], character {}: {d} is more than {size}",
                        cell.column
                    ));
                }
                Err((_, message)) => {
                    return Err(format!("givens[{r}], character {}: {message}", cell.column));
                }
            }
        }
    }
    Ok(line)
}

fn cell_list(size: usize, names: &[String], field: &str) -> Result<Vec<usize>, String> {
    names
        .iter()
        .enumerate()
        .map(|(j, name)| {
            parse_cell_name(size, name).ok_or_else(|| {
                format!("{field}[{j}]: \"{name}\" is not a cell (expected r1c1 to r{size}c{size})")
            })
        })
        .collect()
}

/// Region numbers from rows of labels (characters or numbers).
fn regions(size: usize, rows: &[RowSpec]) -> Result<Vec<u8>, String> {
    if rows.len() != size {
        return Err(format!("regions: {} rows, expected {size}", rows.len()));
    }
    let mut labels: Vec<String> = Vec::new();
    let mut out = Vec::with_capacity(size * size);
    for (r, row) in rows.iter().enumerate() {
        let row_labels: Vec<String> = match row {
            RowSpec::Text(t) => t
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(String::from)
                .collect(),
            RowSpec::Numbers(ns) => ns.iter().map(u32::to_string).collect(),
        };
        if row_labels.len() != size {
            return Err(format!(
                "regions[{r}]: {} cells, expected {size}",
                row_labels.len()
            ));
        }
        for label in row_labels {
            let id = match labels.iter().position(|l| *l == label) {
                Some(id) => id,
                None => {
                    labels.push(label);
                    labels.len() - 1
                }
            };
            if id >= size {
                return Err(format!("regions[{r}]: more than {size} different regions"));
            }
            out.push(id as u8);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{Cage, Diagonal, GlobalRule, Parity, Puzzle, Rules, describe};
    use crate::format::{Format, PlainVariant, read_puzzles};

    fn read(text: &str) -> Vec<Result<String, String>> {
        read_puzzles("p.json", text, Format::Auto, &PlainVariant::default())
            .into_iter()
            .map(|i| {
                i.puzzle
                    .map(|p| p.rules().variant_name())
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    #[test]
    fn descriptions_read_back_as_the_same_puzzle() {
        let jigsaw: Vec<u8> = "AAABBB AACCBB ACCDDB ECDDFF EECDFF EEEDFF"
            .split(' ')
            .flat_map(|row| row.bytes().map(|b| b - b'A'))
            .collect();
        let mut givens = vec![0u8; 36];
        givens[0] = 1;
        givens[35] = 2;
        let cases = [
            Rules::classic(9)
                .unwrap()
                .with_diagonals()
                .with_windoku()
                .unwrap(),
            Rules::jigsaw(6, jigsaw).unwrap(),
            Rules::classic(6)
                .unwrap()
                .with_extra_region(vec![0, 7, 14, 21, 28, 35])
                .unwrap()
                .with_cage(Cage {
                    cells: vec![1, 2],
                    sum: Some(7),
                })
                .unwrap(),
            Rules::latin(6).unwrap(),
            Rules::classic(6)
                .unwrap()
                .with_diagonal(Diagonal::Anti)
                .with_global(GlobalRule::AntiKnight)
                .unwrap()
                .with_global(GlobalRule::NonConsecutive)
                .unwrap()
                .with_global(GlobalRule::DisjointGroups)
                .unwrap()
                .with_parity(Parity::Odd, &[3, 5])
                .unwrap()
                .with_parity(Parity::Even, &[4])
                .unwrap(),
            Rules::latin(6)
                .unwrap()
                .with_diagonal(Diagonal::Main)
                .with_global(GlobalRule::AntiKing)
                .unwrap(),
        ];
        for rules in cases {
            let cells = rules.cells();
            let g = if cells == 36 {
                givens.clone()
            } else {
                vec![0; cells]
            };
            let puzzle = Puzzle::new(rules, g).unwrap();
            let text = describe(&puzzle).to_string();
            let items = super::read("t", &text);
            assert_eq!(items.len(), 1);
            assert_eq!(items[0].puzzle.as_ref().unwrap(), &puzzle, "{text}");
        }
    }

    #[test]
    fn every_variant_and_every_container() {
        assert_eq!(
            read(r#"{"size": 9, "diagonals": true, "windoku": true}"#),
            [Ok("diagonal+windoku".into())]
        );
        assert_eq!(
            read(
                r#"[{"size": 4}, {"size": 6, "boxes": false, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]}]"#
            ),
            [Ok("classic".into()), Ok("killer".into())]
        );
        assert_eq!(
            read("{\"size\": 4}\n{\"size\": 9, \"boxes\": [3, 3]}\n").len(),
            2
        );
        assert_eq!(
            read(
                r#"{"size": 9, "diagonals": "main", "anti_knight": true, "anti_king": true, "non_consecutive": true, "disjoint_groups": true, "odd": ["r1c1"], "even": ["r9c9"]}"#
            ),
            [Ok(
                "main-diagonal+anti-knight+anti-king+non-consecutive+disjoint+odd-even".into()
            )]
        );
        assert_eq!(
            read(r#"{"size": 4, "diagonals": "anti"}"#),
            [Ok("anti-diagonal".into())]
        );
    }

    #[test]
    fn cell_rules_that_cannot_apply_name_their_field() {
        assert_eq!(
            read(r#"{"size": 6, "boxes": false, "disjoint_groups": true}"#),
            [Err("p.json:1:1: disjoint_groups: disjoint groups need boxes; a grid with no regions has none".into())]
        );
        assert_eq!(
            read(
                r#"{"regions": ["AABB", "AABB", "CCDD", "CCDD"], "disjoint_groups": true}"#
            ),
            [Err("p.json:1:1: disjoint_groups: disjoint groups need boxes; a grid with jigsaw regions has none".into())]
        );
        assert_eq!(
            read(r#"{"size": 9, "odd": ["r1c1", "r10c1"]}"#),
            [Err(
                "p.json:1:1: odd[1]: \"r10c1\" is not a cell (expected r1c1 to r9c9)".into()
            )]
        );
        assert_eq!(
            read(r#"{"size": 4, "odd": ["r1c1"], "even": ["r2c2", "R1C1"]}"#),
            [Err(
                "p.json:1:1: even: even cells: r1c1 is already an odd cell".into()
            )]
        );
        assert_eq!(
            read(r#"{"size": 4, "odd": ["r1c1", "r1c1"]}"#),
            [Err(
                "p.json:1:1: odd: odd cells: r1c1 is listed twice".into()
            )]
        );
        assert_eq!(
            read(r#"{"size": 1, "even": ["r1c1"]}"#),
            [Err(
                "p.json:1:1: even: even cells: a 1×1 grid has no even digit".into()
            )]
        );
        assert_eq!(
            read(r#"{"size": 4, "diagonals": "both"}"#),
            [Err("p.json:1:1: diagonals: \"both\" is not a diagonal (expected true, false, \"main\" or \"anti\")".into())]
        );
        assert_eq!(
            read(r#"{"size": 4, "diagonals": 5}"#),
            [Err("p.json:1:1: diagonals: 5 is not a diagonal (expected true, false, \"main\" or \"anti\")".into())]
        );
    }

    #[test]
    fn errors_name_the_field_or_position() {
        assert_eq!(
            read("{\"size\": 9,\n \"cages\": [{\"sum\": 5, \"cells\": [\"r1c1\", \"r0c2\"]}]}"),
            [Err(
                "p.json:1:1: cages[0].cells[1]: \"r0c2\" is not a cell (expected r1c1 to r9c9)"
                    .into()
            )]
        );
        assert_eq!(
            read("{\"size\": 9,\n \"diagonal\": true}"),
            [Err("p.json:2:11: unknown field `diagonal`, expected one of `size`, `boxes`, `regions`, `givens`, `diagonals`, `windoku`, `anti_knight`, `anti_king`, `non_consecutive`, `disjoint_groups`, `odd`, `even`, `extra`, `cages`, `candidates`, `thermometers`, `slow_thermometers`, `arrows`, `little_killers`, `sandwiches`, `x_sums`, `skyscrapers`, `white_dots`, `black_dots`, `x`, `v`, `whispers`, `renbans`, `palindromes`, `between_lines`, `region_sum_lines`, `zipper_lines`, `entropic_lines`, `modular_lines`, `minimums`, `maximums`, `quadruples`, `clones`, `row_indexers`, `column_indexers`, `box_indexers`, `greater_than`, `products`, `parity_lines`, `nabner_lines`, `lockout_lines`, `frame_sums`, `counting_circles`, `one_two_three`, `count_different`, `cupids`, `twins`, `negative`, `name`".into())]
        );
        assert_eq!(
            read(r#"{"givens": "1.."}"#),
            [Err("p.json:1:1: givens: 3 cells, not a whole grid (expected N×N cells, or give \"size\")".into())]
        );
        assert_eq!(
            read(r#"{"size": 7}"#),
            [Err("p.json:1:1: rules: a 7×7 grid has no standard box shape; give one (e.g. \"boxes\": [2, 3]) or regions".into())]
        );
        assert!(read(r#"{"size": 7, "boxes": false}"#)[0].is_ok());
        // Rows are read one by one: commas, spaces, and a wrong length.
        assert!(read(r#"{"givens": ["1,0,0,4", "0,0,0,0", "0,0,0,0", "4,0,0,1"]}"#)[0].is_ok());
        assert!(read(r#"{"givens": ["1 . . 4", "4 . . 1", ". . . .", ". . . ."]}"#)[0].is_ok());
        assert_eq!(
            read(r#"{"givens": ["1234.", "...", "....", "...."]}"#),
            [Err("p.json:1:1: givens[0]: 5 cells, expected 4".into())]
        );
    }
}
