//! Candidate (pencil-mark) grids: every open cell's candidates, drawn the
//! way HoDoKu and SudokuWiki print them, which the block reader takes back;
//! and the given pencil marks of f-puzzles and SudokuPad files, which are
//! the same candidates.
//!
//! ```
//! use fdoku_sudoku::Rules;
//! use fdoku_sudoku::format::candidate_grid;
//!
//! let rules = Rules::classic(4).unwrap();
//! let values = [1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1];
//! let masks = [0, 0b1100, 0b1110, 0b1010, 0b1100, 0b1100, 0, 0b1010, 0b1110, 0, 0b1100, 0b0110, 0b0110, 0b1100, 0b0110, 0];
//! let text = candidate_grid(&values, &masks, &rules);
//! assert_eq!(text, "\
//! .---------.---------.
//! | 1    34 | 234  24 |
//! | 34   34 | 1    24 |
//! :---------+---------:
//! | 234  1  | 34   23 |
//! | 23   34 | 23   1  |
//! '---------'---------'
//! ");
//! // The block reader takes it back: placed digits as givens, the rest as candidates.
//! let read = fdoku_sudoku::format::read_puzzles("pm", &text, Default::default(), &Default::default());
//! let puzzle = read[0].puzzle.as_ref().unwrap();
//! assert_eq!(puzzle.to_line(), "1.....1..1.....1");
//! assert_eq!(puzzle.candidates().unwrap()[1], 0b1100);
//! ```

use crate::puzzle::{Puzzle, digit_char};
use crate::rules::{Layout, Rules, full_mask};

/// The grid with each open cell's candidates (`masks`, bit `d - 1` for digit
/// `d`) and each placed digit (`values`), in columns as wide as their widest
/// cell, boxes framed by `.-+:'` lines. Grids without boxes get one frame.
pub fn candidate_grid(values: &[u8], masks: &[u32], rules: &Rules) -> String {
    let n = rules.size();
    let (box_rows, box_cols) = match rules.layout() {
        Layout::Boxes { rows, cols } => (*rows, *cols),
        Layout::Jigsaw(_) | Layout::None => (n, n),
    };
    let tokens: Vec<String> = (0..n * n)
        .map(|cell| match values[cell] {
            0 => (1..=n as u8)
                .filter(|&d| masks[cell] >> (d - 1) & 1 == 1)
                .map(digit_char)
                .collect(),
            v => digit_char(v).to_string(),
        })
        .collect();
    let widths: Vec<usize> = (0..n)
        .map(|c| (0..n).map(|r| tokens[r * n + c].len()).max().unwrap_or(1))
        .collect();
    let stacks: Vec<&[usize]> = widths.chunks(box_cols).collect();
    let rule = |corner: char, middle: char| {
        let segments: Vec<String> = stacks
            .iter()
            .map(|stack| "-".repeat(stack.iter().sum::<usize>() + 2 * stack.len()))
            .collect();
        format!("{corner}{}{corner}\n", segments.join(&middle.to_string()))
    };
    let mut out = rule('.', '.');
    for r in 0..n {
        if r > 0 && r % box_rows == 0 {
            out.push_str(&rule(':', '+'));
        }
        out.push('|');
        for c in 0..n {
            let token = &tokens[r * n + c];
            out.push(' ');
            out.push_str(token);
            out.push_str(&" ".repeat(widths[c] - token.len() + 1));
            if (c + 1) % box_cols == 0 {
                out.push('|');
            }
        }
        out.push('\n');
    }
    out.push_str(&rule('\'', '\''));
    out
}

/// The digits given as pencil marks in an open cell, in rising order: the
/// cell's candidates when the puzzle restricts them, `None` when it does
/// not (a given, or every digit allowed). The f-puzzles and SudokuPad
/// writers list these as the cell's given pencil marks.
pub(crate) fn given_marks(puzzle: &Puzzle, cell: usize) -> Option<Vec<u8>> {
    let mask = puzzle.candidates()?[cell];
    let n = puzzle.size();
    if puzzle.givens()[cell] != 0 || mask == full_mask(n) {
        return None;
    }
    Some(
        (1..=n as u8)
            .filter(|&d| mask >> (d - 1) & 1 == 1)
            .collect(),
    )
}

/// The puzzle with the candidates a file gives as pencil marks: `marks`
/// holds one mask per cell, 0 where the file gives none (every digit
/// allowed). Marks on a given say nothing (editors show the digit, and
/// files keep marks typed before it), so they are passed over. Without
/// any marks on an open cell the puzzle is returned as it is.
pub(crate) fn with_given_marks(puzzle: Puzzle, marks: &[u32]) -> Result<Puzzle, String> {
    let givens = puzzle.givens();
    let open = |cell: usize| givens.get(cell).is_some_and(|&d| d == 0);
    if marks
        .iter()
        .enumerate()
        .all(|(cell, &m)| m == 0 || !open(cell))
    {
        return Ok(puzzle);
    }
    let full = full_mask(puzzle.size());
    let masks = marks
        .iter()
        .enumerate()
        .map(|(cell, &m)| if m == 0 || !open(cell) { full } else { m })
        .collect();
    puzzle.with_candidates(masks).map_err(|e| e.to_string())
}

/// A cell's pencil-mark digits (numbers, or texts of one digit) as a
/// mask; `at` names the list in errors.
pub(crate) fn marks_mask(list: &serde_json::Value, size: usize, at: &str) -> Result<u32, String> {
    let entries = match list {
        serde_json::Value::Null => return Ok(0),
        serde_json::Value::Array(entries) => entries,
        other => return Err(format!("{at}: {other}, expected a list of digits")),
    };
    entries.iter().enumerate().try_fold(0, |mask, (k, v)| {
        let digit = match v {
            serde_json::Value::Number(n) => n.as_u64(),
            serde_json::Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        match digit.filter(|d| (1..=size as u64).contains(d)) {
            Some(d) => Ok(mask | 1 << (d - 1)),
            None => Err(format!("{at}[{k}]: {v}, expected a digit from 1 to {size}")),
        }
    })
}
