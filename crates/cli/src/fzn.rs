//! `fdoku fzn MODEL.fzn`: the engine as a FlatZinc solver (docs/fzn.md).
//! Glue only: reads the file, hands the flags to `fdoku_fzn::run`.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context;
use fdoku_fd::Restarts;
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
            "%% fdoku: {} variables, {} constraints; up to {} searches at once",
            fzn.vars.len(),
            fzn.constraints.len(),
            args.threads,
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
        restarts: restarts(args)?,
        last_conflict: args.last_conflict,
        threads: usize::from(args.threads),
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

/// The restarts that `--restart`, `--restart-scale` and `--restart-base`
/// ask for, if any.
fn restarts(args: &FznArgs) -> Result<Option<Restarts>, BadInput> {
    let scale = args.restart_scale;
    let Some(kind) = args.restart.as_deref() else {
        return Ok(None);
    };
    Ok(Some(match kind {
        "constant" => Restarts::Constant { scale },
        "linear" => Restarts::Linear { scale },
        "luby" => Restarts::Luby { scale },
        "geometric" => {
            let base = args.restart_base;
            if !(base.is_finite() && base >= 1.0) {
                return Err(BadInput(format!(
                    "--restart-base: {base} is not a growth factor (expected a number of at least 1)"
                )));
            }
            Restarts::Geometric { scale, base }
        }
        // "none", the only value clap lets through besides those above.
        _ => Restarts::None,
    }))
}
