//! A batch's records as JSON: one array (`--format json`) or one record
//! per line (`--format jsonl`), written as they come so a long batch
//! streams.

use std::io::Write;

use serde::Serialize;

/// The two JSON layouts of a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonLayout {
    /// `[` record `,` record … `]`.
    Array,
    /// One record per line.
    Lines,
}

/// Writes records in one layout; nothing at all when there is none (the
/// command prints text instead).
pub struct JsonRecords {
    layout: Option<JsonLayout>,
    written: usize,
}

impl JsonRecords {
    /// Starts the output (`[` for an array).
    pub fn begin(layout: Option<JsonLayout>, out: &mut dyn Write) -> std::io::Result<Self> {
        if layout == Some(JsonLayout::Array) {
            write!(out, "[")?;
        }
        Ok(JsonRecords { layout, written: 0 })
    }

    /// A writer of the records of one layout that follow the first
    /// `written` (to write apart, then put in their place); it writes
    /// nothing at the start.
    pub fn continuing(layout: Option<JsonLayout>, written: usize) -> Self {
        JsonRecords { layout, written }
    }

    /// Counts `records` written by a writer from
    /// [`JsonRecords::continuing`].
    pub fn wrote(&mut self, records: usize) {
        self.written += records;
    }

    /// Writes `record`; `false` when the output is not JSON.
    pub fn write<W: Write + ?Sized>(
        &mut self,
        out: &mut W,
        record: &impl Serialize,
    ) -> anyhow::Result<bool> {
        Ok(self.write_with(out, |out| {
            serde_json::to_writer(out, record).map_err(std::io::Error::from)
        })?)
    }

    /// Writes a record that `write` puts out itself; `false` when the
    /// output is not JSON.
    pub fn write_with<W: Write + ?Sized>(
        &mut self,
        out: &mut W,
        write: impl FnOnce(&mut W) -> std::io::Result<()>,
    ) -> std::io::Result<bool> {
        if !self.open(out)? {
            return Ok(false);
        }
        write(out)?;
        self.close(out)?;
        Ok(true)
    }

    /// Starts a record that the caller writes piece by piece (one that
    /// streams), then ends with [`JsonRecords::close`]; `false` when the
    /// output is not JSON.
    pub fn open<W: Write + ?Sized>(&mut self, out: &mut W) -> std::io::Result<bool> {
        match self.layout {
            None => return Ok(false),
            Some(JsonLayout::Lines) => {}
            Some(JsonLayout::Array) => {
                if self.written > 0 {
                    write!(out, ",")?;
                }
                writeln!(out)?;
            }
        }
        self.written += 1;
        Ok(true)
    }

    /// Ends a record begun with [`JsonRecords::open`].
    pub fn close<W: Write + ?Sized>(&self, out: &mut W) -> std::io::Result<()> {
        if self.layout == Some(JsonLayout::Lines) {
            writeln!(out)?;
        }
        Ok(())
    }

    /// Ends the output (`]` for an array).
    pub fn end(self, out: &mut dyn Write) -> std::io::Result<()> {
        if self.layout == Some(JsonLayout::Array) {
            writeln!(out, "]")?;
        }
        Ok(())
    }
}
