//! `fdoku features MODEL.json`: configurations of a feature model.

use fdoku_fd::{Model, Solution};
use fdoku_models::features::{FeatureModel, FeatureSpec};
use serde_json::json;

use crate::cli::FeaturesArgs;
use crate::error::BadInput;
use crate::run::{Problem, read_input};

/// A feature model with its compiled model.
pub struct FeaturesProblem {
    spec: FeatureSpec,
    compiled: FeatureModel,
}

impl FeaturesProblem {
    /// Reads and compiles the feature model named by `args`.
    pub fn load(args: &FeaturesArgs) -> anyhow::Result<Self> {
        let text = read_input(&args.model)?;
        let bad = |e: fdoku_models::SpecError| BadInput(format!("{}: {e}", args.model.display()));
        let spec = FeatureSpec::parse(&text).map_err(bad)?;
        let compiled = spec.model().map_err(bad)?;
        Ok(FeaturesProblem { spec, compiled })
    }
}

impl Problem for FeaturesProblem {
    /// The features switched on.
    type Shown = Vec<String>;

    fn name(&self) -> &'static str {
        "features"
    }

    fn model(&self) -> &Model {
        &self.compiled.model
    }

    fn params(&self) -> serde_json::Value {
        json!({ "model": self.spec.name, "features": self.spec.features })
    }

    fn shown(&self, solution: &Solution) -> Vec<String> {
        self.compiled
            .enabled(solution)
            .into_iter()
            .map(str::to_owned)
            .collect()
    }

    fn display(&self, solution: &Solution) -> String {
        self.compiled
            .enabled(solution)
            .iter()
            .map(|f| format!("{f}\n"))
            .collect()
    }

    fn line(&self, solution: &Solution) -> String {
        self.compiled.enabled(solution).join(", ")
    }
}
