//! A SudokuPad puzzle (its JSON, after [`super::zip::unzip`]) read back
//! into rules and givens.
//!
//! What SudokuPad says outright is read as such: givens, regions, killer
//! cages and extra regions, the `global` rules and the metadata. The other
//! constraints are drawings, recognised by the shapes, colours and sizes
//! of [`super::style`]; a drawing that matches none of them is an error
//! naming the entry (`lines[3]: …`). Errors are plain messages; the caller
//! adds the input's name.

use serde_json::{Map, Value};

use super::super::indexers::INDEXERS;
use super::super::signs::{larger_first, sign_tip};
use super::style::{self, LineKind};
use crate::elements::{Direction, Dot, Element, Extremum, Negative, Outside};
use crate::format::fpuzzles::Meta;
use crate::format::marks::{marks_mask, with_given_marks};
use crate::puzzle::Puzzle;
use crate::rules::{Cage, Diagonal, GlobalRule, MAX_SIZE, Parity, parse_cell_name};

/// Top-level keys that say nothing about the rules.
const PASSED_OVER: [&str; 4] = ["id", "cellSize", "settings", "metadata"];

/// Keys read here.
const READ: [&str; 8] = [
    "cells",
    "regions",
    "cages",
    "lines",
    "arrows",
    "overlays",
    "underlays",
    "global",
];

/// The puzzle, and its title, author, rules text and answer.
pub(super) fn read(value: &Value) -> Result<(Puzzle, Meta), String> {
    let Value::Object(object) = value else {
        return Err("expected a SudokuPad puzzle object {cells: …}".to_owned());
    };
    if let Some((key, _)) = object.iter().find(|(key, v)| {
        !READ.contains(&key.as_str()) && !PASSED_OVER.contains(&key.as_str()) && has_content(v)
    }) {
        return Err(format!(
            "{key}: the SudokuPad feature \"{key}\" is not supported (fdoku reads the \
             constraints listed in docs/formats.md)"
        ));
    }
    let mut reader = Reader::new(object)?;
    reader.cages()?;
    reader.metadata_object()?;
    reader.marks("underlays")?;
    reader.marks("overlays")?;
    reader.lines()?;
    reader.arrows()?;
    reader.finish()
}

fn has_content(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        Value::String(s) => !s.is_empty(),
        Value::Number(_) => true,
    }
}

/// A point `(row, column)` in cell units.
type Point = (f64, f64);

const EPS: f64 = 0.02;

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < EPS
}

fn is_whole(x: f64) -> bool {
    near(x, x.round())
}

fn is_half(x: f64) -> bool {
    near(x - x.floor(), 0.5)
}

/// A mark of the overlay or underlay layers.
struct Mark {
    at: String,
    centre: Point,
    width: f64,
    height: f64,
    rounded: bool,
    fill: String,
    border: String,
    text: Option<String>,
    font: Option<f64>,
}

/// A thermometer bulb or an arrow's circle, claimed by one line.
struct Bulb {
    cells: Vec<usize>,
}

struct Reader<'a> {
    object: &'a Map<String, Value>,
    n: usize,
    givens: Vec<u8>,
    /// Given centre marks: a cell's candidates (0: none given).
    marks: Vec<u32>,
    regions: Vec<Option<u8>>,
    meta: Meta,
    cages: Vec<(String, Cage)>,
    extra: Vec<(String, Vec<usize>)>,
    elements: Vec<(String, Element)>,
    thermo_bulbs: Vec<usize>,
    arrow_bulbs: Vec<Bulb>,
    /// Numbers outside the grid, by position: (entry, text, font size).
    outside: Vec<(Outside, String, String, Option<f64>)>,
    chevrons: Vec<(String, Vec<Point>)>,
    extremum_cells: Vec<(String, usize)>,
    clone_cells: Vec<String>,
    clones: bool,
    rules_text: String,
    parity: Vec<(Parity, usize)>,
    diagonals: Vec<Diagonal>,
}

impl<'a> Reader<'a> {
    fn new(object: &'a Map<String, Value>) -> Result<Self, String> {
        let rows = object
            .get("cells")
            .and_then(Value::as_array)
            .ok_or("cells: missing, expected the grid's rows of cells")?;
        let n = rows.len();
        if !(1..=MAX_SIZE).contains(&n) {
            return Err(format!(
                "cells: {n} rows, expected a grid of 1 to {MAX_SIZE} rows"
            ));
        }
        let mut givens = vec![0u8; n * n];
        let mut marks = vec![0u32; n * n];
        for (r, row) in rows.iter().enumerate() {
            let cells = row
                .as_array()
                .filter(|c| c.len() == n)
                .ok_or_else(|| format!("cells[{r}]: expected {n} cells (a square grid)"))?;
            for (c, cell) in cells.iter().enumerate() {
                let at = format!("cells[{r}][{c}]");
                let cell = cell
                    .as_object()
                    .ok_or_else(|| format!("{at}: expected a cell object"))?;
                if let Some(v) = cell.get("value") {
                    givens[r * n + c] = text_of(v)
                        .and_then(|t| t.trim().parse::<u8>().ok())
                        .filter(|&d| (1..=n).contains(&usize::from(d)))
                        .ok_or_else(|| {
                            format!("{at}.value: {v}, expected a digit from 1 to {n}")
                        })?;
                }
                if let Some(list) = cell.get("centremarks") {
                    marks[r * n + c] = marks_mask(list, n, &format!("{at}.centremarks"))?;
                }
                for key in ["pencilMarks", "pencilmarks"] {
                    if cell.get(key).is_some_and(has_content) {
                        return Err(format!(
                            "{at}.{key}: given corner marks do not say which digits the cell \
                             may hold; fdoku reads a cell's given candidates from its centre \
                             marks (centremarks)"
                        ));
                    }
                }
            }
        }
        let mut regions = vec![None; n * n];
        let mut numbered = 0u8;
        if let Some(list) = object.get("regions").and_then(Value::as_array) {
            for (i, region) in list.iter().enumerate() {
                let cells = cells_at(n, region, &format!("regions[{i}]"))?;
                if cells.is_empty() {
                    continue;
                }
                if usize::from(numbered) >= n {
                    return Err(format!(
                        "regions[{i}]: more than {n} regions in a {n}×{n} grid"
                    ));
                }
                for cell in cells {
                    if regions[cell].is_some() {
                        return Err(format!(
                            "regions[{i}]: cell R{}C{} is already in another region",
                            cell / n + 1,
                            cell % n + 1
                        ));
                    }
                    regions[cell] = Some(numbered);
                }
                numbered += 1;
            }
        }
        Ok(Reader {
            object,
            n,
            givens,
            marks,
            regions,
            meta: Meta::default(),
            cages: Vec::new(),
            extra: Vec::new(),
            elements: Vec::new(),
            thermo_bulbs: Vec::new(),
            arrow_bulbs: Vec::new(),
            outside: Vec::new(),
            chevrons: Vec::new(),
            extremum_cells: Vec::new(),
            clone_cells: Vec::new(),
            clones: false,
            rules_text: String::new(),
            parity: Vec::new(),
            diagonals: Vec::new(),
        })
    }

    fn list(&self, key: &str) -> Result<&'a [Value], String> {
        match self.object.get(key) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(list)) => Ok(list),
            Some(_) => Err(format!("{key}: expected a list")),
        }
    }

    /// Killer cages, extra regions, and metadata written as cages.
    fn cages(&mut self) -> Result<(), String> {
        for (i, cage) in self.list("cages")?.iter().enumerate() {
            let at = format!("cages[{i}]");
            let cells = match cage.get("cells") {
                Some(cells) => cells_at(self.n, cells, &format!("{at}.cells"))?,
                None => Vec::new(),
            };
            let value = cage.get("value").and_then(text_of);
            if cells.is_empty() {
                if let Some(text) = value {
                    self.metadata(&at, &text)?;
                }
                continue;
            }
            let flag = |key: &str| cage.get(key).and_then(Value::as_bool);
            if flag("hidden") == Some(true)
                || cage.get("type").and_then(Value::as_str) == Some("disjoint")
            {
                continue;
            }
            if cage.get("style").and_then(Value::as_str) == Some("extraregion") {
                self.extra.push((at, cells));
                continue;
            }
            let sum = match value.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(text) => Some(text.parse::<u32>().map_err(|_| {
                    format!("{at}.value: {text:?}, expected a cage sum (a whole number)")
                })?),
            };
            self.cages.push((at, Cage { cells, sum }));
        }
        Ok(())
    }

    /// SudokuPad's `metadata` object.
    fn metadata_object(&mut self) -> Result<(), String> {
        let Some(Value::Object(meta)) = self.object.get("metadata") else {
            return Ok(());
        };
        for (key, value) in meta {
            if let Some(text) = text_of(value) {
                self.metadata(&format!("metadata.{key}"), &format!("{key}: {text}"))?;
            }
        }
        Ok(())
    }

    /// One `key: value` line of metadata.
    fn metadata(&mut self, at: &str, text: &str) -> Result<(), String> {
        let Some((key, value)) = text.split_once(':') else {
            return Ok(());
        };
        let value = value.trim_start().to_owned();
        let slot = match key.trim() {
            "title" => &mut self.meta.title,
            "author" => &mut self.meta.author,
            "rules" => &mut self.meta.ruleset,
            "solution" => {
                self.meta.solution = solution(self.n, &value);
                return Ok(());
            }
            "clone" => return self.clone_entry(at, &value),
            _ => return Ok(()),
        };
        if slot.is_none() {
            if key.trim() == "rules" {
                self.rules_text = value.to_lowercase();
            }
            *slot = Some(value);
        }
        Ok(())
    }

    /// `clone: R1C1 R1C2 = R5C5 R5C6`.
    fn clone_entry(&mut self, at: &str, value: &str) -> Result<(), String> {
        let n = self.n;
        let names = |part: &str| -> Result<Vec<usize>, String> {
            part.split_whitespace()
                .map(|name| {
                    parse_cell_name(n, name).ok_or_else(|| {
                        format!("{at}: clone: {name:?} is not a cell (expected R1C1 to R{n}C{n})")
                    })
                })
                .collect()
        };
        let (cells, copy) = value
            .split_once('=')
            .ok_or_else(|| format!("{at}: clone: expected \"cells = copies\", found {value:?}"))?;
        self.elements.push((
            at.to_owned(),
            Element::Clone {
                cells: names(cells)?,
                copy: names(copy)?,
            },
        ));
        self.clones = true;
        Ok(())
    }

    /// Overlays or underlays: dots, X and V, quadruples, circles, shaded
    /// cells, numbers outside the grid.
    fn marks(&mut self, layer: &str) -> Result<(), String> {
        for (i, entry) in self.list(layer)?.iter().enumerate() {
            let mark = mark_of(entry, &format!("{layer}[{i}]"))?;
            self.mark(mark)?;
        }
        Ok(())
    }

    fn mark(&mut self, m: Mark) -> Result<(), String> {
        let n = self.n;
        let (r, c) = m.centre;
        // Inside: a cell's centre, an edge or a corner between cells, not
        // the grid's border.
        let nf = n as f64;
        let inside = r > 0.25 && c > 0.25 && r < nf - 0.25 && c < nf - 0.25;
        let at_centre = is_half(r) && is_half(c);
        let on_edge = (is_whole(r) && is_half(c)) || (is_half(r) && is_whole(c));
        let on_corner = is_whole(r) && is_whole(c);
        let cell = |p: Point| (p.0.floor() as usize) * n + p.1.floor() as usize;
        let text = m.text.clone().filter(|t| !t.trim().is_empty());
        let square = near(m.width, m.height);
        let grey = style::same_colour(&m.fill, style::GREY);
        if inside && on_edge && m.rounded && near(m.width, 0.3) {
            let dot = if style::same_colour(&m.fill, "#000000") {
                Dot::Black
            } else {
                Dot::White
            };
            let value = match &text {
                None => match dot {
                    Dot::White => 1,
                    Dot::Black => 2,
                },
                Some(t) => t
                    .trim()
                    .parse()
                    .map_err(|_| format!("{}: a dot's text {t:?}, expected a number", m.at))?,
            };
            let cells = edge_cells(n, m.centre);
            self.elements
                .push((m.at, Element::Kropki { cells, dot, value }));
        } else if inside
            && on_edge
            && text
                .as_deref()
                .is_some_and(|t| t.eq_ignore_ascii_case("x") || t.eq_ignore_ascii_case("v"))
        {
            let sum = if text.as_deref().is_some_and(|t| t.eq_ignore_ascii_case("x")) {
                10
            } else {
                5
            };
            let cells = edge_cells(n, m.centre);
            self.elements.push((m.at, Element::Xv { cells, sum }));
        } else if inside
            && on_edge
            && let Some(tip) = text.as_deref().and_then(sign_tip)
        {
            let [a, b] = edge_cells(n, m.centre);
            // `b` is right of `a` or below it.
            let step = if b == a + 1 { (1, 0) } else { (0, 1) };
            let Some(cells) = larger_first(a, b, step, tip) else {
                return Err(format!(
                    "{}: a sign {:?} on the edge of r{}c{} and r{}c{} points along the edge, \
                         not at either cell",
                    m.at,
                    text.unwrap_or_default(),
                    a / n + 1,
                    a % n + 1,
                    b / n + 1,
                    b % n + 1
                ));
            };
            self.elements.push((m.at, Element::GreaterThan { cells }));
        } else if inside && on_corner && m.rounded && near(m.width, 0.7) {
            let text = text.unwrap_or_default();
            let digits = quadruple_digits(n, &text)
                .ok_or_else(|| format!("{}: a quadruple's text {text:?}, expected digits", m.at))?;
            let (r, c) = (r.round() as usize, c.round() as usize);
            let cells = vec![
                (r - 1) * n + c - 1,
                (r - 1) * n + c,
                r * n + c - 1,
                r * n + c,
            ];
            self.elements
                .push((m.at, Element::Quadruple { cells, digits }));
        } else if inside && at_centre && m.rounded && grey && near(m.width, 0.85) {
            self.thermo_bulbs.push(cell(m.centre));
        } else if inside && m.rounded && style::same_colour(&m.border, style::ARROW) {
            let span_c = (m.width - 0.83).round().max(0.0) as usize;
            let span_r = (m.height - 0.83).round().max(0.0) as usize;
            if span_c >= n || span_r >= n {
                return Err(format!(
                    "{}: an arrow's circle {}×{}, wider than the grid",
                    m.at, m.width, m.height
                ));
            }
            let r0 = (r - 0.5 - span_r as f64 / 2.0).round() as usize;
            let c0 = (c - 0.5 - span_c as f64 / 2.0).round() as usize;
            let cells = (r0..=r0 + span_r)
                .flat_map(|rr| (c0..=c0 + span_c).map(move |cc| rr * n + cc))
                .filter(|&x| x < n * n)
                .collect();
            self.arrow_bulbs.push(Bulb { cells });
        } else if inside && at_centre && m.rounded && near(m.width, 0.8) && text.is_none() {
            // The end circles of a between line.
        } else if inside && at_centre && grey && square && near(m.width, 0.7) {
            let parity = if m.rounded { Parity::Odd } else { Parity::Even };
            self.parity.push((parity, cell(m.centre)));
        } else if inside && at_centre && !m.rounded && near(m.width, 1.0) && grey {
            self.clone_cells.push(m.at);
        } else if inside
            && at_centre
            && !m.rounded
            && near(m.width, 1.0)
            && let Some(indexer) = INDEXERS
                .iter()
                .find(|i| style::same_colour(&m.fill, i.colour))
        {
            let kind = indexer.kind;
            let cell = cell(m.centre);
            self.elements.push((m.at, Element::Indexer { cell, kind }));
        } else if inside
            && at_centre
            && !m.rounded
            && near(m.width, 1.0)
            && style::same_colour(&m.fill, style::EXTREMUM)
        {
            self.extremum_cells.push((m.at, cell(m.centre)));
        } else if !inside
            && at_centre
            && let Some(t) = text
        {
            let position = Outside {
                row: (r + 1.0).floor() as usize,
                col: (c + 1.0).floor() as usize,
            };
            if r < -1.0 || c < -1.0 || !position.is_outside(n) {
                return Err(format!("{}: a number {t:?} too far outside the grid", m.at));
            }
            self.outside.push((position, m.at, t, m.font));
        } else {
            return Err(format!(
                "{}: a {} mark{} at {:?}, {}×{}, colour {}: not a drawing fdoku reads as a \
                 constraint (see docs/formats.md)",
                m.at,
                if m.rounded { "round" } else { "square" },
                text.map_or(String::new(), |t| format!(" with {t:?}")),
                m.centre,
                m.width,
                m.height,
                m.fill
            ));
        }
        Ok(())
    }

    fn lines(&mut self) -> Result<(), String> {
        let n = self.n;
        let mut pills: Vec<Vec<Point>> = Vec::new();
        let mut grey = Vec::new();
        for (i, entry) in self.list("lines")?.iter().enumerate() {
            let at = format!("lines[{i}]");
            let colour = entry.get("color").and_then(Value::as_str).unwrap_or("");
            let thickness = entry
                .get("thickness")
                .and_then(Value::as_f64)
                .unwrap_or(1.0);
            let points = points_at(entry.get("wayPoints"), &format!("{at}.wayPoints"))?;
            if style::same_colour(colour, style::DIAGONAL) && points.len() == 2 {
                let ends = (points[0], points[1]);
                let nf = n as f64;
                let main = [((0.0, 0.0), (nf, nf)), ((nf, nf), (0.0, 0.0))];
                let anti = [((0.0, nf), (nf, 0.0)), ((nf, 0.0), (0.0, nf))];
                let same = |a: (Point, Point), b: (Point, Point)| {
                    near(a.0.0, b.0.0)
                        && near(a.0.1, b.0.1)
                        && near(a.1.0, b.1.0)
                        && near(a.1.1, b.1.1)
                };
                if main.iter().any(|&d| same(d, ends)) {
                    self.diagonal(Diagonal::Main);
                    continue;
                }
                if anti.iter().any(|&d| same(d, ends)) {
                    self.diagonal(Diagonal::Anti);
                    continue;
                }
            }
            if style::same_colour(colour, style::ARROW) {
                let cells = cells_on(n, &points, &at)?;
                self.arrow_bulbs.push(Bulb { cells });
                pills.push(points);
                continue;
            }
            if style::same_colour(colour, "#FFFFFF") && pills.contains(&points) {
                continue;
            }
            if style::same_colour(colour, "#000000") && near(thickness, 1.0) && points.len() == 3 {
                self.chevrons.push((at, points));
                continue;
            }
            if style::same_colour(colour, style::GREY) {
                grey.push((at, thickness, cells_on(n, &points, &format!("{i}"))?));
                continue;
            }
            let Some(kind) = style::line_kind(colour) else {
                return Err(format!(
                    "{at}: a line of colour {colour} and thickness {thickness}: its meaning \
                     is not one fdoku reads from a SudokuPad drawing (see docs/formats.md)"
                ));
            };
            let cells = cells_on(n, &points, &at)?;
            let element = match kind {
                LineKind::Whisper => Element::Whisper {
                    cells,
                    difference: n.div_ceil(2) as u32,
                },
                LineKind::DutchWhisper => Element::Whisper {
                    cells,
                    difference: n.div_ceil(2) as u32 - 1,
                },
                LineKind::Renban => Element::Renban { cells },
                LineKind::RegionSum => Element::RegionSum { cells },
                LineKind::Zipper => Element::Zipper { cells },
                LineKind::Entropic => Element::Entropic { cells },
                LineKind::Modular => Element::Modular { cells },
                LineKind::Nabner => Element::Nabner { cells },
                LineKind::Lockout => Element::Lockout {
                    cells,
                    difference: (n / 2) as u32,
                },
            };
            self.elements.push((at, element));
        }
        // Grey lines: thermometers first claim their bulbs.
        grey.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (at, thickness, mut cells) in grey {
            let bulb_at = |cell: usize, bulbs: &[usize]| bulbs.iter().position(|&b| b == cell);
            let bulb = bulb_at(cells[0], &self.thermo_bulbs).or_else(|| {
                let last = bulb_at(cells[cells.len() - 1], &self.thermo_bulbs);
                if last.is_some() {
                    cells.reverse();
                }
                last
            });
            let element = if near(thickness, style::BETWEEN) {
                Element::Between { cells }
            } else if let Some(b) = bulb.filter(|_| thickness >= style::SLOW_THERMO - 1.0) {
                self.thermo_bulbs.remove(b);
                Element::Thermometer {
                    cells,
                    slow: thickness < (style::THERMO + style::SLOW_THERMO) / 2.0,
                }
            } else if near(thickness, style::PALINDROME) {
                Element::Palindrome { cells }
            } else {
                return Err(format!(
                    "{at}: a grey line of thickness {thickness} with no bulb: its meaning is not \
                     one fdoku reads (thermometers have a bulb, palindromes are {}, between \
                     lines {})",
                    style::PALINDROME,
                    style::BETWEEN
                ));
            };
            self.elements.push((at, element));
        }
        Ok(())
    }

    fn diagonal(&mut self, diagonal: Diagonal) {
        if !self.diagonals.contains(&diagonal) {
            self.diagonals.push(diagonal);
        }
    }

    /// Arrows (from a circle) and little killers (from outside the grid).
    fn arrows(&mut self) -> Result<(), String> {
        let n = self.n;
        let nf = n as f64;
        for (i, entry) in self.list("arrows")?.iter().enumerate() {
            let at = format!("arrows[{i}]");
            let points = points_at(entry.get("wayPoints"), &format!("{at}.wayPoints"))?;
            if points.len() < 2 {
                return Err(format!(
                    "{at}.wayPoints: {} points, expected 2 or more",
                    points.len()
                ));
            }
            let (p0, p1) = (points[0], points[1]);
            if p0.0 < 0.0 || p0.1 < 0.0 || p0.0 > nf || p0.1 > nf {
                let direction = match ((p1.0 - p0.0).signum(), (p1.1 - p0.1).signum()) {
                    (d, r) if d > 0.0 && r > 0.0 => Direction::DownRight,
                    (d, r) if d > 0.0 && r < 0.0 => Direction::DownLeft,
                    (d, r) if d < 0.0 && r > 0.0 => Direction::UpRight,
                    (d, r) if d < 0.0 && r < 0.0 => Direction::UpLeft,
                    _ => {
                        return Err(format!(
                            "{at}: an arrow outside the grid that does not point along a diagonal"
                        ));
                    }
                };
                let clue = Outside {
                    row: (p0.0 + 1.0).floor().max(0.0) as usize,
                    col: (p0.1 + 1.0).floor().max(0.0) as usize,
                };
                let found = self.outside.iter().position(|(o, ..)| *o == clue);
                let Some(k) = found else {
                    return Err(format!(
                        "{at}: a little killer arrow at {} with no sum beside it",
                        clue.name()
                    ));
                };
                let (_, text_at, text, _) = self.outside.remove(k);
                let sum = text.trim().parse().map_err(|_| {
                    format!("{text_at}: a little killer sum {text:?}, expected a number")
                })?;
                self.elements.push((
                    at,
                    Element::LittleKiller {
                        clue,
                        direction,
                        sum,
                    },
                ));
                continue;
            }
            let cells = cells_on(n, &points, &at)?;
            let start = cells[0];
            let circle = self
                .arrow_bulbs
                .iter()
                .find(|b| b.cells.contains(&start))
                .map(|b| b.cells.clone())
                .ok_or_else(|| {
                    format!(
                        "{at}: an arrow from R{}C{} with no circle there",
                        start / n + 1,
                        start % n + 1
                    )
                })?;
            let line: Vec<usize> = cells
                .into_iter()
                .skip_while(|c| circle.contains(c))
                .collect();
            if line.is_empty() {
                return Err(format!("{at}: an arrow that does not leave its circle"));
            }
            self.elements.push((at, Element::Arrow { circle, line }));
        }
        Ok(())
    }

    /// The min/max cells, told by their chevrons.
    fn extrema(&mut self) -> Result<(), String> {
        let n = self.n;
        let nf = n as f64;
        for (at, cell) in std::mem::take(&mut self.extremum_cells) {
            let (r, c) = ((cell / n) as f64 + 0.5, (cell % n) as f64 + 0.5);
            let distance = |p: Point| (p.0 - r).abs().max((p.1 - c).abs());
            let mut kind = None;
            for (_, points) in &self.chevrons {
                let mid = points[1];
                if mid.0 < 0.0
                    || mid.1 < 0.0
                    || mid.0 >= nf
                    || mid.1 >= nf
                    || (mid.0.floor() as usize) * n + mid.1.floor() as usize != cell
                {
                    continue;
                }
                kind = Some(if distance(mid) < distance(points[0]) {
                    Extremum::Minimum
                } else {
                    Extremum::Maximum
                });
            }
            let kind = kind.ok_or_else(|| {
                format!("{at}: a shaded cell with no chevron to say minimum or maximum")
            })?;
            self.elements.push((at, Element::Extremum { cell, kind }));
        }
        Ok(())
    }

    /// Numbers outside the grid left after the little killers: sandwiches,
    /// X-sums and skyscrapers, by their font size.
    fn outside_clues(&mut self) -> Result<(), String> {
        for (clue, at, text, font) in std::mem::take(&mut self.outside) {
            let value: u32 = text
                .trim()
                .parse()
                .map_err(|_| format!("{at}: {text:?} outside the grid, expected a number"))?;
            let font = font.unwrap_or(0.0).round() as u32;
            let skyscrapers = self.rules_text.contains("skyscraper")
                && !self.rules_text.contains("x-sum")
                && !self.rules_text.contains("x sum");
            let element = match font {
                style::SANDWICH_FONT => Element::Sandwich { clue, sum: value },
                style::SKYSCRAPER_FONT => Element::Skyscraper { clue, count: value },
                style::X_SUM_FONT if skyscrapers => Element::Skyscraper { clue, count: value },
                style::X_SUM_FONT => Element::XSum { clue, sum: value },
                other => {
                    return Err(format!(
                        "{at}: the number {value} outside the grid in font size {other}: expected \
                         a sandwich ({}), an X-sum ({}) or a skyscraper ({}) clue",
                        style::SANDWICH_FONT,
                        style::X_SUM_FONT,
                        style::SKYSCRAPER_FONT
                    ));
                }
            };
            self.elements.push((at, element));
        }
        Ok(())
    }

    fn finish(mut self) -> Result<(Puzzle, Meta), String> {
        self.extrema()?;
        self.outside_clues()?;
        if let Some(at) = self.clone_cells.first().filter(|_| !self.clones) {
            return Err(format!(
                "{at}: grey cells as SudokuPad draws clones, without a \"clone:\" entry to say \
                 which cells copy which"
            ));
        }
        let n = self.n;
        let mut rules = crate::format::fpuzzles::layout(n, &self.regions)?;
        for diagonal in &self.diagonals {
            rules = rules.with_diagonal(*diagonal);
        }
        let mut negative = Negative::default();
        let white_dots = self.elements.iter().any(|(_, e)| {
            matches!(
                e,
                Element::Kropki {
                    dot: Dot::White,
                    ..
                }
            )
        });
        let globals = self.list("global")?;
        let names: Vec<String> = globals
            .iter()
            .map(|g| g.as_str().unwrap_or("").to_ascii_lowercase())
            .collect();
        for (i, name) in names.iter().enumerate() {
            let rule = match name.as_str() {
                "antiknight" => Some(GlobalRule::AntiKnight),
                "antiking" => Some(GlobalRule::AntiKing),
                "disjoint" | "disjointgroups" => Some(GlobalRule::DisjointGroups),
                "nonconsecutive" if white_dots && !names.iter().any(|g| g == "antidifference") => {
                    negative.white = true;
                    None
                }
                "nonconsecutive" => Some(GlobalRule::NonConsecutive),
                "antidifference" => {
                    negative.white = true;
                    None
                }
                "antiratio" => {
                    negative.black = true;
                    None
                }
                "antixv" => {
                    negative.x = true;
                    negative.v = true;
                    None
                }
                "antix" => {
                    negative.x = true;
                    None
                }
                "antiv" => {
                    negative.v = true;
                    None
                }
                other => {
                    return Err(format!(
                        "global[{i}]: the rule {other:?} is not supported (expected antiknight, \
                         antiking, disjoint, nonconsecutive, antidifference, antiratio, antixv, \
                         antix or antiv)"
                    ));
                }
            };
            if let Some(rule) = rule {
                rules = rules
                    .with_global(rule)
                    .map_err(|e| format!("global[{i}]: {e}"))?;
            }
        }
        for (parity, cell) in self.parity {
            rules = rules
                .with_parity(parity, &[cell])
                .map_err(|e| format!("parity: {e}"))?;
        }
        for (at, cells) in self.extra {
            rules = if cells.len() == n {
                rules.with_extra_region(cells)
            } else {
                rules.with_cage(Cage { cells, sum: None })
            }
            .map_err(|e| format!("{at}: {e}"))?;
        }
        for (at, cage) in self.cages {
            rules = rules.with_cage(cage).map_err(|e| format!("{at}: {e}"))?;
        }
        for (at, element) in self.elements {
            rules = rules
                .with_element(element)
                .map_err(|e| format!("{at}: {e}"))?;
        }
        let rules = rules.with_negative(negative);
        let puzzle = Puzzle::new(rules, self.givens).map_err(|e| format!("cells: {e}"))?;
        let puzzle = with_given_marks(puzzle, &self.marks)
            .map_err(|e| format!("cells: centremarks: {e}"))?;
        Ok((puzzle, self.meta))
    }
}

/// A value as text: SudokuPad turns texts that are numbers into numbers.
fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn mark_of(entry: &Value, at: &str) -> Result<Mark, String> {
    let centre = entry
        .get("center")
        .and_then(point_of)
        .ok_or_else(|| format!("{at}.center: missing, expected [row, column]"))?;
    let size = |key: &str| entry.get(key).and_then(Value::as_f64).unwrap_or(0.0);
    let colour = |key: &str| {
        entry
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned()
    };
    Ok(Mark {
        at: at.to_owned(),
        centre,
        width: size("width"),
        height: size("height"),
        rounded: entry
            .get("rounded")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        fill: colour("backgroundColor"),
        border: colour("borderColor"),
        text: entry.get("text").and_then(text_of),
        font: entry.get("fontSize").and_then(Value::as_f64),
    })
}

fn point_of(v: &Value) -> Option<Point> {
    let pair = v.as_array()?;
    match pair.as_slice() {
        [r, c] => Some((r.as_f64()?, c.as_f64()?)),
        _ => None,
    }
}

fn points_at(v: Option<&Value>, at: &str) -> Result<Vec<Point>, String> {
    v.and_then(Value::as_array)
        .ok_or_else(|| format!("{at}: missing, expected a list of points"))?
        .iter()
        .enumerate()
        .map(|(k, p)| point_of(p).ok_or_else(|| format!("{at}[{k}]: expected [row, column]")))
        .collect()
}

/// A list of `[row, column]` cells.
fn cells_at(n: usize, v: &Value, at: &str) -> Result<Vec<usize>, String> {
    v.as_array()
        .ok_or_else(|| format!("{at}: expected a list of cells [row, column]"))?
        .iter()
        .enumerate()
        .map(|(k, p)| {
            point_of(p)
                .filter(|&(r, c)| is_whole(r) && is_whole(c) && r >= 0.0 && c >= 0.0)
                .map(|(r, c)| (r.round() as usize, c.round() as usize))
                .filter(|&(r, c)| r < n && c < n)
                .map(|(r, c)| r * n + c)
                .ok_or_else(|| {
                    format!(
                        "{at}[{k}]: {p}, expected a cell [row, column] from 0 to {}",
                        n - 1
                    )
                })
        })
        .collect()
}

/// The cells a line passes through, its points at cell centres (or near
/// them): straight or diagonal runs between points are filled in.
fn cells_on(n: usize, points: &[Point], at: &str) -> Result<Vec<usize>, String> {
    let nf = n as f64;
    let mut cells: Vec<(usize, usize)> = Vec::new();
    for &(r, c) in points {
        if !(0.0..nf).contains(&r) || !(0.0..nf).contains(&c) {
            return Err(format!(
                "{at}: a line through [{r}, {c}], outside the grid (expected points from 0 to {n})"
            ));
        }
        let here = (r.floor() as usize, c.floor() as usize);
        if let Some(&(pr, pc)) = cells.last() {
            let (dr, dc) = (here.0 as i64 - pr as i64, here.1 as i64 - pc as i64);
            let steps = dr.abs().max(dc.abs());
            if steps == 0 {
                continue;
            }
            if dr == 0 || dc == 0 || dr.abs() == dc.abs() {
                for k in 1..steps {
                    let step = |from: usize, d: i64| (from as i64 + d / steps * k) as usize;
                    cells.push((step(pr, dr), step(pc, dc)));
                }
            }
        }
        cells.push(here);
    }
    Ok(cells.into_iter().map(|(r, c)| r * n + c).collect())
}

/// The two cells beside the middle of an edge.
fn edge_cells(n: usize, (r, c): Point) -> [usize; 2] {
    if is_whole(r) {
        let (r, c) = (r.round() as usize, c.floor() as usize);
        [(r - 1) * n + c, r * n + c]
    } else {
        let (r, c) = (r.floor() as usize, c.round() as usize);
        [r * n + c - 1, r * n + c]
    }
}

/// The digits of a quadruple: separated by spaces, or one character each.
fn quadruple_digits(n: usize, text: &str) -> Option<Vec<u8>> {
    let mut digits = Vec::new();
    for token in text.split_whitespace() {
        let parsed: u8 = token.parse().ok()?;
        if usize::from(parsed) <= n {
            digits.push(parsed);
        } else {
            for ch in token.chars() {
                digits.push(ch.to_digit(10).and_then(|d| u8::try_from(d).ok())?);
            }
        }
    }
    (!digits.is_empty()).then_some(digits)
}

/// The answer of the `solution:` metadata, when it is whole.
fn solution(n: usize, text: &str) -> Option<Vec<u8>> {
    let digits: Option<Vec<u8>> = if text.contains(',') {
        text.split(',').map(|d| d.trim().parse().ok()).collect()
    } else {
        text.chars().map(crate::puzzle::char_digit).collect()
    };
    digits.filter(|d| d.len() == n * n && d.iter().all(|&x| (1..=n).contains(&usize::from(x))))
}
