//! Feature models: which combinations of product features are allowed.
//!
//! The usual feature-model rules over on/off features (0/1 variables):
//!
//! | rule | meaning |
//! |---|---|
//! | `mandatory` | parent and child are both on or both off |
//! | `optional` | the child may be on only when the parent is on |
//! | `alternative` | parent on: exactly one child on; a child on needs the parent |
//! | `or` | parent on: at least one child on; a child on needs the parent |
//! | `requires` | `from` on needs `to` on |
//! | `excludes` | `a` and `b` are never both on |
//!
//! The engine knows no feature vocabulary: each rule becomes clauses and
//! sums ([`FeatureRule::constraints`]).
//!
//! A model is JSON:
//!
//! ```json
//! {
//!   "name": "Mobile phone",
//!   "features": ["Mobile Phone", "Calls", "GPS", "Screen", "Basic"],
//!   "root": "Mobile Phone",
//!   "rules": [
//!     {"rule": "mandatory", "parent": "Mobile Phone", "child": "Calls"},
//!     {"rule": "optional", "parent": "Mobile Phone", "child": "GPS"},
//!     {"rule": "alternative", "parent": "Screen", "children": ["Basic", "Colour"]},
//!     {"rule": "or", "parent": "Media", "children": ["Camera", "MP3"]},
//!     {"rule": "requires", "from": "Camera", "to": "High resolution"},
//!     {"rule": "excludes", "a": "GPS", "b": "Basic"}
//!   ]
//! }
//! ```
//!
//! `features` lists every feature once; `root` (optional) is switched on, as
//! a product's top feature always is; every name in `rules` must
//! be a feature.
//!
//! ```
//! use fdoku_fd::Solver;
//! use fdoku_models::features::FeatureSpec;
//!
//! let spec = FeatureSpec::parse(r#"{
//!   "features": ["Car", "Engine", "Petrol", "Electric"], "root": "Car",
//!   "rules": [{"rule": "mandatory", "parent": "Car", "child": "Engine"},
//!             {"rule": "alternative", "parent": "Engine", "children": ["Petrol", "Electric"]}]
//! }"#).unwrap();
//! let fm = spec.model().unwrap();
//! let mut solver = Solver::new(&fm.model);
//! let configs: Vec<Vec<&str>> = solver.solutions().map(|s| fm.enabled(&s)).collect();
//! assert_eq!(configs, [vec!["Car", "Engine", "Electric"], vec!["Car", "Engine", "Petrol"]]);
//! ```

mod rule;

use std::collections::HashMap;

use fdoku_fd::{Model, Solution, Var};
use serde::Deserialize;

pub use self::rule::FeatureRule;
use crate::spec::{SpecError, from_json};

/// One rule as written in JSON.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum RuleSpec {
    /// Parent and child both on or both off.
    Mandatory {
        /// Parent feature.
        parent: String,
        /// Child feature.
        child: String,
    },
    /// Child only with the parent.
    Optional {
        /// Parent feature.
        parent: String,
        /// Child feature.
        child: String,
    },
    /// Exactly one child when the parent is on.
    Alternative {
        /// Parent feature.
        parent: String,
        /// Child features.
        children: Vec<String>,
    },
    /// At least one child when the parent is on.
    Or {
        /// Parent feature.
        parent: String,
        /// Child features.
        children: Vec<String>,
    },
    /// `from` needs `to`.
    Requires {
        /// Requiring feature.
        from: String,
        /// Required feature.
        to: String,
    },
    /// Never both.
    Excludes {
        /// One feature.
        a: String,
        /// The other.
        b: String,
    },
}

/// A feature model as read from JSON.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureSpec {
    /// The model's name.
    #[serde(default)]
    pub name: Option<String>,
    /// Every feature, once.
    pub features: Vec<String>,
    /// A feature forced on.
    #[serde(default)]
    pub root: Option<String>,
    /// The rules.
    pub rules: Vec<RuleSpec>,
}

/// A feature model compiled to the engine.
pub struct FeatureModel {
    /// The model.
    pub model: Model,
    /// One 0/1 variable per feature, in the order of `features`.
    pub features: Vec<(String, Var)>,
}

impl FeatureSpec {
    /// Reads a feature model from JSON text.
    pub fn parse(text: &str) -> Result<Self, SpecError> {
        from_json(text)
    }

    /// Compiles the rules; unknown or repeated names are errors naming the field.
    /// The constraints of rule `i` are named `rules[i] KIND`, e.g.
    /// `rules[4] alternative`.
    pub fn model(&self) -> Result<FeatureModel, SpecError> {
        let mut model = Model::new();
        let mut index: HashMap<&str, Var> = HashMap::new();
        let mut features = Vec::new();
        for (i, name) in self.features.iter().enumerate() {
            let var = model.new_bool();
            model.set_var_name(var, name.clone());
            if index.insert(name.as_str(), var).is_some() {
                return Err(SpecError::invalid(
                    format!("features[{i}]"),
                    format!("feature \"{name}\" is listed twice (expected unique names)"),
                ));
            }
            features.push((name.clone(), var));
        }
        let lookup = |field: String, name: &str| {
            index.get(name).copied().ok_or_else(|| {
                SpecError::invalid(
                    field,
                    format!("unknown feature \"{name}\" (expected one of the features)"),
                )
            })
        };
        if let Some(root) = &self.root {
            let var = lookup("root".to_owned(), root)?;
            model.fix(var, 1);
        }
        for (i, rule) in self.rules.iter().enumerate() {
            let at = |field: &str| format!("rules[{i}].{field}");
            let many = |field: &str, names: &[String]| -> Result<Vec<Var>, SpecError> {
                if names.is_empty() {
                    return Err(SpecError::invalid(
                        at(field),
                        "expected at least one feature",
                    ));
                }
                names
                    .iter()
                    .enumerate()
                    .map(|(j, n)| lookup(format!("{}[{j}]", at(field)), n))
                    .collect()
            };
            let compiled = match rule {
                RuleSpec::Mandatory { parent, child } => FeatureRule::Mandatory {
                    parent: lookup(at("parent"), parent)?,
                    child: lookup(at("child"), child)?,
                },
                RuleSpec::Optional { parent, child } => FeatureRule::Optional {
                    parent: lookup(at("parent"), parent)?,
                    child: lookup(at("child"), child)?,
                },
                RuleSpec::Alternative { parent, children } => FeatureRule::Alternative {
                    parent: lookup(at("parent"), parent)?,
                    children: many("children", children)?,
                },
                RuleSpec::Or { parent, children } => FeatureRule::Or {
                    parent: lookup(at("parent"), parent)?,
                    children: many("children", children)?,
                },
                RuleSpec::Requires { from, to } => FeatureRule::Requires {
                    from: lookup(at("from"), from)?,
                    to: lookup(at("to"), to)?,
                },
                RuleSpec::Excludes { a, b } => FeatureRule::Excludes {
                    a: lookup(at("a"), a)?,
                    b: lookup(at("b"), b)?,
                },
            };
            let name = format!("rules[{i}] {}", compiled.kind());
            for constraint in compiled.constraints() {
                let id = model.post(constraint);
                model.set_constraint_name(id, name.clone());
            }
        }
        Ok(FeatureModel { model, features })
    }
}

impl FeatureModel {
    /// The names of the features that are on, in feature order.
    pub fn enabled<'a>(&'a self, solution: &Solution) -> Vec<&'a str> {
        self.features
            .iter()
            .filter(|(_, var)| solution.value(*var) == 1)
            .map(|(name, _)| name.as_str())
            .collect()
    }
}
