//! Reading the named inputs of a command: files, or stdin as `-`.

use std::io::Read;
use std::path::PathBuf;

/// The named texts to read (stdin when `files` is empty or names `-`); a
/// file that cannot be read is reported on stderr, sets `failed` and is
/// skipped, so the others are still processed.
pub fn read(files: &[PathBuf], failed: &mut bool) -> Vec<(String, String)> {
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut inputs = Vec::new();
    for path in files {
        let (name, bytes) = if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            let read = std::io::stdin().read_to_end(&mut bytes);
            ("<stdin>".to_owned(), read.map(|_| bytes))
        } else {
            (path.display().to_string(), std::fs::read(path))
        };
        match bytes {
            // Bytes that are not UTF-8 become U+FFFD and are reported as bad characters.
            Ok(bytes) => inputs.push((name, String::from_utf8_lossy(&bytes).into_owned())),
            Err(e) => {
                eprintln!("fdoku: cannot read {name}: {e}");
                *failed = true;
            }
        }
    }
    inputs
}

/// The one puzzle named on the command line: a file, `-` for stdin, or the
/// puzzle's text itself. A text that is neither a file nor a puzzle is a
/// usage error naming what was expected.
pub fn one_puzzle(
    arg: &crate::cli::PuzzleArg,
) -> Result<fdoku_sudoku::Puzzle, crate::error::BadInput> {
    use crate::error::BadInput;
    let path = std::path::Path::new(&arg.puzzle);
    let (name, text) = if arg.puzzle == "-" || path.is_file() {
        let mut failed = false;
        let mut texts = read(&[path.to_path_buf()], &mut failed);
        match texts.pop() {
            Some(named) => named,
            None => return Err(BadInput(format!("cannot read {}", arg.puzzle))),
        }
    } else {
        ("<argument>".to_owned(), arg.puzzle.clone())
    };
    let items = fdoku_sudoku::format::read_puzzles(
        &name,
        &text,
        arg.input_format.format(),
        &arg.variant.plain(),
    );
    match items.into_iter().next() {
        Some(item) => item.puzzle.map_err(|e| BadInput(e.to_string())),
        None => Err(BadInput(format!(
            "{name}: no puzzle found: expected a puzzle (e.g. 81 characters of 1-9 and . or 0), a file or -"
        ))),
    }
}
