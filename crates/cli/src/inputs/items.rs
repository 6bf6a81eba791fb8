//! The puzzles of a batch's inputs one at a time, numbered in order, with
//! what is said about the inputs in its place among them: a file of
//! puzzles one per line is read a piece at a time (see [`super::stream`]),
//! so that a batch of millions of puzzles is never held whole.

use std::collections::VecDeque;
use std::path::PathBuf;

use fdoku_sudoku::format::{Format, Item, LineRead, LineReader, PlainVariant, read_input};

use super::{LineChunks, Opened, no_puzzle, no_puzzle_in, open};

/// What comes next from a batch's inputs.
pub enum Drawn {
    /// A puzzle (or why it could not be read), numbered across the batch.
    Puzzle(Box<Item>),
    /// A note for standard error, without the `fdoku: ` before it: a line
    /// passed over, or (`fails`: the batch fails) an input that cannot be
    /// read or holds no puzzle.
    Note {
        /// The note.
        message: String,
        /// Whether it fails the batch.
        fails: bool,
    },
}

/// The puzzles and notes of the named inputs (stdin when none), in order.
pub struct Items {
    args: std::vec::IntoIter<PathBuf>,
    format: Format,
    variant: PlainVariant,
    /// The input being read a piece at a time.
    lines: Option<LineChunks>,
    /// What is read and not yet handed out: one piece's worth at most.
    ready: VecDeque<Drawn>,
    /// Puzzles handed out so far, and those of the input being read.
    numbered: usize,
    input_puzzles: usize,
}

/// The puzzles of `args` (stdin when empty) in `format`, with `variant`'s
/// rules, read as they are asked for.
pub fn items(args: &[PathBuf], format: Format, variant: &PlainVariant) -> Items {
    let args = match args.is_empty() {
        true => vec![PathBuf::from("-")],
        false => args.to_vec(),
    };
    Items {
        args: args.into_iter(),
        format,
        variant: *variant,
        lines: None,
        ready: VecDeque::new(),
        numbered: 0,
        input_puzzles: 0,
    }
}

impl Items {
    /// Queues `item`, numbered next.
    fn puzzle(&mut self, mut item: Item) {
        self.numbered += 1;
        self.input_puzzles += 1;
        item.index = self.numbered;
        self.ready.push_back(Drawn::Puzzle(Box::new(item)));
    }

    fn note(&mut self, message: String, fails: bool) {
        self.ready.push_back(Drawn::Note { message, fails });
    }

    /// Reads the next piece of the input read a piece at a time.
    fn next_piece(&mut self, mut lines: LineChunks) {
        match lines.next_chunk() {
            Ok(Some(chunk)) => {
                let mut reader =
                    LineReader::new(&chunk.name, &chunk.text, chunk.first_line, &self.variant);
                while let Some(read) = reader.read_next() {
                    match read {
                        LineRead::Puzzle(line) => self.puzzle(line.to_item()),
                        LineRead::Skipped(passed) => self.note(passed.to_string(), false),
                    }
                }
                self.lines = Some(lines);
            }
            Ok(None) if self.input_puzzles == 0 => {
                self.note(no_puzzle_in(lines.name(), lines.blank()), true);
            }
            Ok(None) => {}
            Err(e) => self.note(format!("cannot read {}: {e}", lines.name()), true),
        }
    }

    /// Opens the next input: a text read whole is read at once.
    fn next_input(&mut self, arg: &std::path::Path) {
        self.input_puzzles = 0;
        match open(arg, self.format, false) {
            Ok(Opened::Lines(lines)) => self.lines = Some(lines),
            Ok(Opened::Whole(name, text)) => {
                let read = read_input(&name, &text, self.format, &self.variant);
                for passed in &read.skipped {
                    self.note(passed.to_string(), false);
                }
                if read.items.is_empty() {
                    self.note(no_puzzle(&name, &text), true);
                }
                for item in read.items {
                    self.puzzle(item);
                }
            }
            Err(message) => self.note(message, true),
        }
    }
}

impl Iterator for Items {
    type Item = Drawn;

    fn next(&mut self) -> Option<Drawn> {
        loop {
            if let Some(read) = self.ready.pop_front() {
                return Some(read);
            }
            match self.lines.take() {
                Some(lines) => self.next_piece(lines),
                None => {
                    let arg = self.args.next()?;
                    self.next_input(&arg);
                }
            }
        }
    }
}
