//! Reading the named inputs of a command: files, `-` for stdin, or a
//! puzzle written on the command line.
//!
//! An argument names a file when such a file exists (or it is `-`);
//! otherwise, if its text holds a puzzle (or a damaged one), it is that
//! puzzle, named `<argument>` in messages; otherwise it is a file that
//! cannot be read.
//!
//! Long inputs of puzzles one per line are read a piece at a time (see
//! [`stream`]), and a batch's puzzles can be drawn one at a time, numbered
//! (see [`items()`]).

mod items;
mod stream;

use std::io::Read;
use std::path::{Path, PathBuf};

use fdoku_sudoku::format::multigrid::{self, MultigridItem};
use fdoku_sudoku::format::{Format, Item, PlainVariant, read_input};

use crate::error::BadInput;

pub use items::{Drawn, items};
pub use stream::{LineChunk, LineChunks, Opened, open};

/// The name puzzles written on the command line go by.
const ARGUMENT: &str = "<argument>";

/// The named texts to read (stdin when `files` is empty or names `-`); a
/// file that cannot be read is reported on stderr, sets `failed` and is
/// skipped, so the others are still processed.
pub fn read(files: &[PathBuf], failed: &mut bool) -> Vec<(String, String)> {
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut inputs = Vec::new();
    for path in files {
        match read_one(path) {
            Ok(named) => inputs.push(named),
            Err(message) => {
                eprintln!("fdoku: {message}");
                *failed = true;
            }
        }
    }
    inputs
}

/// One file's name and text (`-`: stdin).
fn read_one(path: &Path) -> Result<(String, String), String> {
    let (name, bytes) = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        let read = std::io::stdin().read_to_end(&mut bytes);
        ("<stdin>".to_owned(), read.map(|_| bytes))
    } else {
        (path.display().to_string(), std::fs::read(path))
    };
    match bytes {
        // Bytes that are not UTF-8 become U+FFFD and are reported as bad characters.
        Ok(bytes) => Ok((name, utf8_or_replaced(bytes))),
        Err(e) => Err(format!("cannot read {name}: {e}")),
    }
}

/// `bytes` as text, taken over as they are when they are UTF-8 (the usual
/// case: no copy), else with U+FFFD for each bad sequence.
fn utf8_or_replaced(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The puzzles of `texts`, numbered in order; lines passed over are noted
/// on stderr, and a text without a puzzle is reported there and sets
/// `failed`.
fn items_of(
    texts: Vec<(String, String)>,
    format: Format,
    variant: &PlainVariant,
    failed: &mut bool,
) -> Vec<Item> {
    let mut items = Vec::new();
    for (name, text) in texts {
        let read = read_input(&name, &text, format, variant);
        for skipped in &read.skipped {
            eprintln!("fdoku: {skipped}");
        }
        if read.items.is_empty() {
            eprintln!("fdoku: {}", no_puzzle(&name, &text));
            *failed = true;
        }
        // The first input's puzzles are taken over, not copied.
        match items.is_empty() {
            true => items = read.items,
            false => items.extend(read.items),
        }
    }
    for (i, item) in items.iter_mut().enumerate() {
        item.index = i + 1;
    }
    items
}

/// The puzzles of one input, of one kind.
pub enum Batch {
    /// Sudokus, one grid each.
    Puzzles(Vec<Item>),
    /// Grids of several overlapping Sudokus.
    Multigrids(Vec<MultigridItem>),
}

/// The puzzles of one whole text (named), numbered from 1: read as
/// multigrids when `multigrids` says so, or when the format is detected or
/// JSON and the text holds them. Lines passed over are noted on stderr; a
/// text without a puzzle is reported there and sets `failed`.
pub fn batch(
    (name, text): (String, String),
    format: Format,
    multigrids: bool,
    variant: &PlainVariant,
    failed: &mut bool,
) -> Batch {
    let multigrid =
        multigrids || (matches!(format, Format::Auto | Format::Json) && multigrid::detect(&text));
    if !multigrid {
        return Batch::Puzzles(items_of(vec![(name, text)], format, variant, failed));
    }
    let items = multigrid::read_multigrids(&name, &text);
    if items.is_empty() {
        eprintln!("fdoku: {}", no_puzzle(&name, &text));
        *failed = true;
    }
    Batch::Multigrids(items)
}

/// An argument's name and text: a file, stdin, or the puzzle itself.
pub fn read_arg(arg: &Path) -> Result<(String, String), String> {
    if arg.as_os_str() == "-" || arg.exists() {
        return read_one(arg);
    }
    let text = arg.to_string_lossy();
    let items = read_input(ARGUMENT, &text, Format::Auto, &PlainVariant::default()).items;
    // A damaged puzzle is reported as one, unless it looks like a path.
    // A link is a puzzle, damaged or not, though it has slashes.
    let link = fdoku_sudoku::format::detect(&text).is_link();
    let puzzle_like = items.iter().any(|i| i.puzzle.is_ok())
        || (!items.is_empty() && (link || !looks_like_path(&text)));
    if puzzle_like {
        Ok((ARGUMENT.to_owned(), text.into_owned()))
    } else {
        read_one(arg)
    }
}

/// Whether an argument reads as a file name: a directory separator or an
/// extension (`puzzles.txt`, `top95.sdm`).
fn looks_like_path(text: &str) -> bool {
    let extension = text.rsplit_once('.').is_some_and(|(_, ext)| {
        (1..=5).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && ext.chars().any(|c| c.is_ascii_alphabetic())
    });
    text.contains(['/', '\\']) || extension
}

/// Why an input gave no puzzle.
pub fn no_puzzle(name: &str, text: &str) -> String {
    no_puzzle_in(name, text.trim().is_empty())
}

/// Why an input gave no puzzle, knowing whether it was `blank` (nothing but
/// white space).
pub fn no_puzzle_in(name: &str, blank: bool) -> String {
    if blank {
        format!("{name}: no puzzle: the input is empty")
    } else {
        format!(
            "{name}: no puzzle found: expected puzzles one per line (e.g. 81 characters of 1-9 and . or 0), \
             grids of rows, or JSON descriptions"
        )
    }
}

/// The one puzzle named on the command line: a file, `-` for stdin, or the
/// puzzle's text itself (the first puzzle of the input is used). A text
/// that is neither a file nor a puzzle is a usage error naming what was
/// expected.
pub fn one_puzzle(arg: &crate::cli::PuzzleArg) -> Result<fdoku_sudoku::Puzzle, BadInput> {
    let (name, text) = read_arg(Path::new(&arg.puzzle)).map_err(BadInput)?;
    let read = read_input(
        &name,
        &text,
        arg.input_format.format(),
        &arg.variant.plain(),
    );
    match read.items.into_iter().next() {
        Some(item) => item.puzzle.map_err(|e| BadInput(e.to_string())),
        None => Err(BadInput(no_puzzle(&name, &text))),
    }
}
