//! SudokuPad's own puzzle links: `https://sudokupad.app/scl<payload>`.
//!
//! SudokuPad keeps a puzzle as JSON: its cells (with the givens), its
//! regions, killer cages (with their sums), and drawings — lines, arrows,
//! and round or square marks over or under the grid (`overlays`,
//! `underlays`) with text in them. The title, author, rules text and
//! answer are cages without cells whose value is `title: …`, `author: …`,
//! `rules: …`, `solution: …`; anti-knight and the like are named in
//! `global`. The link's payload is that JSON in SudokuPad's compact form
//! ([`zip`]) packed by lz-string.
//!
//! Most constraints are only drawings there, so each is drawn the way
//! SudokuPad's f-puzzles converter draws it and read back by that look
//! (the module `style`): a thermometer is a grey line (thickness 21) from a grey
//! bulb, an arrow a grey arrow from a circle, a kropki dot a small round
//! mark on an edge, X and V letters on an edge, a quadruple a circle on a
//! corner with its digits, a little killer a small arrow and its sum
//! outside the grid, a sandwich, X-sum or skyscraper clue a number
//! outside the grid in font size 32, 22 or 26, odd cells grey circles and
//! even cells grey squares, min and max cells shaded with chevrons; the
//! other lines have the colours of the f-puzzles script (whispers green,
//! renban purple, region-sum blue, zipper pink, entropic orange, modular
//! light blue, nabner olive, lockout dark blue), and indexer cells are shaded in the script's colours of
//! them (row `#7CC77C`, column `#C77C7C`, box `#7C7CC7`). Clones, drawn as
//! grey cells, also get a `clone: R1C1 … = R5C5 …` entry that says which
//! cells copy which. A drawing that is none of these is an error that
//! names it.
//!
//! It sits under [`super`] (and is also `format::scl`): SCL links are read
//! by the same reader of link lines, packed by the same lz-string, and give
//! the same [`FPuzzle`] with its [`Meta`].
//!
//! ```
//! use fdoku_sudoku::format::fpuzzles::Meta;
//! use fdoku_sudoku::format::scl;
//! use fdoku_sudoku::{Element, Puzzle, Rules};
//!
//! let rules = Rules::classic(4).unwrap()
//!     .with_element(Element::Thermometer { cells: vec![0, 1, 2], slow: false }).unwrap();
//! let puzzle = Puzzle::new(rules, vec![0; 16]).unwrap();
//! let link = scl::to_link(&puzzle, &Meta::default()).unwrap();
//! assert!(link.starts_with("https://sudokupad.app/scl"));
//! let back = scl::read_link(&link).unwrap();
//! assert_eq!(back.puzzle, puzzle);
//! ```

mod read;
mod style;
mod write;
pub mod zip;

use thiserror::Error;

use super::{FPuzzle, Meta, lz};
use crate::format::sudokupad;
use crate::puzzle::Puzzle;

/// A puzzle SudokuPad's drawings cannot say (a whisper of another
/// difference, say).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot write as a SudokuPad puzzle: {0}")]
pub struct WriteError(pub String);

/// The SudokuPad JSON of `puzzle` (before packing), with `meta`'s title,
/// author, rules text and answer.
pub fn to_json(puzzle: &Puzzle, meta: &Meta) -> Result<String, WriteError> {
    write::write(puzzle, meta)
        .map(|v| v.to_string())
        .map_err(WriteError)
}

/// The payload of an `scl` link: the compact JSON packed by lz-string.
pub fn payload(puzzle: &Puzzle, meta: &Meta) -> Result<String, WriteError> {
    let value = write::write(puzzle, meta).map_err(WriteError)?;
    Ok(lz::compress_to_base64(&zip::zip(&value)))
}

/// The SudokuPad link, `https://sudokupad.app/scl<payload>`.
pub fn to_link(puzzle: &Puzzle, meta: &Meta) -> Result<String, WriteError> {
    payload(puzzle, meta).map(|p| sudokupad::scl_link(&p))
}

/// The puzzle of an `scl` link (or of its payload alone); the error says
/// what is wrong and where.
pub fn read_link(link: &str) -> Result<FPuzzle, String> {
    let payload = match sudokupad::payload(link) {
        Some(Ok((_, sudokupad::Payload::Scl(p)))) => p,
        Some(Ok(_)) => return Err("expected a SudokuPad link with an scl payload".to_owned()),
        Some(Err(e)) => return Err(e),
        None => link.trim(),
    };
    let text = lz::decompress_from_base64(payload).map_err(|e| e.to_string())?;
    from_text(&text)
}

/// The puzzle of SudokuPad JSON, compact or plain.
pub(crate) fn from_text(text: &str) -> Result<FPuzzle, String> {
    let value = zip::unzip(text)?;
    read::read(&value).map(|(puzzle, meta)| FPuzzle { puzzle, meta })
}
