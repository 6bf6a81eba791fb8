//! HoDoKu's regression library, case by case: for every test case of a
//! technique fdoku implements, the finder must produce the expected
//! eliminations or placements, and for `x` cases find nothing.
//!
//! The library is GPL-3 data, read from the `FDOKU_DATA` corpus and never
//! committed: without `FDOKU_DATA` the test is skipped (outside CI).
//! `FDOKU_DATA=… cargo test -p fdoku-logic --test it reglib -- --nocapture`
//! prints the pass table per technique.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};

use fdoku_logic::{Candidate, Grid, Technique};
use fdoku_sudoku::{Rules, char_digit};

/// One line of the library.
struct Case {
    line_number: usize,
    code: String,
    fail_case: bool,
    grid: Grid,
    eliminations: BTreeSet<Candidate>,
    placements: BTreeSet<Candidate>,
}

/// `436 257` → r3c6<>4, r5c7<>2.
fn candidates(field: &str) -> BTreeSet<Candidate> {
    field
        .split_whitespace()
        .map(|entry| {
            let b = entry.as_bytes();
            let (digit, row, col) = (
                b[0] - b'0',
                usize::from(b[1] - b'1'),
                usize::from(b[2] - b'1'),
            );
            Candidate::new(row * 9 + col, digit)
        })
        .collect()
}

fn parse(line_number: usize, line: &str) -> Case {
    let fields: Vec<&str> = line.split(':').collect();
    let (code, variant) = fields[1].split_once('-').unwrap_or((fields[1], ""));
    // Digits after a `+` were placed while solving, the others are givens
    // (avoidable rectangles tell them apart).
    let (mut givens, mut placed) = (Vec::with_capacity(81), Vec::new());
    let mut plus = false;
    for c in fields[3].chars() {
        if c == '+' {
            plus = true;
            continue;
        }
        let digit = char_digit(c).unwrap_or(0);
        if plus {
            placed.push((givens.len(), digit));
        }
        givens.push(if plus { 0 } else { digit });
        plus = false;
    }
    assert_eq!(givens.len(), 81, "line {line_number}");
    let mut grid = Grid::with_values(&Rules::classic(9).unwrap(), &givens);
    for (cell, digit) in placed {
        grid.place(cell, digit);
    }
    for c in candidates(fields[4]) {
        grid.eliminate(c.cell, c.digit);
    }
    Case {
        line_number,
        code: code.to_owned(),
        fail_case: variant == "x",
        grid,
        eliminations: candidates(fields[5]),
        placements: candidates(fields[6]),
    }
}

/// Every case of the library, or `None` where the corpus tests are skipped
/// (HoDoKu's files are GPL-3 data: they are read from `FDOKU_DATA`, never
/// committed).
fn cases() -> Option<Vec<Case>> {
    let text = fdoku_testdata::read_corpus("hodoku_reglib-1.4.txt")?;
    let cases = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with(':'))
        .map(|(i, l)| parse(i + 1, l))
        .collect();
    Some(cases)
}

/// Whether the technique's finder passes the case.
fn passes(technique: Technique, case: &Case) -> bool {
    let steps = technique.find_all(&case.grid);
    if case.fail_case {
        return steps.is_empty();
    }
    steps.iter().any(|step| {
        let eliminations: BTreeSet<Candidate> = step.eliminations.iter().copied().collect();
        let placements: BTreeSet<Candidate> = step.placements.iter().copied().collect();
        if case.placements.is_empty() {
            eliminations == case.eliminations
        } else {
            placements.is_superset(&case.placements)
        }
    })
}

#[test]
fn implemented_techniques_pass_every_hodoku_case() {
    let Some(cases) = cases() else {
        return;
    };
    let mut table: BTreeMap<&str, (Technique, usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut skipped: BTreeMap<String, usize> = BTreeMap::new();
    for case in cases {
        let technique = Technique::from_hodoku_code(&case.code).filter(|t| t.is_implemented());
        let Some(technique) = technique else {
            *skipped.entry(case.code.clone()).or_default() += 1;
            continue;
        };
        let entry = table
            .entry(technique.hodoku_code())
            .or_insert((technique, 0, 0));
        entry.1 += 1;
        if passes(technique, &case) {
            entry.2 += 1;
        } else {
            failures.push(format!("line {} ({})", case.line_number, technique.name()));
        }
    }
    println!(
        "{:<6} {:<32} {:>6} {:>6}",
        "code", "technique", "cases", "pass"
    );
    for (code, (technique, total, passed)) in &table {
        println!("{code:<6} {:<32} {total:>6} {passed:>6}", technique.name());
    }
    println!("not implemented: {skipped:?}");
    assert!(
        table.len() >= 10,
        "too few techniques covered: {}",
        table.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures: {failures:?}",
        failures.len()
    );
}
