//! `fdoku study variants`: the experiment of a 2018 Haskell report on Sudoku
//! variants (20 puzzles per variant there), at scale. Minimal puzzles of each
//! variant (classic, diagonal, extra blocks — windoku) are solved by the
//! engine with a fewest-candidates-first search — the report's own search
//! when the all_different constraints only forward-check — under each
//! all_different strength, and the search nodes to the first solution are
//! summarised: mean, median, 90th percentile, maximum, and the 95%
//! confidence interval of the mean.

use std::io::Write;

use fdoku_fd::{Strength, VarOrder};
use fdoku_sudoku::Rules;
use fdoku_sudoku::study::Summary;
use serde::Serialize;

use super::{emit, generated, searches};
use crate::cli::StudyVariantsArgs;
use crate::workers::pool;

/// One line of the table.
#[derive(Serialize)]
struct Row {
    variant: &'static str,
    alldiff: &'static str,
    nodes: Summary,
    stopped: usize,
}

/// The variants compared: classic, both diagonals, four extra blocks.
fn compared_variants() -> anyhow::Result<Vec<(&'static str, Rules)>> {
    let classic = Rules::classic(9)?;
    Ok(vec![
        ("classic", classic.clone()),
        ("diagonal", classic.clone().with_diagonals()),
        ("extra blocks", classic.with_windoku()?),
    ])
}

/// Runs `fdoku study variants`; returns the exit code.
pub fn variants(args: &StudyVariantsArgs, out: &mut dyn Write) -> anyhow::Result<u8> {
    let pool = pool(args.run.threads)?;
    let kinds = compared_variants()?;
    let progress = crate::progress::bar(
        (kinds.len() * (1 + Strength::ALL.len())) as u64,
        "{bar:40} {pos}/{len} steps  {elapsed}",
    );
    let mut rows = Vec::new();
    let mut failed = false;
    for (name, rules) in &kinds {
        let puzzles = generated(&pool, rules, args.run.count, args.run.seed);
        if puzzles.len() < args.run.count {
            eprintln!(
                "fdoku: {name}: only {} of {} puzzles generated",
                puzzles.len(),
                args.run.count
            );
            failed = true;
        }
        progress.inc(1);
        for strength in Strength::ALL {
            let outcomes = searches(
                &pool,
                &puzzles,
                strength,
                VarOrder::SmallestDomain,
                args.run.node_limit,
            );
            let nodes: Vec<u64> = outcomes.iter().map(|o| o.0).collect();
            rows.push(Row {
                variant: name,
                alldiff: strength.name(),
                nodes: Summary::of(&nodes),
                stopped: outcomes.iter().filter(|o| o.2).count(),
            });
            progress.inc(1);
        }
    }
    progress.finish_and_clear();
    emit(args.run.json, &rows, out, |out| {
        print_table(&rows, args, out)
    })?;
    Ok(crate::error::batch_exit_code(failed, false))
}

fn print_table(rows: &[Row], args: &StudyVariantsArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(
        out,
        "{} minimal puzzles per variant (seed {}); search nodes to the first solution, \
         fewest candidates first, smallest digit first; forward = forward checking",
        args.run.count, args.run.seed
    )?;
    writeln!(
        out,
        "{:<13} {:<8} {:>10} {:>8} {:>8} {:>9} {:>23} {:>8}",
        "variant", "alldiff", "mean", "median", "p90", "max", "95% CI of the mean", "stopped"
    )?;
    for r in rows {
        let s = &r.nodes;
        writeln!(
            out,
            "{:<13} {:<8} {:>10.1} {:>8.1} {:>8} {:>9} {:>23} {:>8}",
            r.variant,
            r.alldiff,
            s.mean,
            s.median,
            s.p90,
            s.max,
            format!("{:.1} – {:.1}", s.ci95.0, s.ci95.1),
            r.stopped
        )?;
    }
    if rows.iter().any(|r| r.stopped > 0) {
        writeln!(
            out,
            "stopped: solves that reached --node-limit {} (counted at the limit)",
            args.run.node_limit
        )?;
    }
    Ok(())
}
