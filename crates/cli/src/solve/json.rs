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
//! `"stats"` (written member by member, as the serializer would). A multigrid's record adds `"layout"` and, with `--all`,
//! `"solutions"` before them; a record of `--all` streams its
//! `"solutions"` first and its answer at the end.

use std::io::{self, Write};

use fdoku_sudoku::GridLine;
use fdoku_sudoku::solve::SearchStats;
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
        if !is_plain(self.as_bytes()) {
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

/// Whether `text` has nothing JSON escapes: control characters, quotes
/// and backslashes are escaped; every other character, non-ASCII ones
/// too, is written as it is. Eight bytes at a time, as a record's input
/// is read for it.
fn is_plain(text: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // A byte of `word` below `n` (n ≤ 0x80) sets its high bit here.
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS;
    let mut words = text.chunks_exact(8);
    let special = words.by_ref().fold(0, |found, chunk| {
        let word = u64::from_ne_bytes(chunk.try_into().expect("eight bytes"));
        found
            | below(word, 0x20)
            | below(word ^ (ONES * u64::from(b'"')), 1)
            | below(word ^ (ONES * u64::from(b'\\')), 1)
    });
    special == 0
        && words
            .remainder()
            .iter()
            .all(|&b| b >= 0x20 && b != b'"' && b != b'\\')
}

/// `value` through `serde_json`.
fn serialized<W: Write + ?Sized>(out: &mut W, value: &(impl Serialize + ?Sized)) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)
}

/// Writes `,"key":` in one piece for the usual short keys, as a record is
/// made of a handful of small pieces (inlined, so that a literal key's
/// length is known where it is written).
#[inline(always)]
fn write_key<W: Write + ?Sized>(out: &mut W, key: &str) -> io::Result<()> {
    let mut text = [0u8; 32];
    let end = key.len() + 4;
    if end > text.len() {
        out.write_all(b",\"")?;
        out.write_all(key.as_bytes())?;
        return out.write_all(b"\":");
    }
    text[..2].copy_from_slice(b",\"");
    text[2..end - 2].copy_from_slice(key.as_bytes());
    text[end - 2..end].copy_from_slice(b"\":");
    out.write_all(&text[..end])
}

/// Writes the start of a record, `{"index":…,"input":…`, to go on with
/// more members.
pub(super) fn record_start<W: Write + ?Sized>(
    out: &mut W,
    index: usize,
    input: &str,
) -> io::Result<()> {
    out.write_all(b"{\"index\":")?;
    write_decimal(out, index as u64)?;
    next_member(out, "input", input)
}

/// Writes `,"key":value`.
#[inline(always)]
pub(super) fn next_member<W: Write + ?Sized>(
    out: &mut W,
    key: &str,
    value: &(impl JsonValue + ?Sized),
) -> io::Result<()> {
    write_key(out, key)?;
    value.write_json(out)
}

/// Writes `,"key":n`.
#[inline(always)]
fn next_number<W: Write + ?Sized>(out: &mut W, key: &str, n: u64) -> io::Result<()> {
    write_key(out, key)?;
    write_decimal(out, n)
}

/// Writes `,"stats":{…}`: the members [`SearchStats`] serializes, in its
/// order.
fn write_stats<W: Write + ?Sized>(out: &mut W, stats: &SearchStats) -> io::Result<()> {
    out.write_all(b",\"stats\":{\"guesses\":")?;
    write_decimal(out, stats.guesses)?;
    next_number(out, "nodes", stats.nodes)?;
    next_number(out, "micros", stats.micros)?;
    out.write_all(b"}")
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
        write_stats(out, &self.stats)?;
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
    fn stats_are_written_as_the_serializer_writes_them() {
        for stats in [
            SearchStats::default(),
            SearchStats {
                guesses: 12,
                nodes: 1 << 40,
                micros: u64::MAX,
                stopped: None,
            },
        ] {
            let mut out = Vec::new();
            write_stats(&mut out, &stats).unwrap();
            let expected = format!(",\"stats\":{}", serde_json::to_string(&stats).unwrap());
            assert_eq!(String::from_utf8(out).unwrap(), expected);
        }
    }

    #[test]
    fn keys_of_any_length_are_written_whole() {
        for key in ["", "index", "count_at_least", &"k".repeat(40)] {
            let mut out = Vec::new();
            write_key(&mut out, key).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), format!(",\"{key}\":"));
        }
    }

    #[test]
    fn every_byte_that_needs_escaping_is_found_at_every_place() {
        for special in (0u8..0x20).chain([b'"', b'\\']) {
            for len in 1..20 {
                for at in 0..len {
                    let mut text = vec![b'5'; len];
                    text[at] = special;
                    assert!(!is_plain(&text), "{special:#x} at {at} of {len}");
                }
            }
        }
        for plain in (0x20u8..=0xff).filter(|&b| b != b'"' && b != b'\\') {
            assert!(is_plain(&[plain; 17]), "{plain:#x}");
        }
        assert!(is_plain(b""));
    }

    #[test]
    fn absent_values_are_null() {
        assert_eq!(json(&None::<&str>), "null");
        assert_eq!(json(&Some("x")), "\"x\"");
        assert_eq!(json(&GridLine(&[1, 0, 12])), "\"1.C\"");
    }
}
