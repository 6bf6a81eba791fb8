//! N queens: place N queens on an N×N board, no two attacking.
//!
//! One variable per row holds the column of that row's queen, so two queens
//! never share a row. Columns differ: `all_different(q)`. Diagonals differ:
//! `all_different(qᵢ + i)` and `all_different(qᵢ − i)` — the offsets turn
//! both diagonal directions into plain all-different constraints.
//!
//! ```
//! use fdoku_fd::{Solver, Strength};
//! use fdoku_models::queens::Queens;
//!
//! let q = Queens::new(4, Strength::Domain);
//! let mut solver = Solver::new(&q.model);
//! let first = solver.solve().solution.unwrap();
//! assert_eq!(q.board(&first), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
//! ```

use fdoku_fd::{Model, Solution, Strength, Var};

/// The N-queens model.
pub struct Queens {
    /// Board size.
    pub n: usize,
    /// The model.
    pub model: Model,
    /// `rows[i]` is the column (0-based) of the queen in row `i`.
    pub rows: Vec<Var>,
}

impl Queens {
    /// The model for an `n`×`n` board with all_different at `strength`.
    pub fn new(n: usize, strength: Strength) -> Self {
        let mut model = Model::new();
        let rows = model.new_vars(n, 0, n as i32 - 1);
        for (i, &row) in rows.iter().enumerate() {
            model.set_var_name(row, format!("row {}", i + 1));
        }
        let up: Vec<i32> = (0..n as i32).collect();
        let down: Vec<i32> = (0..n as i32).map(|i| -i).collect();
        let named = [
            ("columns", vec![0; n]),
            ("diagonals ↘", up),
            ("diagonals ↗", down),
        ];
        for (name, offsets) in named {
            let id = model.all_different_offset(&rows, &offsets, strength);
            model.set_constraint_name(id, name);
        }
        Queens { n, model, rows }
    }

    /// The 0-based column of the queen in each row.
    pub fn columns(&self, solution: &Solution) -> Vec<usize> {
        self.rows
            .iter()
            .map(|&r| solution.value(r) as usize)
            .collect()
    }

    /// The board, one line per row, `Q` for a queen and `.` for an empty square.
    pub fn board(&self, solution: &Solution) -> String {
        let mut out = String::new();
        for column in self.columns(solution) {
            let squares: Vec<&str> = (0..self.n)
                .map(|c| if c == column { "Q" } else { "." })
                .collect();
            out.push_str(&squares.join(" "));
            out.push('\n');
        }
        out
    }
}
