//! How each constraint looks in a SudokuPad puzzle: the colours, sizes and
//! fonts that the writer draws and the reader recognises. They are those of
//! SudokuPad's f-puzzles converter, and of the f-puzzles script's lines
//! (their width × 32) for the lines the converter only copies.

/// Thermometers, palindromes, between lines, odd/even cells, clones.
pub(super) const GREY: &str = "#CFCFCF";
/// Arrows and their circles.
pub(super) const ARROW: &str = "#A1A1A1";
/// The diagonals.
pub(super) const DIAGONAL: &str = "#34BBE6";
/// Minimum and maximum cells.
pub(super) const EXTREMUM: &str = "#CCCCCC";

/// Line thicknesses.
pub(super) const THERMO: f64 = 21.0;
pub(super) const SLOW_THERMO: f64 = 16.0;
pub(super) const PALINDROME: f64 = 16.0;
pub(super) const BETWEEN: f64 = 2.0;
/// A circle over cells that are not in one row or column, drawn as a line.
pub(super) const PILL: f64 = 45.0;

/// Font sizes of the numbers outside the grid, and of X and V.
pub(super) const LITTLE_KILLER_FONT: u32 = 28;
pub(super) const SANDWICH_FONT: u32 = 32;
pub(super) const X_SUM_FONT: u32 = 22;
pub(super) const SKYSCRAPER_FONT: u32 = 26;
pub(super) const XV_FONT: u32 = 21;

/// The lines told apart by their colour alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LineKind {
    Whisper,
    DutchWhisper,
    Renban,
    RegionSum,
    Zipper,
    Entropic,
    Modular,
    Nabner,
    Lockout,
}

/// Each coloured line: its kind, colour and thickness.
const LINES: [(LineKind, &str, f64); 9] = [
    (LineKind::Whisper, "#67F067", 9.6),
    (LineKind::DutchWhisper, "#FF9A00", 6.0),
    (LineKind::Renban, "#F067F0", 12.8),
    (LineKind::RegionSum, "#2ECBFF", 8.0),
    (LineKind::Zipper, "#FF8080", 9.6),
    (LineKind::Entropic, "#FFCF50", 9.6),
    (LineKind::Modular, "#50B0FF", 9.6),
    (LineKind::Nabner, "#C9C883", 8.0),
    (LineKind::Lockout, "#006CBA", 6.4),
];

/// The colour and thickness of a kind of line.
pub(super) fn line_style(kind: LineKind) -> (&'static str, f64) {
    LINES
        .iter()
        .find(|(k, _, _)| *k == kind)
        .map_or((GREY, 1.0), |&(_, colour, thickness)| (colour, thickness))
}

/// The kind of line drawn in `colour`.
pub(super) fn line_kind(colour: &str) -> Option<LineKind> {
    LINES
        .iter()
        .find(|(_, c, _)| same_colour(c, colour))
        .map(|&(kind, _, _)| kind)
}

/// Whether two colours are the same (`#ccc` is `#CCCCCC`).
pub(super) fn same_colour(a: &str, b: &str) -> bool {
    let long = |c: &str| -> String {
        let hex = c.trim().trim_start_matches('#').to_ascii_uppercase();
        if hex.len() == 3 {
            hex.chars().flat_map(|ch| [ch, ch]).collect()
        } else {
            hex
        }
    };
    long(a) == long(b)
}

/// The answer as SudokuPad's `solution:` metadata: one character a cell up
/// to 9×9, numbers separated by commas beyond.
pub(super) fn solution_text(solution: &[u8]) -> String {
    if solution.iter().all(|&d| d <= 9) {
        solution.iter().map(|d| char::from(b'0' + d)).collect()
    } else {
        let digits: Vec<String> = solution.iter().map(u8::to_string).collect();
        digits.join(",")
    }
}
