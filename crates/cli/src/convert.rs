//! `fdoku convert`: puzzles from any format fdoku reads to an f-puzzles or
//! SudokuPad link, the f-puzzles JSON, fdoku's JSON description, an ipuz
//! file, a sudokuwiki.org link or a line of givens. The title, author,
//! rules text and answer of an f-puzzles, ipuz or Penpa+ input go along to
//! the f-puzzles, SudokuPad and ipuz outputs (the title also to the JSON
//! description).

use std::io::Write;
use std::path::Path;

use fdoku_sudoku::format::fpuzzles::{self, FPuzzle, Meta};
use fdoku_sudoku::format::{Format, detect, json, read_input};
use fdoku_sudoku::format::{ipuz, penpa, scl, sudokuwiki};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};

use crate::cli::{ConvertArgs, ConvertFormat};
use crate::error::{BadInput, batch_exit_code};
use crate::inputs;

/// Converts every puzzle of the input, one per line; a puzzle that cannot
/// be read or written is reported on stderr and the others still are.
pub fn run(args: &ConvertArgs, out: &mut dyn Write) -> anyhow::Result<u8> {
    let arg = &args.puzzle;
    let (name, text) = inputs::read_arg(Path::new(&arg.puzzle)).map_err(BadInput)?;
    let format = match arg.input_format.format() {
        Format::Auto => detect(&text),
        other => other,
    };
    let puzzles: Vec<Result<FPuzzle, String>> = if format == Format::FPuzzles {
        fpuzzles::read_fpuzzles(&name, &text)
            .into_iter()
            .map(|entry| entry.puzzle.map_err(|e| e.to_string()))
            .collect()
    } else if format == Format::Penpa {
        penpa::read_penpa(&name, &text)
            .into_iter()
            .map(|entry| entry.puzzle.map_err(|e| e.to_string()))
            .collect()
    } else if format == Format::Ipuz {
        vec![
            ipuz::read_ipuz(&name, &text)
                .puzzle
                .map_err(|e| e.to_string()),
        ]
    } else {
        read_input(&name, &text, format, &arg.variant.plain())
            .items
            .into_iter()
            .map(|item| {
                item.puzzle
                    .map(|puzzle| FPuzzle {
                        puzzle,
                        meta: Meta::default(),
                    })
                    .map_err(|e| e.to_string())
            })
            .collect()
    };
    if puzzles.is_empty() {
        return Err(BadInput(inputs::no_puzzle(&name, &text)).into());
    }
    let mut failed = false;
    for (i, read) in puzzles.into_iter().enumerate() {
        let at = |e: String| format!("{name}: puzzle {}: {e}", i + 1);
        let written = read
            .and_then(|p| {
                if args.with_solution {
                    solved(p).map_err(at)
                } else {
                    Ok(p)
                }
            })
            .and_then(|p| write(&p, args.to).map_err(at));
        match written {
            Ok(text) => writeln!(out, "{text}")?,
            Err(message) => {
                eprintln!("fdoku: {message}");
                failed = true;
            }
        }
    }
    Ok(batch_exit_code(failed, false))
}

/// The puzzle with its answer, when it has exactly one.
fn solved(mut read: FPuzzle) -> Result<FPuzzle, String> {
    let report = solve(&read.puzzle, Goal::Count(2), &SolveOptions::default());
    match (report.status, report.solution) {
        (Status::Unique, Some(answer)) => {
            read.meta.solution = Some(answer);
            Ok(read)
        }
        (status, _) => Err(format!(
            "--with-solution needs exactly one answer; the solver says {}",
            match status {
                Status::None => "there is none",
                Status::Multiple => "there are several",
                _ => "it stopped before knowing",
            }
        )),
    }
}

/// One puzzle in the chosen form.
fn write(read: &FPuzzle, to: ConvertFormat) -> Result<String, String> {
    let (puzzle, meta) = (&read.puzzle, &read.meta);
    match to {
        ConvertFormat::Fpuzzles => fpuzzles::to_link(puzzle, meta).map_err(|e| e.to_string()),
        ConvertFormat::FpuzzlesJson => {
            fpuzzles::to_fpuzzles(puzzle, meta).map_err(|e| e.to_string())
        }
        ConvertFormat::Sudokupad => scl::to_link(puzzle, meta).map_err(|e| e.to_string()),
        ConvertFormat::SudokupadFpuzzles => {
            fpuzzles::to_sudokupad_link(puzzle, meta).map_err(|e| e.to_string())
        }
        ConvertFormat::Json => {
            let mut description = json::describe(puzzle);
            if let (Some(title), Some(object)) = (&meta.title, description.as_object_mut()) {
                object.insert("name".into(), title.clone().into());
            }
            Ok(description.to_string())
        }
        ConvertFormat::Ipuz => ipuz::to_ipuz(puzzle, meta),
        ConvertFormat::Sudokuwiki => sudokuwiki::to_link(puzzle),
        ConvertFormat::Line if puzzle.rules().is_classic() => Ok(puzzle.to_line()),
        ConvertFormat::Line => Err(format!(
            "a line holds the givens of classic rules only, and these rules are {} \
             (expected --to json, fpuzzles, sudokupad or ipuz)",
            puzzle.rules().variant_name()
        )),
    }
}
