//! Errors in problem descriptions (JSON files, puzzle lines), with positions.
//!
//! A syntax error names the line and column; a semantic one names the field
//! by its path, e.g. `adjacent[3][1]`, and says what was expected.
//!
//! ```
//! use fdoku_models::coloring::MapSpec;
//!
//! let map = MapSpec::parse(r#"{"regions": ["A"], "adjacent": [["A", "B"]]}"#).unwrap();
//! let err = map.model(None).err().unwrap();
//! assert_eq!(err.to_string(), "adjacent[0][1]: unknown region \"B\" (expected one of the regions)");
//! ```

use thiserror::Error;

/// A description that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SpecError {
    /// Not valid JSON, or not the expected shape.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was wrong.
        message: String,
    },
    /// Well-formed but wrong: `field` says where.
    #[error("{field}: {message}")]
    Invalid {
        /// The path of the offending field.
        field: String,
        /// What was wrong and what was expected.
        message: String,
    },
}

impl SpecError {
    pub(crate) fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        SpecError::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// Parses JSON into `T`, turning serde's error into a [`SpecError::Syntax`].
pub(crate) fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, SpecError> {
    serde_json::from_str(text).map_err(|e| {
        let full = e.to_string();
        let message = match full.rfind(" at line ") {
            Some(at) => full[..at].to_owned(),
            None => full,
        };
        SpecError::Syntax {
            line: e.line(),
            column: e.column(),
            message,
        }
    })
}
