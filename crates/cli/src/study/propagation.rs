//! `fdoku study propagation`: on one puzzle set, how big a search space a
//! functional solver's pruning ladder leaves (no pruning, one prune, prune to
//! a fixpoint), then the search nodes and time of an FD solver whose
//! constraints are only checked or propagate singletons (first open cell
//! first), of the fewest-choices search, and of domain consistency for
//! reference.

use std::io::Write;

use fdoku_fd::{Strength, VarOrder};
use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
use fdoku_sudoku::study::{Choices, Summary};
use fdoku_sudoku::{Puzzle, Rules};
use serde::Serialize;

use super::{emit, generated, searches};
use crate::cli::StudyPropagationArgs;
use crate::workers::pool;

/// One rung of the pruning ladder over the puzzle set.
#[derive(Serialize)]
struct Rung {
    stage: &'static str,
    solved: usize,
    contradictions: usize,
    log10_grids: Summary1,
}

/// Mean and median of a real-valued measure.
#[derive(Serialize)]
struct Summary1 {
    mean: f64,
    median: f64,
}

impl Summary1 {
    fn of(values: &[f64]) -> Summary1 {
        if values.is_empty() {
            return Summary1 {
                mean: 0.0,
                median: 0.0,
            };
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
        };
        Summary1 {
            mean: sorted.iter().sum::<f64>() / n as f64,
            median,
        }
    }
}

/// One search of the comparison.
#[derive(Serialize)]
struct SearchRow {
    search: &'static str,
    nodes: Summary,
    micros_mean: f64,
    stopped: usize,
}

#[derive(Serialize)]
struct PropagationReport {
    puzzles: usize,
    source: String,
    pruning: Vec<Rung>,
    searches: Vec<SearchRow>,
}

/// The searches compared, as (name, strength, variable order).
const SEARCHES: [(&str, Strength, VarOrder); 4] = [
    (
        "checks only, first open cell",
        Strength::Check,
        VarOrder::Input,
    ),
    (
        "singletons propagated, first open cell",
        Strength::Forward,
        VarOrder::Input,
    ),
    (
        "singletons propagated, fewest choices",
        Strength::Forward,
        VarOrder::SmallestDomain,
    ),
    (
        "domain consistency, fewest choices",
        Strength::Domain,
        VarOrder::SmallestDomain,
    ),
];

/// Runs `fdoku study propagation`; returns the exit code.
pub fn propagation(args: &StudyPropagationArgs, out: &mut dyn Write) -> anyhow::Result<u8> {
    let pool = pool(args.run.threads)?;
    let mut failed = false;
    let (puzzles, source) = if args.files.is_empty() {
        let puzzles = generated(&pool, &Rules::classic(9)?, args.run.count, args.run.seed);
        let source = format!(
            "{} generated minimal 9×9 puzzles, seed {}",
            puzzles.len(),
            args.run.seed
        );
        (puzzles, source)
    } else {
        let mut puzzles = Vec::new();
        for (name, text) in crate::inputs::read(&args.files, &mut failed) {
            for item in read_puzzles(&name, &text, Format::Auto, &PlainVariant::default()) {
                match item.puzzle {
                    Ok(p) if p.rules().cages().is_empty() => puzzles.push(p),
                    Ok(_) => {
                        eprintln!("fdoku: {name}:{}: killer puzzles are left out", item.line);
                    }
                    Err(e) => {
                        eprintln!("fdoku: {e}");
                        failed = true;
                    }
                }
            }
        }
        let names: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
        (puzzles, names.join(", "))
    };
    let progress = crate::progress::bar(
        (1 + SEARCHES.len()) as u64,
        "{bar:40} {pos}/{len} steps  {elapsed}",
    );
    let pruning = ladder(&puzzles);
    progress.inc(1);
    let mut rows = Vec::new();
    for (name, strength, var_order) in SEARCHES {
        let outcomes = searches(&pool, &puzzles, strength, var_order, args.run.node_limit);
        let nodes: Vec<u64> = outcomes.iter().map(|o| o.0).collect();
        let micros =
            outcomes.iter().map(|o| o.1 as f64).sum::<f64>() / outcomes.len().max(1) as f64;
        rows.push(SearchRow {
            search: name,
            nodes: Summary::of(&nodes),
            micros_mean: micros,
            stopped: outcomes.iter().filter(|o| o.2).count(),
        });
        progress.inc(1);
    }
    progress.finish_and_clear();
    let report = PropagationReport {
        puzzles: puzzles.len(),
        source,
        pruning,
        searches: rows,
    };
    emit(args.run.json, &report, out, |out| {
        print_propagation(&report, args, out)
    })?;
    Ok(crate::error::batch_exit_code(failed, false))
}

/// The ladder: the choices as given, after one prune, at the fixpoint.
fn ladder(puzzles: &[Puzzle]) -> Vec<Rung> {
    let mut stages: [Vec<Choices>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for p in puzzles {
        let choices = Choices::of(p);
        let mut once = choices.clone();
        once.prune();
        let mut fixed = once.clone();
        fixed.prune_to_fixpoint();
        stages[0].push(choices);
        stages[1].push(once);
        stages[2].push(fixed);
    }
    let names = ["choices, no pruning", "prune once", "prune to a fixpoint"];
    names
        .iter()
        .zip(&stages)
        .map(|(&stage, all)| {
            let sizes: Vec<f64> = all.iter().filter_map(Choices::log10_grids).collect();
            Rung {
                stage,
                solved: all.iter().filter(|c| c.solved()).count(),
                contradictions: all.len() - sizes.len(),
                log10_grids: Summary1::of(&sizes),
            }
        })
        .collect()
}

fn print_propagation(
    report: &PropagationReport,
    args: &StudyPropagationArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    writeln!(out, "{} puzzles: {}", report.puzzles, report.source)?;
    writeln!(out)?;
    writeln!(
        out,
        "{:<28} {:>8} {:>15} {:>24}",
        "pruning", "solved", "contradictions", "grids to try (log10)"
    )?;
    for r in &report.pruning {
        writeln!(
            out,
            "{:<28} {:>8} {:>15} {:>24}",
            r.stage,
            r.solved,
            r.contradictions,
            format!(
                "mean {:.1}, median {:.1}",
                r.log10_grids.mean, r.log10_grids.median
            )
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<56} {:>10} {:>8} {:>8} {:>9} {:>10} {:>8}",
        "search (nodes to the first solution)",
        "mean",
        "median",
        "p90",
        "max",
        "µs mean",
        "stopped"
    )?;
    for r in &report.searches {
        let s = &r.nodes;
        writeln!(
            out,
            "{:<56} {:>10.1} {:>8.1} {:>8} {:>9} {:>10.1} {:>8}",
            r.search, s.mean, s.median, s.p90, s.max, r.micros_mean, r.stopped
        )?;
    }
    if report.searches.iter().any(|r| r.stopped > 0) {
        writeln!(
            out,
            "stopped: solves that reached --node-limit {} (counted at the limit)",
            args.run.node_limit
        )?;
    }
    Ok(())
}
