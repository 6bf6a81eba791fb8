//! A 9×9 Sudoku model on the engine, solved for all its solutions under each
//! all_different strength, with the search statistics of each:
//! `cargo run -p fdoku-fd --example sudoku_strengths`.
use fdoku_fd::{Model, SearchConfig, Solver, Strength, check};

fn main() {
    let puzzle =
        "000080000000106507402700000080300100003000800005009070050008006301204000006010000";
    for strength in Strength::ALL {
        let mut m = Model::new();
        let cells = m.new_vars(81, 1, 9); // newVars 81 [1..9]
        for (&cell, digit) in cells.iter().zip(puzzle.bytes()) {
            if digit != b'0' {
                m.fix(cell, i32::from(digit - b'0')); // hasValue
            }
        }
        let at = |r: usize, c: usize| cells[9 * r + c];
        for i in 0..9 {
            let (br, bc) = (3 * (i / 3), 3 * (i % 3));
            m.all_different(&(0..9).map(|j| at(i, j)).collect::<Vec<_>>());
            m.all_different(&(0..9).map(|j| at(j, i)).collect::<Vec<_>>());
            m.all_different(
                &(0..9)
                    .map(|j| at(br + j / 3, bc + j % 3))
                    .collect::<Vec<_>>(),
            );
        }
        let config = SearchConfig {
            alldiff: Some(strength),
            ..SearchConfig::default()
        };
        let mut solver = Solver::with_config(&m, config);
        for solution in solver.solutions() {
            // labelling: every solution
            assert!(check(&m, solution.values()).is_ok());
            println!("{:?}", &solution.values()[..9]);
        }
        println!("{:>8}: {}", strength.name(), solver.stats());
    }
}
