//! Errors that are the user's to fix (exit code 2), as opposed to ours (1),
//! and the exit code of a batch.

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

/// The exit code of a batch: 2 if some input could not be used (the rest
/// were still processed), else 3 if something stopped early (a limit or
/// Ctrl-C), else 0.
pub fn batch_exit_code(failed: bool, stopped: bool) -> u8 {
    if failed {
        2
    } else if stopped {
        3
    } else {
        0
    }
}
