//! The puzzle readers: any text reads without a panic; every error names a
//! line of the text and a column; every puzzle read goes back through the
//! writers that promise to carry it — the JSON description (any puzzle),
//! the line and the block (standard boxes with the plain variants), and the
//! candidate grid (boxed grids up to 9×9 whose open cells each keep two or
//! more candidates).

use fdoku_sudoku::format::json::describe;
use fdoku_sudoku::format::{self, Format, Input, PlainVariant, read_input};
use fdoku_sudoku::{Layout, Puzzle, Rules, full_mask};

/// The name the readers are given for the input.
const NAME: &str = "fuzz";

/// The plain variant picked by a number (the fuzz input's length, say), so
/// that every reader also runs with the diagonals and windoku windows.
pub fn variant_from(n: usize) -> PlainVariant {
    PlainVariant {
        diagonals: n & 1 == 1,
        windoku: n & 2 == 2,
    }
}

/// Reads `text` as `format` and as detected; checks the errors' positions
/// and every puzzle's round trips.
pub fn check_text(text: &str, format: Format, variant: PlainVariant) {
    check_input(text, &read_input(NAME, text, format, &variant));
    if format != Format::Auto {
        check_input(text, &read_input(NAME, text, Format::Auto, &variant));
    }
}

/// Every error points into the text; every puzzle makes its round trips.
fn check_input(text: &str, input: &Input) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    for item in &input.items {
        match &item.puzzle {
            Ok(puzzle) => round_trips(puzzle),
            Err(e) => {
                assert_eq!(e.input, NAME);
                assert!(!e.message.is_empty(), "an error without a message: {e:?}");
                assert!(
                    (1..=lines.len() + 1).contains(&e.line),
                    "{e}: line {} of a text of {} lines",
                    e.line,
                    lines.len()
                );
                let width = lines.get(e.line - 1).map_or(0, |l| l.chars().count());
                assert!(
                    (1..=width + 1).contains(&e.column),
                    "{e}: column {} of a line of {width} characters",
                    e.column
                );
            }
        }
    }
    for skipped in &input.skipped {
        assert!(
            (1..=lines.len()).contains(&skipped.line),
            "{skipped}: not a line of the text"
        );
    }
}

/// The one puzzle `text` holds, read as `format`.
fn read_one(text: &str, format: Format, variant: PlainVariant) -> Puzzle {
    let mut input = read_input(NAME, text, format, &variant);
    assert_eq!(input.items.len(), 1, "{format:?} read back: {text}");
    match input.items.remove(0).puzzle {
        Ok(puzzle) => puzzle,
        Err(e) => panic!("{format:?} does not read back: {e}\n{text}"),
    }
}

/// The JSON description always, the line and block for plain rules, the
/// candidate grid where it applies: each reads back as the same puzzle.
pub fn round_trips(puzzle: &Puzzle) {
    let json = describe(puzzle).to_string();
    assert_eq!(
        &read_one(&json, Format::Json, PlainVariant::default()),
        puzzle,
        "the JSON description does not read back: {json}"
    );
    // f-puzzles, where it can say the rules (and has no pencil marks to
    // carry): the same rules, though windoku windows come back as the
    // extra regions f-puzzles writes them as.
    let meta = format::fpuzzles::Meta::default();
    if puzzle.candidates().is_none()
        && let Ok(link) = format::fpuzzles::to_link(puzzle, &meta)
    {
        let back = read_one(&link, Format::FPuzzles, PlainVariant::default());
        assert!(
            same_rules(&back, puzzle),
            "the f-puzzles link does not read back: {json}"
        );
        let again = format::fpuzzles::to_link(&back, &meta).expect("written once, written again");
        assert_eq!(
            read_one(&again, Format::FPuzzles, PlainVariant::default()),
            back
        );
    }
    // The line and the block carry the standard sizes from 4×4 up (a line
    // of one character is not a puzzle, so a 1×1 grid stays in JSON).
    let Some(variant) = plain_variant(puzzle.rules()).filter(|_| puzzle.size() > 1) else {
        return;
    };
    let plain = Puzzle::new(puzzle.rules().clone(), puzzle.givens().to_vec())
        .expect("the givens of a puzzle fit its rules");
    let line = format::line(puzzle.givens());
    assert_eq!(
        read_one(&line, Format::Line, variant),
        plain,
        "line: {line}"
    );
    let block = format::block(puzzle.givens(), puzzle.rules());
    assert_eq!(
        read_one(&block, Format::Block, variant),
        plain,
        "block:\n{block}"
    );
    if let Some(masks) = puzzle.candidates() {
        check_candidate_grid(puzzle.givens(), masks, puzzle.rules());
    }
}

/// Whether two puzzles have the same givens and the same rules, houses
/// compared as sets of cells.
fn same_rules(a: &Puzzle, b: &Puzzle) -> bool {
    let houses = |p: &Puzzle| {
        let mut all: Vec<Vec<usize>> = p
            .rules()
            .houses()
            .into_iter()
            .map(|h| {
                let mut cells = h.cells;
                cells.sort_unstable();
                cells
            })
            .collect();
        all.sort();
        all
    };
    let (x, y) = (a.rules(), b.rules());
    a.givens() == b.givens()
        && houses(a) == houses(b)
        && x.elements() == y.elements()
        && x.cages() == y.cages()
        && x.global_rules() == y.global_rules()
        && x.parity_cells() == y.parity_cells()
        && x.negative() == y.negative()
}

/// The plain variant whose rules these are, when they are standard boxes
/// with (or without) the diagonals and windoku windows.
fn plain_variant(rules: &Rules) -> Option<PlainVariant> {
    let variant = PlainVariant {
        diagonals: rules.diagonals(),
        windoku: rules.windoku(),
    };
    (variant.rules(rules.size()).ok()? == *rules).then_some(variant)
}

/// Writes the candidate grid of `values` and `masks` and, where the format
/// carries it (boxes, at most 9×9, every open cell with two or more
/// candidates), reads it back — as blocks and as detected — to the same
/// givens and candidates.
pub fn check_candidate_grid(values: &[u8], masks: &[u32], rules: &Rules) {
    let Some(variant) = plain_variant(rules) else {
        return;
    };
    let open_ok = values
        .iter()
        .zip(masks)
        .all(|(&v, &m)| v != 0 || m.count_ones() >= 2);
    if rules.size() > 9 || !matches!(rules.layout(), Layout::Boxes { .. }) || !open_ok {
        return;
    }
    let text = format::candidate_grid(values, masks, rules);
    for format in [Format::Block, Format::Auto] {
        let back = read_one(&text, format, variant);
        assert_eq!(
            back.givens(),
            values,
            "{format:?}: the digits differ:\n{text}"
        );
        assert_eq!(back.rules(), rules, "{format:?}: the rules differ:\n{text}");
        let full = full_mask(rules.size());
        let kept = |cell: usize| back.candidates().map_or(full, |m| m[cell]);
        for (cell, (&v, &m)) in values.iter().zip(masks).enumerate() {
            if v == 0 {
                assert_eq!(
                    kept(cell),
                    m,
                    "{format:?}: cell {cell}'s candidates:\n{text}"
                );
            }
        }
    }
}

/// A candidate grid made from fuzz bytes: a size with standard boxes (and,
/// for 9×9, the plain variants), then per cell a placed digit or a set of
/// two or more candidates; checked by [`check_candidate_grid`].
pub fn check_candidate_bytes(data: &[u8]) {
    let Some((&head, cells)) = data.split_first() else {
        return;
    };
    let size = [4, 6, 8, 9][usize::from(head & 3)];
    let variant = if size == 9 {
        variant_from(usize::from(head >> 2))
    } else {
        PlainVariant::default()
    };
    let Ok(rules) = variant.rules(size) else {
        return;
    };
    let full = full_mask(size);
    let mut values = vec![0u8; size * size];
    let mut masks = vec![0u32; size * size];
    for (cell, pair) in cells.chunks(2).take(size * size).enumerate() {
        let a = u32::from(pair[0]);
        let b = u32::from(pair.get(1).copied().unwrap_or(0));
        if a & 0x80 != 0 {
            values[cell] = (b % size as u32) as u8 + 1;
        } else {
            let mut mask = ((a << 8) | b) & full;
            // Two or more candidates: top up from the lowest missing digits.
            let mut d = 0;
            while mask.count_ones() < 2 {
                mask |= 1 << d;
                d += 1;
            }
            masks[cell] = mask;
        }
    }
    // Cells past the end of the bytes keep every candidate.
    for mask in masks.iter_mut().skip(cells.len().div_ceil(2)) {
        *mask = full;
    }
    check_candidate_grid(&values, &masks, &rules);
}

/// `parse_line` against the rules of each standard size: no panic, and a
/// puzzle read prints back as the same line of cells.
pub fn check_parse_line(text: &str) {
    let line = text.lines().next().unwrap_or("");
    for size in [4, 9] {
        let Ok(rules) = Rules::classic(size) else {
            continue;
        };
        if let Ok(puzzle) = format::parse_line(line, &rules) {
            let again = format::parse_line(&puzzle.to_line(), &rules);
            assert_eq!(again.as_ref(), Ok(&puzzle), "parse_line: {line}");
        }
    }
}
