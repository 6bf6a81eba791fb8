//! The batch loop every kind of `fdoku generate` shares: puzzle `i` made
//! from its own seed on any worker, printed in order, a progress bar on
//! standard error, each failure or limit noted there and the others still
//! printed, and the batch's exit code.
//!
//! ```text
//! $ fdoku generate --count 3 --threads 2
//! (three puzzles, in the order of their index, whatever worker made each)
//! ```

use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use fdoku_fd::StopReason;
use fdoku_logic::generate::GradedError;
use fdoku_sudoku::generate::GenerateError;

use super::puzzle_seed;
use crate::cli::GenerateArgs;
use crate::records::JsonRecords;

/// What one puzzle's maker returns: the puzzle, or why there is none.
pub(super) type Made<G> = Result<G, GradedError>;

/// Makes puzzles 1 to `--count` with `make` (given the index and its
/// seed) on `--threads` workers and hands each to `print` (with the
/// index, the seed and the batch's JSON writer) in order; returns the exit
/// code. Ctrl-C (`cancel`) stops the batch after the puzzles printed so
/// far; a puzzle cut short by a limit or failed is noted on standard
/// error and the batch goes on.
pub(super) fn make_in_order<G: Send>(
    args: &GenerateArgs,
    cancel: &AtomicBool,
    out: &mut dyn Write,
    make: impl Fn(usize, u64) -> Made<G> + Sync,
    mut print: impl FnMut(usize, u64, G, &mut JsonRecords, &mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<u8> {
    let workers = crate::workers::count(args.threads)?;
    let progress = progress(args.count);
    let (mut failed, mut stopped) = (false, false);
    let mut json = JsonRecords::begin(args.format.json(), out)?;
    // Each puzzle is made on its own: a slow one (a rare grade asked for)
    // holds up no other worker.
    crate::workers::in_order(
        workers,
        1..=args.count,
        |index| {
            let seed = puzzle_seed(args.seed, index);
            let made = (!cancel.load(Ordering::Relaxed)).then(|| make(index, seed));
            (index, seed, made)
        },
        |(index, seed, made)| {
            progress.inc(1);
            let note = match made {
                // Ctrl-C: what came before is printed, in order.
                None => {
                    stopped = true;
                    return Ok(ControlFlow::Break(()));
                }
                Some(Ok(generated)) => {
                    progress.suspend(|| print(index, seed, generated, &mut json, out))?;
                    return Ok(ControlFlow::Continue(()));
                }
                Some(Err(e)) => match limit_note(index, &e) {
                    Some(note) => {
                        stopped = true;
                        note
                    }
                    None => {
                        failed = true;
                        format!("fdoku: puzzle {index}: {e}")
                    }
                },
            };
            progress.suspend(|| eprintln!("{note}"));
            Ok(ControlFlow::Continue(()))
        },
    )?;
    progress.finish_and_clear();
    json.end(out)?;
    out.flush()?;
    Ok(crate::error::batch_exit_code(failed, stopped))
}

/// A spinner for one puzzle, a bar for more.
fn progress(count: usize) -> indicatif::ProgressBar {
    if count < 2 {
        crate::progress::spinner("generating")
    } else {
        crate::progress::bar(
            count as u64,
            "{bar:40} {pos}/{len} puzzles  {per_sec}  eta {eta}",
        )
    }
}

/// What standard error says of puzzle `index` when `error` is a limit, not
/// an answer (exit code 3) — the budget ran out, a grid search ran out of
/// nodes, or every candidate `--attempts` allows was tried — and which
/// flag raises the limit; `None` for a failure.
fn limit_note(index: usize, error: &GradedError) -> Option<String> {
    let reason = match error {
        GradedError::Generate(GenerateError::Stopped(reason)) => *reason,
        GradedError::Generate(e @ GenerateError::NoGrid { .. }) => {
            return Some(format!(
                "fdoku: puzzle {index}: stopped: {}: {e} (--node-limit N)",
                StopReason::NodeLimit.describe()
            ));
        }
        GradedError::Target { .. } => {
            return Some(format!("fdoku: puzzle {index}: stopped: {error}"));
        }
        _ => return None,
    };
    let raise = match reason {
        StopReason::Deadline => " (--time-limit SECONDS, 0 for none)",
        StopReason::NodeLimit => " (--node-limit N)",
        StopReason::Cancelled => "",
    };
    Some(format!(
        "fdoku: puzzle {index}: stopped: {}{raise}",
        reason.describe()
    ))
}
