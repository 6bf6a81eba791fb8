//! Rules and givens written as an f-puzzles JSON object.
//!
//! Constraints that f-puzzles itself does not draw (renban, whispers and
//! the other lines of its user script, X-sums, skyscrapers, indexers) are
//! written twice, as their key and as a drawing with `fromConstraint`, the way the
//! script exports them, so that f-puzzles and SudokuPad show them too.

use serde_json::{Map, Value, json};

use super::indexers::{INDEXERS, script_indexer};
use super::{Meta, default_region};
use crate::elements::{Direction, Dot, Element, Extremum, Outside};
use crate::format::marks::given_marks;
use crate::puzzle::Puzzle;
use crate::rules::{Diagonal, GlobalRule, HouseKind, Parity};

/// The f-puzzles object of `puzzle`; an error names what f-puzzles cannot say.
pub(super) fn write(puzzle: &Puzzle, meta: &Meta) -> Result<Value, String> {
    let rules = puzzle.rules();
    let n = rules.size();
    let name = |cell: usize| format!("R{}C{}", cell / n + 1, cell % n + 1);
    let names = |cells: &[usize]| -> Value { cells.iter().map(|&c| name(c)).collect() };
    let mut out = Writer::default();
    out.set("size", json!(n));
    for (key, text) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("ruleset", &meta.ruleset),
    ] {
        if let Some(text) = text {
            out.set(key, json!(text));
        }
    }
    let region = |cell: usize| -> Option<Value> {
        let Some(r) = rules.layout().region_of(n, cell) else {
            return Some(Value::Null);
        };
        (r != usize::from(default_region(n, cell))).then(|| json!(r))
    };
    let grid: Vec<Vec<Value>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let cell = r * n + c;
                    let mut object = Map::new();
                    let d = puzzle.givens()[cell];
                    if d > 0 {
                        object.insert("value".into(), json!(d));
                        object.insert("given".into(), json!(true));
                    }
                    if let Some(region) = region(cell) {
                        object.insert("region".into(), region);
                    }
                    if let Some(marks) = given_marks(puzzle, cell) {
                        object.insert("givenPencilMarks".into(), json!(marks));
                    }
                    Value::Object(object)
                })
                .collect()
        })
        .collect();
    out.set("grid", json!(grid));
    if let Some(solution) = &meta.solution {
        out.set("solution", json!(solution));
    }
    if rules.diagonal(Diagonal::Main) {
        out.set("diagonal-", json!(true));
    }
    if rules.diagonal(Diagonal::Anti) {
        out.set("diagonal+", json!(true));
    }
    for (rule, key) in [
        (GlobalRule::AntiKnight, "antiknight"),
        (GlobalRule::AntiKing, "antiking"),
        (GlobalRule::DisjointGroups, "disjointgroups"),
        (GlobalRule::NonConsecutive, "nonconsecutive"),
    ] {
        if rules.has(rule) {
            out.set(key, json!(true));
        }
    }
    let negative = rules.negative();
    if negative.white {
        out.set("nonconsecutive", json!(true));
    }
    if negative.x != negative.v {
        return Err(
            "f-puzzles has one negative rule for X and V together, not one of them alone".into(),
        );
    }
    let mut negatives = Vec::new();
    if negative.black {
        negatives.push("ratio");
    }
    if negative.x {
        negatives.push("xv");
    }
    if !negatives.is_empty() {
        out.set("negative", json!(negatives));
    }
    for &(cell, parity) in rules.parity_cells() {
        let key = match parity {
            Parity::Odd => "odd",
            Parity::Even => "even",
        };
        out.push(key, json!({"cell": name(cell)}));
    }
    for house in rules.houses() {
        if matches!(house.kind, HouseKind::Extra | HouseKind::Window) {
            out.push("extraregion", json!({"cells": names(&house.cells)}));
        }
    }
    for cage in rules.cages() {
        let entry = match cage.sum {
            Some(sum) => json!({"cells": names(&cage.cells), "value": sum.to_string()}),
            None => json!({"cells": names(&cage.cells)}),
        };
        out.push("killercage", entry);
    }
    for element in rules.elements() {
        element_entries(n, element, &mut out)?;
    }
    // The script draws each kind of indexer as one cage around its cells.
    for indexer in &INDEXERS {
        let cells: Vec<usize> = rules
            .elements()
            .iter()
            .filter_map(|e| match e {
                Element::Indexer { cell, kind } if *kind == indexer.kind => Some(*cell),
                _ => None,
            })
            .collect();
        if !cells.is_empty() {
            out.push(
                "cage",
                json!({"cells": names(&cells), "outlineC": indexer.colour, "fontC": "#000000",
                       "fromConstraint": indexer.name}),
            );
        }
    }
    Ok(Value::Object(out.object))
}

/// The f-puzzles object being built: lists grow as entries come.
#[derive(Default)]
struct Writer {
    object: Map<String, Value>,
}

impl Writer {
    fn set(&mut self, key: &str, value: Value) {
        self.object.insert(key.to_owned(), value);
    }

    fn push(&mut self, key: &str, entry: Value) {
        let list = self
            .object
            .entry(key)
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.push(entry);
        }
    }

    /// A constraint of the user script and its drawing: a line.
    fn script_line(&mut self, key: &str, entry: Value, colour: &str, width: f64, from: &str) {
        let lines = entry["lines"].clone();
        self.push(key, entry);
        self.push(
            "line",
            json!({"lines": lines, "outlineC": colour, "width": width, "fromConstraint": from}),
        );
    }

    /// A clue of the user script outside the grid and its drawing: its number.
    fn script_clue(&mut self, key: &str, cell: String, value: u32, from: &str) {
        self.push(key, json!({"cell": cell, "value": value.to_string()}));
        self.push(
            "text",
            json!({"cells": [cell], "value": value.to_string(), "fontC": "#000000",
                   "size": 0.7, "fromConstraint": from}),
        );
    }
}

fn element_entries(n: usize, element: &Element, out: &mut Writer) -> Result<(), String> {
    let name = |cell: usize| format!("R{}C{}", cell / n + 1, cell % n + 1);
    let names = |cells: &[usize]| -> Vec<String> { cells.iter().map(|&c| name(c)).collect() };
    let outside = |o: &Outside| format!("R{}C{}", o.row, o.col);
    let line = |cells: &[usize]| json!({"lines": [names(cells)]});
    match element {
        Element::Thermometer { cells, slow: false } => out.push("thermometer", line(cells)),
        Element::Thermometer { cells, slow: true } => {
            out.script_line(
                "slowthermometer",
                line(cells),
                "#CFCFCF",
                0.5,
                "Slow Thermometer",
            );
            out.push(
                "circle",
                json!({"cells": [name(cells[0])], "baseC": "#CFCFCF", "outlineC": "#CFCFCF",
                       "width": 0.85, "height": 0.85, "fromConstraint": "Slow Thermometer"}),
            );
        }
        Element::Arrow {
            circle,
            line: shaft,
        } => {
            // The shaft is drawn from the circle's cell next to its start.
            let next_to =
                |a: usize, b: usize| (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1;
            let from = circle
                .iter()
                .copied()
                .find(|&c| next_to(c, shaft[0]))
                .unwrap_or(circle[0]);
            let drawn: Vec<usize> = std::iter::once(from).chain(shaft.iter().copied()).collect();
            out.push(
                "arrow",
                json!({"lines": [names(&drawn)], "cells": names(circle)}),
            );
        }
        Element::LittleKiller {
            clue,
            direction,
            sum,
        } => {
            let code = match direction {
                Direction::UpRight => "UR",
                Direction::UpLeft => "UL",
                Direction::DownRight => "DR",
                Direction::DownLeft => "DL",
            };
            out.push(
                "littlekillersum",
                json!({"cell": outside(clue), "cells": names(&element.cells(n)),
                       "direction": code, "value": sum.to_string()}),
            );
        }
        Element::Sandwich { clue, sum } => out.push(
            "sandwichsum",
            json!({"cell": outside(clue), "value": sum.to_string()}),
        ),
        Element::XSum { clue, sum } => out.script_clue("xsum", outside(clue), *sum, "X Sum"),
        Element::Skyscraper { clue, count } => {
            out.script_clue("skyscraper", outside(clue), *count, "Skyscraper");
        }
        Element::Kropki { cells, dot, value } => {
            let (key, default) = match dot {
                Dot::White => ("difference", 1),
                Dot::Black => ("ratio", 2),
            };
            let mut entry = json!({"cells": names(cells)});
            if *value != default {
                entry["value"] = json!(value.to_string());
            }
            out.push(key, entry);
        }
        Element::Xv { cells, sum } => {
            let letter = match sum {
                10 => "X",
                5 => "V",
                other => {
                    return Err(format!(
                        "f-puzzles has X (10) and V (5) only, not a sum of {other} between two cells"
                    ));
                }
            };
            out.push("xv", json!({"cells": names(cells), "value": letter}));
        }
        Element::Whisper { cells, difference } => {
            // The script draws German whispers green and Dutch ones (one
            // less) orange; other differences keep the green line.
            let german = n.div_ceil(2) as u32;
            let mut entry = line(cells);
            if *difference != german {
                entry["value"] = json!(difference.to_string());
            }
            if *difference + 1 == german {
                out.script_line("whispers", entry, "#FF9A00", 0.1875, "Dutch Whispers");
            } else {
                out.script_line("whispers", entry, "#67F067", 0.3, "German Whispers");
            }
        }
        Element::Renban { cells } => {
            out.script_line("renban", line(cells), "#F067F0", 0.4, "Renban");
        }
        Element::Palindrome { cells } => out.push("palindrome", line(cells)),
        Element::Between { cells } => out.push("betweenline", line(cells)),
        Element::RegionSum { cells } => {
            out.script_line(
                "regionsumline",
                line(cells),
                "#2ECBFF",
                0.25,
                "Region Sum Line",
            );
        }
        Element::Zipper { cells } => {
            out.script_line("zipperline", line(cells), "#FF8080", 0.3, "Zipper Line");
        }
        Element::Entropic { cells } => {
            out.script_line("entropicline", line(cells), "#FFCF50", 0.3, "Entropic Line");
        }
        Element::Modular { cells } => {
            out.script_line("modularline", line(cells), "#50B0FF", 0.3, "Modular Line");
        }
        Element::Extremum { cell, kind } => {
            let key = match kind {
                Extremum::Minimum => "minimum",
                Extremum::Maximum => "maximum",
            };
            out.push(key, json!({"cell": name(*cell)}));
        }
        Element::Quadruple { cells, digits } => {
            out.push(
                "quadruple",
                json!({"cells": names(cells), "values": digits}),
            );
        }
        Element::Clone { cells, copy } => {
            out.push(
                "clone",
                json!({"cells": names(cells), "cloneCells": names(copy)}),
            );
        }
        Element::Indexer { cell, kind } => {
            out.push(script_indexer(*kind).key, json!({"cells": [name(*cell)]}));
        }
        Element::GreaterThan {
            cells: [big, small],
        } => {
            // `>` points right at the smaller cell; turned 90° it points down.
            let step = |cell: usize| ((cell / n) as i64, (cell % n) as i64);
            let ((r0, c0), (r1, c1)) = (step(*big), step(*small));
            let (value, angle) = match (r1 - r0, c1 - c0) {
                (0, 1) => (">", 0),
                (0, -1) => ("<", 0),
                (1, 0) => (">", 90),
                (-1, 0) => ("<", 90),
                _ => {
                    return Err(format!(
                        "f-puzzles draws a greater-than sign between neighbours only, not between {} and {}",
                        name(*big),
                        name(*small)
                    ));
                }
            };
            let mut entry = json!({"cells": [name(*big), name(*small)], "value": value,
                                   "fontC": "#000000", "size": 0.75});
            if angle != 0 {
                entry["angle"] = json!(angle);
            }
            out.push("text", entry);
        }
        Element::Product { .. } => {
            return Err("f-puzzles has no product clue between two cells".to_owned());
        }
        Element::ParityLine { .. } => {
            return Err("f-puzzles has no parity line".to_owned());
        }
        Element::FrameSum { .. } => {
            return Err("f-puzzles has no frame sum clue".to_owned());
        }
        Element::FirstOfOneTwoThree { .. } => {
            return Err("f-puzzles has no \"123\" clue".to_owned());
        }
        Element::CountDifferent { .. } => {
            return Err("f-puzzles has no count-different line".to_owned());
        }
        Element::Cupid { .. } => {
            return Err("f-puzzles has no cupid arrow".to_owned());
        }
        Element::Twins { .. } => {
            return Err("f-puzzles has no isomorphic twins".to_owned());
        }
        Element::CountingCircles { .. } => {
            return Err(
                "f-puzzles has no counting circles (its circles only draw; the rules text says \
                 what they mean)"
                    .to_owned(),
            );
        }
        Element::Nabner { cells } => {
            out.script_line("nabner", line(cells), "#C9C883", 0.25, "Nabner");
        }
        Element::Lockout { cells, difference } => {
            let mut entry = line(cells);
            if *difference != (n / 2) as u32 {
                entry["value"] = json!(difference.to_string());
            }
            out.script_line("lockout", entry, "#006CBA", 0.2, "Lockout");
        }
    }
    Ok(())
}
