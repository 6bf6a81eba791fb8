//! sudokuwiki.org boards: the `bd=` of its solver's links.
//!
//! The classic solver (`https://www.sudokuwiki.org/sudoku.htm?bd=…`) takes
//! a board in one of two forms:
//!
//! * **81 characters**, the givens in reading order (`0` or `.` a blank);
//! * **162 characters**, two base-32 digits (`0`–`9`, `a`–`v`) per cell,
//!   the form its "Email this Board" link and its importer use for a grid
//!   in progress: a cell's digits as bits (1 → 1, 2 → 2, 3 → 4, … 9 → 256),
//!   shifted left once, the lowest bit set for a clue. One digit with the
//!   clue bit is a given; one digit without it a cell solved on the way;
//!   several digits the cell's candidates (the site's own example sets the
//!   clue bit on some of those too; it says nothing more there).
//!
//! A link, or the board by itself, is read one per line (blank lines and `#`
//! comments passed over). A solved cell is read as a cell with that one
//! candidate, so that it is written back as it was. Links to sudokuwiki's
//! other solvers (`X_Sudoku`, `Killer_Sudoku`, …) carry boards of other
//! rules and are refused by the page's name.
//!
//! ```
//! use fdoku_sudoku::format::sudokuwiki;
//!
//! let board = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={board}");
//! let puzzle = sudokuwiki::read_board(&link).unwrap();
//! assert_eq!(puzzle.to_line(), board);
//! let written = format!("https://www.sudokuwiki.org/sudoku.htm?bd={}", board.replace('.', "0"));
//! assert_eq!(sudokuwiki::to_link(&puzzle).unwrap(), written);
//! ```

use super::{Item, ParseError, ParseErrorKind, parse_line};
use crate::cells::cell_name;
use crate::puzzle::{Puzzle, digit_char};
use crate::rules::{Rules, full_mask};

/// What precedes the board in a link.
const BOARD_KEY: &str = "bd=";

/// The site's host.
const HOST: &str = "sudokuwiki.org";

/// The page of the classic solver, whose boards are classic Sudoku.
const CLASSIC_PAGE: &str = "sudoku.htm";

/// Where written links point.
const LINK: &str = "https://www.sudokuwiki.org/sudoku.htm?bd=";

/// Characters of the packed form: one board of 81 cells, two per cell.
const PACKED_LEN: usize = 162;

/// Every board of `text`, one per line.
pub(super) fn read(input: &str, text: &str) -> Vec<Item> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| Item {
            index: 0,
            line: i + 1,
            input: l.trim().to_owned(),
            puzzle: read_line(l).map_err(|(column, message)| ParseError {
                input: input.to_owned(),
                line: i + 1,
                column,
                kind: ParseErrorKind::Payload,
                message,
            }),
        })
        .collect()
}

/// The board of one link or bare board; the error says what is wrong.
pub fn read_board(text: &str) -> Result<Puzzle, String> {
    read_line(text).map_err(|(column, message)| format!("column {column}: {message}"))
}

/// Whether `text` is sudokuwiki: its first line a link to the site with
/// a board, or a packed board by itself.
pub(super) fn detect(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    first.is_some_and(|l| (l.contains(HOST) && l.contains(BOARD_KEY)) || is_packed(l))
}

/// A packed board by itself: 162 base-32 digits.
fn is_packed(l: &str) -> bool {
    l.len() == PACKED_LEN && l.chars().all(|c| c.is_digit(32))
}

/// The board of one line, or the column (1-based) and what is wrong.
fn read_line(line: &str) -> Result<Puzzle, (usize, String)> {
    let column = |byte: usize| line[..byte].chars().count() + 1;
    let (start, board) = board_of(line).map_err(|(byte, m)| (column(byte), m))?;
    let board = board.trim_end();
    // Offsets in the board are counted in characters.
    let at = |offset: usize, message: String| (column(start) + offset, message);
    match board.chars().count() {
        0 => Err(at(
            0,
            format!("the link is empty: expected a board after \"{BOARD_KEY}\""),
        )),
        81 => {
            let rules = Rules::classic(9).map_err(|e| at(0, e.to_string()))?;
            parse_line(board, &rules).map_err(|e| at(e.column - 1, e.message))
        }
        PACKED_LEN => unpack(board).map_err(|(offset, m)| at(offset, m)),
        n => Err(at(
            0,
            format!(
                "a board of {n} characters; expected 81 (the givens) or {PACKED_LEN} \
                 (two base-32 digits a cell, with candidates)"
            ),
        )),
    }
}

/// Where the board starts (a byte offset) and the board: after `bd=` in a
/// link of the classic solver, or the whole line.
fn board_of(line: &str) -> Result<(usize, &str), (usize, String)> {
    let lead = line.len() - line.trim_start().len();
    let Some(key) = line.find(BOARD_KEY) else {
        return Ok((lead, line.trim()));
    };
    if let Some(host) = line.find(HOST) {
        let path = &line[host + HOST.len()..key];
        let page = path
            .trim_matches(|c| c == '/' || c == '?' || c == '#' || c == '&')
            .rsplit('/')
            .next()
            .unwrap_or("");
        if !(page.is_empty() || page.eq_ignore_ascii_case(CLASSIC_PAGE)) {
            return Err((
                host + HOST.len(),
                format!(
                    "the page \"{page}\" is not sudokuwiki's classic solver; fdoku reads the \
                     boards of {CLASSIC_PAGE} links (other pages hold boards of other rules)"
                ),
            ));
        }
    }
    let start = key + BOARD_KEY.len();
    let rest = &line[start..];
    let end = rest.find(['&', '#']).unwrap_or(rest.len());
    Ok((start, &rest[..end]))
}

/// A packed board of 162 characters: the offset (in characters) of the
/// bad cell and what is wrong.
fn unpack(board: &str) -> Result<Puzzle, (usize, String)> {
    let mut givens = vec![0u8; 81];
    let mut masks = vec![full_mask(9); 81];
    let chars: Vec<char> = board.chars().collect();
    for cell in 0..81 {
        let mut value = 0u32;
        for k in 0..2 {
            let c = chars[2 * cell + k];
            let digit = c.to_digit(32).ok_or_else(|| {
                (
                    2 * cell + k,
                    format!("'{c}' is not a base-32 digit (expected 0-9 or a-v)"),
                )
            })?;
            value = value * 32 + digit;
        }
        let (digits, clue) = (value >> 1, value & 1 == 1);
        let name = cell_name(9, cell);
        let bad = |m: String| (2 * cell, format!("{name}: {m}"));
        if digits == 0 || digits > full_mask(9) {
            return Err(bad(format!(
                "{value} holds no digits of 1 to 9 (expected the cell's digits as bits, \
                 shifted once, plus 1 for a clue)"
            )));
        }
        if clue && digits.is_power_of_two() {
            givens[cell] = digits.trailing_zeros() as u8 + 1;
        } else {
            masks[cell] = digits;
        }
    }
    let rules = Rules::classic(9).map_err(|e| (0, e.to_string()))?;
    let puzzle = Puzzle::new(rules, givens).map_err(|e| (0, e.to_string()))?;
    if masks.iter().all(|&m| m == full_mask(9)) {
        return Ok(puzzle);
    }
    puzzle
        .with_candidates(masks)
        .map_err(|e| (0, e.to_string()))
}

/// The board as sudokuwiki's solver takes it: the 81 givens, or with
/// candidates the 162-character packed form. Classic 9×9 rules only.
pub fn to_board(puzzle: &Puzzle) -> Result<String, String> {
    let rules = puzzle.rules();
    if rules.size() != 9 || !rules.is_classic() {
        return Err(format!(
            "sudokuwiki's classic solver takes classic 9×9 boards, and this is {} on {}×{}",
            rules.variant_name(),
            rules.size(),
            rules.size()
        ));
    }
    let Some(masks) = puzzle.candidates() else {
        return Ok(puzzle
            .givens()
            .iter()
            .map(|&d| if d == 0 { '0' } else { digit_char(d) })
            .collect());
    };
    let mut out = String::with_capacity(PACKED_LEN);
    for (cell, &d) in puzzle.givens().iter().enumerate() {
        let value = match d {
            0 => masks[cell] << 1,
            d => (1 << (d - 1) << 1) | 1,
        };
        for digit in [value / 32, value % 32] {
            out.push(char::from_digit(digit, 32).unwrap_or('0'));
        }
    }
    Ok(out)
}

/// The link to sudokuwiki's solver with the board.
pub fn to_link(puzzle: &Puzzle) -> Result<String, String> {
    to_board(puzzle).map(|board| format!("{LINK}{board}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of sudokuwiki's page on its board strings.
    const EXAMPLE: &str = "vu4804032o1508g080030k10o888882647046888g06828060k10029k260b90478go003g0g95090b0b6a2c00g0bcg038ga8g9ao1506601oh847063a2ag288gg8g0626c082c2k20b159818920k9ag9462044";

    #[test]
    fn the_sites_own_example_reads() {
        let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={EXAMPLE}");
        let puzzle = read_board(&link).unwrap_or_else(|e| panic!("{e}"));
        // r1c4 is the clue 1, r1c3 solved as 2, r1c2 holds 3 and 7.
        assert_eq!(puzzle.givens()[3], 1);
        let masks = puzzle.candidates().unwrap();
        assert_eq!((masks[2], masks[1]), (0b10, 0b100_0100));
    }

    #[test]
    fn a_grid_in_progress_packs_and_reads_back() {
        let rules = Rules::classic(9).unwrap();
        let mut givens = vec![0; 81];
        givens[0] = 5;
        let mut masks = vec![full_mask(9); 81];
        masks[1] = 0b1_0000_0110;
        masks[80] = 0b100;
        let puzzle = Puzzle::new(rules, givens)
            .unwrap()
            .with_candidates(masks)
            .unwrap();
        let board = to_board(&puzzle).unwrap();
        assert_eq!(&board[..6], "11gcvu");
        assert_eq!(read_board(&board).unwrap(), puzzle);
    }

    #[test]
    fn links_and_packed_boards_are_detected_and_read_one_per_line() {
        use crate::format::{Format, detect, read_puzzles};
        let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={EXAMPLE}");
        assert_eq!(detect(&link), Format::SudokuWiki);
        assert_eq!(detect(EXAMPLE), Format::SudokuWiki);
        assert_eq!(detect(&"0".repeat(81)), Format::Line);
        let text = format!("# two boards\n{link}\n\n{}\n", &EXAMPLE[..160]);
        let items = read_puzzles("wiki.txt", &text, Format::Auto, &Default::default());
        assert_eq!(items.len(), 2);
        assert!(items[0].puzzle.is_ok());
        assert_eq!(
            items[1].puzzle.as_ref().unwrap_err().to_string(),
            "wiki.txt:4:1: a board of 160 characters; expected 81 (the givens) or 162 \
             (two base-32 digits a cell, with candidates)"
        );
    }

    #[test]
    fn other_solvers_pages_are_refused_by_name() {
        let line = format!("https://www.sudokuwiki.org/X_Sudoku?bd={}", "0".repeat(81));
        let (column, message) = read_line(&line).unwrap_err();
        assert_eq!(column, 27);
        assert!(message.contains("\"X_Sudoku\""), "{message}");
    }

    #[test]
    fn a_bad_packed_cell_is_named() {
        let mut board = EXAMPLE.to_owned();
        board.replace_range(4..6, "00");
        let (column, message) = read_line(&board).unwrap_err();
        assert_eq!(column, 5);
        assert!(message.starts_with("r1c3: 0 holds no digits"), "{message}");
        board.replace_range(4..6, "0w");
        assert_eq!(read_line(&board).unwrap_err().0, 6);
        // Characters, not bytes, count the column.
        board.replace_range(0..4, "éééé");
        assert_eq!(
            read_line(&board).unwrap_err(),
            (
                1,
                "'é' is not a base-32 digit (expected 0-9 or a-v)".to_owned()
            )
        );
        let board = format!("{}é{}", "0".repeat(40), "0".repeat(40));
        assert_eq!(read_line(&board).unwrap_err().0, 41);
    }
}
