//! `fdoku generate`: unique puzzles, in parallel, in order, the same for a
//! seed whatever the thread count (puzzle `i` draws from its own seed,
//! derived from `--seed` and `i`); minimal, to a clue count, or on the clue
//! positions of a pattern file; classic, jigsaw, killer or with variant
//! elements, and with `--difficulty`, `--technique` or `--er` graded by the
//! logic solver until one has the level, technique or rating asked;
//! with `--layout`, grids of several overlapping Sudokus ([`multigrid`]).

mod batch;
mod multigrid;

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::anyhow;
use fdoku_fd::Budget;
use fdoku_logic::generate::{
    GradedError, GradedPuzzle, RatingRange, Target, generate, generate_graded,
};
use fdoku_sudoku::format::Template;
use fdoku_sudoku::generate::{
    GenerateError, Generated, KillerOptions, Options, VariantOptions, generate_killer,
    generate_on_pattern, generate_variant, random_jigsaw_within,
};
use fdoku_sudoku::{check_solution, format, grid_line};
use serde::Serialize;

use crate::cli::{GenerateArgs, OutputFormat};
use crate::error::BadInput;
use crate::records::JsonRecords;

/// One puzzle's record (`--format json` and `jsonl`).
#[derive(Serialize)]
struct Record<'a> {
    index: usize,
    seed: u64,
    size: usize,
    variant: &'a str,
    symmetry: &'a str,
    clues: usize,
    puzzle: String,
    solution: String,
    checks: u32,
    /// Whether every clue is proven needed (see `Generated::minimal`).
    minimal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hodoku_score: Option<u32>,
    /// ER / EP / ED on the --se scale (with --er).
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<SeRecord>,
    /// The JSON description, for puzzles a line cannot carry (killer).
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<serde_json::Value>,
}

/// A generated puzzle's SE-style rating (`--er`).
#[derive(Serialize)]
struct SeRecord {
    scale: &'static str,
    er: f64,
    ep: f64,
    ed: f64,
}

/// The seed of puzzle `index` (1-based): SplitMix64 of the run's seed and
/// the index, so neighbouring puzzles draw from unrelated streams.
pub fn puzzle_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed.wrapping_add((index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Runs `fdoku generate`; returns the exit code.
pub fn run(
    args: &GenerateArgs,
    cancel: &Arc<AtomicBool>,
    out: &mut dyn Write,
) -> anyhow::Result<u8> {
    // Each puzzle gets --time-limit from its start; a bad value is a usage error.
    if let Some(layout) = &args.layout {
        return multigrid::run(args, layout, cancel, out);
    }
    let budget = || crate::cli::budget(Some(args.time_limit), None, cancel);
    budget()?;
    let template = match &args.template {
        Some(path) => Some(read_template(path)?),
        None => None,
    };
    let rules = match &template {
        Some(template) => template.rules.clone(),
        None => args
            .variant
            .plain()
            .rules(args.size)
            .map_err(|e| BadInput(format!("--size {} --variant: {e}", args.size)))?,
    };
    let options = Options {
        symmetry: args.symmetry,
        clues: args.clues,
        node_limit: args.node_limit,
        ..Options::default()
    };
    let rating = match &args.er {
        Some(text) => Some(
            RatingRange::parse(text, args.se.into()).map_err(|e| BadInput(format!("--er: {e}")))?,
        ),
        None => None,
    };
    let target = Target {
        level: args.difficulty,
        technique: args.technique,
        rating,
    };
    let attempts = args.attempts.unwrap_or(1000);
    // `make`'s puzzle for the seed, or with a target the first candidate
    // it makes that the logic solver grades as asked.
    let graded =
        |make: &dyn Fn(u64) -> Result<Generated, GenerateError>, seed: u64, budget: &Budget| {
            match target.is_set() {
                true => generate_graded(make, target, attempts, seed, budget),
                false => make(seed)
                    .map(|generated| GradedPuzzle {
                        generated,
                        grade: None,
                    })
                    .map_err(GradedError::from),
            }
        };
    let killer = KillerOptions {
        max_cage: args.cage_size as usize,
        node_limit: args.node_limit,
        ..KillerOptions::default()
    };
    let variant = match (&template, &args.rules) {
        (Some(template), _) => Some(VariantOptions {
            minimal: template.options.minimal || args.minimal,
            node_limit: args.node_limit,
            ..template.options.clone()
        }),
        (None, Some(kinds)) => Some(VariantOptions {
            kinds: kinds.0.clone(),
            elements: args.elements,
            givens: !args.no_givens,
            minimal: args.minimal,
            node_limit: args.node_limit,
            ..VariantOptions::default()
        }),
        (None, None) => None,
    };
    let pattern = match &args.pattern {
        Some(path) => Some(read_pattern(path, rules.size())?),
        None => None,
    };
    batch::make_in_order(
        args,
        cancel,
        out,
        |_, seed| {
            let budget = budget().unwrap_or_default();
            let options = Options {
                budget: budget.clone(),
                ..options.clone()
            };
            let killer = KillerOptions {
                budget: budget.clone(),
                ..killer.clone()
            };
            match &pattern {
                _ if variant.is_some() => {
                    let options = VariantOptions {
                        budget: budget.clone(),
                        ..variant.clone().unwrap_or_default()
                    };
                    graded(
                        &|seed| generate_variant(&rules, &options, seed),
                        seed,
                        &budget,
                    )
                }
                _ if args.jigsaw => {
                    random_jigsaw_within(rules.size(), seed, args.node_limit, &budget)
                        .map_err(GradedError::from)
                        .and_then(|layout| generate(&layout, &options, target, attempts, seed))
                }
                _ if args.killer => graded(
                    &|seed| generate_killer(&rules, &killer, seed),
                    seed,
                    &budget,
                ),
                Some(pattern) => graded(
                    &|seed| {
                        generate_on_pattern(
                            &rules,
                            pattern,
                            args.attempts.unwrap_or(100_000),
                            args.node_limit,
                            seed,
                            &budget,
                        )
                    },
                    seed,
                    &budget,
                ),
                None => generate(&rules, &options, target, attempts, seed),
            }
        },
        |index, seed, made, json, out| {
            let GradedPuzzle { generated, grade } = made;
            verify(&generated, index)?;
            // The puzzle's own rules: a jigsaw's layout is drawn per puzzle.
            let variant_name = generated.puzzle.rules().variant_name();
            let record = Record {
                index,
                seed,
                size: rules.size(),
                variant: &variant_name,
                symmetry: args.symmetry.name(),
                clues: generated.puzzle.clue_count(),
                puzzle: grid_line(generated.puzzle.givens()),
                solution: grid_line(&generated.solution),
                checks: generated.checks,
                minimal: generated.minimal,
                difficulty: grade.map(|g| g.level.name()),
                technique: args.technique.map(|t| t.name()),
                hodoku_score: grade.map(|g| g.hodoku_score),
                se: grade.and_then(|g| g.se).map(|se| SeRecord {
                    scale: fdoku_logic::SeScale::from(args.se).name(),
                    er: se.er,
                    ep: se.ep,
                    ed: se.ed,
                }),
                description: (args.killer || args.jigsaw || variant.is_some())
                    .then(|| format::json::describe(&generated.puzzle)),
            };
            print(&record, &generated, args.format, json, out)
        },
    )
}

/// Reads `--template FILE`: the base rules and what to draw on them.
fn read_template(path: &std::path::Path) -> Result<Template, BadInput> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| BadInput(format!("cannot read {}: {e}", path.display())))?;
    Template::read(&path.display().to_string(), &text).map_err(|e| BadInput(e.to_string()))
}

/// The clue positions of a pattern file: a grid in line or block form
/// (rows of characters, `|` and whitespace ignored, `---+---` lines
/// skipped), a mark where a clue goes, a blank (`.` `0` `_` `-`) elsewhere.
fn read_pattern(path: &std::path::Path, size: usize) -> Result<Vec<bool>, BadInput> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| BadInput(format!("cannot read {}: {e}", path.display())))?;
    let mut cells = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        let separator = trimmed.chars().all(|c| matches!(c, '-' | '+' | '=' | ' '));
        if trimmed.is_empty() || trimmed.starts_with('#') || separator {
            continue;
        }
        cells.extend(
            trimmed
                .chars()
                .filter(|c| !c.is_whitespace() && *c != '|')
                .map(|c| !matches!(c, '.' | '0' | '_' | '-')),
        );
    }
    if cells.len() != size * size {
        return Err(BadInput(format!(
            "{}: the pattern has {} cells; expected {} for a {size}×{size} grid (--size)",
            path.display(),
            cells.len(),
            size * size
        )));
    }
    Ok(cells)
}

/// The printed solution passes the independent checker.
fn verify(generated: &Generated, index: usize) -> anyhow::Result<()> {
    check_solution(&generated.puzzle, &generated.solution).map_err(|e| {
        anyhow!("internal error: generated puzzle {index} failed the independent check: {e}")
    })
}

fn print(
    record: &Record<'_>,
    generated: &Generated,
    format: OutputFormat,
    json: &mut JsonRecords,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    if json.write(out, record)? {
        return Ok(());
    }
    match format {
        // A line cannot carry cages or regions: those puzzles print their description.
        OutputFormat::Line => match &record.description {
            Some(description) => writeln!(out, "{description}")?,
            None => writeln!(out, "{}", record.puzzle)?,
        },
        OutputFormat::Block => {
            writeln!(
                out,
                "# puzzle {} (seed {}, {} clues)",
                record.index, record.seed, record.clues
            )?;
            write!(
                out,
                "{}",
                format::block(generated.puzzle.givens(), generated.puzzle.rules())
            )?;
            writeln!(out)?;
        }
        OutputFormat::Json | OutputFormat::Jsonl => {}
    }
    Ok(())
}
