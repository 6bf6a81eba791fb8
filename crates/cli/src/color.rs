//! `fdoku color MAP.json`: map colouring.

use std::collections::BTreeMap;

use fdoku_fd::{Model, Solution};
use fdoku_models::coloring::{Coloring, MapSpec};
use serde_json::json;

use crate::cli::ColorArgs;
use crate::error::BadInput;
use crate::run::{Problem, read_input};

/// A map with its colouring model.
pub struct ColorProblem {
    map: MapSpec,
    coloring: Coloring,
}

impl ColorProblem {
    /// Reads and compiles the map named by `args`.
    pub fn load(args: &ColorArgs) -> anyhow::Result<Self> {
        let text = read_input(&args.map)?;
        let bad = |e: fdoku_models::SpecError| BadInput(format!("{}: {e}", args.map.display()));
        let map = MapSpec::parse(&text).map_err(bad)?;
        let coloring = map.model(args.colors).map_err(bad)?;
        Ok(ColorProblem { map, coloring })
    }
}

impl Problem for ColorProblem {
    /// Region name → colour name.
    type Shown = BTreeMap<String, String>;

    fn name(&self) -> &'static str {
        "color"
    }

    fn model(&self) -> &Model {
        &self.coloring.model
    }

    fn params(&self) -> serde_json::Value {
        json!({ "map": self.map.name, "colors": self.coloring.colors })
    }

    fn shown(&self, solution: &Solution) -> Self::Shown {
        let pairs = self.coloring.assignment(solution).into_iter();
        pairs.map(|(r, c)| (r.to_owned(), c.to_owned())).collect()
    }

    fn display(&self, solution: &Solution) -> String {
        let assignment = self.coloring.assignment(solution);
        let width = assignment
            .iter()
            .map(|(r, _)| r.chars().count())
            .max()
            .unwrap_or(0);
        assignment
            .iter()
            .map(|(region, color)| format!("{region:>width$}: {color}\n"))
            .collect()
    }

    fn line(&self, solution: &Solution) -> String {
        let pairs: Vec<String> = self
            .coloring
            .assignment(solution)
            .iter()
            .map(|(region, color)| format!("{region}={color}"))
            .collect();
        pairs.join(" ")
    }
}
