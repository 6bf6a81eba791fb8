//! Reading an input a piece at a time, so that a file of millions of
//! puzzles is never held whole.
//!
//! An input of puzzles one per line is cut into runs of whole lines of
//! about [`CHUNK_BYTES`], each numbered with its first line, to be read and
//! solved apart. Which format an input holds is decided from its start
//! (its first [`DETECT_BYTES`], or all of it when shorter); an input of any
//! other format, or of grids of several Sudokus, is read whole as before.

use std::fs::File;
use std::io::{ErrorKind, Read};
use std::path::Path;
use std::sync::Arc;

use fdoku_sudoku::format::{Format, detect, multigrid};

use super::{read_arg, utf8_or_replaced};

/// About how many bytes of lines a piece holds: some 400 puzzles of one
/// line each, about a millisecond of work, so that the pieces of a short
/// file still keep many workers busy to the end, while handing out and
/// writing a piece costs the main thread little beside it.
const CHUNK_BYTES: usize = 32 * 1024;

/// How much of an input's start decides its format: hundreds of lines.
const DETECT_BYTES: usize = 1024 * 1024;

/// A byte-order mark, which a text may start with.
const BOM: &str = "\u{feff}";

/// One named input, opened.
pub enum Opened {
    /// Puzzles one per line, read piece by piece.
    Lines(LineChunks),
    /// The whole text (named), of another format.
    Whole(String, String),
}

/// A run of whole lines of an input.
pub struct LineChunk {
    /// The input's name.
    pub name: Arc<str>,
    /// The 1-based number of its first line.
    pub first_line: usize,
    /// The lines.
    pub text: String,
}

/// The pieces of an input of puzzles one per line, in order.
pub struct LineChunks {
    name: Arc<str>,
    reader: Box<dyn Read>,
    /// Bytes read and not yet handed out; they start a line.
    pending: Vec<u8>,
    ended: bool,
    next_line: usize,
    /// Whether every byte so far is white space (an empty input).
    blank: bool,
}

/// Opens `arg` (a file, `-` for stdin, or a puzzle written as the
/// argument); `multigrids` and `format` say how to read it, as for a whole
/// text. Errors name the input.
pub fn open(arg: &Path, format: Format, multigrids: bool) -> Result<Opened, String> {
    let (name, reader): (String, Box<dyn Read>) = if arg.as_os_str() == "-" {
        ("<stdin>".to_owned(), Box::new(std::io::stdin()))
    } else if arg.exists() {
        let name = arg.display().to_string();
        match File::open(arg) {
            Ok(file) => (name, Box::new(file)),
            Err(e) => return Err(format!("cannot read {name}: {e}")),
        }
    } else {
        let (name, text) = read_arg(arg)?;
        return Ok(Opened::Whole(name, text));
    };
    let mut chunks = LineChunks {
        name: Arc::from(name.as_str()),
        reader,
        pending: Vec::new(),
        ended: false,
        next_line: 1,
        blank: true,
    };
    let read = |chunks: &mut LineChunks, size| {
        chunks
            .fill(size)
            .map_err(|e| format!("cannot read {name}: {e}"))
    };
    read(&mut chunks, DETECT_BYTES)?;
    let start = &chunks.pending[..chunks.whole_lines()];
    // Borrowed when UTF-8, the usual case (the lossy reading is slower).
    let start = match std::str::from_utf8(start) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(start),
    };
    if !multigrids && is_lines(&start, format) {
        return Ok(Opened::Lines(chunks));
    }
    read(&mut chunks, usize::MAX)?;
    Ok(Opened::Whole(name, utf8_or_replaced(chunks.pending)))
}

/// Whether a text starting with `start` (whole lines) is read as puzzles
/// one per line, neither detected as another format nor holding
/// multigrids.
fn is_lines(start: &str, format: Format) -> bool {
    let format = match format {
        Format::Auto => detect(start.strip_prefix(BOM).unwrap_or(start)),
        other => other,
    };
    format == Format::Line && !multigrid::detect(start)
}

impl LineChunks {
    /// The input's name.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// Whether the input held nothing but white space (known once every
    /// piece is read).
    pub fn blank(&self) -> bool {
        self.blank
    }

    /// The next run of whole lines, `None` at the end of the input.
    pub fn next_chunk(&mut self) -> std::io::Result<Option<LineChunk>> {
        self.fill(CHUNK_BYTES)?;
        let cut = self.whole_lines();
        if cut == 0 {
            return Ok(None);
        }
        let rest = self.pending.split_off(cut);
        let bytes = std::mem::replace(&mut self.pending, rest);
        let first_line = self.next_line;
        self.next_line += newlines(&bytes);
        let mut text = utf8_or_replaced(bytes);
        self.blank = self.blank && text.trim().is_empty();
        if first_line == 1 && text.starts_with(BOM) {
            text.drain(..BOM.len());
        }
        Ok(Some(LineChunk {
            name: Arc::clone(&self.name),
            first_line,
            text,
        }))
    }

    /// How many pending bytes make whole lines: up to the last newline, or
    /// all of them at the end of the input.
    fn whole_lines(&self) -> usize {
        if self.ended {
            return self.pending.len();
        }
        self.pending
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
    }

    /// Reads until at least `size` bytes and a whole line are pending, or
    /// the input ends.
    fn fill(&mut self, size: usize) -> std::io::Result<()> {
        let (mut searched, mut has_line) = (0, false);
        while !self.ended {
            has_line = has_line || self.pending[searched..].contains(&b'\n');
            searched = self.pending.len();
            if searched >= size && has_line {
                break;
            }
            self.pending.resize(searched + CHUNK_BYTES, 0);
            let read = loop {
                match self.reader.read(&mut self.pending[searched..]) {
                    Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                    other => break other,
                }
            };
            self.pending
                .truncate(searched + *read.as_ref().unwrap_or(&0));
            self.ended = read? == 0;
        }
        Ok(())
    }
}

/// How many newlines `bytes` holds, counted in runs short enough for a
/// byte counter, so that the count runs on vectors.
fn newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(usize::from(u8::MAX))
        .map(|run| usize::from(run.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}
