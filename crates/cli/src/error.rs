//! Errors that are the user's to fix (exit code 2), as opposed to ours (1).

use std::fmt;

/// Bad input or usage: the message names the input and what was expected.
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}
