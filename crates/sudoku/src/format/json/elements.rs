//! The variant elements in the JSON description: one field per kind, each
//! a list of entries, read into [`Element`]s and written back.
//!
//! Entries are read by hand from JSON values, so every mistake names its
//! field and entry (`little_killers[1].direction: …`) and says what was
//! expected. Fields are read, and written, in [`FIELDS`] order.

use serde_json::{Map, Value, json};

use crate::elements::{Direction, Dot, Element, Extremum, Indexer, Negative, Outside};
use crate::rules::{Rules, RulesError, cell_name, parse_cell_name};

/// Adds the elements of every field, in [`FIELDS`] order, then the
/// negative rules; `field` gives a field's value (null when absent).
pub(super) fn read_elements<'s>(
    mut rules: Rules,
    field: impl Fn(Field) -> &'s Value,
    negative: &Value,
) -> Result<Rules, String> {
    let size = rules.size();
    for (kind, name) in FIELDS {
        for (i, entry) in entries(name, field(kind))?.iter().enumerate() {
            let at = format!("{name}[{i}]");
            let element = read_entry(size, kind, &at, entry)?;
            rules = rules.with_element(element).map_err(|e| match e {
                // The field and entry name the element better than its
                // kind and number do.
                RulesError::Cells { detail, .. } => format!("{at}: {detail}"),
                other => format!("{at}: {other}"),
            })?;
        }
    }
    Ok(rules.with_negative(read_negative(negative)?))
}

/// The element fields and `negative` of a description of `rules`, in
/// [`FIELDS`] order, each field listing its elements in the order added.
pub(super) fn write_elements(rules: &Rules) -> Vec<(&'static str, Value)> {
    let mut lists: Vec<Vec<Value>> = vec![Vec::new(); FIELDS.len()];
    for element in rules.elements() {
        let (field, entry) = write_entry(rules.size(), element);
        if let Some(k) = FIELDS.iter().position(|&(f, _)| f == field) {
            lists[k].push(entry);
        }
    }
    let mut fields: Vec<(&'static str, Value)> = FIELDS
        .iter()
        .zip(lists)
        .filter(|(_, list)| !list.is_empty())
        .map(|(&(_, name), list)| (name, Value::Array(list)))
        .collect();
    fields.extend(write_negative(rules.negative()).map(|words| ("negative", words)));
    fields
}

/// A JSON field holding one kind of element.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Field {
    Thermometers,
    SlowThermometers,
    Arrows,
    LittleKillers,
    Sandwiches,
    XSums,
    Skyscrapers,
    WhiteDots,
    BlackDots,
    X,
    V,
    Whispers,
    Renbans,
    Palindromes,
    BetweenLines,
    RegionSumLines,
    ZipperLines,
    EntropicLines,
    ModularLines,
    Minimums,
    Maximums,
    Quadruples,
    Clones,
    RowIndexers,
    ColumnIndexers,
    BoxIndexers,
    GreaterThan,
    Products,
    ParityLines,
    NabnerLines,
    LockoutLines,
    FrameSums,
    CountingCircles,
    OneTwoThree,
    CountDifferent,
    Cupids,
    Twins,
}

/// Every element field and its name, in reading and writing order.
pub(super) const FIELDS: [(Field, &str); 37] = [
    (Field::Thermometers, "thermometers"),
    (Field::SlowThermometers, "slow_thermometers"),
    (Field::Arrows, "arrows"),
    (Field::LittleKillers, "little_killers"),
    (Field::Sandwiches, "sandwiches"),
    (Field::XSums, "x_sums"),
    (Field::Skyscrapers, "skyscrapers"),
    (Field::WhiteDots, "white_dots"),
    (Field::BlackDots, "black_dots"),
    (Field::X, "x"),
    (Field::V, "v"),
    (Field::Whispers, "whispers"),
    (Field::Renbans, "renbans"),
    (Field::Palindromes, "palindromes"),
    (Field::BetweenLines, "between_lines"),
    (Field::RegionSumLines, "region_sum_lines"),
    (Field::ZipperLines, "zipper_lines"),
    (Field::EntropicLines, "entropic_lines"),
    (Field::ModularLines, "modular_lines"),
    (Field::Minimums, "minimums"),
    (Field::Maximums, "maximums"),
    (Field::Quadruples, "quadruples"),
    (Field::Clones, "clones"),
    (Field::RowIndexers, "row_indexers"),
    (Field::ColumnIndexers, "column_indexers"),
    (Field::BoxIndexers, "box_indexers"),
    (Field::GreaterThan, "greater_than"),
    (Field::Products, "products"),
    (Field::ParityLines, "parity_lines"),
    (Field::NabnerLines, "nabner_lines"),
    (Field::LockoutLines, "lockout_lines"),
    (Field::FrameSums, "frame_sums"),
    (Field::CountingCircles, "counting_circles"),
    (Field::OneTwoThree, "one_two_three"),
    (Field::CountDifferent, "count_different"),
    (Field::Cupids, "cupids"),
    (Field::Twins, "twins"),
];

/// The negative rules' words, in writing order.
const NEGATIVE_WORDS: [&str; 4] = ["white", "black", "x", "v"];

/// The sum an X or V entry stands for when it gives none.
const X_SUM: u32 = 10;
const V_SUM: u32 = 5;

/// A German whisper's least difference on an N×N grid when none is given.
fn default_difference(size: usize) -> u32 {
    size.div_ceil(2) as u32
}

/// A lockout line's least difference of its ends when none is given: ⌊N/2⌋.
fn default_lockout(size: usize) -> u32 {
    (size / 2) as u32
}

/// The entries of a field: a list, or none when the field is absent.
fn entries<'v>(name: &str, value: &'v Value) -> Result<&'v [Value], String> {
    match value {
        Value::Null => Ok(&[]),
        Value::Array(list) => Ok(list),
        other => Err(format!("{name}: expected a list, found {other}")),
    }
}

/// Reads one entry of `field` at `at` (`thermometers[2]`).
fn read_entry(size: usize, field: Field, at: &str, entry: &Value) -> Result<Element, String> {
    let reader = Reader { size, at };
    let line = || reader.cells(at, entry);
    Ok(match field {
        Field::Thermometers | Field::SlowThermometers => Element::Thermometer {
            cells: line()?,
            slow: field == Field::SlowThermometers,
        },
        Field::Arrows => {
            let object = reader.object(entry, &["circle", "line"])?;
            Element::Arrow {
                circle: reader.cells_of(object, "circle")?,
                line: reader.cells_of(object, "line")?,
            }
        }
        Field::LittleKillers => {
            let object = reader.object(entry, &["clue", "direction", "sum"])?;
            Element::LittleKiller {
                clue: reader.clue(object)?,
                direction: reader.direction(object)?,
                sum: reader.number(object, "sum")?,
            }
        }
        Field::Sandwiches | Field::XSums | Field::FrameSums => {
            let object = reader.object(entry, &["clue", "sum"])?;
            let (clue, sum) = (reader.clue(object)?, reader.number(object, "sum")?);
            match field {
                Field::Sandwiches => Element::Sandwich { clue, sum },
                Field::XSums => Element::XSum { clue, sum },
                _ => Element::FrameSum { clue, sum },
            }
        }
        Field::OneTwoThree => {
            let object = reader.object(entry, &["clue", "digit"])?;
            Element::FirstOfOneTwoThree {
                clue: reader.clue(object)?,
                digit: reader.number(object, "digit")?,
            }
        }
        Field::CountDifferent => {
            let object = reader.object(entry, &["cells", "count"])?;
            Element::CountDifferent {
                cells: reader.cells_of(object, "cells")?,
                count: reader.number(object, "count")?,
            }
        }
        Field::Cupids => {
            let object = reader.object(entry, &["cell", "cells"])?;
            Element::Cupid {
                cell: reader.cell(&format!("{at}.cell"), reader.get(object, "cell")?)?,
                cells: reader.cells_of(object, "cells")?,
            }
        }
        Field::Twins => {
            let object = reader.object(entry, &["cells", "twin"])?;
            Element::Twins {
                cells: reader.cells_of(object, "cells")?,
                twin: reader.cells_of(object, "twin")?,
            }
        }
        Field::Skyscrapers => {
            let object = reader.object(entry, &["clue", "count"])?;
            Element::Skyscraper {
                clue: reader.clue(object)?,
                count: reader.number(object, "count")?,
            }
        }
        Field::WhiteDots | Field::BlackDots => {
            let (dot, default) = match field {
                Field::WhiteDots => (Dot::White, 1),
                _ => (Dot::Black, 2),
            };
            let (cells, value) = reader.pair_with(entry, "value", default)?;
            Element::Kropki { cells, dot, value }
        }
        Field::X | Field::V => {
            let default = if field == Field::X { X_SUM } else { V_SUM };
            let (cells, sum) = reader.pair_with(entry, "sum", default)?;
            Element::Xv { cells, sum }
        }
        Field::Whispers => {
            let (cells, difference) = reader.line_with(entry, default_difference(size))?;
            Element::Whisper { cells, difference }
        }
        Field::LockoutLines => {
            let (cells, difference) = reader.line_with(entry, default_lockout(size))?;
            Element::Lockout { cells, difference }
        }
        Field::ParityLines => Element::ParityLine { cells: line()? },
        Field::NabnerLines => Element::Nabner { cells: line()? },
        Field::CountingCircles => Element::CountingCircles { cells: line()? },
        Field::Renbans => Element::Renban { cells: line()? },
        Field::Palindromes => Element::Palindrome { cells: line()? },
        Field::BetweenLines => Element::Between { cells: line()? },
        Field::RegionSumLines => Element::RegionSum { cells: line()? },
        Field::ZipperLines => Element::Zipper { cells: line()? },
        Field::EntropicLines => Element::Entropic { cells: line()? },
        Field::ModularLines => Element::Modular { cells: line()? },
        Field::Minimums | Field::Maximums => Element::Extremum {
            cell: reader.cell(at, entry)?,
            kind: match field {
                Field::Minimums => Extremum::Minimum,
                _ => Extremum::Maximum,
            },
        },
        Field::Quadruples => {
            let object = reader.object(entry, &["cells", "digits"])?;
            Element::Quadruple {
                cells: reader.cells_of(object, "cells")?,
                digits: reader.digits(object)?,
            }
        }
        Field::Clones => {
            let object = reader.object(entry, &["cells", "copy"])?;
            Element::Clone {
                cells: reader.cells_of(object, "cells")?,
                copy: reader.cells_of(object, "copy")?,
            }
        }
        Field::RowIndexers | Field::ColumnIndexers | Field::BoxIndexers => Element::Indexer {
            cell: reader.cell(at, entry)?,
            kind: match field {
                Field::RowIndexers => Indexer::Row,
                Field::ColumnIndexers => Indexer::Column,
                _ => Indexer::Box,
            },
        },
        Field::GreaterThan => Element::GreaterThan {
            cells: reader.two(reader.cells(at, entry)?)?,
        },
        Field::Products => {
            let object = reader.object(entry, &["cells", "product"])?;
            Element::Product {
                cells: reader.two(reader.cells_of(object, "cells")?)?,
                product: reader.number(object, "product")?,
            }
        }
    })
}

/// The negative rules named by the `negative` words.
fn read_negative(words: &Value) -> Result<Negative, String> {
    let mut on = [false; 4];
    for (i, word) in entries("negative", words)?.iter().enumerate() {
        let k = NEGATIVE_WORDS
            .iter()
            .position(|&w| word.as_str() == Some(w))
            .ok_or_else(|| {
                format!(
                    "negative[{i}]: {word} is not a negative rule (expected \"white\", \"black\", \"x\" or \"v\")"
                )
            })?;
        on[k] = true;
    }
    let [white, black, x, v] = on;
    Ok(Negative { white, black, x, v })
}

/// The negative rules as their words, `None` when none holds.
fn write_negative(negative: Negative) -> Option<Value> {
    let on = [negative.white, negative.black, negative.x, negative.v];
    let words: Vec<&str> = NEGATIVE_WORDS
        .into_iter()
        .zip(on)
        .filter_map(|(word, on)| on.then_some(word))
        .collect();
    (!words.is_empty()).then(|| json!(words))
}

/// The field and entry that describe `element` on an N×N grid: the short
/// form (a list of cells) wherever the numbers are the defaults.
fn write_entry(size: usize, element: &Element) -> (Field, Value) {
    let names =
        |cells: &[usize]| -> Vec<String> { cells.iter().map(|&c| cell_name(size, c)).collect() };
    let line = |field: Field, cells: &[usize]| (field, json!(names(cells)));
    match element {
        Element::Thermometer { cells, slow: false } => line(Field::Thermometers, cells),
        Element::Thermometer { cells, slow: true } => line(Field::SlowThermometers, cells),
        Element::Arrow { circle, line } => (
            Field::Arrows,
            json!({"circle": names(circle), "line": names(line)}),
        ),
        Element::LittleKiller {
            clue,
            direction,
            sum,
        } => (
            Field::LittleKillers,
            json!({"clue": clue.name(), "direction": direction.name(), "sum": sum}),
        ),
        Element::Sandwich { clue, sum } => {
            (Field::Sandwiches, json!({"clue": clue.name(), "sum": sum}))
        }
        Element::XSum { clue, sum } => (Field::XSums, json!({"clue": clue.name(), "sum": sum})),
        Element::FrameSum { clue, sum } => {
            (Field::FrameSums, json!({"clue": clue.name(), "sum": sum}))
        }
        Element::Skyscraper { clue, count } => (
            Field::Skyscrapers,
            json!({"clue": clue.name(), "count": count}),
        ),
        Element::Kropki { cells, dot, value } => {
            let (field, default) = match dot {
                Dot::White => (Field::WhiteDots, 1),
                Dot::Black => (Field::BlackDots, 2),
            };
            (field, pair_entry(names(cells), "value", *value, default))
        }
        Element::Xv { cells, sum } => match *sum {
            V_SUM => (Field::V, json!(names(cells))),
            _ => (Field::X, pair_entry(names(cells), "sum", *sum, X_SUM)),
        },
        Element::Whisper { cells, difference } if *difference == default_difference(size) => {
            line(Field::Whispers, cells)
        }
        Element::Whisper { cells, difference } => (
            Field::Whispers,
            json!({"line": names(cells), "difference": difference}),
        ),
        Element::Renban { cells } => line(Field::Renbans, cells),
        Element::Palindrome { cells } => line(Field::Palindromes, cells),
        Element::Between { cells } => line(Field::BetweenLines, cells),
        Element::RegionSum { cells } => line(Field::RegionSumLines, cells),
        Element::Zipper { cells } => line(Field::ZipperLines, cells),
        Element::Entropic { cells } => line(Field::EntropicLines, cells),
        Element::Modular { cells } => line(Field::ModularLines, cells),
        Element::Extremum { cell, kind } => {
            let field = match kind {
                Extremum::Minimum => Field::Minimums,
                Extremum::Maximum => Field::Maximums,
            };
            (field, json!(cell_name(size, *cell)))
        }
        Element::Quadruple { cells, digits } => (
            Field::Quadruples,
            json!({"cells": names(cells), "digits": digits}),
        ),
        Element::Clone { cells, copy } => (
            Field::Clones,
            json!({"cells": names(cells), "copy": names(copy)}),
        ),
        Element::Indexer { cell, kind } => {
            let field = match kind {
                Indexer::Row => Field::RowIndexers,
                Indexer::Column => Field::ColumnIndexers,
                Indexer::Box => Field::BoxIndexers,
            };
            (field, json!(cell_name(size, *cell)))
        }
        Element::GreaterThan { cells } => (Field::GreaterThan, json!(names(cells))),
        Element::Product { cells, product } => (
            Field::Products,
            json!({"cells": names(cells), "product": product}),
        ),
        Element::ParityLine { cells } => line(Field::ParityLines, cells),
        Element::Nabner { cells } => line(Field::NabnerLines, cells),
        Element::CountingCircles { cells } => line(Field::CountingCircles, cells),
        Element::FirstOfOneTwoThree { clue, digit } => (
            Field::OneTwoThree,
            json!({"clue": clue.name(), "digit": digit}),
        ),
        Element::CountDifferent { cells, count } => (
            Field::CountDifferent,
            json!({"cells": names(cells), "count": count}),
        ),
        Element::Cupid { cell, cells } => (
            Field::Cupids,
            json!({"cell": cell_name(size, *cell), "cells": names(cells)}),
        ),
        Element::Twins { cells, twin } => (
            Field::Twins,
            json!({"cells": names(cells), "twin": names(twin)}),
        ),
        Element::Lockout { cells, difference } if *difference == default_lockout(size) => {
            line(Field::LockoutLines, cells)
        }
        Element::Lockout { cells, difference } => (
            Field::LockoutLines,
            json!({"line": names(cells), "difference": difference}),
        ),
    }
}

/// A pair of cells, or `{"cells": pair, key: number}` when the number is
/// not the field's default.
fn pair_entry(cells: Vec<String>, key: &str, number: u32, default: u32) -> Value {
    if number == default {
        json!(cells)
    } else {
        json!({"cells": cells, key: number})
    }
}

/// Reads the parts of one entry, naming `at` in every error.
struct Reader<'a> {
    size: usize,
    at: &'a str,
}

impl Reader<'_> {
    /// The entry as an object with only `known` keys.
    fn object<'v>(
        &self,
        entry: &'v Value,
        known: &[&str],
    ) -> Result<&'v Map<String, Value>, String> {
        let quoted: Vec<String> = known.iter().map(|k| format!("\"{k}\"")).collect();
        let Value::Object(object) = entry else {
            return Err(format!(
                "{}: expected an object with {}, found {entry}",
                self.at,
                quoted.join(", ")
            ));
        };
        if let Some(key) = object.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(format!(
                "{}: unknown field \"{key}\" (expected {})",
                self.at,
                quoted.join(", ")
            ));
        }
        Ok(object)
    }

    /// The value of `key`, which must be there.
    fn get<'v>(&self, object: &'v Map<String, Value>, key: &str) -> Result<&'v Value, String> {
        object
            .get(key)
            .ok_or_else(|| format!("{}: missing field \"{key}\"", self.at))
    }

    /// A whole number from 0 to 2³² − 1 at `key`.
    fn number(&self, object: &Map<String, Value>, key: &str) -> Result<u32, String> {
        let value = self.get(object, key)?;
        value
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| format!("{}.{key}: expected a whole number, found {value}", self.at))
    }

    /// One cell name at `at`.
    fn cell(&self, at: &str, value: &Value) -> Result<usize, String> {
        let n = self.size;
        let name = value
            .as_str()
            .ok_or_else(|| format!("{at}: expected a cell name like \"r1c1\", found {value}"))?;
        parse_cell_name(n, name)
            .ok_or_else(|| format!("{at}: \"{name}\" is not a cell (expected r1c1 to r{n}c{n})"))
    }

    /// A list of cell names at `at`.
    fn cells(&self, at: &str, value: &Value) -> Result<Vec<usize>, String> {
        let Value::Array(names) = value else {
            return Err(format!(
                "{at}: expected a list of cell names like [\"r1c1\", \"r1c2\"], found {value}"
            ));
        };
        names
            .iter()
            .enumerate()
            .map(|(j, name)| self.cell(&format!("{at}[{j}]"), name))
            .collect()
    }

    /// The list of cell names at `key`.
    fn cells_of(&self, object: &Map<String, Value>, key: &str) -> Result<Vec<usize>, String> {
        self.cells(&format!("{}.{key}", self.at), self.get(object, key)?)
    }

    /// Two cells, as a pair or as `{"cells": pair, key: number}`; the
    /// number is `default` when not given.
    fn pair_with(
        &self,
        entry: &Value,
        key: &str,
        default: u32,
    ) -> Result<([usize; 2], u32), String> {
        let (cells, number) = match entry {
            Value::Object(_) => {
                let object = self.object(entry, &["cells", key])?;
                let number = match object.get(key) {
                    None => default,
                    Some(_) => self.number(object, key)?,
                };
                (self.cells_of(object, "cells")?, number)
            }
            _ => (self.cells(self.at, entry)?, default),
        };
        Ok((self.two(cells)?, number))
    }

    /// The two cells of a pair.
    fn two(&self, cells: Vec<usize>) -> Result<[usize; 2], String> {
        let count = cells.len();
        cells
            .try_into()
            .map_err(|_| format!("{}: {count} cells, expected a pair of cells", self.at))
    }

    /// A line, or `{"line": [...], "difference": d}`; the difference is
    /// `default` when not given.
    fn line_with(&self, entry: &Value, default: u32) -> Result<(Vec<usize>, u32), String> {
        match entry {
            Value::Object(_) => {
                let object = self.object(entry, &["line", "difference"])?;
                let difference = match object.get("difference") {
                    None => default,
                    Some(_) => self.number(object, "difference")?,
                };
                Ok((self.cells_of(object, "line")?, difference))
            }
            _ => Ok((self.cells(self.at, entry)?, default)),
        }
    }

    /// The outside position at `clue`.
    fn clue(&self, object: &Map<String, Value>) -> Result<Outside, String> {
        let value = self.get(object, "clue")?;
        let far = self.size + 1;
        value
            .as_str()
            .and_then(|name| Outside::parse(self.size, name))
            .ok_or_else(|| {
                format!(
                    "{}.clue: {value} is not a position just outside the grid (expected row 0 or {far}, or column 0 or {far}, like \"r0c1\")",
                    self.at
                )
            })
    }

    /// The direction at `direction`.
    fn direction(&self, object: &Map<String, Value>) -> Result<Direction, String> {
        let value = self.get(object, "direction")?;
        Direction::ALL
            .into_iter()
            .find(|d| value.as_str() == Some(d.name()))
            .ok_or_else(|| {
                format!(
                    "{}.direction: {value} is not a direction (expected \"down-right\", \"down-left\", \"up-right\" or \"up-left\")",
                    self.at
                )
            })
    }

    /// The digits at `digits`, each one of 1..N.
    fn digits(&self, object: &Map<String, Value>) -> Result<Vec<u8>, String> {
        let n = self.size;
        let value = self.get(object, "digits")?;
        let Value::Array(list) = value else {
            return Err(format!(
                "{}.digits: expected a list of digits like [1, 2], found {value}",
                self.at
            ));
        };
        list.iter()
            .enumerate()
            .map(|(j, d)| {
                d.as_u64()
                    .filter(|&d| (1..=n as u64).contains(&d))
                    .map(|d| d as u8)
                    .ok_or_else(|| {
                        format!("{}.digits[{j}]: {d} is not a digit from 1 to {n}", self.at)
                    })
            })
            .collect()
    }
}
