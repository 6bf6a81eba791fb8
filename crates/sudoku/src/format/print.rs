//! Writing grids: one line, or a block — plain rows with the boxes marked,
//! or, for rules plain rows cannot carry, a box-drawing picture.

mod drawing;

use crate::puzzle::{digit_char, grid_line};
use crate::rules::{Layout, Rules};

/// A grid on one line (`.` for empty cells).
pub fn line(values: &[u8]) -> String {
    grid_line(values)
}

/// A grid as a block.
///
/// Standard boxes (with or without the diagonals and windoku windows,
/// which the variant carries) and box-less grids print as plain rows, with
/// `|` and `-+-` lines between boxes — the block format reads them back:
///
/// ```
/// use fdoku_sudoku::{Rules, format::block};
///
/// let rules = Rules::classic(4).unwrap();
/// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// assert_eq!(block(&grid, &rules), "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n");
/// ```
///
/// Jigsaw regions, killer cages and extra regions are drawn: every cell is
/// three characters wide (` 5 `, ` . ` when empty) between one-character
/// borders, and each border says what it separates — heavy `┃` `━`:
/// different regions (and cages); dashed `╏` `╍`: different regions, one
/// cage (the cage crosses the region border); light `│` `─`: one region,
/// different cages; blank: one region, one cage. Without cages every
/// region border is heavy. A cage's sum stands on the border above its
/// first cell in reading order. Cells of the diagonals, windoku windows and
/// extra regions are shaded (`░5░`); lines under the drawing say what the
/// shading marks, list each extra region's cells, and list the cells of any
/// region or cage that is not one connected piece.
///
/// ```
/// use fdoku_sudoku::{Cage, Rules, format::block};
///
/// let rules = Rules::classic(4).unwrap()
///     .with_cage(Cage { cells: vec![0, 1, 2], sum: Some(6) }).unwrap()
///     .with_cage(Cage { cells: vec![3, 7], sum: Some(6) }).unwrap();
/// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// assert_eq!(block(&grid, &rules), "\
/// ┏6━━━━━━┳━━━┯6━━┓
/// ┃ 1   2 ╏ 3 │ 4 ┃
/// ┠───────╂───┤   ┃
/// ┃ 3   4 ┃ 1 │ 2 ┃
/// ┣━━━━━━━╋━━━┷━━━┫
/// ┃ 2   1 ┃ 4   3 ┃
/// ┃       ┃       ┃
/// ┃ 4   3 ┃ 2   1 ┃
/// ┗━━━━━━━┻━━━━━━━┛
/// ");
/// ```
pub fn block(values: &[u8], rules: &Rules) -> String {
    let drawn = matches!(rules.layout(), Layout::Jigsaw(_))
        || !rules.cages().is_empty()
        || !rules.extra_regions().is_empty();
    if drawn {
        return drawing::draw(values, rules);
    }
    let n = rules.size();
    let (box_rows, box_cols) = match rules.layout() {
        Layout::Boxes { rows, cols } => (*rows, *cols),
        Layout::Jigsaw(_) | Layout::None => (n, n),
    };
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % box_rows == 0 {
            let segment = "-".repeat(2 * box_cols - 1);
            let segments = vec![segment; n / box_cols];
            out.push_str(&segments.join("-+-"));
            out.push('\n');
        }
        for c in 0..n {
            if c > 0 {
                out.push_str(if c % box_cols == 0 { " | " } else { " " });
            }
            let v = values[r * n + c];
            out.push(if v == 0 { '.' } else { digit_char(v) });
        }
        out.push('\n');
    }
    out
}
