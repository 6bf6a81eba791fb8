//! Map colouring: give each region a colour so that neighbours differ.
//!
//! A map is JSON:
//!
//! ```json
//! {
//!   "name": "Australia",
//!   "colors": ["red", "green", "blue"],
//!   "regions": ["WA", "NT", "SA", "Q", "NSW", "V", "T"],
//!   "adjacent": [["WA", "NT"], ["WA", "SA"], ["NT", "SA"], ["NT", "Q"],
//!                ["SA", "Q"], ["SA", "NSW"], ["SA", "V"], ["Q", "NSW"], ["NSW", "V"]]
//! }
//! ```
//!
//! * `regions` (required): unique names;
//! * `adjacent` (required): pairs of regions that share a border;
//! * `colors` (optional): unique colour names; their number is the default colour count;
//! * `name` (optional): shown in output.
//!
//! Each region is a variable over the colours and each border a `≠`
//! constraint. A colour count larger than the list of names adds `color 4`,
//! `color 5`…; without names the default is 3 colours.
//!
//! ```
//! use fdoku_fd::Solver;
//! use fdoku_models::coloring::MapSpec;
//!
//! let map = MapSpec::parse(r#"{"regions": ["A", "B", "C"], "adjacent": [["A", "B"], ["B", "C"]]}"#).unwrap();
//! let coloring = map.model(Some(2)).unwrap();
//! assert_eq!(Solver::new(&coloring.model).count(None).count, 2); // ABA or BAB
//! ```

use std::collections::{HashMap, HashSet};

use fdoku_fd::{Model, Solution, Var};
use serde::Deserialize;

use crate::spec::{SpecError, from_json};

/// A map as read from JSON.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// The map's name.
    #[serde(default)]
    pub name: Option<String>,
    /// Colour names.
    #[serde(default)]
    pub colors: Option<Vec<String>>,
    /// Region names.
    pub regions: Vec<String>,
    /// Pairs of neighbouring regions.
    pub adjacent: Vec<[String; 2]>,
}

/// A map-colouring model.
pub struct Coloring {
    /// The model.
    pub model: Model,
    /// One variable per region, in the order of `regions`; values index `colors`.
    pub regions: Vec<(String, Var)>,
    /// The colour names.
    pub colors: Vec<String>,
}

impl MapSpec {
    /// Reads a map from JSON text.
    pub fn parse(text: &str) -> Result<Self, SpecError> {
        from_json(text)
    }

    /// The model with `colors` colours (default: the number of colour names, or 3).
    pub fn model(&self, colors: Option<usize>) -> Result<Coloring, SpecError> {
        let names = self.colors.clone().unwrap_or_default();
        let mut seen = HashSet::new();
        for (i, name) in names.iter().enumerate() {
            if !seen.insert(name.as_str()) {
                return Err(SpecError::invalid(
                    format!("colors[{i}]"),
                    format!("colour \"{name}\" is listed twice (expected unique names)"),
                ));
            }
        }
        let count = colors.unwrap_or(if names.is_empty() { 3 } else { names.len() });
        if count == 0 || count > 1 << 20 {
            return Err(SpecError::invalid(
                "colors",
                format!("{count} colours requested (expected 1 to 1048576)"),
            ));
        }
        let colors: Vec<String> = (0..count)
            .map(|i| {
                names
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("color {}", i + 1))
            })
            .collect();
        let mut model = Model::new();
        let mut index = HashMap::new();
        let mut regions = Vec::new();
        for (i, name) in self.regions.iter().enumerate() {
            let var = model.new_var(0, count as i32 - 1);
            model.set_var_name(var, name.clone());
            if index.insert(name.as_str(), var).is_some() {
                return Err(SpecError::invalid(
                    format!("regions[{i}]"),
                    format!("region \"{name}\" is listed twice (expected unique names)"),
                ));
            }
            regions.push((name.clone(), var));
        }
        for (i, pair) in self.adjacent.iter().enumerate() {
            let mut ends = [Var(0); 2];
            for (j, name) in pair.iter().enumerate() {
                ends[j] = *index.get(name.as_str()).ok_or_else(|| {
                    SpecError::invalid(
                        format!("adjacent[{i}][{j}]"),
                        format!("unknown region \"{name}\" (expected one of the regions)"),
                    )
                })?;
            }
            if ends[0] == ends[1] {
                return Err(SpecError::invalid(
                    format!("adjacent[{i}]"),
                    format!("region \"{}\" cannot border itself", pair[0]),
                ));
            }
            let id = model.not_equal(ends[0], ends[1], 0);
            model.set_constraint_name(id, format!("{} ≠ {}", pair[0], pair[1]));
        }
        Ok(Coloring {
            model,
            regions,
            colors,
        })
    }
}

impl Coloring {
    /// Each region with its colour name, in region order.
    pub fn assignment<'a>(&'a self, solution: &Solution) -> Vec<(&'a str, &'a str)> {
        self.regions
            .iter()
            .map(|(name, var)| {
                (
                    name.as_str(),
                    self.colors[solution.value(*var) as usize].as_str(),
                )
            })
            .collect()
    }
}
