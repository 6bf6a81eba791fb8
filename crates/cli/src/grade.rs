//! `fdoku grade`: rate puzzles like Sudoku Explainer (ER/EP/ED) and HoDoKu
//! (score and level), in parallel, one result per puzzle in input order.

use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use fdoku_logic::grade::{Grade, GradeError};
use fdoku_logic::{SeScale, grade_on_scale};
use fdoku_sudoku::format::Item;
use serde::Serialize;

use crate::cli::GradeArgs;
use crate::inputs::Drawn;
use crate::records::{JsonLayout, JsonRecords};

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
///
/// The inputs are read as the workers free up and each puzzle is graded
/// on its own (see [`crate::workers::in_order`]): one puzzle that takes
/// long holds up no other. Each result is written on the worker, into
/// buffers of its own, and the buffers are written in input order.
pub fn run(args: &GradeArgs, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    args.limits.budget(cancel)?;
    let workers = crate::workers::count(args.threads)?;
    let items = crate::inputs::items(
        &args.files,
        args.input_format.format(),
        &args.variant.plain(),
    );
    let progress = crate::progress::bar(0, "{pos} graded  {per_sec}  {elapsed}");
    let (mut failed, mut stopped) = (false, false);
    let mut json = JsonRecords::begin(args.format.json(), out)?;
    let layout = args.format.json();
    crate::workers::in_order(
        workers,
        items,
        |read| match read {
            Drawn::Puzzle(item) => {
                let record = grade_item(*item, args, cancel);
                written(&record, layout, args.se.into())
            }
            Drawn::Note { message, fails } => Ok(Written {
                err: format!("fdoku: {message}\n").into_bytes(),
                failed: fails,
                ..Written::default()
            }),
        },
        |written| {
            let written = written?;
            std::io::stderr().write_all(&written.err)?;
            out.write_all(&written.out)?;
            json.wrote(written.records);
            failed |= written.failed;
            stopped |= written.stopped;
            progress.inc(written.records as u64);
            Ok(ControlFlow::Continue(()))
        },
    )?;
    json.end(out)?;
    progress.finish_and_clear();
    out.flush()?;
    Ok(crate::error::batch_exit_code(failed, stopped))
}

/// What a worker made of one puzzle or note: what goes to standard output
/// and error, and what it tells of the batch.
#[derive(Default)]
struct Written {
    out: Vec<u8>,
    err: Vec<u8>,
    /// Records written (one for a puzzle).
    records: usize,
    failed: bool,
    stopped: bool,
}

/// `record` written as it is printed, in `layout` (text when `None`),
/// after the records of the puzzles before it.
fn written(record: &Record, layout: Option<JsonLayout>, scale: SeScale) -> anyhow::Result<Written> {
    let mut written = Written {
        records: 1,
        failed: matches!(record.status, "error" | "none" | "not_unique"),
        stopped: record.status == "stopped",
        ..Written::default()
    };
    let mut json = JsonRecords::continuing(layout, record.index - 1);
    print(record, scale, &mut written, &mut json)?;
    Ok(written)
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

/// Prints a record into `written`: JSON, or a line with the ER/EP/ED of
/// `scale` (and why there is none on its standard error).
fn print(
    record: &Record,
    scale: SeScale,
    written: &mut Written,
    json: &mut JsonRecords,
) -> anyhow::Result<()> {
    let out = &mut written.out;
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
            writeln!(written.err, "fdoku: puzzle {}: {message}", record.index)?;
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
