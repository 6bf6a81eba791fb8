//! Solve a file of 9×9 puzzles (one per line) through the plain 9×9 engine model:
//! `cargo run --release -p fdoku-models --example top95 -- [FILE [STRENGTH [ORDER]]]`,
//! e.g. `-- tests/data/norvig_top95.txt domain smallest-domain`. Without a FILE it
//! reads Norvig's top95, committed whole as `tests/data/norvig_top95.txt`.
use std::path::PathBuf;
use std::process::ExitCode;

use fdoku_fd::{SearchConfig, Solver, Strength, VarOrder, check};
use fdoku_models::sudoku9::Sudoku9;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("top95: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let path = args.next().map_or_else(
        || fdoku_testdata::fixture("norvig_top95.txt"),
        PathBuf::from,
    );
    let strength: Strength = args.next().map_or(Ok(Strength::Domain), |s| s.parse())?;
    let var_order: VarOrder = args.next().map_or(Ok(VarOrder::DomWdeg), |s| s.parse())?;
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let (mut puzzles, mut nodes, mut time) = (0, 0, std::time::Duration::ZERO);
    for (index, line) in text.lines().enumerate().filter(|(_, l)| l.len() >= 81) {
        let at = format!("{}:{}", path.display(), index + 1);
        let sudoku = Sudoku9::parse(line, strength).map_err(|e| format!("{at}: {e}"))?;
        let config = SearchConfig {
            var_order,
            ..SearchConfig::default()
        };
        let mut solver = Solver::with_config(&sudoku.model, config);
        let solution = solver
            .solve()
            .solution
            .ok_or_else(|| format!("{at}: the puzzle has no solution"))?;
        assert!(check(&sudoku.model, solution.values()).is_ok());
        puzzles += 1;
        nodes += solver.stats().nodes;
        time += solver.stats().time;
    }
    println!(
        "{puzzles} puzzles, {nodes} nodes, {:.4} s in the solver",
        time.as_secs_f64()
    );
    Ok(())
}
