//! Writing grids: one line, or a block with boxes drawn.

use crate::puzzle::{digit_char, grid_line};
use crate::rules::{Layout, Rules};

/// A grid on one line (`.` for empty cells).
pub fn line(values: &[u8]) -> String {
    grid_line(values)
}

/// A grid as rows, with `|` and `-+-` lines between boxes (jigsaw and
/// box-less grids get plain rows).
///
/// ```
/// use fdoku_sudoku::{Rules, format::block};
///
/// let rules = Rules::classic(4).unwrap();
/// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// assert_eq!(block(&grid, &rules), "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n");
/// ```
pub fn block(values: &[u8], rules: &Rules) -> String {
    let n = rules.size();
    let (box_rows, box_cols) = match rules.layout() {
        Layout::Boxes { rows, cols } => (*rows, *cols),
        _ => (n, n),
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
