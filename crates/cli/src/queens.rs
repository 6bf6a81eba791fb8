//! `fdoku queens N`: the N-queens problem.

use fdoku_fd::{Model, Solution};
use fdoku_models::queens::Queens;
use serde_json::json;

use crate::run::Problem;

impl Problem for Queens {
    /// The column (1-based) of the queen in each row.
    type Shown = Vec<usize>;

    fn name(&self) -> &'static str {
        "queens"
    }

    fn model(&self) -> &Model {
        &self.model
    }

    fn params(&self) -> serde_json::Value {
        json!({ "n": self.n })
    }

    fn shown(&self, solution: &Solution) -> Vec<usize> {
        self.columns(solution).iter().map(|c| c + 1).collect()
    }

    fn display(&self, solution: &Solution) -> String {
        self.board(solution)
    }

    fn line(&self, solution: &Solution) -> String {
        let columns: Vec<String> = self.shown(solution).iter().map(usize::to_string).collect();
        columns.join(" ")
    }
}
