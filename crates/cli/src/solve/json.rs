//! The JSON records of `fdoku solve`, written by hand: a batch writes one
//! per puzzle, and going through the general serializer cost more than
//! solving an easy 9×9 puzzle. The text is the serializer's own: members
//! in the order below, no spaces, strings escaped as `serde_json` escapes
//! them (it writes every string that needs escaping), and the search
//! statistics through their own `Serialize`.
//!
//! A one-grid record is `{"index":…,"input":…,` then the [`Answer`]'s
//! members: `"status"`, `"solution"` (`null` when none), then `"count"` or
//! `"count_at_least"`, `"error"` and `"reason"` when they hold, and
//! `"stats"`. A multigrid's record adds `"layout"` and, with `--all`,
//! `"solutions"` before them; a record of `--all` streams its
//! `"solutions"` first and its answer at the end.

use std::io::{self, Write};

use fdoku_sudoku::GridLine;
use serde::Serialize;

use super::{Answer, write_decimal};

/// A value a record holds, written as JSON.
pub(crate) trait JsonValue {
    /// Writes the value.
    fn write_json<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()>;
}

impl JsonValue for GridLine<'_> {
    /// Digits and letters: a string with nothing to escape.
    fn write_json<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        out.write_all(b"\"")?;
        self.write_to(out)?;
        out.write_all(b"\"")
    }
}

impl JsonValue for str {
    fn write_json<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        // Control characters, quotes and backslashes are escaped; every
        // other character, non-ASCII ones too, is written as it is.
        let plain = self.bytes().fold(true, |plain, b| {
            plain & (b >= 0x20) & (b != b'"') & (b != b'\\')
        });
        if !plain {
            return serialized(out, self);
        }
        out.write_all(b"\"")?;
        out.write_all(self.as_bytes())?;
        out.write_all(b"\"")
    }
}

impl<T: Serialize> JsonValue for Vec<T> {
    fn write_json<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        serialized(out, self)
    }
}

impl<T: JsonValue + ?Sized> JsonValue for Option<&T> {
    fn write_json<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        match self {
            Some(value) => value.write_json(out),
            None => out.write_all(b"null"),
        }
    }
}

/// `value` through `serde_json`.
fn serialized<W: Write + ?Sized>(out: &mut W, value: &(impl Serialize + ?Sized)) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)
}

/// Writes `"key":`.
fn write_key<W: Write + ?Sized>(out: &mut W, key: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    out.write_all(key.as_bytes())?;
    out.write_all(b"\":")
}

/// Writes the start of a record, `{"index":…,"input":…`, to go on with
/// more members.
pub(super) fn record_start<W: Write + ?Sized>(
    out: &mut W,
    index: usize,
    input: &str,
) -> io::Result<()> {
    out.write_all(b"{")?;
    write_key(out, "index")?;
    write_decimal(out, index as u64)?;
    next_member(out, "input", input)
}

/// Writes `,"key":value`.
pub(super) fn next_member<W: Write + ?Sized>(
    out: &mut W,
    key: &str,
    value: &(impl JsonValue + ?Sized),
) -> io::Result<()> {
    out.write_all(b",")?;
    write_key(out, key)?;
    value.write_json(out)
}

/// Writes `,"key":n`.
fn next_number<W: Write + ?Sized>(out: &mut W, key: &str, n: u64) -> io::Result<()> {
    out.write_all(b",")?;
    write_key(out, key)?;
    write_decimal(out, n)
}

impl<S: JsonValue> Answer<S> {
    /// Writes the answer's members, each after a comma, and the record's
    /// closing brace.
    pub(super) fn write_end<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        next_member(out, "status", self.status)?;
        next_member(out, "solution", &self.solution.as_ref())?;
        if let Some(count) = self.count {
            next_number(out, "count", count)?;
        }
        if let Some(count) = self.count_at_least {
            next_number(out, "count_at_least", count)?;
        }
        if let Some(error) = &self.error {
            next_member(out, "error", error.as_str())?;
        }
        if let Some(reason) = &self.reason {
            next_member(out, "reason", reason.as_str())?;
        }
        out.write_all(b",")?;
        write_key(out, "stats")?;
        serialized(out, &self.stats)?;
        out.write_all(b"}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: &(impl JsonValue + ?Sized)) -> String {
        let mut out = Vec::new();
        value.write_json(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        for text in [
            "plain",
            "",
            "a \"quote\"",
            "back\\slash",
            "tab\there",
            "nul\0",
            "ünï ✓",
            "\u{7f}",
        ] {
            assert_eq!(json(text), serde_json::to_string(text).unwrap(), "{text:?}");
        }
    }

    #[test]
    fn absent_values_are_null() {
        assert_eq!(json(&None::<&str>), "null");
        assert_eq!(json(&Some("x")), "\"x\"");
        assert_eq!(json(&GridLine(&[1, 0, 12])), "\"1.C\"");
    }
}
