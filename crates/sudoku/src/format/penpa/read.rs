//! The problem layer of a Penpa+ Sudoku turned into rules, givens and
//! candidates. What is read, and how:
//!
//! * `number` in a board cell: a given (normal size), or the cell's
//!   candidates (Penpa's candidate marks); an `X` or `V` on an edge
//!   between two cells: the XV pair;
//! * `lineE`, bold (styles 2 and 21) along the grid's lines: region
//!   borders, which must cut the board into N regions of N cells; thin
//!   grid lines are passed over; bold or dashed lines through the whole
//!   main or anti diagonal (Penpa's own "diagonal" option): that diagonal;
//! * `killercages`: killer cages, each with the sum written in the
//!   top-left corner of one of its cells (`numberS`), or none; the dashed
//!   outlines drawn with them (`cage`) are passed over;
//! * `thermo`: thermometers, bulb first; `arrows`: arrows from a cell with
//!   a circle;
//! * `symbol`: small white or black circles on an edge: kropki dots
//!   (difference 1, ratio 2); the circle of an arrow.
//!
//! Anything else the layer holds — shading, other lines and symbols,
//! numbers outside the board, a rules text that names a rule no drawing
//! carries — is an error that names it.

use serde_json::{Map, Value};

use super::board::{Board, Spot};
use super::link::Unpacked;
use crate::elements::{Dot, Element};
use crate::format::fpuzzles::layout;
use crate::puzzle::Puzzle;
use crate::rules::{Cage, Diagonal, MAX_SIZE, Rules};

/// Problem-layer keys that only hold the editor's history.
const HISTORY: [&str; 3] = ["command_redo", "command_undo", "command_replay"];

/// Keys that only change how the grid is drawn.
const COSMETIC: [&str; 1] = ["deletelineE"];

/// Keys read here.
const READ: [&str; 8] = [
    "number",
    "numberS",
    "lineE",
    "killercages",
    "cage",
    "thermo",
    "arrows",
    "symbol",
];

/// Line styles of the grid itself (thin, dotted, none).
const GRID_STYLES: [i64; 4] = [0, 1, 11, 80];

/// Bold line styles: region borders.
const BOLD_STYLES: [i64; 2] = [2, 21];

/// The dashed style of Penpa's diagonals.
const DIAGONAL_STYLE: i64 = 12;

/// Words of a rules text for rules that no drawing read here carries: the
/// rule, and the words that name it.
const RULES_IN_WORDS: [(&str, &[&str]); 16] = [
    ("anti-knight", &["knight"]),
    (
        "anti-king",
        &["king's move", "kings move", "anti-king", "antiking"],
    ),
    ("non-consecutive", &["non-consecutive", "nonconsecutive"]),
    ("disjoint groups", &["disjoint"]),
    ("extra regions", &["windoku", "hyper", "extra region"]),
    (
        "negative kropki or XV",
        &["all possible", "all dots", "all kropki"],
    ),
    ("sandwich", &["sandwich"]),
    ("little killer", &["little killer"]),
    ("odd and even cells", &["odd", "even"]),
    ("renban", &["renban"]),
    ("whispers", &["whisper"]),
    ("palindromes", &["palindrom"]),
    ("between lines", &["between"]),
    ("region sum lines", &["region sum"]),
    ("clones", &["clone"]),
    ("repeating digits in cages", &["may repeat", "can repeat"]),
];

/// The puzzle of an unpacked link.
pub(super) fn read(link: &Unpacked) -> Result<Puzzle, String> {
    if !matches!(link.gridtype.as_str(), "square" | "sudoku") {
        return Err(format!(
            "a grid of kind \"{}\"; fdoku reads Penpa's square and sudoku grids",
            link.gridtype
        ));
    }
    let cells = if link.centerlist.is_empty() {
        let [top, bottom, left, right] = link.space;
        let (nx0, ny0) = (link.nx + 4, link.ny + 4);
        (2 + top..ny0.saturating_sub(2 + bottom))
            .flat_map(|r| (2 + left..nx0.saturating_sub(2 + right)).map(move |c| r * nx0 + c))
            .collect()
    } else {
        link.centerlist.clone()
    };
    let board = Board::new(link.nx, link.ny, &cells)?;
    if board.size > MAX_SIZE {
        return Err(format!(
            "a board of {0}×{0}; fdoku reads up to {MAX_SIZE}×{MAX_SIZE}",
            board.size
        ));
    }
    let Value::Object(layer) = &link.problem else {
        return Err("the problem layer is not an object".to_owned());
    };
    if let Some((key, _)) = layer.iter().find(|(key, value)| {
        !READ.contains(&key.as_str())
            && !HISTORY.contains(&key.as_str())
            && !COSMETIC.contains(&key.as_str())
            && has_content(value)
    }) {
        return Err(format!(
            "{key}: {}: fdoku does not read it from a Penpa+ link",
            what_key(key)
        ));
    }
    rules_in_words(&link.title, &link.rules)?;
    Reader {
        board,
        layer,
        elements: Vec::new(),
        circles_used: Vec::new(),
    }
    .read()
}

struct Reader<'a> {
    board: Board,
    layer: &'a Map<String, Value>,
    elements: Vec<(String, Element)>,
    /// Cells whose circle is an arrow's.
    circles_used: Vec<usize>,
}

impl<'a> Reader<'a> {
    fn read(mut self) -> Result<Puzzle, String> {
        let n = self.board.size;
        let (givens, marks) = self.numbers()?;
        let (rules, diagonals) = self.regions()?;
        let mut rules = rules;
        for diagonal in diagonals {
            rules = rules.with_diagonal(diagonal);
        }
        for cage in self.cages()? {
            rules = rules
                .with_cage(cage)
                .map_err(|e| format!("killercages: {e}"))?;
        }
        self.thermometers()?;
        self.arrows()?;
        self.symbols()?;
        for (at, element) in std::mem::take(&mut self.elements) {
            rules = rules
                .with_element(element)
                .map_err(|e| format!("{at}: {e}"))?;
        }
        let puzzle = Puzzle::new(rules, givens).map_err(|e| format!("number: {e}"))?;
        if marks.iter().all(|&m| m == 0) {
            return Ok(puzzle);
        }
        let full = crate::rules::full_mask(n);
        let masks = marks
            .iter()
            .map(|&m| if m == 0 { full } else { m })
            .collect();
        puzzle
            .with_candidates(masks)
            .map_err(|e| format!("number: candidates: {e}"))
    }

    /// The entries of an object-valued key, by point.
    fn points(&self, key: &str) -> Result<Vec<(usize, &'a Value)>, String> {
        let layer: &'a Map<String, Value> = self.layer;
        let Some(Value::Object(map)) = layer.get(key) else {
            return Ok(Vec::new());
        };
        map.iter()
            .map(|(k, v)| {
                k.trim_end_matches('E')
                    .parse()
                    .map(|p| (p, v))
                    .map_err(|_| format!("{key}[{k}]: not a point of the grid"))
            })
            .collect()
    }

    /// The entries of a list-valued key (empty entries left out).
    fn lists(&self, key: &str) -> Result<Vec<(usize, Vec<usize>)>, String> {
        let Some(Value::Array(entries)) = self.layer.get(key) else {
            return Ok(Vec::new());
        };
        entries
            .iter()
            .enumerate()
            .filter(|(_, e)| has_content(e))
            .map(|(i, e)| {
                let points = e
                    .as_array()
                    .map(|list| list.iter().map(point_of).collect::<Option<Vec<usize>>>())
                    .unwrap_or(None)
                    .ok_or_else(|| format!("{key}[{i}]: expected a list of points"))?;
                Ok((i, points))
            })
            .collect()
    }

    /// The board cells of a list of points, each a board cell.
    fn cells_of(&self, points: &[usize], at: &str) -> Result<Vec<usize>, String> {
        points
            .iter()
            .map(|&p| {
                self.board.cell(p).ok_or_else(|| {
                    format!(
                        "{at}: a point outside the board's cells ({})",
                        spot_words(self.board.spot(p))
                    )
                })
            })
            .collect()
    }

    /// Givens, given candidates, and XV letters.
    fn numbers(&mut self) -> Result<(Vec<u8>, Vec<u32>), String> {
        let n = self.board.size;
        let mut givens = vec![0u8; n * n];
        let mut marks = vec![0u32; n * n];
        for (point, value) in self.points("number")? {
            let at = format!("number[{point}]");
            let entry = value
                .as_array()
                .filter(|e| !e.is_empty())
                .ok_or_else(|| format!("{at}: expected [text, colour, style]"))?;
            let style = entry.get(2).map(text_of).unwrap_or_default();
            match (self.board.spot(point), style.as_str()) {
                (Spot::Cell(cell), "1") => {
                    let text = text_of(&entry[0]);
                    givens[cell] = text
                        .trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|&d| (1..=n).contains(&usize::from(d)))
                        .ok_or_else(|| {
                            format!("{at}: {text:?} in a cell, expected a digit from 1 to {n}")
                        })?;
                }
                (Spot::Cell(cell), "7") => {
                    let flags = entry[0].as_array().ok_or_else(|| {
                        format!("{at}: candidate marks that are not a list of flags")
                    })?;
                    for (d, flag) in flags.iter().enumerate() {
                        if flag.as_u64() == Some(1) && d < n {
                            marks[cell] |= 1 << d;
                        }
                    }
                }
                (Spot::Edge(a, b), _) => {
                    let sum = match text_of(&entry[0]).trim() {
                        "X" | "x" => 10,
                        "V" | "v" => 5,
                        other => {
                            return Err(format!(
                                "{at}: {other:?} on the edge between {} and {}: fdoku reads X and \
                                 V there",
                                name(n, a),
                                name(n, b)
                            ));
                        }
                    };
                    self.elements.push((at, Element::Xv { cells: [a, b], sum }));
                }
                (Spot::Cell(cell), style) => {
                    return Err(format!(
                        "{at}: a number of style {style} in {}: fdoku reads givens (normal size) \
                         and candidate marks",
                        name(n, cell)
                    ));
                }
                (spot, _) => {
                    return Err(format!(
                        "{at}: {:?} on {}: fdoku reads numbers in the board's cells",
                        text_of(&entry[0]),
                        spot_words(spot)
                    ));
                }
            }
        }
        Ok((givens, marks))
    }

    /// Regions from the bold lines, and the diagonals drawn.
    fn regions(&self) -> Result<(Rules, Vec<Diagonal>), String> {
        let n = self.board.size;
        let mut borders: Vec<(usize, usize)> = Vec::new();
        let mut diagonal_segments = Vec::new();
        if let Some(Value::Object(lines)) = self.layer.get("lineE") {
            for (key, style) in lines {
                let at = format!("lineE[{key}]");
                let style = style.as_i64().unwrap_or(-1);
                let ends: Option<Vec<usize>> = key.split(',').map(|p| p.parse().ok()).collect();
                let Some([a, b]) = ends
                    .as_deref()
                    .map(<[usize; 2]>::try_from)
                    .and_then(Result::ok)
                else {
                    return Err(format!("{at}: expected two points"));
                };
                let (Some(ca), Some(cb)) = (self.board.corner(a), self.board.corner(b)) else {
                    return Err(format!(
                        "{at}: a line between points that are not corners of cells"
                    ));
                };
                let step = (ca.0.abs_diff(cb.0), ca.1.abs_diff(cb.1));
                if step == (1, 1) {
                    if style != DIAGONAL_STYLE && !BOLD_STYLES.contains(&style) {
                        return Err(format!(
                            "{at}: a diagonal line of style {style}: fdoku reads dashed or bold \
                             lines along a whole diagonal of the board"
                        ));
                    }
                    diagonal_segments.push((ca.min(cb), ca.max(cb)));
                } else if step != (1, 0) && step != (0, 1) {
                    return Err(format!(
                        "{at}: a line between corners that are not neighbours"
                    ));
                } else if BOLD_STYLES.contains(&style) {
                    // A bold line on the board's outline separates nothing.
                    borders.extend(self.board.edge_between(a, b));
                } else if !GRID_STYLES.contains(&style) {
                    return Err(format!(
                        "{at}: a line of style {style} along the grid: fdoku reads bold lines \
                         there, as region borders"
                    ));
                }
            }
        }
        let mut diagonals = Vec::new();
        let [main, anti] = self.board.diagonals();
        for (segments, diagonal, what) in [
            (&main, Diagonal::Main, "main (↘)"),
            (&anti, Diagonal::Anti, "anti (↙)"),
        ] {
            let drawn = segments
                .iter()
                .filter(|s| diagonal_segments.contains(s))
                .count();
            if drawn == segments.len() {
                diagonals.push(diagonal);
            } else if drawn > 0 {
                return Err(format!(
                    "lineE: {drawn} of the {n} segments of the {what} diagonal are drawn: a \
                     diagonal rule needs the whole diagonal"
                ));
            }
        }
        if diagonal_segments
            .iter()
            .any(|s| !main.contains(s) && !anti.contains(s))
        {
            return Err(
                "lineE: diagonal lines off the board's two long diagonals: fdoku reads those \
                 two only"
                    .to_owned(),
            );
        }
        if borders.is_empty() {
            return Err(
                "lineE: no region borders are drawn (bold lines): fdoku reads a Sudoku's boxes \
                 or jigsaw regions from them"
                    .to_owned(),
            );
        }
        let regions = flood_regions(n, &borders);
        let count = regions.iter().max().map_or(0, |&r| r + 1);
        let sizes: Vec<usize> = (0..count)
            .map(|r| regions.iter().filter(|&&x| x == r).count())
            .collect();
        if count != n || sizes.iter().any(|&s| s != n) {
            let mut sizes = sizes;
            sizes.sort_unstable();
            return Err(format!(
                "lineE: the bold lines cut the board into {count} regions of sizes {sizes:?}; \
                 expected {n} regions of {n} cells"
            ));
        }
        let region: Vec<Option<u8>> = regions.iter().map(|&r| Some(r as u8)).collect();
        let rules = layout(n, &region).map_err(|e| format!("lineE: {e}"))?;
        Ok((rules, diagonals))
    }

    /// Killer cages and their sums.
    fn cages(&self) -> Result<Vec<Cage>, String> {
        let n = self.board.size;
        let mut cages: Vec<(String, Vec<usize>)> = Vec::new();
        for (i, points) in self.lists("killercages")? {
            let at = format!("killercages[{i}]");
            cages.push((at.clone(), self.cells_of(&points, &at)?));
        }
        let mut sums: Vec<Option<u32>> = vec![None; cages.len()];
        for (point, value) in self.points("numberS")? {
            let at = format!("numberS[{point}]");
            let text = value
                .as_array()
                .and_then(|e| e.first())
                .map(text_of)
                .unwrap_or_default();
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let Spot::CageCorner(cell) = self.board.spot(point) else {
                return Err(format!(
                    "{at}: the small number {text:?} on {}: fdoku reads killer sums in a cage \
                     cell's top-left corner",
                    spot_words(self.board.spot(point))
                ));
            };
            let Some(k) = cages.iter().position(|(_, cells)| cells.contains(&cell)) else {
                return Err(format!(
                    "{at}: the small number {text:?} in {}, which is in no killer cage",
                    name(n, cell)
                ));
            };
            let sum: u32 = text
                .parse()
                .map_err(|_| format!("{at}: the cage sum {text:?} is not a number"))?;
            if sums[k].replace(sum).is_some() {
                return Err(format!("{}: two sums in one cage", cages[k].0));
            }
        }
        self.cage_outlines(&cages)?;
        Ok(cages
            .into_iter()
            .zip(sums)
            .map(|((_, cells), sum)| Cage { cells, sum })
            .collect())
    }

    /// The dashed outlines (`cage`) must belong to killer cages.
    fn cage_outlines(&self, cages: &[(String, Vec<usize>)]) -> Result<(), String> {
        let Some(Value::Object(lines)) = self.layer.get("cage") else {
            return Ok(());
        };
        let caged = |cell: usize| cages.iter().any(|(_, cells)| cells.contains(&cell));
        for key in lines.keys() {
            let inside = key.split(',').all(|p| {
                p.parse::<usize>().ok().is_some_and(|p| {
                    let quarter = p.checked_sub(4 * self.board.n).map(|q| q / 4);
                    quarter.and_then(|c| self.board.cell(c)).is_some_and(caged)
                })
            });
            if !inside {
                return Err(format!(
                    "cage[{key}]: a cage outline around cells of no killer cage: fdoku reads \
                     cages drawn with the killer cage tool"
                ));
            }
        }
        Ok(())
    }

    fn thermometers(&mut self) -> Result<(), String> {
        for (i, points) in self.lists("thermo")? {
            let at = format!("thermo[{i}]");
            let cells = self.cells_of(&points, &at)?;
            self.elements
                .push((at, Element::Thermometer { cells, slow: false }));
        }
        Ok(())
    }

    fn arrows(&mut self) -> Result<(), String> {
        for (i, points) in self.lists("arrows")? {
            let at = format!("arrows[{i}]");
            let cells = self.cells_of(&points, &at)?;
            let start = points[0];
            let circled = self.points("symbol")?.iter().any(|&(p, v)| {
                p == start && symbol_name(v).is_some_and(|s| s.starts_with("circle"))
            });
            if !circled || cells.len() < 2 {
                return Err(format!(
                    "{at}: an arrow whose first cell has no circle: fdoku reads arrows from a \
                     circled cell"
                ));
            }
            self.circles_used.push(cells[0]);
            self.elements.push((
                at,
                Element::Arrow {
                    circle: vec![cells[0]],
                    line: cells[1..].to_vec(),
                },
            ));
        }
        Ok(())
    }

    /// Kropki dots; circles of arrows.
    fn symbols(&mut self) -> Result<(), String> {
        let n = self.board.size;
        for (point, value) in self.points("symbol")? {
            let at = format!("symbol[{point}]");
            let style = value
                .as_array()
                .and_then(|e| e.first())
                .and_then(Value::as_i64);
            let name_of = symbol_name(value).unwrap_or_default();
            match (self.board.spot(point), name_of.as_str(), style) {
                (Spot::Cell(cell), s, _)
                    if s.starts_with("circle") && self.circles_used.contains(&cell) => {}
                (Spot::Edge(a, b), "circle_SS" | "circle_S", Some(1 | 2)) => {
                    let (dot, value) = if style == Some(1) {
                        (Dot::White, 1)
                    } else {
                        (Dot::Black, 2)
                    };
                    self.elements.push((
                        at,
                        Element::Kropki {
                            cells: [a, b],
                            dot,
                            value,
                        },
                    ));
                }
                (spot, symbol, _) => {
                    return Err(format!(
                        "{at}: the symbol {symbol} (style {}) on {}: fdoku reads small white and \
                         black circles on edges (kropki dots) and the circles of arrows",
                        style.map_or("?".to_owned(), |s| s.to_string()),
                        match spot {
                            Spot::Cell(c) => name(n, c),
                            other => spot_words(other),
                        }
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Each cell's region (0-based, numbered in reading order of their first
/// cells), the board cut along `borders`.
fn flood_regions(n: usize, borders: &[(usize, usize)]) -> Vec<usize> {
    let blocked = |a: usize, b: usize| borders.contains(&(a.min(b), a.max(b)));
    let mut region = vec![usize::MAX; n * n];
    let mut next = 0;
    for start in 0..n * n {
        if region[start] != usize::MAX {
            continue;
        }
        region[start] = next;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / n, cell % n);
            let mut around = Vec::with_capacity(4);
            if r > 0 {
                around.push(cell - n);
            }
            if r + 1 < n {
                around.push(cell + n);
            }
            if c > 0 {
                around.push(cell - 1);
            }
            if c + 1 < n {
                around.push(cell + 1);
            }
            for other in around {
                if region[other] == usize::MAX && !blocked(cell, other) {
                    region[other] = next;
                    stack.push(other);
                }
            }
        }
        next += 1;
    }
    region
}

/// A rule named in the title or the rules text that no drawing says.
fn rules_in_words(title: &str, rules: &str) -> Result<(), String> {
    let words = format!("{title}\n{rules}").to_lowercase();
    for (rule, names) in RULES_IN_WORDS {
        if let Some(word) = names.iter().find(|w| contains_word(&words, w)) {
            return Err(format!(
                "the rules text speaks of {rule} (\"{word}\"), which fdoku does not read from a \
                 Penpa+ link's drawings; say the puzzle in fdoku's JSON description instead"
            ));
        }
    }
    Ok(())
}

/// Whether `text` holds `word` not inside a longer word.
fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphabetic)
    })
}

fn has_content(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(_) => true,
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => a.iter().any(has_content),
        Value::Object(o) => !o.is_empty(),
    }
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => other.to_string(),
    }
}

fn point_of(v: &Value) -> Option<usize> {
    match v {
        Value::Number(n) => n.as_u64().map(|p| p as usize),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

fn symbol_name(v: &Value) -> Option<String> {
    v.as_array().and_then(|e| e.get(1)).map(text_of)
}

fn name(n: usize, cell: usize) -> String {
    crate::cells::cell_name(n, cell)
}

fn spot_words(spot: Spot) -> String {
    match spot {
        Spot::Cell(_) => "a cell".to_owned(),
        Spot::Edge(..) => "an edge between two cells".to_owned(),
        Spot::CageCorner(_) => "the top-left corner of a cell".to_owned(),
        Spot::Other(what) => what.to_owned(),
    }
}

/// What a problem-layer key draws, for messages.
fn what_key(key: &str) -> &'static str {
    match key {
        "surface" => "shaded cells",
        "line" => "lines through cells",
        "wall" => "walls",
        "freeline" | "freelineE" => "free lines",
        "direction" => "direction arrows",
        "squareframe" => "square frames",
        "polygon" => "polygons",
        "nobulbthermo" => "thermometers without a bulb",
        "special" => "special lines",
        _ => "a drawing",
    }
}
