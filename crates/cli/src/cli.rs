//! Every command-line flag, in one place.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

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
    /// Solve Sudoku puzzles: files of any size and variant (stdin when none or `-`).
    Solve(SolveArgs),
    /// Time the solver on puzzle files: µs per puzzle, guesses, share solved without guessing.
    Bench(BenchArgs),
    /// Generate puzzles with exactly one solution: minimal or to a clue count, with a symmetry.
    Generate(GenerateArgs),
    /// Rate puzzles like Sudoku Explainer (ER/EP/ED) and HoDoKu (score, level).
    Grade(GradeArgs),
    /// Solve one puzzle the way a person does: every step, one per line.
    Explain(ExplainArgs),
    /// The next step of a puzzle: which technique (vague), where (concrete), or the grid after it (apply).
    Hint(HintArgs),
    /// Serve the browser page and its JSON API (docs/api.md) on 127.0.0.1:7878.
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
    /// `fdoku serve` in a build without the server (hidden): refused with a note.
    #[cfg(not(feature = "serve"))]
    #[command(hide = true, disable_help_flag = true)]
    Serve(NoServerArgs),
    /// Search-effort experiments: variants and propagation strengths on many puzzles.
    #[command(subcommand)]
    Study(StudyCommand),
    /// Convert puzzles: to f-puzzles or SudokuPad links, fdoku's JSON description, or a line.
    Convert(ConvertArgs),
    /// Solve the 50 grids of Project Euler problem 96 and print the answer.
    Euler96(Euler96Args),
    /// Place N queens on an N×N board so that no two attack each other.
    Queens(QueensArgs),
    /// Colour a map (JSON: regions and borders) so that neighbours differ.
    Color(ColorArgs),
    /// List the configurations a feature model (JSON) allows.
    Features(FeaturesArgs),
    /// Solve a FlatZinc model (MiniZinc's solver interface: docs/fzn.md).
    Fzn(FznArgs),
}

/// `fdoku solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Puzzle files, or puzzles written out (stdin when none or `-`).
    pub files: Vec<PathBuf>,
    /// How to print each result.
    #[arg(long, short = 'f', value_enum, default_value = "line")]
    pub format: OutputFormat,
    /// How to read the input (default: detected).
    #[arg(long, value_enum, default_value = "auto")]
    pub input_format: InputFormat,
    /// Extra houses for puzzles read from plain formats (JSON descriptions carry their own).
    #[arg(long, value_enum, default_value = "classic")]
    pub variant: VariantArg,
    /// Count solutions up to --limit (default 2: "is it unique?").
    #[arg(long, conflicts_with = "all")]
    pub count: bool,
    /// Print every solution (up to --limit when given).
    #[arg(long)]
    pub all: bool,
    /// With --count: how far to count (default 2); with --all: the most to print.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Which solver: the fastest that applies (auto), the general bitmask solver, or the engine.
    #[arg(long, alias = "engine", value_enum, default_value = "auto")]
    pub solver: SolverChoice,
    /// With --solver fd: strength of the all_different constraints.
    #[arg(long, value_name = "STRENGTH", default_value = "domain",
          value_parser = strength_parser())]
    pub alldiff: Strength,
    /// With --solver fd: search heuristics.
    #[command(flatten)]
    pub heuristics: HeuristicArgs,
    /// Limits for each puzzle (its status is then `stopped`).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print guesses, nodes and time per puzzle (text formats: to stderr).
    #[arg(long)]
    pub stats: bool,
    /// Worker threads (default: all cores; at most 1024). Output stays in input order.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
}

/// `fdoku grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Puzzle files, or puzzles written out (stdin when none or `-`).
    pub files: Vec<PathBuf>,
    /// How to print each result: a line of ratings, or JSON records.
    #[arg(long, short = 'f', value_enum, default_value = "line")]
    pub format: RecordFormat,
    /// How to read the input (default: detected).
    #[arg(long, value_enum, default_value = "auto")]
    pub input_format: InputFormat,
    /// Extra houses for puzzles read from plain formats.
    #[arg(long, value_enum, default_value = "classic")]
    pub variant: VariantArg,
    /// Limits for each puzzle (its status is then `stopped`).
    #[command(flatten)]
    pub limits: PatientLimitArgs,
    /// Whose ER/EP/ED to give: Sudoku Explainer 1.2.1 (classic) or SukakuExplainer 1.15's
    /// default techniques (sukaku; JSON then has both).
    #[arg(long, value_enum, default_value = "classic")]
    pub se: SeArg,
    /// Worker threads (default: all cores; at most 1024). Output stays in input order.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
}

/// The puzzle of `fdoku explain` and `fdoku hint`.
#[derive(Debug, Args)]
pub struct PuzzleArg {
    /// The puzzle: its text (81 characters for 9×9), a file holding it, or `-` for stdin.
    pub puzzle: String,
    /// How to read it (default: detected).
    #[arg(long, value_enum, default_value = "auto")]
    pub input_format: InputFormat,
    /// Extra houses for a puzzle in a plain format.
    #[arg(long, value_enum, default_value = "classic")]
    pub variant: VariantArg,
}

/// `fdoku explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The puzzle.
    #[command(flatten)]
    pub puzzle: PuzzleArg,
    /// Text (one step per line) or JSON (every step as data, with its sentence).
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    pub format: StepFormat,
    /// Whose simplest-first path to follow.
    #[arg(long, value_enum, default_value = "hodoku")]
    pub order: OrderArg,
    /// Whose ER/EP/ED to give: Sudoku Explainer 1.2.1 (classic) or SukakuExplainer 1.15's
    /// default techniques (sukaku; JSON then has both).
    #[arg(long, value_enum, default_value = "classic")]
    pub se: SeArg,
    /// Limits.
    #[command(flatten)]
    pub limits: PatientLimitArgs,
}

/// `fdoku hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzle (with any digits placed so far).
    #[command(flatten)]
    pub puzzle: PuzzleArg,
    /// How much to tell: the technique, the whole step, or the grid after it.
    #[arg(long, value_enum, default_value = "vague")]
    pub level: HintLevel,
    /// Text or JSON.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    pub format: StepFormat,
    /// Whose simplest-first order picks the step.
    #[arg(long, value_enum, default_value = "hodoku")]
    pub order: OrderArg,
    /// Whose ER/EP/ED to give: Sudoku Explainer 1.2.1 (classic) or SukakuExplainer 1.15's
    /// default techniques (sukaku; JSON then has both).
    #[arg(long, value_enum, default_value = "classic")]
    pub se: SeArg,
    /// Limits.
    #[command(flatten)]
    pub limits: PatientLimitArgs,
}

/// `fdoku serve`.
#[cfg(feature = "serve")]
#[derive(Debug, Args)]
#[command(after_help = "\
Guarantees (docs/api.md): an expensive request works at most --deadline seconds, and beyond \
--max-concurrent it is told 503 at once. A connection waiting on its client is closed after its \
timeout; beyond --max-connections a new one closes the longest wait, never a request being \
answered. POST bodies must be sent as application/json (415). Host must name this machine \
(localhost, an IP address, --host, --allow-host) and Origin, when sent, must be the page's own \
(403 otherwise; --any-host turns both checks off). Every answer carries nosniff, a content \
security policy, no framing and no referrer.")]
pub struct ServeArgs {
    /// The address to listen on (the default serves this machine only).
    #[arg(long, default_value = fdoku_web::DEFAULT_HOST)]
    pub host: String,
    /// The port (0: any free port; the URL printed tells which).
    #[arg(long, default_value_t = fdoku_web::DEFAULT_PORT)]
    pub port: u16,
    /// Seconds an expensive request (solve, hint, explain, grade, generate) may work before it is stopped (503).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub deadline: f64,
    /// Expensive requests working at once; more get 503 at once (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_concurrent: Option<u32>,
    /// Seconds a request's headers may take, from their first byte; then the connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub header_timeout: f64,
    /// Seconds a request's body may take, after its headers; then the connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub body_timeout: f64,
    /// Seconds a connection may wait for a request (new, or kept alive after an answer); then it is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub idle_timeout: f64,
    /// Connections served at once; beyond it a new one displaces the longest wait on a client.
    #[arg(long, value_name = "N", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,
    /// Also answer requests for this host name (repeatable; localhost and IP addresses always
    /// are): for a name of this machine, or a reverse proxy's public name.
    #[arg(long, value_name = "NAME", conflicts_with = "any_host")]
    pub allow_host: Vec<String>,
    /// Answer any Host and Origin: turns off the guard against other web pages and DNS
    /// rebinding (docs/api.md).
    #[arg(long)]
    pub any_host: bool,
}

/// `fdoku serve` in a build without the cargo feature `serve`: whatever
/// flags follow are taken, so that the refusal, not a flag error, is what
/// the user sees.
#[cfg(not(feature = "serve"))]
#[derive(Debug, Args)]
pub struct NoServerArgs {
    /// The flags given.
    #[arg(num_args = 0.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub flags: Vec<String>,
}

/// How much a hint tells (HoDoKu's three stages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HintLevel {
    /// Which technique applies.
    Vague,
    /// The step: its pattern and what it removes or places.
    Concrete,
    /// The grid after the step.
    Apply,
}

/// Whose path `fdoku explain` follows, and whose next step `fdoku hint` gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OrderArg {
    /// HoDoKu's technique order (all of fdoku's techniques).
    Hodoku,
    /// Sudoku Explainer's order (its techniques only).
    Explainer,
    /// SukakuExplainer 1.15's order (its default techniques).
    Sukaku,
}

impl From<OrderArg> for fdoku_logic::PathOrder {
    fn from(order: OrderArg) -> Self {
        match order {
            OrderArg::Hodoku => Self::Hodoku,
            OrderArg::Explainer => Self::Explainer,
            OrderArg::Sukaku => Self::Sukaku,
        }
    }
}

/// Whose scale an SE-style rating (ER/EP/ED) follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SeArg {
    /// Sudoku Explainer 1.2.1.
    Classic,
    /// SukakuExplainer 1.15's default technique set.
    Sukaku,
}

impl From<SeArg> for fdoku_logic::SeScale {
    fn from(se: SeArg) -> Self {
        match se {
            SeArg::Classic => Self::Classic,
            SeArg::Sukaku => Self::Sukaku,
        }
    }
}

/// Output of commands that print steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StepFormat {
    /// Sentences.
    Text,
    /// JSON.
    Json,
}

/// Output of commands that print one record per puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RecordFormat {
    /// One line per puzzle.
    Line,
    /// One JSON array of records.
    Json,
    /// One JSON record per line.
    Jsonl,
}

/// Output formats of `fdoku solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// One line per puzzle: the solution (or the status).
    Line,
    /// The grid with its boxes drawn.
    Block,
    /// One JSON array of records.
    Json,
    /// One JSON record per line, one per input puzzle.
    Jsonl,
}

impl OutputFormat {
    /// The JSON layout, if JSON.
    pub fn json(self) -> Option<crate::records::JsonLayout> {
        use crate::records::JsonLayout;
        match self {
            OutputFormat::Json => Some(JsonLayout::Array),
            OutputFormat::Jsonl => Some(JsonLayout::Lines),
            OutputFormat::Line | OutputFormat::Block => None,
        }
    }
}

impl RecordFormat {
    /// The JSON layout, if JSON.
    pub fn json(self) -> Option<crate::records::JsonLayout> {
        use crate::records::JsonLayout;
        match self {
            RecordFormat::Json => Some(JsonLayout::Array),
            RecordFormat::Jsonl => Some(JsonLayout::Lines),
            RecordFormat::Line => None,
        }
    }
}

/// Input formats of `fdoku solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// Detect from the text.
    Auto,
    /// One puzzle per line (also .sdm).
    Line,
    /// Rows over several lines (also .sdk, Project Euler).
    Block,
    /// JSON puzzle descriptions.
    Json,
    /// f-puzzles JSON, or f-puzzles and SudokuPad links, one per line.
    Fpuzzles,
    /// An ipuz file of a Sudoku kind.
    Ipuz,
    /// sudokuwiki.org solver links (`…/sudoku.htm?bd=…`) or their boards, one per line.
    Sudokuwiki,
    /// Penpa+ links of Sudoku, one per line.
    Penpa,
    /// Grids of several overlapping Sudokus (samurai, …): a canvas, or JSON with a
    /// "layout" or "subgrids" field (`fdoku solve` only; detected otherwise).
    Multigrid,
}

impl InputFormat {
    /// The reader's format.
    pub fn format(self) -> fdoku_sudoku::format::Format {
        use fdoku_sudoku::format::Format;
        match self {
            InputFormat::Auto => Format::Auto,
            InputFormat::Line => Format::Line,
            InputFormat::Block => Format::Block,
            InputFormat::Json => Format::Json,
            InputFormat::Fpuzzles => Format::FPuzzles,
            InputFormat::Ipuz => Format::Ipuz,
            InputFormat::Sudokuwiki => Format::SudokuWiki,
            InputFormat::Penpa => Format::Penpa,
            InputFormat::Multigrid => Format::Auto,
        }
    }

    /// Whether every input is to be read as grids of several Sudokus.
    pub fn multigrids(self) -> bool {
        self == InputFormat::Multigrid
    }
}

/// Plain-format variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantArg {
    /// Rows, columns, boxes.
    Classic,
    /// Plus both long diagonals.
    Diagonal,
    /// Plus the windoku windows.
    Windoku,
    /// Both.
    #[value(name = "diagonal+windoku")]
    DiagonalWindoku,
}

impl VariantArg {
    /// The extra houses it adds.
    pub fn plain(self) -> fdoku_sudoku::format::PlainVariant {
        fdoku_sudoku::format::PlainVariant {
            diagonals: matches!(self, VariantArg::Diagonal | VariantArg::DiagonalWindoku),
            windoku: matches!(self, VariantArg::Windoku | VariantArg::DiagonalWindoku),
        }
    }
}

/// Which solver `--solver` picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SolverChoice {
    /// The 9×9 path for classic 9×9, the general bitmask solver below 16×16, the clause-learning solver from 16×16 up, the engine for killer.
    Auto,
    /// The general bitmask solver only.
    Mask,
    /// The finite-domain engine.
    Fd,
}

/// `fdoku bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files (default: the four standard benchmark sets in $FDOKU_DATA or ../shared/data).
    pub files: Vec<PathBuf>,
    /// Count solutions up to N for each puzzle (2: "is it unique?").
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Which solver.
    #[arg(long, alias = "engine", value_enum, default_value = "auto")]
    pub solver: SolverChoice,
    /// Timed passes over each file; the fastest counts.
    #[arg(long, value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub passes: u32,
    /// How to read the input (default: detected).
    #[arg(long, value_enum, default_value = "auto")]
    pub input_format: InputFormat,
    /// Extra houses for puzzles read from plain formats.
    #[arg(long, value_enum, default_value = "classic")]
    pub variant: VariantArg,
    /// Print one JSON array (one object per file) instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Split each puzzle's time into read, parse, solve, check and format, and their sum.
    #[arg(long)]
    pub profile: bool,
}

impl SolverChoice {
    /// The library's choice.
    pub fn choice(self) -> fdoku_sudoku::solve::SolverChoice {
        use fdoku_sudoku::solve::SolverChoice as Library;
        match self {
            SolverChoice::Auto => Library::Auto,
            SolverChoice::Mask => Library::Mask,
            SolverChoice::Fd => Library::Fd,
        }
    }
}

/// `fdoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long = "count", value_name = "COUNT", default_value_t = 1)]
    pub count: usize,
    /// Grid size N (N×N with the standard box shape: 4, 6, 8, 9, 10, 12, 15, 16, 25, …).
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// Extra houses.
    #[arg(long, value_enum, default_value = "classic")]
    pub variant: VariantArg,
    /// Symmetry of the clue pattern.
    #[arg(long, default_value = "none", value_parser = symmetry_parser())]
    pub symmetry: fdoku_sudoku::generate::Symmetry,
    /// Take clues away until none can go (the default).
    #[arg(long, conflicts_with = "clues")]
    pub minimal: bool,
    /// Stop taking clues away at N clues (best effort: a minimal puzzle may keep more).
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,
    /// Clues exactly where this file's grid has a mark (any character but the
    /// blanks . 0 _ -), e.g. a puzzle whose layout you like.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["clues", "minimal", "symmetry"])]
    pub pattern: Option<PathBuf>,
    /// Jigsaw puzzles: each puzzle on its own random layout of connected regions.
    #[arg(long, conflicts_with_all = ["pattern", "killer", "variant"])]
    pub jigsaw: bool,
    /// Killer puzzles: random cages with their sums, givens only where the cages need them.
    #[arg(long, conflicts_with_all = ["clues", "minimal", "symmetry", "pattern"])]
    pub killer: bool,
    /// Variant puzzles with these kinds of element, e.g. `thermometer,white-dot,x-sum`
    /// (`--help` lists every kind).
    #[arg(long, value_name = "KINDS", value_parser = element_kinds_parser,
          long_help = rules_long_help(),
          conflicts_with_all = ["clues", "symmetry", "pattern", "killer", "jigsaw"])]
    pub rules: Option<ElementKinds>,
    /// A variant template: a JSON description of the base (size, regions, cell rules) with a
    /// `generate` field naming the kinds to draw, how many, givens or not, minimal or not
    /// (see docs/cli.md).
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["rules", "size", "variant", "clues", "symmetry", "pattern", "killer",
                                "jigsaw"])]
    pub template: Option<PathBuf>,
    /// Grids of several overlapping Sudokus on this layout: twodoku, doubledoku, twins, sensei,
    /// tridoku, wing-3, butterfly, sohei, flower, samurai, windmill, super-samurai, clueless-1,
    /// clueless-2, shogun, sumo; each sub-grid --size × --size. Clues are taken away in pairs
    /// symmetric about the centre.
    #[arg(long, value_name = "NAME",
          conflicts_with_all = ["variant", "symmetry", "clues", "pattern", "jigsaw", "killer",
                                "rules", "template", "difficulty", "technique", "er"])]
    pub layout: Option<String>,
    /// With --rules: how many elements to draw at first.
    #[arg(long, value_name = "N", default_value_t = 8, requires = "rules")]
    pub elements: usize,
    /// With --rules: no givens; elements are drawn until they alone make the solution unique.
    #[arg(long, requires = "rules")]
    pub no_givens: bool,
    /// With --killer: the largest cage.
    #[arg(long, value_name = "N", default_value_t = 4, requires = "killer",
          value_parser = clap::value_parser!(u64).range(1..=32))]
    pub cage_size: u64,
    /// Keep only puzzles of this level of the logic grader (`fdoku grade`; HoDoKu's levels,
    /// unfair named expert); classic, variant (--rules, --template), killer and jigsaw alike.
    #[arg(long, value_name = "LEVEL", value_parser = difficulty_parser(), conflicts_with = "pattern")]
    pub difficulty: Option<fdoku_logic::grade::Level>,
    /// Keep only puzzles whose simplest solving path needs this technique (for practising it),
    /// e.g. x-wing, "hidden pair", xy-wing.
    #[arg(long, value_name = "NAME", value_parser = technique_parser, conflicts_with = "pattern")]
    pub technique: Option<fdoku_logic::Technique>,
    /// Keep only puzzles whose Sudoku Explainer rating (ER, on the --se scale) lies in this
    /// range: `7.2` exactly, `7.0-8.5` both ends included, `9.0-` at least.
    #[arg(long, value_name = "RANGE", conflicts_with = "pattern")]
    pub er: Option<String>,
    /// The scale of --er: Sudoku Explainer 1.2.1 (classic) or SukakuExplainer 1.15's default
    /// techniques (sukaku).
    #[arg(long, value_enum, default_value = "classic", requires = "er")]
    pub se: SeArg,
    /// Tries per puzzle before giving up: random grids with --pattern (default 100000),
    /// candidate puzzles with --difficulty, --technique or --er (default 1000).
    #[arg(long, value_name = "N")]
    pub attempts: Option<u32>,
    /// Seed: the same seed and count give the same puzzles on any number of threads.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (default: all cores; at most 1024). Output stays in order.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// How to print each puzzle.
    #[arg(long, short = 'f', value_enum, default_value = "line")]
    pub format: OutputFormat,
    /// Search nodes allowed for the grid and for each uniqueness check.
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    pub node_limit: u64,
    /// Seconds each puzzle may take before it is given up (0: no limit).
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIME_LIMIT)]
    pub time_limit: f64,
}

/// `fdoku study …`.
#[derive(Debug, Subcommand)]
pub enum StudyCommand {
    /// Search effort per variant (classic, diagonal, extra blocks) under each all_different strength.
    Variants(StudyVariantsArgs),
    /// How much search each kind of pruning leaves, from checking only to domain consistency.
    Propagation(StudyPropagationArgs),
}

/// `fdoku study propagation`.
#[derive(Debug, Args)]
pub struct StudyPropagationArgs {
    /// Puzzle files (default: generate --count minimal classic 9×9 puzzles).
    pub files: Vec<PathBuf>,
    /// The run's size, seed, limits and output.
    #[command(flatten)]
    pub run: StudyRunArgs,
}

/// `fdoku study variants`.
#[derive(Debug, Args)]
pub struct StudyVariantsArgs {
    /// The run's size, seed, limits and output.
    #[command(flatten)]
    pub run: StudyRunArgs,
}

/// What every study shares.
#[derive(Debug, Args)]
pub struct StudyRunArgs {
    /// Puzzles to generate (per variant; for `propagation`, only without files).
    #[arg(
        short = 'n',
        long = "count",
        value_name = "COUNT",
        default_value_t = 1000
    )]
    pub count: usize,
    /// Seed of the generated puzzles.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Search nodes allowed per solve (a solve that runs out is counted as stopped).
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub node_limit: u64,
    /// Worker threads (default: all cores; at most 1024). Results do not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
}

/// `fdoku convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The puzzles: a file, `-` for stdin, or the text itself (an f-puzzles or SudokuPad link, say).
    #[command(flatten)]
    pub puzzle: PuzzleArg,
    /// What to write, one puzzle per line.
    #[arg(long, value_enum)]
    pub to: ConvertFormat,
    /// Solve each puzzle and put its answer in f-puzzles and SudokuPad outputs (SudokuPad then
    /// checks the solver's grid); a puzzle without exactly one answer is an error.
    #[arg(long)]
    pub with_solution: bool,
}

/// What `fdoku convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ConvertFormat {
    /// An f-puzzles link, `https://www.f-puzzles.com/?load=…`.
    Fpuzzles,
    /// The f-puzzles JSON itself.
    FpuzzlesJson,
    /// A SudokuPad link in SudokuPad's own format, `https://sudokupad.app/scl…`.
    Sudokupad,
    /// A SudokuPad link carrying the f-puzzles payload, `https://sudokupad.app/fpuzzles…`.
    SudokupadFpuzzles,
    /// fdoku's JSON description (the title as its "name").
    Json,
    /// An ipuz file (classic, latin square, diagonal and hyper rules).
    Ipuz,
    /// A link to sudokuwiki.org's solver, with the candidates when the puzzle has them
    /// (classic 9×9 only).
    Sudokuwiki,
    /// The givens on one line (classic rules only).
    Line,
}

/// `fdoku euler96`.
#[derive(Debug, Args)]
pub struct Euler96Args {
    /// The Project Euler file (`Grid 01` headers, 9 rows of digits each).
    pub file: PathBuf,
}

/// `fdoku queens`.
#[derive(Debug, Args)]
pub struct QueensArgs {
    /// Board size.
    #[arg(value_parser = clap::value_parser!(u16).range(0..=10_000))]
    pub n: u16,
    /// Strength of the three all_different constraints.
    #[arg(long, value_name = "STRENGTH", default_value = "forward",
          value_parser = strength_parser())]
    pub alldiff: Strength,
    /// Search and output options.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// `fdoku fzn`: MiniZinc's standard solver flags.
#[derive(Debug, Args)]
pub struct FznArgs {
    /// The FlatZinc model (`minizinc -c model.mzn` writes one).
    pub model: PathBuf,
    /// All solutions; for optimisation, every improving solution.
    #[arg(short = 'a', long = "all-solutions")]
    pub all: bool,
    /// Stop after N solutions.
    #[arg(short = 'n', long = "num-solutions", value_name = "N")]
    pub solutions: Option<u64>,
    /// Print every improving solution of an optimisation.
    #[arg(short = 'i', long = "intermediate")]
    pub intermediate: bool,
    /// Free search: ignore the model's search annotations.
    #[arg(short = 'f', long = "free-search")]
    pub free: bool,
    /// Print statistics (`%%%mzn-stat:` lines).
    #[arg(short = 's', long = "statistics")]
    pub statistics: bool,
    /// Wall-clock time limit in milliseconds.
    #[arg(short = 't', long = "time-limit", value_name = "MS")]
    pub time_limit: Option<u64>,
    /// Seed of random value choices.
    #[arg(
        short = 'r',
        long = "random-seed",
        value_name = "SEED",
        default_value_t = 0
    )]
    pub seed: u64,
    /// Threads: a portfolio of N searches for a first solution or an optimum (enumeration
    /// runs on one).
    #[arg(short = 'p', long = "parallel", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: u16,
    /// Restarts, whatever the model says (default: its `restart_*` annotation; free search
    /// restarts by luby).
    #[arg(long = "restart", value_name = "KIND",
          value_parser = ["none", "constant", "linear", "luby", "geometric"])]
    pub restart: Option<String>,
    /// The failures of --restart's first run (its unit).
    #[arg(long = "restart-scale", value_name = "N", default_value_t = 250,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub restart_scale: u64,
    /// The growth factor of --restart geometric (at least 1).
    #[arg(long = "restart-base", value_name = "F", default_value_t = 1.5)]
    pub restart_base: f64,
    /// Branch on the last conflict's variable again (default: on in free search, else off).
    #[arg(long = "last-conflict", value_name = "BOOL")]
    pub last_conflict: Option<bool>,
    /// Say what the solver does on standard error.
    #[arg(short = 'v', long = "verbose")]
    pub verbose: bool,
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
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Search heuristics.
    #[command(flatten)]
    pub heuristics: HeuristicArgs,
    /// Limits (the result is then partial, exit code 3).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print search statistics (to stderr; inside the object with --json).
    #[arg(long)]
    pub stats: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// How the engine searches (shared by every command that uses it).
#[derive(Debug, Args)]
pub struct HeuristicArgs {
    /// Which variable to branch on.
    #[arg(long, value_name = "ORDER", default_value = "dom-wdeg",
          value_parser = var_order_parser())]
    pub var_order: VarOrder,
    /// Which value to try first.
    #[arg(long, value_name = "ORDER", default_value = "min",
          value_parser = val_order_parser())]
    pub val_order: ValOrder,
    /// Seed for `--val-order random`.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// After a failure, branch on the failed variable again (last-conflict).
    #[arg(long)]
    pub last_conflict: bool,
}

impl HeuristicArgs {
    /// The engine's search configuration, with `alldiff` overriding every
    /// all_different strength when given.
    pub fn config(&self, alldiff: Option<Strength>) -> fdoku_fd::SearchConfig {
        fdoku_fd::SearchConfig {
            var_order: self.var_order,
            val_order: self.val_order,
            seed: self.seed,
            last_conflict: self.last_conflict,
            alldiff,
            ..fdoku_fd::SearchConfig::default()
        }
    }
}

/// The time limit of the commands whose work can run for minutes (explain,
/// hint, grade, generate, solve --all), in seconds.
pub const DEFAULT_TIME_LIMIT: f64 = 60.0;

/// `--time-limit` and `--node-limit`, for searches that stop only when asked.
#[derive(Debug, Args)]
pub struct LimitArgs {
    /// Stop after this many seconds (0: no limit; with `solve --all`, 60 unless given).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Stop after this many search nodes.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
}

impl LimitArgs {
    /// A budget with these limits (the deadline counted from now) and the
    /// Ctrl-C flag; `default_seconds` when no `--time-limit` was given.
    pub fn budget(
        &self,
        cancel: &Arc<AtomicBool>,
        default_seconds: Option<f64>,
    ) -> Result<fdoku_fd::Budget, crate::error::BadInput> {
        budget(self.time_limit.or(default_seconds), self.node_limit, cancel)
    }
}

/// `--time-limit` (60 seconds unless given) and `--node-limit`, for work
/// that can run for minutes.
#[derive(Debug, Args)]
pub struct PatientLimitArgs {
    /// Stop after this many seconds (0: no limit).
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIME_LIMIT)]
    pub time_limit: f64,
    /// Stop after this many search nodes.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
}

impl PatientLimitArgs {
    /// A budget with these limits (the deadline counted from now) and the
    /// Ctrl-C flag.
    pub fn budget(
        &self,
        cancel: &Arc<AtomicBool>,
    ) -> Result<fdoku_fd::Budget, crate::error::BadInput> {
        budget(Some(self.time_limit), self.node_limit, cancel)
    }
}

/// A budget of `seconds` (0: none) and `nodes` from now, stopped by `cancel`.
pub fn budget(
    seconds: Option<f64>,
    nodes: Option<u64>,
    cancel: &Arc<AtomicBool>,
) -> Result<fdoku_fd::Budget, crate::error::BadInput> {
    let mut budget = fdoku_fd::Budget::unlimited().with_cancel_flag(Arc::clone(cancel));
    if let Some(nodes) = nodes {
        budget = budget.with_node_limit(nodes);
    }
    if let Some(seconds) = seconds.filter(|&s| s != 0.0) {
        let timeout = std::time::Duration::try_from_secs_f64(seconds).map_err(|_| {
            crate::error::BadInput(format!(
                "--time-limit {seconds}: expected a number of seconds ≥ 0"
            ))
        })?;
        budget = budget.with_timeout(timeout);
    }
    Ok(budget)
}

/// Parses a difficulty level, listing them in `--help`.
fn difficulty_parser() -> impl TypedValueParser<Value = fdoku_logic::grade::Level> {
    use fdoku_logic::grade::Level;
    PossibleValuesParser::new(Level::ALL.map(Level::name))
        .try_map(|s| Level::from_name(&s).ok_or("unknown level"))
}

/// Kinds of variant element, as `--rules` names them.
#[derive(Clone, Debug)]
pub struct ElementKinds(pub Vec<fdoku_sudoku::ElementKind>);

/// `--rules` in `fdoku generate --help`: what it does and every kind.
fn rules_long_help() -> String {
    format!(
        "Variant puzzles with these kinds of element, drawn in turn from the solution grid, then \
         givens taken away (and with --minimal the elements not needed), e.g. \
         `thermometer,white-dot,x-sum`.\n\nThe kinds: {}.",
        fdoku_sudoku::ElementKind::listing()
    )
}

/// Parses `thermometer,white-dot,x-sum` (names or short forms, plurals
/// allowed); `help` or an unknown name lists every kind.
fn element_kinds_parser(text: &str) -> Result<ElementKinds, String> {
    use fdoku_sudoku::ElementKind;
    let kinds: Result<Vec<ElementKind>, String> = text
        .split(',')
        .map(|name| {
            ElementKind::parse(name).ok_or_else(|| match name.trim() {
                "help" => format!("the kinds: {}", ElementKind::listing()),
                name => format!(
                    "unknown kind '{name}'; expected one of: {}",
                    ElementKind::listing()
                ),
            })
        })
        .collect();
    kinds.map(ElementKinds)
}

/// Parses a technique name (`x-wing`, `XWing`, `hidden pair`).
fn technique_parser(name: &str) -> Result<fdoku_logic::Technique, String> {
    use fdoku_logic::Technique;
    Technique::from_name(name)
        .filter(|t| t.is_implemented() && *t != Technique::Backtracking)
        .ok_or_else(|| {
            let names: Vec<&str> = Technique::ALL
                .iter()
                .filter(|t| t.is_implemented() && **t != Technique::Backtracking)
                .map(|t| t.name())
                .collect();
            format!(
                "unknown technique '{name}'; expected one of: {}",
                names.join(", ")
            )
        })
}

/// Parses a symmetry, listing them in `--help`.
fn symmetry_parser() -> impl TypedValueParser<Value = fdoku_sudoku::generate::Symmetry> {
    use fdoku_sudoku::generate::Symmetry;
    PossibleValuesParser::new(Symmetry::ALL.map(Symmetry::name)).try_map(|s| s.parse::<Symmetry>())
}

/// Parses `check|forward|hall|domain`, listing them in `--help`.
fn strength_parser() -> impl TypedValueParser<Value = Strength> {
    PossibleValuesParser::new(Strength::ALL.map(Strength::name)).try_map(|s| s.parse::<Strength>())
}

/// Parses a variable order, listing them in `--help`.
fn var_order_parser() -> impl TypedValueParser<Value = VarOrder> {
    PossibleValuesParser::new(VarOrder::ALL.map(VarOrder::name)).try_map(|s| s.parse::<VarOrder>())
}

/// Parses a value order, listing them in `--help`.
fn val_order_parser() -> impl TypedValueParser<Value = ValOrder> {
    PossibleValuesParser::new(ValOrder::ALL.map(ValOrder::name)).try_map(|s| s.parse::<ValOrder>())
}
