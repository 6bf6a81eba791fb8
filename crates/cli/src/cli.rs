//! Every command-line flag, in one place.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use fdoku_fd::{Strength, ValOrder, VarOrder};

/// fdoku: a finite-domain constraint solver (and, soon, a Sudoku toolkit).
#[derive(Debug, Parser)]
#[command(name = "fdoku", version, about, after_help = EXIT_CODES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The exit codes, shown by `--help`.
pub const EXIT_CODES: &str = "Exit codes: 0 answered (a solution, all of them, the count, or \"no solution\"); \
1 internal error (e.g. output failed); 2 bad usage or bad input; \
3 stopped early by --time-limit, --node-limit or Ctrl-C (what was found so far is printed).";

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Place N queens on an N×N board so that no two attack each other.
    Queens(QueensArgs),
    /// Colour a map (JSON: regions and borders) so that neighbours differ.
    Color(ColorArgs),
    /// List the configurations a feature model (JSON) allows.
    Features(FeaturesArgs),
}

/// `fdoku queens`.
#[derive(Debug, Args)]
pub struct QueensArgs {
    /// Board size.
    #[arg(value_parser = clap::value_parser!(u16).range(0..=10_000))]
    pub n: u16,
    /// Strength of the three all_different constraints.
    #[arg(long, value_name = "STRENGTH", default_value = "forward",
          value_parser = PossibleValuesParser::new(Strength::ALL.map(Strength::name))
              .try_map(|s| s.parse::<Strength>()))]
    pub alldiff: Strength,
    /// Search and output options.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// `fdoku color`.
#[derive(Debug, Args)]
pub struct ColorArgs {
    /// The map, as JSON (see `examples/australia.json`).
    pub map: PathBuf,
    /// Number of colours (default: the map's colour names, or 3).
    #[arg(long, short = 'k', value_name = "K")]
    pub colors: Option<usize>,
    /// Search and output options.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// `fdoku features`.
#[derive(Debug, Args)]
pub struct FeaturesArgs {
    /// The feature model, as JSON (see `examples/phone.json`).
    pub model: PathBuf,
    /// Search and output options.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// What to look for: one flag of the three (default `--first`).
#[derive(Debug, Args)]
#[group(multiple = false)]
pub struct ModeArgs {
    /// Print the first solution (the default).
    #[arg(long)]
    pub first: bool,
    /// Print every solution.
    #[arg(long)]
    pub all: bool,
    /// Print the number of solutions.
    #[arg(long)]
    pub count: bool,
}

/// Options shared by every search command.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// What to look for.
    #[command(flatten)]
    pub mode: ModeArgs,
    /// With --all or --count: stop after N solutions.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Which variable to branch on.
    #[arg(long, value_name = "ORDER", default_value = "dom-wdeg",
          value_parser = PossibleValuesParser::new(VarOrder::ALL.map(VarOrder::name))
              .try_map(|s| s.parse::<VarOrder>()))]
    pub var_order: VarOrder,
    /// Which value to try first.
    #[arg(long, value_name = "ORDER", default_value = "min",
          value_parser = PossibleValuesParser::new(ValOrder::ALL.map(ValOrder::name))
              .try_map(|s| s.parse::<ValOrder>()))]
    pub val_order: ValOrder,
    /// Seed for `--val-order random`.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// After a failure, branch on the failed variable again (last-conflict).
    #[arg(long)]
    pub last_conflict: bool,
    /// Stop after this many seconds (the result is then partial, exit code 3).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Stop after this many search nodes (the result is then partial, exit code 3).
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Print search statistics (to stderr; inside the object with --json).
    #[arg(long)]
    pub stats: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}
