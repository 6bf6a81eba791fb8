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
//! candidate, so that it is written back as it was. The variant solvers'
//! strings (`S9B…`, `X9B…`, `W9B…`, `C9B…`, `J9B…`) are read with their
//! rules (see the module `variants`); an 81- or 162-character board on
//! another solver's page (`X_Sudoku`, `Killer_Sudoku`, …) is refused by the
//! page's name, its rules being unknown.
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

mod variants;

use super::{Item, ParseError, ParseErrorKind, content_lines, first_content_line, parse_line};
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
    content_lines(text)
        .map(|(line, l)| Item {
            index: 0,
            line,
            input: l.trim().to_owned(),
            puzzle: read_line(l).map_err(|(column, message)| ParseError {
                input: input.to_owned(),
                line,
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
    let first = first_content_line(text);
    first.is_some_and(|l| {
        (l.contains(HOST) && l.contains(BOARD_KEY)) || is_packed(l) || variants::is_variant(l)
    })
}

/// A packed board by itself: 162 base-32 digits.
fn is_packed(l: &str) -> bool {
    l.len() == PACKED_LEN && l.chars().all(|c| c.is_digit(32))
}

/// The board of one line, or the column (1-based) and what is wrong.
fn read_line(line: &str) -> Result<Puzzle, (usize, String)> {
    let column = |byte: usize| line[..byte].chars().count() + 1;
    let (start, board, page) = board_of(line);
    let board = board.trim_end();
    // Offsets in the board are counted in characters.
    let at = |offset: usize, message: String| (column(start) + offset, message);
    if variants::is_variant(board) {
        return variants::read(board).map_err(|(offset, m)| at(offset, m));
    }
    if let Some((page_at, page)) = page.filter(|(_, p)| !p.eq_ignore_ascii_case(CLASSIC_PAGE)) {
        return Err((
            column(page_at),
            format!(
                "the page \"{page}\" is not sudokuwiki's classic solver; fdoku reads the \
                 boards of {CLASSIC_PAGE} links (other pages hold boards of other rules), and \
                 the S9B, X9B, W9B, C9B and J9B strings on any page"
            ),
        ));
    }
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

/// Where the board starts (a byte offset), the board, and the page of the
/// link when it names one (its byte offset and name): after `bd=` in a
/// link, or the whole line.
fn board_of(line: &str) -> (usize, &str, Option<(usize, &str)>) {
    let lead = line.len() - line.trim_start().len();
    let Some(key) = line.find(BOARD_KEY) else {
        return (lead, line.trim(), None);
    };
    let page = line.find(HOST).map(|host| {
        let path = &line[host + HOST.len()..key];
        let page = path
            .trim_matches(|c| c == '/' || c == '?' || c == '#' || c == '&')
            .rsplit('/')
            .next()
            .unwrap_or("");
        (host + HOST.len(), page)
    });
    let start = key + BOARD_KEY.len();
    let rest = &line[start..];
    let end = rest.find(['&', '#']).unwrap_or(rest.len());
    (start, &rest[..end], page.filter(|(_, p)| !p.is_empty()))
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

    /// A variant string of `PUZZLE`'s givens: `head`, then each cell as
    /// `cell(index, value)` in base 36, `width` characters wide.
    fn variant(head: &str, width: usize, cell: impl Fn(usize, u32) -> u32) -> String {
        const PUZZLE: &str =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut out = head.to_owned();
        for (i, c) in PUZZLE.chars().enumerate() {
            let mut v = cell(i, c.to_digit(10).unwrap_or(529));
            let mut digits = vec![0; width];
            for d in digits.iter_mut().rev() {
                *d = v % 36;
                v /= 36;
            }
            out.extend(digits.iter().map(|&d| char::from_digit(d, 36).unwrap()));
        }
        out
    }

    #[test]
    fn variant_strings_read_with_their_rules() {
        use crate::rules::{GlobalRule, Rules};
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let plain = read_board(&variant("S9B", 2, |_, v| v)).unwrap();
        // The same board as pencilmark writes it for sudokuwiki.
        let written = "S9B04epepepepep08ep05ep03epepepepepepepepepep07epepepepepep02epepepepep06epepepepep08ep04epepepepepep01epepepepepepep06ep03ep07ep05epep02epepepepep01ep04epepepepepep";
        assert_eq!(read_board(written).unwrap(), plain);
        assert_eq!(
            (plain.to_line().as_str(), plain.rules()),
            (line, &Rules::classic(9).unwrap())
        );
        let x = read_board(&variant("X9B", 2, |_, v| v)).unwrap();
        assert_eq!(x.rules(), &Rules::classic(9).unwrap().with_diagonals());
        let w = format!(
            "https://www.sudokuwiki.org/Windoku?bd={}",
            variant("W9B", 2, |_, v| v)
        );
        assert_eq!(
            read_board(&w).unwrap().rules(),
            &Rules::classic(9).unwrap().with_windoku().unwrap()
        );
        let c = read_board(&variant("C9B", 2, |_, v| v)).unwrap();
        let disjoint = Rules::classic(9)
            .unwrap()
            .with_global(GlobalRule::DisjointGroups);
        assert_eq!(c.rules(), &disjoint.unwrap());
        // Jigsaw: boxes as regions, except r1c4 and r3c3 swapped.
        let mut region: Vec<u8> = (0..81)
            .map(|i| ((i / 27) * 3 + (i % 9) / 3) as u8)
            .collect();
        region.swap(3, 20);
        let j = variant("J9B", 3, |i, v| u32::from(region[i]) << 10 | v);
        let jigsaw = read_board(&j).unwrap();
        assert_eq!(jigsaw.rules(), &Rules::jigsaw(9, region).unwrap());
        assert_eq!(jigsaw.to_line(), line);
        assert_eq!(crate::format::detect(&j), crate::format::Format::SudokuWiki);
    }

    #[test]
    fn variant_strings_fdoku_does_not_read_are_named() {
        let killer = variant("L9B", 4, |_, v| v);
        assert_eq!(
            read_line(&killer).unwrap_err(),
            (
                1,
                "sudokuwiki's L9B boards are not read (fdoku reads S9B, X9B, W9B, C9B and J9B)"
                    .to_owned()
            )
        );
        // A candidate mask (18 + the mask) in r1c2.
        let candidates = variant("S9B", 2, |i, v| if i == 1 { 18 + 0b11 } else { v });
        let (column, message) = read_line(&candidates).unwrap_err();
        assert_eq!(column, 6);
        assert!(
            message.starts_with("r1c2: 21 is a digit placed"),
            "{message}"
        );
    }

    #[test]
    fn other_solvers_pages_are_refused_by_name() {
        let line = format!("https://www.sudokuwiki.org/X_Sudoku?bd={}", "0".repeat(81));
        // A classic board on another solver's page: those rules are unknown.
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
