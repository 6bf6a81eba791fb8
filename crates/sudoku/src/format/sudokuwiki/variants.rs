//! The boards of sudokuwiki's variant solvers: a kind letter, the side,
//! a version letter, then each cell in reading order as a base-36 number
//! of a fixed width.
//!
//! | string | rules | cell |
//! |---|---|---|
//! | `S9B…` | classic | 2 characters: the given digit, or 529 for an empty cell |
//! | `X9B…` | both long diagonals | as `S9B` |
//! | `W9B…` | the four windoku windows | as `S9B` |
//! | `C9B…` | disjoint groups (the "colour" cells of each box position) | as `S9B` |
//! | `J9B…` | jigsaw | 3 characters: (region − 1) · 1024 + the cell as in `S9B` |
//!
//! The layouts are those that pencilmark, a Python Sudoku grader, writes
//! for sudokuwiki's solvers and reads back. Other cell values (digits
//! placed while solving, candidates) and the other kinds (killer `L9B`,
//! `M9B`, 6×6 boards) are refused by name, never read as something else.

use crate::puzzle::Puzzle;
use crate::rules::{GlobalRule, Rules};

/// A variant string's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Classic,
    Diagonal,
    Windoku,
    Disjoint,
    Jigsaw,
}

/// What an empty cell's number is: every candidate (511) plus 18.
const EMPTY: u32 = 529;

/// Whether a board is a variant string: a kind letter, the side in
/// digits, a version letter, and a body of base-36 digits, as many as the
/// kind's cells take. Kinds fdoku does not read are variant strings too,
/// refused by [`read`].
pub(super) fn is_variant(board: &str) -> bool {
    let Some(kind) = board.chars().next() else {
        return false;
    };
    let width = match kind {
        'S' | 'X' | 'W' | 'C' => 2,
        'J' => 3,
        'L' => 4,
        'M' => 5,
        _ => return false,
    };
    let rest = &board[1..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let side: usize = rest[..digits].parse().unwrap_or(0);
    let after = &rest[digits..];
    side > 0
        && after.starts_with(['B', 'C'])
        && side
            .checked_mul(side)
            .and_then(|cells| cells.checked_mul(width))
            .is_some_and(|chars| after.len() == 1 + chars)
        && after[1..].chars().all(|c| c.is_ascii_alphanumeric())
}

/// The puzzle of a variant string, or the offset (in characters) and what
/// is wrong.
pub(super) fn read(board: &str) -> Result<Puzzle, (usize, String)> {
    let digits_end = 1 + board[1..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(board.len() - 1);
    let head = &board[..=digits_end];
    let (kind, width) = match head {
        "S9B" => (Kind::Classic, 2),
        "X9B" => (Kind::Diagonal, 2),
        "W9B" => (Kind::Windoku, 2),
        "C9B" => (Kind::Disjoint, 2),
        "J9B" => (Kind::Jigsaw, 3),
        other => {
            return Err((
                0,
                format!(
                    "sudokuwiki's {other} boards are not read (fdoku reads S9B, X9B, W9B, C9B \
                     and J9B)"
                ),
            ));
        }
    };
    let body = &board[head.len()..];
    if body.len() != 81 * width {
        return Err((
            head.len(),
            format!(
                "{} characters after {head}; expected {} ({width} a cell)",
                body.len(),
                81 * width
            ),
        ));
    }
    let mut givens = vec![0u8; 81];
    let mut region = vec![0u8; 81];
    for cell in 0..81 {
        let at = head.len() + width * cell;
        let text = &body[width * cell..width * (cell + 1)];
        let value = u32::from_str_radix(text, 36).map_err(|_| {
            (
                at,
                format!("{text:?} is not a base-36 number (expected 0-9, a-z)"),
            )
        })?;
        let (label, n) = match kind {
            Kind::Jigsaw => ((value >> 10) + 1, value & 1023),
            _ => (0, value),
        };
        givens[cell] = match n {
            EMPTY => 0,
            1..=9 => n as u8,
            other => {
                return Err((
                    at,
                    format!(
                        "r{}c{}: {other} is a digit placed while solving or candidates, which \
                         fdoku does not read from these strings (expected a given 1 to 9, or \
                         {EMPTY} for an empty cell)",
                        cell / 9 + 1,
                        cell % 9 + 1
                    ),
                ));
            }
        };
        if kind == Kind::Jigsaw {
            region[cell] = u8::try_from(label - 1)
                .ok()
                .filter(|&r| r < 9)
                .ok_or_else(|| (at, format!("region {label}; expected 1 to 9")))?;
        }
    }
    let message = |e: crate::rules::RulesError| (0, e.to_string());
    let rules = match kind {
        Kind::Classic => Rules::classic(9).map_err(message)?,
        Kind::Diagonal => Rules::classic(9).map_err(message)?.with_diagonals(),
        Kind::Windoku => Rules::classic(9)
            .map_err(message)?
            .with_windoku()
            .map_err(message)?,
        Kind::Disjoint => Rules::classic(9)
            .map_err(message)?
            .with_global(GlobalRule::DisjointGroups)
            .map_err(message)?,
        Kind::Jigsaw => Rules::jigsaw(9, region).map_err(message)?,
    };
    Puzzle::new(rules, givens).map_err(|e| (0, e.to_string()))
}
