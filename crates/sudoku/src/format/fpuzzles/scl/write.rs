//! Rules and givens drawn as a SudokuPad puzzle (its JSON, before
//! [`super::zip`]): each constraint drawn the way SudokuPad's f-puzzles
//! converter draws it, so that the link looks like the f-puzzles one, with
//! fdoku's own marks (see [`super`]) where that drawing says too little.

use serde_json::{Map, Value, json};

use super::super::indexers::script_indexer;
use super::style::{self, LineKind};
use crate::elements::{Dot, Element, Extremum, Outside};
use crate::format::fpuzzles::Meta;
use crate::format::marks::given_marks;
use crate::puzzle::Puzzle;
use crate::rules::{Diagonal, GlobalRule, HouseKind, Parity};

/// The SudokuPad JSON of `puzzle`; an error names what SCL cannot say.
pub(super) fn write(puzzle: &Puzzle, meta: &Meta) -> Result<Value, String> {
    let rules = puzzle.rules();
    let n = rules.size();
    let mut out = Drawing {
        n,
        object: Map::new(),
    };
    out.set("cellSize", json!(50));
    let cells: Vec<Vec<Value>> = (0..n)
        .map(|r| {
            (0..n)
                .map(
                    |c| match (puzzle.givens()[r * n + c], given_marks(puzzle, r * n + c)) {
                        (0, Some(marks)) => json!({"centremarks": marks}),
                        (0, None) => json!({}),
                        (d, _) => json!({"value": d}),
                    },
                )
                .collect()
        })
        .collect();
    out.set("cells", json!(cells));
    let region_of = |cell: usize| rules.layout().region_of(n, cell);
    let mut regions: Vec<Vec<Value>> = vec![Vec::new(); n];
    for cell in 0..n * n {
        if let Some(r) = region_of(cell) {
            regions[r].push(rc(n, cell));
        }
    }
    regions.retain(|r| !r.is_empty());
    out.set("regions", json!(regions));
    for (key, text) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("rules", &meta.ruleset),
    ] {
        if let Some(text) = text {
            out.push("cages", json!({"value": format!("{key}: {text}")}));
        }
    }
    if let Some(solution) = &meta.solution {
        out.push(
            "cages",
            json!({"value": format!("solution: {}", style::solution_text(solution))}),
        );
    }
    if rules.diagonal(Diagonal::Main) {
        out.line(style::DIAGONAL, 2.0, json!([[0, 0], [n, n]]));
    }
    if rules.diagonal(Diagonal::Anti) {
        out.line(style::DIAGONAL, 2.0, json!([[0, n], [n, 0]]));
    }
    let negative = rules.negative();
    for (on, name) in [
        (rules.has(GlobalRule::AntiKnight), "antiknight"),
        (rules.has(GlobalRule::AntiKing), "antiking"),
        (rules.has(GlobalRule::DisjointGroups), "disjoint"),
        (rules.has(GlobalRule::NonConsecutive), "nonconsecutive"),
        (negative.white, "antidifference"),
        (negative.black, "antiratio"),
        (negative.x && negative.v, "antixv"),
        (negative.x && !negative.v, "antix"),
        (negative.v && !negative.x, "antiv"),
    ] {
        if on {
            out.push("global", json!(name));
        }
    }
    for &(cell, parity) in rules.parity_cells() {
        let rounded = parity == Parity::Odd;
        out.mark("underlays", cell, 0.7, rounded, style::GREY, style::GREY);
    }
    for house in rules.houses() {
        if matches!(house.kind, HouseKind::Extra | HouseKind::Window) {
            let sum = n * (n + 1) / 2;
            let cells: Vec<Value> = house.cells.iter().map(|&c| rc(n, c)).collect();
            out.push(
                "cages",
                json!({"cells": cells, "style": "extraregion", "unique": true, "sum": sum}),
            );
        }
    }
    for cage in rules.cages() {
        let cells: Vec<Value> = cage.cells.iter().map(|&c| rc(n, c)).collect();
        let entry = match cage.sum {
            Some(sum) => {
                json!({"cells": cells, "value": sum.to_string(), "sum": sum, "unique": true})
            }
            None => json!({"cells": cells, "unique": true}),
        };
        out.push("cages", entry);
    }
    let mut bulbs: Vec<&[usize]> = Vec::new();
    for element in rules.elements() {
        out.element(element, &mut bulbs)?;
    }
    Ok(Value::Object(out.object))
}

/// A cell as SudokuPad names it: `[row, column]` from 0.
fn rc(n: usize, cell: usize) -> Value {
    json!([cell / n, cell % n])
}

/// A number as short as JavaScript writes it (`1`, not `1.0`).
fn num(x: f64) -> Value {
    let x = (x * 1000.0).round() / 1000.0;
    if x.fract() == 0.0 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// A point `[row, column]` in cell units.
fn point(p: (f64, f64)) -> Value {
    json!([num(p.0), num(p.1)])
}

/// The centre of a cell.
fn centre(n: usize, cell: usize) -> (f64, f64) {
    ((cell / n) as f64 + 0.5, (cell % n) as f64 + 0.5)
}

/// The centre of an outside clue position.
fn outside_centre(clue: &Outside) -> (f64, f64) {
    (clue.row as f64 - 0.5, clue.col as f64 - 0.5)
}

/// The middle of some cells (an edge between two, a corner of four).
fn middle(n: usize, cells: &[usize]) -> (f64, f64) {
    let k = cells.len() as f64;
    let (r, c) = cells
        .iter()
        .map(|&cell| centre(n, cell))
        .fold((0.0, 0.0), |a, p| (a.0 + p.0, a.1 + p.1));
    (r / k, c / k)
}

/// The SudokuPad object being drawn.
struct Drawing {
    n: usize,
    object: Map<String, Value>,
}

impl Drawing {
    fn set(&mut self, key: &str, value: Value) {
        self.object.insert(key.to_owned(), value);
    }

    fn push(&mut self, key: &str, entry: Value) {
        if let Value::Array(list) = self
            .object
            .entry(key)
            .or_insert_with(|| Value::Array(Vec::new()))
        {
            list.push(entry);
        }
    }

    fn line(&mut self, colour: &str, thickness: f64, way_points: Value) {
        self.push(
            "lines",
            json!({"color": colour, "thickness": num(thickness), "wayPoints": way_points}),
        );
    }

    fn cell_line(&mut self, colour: &str, thickness: f64, cells: &[usize]) {
        let points: Vec<Value> = cells.iter().map(|&c| point(centre(self.n, c))).collect();
        self.line(colour, thickness, json!(points));
    }

    /// A square or round mark of side `size` on a cell.
    fn mark(
        &mut self,
        layer: &str,
        cell: usize,
        size: f64,
        rounded: bool,
        fill: &str,
        border: &str,
    ) {
        let entry = json!({"center": point(centre(self.n, cell)), "width": num(size),
            "height": num(size), "rounded": rounded, "backgroundColor": fill, "borderColor": border});
        self.push(layer, entry);
    }

    /// A number or letter on the grid, in a white box that hides the lines.
    fn text(&mut self, at: (f64, f64), text: &str, font_size: u32) {
        self.push(
            "overlays",
            json!({"center": point(at), "width": 0.25, "height": 0.25, "rounded": false,
                   "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                   "fontSize": font_size, "text": text}),
        );
    }

    fn element<'a>(
        &mut self,
        element: &'a Element,
        bulbs: &mut Vec<&'a [usize]>,
    ) -> Result<(), String> {
        let n = self.n;
        match element {
            Element::Thermometer { cells, slow } => {
                self.mark("underlays", cells[0], 0.85, true, style::GREY, style::GREY);
                let thickness = if *slow {
                    style::SLOW_THERMO
                } else {
                    style::THERMO
                };
                self.cell_line(style::GREY, thickness, cells);
            }
            Element::Arrow { circle, line } => {
                if !bulbs.contains(&circle.as_slice()) {
                    bulbs.push(circle);
                    self.bulb(circle);
                }
                // From the circle's cell next to the shaft, 0.4 out of its centre.
                let next_to = |a: usize, b: usize| {
                    (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1
                };
                let from = circle
                    .iter()
                    .copied()
                    .find(|&c| next_to(c, line[0]))
                    .unwrap_or(circle[0]);
                let (r0, c0) = centre(n, from);
                let (r1, c1) = centre(n, line[0]);
                let (dr, dc) = (r1 - r0, c1 - c0);
                let dist = (dr * dr + dc * dc).sqrt();
                let start = (r0 + 0.4 * dr.signum() / dist, c0 + 0.4 * dc.signum() / dist);
                let mut points = vec![point(start)];
                points.extend(line.iter().map(|&c| point(centre(n, c))));
                self.push(
                    "arrows",
                    json!({"color": style::ARROW, "headLength": 0.3, "thickness": 5, "wayPoints": points}),
                );
            }
            Element::LittleKiller {
                clue,
                direction,
                sum,
            } => {
                let (r, c) = outside_centre(clue);
                let (dr, dc) = direction.step();
                let (dr, dc) = (dr as f64, dc as f64);
                self.push(
                    "arrows",
                    json!({"color": "#000000", "thickness": 2, "wayPoints": [
                        point((r + 0.3 * dr, c + 0.3 * dc)), point((r + 0.48 * dr, c + 0.48 * dc))]}),
                );
                self.text((r, c), &sum.to_string(), style::LITTLE_KILLER_FONT);
            }
            Element::Sandwich { clue, sum } => {
                self.text(outside_centre(clue), &sum.to_string(), style::SANDWICH_FONT);
            }
            Element::XSum { clue, sum } => {
                self.text(outside_centre(clue), &sum.to_string(), style::X_SUM_FONT);
            }
            Element::Skyscraper { clue, count } => {
                self.text(
                    outside_centre(clue),
                    &count.to_string(),
                    style::SKYSCRAPER_FONT,
                );
            }
            Element::Kropki { cells, dot, value } => {
                let (fill, default) = match dot {
                    Dot::White => ("#FFFFFF", 1),
                    Dot::Black => ("#000000", 2),
                };
                let mut entry = json!({"center": point(middle(n, cells)), "width": 0.3, "height": 0.3,
                    "rounded": true, "backgroundColor": fill, "borderColor": "#000000"});
                if *value != default {
                    entry["text"] = json!(value.to_string());
                    entry["color"] = json!(if *dot == Dot::Black {
                        "#FFFFFF"
                    } else {
                        "#000000"
                    });
                }
                self.push("overlays", entry);
            }
            Element::Xv { cells, sum } => {
                let letter = match sum {
                    10 => "X",
                    5 => "V",
                    other => {
                        return Err(format!(
                            "SudokuPad draws X (10) and V (5), not a sum of {other} between two cells"
                        ));
                    }
                };
                self.text(middle(n, cells), letter, style::XV_FONT);
            }
            Element::Whisper { cells, difference } => {
                let german = n.div_ceil(2) as u32;
                let kind = match *difference {
                    d if d == german => LineKind::Whisper,
                    d if d + 1 == german => LineKind::DutchWhisper,
                    _ => {
                        return Err(format!(
                            "a whisper line's difference of {difference} has no drawing in \
                             SudokuPad (its lines draw German whispers, difference {german}, and \
                             Dutch whispers, difference {})",
                            german - 1
                        ));
                    }
                };
                self.styled_line(kind, cells);
            }
            Element::Renban { cells } => self.styled_line(LineKind::Renban, cells),
            Element::RegionSum { cells } => self.styled_line(LineKind::RegionSum, cells),
            Element::Zipper { cells } => self.styled_line(LineKind::Zipper, cells),
            Element::Entropic { cells } => self.styled_line(LineKind::Entropic, cells),
            Element::Modular { cells } => self.styled_line(LineKind::Modular, cells),
            Element::Palindrome { cells } => self.cell_line(style::GREY, style::PALINDROME, cells),
            Element::Between { cells } => {
                for end in [cells[0], cells[cells.len() - 1]] {
                    let entry = json!({"center": point(centre(n, end)), "width": 0.8, "height": 0.8,
                        "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": style::GREY});
                    self.push("overlays", entry);
                }
                self.cell_line(style::GREY, style::BETWEEN, cells);
            }
            Element::Extremum { cell, kind } => self.extremum(*cell, *kind),
            Element::Quadruple { cells, digits } => {
                let text: Vec<String> = digits.iter().map(u8::to_string).collect();
                self.push(
                    "overlays",
                    json!({"center": point(middle(n, cells)), "width": 0.7, "height": 0.7,
                           "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000",
                           "fontSize": 14, "text": text.join(" ")}),
                );
            }
            Element::Clone { cells, copy } => {
                for &cell in cells.iter().chain(copy) {
                    self.mark("underlays", cell, 1.0, false, style::GREY, style::GREY);
                }
                let names = |cells: &[usize]| -> Vec<String> {
                    cells
                        .iter()
                        .map(|&c| format!("R{}C{}", c / n + 1, c % n + 1))
                        .collect()
                };
                self.push(
                    "cages",
                    json!({"value": format!("clone: {} = {}", names(cells).join(" "), names(copy).join(" "))}),
                );
            }
            Element::Indexer { cell, kind } => {
                let colour = script_indexer(*kind).colour;
                self.mark("underlays", *cell, 1.0, false, colour, colour);
            }
            Element::GreaterThan {
                cells: [big, small],
            } => {
                let at = |cell: usize| ((cell / n) as i64, (cell % n) as i64);
                let ((r0, c0), (r1, c1)) = (at(*big), at(*small));
                // The sign's tip points at the smaller digit.
                let sign = match (r1 - r0, c1 - c0) {
                    (0, 1) => ">",
                    (0, -1) => "<",
                    (1, 0) => "∨",
                    (-1, 0) => "∧",
                    _ => {
                        return Err(format!(
                            "SudokuPad draws a greater-than sign on the edge of two neighbours, \
                             not between R{}C{} and R{}C{}",
                            r0 + 1,
                            c0 + 1,
                            r1 + 1,
                            c1 + 1
                        ));
                    }
                };
                self.text(middle(n, &[*big, *small]), sign, style::XV_FONT);
            }
            Element::Product { .. } => {
                return Err("SudokuPad has no product clue between two cells".to_owned());
            }
            Element::ParityLine { .. } => {
                return Err("SudokuPad has no parity line".to_owned());
            }
            Element::FirstOfOneTwoThree { .. } => {
                return Err("SudokuPad has no \"123\" clue".to_owned());
            }
            Element::CountDifferent { .. } => {
                return Err("SudokuPad has no count-different line".to_owned());
            }
            Element::Cupid { .. } => {
                return Err("SudokuPad has no cupid arrow (its arrows only draw)".to_owned());
            }
            Element::Twins { .. } => {
                return Err("SudokuPad has no isomorphic twins".to_owned());
            }
            Element::CountingCircles { .. } => {
                return Err("SudokuPad has no counting circles (its circles only draw)".to_owned());
            }
            Element::FrameSum { .. } => {
                return Err(
                    "SudokuPad has no frame sum clue (its numbers outside the grid are sandwich, \
                     X-sum, skyscraper and little killer clues)"
                        .to_owned(),
                );
            }
            Element::Nabner { cells } => self.styled_line(LineKind::Nabner, cells),
            Element::Lockout { cells, difference } => {
                if *difference != (n / 2) as u32 {
                    return Err(format!(
                        "a lockout line's difference of {difference} has no drawing in SudokuPad \
                         (its lines draw the f-puzzles script's, difference {})",
                        n / 2
                    ));
                }
                self.styled_line(LineKind::Lockout, cells);
            }
        }
        Ok(())
    }

    fn styled_line(&mut self, kind: LineKind, cells: &[usize]) {
        let (colour, thickness) = style::line_style(kind);
        self.cell_line(colour, thickness, cells);
    }

    /// An arrow's circle: a round box over the cells in a row or column,
    /// else a thick grey line through them.
    fn bulb(&mut self, circle: &[usize]) {
        let n = self.n;
        let rows: Vec<usize> = circle.iter().map(|&c| c / n).collect();
        let cols: Vec<usize> = circle.iter().map(|&c| c % n).collect();
        let span = |v: &[usize]| v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0);
        if span(&rows) == 0 || span(&cols) == 0 {
            let entry = json!({"center": point(middle(n, circle)),
                "width": num(0.83 + span(&cols) as f64), "height": num(0.83 + span(&rows) as f64),
                "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": style::ARROW,
                "borderSize": 5, "fontSize": 16, "text": ""});
            self.push("overlays", entry);
        } else {
            let points: Vec<Value> = circle.iter().map(|&c| point(centre(n, c))).collect();
            self.push(
                "lines",
                json!({"color": style::ARROW, "thickness": style::PILL, "opacity": 0.7, "wayPoints": points}),
            );
            self.push(
                "lines",
                json!({"color": "#FFFFFF", "thickness": style::PILL - 10.0, "opacity": 0.8, "wayPoints": points}),
            );
        }
    }

    /// A grey cell with a chevron on each side inside the grid: pointing
    /// in for a minimum, out for a maximum.
    fn extremum(&mut self, cell: usize, kind: Extremum) {
        let n = self.n;
        self.push(
            "underlays",
            json!({"center": point(centre(n, cell)), "width": 1, "height": 1, "rounded": false,
                   "backgroundColor": style::EXTREMUM}),
        );
        let (a, b) = match kind {
            Extremum::Minimum => (0.44, 0.39),
            Extremum::Maximum => (0.39, 0.44),
        };
        let (r, c) = centre(n, cell);
        for (dy, dx) in [(-1.0, 0.0), (0.0, 1.0), (1.0, 0.0), (0.0, -1.0)] {
            let (nr, nc) = (r + dy, c + dx);
            if nr < 0.0 || nc < 0.0 || nr > n as f64 || nc > n as f64 {
                continue;
            }
            let points = json!([
                point((r + dy * a + 0.1 * dx, c + dx * a + 0.1 * dy)),
                point((r + dy * b, c + dx * b)),
                point((r + dy * a - 0.1 * dx, c + dx * a - 0.1 * dy)),
            ]);
            self.line("#000000", 1.0, points);
        }
    }
}
