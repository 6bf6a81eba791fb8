//! Greater-than signs written as text between two cells, as setters draw
//! them in f-puzzles (`text`) and SudokuPad (an overlay's `text`).

/// Where an inequality sign's tip points, unturned, as a step `(x, y)` on
/// the screen (x right, y down): at the smaller digit.
pub(super) fn sign_tip(text: &str) -> Option<(i64, i64)> {
    match text.trim() {
        ">" => Some((1, 0)),
        "<" => Some((-1, 0)),
        "^" | "∧" => Some((0, -1)),
        "∨" => Some((0, 1)),
        _ => None,
    }
}

/// The larger and the smaller of cells `a` and `b`, where `step` goes from
/// `a` to `b` and the sign's tip points along `tip`; `None` when the tip
/// points across the pair.
pub(super) fn larger_first(
    a: usize,
    b: usize,
    step: (i64, i64),
    tip: (i64, i64),
) -> Option<[usize; 2]> {
    match step {
        s if s == tip => Some([a, b]),
        s if s == (-tip.0, -tip.1) => Some([b, a]),
        _ => None,
    }
}
