//! Penpa+ links: Sudoku drawn in the Penpa+ editor.
//!
//! A link (`https://swaroopg92.github.io/penpa-edit/#m=solve&p=<payload>`,
//! also with `?` and on other hosts of the editor) carries the whole
//! drawing: its text, with Penpa's key words shortened, packed by raw
//! DEFLATE and written in base64 (the module `link`). The drawing's points are
//! numbered as the module `board` says; its problem layer holds what the setter
//! drew, and the module `read` turns the Sudoku parts of it into a puzzle — givens
//! and candidate marks, region borders, diagonals, killer cages,
//! thermometers, arrows, kropki dots and XV — and names anything else as
//! an error: Penpa draws shapes, and a shape fdoku cannot read exactly
//! would make a different puzzle.
//!
//! Links are read one per line (blank lines and `#` comments passed over);
//! the title, author and rules text travel along ([`read_penpa`]).

mod board;
mod link;
mod read;

use super::fpuzzles::{Entry, FPuzzle, Meta};
use super::{Item, ParseError, ParseErrorKind, content_lines, first_content_line};
use crate::puzzle::Puzzle;

/// What the address of a Penpa+ link holds.
const EDITOR: &str = "penpa-edit";

/// Every link of `text`, one per line, with its title, author and rules
/// text (blank lines and `#` comments passed over).
pub fn read_penpa(input: &str, text: &str) -> Vec<Entry> {
    content_lines(text)
        .map(|(line, l)| Entry {
            line,
            source: l.trim().to_owned(),
            puzzle: read_line(l).map_err(|(column, kind, message)| ParseError {
                input: input.to_owned(),
                line,
                column,
                kind,
                message,
            }),
        })
        .collect()
}

/// The items of the reader interface (the words are dropped).
pub(super) fn read(input: &str, text: &str) -> Vec<Item> {
    super::fpuzzles::items(read_penpa(input, text))
}

/// Whether the first line of `text` is a Penpa+ link with a payload.
pub(super) fn detect(text: &str) -> bool {
    let first = first_content_line(text);
    first.is_some_and(|l| l.contains(EDITOR) && link::payload(l).is_some())
}

/// The puzzle of a Penpa+ link; the error says what is wrong.
pub fn read_link(text: &str) -> Result<Puzzle, String> {
    read_line(text)
        .map(|p| p.puzzle)
        .map_err(|(column, _, message)| format!("column {column}: {message}"))
}

/// The puzzle of one line, or the column, the kind and the message of
/// what is wrong. Errors in the payload's content are placed at its start.
fn read_line(line: &str) -> Result<FPuzzle, (usize, ParseErrorKind, String)> {
    let column = |byte: usize| line[..byte].chars().count() + 1;
    let Some((start, payload)) = link::payload(line) else {
        let lead = line.len() - line.trim_start().len();
        return Err((
            column(lead),
            ParseErrorKind::Payload,
            "expected a Penpa+ link with its puzzle after \"p=\" \
             (https://swaroopg92.github.io/penpa-edit/#m=solve&p=…)"
                .to_owned(),
        ));
    };
    if payload.is_empty() {
        return Err((
            column(start),
            ParseErrorKind::Payload,
            "the link is empty: expected a Penpa+ puzzle after \"p=\"".to_owned(),
        ));
    }
    let unpacked =
        link::unpack(payload).map_err(|m| (column(start), ParseErrorKind::Payload, m))?;
    let puzzle =
        read::read(&unpacked).map_err(|m| (column(start), ParseErrorKind::JsonField, m))?;
    let words = |text: &str| (!text.trim().is_empty()).then(|| text.trim().to_owned());
    let meta = Meta {
        title: words(&unpacked.title),
        author: words(&unpacked.author),
        ruleset: words(&unpacked.rules),
        solution: None,
    };
    Ok(FPuzzle { puzzle, meta })
}
