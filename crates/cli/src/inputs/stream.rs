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
    /// Bytes read; those from `start` on are not handed out yet, and
    /// start a line.
    pending: Vec<u8>,
    start: usize,
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
        start: 0,
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

    /// The next run of whole lines, `None` at the end of the input: about
    /// [`CHUNK_BYTES`], even while the start read to detect the format is
    /// handed out, so that the first pieces keep many workers busy too.
    pub fn next_chunk(&mut self) -> std::io::Result<Option<LineChunk>> {
        self.fill(CHUNK_BYTES)?;
        let cut = self.piece_end();
        if cut == 0 {
            return Ok(None);
        }
        // The bytes are taken over when they are all that is pending, and
        // copied out of a longer run (the start read to detect the format).
        let bytes = if self.start == 0 && cut == self.pending.len() {
            std::mem::take(&mut self.pending)
        } else {
            self.start += cut;
            self.pending[self.start - cut..self.start].to_vec()
        };
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

    /// Where the next piece ends: after the first newline from
    /// [`CHUNK_BYTES`] on, or after every whole line pending when there is
    /// less.
    fn piece_end(&self) -> usize {
        let past = self.pending[self.start..].get(CHUNK_BYTES - 1..);
        match past.and_then(|past| past.iter().position(|&b| b == b'\n')) {
            Some(i) => CHUNK_BYTES + i,
            None => self.whole_lines(),
        }
    }

    /// How many pending bytes make whole lines: up to the last newline, or
    /// all of them at the end of the input.
    fn whole_lines(&self) -> usize {
        let pending = &self.pending[self.start..];
        if self.ended {
            return pending.len();
        }
        pending
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
    }

    /// Reads until at least `size` bytes and a whole line are pending, or
    /// the input ends.
    fn fill(&mut self, size: usize) -> std::io::Result<()> {
        let (mut searched, mut has_line) = (self.start, false);
        while !self.ended {
            has_line = has_line || self.pending[searched..].contains(&b'\n');
            searched = self.pending.len();
            if searched - self.start >= size && has_line {
                break;
            }
            // What was handed out goes before more is read.
            self.pending.drain(..self.start);
            searched -= self.start;
            self.start = 0;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Pieces of `text` as [`open`] hands them out after reading its start
    /// to detect the format.
    fn pieces(text: &str) -> Vec<LineChunk> {
        let mut chunks = LineChunks {
            name: Arc::from("t.txt"),
            reader: Box::new(std::io::Cursor::new(text.as_bytes().to_vec())),
            pending: Vec::new(),
            start: 0,
            ended: false,
            next_line: 1,
            blank: true,
        };
        chunks.fill(DETECT_BYTES).unwrap();
        std::iter::from_fn(|| chunks.next_chunk().unwrap()).collect()
    }

    /// The start read to detect the format is handed out in pieces of the
    /// usual size, not as one: the first pieces keep many workers busy.
    #[test]
    fn the_start_of_a_long_input_goes_out_in_pieces_of_the_usual_size() {
        let line = ".".repeat(81);
        let mut text = String::new();
        for n in 0..40_000 {
            text.push_str(&line[..81 - n % 5]);
            text.push('\n');
        }
        text.push_str("1234");
        assert!(text.len() > 3 * DETECT_BYTES);
        let pieces = pieces(&text);
        let mut first_line = 1;
        for piece in &pieces {
            assert_eq!(piece.first_line, first_line);
            assert!(piece.text.len() <= CHUNK_BYTES + 81, "{}", piece.text.len());
            first_line += piece.text.matches('\n').count();
        }
        assert!(
            pieces[..pieces.len() - 1]
                .iter()
                .all(|p| p.text.len() >= CHUNK_BYTES)
        );
        let joined: String = pieces.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(joined, text);
    }

    /// An input shorter than a piece is one piece, and one without a
    /// newline at its end keeps its last line.
    #[test]
    fn a_short_input_is_one_piece() {
        let pieces = pieces("\u{feff}12\n34");
        assert_eq!(pieces.len(), 1);
        assert_eq!(pieces[0].text, "12\n34");
        assert!(self::pieces("").is_empty());
    }
}
