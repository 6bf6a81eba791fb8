//! Solve a file of 9×9 puzzles (one per line) through the plain 9×9 engine model:
//! `cargo run --release -p fdoku-models --example top95 -- ../shared/data/norvig_top95.txt [domain] [smallest-domain]`.
use fdoku_fd::{SearchConfig, Solver, Strength, VarOrder, check};
use fdoku_models::sudoku9::Sudoku9;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "../shared/data/norvig_top95.txt".to_owned());
    let strength: Strength = args
        .next()
        .map_or(Ok(Strength::Domain), |s| s.parse())
        .expect("strength");
    let var_order: VarOrder = args
        .next()
        .map_or(Ok(VarOrder::DomWdeg), |s| s.parse())
        .expect("order");
    let text = std::fs::read_to_string(&path).expect("readable puzzle file");
    let (mut puzzles, mut nodes, mut time) = (0, 0, std::time::Duration::ZERO);
    for line in text.lines().filter(|l| l.len() >= 81) {
        let sudoku = Sudoku9::parse(line, strength).expect("81 characters");
        let config = SearchConfig {
            var_order,
            ..SearchConfig::default()
        };
        let mut solver = Solver::with_config(&sudoku.model, config);
        let solution = solver.solve().solution.expect("solvable");
        assert!(check(&sudoku.model, solution.values()).is_ok());
        puzzles += 1;
        nodes += solver.stats().nodes;
        time += solver.stats().time;
    }
    println!(
        "{puzzles} puzzles, {nodes} nodes, {:.4} s in the solver",
        time.as_secs_f64()
    );
}
