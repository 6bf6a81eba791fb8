//! Puzzles written over several lines, one row per line.

use super::line::{Cell, bad_cell, cells, is_text, puzzle_from};
use super::{Item, LineError, ParseErrorKind, PlainVariant, Skipped};
use crate::puzzle::{Puzzle, grid_line};
use crate::rules::MAX_SIZE;

/// A header that starts a new puzzle: Project Euler's `Grid 01`, `.sdk`'s `[Puzzle]`.
pub(super) fn is_header(t: &str) -> bool {
    let lower = t.to_ascii_lowercase();
    lower.starts_with("grid ")
        || (t.starts_with('[')
            && t.ends_with(']')
            && t[1..t.len() - 1]
                .chars()
                .all(|c| c.is_alphabetic() || c == ' '))
}

/// A line drawn between boxes (`------+-------+------`, `=====`, the
/// `.-----.-----.` and `:-----+-----:` of candidate grids), as opposed to a
/// row of blanks (`- - | - -` or `.........` when rows are that wide).
/// Without a known width, a dashed line counts as drawn.
pub(super) fn is_separator(t: &str, width: Option<usize>) -> bool {
    let drawn = t.chars().all(|c| {
        matches!(
            c,
            '-' | '+' | '=' | '|' | ' ' | '_' | '.' | ':' | '\'' | '*'
        )
    });
    if !drawn {
        return false;
    }
    if t.contains(['+', '=', ':', '\'']) {
        return true;
    }
    if t.contains(['.', '*']) && !t.contains("--") {
        return false;
    }
    width != Some(cells(t).len())
}

/// A row of a candidate (pencil-mark) grid, as HoDoKu and SudokuWiki print
/// them: four to nine fields of digits, each a cell's candidates (one digit: a
/// placed digit), at least one with two or more, none repeating a digit.
fn candidate_row(line: &str) -> Option<Vec<Cell>> {
    let mut cells = Vec::new();
    let mut several = false;
    let mut start = 0;
    for field in line.split(|c: char| c.is_whitespace() || c == '|') {
        let column = start + 1;
        start += field.chars().count() + 1;
        if field.is_empty() {
            continue;
        }
        let mut marks = 0u32;
        for c in field.chars() {
            let digit = c.to_digit(10).filter(|&d| d > 0)?;
            if marks & 1 << (digit - 1) != 0 {
                return None;
            }
            marks |= 1 << (digit - 1);
        }
        several |= marks.count_ones() > 1;
        let value = match marks.count_ones() {
            1 => Ok(marks.trailing_zeros() as u8 + 1),
            _ => Ok(0),
        };
        let marks = if marks.count_ones() > 1 { marks } else { 0 };
        cells.push(Cell {
            column,
            value,
            marks,
        });
    }
    (several && (4..=9).contains(&cells.len())).then_some(cells)
}

/// A line read as a row of cells.
struct Row {
    /// 1-based line.
    line: usize,
    cells: Vec<Cell>,
    /// The column just after the line's end.
    end: usize,
}

/// The rows of one puzzle, and as many cells as each should have.
struct Block<'a> {
    first_line: usize,
    width: usize,
    rows: &'a [Row],
}

impl<'a> Block<'a> {
    fn new(rows: &'a [Row], width: usize) -> Self {
        Block {
            first_line: rows[0].line,
            width,
            rows,
        }
    }
}

/// Every puzzle of a text of blocks; lines of text are noted in `skipped`.
///
/// Rows with nothing between them (no blank line, comment or header) form a
/// run, cut into puzzles of as many rows as a row has cells (see
/// [`block_width`]): a damaged puzzle is one error, and the puzzles after
/// it, back to back, are still read from their own first row.
pub(super) fn read(
    input: &str,
    text: &str,
    variant: &PlainVariant,
    skipped: &mut Vec<Skipped>,
) -> Vec<Item> {
    let mut items = Vec::new();
    let mut run: Vec<Row> = Vec::new();
    let mut last = 0;
    // A blank line, a header, text or a too-wide line ends the run of rows.
    let end_run = |run: &mut Vec<Row>, items: &mut Vec<Item>, line_no: usize| {
        cut(input, run, variant, line_no, items);
        run.clear();
    };
    for (number, raw) in text.lines().enumerate() {
        let line_no = number + 1;
        last = line_no;
        let line = raw.trim_end_matches('\r');
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') || is_header(t) {
            end_run(&mut run, &mut items, line_no);
            continue;
        }
        let width = run.last().map(|r| r.cells.len());
        if is_separator(t, width) {
            continue;
        }
        let row = candidate_row(line).unwrap_or_else(|| cells(line));
        let end = line.chars().count() + 1;
        let not_a_row = row.len() > MAX_SIZE || row.iter().any(|c| c.value.is_err());
        if not_a_row && is_text(t) {
            end_run(&mut run, &mut items, line_no);
            skipped.push(Skipped::new(input, line_no, t));
            continue;
        }
        if row.len() > MAX_SIZE {
            // Never glue whole-grid lines into one impossible grid.
            end_run(&mut run, &mut items, line_no);
            let message = format!(
                "a row of {} cells, wider than any grid ({MAX_SIZE} at most); \
                 for one puzzle per line use --input-format line",
                row.len()
            );
            items.push(Item {
                index: 0,
                line: line_no,
                input: t.to_owned(),
                puzzle: Err(LineError::new(1, ParseErrorKind::RowWidth, message).at(input, line_no)),
            });
            continue;
        }
        run.push(Row {
            line: line_no,
            cells: row,
            end,
        });
    }
    cut(input, &run, variant, last + 1, &mut items);
    items
}

/// Cuts a run of rows into puzzles, in order; `next_line` is the line after
/// the run (where a puzzle cut short ends).
fn cut(input: &str, run: &[Row], variant: &PlainVariant, next_line: usize, items: &mut Vec<Item>) {
    let mut rest = run;
    while !rest.is_empty() {
        let width = block_width(rest);
        let (rows, after) = rest.split_at(rows_of_first_puzzle(rest, width, variant));
        let next = after.first().map_or(next_line, |r| r.line);
        items.push(make_item(input, &Block::new(rows, width), variant, next));
        rest = after;
    }
}

/// How many rows of the run `rows` the first puzzle has: `width`, unless
/// the run does not divide into puzzles of `width` rows (a puzzle lacks a
/// row) and those rows are not a sound puzzle (they hold the next puzzle's
/// first rows, whose digits clash) — then the fewest after which the rest
/// divides evenly and starts with a sound puzzle, so that the puzzles after
/// the damaged one are still read from their first row.
fn rows_of_first_puzzle(rows: &[Row], width: usize, variant: &PlainVariant) -> usize {
    let whole = width.clamp(1, rows.len());
    let sound = |rows: &[Row]| {
        rows.len() == width
            && puzzle_of(&Block::new(rows, width), variant, 0)
                .is_ok_and(|puzzle| puzzle.clash().is_none())
    };
    if rows.len().is_multiple_of(width.max(1)) || sound(&rows[..whole]) {
        return whole;
    }
    (1..whole)
        .find(|&k| {
            let rest = &rows[k..];
            rest.len().is_multiple_of(width) && sound(&rest[..width.min(rest.len())])
        })
        .unwrap_or(whole)
}

/// How many cells a row of the puzzle that starts the run `rows` has: the
/// width most of its first rows share (the first row's on a tie). One row
/// too short or too long, even the first, then spoils its own puzzle only,
/// not the cut between the puzzles that follow.
fn block_width(rows: &[Row]) -> usize {
    let first = rows[0].cells.len();
    let most_common = |n: usize| {
        let widths: Vec<usize> = rows.iter().take(n).map(|r| r.cells.len()).collect();
        let count = |w: usize| widths.iter().filter(|&&x| x == w).count();
        widths.iter().copied().fold(
            first,
            |best, w| if count(w) > count(best) { w } else { best },
        )
    };
    let guess = most_common(first.max(2));
    if guess == first {
        first
    } else {
        most_common(guess)
    }
}

fn make_item(input: &str, block: &Block, variant: &PlainVariant, next_line: usize) -> Item {
    let puzzle = puzzle_of(block, variant, next_line);
    let raw: String = block
        .rows
        .iter()
        .flat_map(|row| &row.cells)
        .map(|c| match &c.value {
            Ok(0) => '.',
            Ok(d) => crate::puzzle::digit_char(*d),
            Err(_) => '?',
        })
        .collect();
    Item {
        index: 0,
        line: block.first_line,
        input: match &puzzle {
            Ok(p) => grid_line(p.givens()),
            Err(_) => raw,
        },
        puzzle: puzzle.map_err(|(line, e)| e.at(input, line)),
    }
}

/// The puzzle a block's rows make, or the line and what is wrong
/// (`next_line`: where a block cut short ends).
fn puzzle_of(
    block: &Block,
    variant: &PlainVariant,
    next_line: usize,
) -> Result<Puzzle, (usize, LineError)> {
    check_shape(block, next_line)?;
    let mut all = Vec::new();
    let mut located: Vec<(usize, usize)> = Vec::new();
    for row in block.rows {
        for cell in &row.cells {
            located.push((row.line, cell.column));
            all.push(Cell {
                column: cell.column,
                value: cell.value.clone(),
                marks: cell.marks,
            });
        }
    }
    let puzzle = puzzle_from(&all, variant, 1).map_err(|e| match e.cell {
        // Point at the row the bad cell came from.
        Some(i) => (located[i].0, e),
        None => (block.first_line, e),
    })?;
    with_marks(puzzle, &all).map_err(|e| (block.first_line, e))
}

/// The puzzle with the candidates of a candidate grid's open cells (every
/// digit where a plain blank stands), when the block had any.
fn with_marks(puzzle: Puzzle, cells: &[Cell]) -> Result<Puzzle, LineError> {
    if cells.iter().all(|c| c.marks == 0) {
        return Ok(puzzle);
    }
    let full = crate::puzzle::full_mask(puzzle.size());
    let masks = cells
        .iter()
        .map(|c| if c.marks == 0 { full } else { c.marks })
        .collect();
    puzzle
        .with_candidates(masks)
        .map_err(|e| LineError::new(1, ParseErrorKind::Candidates, e.to_string()))
}

/// Every row as wide as the block, and as many rows as that width.
fn check_shape(block: &Block, next_line: usize) -> Result<(), (usize, LineError)> {
    for row in block.rows {
        if let Some(bad) = bad_cell(&row.cells) {
            return Err((row.line, bad));
        }
    }
    let width = block.width;
    for row in block.rows {
        if row.cells.len() != width {
            let message = format!(
                "this row has {} cells; expected {width}, as the puzzle's other rows",
                row.cells.len()
            );
            return Err((
                row.line,
                LineError::new(row.end, ParseErrorKind::RowWidth, message),
            ));
        }
    }
    if block.rows.len() != width {
        let message = format!(
            "the puzzle ends after {} rows; expected {width} rows of {width} cells",
            block.rows.len()
        );
        return Err((
            next_line,
            LineError::new(1, ParseErrorKind::RowCount, message),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::format::{Format, PlainVariant, read_puzzles};

    fn read(text: &str) -> Vec<Result<String, String>> {
        read_puzzles("b", text, Format::Auto, &PlainVariant::default())
            .into_iter()
            .map(|i| i.puzzle.map(|p| p.to_line()).map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn drawn_grids_lists_and_euler_headers() {
        let drawn = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(read(drawn), [Ok(line.to_owned())]);
        let lists: String = line
            .chars()
            .collect::<Vec<_>>()
            .chunks(9)
            .map(|r| {
                let v: Vec<String> = r
                    .iter()
                    .map(|&c| if c == '.' { "0".into() } else { c.to_string() })
                    .collect();
                format!("[{}]\n", v.join(","))
            })
            .collect();
        assert_eq!(read(&lists), [Ok(line.to_owned())]);
        let euler = format!(
            "Grid 01\n{}Grid 02\n{}",
            lists.replace(['[', ']', ','], ""),
            lists.replace(['[', ']', ','], "")
        );
        assert_eq!(read(&euler).len(), 2);
    }

    #[test]
    fn a_short_block_is_an_error_and_the_next_is_read() {
        let text = "1.3.\n..2.\n.1..\n\n1234\n3412\n2143\n4321\n";
        let items = read(text);
        assert_eq!(
            items[0],
            Err("b:4:1: the puzzle ends after 3 rows; expected 4 rows of 4 cells".to_owned())
        );
        assert_eq!(items[1], Ok("1234341221434321".to_owned()));
        let ragged = read("1.3.\n..2\n.1..\n4...\n");
        assert_eq!(
            ragged[0],
            Err("b:2:4: this row has 3 cells; expected 4, as the puzzle's other rows".to_owned())
        );
        let big = read("1.3.\n..2.\n.5..\n4...\n");
        assert_eq!(
            big[0],
            Err("b:3:2: r3c2 is 5, more than 4 in a 4×4 grid".to_owned())
        );
        let blank_row = read("1 2 | 3 4\n- - | - -\n----+----\n. . | . .\n. . | . .\n");
        assert_eq!(blank_row[0], Ok("1234............".to_owned()));
    }
}
