//! The plain 9×9 Sudoku model: 81 variables over 1..9, the givens, and 27
//! `all_different` constraints (9 rows, 9 columns, 9 boxes).
//!
//! This is the model of the 2008 Haskell FD Sudoku article, kept to re-run
//! its experiment and to benchmark the engine; the full Sudoku toolkit (every size and
//! variant, fast solvers) builds its own models on the engine.
//!
//! ```
//! use fdoku_fd::{Solver, Strength};
//! use fdoku_models::sudoku9::Sudoku9;
//!
//! let s = Sudoku9::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", Strength::Domain).unwrap();
//! let solution = Solver::new(&s.model).solve().solution.unwrap();
//! assert!(s.render(&solution).starts_with("417369825"));
//! ```

use fdoku_fd::{Model, Solution, Strength, Var};

use crate::spec::SpecError;

/// The 9×9 Sudoku model.
pub struct Sudoku9 {
    /// The model.
    pub model: Model,
    /// The 81 cells, row by row.
    pub cells: Vec<Var>,
}

impl Sudoku9 {
    /// Reads 81 characters (`1`-`9` givens, `.` or `0` blanks) into a model whose
    /// `all_different`s have `strength`.
    pub fn parse(line: &str, strength: Strength) -> Result<Self, SpecError> {
        let chars: Vec<char> = line.trim_end().chars().collect();
        if chars.len() != 81 {
            return Err(SpecError::invalid(
                "puzzle",
                format!("{} characters (expected 81)", chars.len()),
            ));
        }
        let mut model = Model::new();
        let cells = model.new_vars(81, 1, 9);
        for (i, (&cell, &c)) in cells.iter().zip(&chars).enumerate() {
            model.set_var_name(cell, format!("r{}c{}", i / 9 + 1, i % 9 + 1));
            match c {
                '1'..='9' => model.fix(cell, c as i32 - '0' as i32),
                '.' | '0' => {}
                _ => {
                    return Err(SpecError::invalid(
                        format!("puzzle column {}", i + 1),
                        format!("'{c}' (expected 1-9, '.' or '0')"),
                    ));
                }
            }
        }
        for i in 0..9 {
            let row: Vec<Var> = (0..9).map(|j| cells[9 * i + j]).collect();
            let column: Vec<Var> = (0..9).map(|j| cells[9 * j + i]).collect();
            let corner = 27 * (i / 3) + 3 * (i % 3);
            let boxed: Vec<Var> = (0..9)
                .map(|j| cells[corner + 9 * (j / 3) + j % 3])
                .collect();
            for (kind, vars) in [("row", row), ("column", column), ("box", boxed)] {
                let id = model.all_different_offset(&vars, &[0; 9], strength);
                model.set_constraint_name(id, format!("{kind} {}", i + 1));
            }
        }
        Ok(Sudoku9 { model, cells })
    }

    /// The solution as 81 digits.
    pub fn render(&self, solution: &Solution) -> String {
        self.cells
            .iter()
            .map(|&c| char::from(b'0' + solution.value(c) as u8))
            .collect()
    }
}
