//! `fdoku grade`: rate puzzles like Sudoku Explainer (ER/EP/ED) and HoDoKu
//! (score and level), in parallel, one result per puzzle in input order.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use fdoku_logic::grade::{Grade, GradeError};
use fdoku_logic::{SeScale, grade_on_scale};
use fdoku_sudoku::format::Item;
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::GradeArgs;
use crate::records::JsonRecords;

/// Puzzles graded between two writes of the output.
const CHUNK: usize = 256;

/// One record per input puzzle.
#[derive(Serialize)]
struct Record {
    index: usize,
    input: String,
    status: &'static str,
    /// Whether the puzzle has exactly one solution, when that is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grade: Option<Grade>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    micros: u64,
}

/// Runs `fdoku grade`; returns the exit code.
pub fn run(args: &GradeArgs, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    args.limits.budget(cancel)?;
    let mut failed = false;
    let items = crate::inputs::puzzles(
        &args.files,
        args.input_format.format(),
        &args.variant.plain(),
        &mut failed,
    );
    let pool = crate::workers::pool(args.threads)?;
    let progress = match items.len() {
        0 => indicatif::ProgressBar::hidden(),
        1 => crate::progress::spinner("grading"),
        n => crate::progress::bar(
            n as u64,
            "{bar:40} {pos}/{len} graded  {per_sec}  eta {eta}",
        ),
    };
    let mut stopped = false;
    let mut json = JsonRecords::begin(args.format.json(), out)?;
    let mut remaining = items.into_iter().peekable();
    while remaining.peek().is_some() {
        let chunk: Vec<Item> = remaining.by_ref().take(CHUNK).collect();
        let records: Vec<Record> = pool.install(|| {
            chunk
                .into_par_iter()
                .map(|item| grade_item(item, args, cancel))
                .collect()
        });
        for record in records {
            failed |= matches!(record.status, "error" | "none" | "not_unique");
            stopped |= record.status == "stopped";
            print(&record, args.se.into(), out, &mut json)?;
            progress.inc(1);
        }
    }
    json.end(out)?;
    progress.finish_and_clear();
    out.flush()?;
    Ok(crate::error::batch_exit_code(failed, stopped))
}

fn grade_item(item: Item, args: &GradeArgs, cancel: &Arc<AtomicBool>) -> Record {
    let started = std::time::Instant::now();
    let result = match (&item.puzzle, args.limits.budget(cancel)) {
        (Ok(puzzle), Ok(budget)) => {
            grade_on_scale(puzzle, &budget, args.se.into()).map_err(|e| match e {
                GradeError::Stopped(_) => ("stopped", e.to_string()),
                GradeError::NoSolution => ("none", e.to_string()),
                GradeError::NotUnique => ("not_unique", e.to_string()),
            })
        }
        (Err(e), _) => Err(("error", e.to_string())),
        (_, Err(e)) => Err(("error", e.to_string())),
    };
    let input = match &item.puzzle {
        Ok(puzzle) => puzzle.to_line(),
        Err(_) => item.input.clone(),
    };
    let micros = started.elapsed().as_micros() as u64;
    match result {
        Ok(grade) => Record {
            index: item.index,
            input,
            status: "graded",
            unique: Some(true),
            grade: Some(grade),
            error: None,
            micros,
        },
        Err((status, message)) => Record {
            index: item.index,
            input,
            status,
            unique: matches!(status, "none" | "not_unique").then_some(false),
            grade: None,
            error: Some(message),
            micros,
        },
    }
}

/// Prints a record: JSON, or a line with the ER/EP/ED of `scale`.
fn print(
    record: &Record,
    scale: SeScale,
    out: &mut dyn Write,
    json: &mut JsonRecords,
) -> anyhow::Result<()> {
    if json.write(out, record)? {
        return Ok(());
    }
    match (
        &record.grade,
        record.grade.as_ref().and_then(|g| g.se(scale)),
    ) {
        (Some(g), Some(se)) => writeln!(
            out,
            "{}  ER {:.1} EP {:.1} ED {:.1}  HoDoKu {} {}  {}{}",
            record.input,
            se.er,
            se.ep,
            se.ed,
            g.hodoku_score,
            g.hodoku_level.name(),
            g.level.name(),
            if g.logic_only { "" } else { " (guess)" }
        )?,
        _ => {
            let message = record.error.as_deref().unwrap_or("");
            eprintln!("fdoku: puzzle {}: {message}", record.index);
            let shown = match record.status {
                "none" => "no solution",
                "not_unique" => "not unique (2+ solutions)",
                other => other,
            };
            writeln!(out, "{}  {shown}", record.input)?;
        }
    }
    Ok(())
}
