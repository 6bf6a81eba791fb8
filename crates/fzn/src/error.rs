//! Errors of reading and compiling FlatZinc, each with its position.

use thiserror::Error;

/// A position in the FlatZinc text (1-based).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    /// The line.
    pub line: usize,
    /// The column, in characters.
    pub column: usize,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What kind of problem an [`Error`](struct@Error) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text is not FlatZinc.
    Syntax,
    /// Valid FlatZinc that this solver does not take: float or set
    /// variables, an unknown builtin.
    Unsupported,
    /// FlatZinc that makes no sense: an undeclared name, a wrong argument.
    Invalid,
}

/// A FlatZinc model that cannot be read or solved, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{pos}: {message}")]
pub struct Error {
    /// Where.
    pub pos: Pos,
    /// What kind of problem.
    pub kind: ErrorKind,
    /// What is wrong, and what was expected.
    pub message: String,
}

impl Error {
    /// A syntax error at `pos`.
    pub(crate) fn syntax(pos: Pos, message: impl Into<String>) -> Self {
        Error {
            pos,
            kind: ErrorKind::Syntax,
            message: message.into(),
        }
    }

    /// Something valid this solver does not take.
    pub(crate) fn unsupported(pos: Pos, message: impl Into<String>) -> Self {
        Error {
            pos,
            kind: ErrorKind::Unsupported,
            message: message.into(),
        }
    }

    /// Something that makes no sense.
    pub(crate) fn invalid(pos: Pos, message: impl Into<String>) -> Self {
        Error {
            pos,
            kind: ErrorKind::Invalid,
            message: message.into(),
        }
    }
}
