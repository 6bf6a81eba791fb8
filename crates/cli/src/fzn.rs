//! `fdoku fzn MODEL.fzn`: the engine as a FlatZinc solver (docs/fzn.md).
//! Glue only: reads the file, hands the flags to `fdoku_fzn::run`.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context;
use fdoku_fzn::{Options, RunError};

use crate::cli::FznArgs;
use crate::error::BadInput;

/// Solves the model; every answer (unsatisfiable and unknown included) is a
/// status line and exit code 0, as MiniZinc expects; a model that cannot be
/// read or compiled is bad input (2).
pub fn run(args: &FznArgs, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    let path = args.model.display();
    let text = std::fs::read_to_string(&args.model)
        .map_err(|e| BadInput(format!("{path}: cannot read the model: {e}")))?;
    let fzn = fdoku_fzn::parse(&text).map_err(|e| BadInput(format!("{path}: {e}")))?;
    if args.verbose {
        eprintln!(
            "%% fdoku: {} variables, {} constraints; search on 1 thread{}",
            fzn.vars.len(),
            fzn.constraints.len(),
            if args.threads > 1 {
                " (-p is accepted; the search is single-threaded)"
            } else {
                ""
            }
        );
    }
    let options = Options {
        all: args.all,
        solutions: args.solutions,
        intermediate: args.intermediate,
        free: args.free,
        statistics: args.statistics,
        time_limit: args.time_limit.map(Duration::from_millis),
        seed: args.seed,
        cancel: Some(Arc::clone(cancel)),
    };
    match fdoku_fzn::run(&fzn, &options, out) {
        Ok(status) => {
            if args.verbose {
                eprintln!("%% fdoku: {status:?}");
            }
            Ok(0)
        }
        Err(RunError::Model(e)) => Err(BadInput(format!("{path}: {e}")).into()),
        Err(e) => Err(e).with_context(|| format!("{path}")),
    }
}
