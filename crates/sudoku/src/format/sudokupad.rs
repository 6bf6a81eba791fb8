//! SudokuPad links.
//!
//! SudokuPad (sudokupad.app, also app.crackingthecryptic.com/sudoku/)
//! opens a puzzle from its link: `https://sudokupad.app/fpuzzles<payload>`
//! (or `fpuz<payload>`) holds an f-puzzles payload exactly as after
//! f-puzzles' `?load=`, and SudokuPad converts it and draws every
//! constraint itself; `https://sudokupad.app/scl<payload>` holds a puzzle
//! in SudokuPad's own format (see [`super::scl`]), and so does
//! `https://sudokupad.app/ctc<payload>`, its older name. Both are read and
//! written. Short ids (`https://sudokupad.app/abc123`) are fetched from
//! SudokuPad's server, which fdoku does not reach: they are refused with a
//! message that says to copy the puzzle's full link from SudokuPad.
//!
//! ```
//! use fdoku_sudoku::format::sudokupad;
//!
//! assert_eq!(sudokupad::link("N4Ig"), "https://sudokupad.app/fpuzzlesN4Ig");
//! assert_eq!(sudokupad::scl_link("N4Ig"), "https://sudokupad.app/sclN4Ig");
//! ```

/// Where SudokuPad is served; a puzzle id follows.
const HOSTS: [&str; 2] = ["sudokupad.app/", "crackingthecryptic.com/sudoku/"];

/// The ids that hold an f-puzzles payload, longest first.
const FPUZZLES_PREFIXES: [&str; 2] = ["fpuzzles", "fpuz"];

/// The id that holds a puzzle in SudokuPad's own format; `ctc` is read
/// as `scl`.
const SCL_PREFIX: &str = "scl";

/// The older id of a puzzle in SudokuPad's own format.
const CTC_PREFIX: &str = "ctc";

/// The SudokuPad link of an f-puzzles payload.
pub fn link(payload: &str) -> String {
    format!("https://{}{}{payload}", HOSTS[0], FPUZZLES_PREFIXES[0])
}

/// The SudokuPad link of an SCL payload.
pub fn scl_link(payload: &str) -> String {
    format!("https://{}{SCL_PREFIX}{payload}", HOSTS[0])
}

/// Whether `text` is a SudokuPad link.
pub(super) fn is_link(text: &str) -> bool {
    HOSTS.iter().any(|host| text.contains(host))
}

/// What a SudokuPad link carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Payload<'a> {
    /// An f-puzzles payload.
    FPuzzles(&'a str),
    /// A puzzle in SudokuPad's own format.
    Scl(&'a str),
}

/// The payload of a SudokuPad link: its byte offset in `link` and what it
/// carries; `None` when `link` is not a SudokuPad link, an error when it
/// carries something else.
pub(super) fn payload(link: &str) -> Option<Result<(usize, Payload<'_>), String>> {
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
    if let Some(prefix) = FPUZZLES_PREFIXES.iter().find(|p| id.starts_with(*p)) {
        return Some(Ok((
            at + prefix.len(),
            Payload::FPuzzles(&id[prefix.len()..]),
        )));
    }
    if let Some(prefix) = [SCL_PREFIX, CTC_PREFIX]
        .into_iter()
        .find(|p| id.starts_with(p))
    {
        return Some(Ok((at + prefix.len(), Payload::Scl(&id[prefix.len()..]))));
    }
    if id.is_empty() {
        return Some(Err(
            "this SudokuPad link holds no puzzle; expected a link with a puzzle \
             in it (https://sudokupad.app/scl<payload> or https://sudokupad.app/fpuzzles<payload>)"
                .to_owned(),
        ));
    }
    Some(Err(format!(
        "\"{id}\" is a short SudokuPad id: the puzzle is kept on SudokuPad's server, which \
         fdoku does not reach; open the puzzle in SudokuPad and copy its full link \
         (https://sudokupad.app/scl<payload> or https://sudokupad.app/fpuzzles<payload>)"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_are_found_in_every_link_shape() {
        let payload = |l: &str| {
            payload(l).map(|r| {
                r.map(|(_, p)| match p {
                    Payload::FPuzzles(p) => p.to_owned(),
                    Payload::Scl(p) => format!("scl:{p}"),
                })
            })
        };
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
        assert_eq!(
            payload("https://sudokupad.app/sclN4Ig"),
            Some(Ok("scl:N4Ig".into()))
        );
        assert!(
            payload("https://sudokupad.app/abc123")
                .unwrap()
                .unwrap_err()
                .starts_with("\"abc123\" is a short SudokuPad id")
        );
        assert_eq!(
            payload("https://sudokupad.app/ctcN4Ig"),
            Some(Ok("scl:N4Ig".into()))
        );

        assert_eq!(
            payload("https://sudokupad.app/fpuzzles"),
            Some(Ok(String::new()))
        );
    }
}
