//! A multigrid drawn as text: one line per canvas row, a digit (`1`–`9`,
//! then `A`–`W`) for a given, `.` for an empty cell, a space where there is
//! no cell; a puzzle's text starts with its `layout:` line.

use super::{Multigrid, MultigridPuzzle};
use crate::puzzle::digit_char;

impl Multigrid {
    /// `values` (one per cell, 0 = empty) drawn on the canvas: one line per
    /// row, `.` for 0, a space where there is no cell (none at the end of
    /// a line).
    pub fn canvas(&self, values: &[u8]) -> Vec<String> {
        (0..self.height())
            .map(|r| {
                let line: String = (0..self.width())
                    .map(|c| match self.cell_at(r, c) {
                        Some(cell) if values[cell] == 0 => '.',
                        Some(cell) => digit_char(values[cell]),
                        None => ' ',
                    })
                    .collect();
                line.trim_end().to_owned()
            })
            .collect()
    }

    /// The `layout:` line that names these sub-grids: the layout's name, or
    /// the origins (`layout: 0,0 6,6`), each sub-grid of listed cells as
    /// its cells joined by `/` (`0,0/0,4/…`), each relabelled pair as its
    /// grids' numbers from 1 joined by `~` (`1~2`).
    pub fn layout_line(&self) -> String {
        if let Some(name) = self.name() {
            return format!("layout: {name}");
        }
        let at = |&(r, c): &(usize, usize)| format!("{r},{c}");
        let arrangement = self.arrangement();
        let origins = arrangement.origins.iter().map(at);
        let listed = arrangement
            .scattered
            .iter()
            .map(|cells| cells.iter().map(at).collect::<Vec<_>>().join("/"));
        let pairs = arrangement
            .relabelled
            .iter()
            .map(|(a, b)| format!("{}~{}", a + 1, b + 1));
        let tokens: Vec<String> = origins.chain(listed).chain(pairs).collect();
        format!("layout: {}", tokens.join(" "))
    }
}

impl MultigridPuzzle {
    /// The puzzle as text: its `layout:` line, then the canvas.
    ///
    /// ```
    /// use fdoku_sudoku::multigrid::{Multigrid, MultigridPuzzle};
    ///
    /// let p = MultigridPuzzle::empty(Multigrid::named("twodoku", 4).unwrap());
    /// assert_eq!(p.to_text(), "layout: twodoku\n....\n....\n......\n......\n  ....\n  ....\n");
    /// ```
    pub fn to_text(&self) -> String {
        let mut text = self.grid().layout_line();
        text.push('\n');
        for line in self.grid().canvas(self.givens()) {
            text.push_str(&line);
            text.push('\n');
        }
        text
    }
}
