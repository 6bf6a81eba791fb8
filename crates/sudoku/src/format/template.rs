//! Generation templates: a JSON puzzle description without givens or
//! elements (the base: size, boxes or regions, diagonals, cell rules) plus
//! a `generate` field saying what to draw on it.
//!
//! ```json
//! {"size": 6, "anti_knight": true,
//!  "generate": {"kinds": ["thermometer", "white-dot"], "elements": 6,
//!               "givens": false, "minimal": true}}
//! ```
//!
//! | `generate` field | meaning | default |
//! |---|---|---|
//! | `kinds` | the kinds of element, drawn in turn (repeat one to draw it more often) | required |
//! | `elements` | how many elements to draw at first | 8 |
//! | `givens` | whether givens may remain; `false`: the elements alone make the solution unique | `true` |
//! | `minimal` | take away every element not needed, too | `false` |
//!
//! ```
//! use fdoku_sudoku::ElementKind;
//! use fdoku_sudoku::format::Template;
//! use fdoku_sudoku::generate::generate_variant;
//!
//! let text = r#"{"size": 4, "generate": {"kinds": ["thermo", "white dot"], "elements": 3}}"#;
//! let template = Template::read("t.json", text).unwrap();
//! assert_eq!(template.options.kinds, [ElementKind::Thermometer, ElementKind::WhiteDot]);
//! let made = generate_variant(&template.rules, &template.options, 1).unwrap();
//! assert!(made.puzzle.rules().has_elements());
//! ```

use serde::Deserialize;
use serde_json::Value;

use super::json::{from_value as puzzle_from_json, serde_message};
use super::{ParseError, ParseErrorKind};
use crate::elements::ElementKind;
use crate::generate::VariantOptions;
use crate::rules::Rules;

/// The base rules and what to draw on them.
#[derive(Clone, Debug)]
pub struct Template {
    /// The base: cell rules and regions, no givens, no elements.
    pub rules: Rules,
    /// Kinds, element count, givens and minimality; limits are the
    /// defaults, for the caller to set.
    pub options: VariantOptions,
}

/// The `generate` field.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Drawing {
    kinds: Vec<String>,
    #[serde(default = "default_elements")]
    elements: usize,
    #[serde(default = "yes")]
    givens: bool,
    #[serde(default)]
    minimal: bool,
}

fn default_elements() -> usize {
    8
}

fn yes() -> bool {
    true
}

impl Template {
    /// Reads a template from `text` (`input` names it in errors): one JSON
    /// object. Syntax errors give their line and column; a wrong field is
    /// named in the message.
    pub fn read(input: &str, text: &str) -> Result<Template, ParseError> {
        let text = text.trim_start_matches('\u{feff}');
        let mut value: Value = serde_json::from_str(text).map_err(|e| ParseError {
            input: input.to_owned(),
            line: e.line().max(1),
            column: e.column().max(1),
            kind: ParseErrorKind::JsonSyntax,
            message: serde_message(&e),
        })?;
        let field = |message: String| ParseError {
            input: input.to_owned(),
            line: 1,
            column: 1,
            kind: ParseErrorKind::JsonField,
            message,
        };
        let Some(object) = value.as_object_mut() else {
            return Err(field("a template is one JSON object".to_owned()));
        };
        let drawing = object.remove("generate").ok_or_else(|| {
            field("generate: missing; a template says what to draw, e.g. {\"kinds\": [\"thermometer\"]}".to_owned())
        })?;
        let drawing: Drawing = serde_json::from_value(drawing)
            .map_err(|e| field(format!("generate: {}", serde_message(&e))))?;
        let kinds = drawing
            .kinds
            .iter()
            .enumerate()
            .map(|(at, name)| {
                ElementKind::parse(name).ok_or_else(|| {
                    field(format!(
                        "generate.kinds[{at}]: unknown kind '{name}'; expected one of: {}",
                        ElementKind::listing()
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if kinds.is_empty() {
            return Err(field(format!(
                "generate.kinds: empty; name at least one of: {}",
                ElementKind::listing()
            )));
        }
        let puzzle = puzzle_from_json(input, value)?;
        let rules = puzzle.rules();
        let refuse = |what: &str| {
            Err(field(format!(
                "{what}: a template is the base the puzzle is drawn on; it has no {what}"
            )))
        };
        if puzzle.givens().iter().any(|&g| g != 0) {
            return refuse("givens");
        }
        if !rules.cages().is_empty() {
            return refuse("cages");
        }
        if rules.has_elements() {
            return refuse("elements");
        }
        if rules.negative().any() {
            return refuse("negative");
        }
        Ok(Template {
            rules: rules.clone(),
            options: VariantOptions {
                kinds,
                elements: drawing.elements,
                givens: drawing.givens,
                minimal: drawing.minimal,
                ..VariantOptions::default()
            },
        })
    }
}
