//! SudokuPad links that carry an f-puzzles puzzle.
//!
//! SudokuPad (sudokupad.app, also app.crackingthecryptic.com/sudoku/)
//! opens a puzzle from its link: `https://sudokupad.app/fpuzzles<payload>`
//! (or `fpuz<payload>`) holds an f-puzzles payload exactly as after
//! f-puzzles' `?load=`, and SudokuPad converts it and draws every
//! constraint itself. These are the links fdoku reads and writes. Its own
//! `scl`/`ctc` puzzles keep the constraints only as drawings, and short ids
//! are fetched from its server; neither is read here.
//!
//! ```
//! use fdoku_sudoku::format::sudokupad;
//!
//! assert_eq!(sudokupad::link("N4Ig"), "https://sudokupad.app/fpuzzlesN4Ig");
//! ```

/// Where SudokuPad is served; a puzzle id follows.
const HOSTS: [&str; 2] = ["sudokupad.app/", "crackingthecryptic.com/sudoku/"];

/// The ids that hold an f-puzzles payload, longest first.
const FPUZZLES_PREFIXES: [&str; 2] = ["fpuzzles", "fpuz"];

/// The SudokuPad link of an f-puzzles payload.
pub fn link(payload: &str) -> String {
    format!("https://{}{}{payload}", HOSTS[0], FPUZZLES_PREFIXES[0])
}

/// Whether `text` is a SudokuPad link.
pub(super) fn is_link(text: &str) -> bool {
    HOSTS.iter().any(|host| text.contains(host))
}

/// The f-puzzles payload of a SudokuPad link: its byte offset in `link` and
/// the payload; `None` when `link` is not a SudokuPad link, an error when
/// it is one that carries something else.
pub(super) fn fpuzzles_payload(link: &str) -> Option<Result<(usize, &str), String>> {
    let (host_at, host) = HOSTS
        .iter()
        .find_map(|host| link.find(host).map(|at| (at, host)))?;
    let mut at = host_at + host.len();
    let rest = &link[at..];
    // `…/sudoku.html?puzzleid=<id>` and `…/?puzzleid=<id>` name the id in the query.
    if let Some(q) = rest.find("puzzleid=") {
        at += q + "puzzleid=".len();
    }
    let id = &link[at..];
    let end = id.find(['?', '&', '#']).unwrap_or(id.len());
    let id = id[..end].trim_end();
    let Some(prefix) = FPUZZLES_PREFIXES.iter().find(|p| id.starts_with(*p)) else {
        let what = if ["scl", "ctc"].iter().any(|p| id.starts_with(p)) {
            "a puzzle in SudokuPad's own format (scl), whose constraints are only drawings"
        } else if id.is_empty() {
            "no puzzle"
        } else {
            "a short puzzle id, which only SudokuPad's server can look up"
        };
        return Some(Err(format!(
            "this SudokuPad link holds {what}; expected a link with an f-puzzles payload \
             (https://sudokupad.app/fpuzzles<payload>)"
        )));
    };
    Some(Ok((at + prefix.len(), &id[prefix.len()..])))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_are_found_in_every_link_shape() {
        let payload = |l: &str| fpuzzles_payload(l).map(|r| r.map(|(_, p)| p.to_owned()));
        assert_eq!(
            payload("https://sudokupad.app/fpuzzlesN4Ig?setting-x=1"),
            Some(Ok("N4Ig".into()))
        );
        assert_eq!(
            payload("https://app.crackingthecryptic.com/sudoku/fpuzN4Ig"),
            Some(Ok("N4Ig".into()))
        );
        assert_eq!(
            payload("https://sudokupad.app/?puzzleid=fpuzzlesN4Ig"),
            Some(Ok("N4Ig".into()))
        );
        assert_eq!(payload("https://f-puzzles.com/?load=N4Ig"), None);
        assert!(
            payload("https://sudokupad.app/sclN4Ig")
                .unwrap()
                .unwrap_err()
                .contains("scl")
        );
        assert!(
            payload("https://sudokupad.app/abc123")
                .unwrap()
                .unwrap_err()
                .contains("short")
        );
        assert_eq!(
            payload("https://sudokupad.app/fpuzzles"),
            Some(Ok(String::new()))
        );
    }
}
