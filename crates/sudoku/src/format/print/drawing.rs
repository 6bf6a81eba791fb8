//! The box-drawing picture of a grid whose rules a plain block cannot
//! carry (see [`super::block`] for how to read it): the borders between
//! cells from their regions and cages, the sums, the shading, the legend.

use crate::puzzle::digit_char;
use crate::rules::{Diagonal, HouseKind, Rules, cell_name};

/// The junction characters, indexed by the weight of the arm going up,
/// right, down and left (0 none, 1 light, 2 heavy) as base-3 digits.
const JUNCTIONS: &str =
    " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋";

/// The shade around a cell of an extra house.
const SHADE: char = '░';

/// What a border separates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    /// One region, one cage.
    Open,
    /// One region, different cages.
    Cage,
    /// Different regions, one cage.
    Crossed,
    /// Different regions (and cages), or the frame.
    Region,
}

impl Edge {
    fn horizontal(self) -> char {
        match self {
            Edge::Open => ' ',
            Edge::Cage => '─',
            Edge::Crossed => '╍',
            Edge::Region => '━',
        }
    }

    fn vertical(self) -> char {
        match self {
            Edge::Open => ' ',
            Edge::Cage => '│',
            Edge::Crossed => '╏',
            Edge::Region => '┃',
        }
    }

    /// The arm's weight at a junction: a dashed line meets it heavy.
    fn weight(self) -> usize {
        match self {
            Edge::Open => 0,
            Edge::Cage => 1,
            Edge::Crossed | Edge::Region => 2,
        }
    }
}

/// Which region and cage every cell is in.
struct Plan {
    size: usize,
    region: Vec<usize>,
    cage: Vec<Option<usize>>,
    caged: bool,
}

impl Plan {
    fn new(rules: &Rules) -> Self {
        let mut region = vec![0; rules.cells()];
        for house in rules.houses() {
            if house.kind == HouseKind::Box {
                for &cell in &house.cells {
                    region[cell] = house.index;
                }
            }
        }
        let mut cage = vec![None; rules.cells()];
        for (i, c) in rules.cages().iter().enumerate() {
            for &cell in &c.cells {
                cage[cell] = Some(i);
            }
        }
        Plan {
            size: rules.size(),
            region,
            cage,
            caged: !rules.cages().is_empty(),
        }
    }

    /// The border between cells `a` and `b` (`None` is outside the grid).
    fn edge(&self, a: Option<usize>, b: Option<usize>) -> Edge {
        let (Some(a), Some(b)) = (a, b) else {
            return Edge::Region;
        };
        let other_cage = self.cage[a] != self.cage[b];
        match (self.region[a] != self.region[b], other_cage) {
            (true, false) if self.caged && self.cage[a].is_some() => Edge::Crossed,
            (true, _) => Edge::Region,
            (false, true) => Edge::Cage,
            (false, false) => Edge::Open,
        }
    }

    /// The cell at row `r`, column `c`, if both are inside the grid.
    fn at(&self, r: usize, c: usize) -> Option<usize> {
        (r < self.size && c < self.size).then(|| r * self.size + c)
    }

    /// The border above row `r` in column `c` (`r` may be N: the bottom).
    fn above(&self, r: usize, c: usize) -> Edge {
        self.edge(r.checked_sub(1).and_then(|r| self.at(r, c)), self.at(r, c))
    }

    /// The border left of column `c` in row `r` (`c` may be N: the right side).
    fn left_of(&self, r: usize, c: usize) -> Edge {
        self.edge(c.checked_sub(1).and_then(|c| self.at(r, c)), self.at(r, c))
    }

    /// The junction at the top-left corner of cell (`r`, `c`).
    fn junction(&self, r: usize, c: usize) -> char {
        let weight = |edge: Option<Edge>| edge.map_or(0, Edge::weight);
        let up = r.checked_sub(1).map(|r| self.left_of(r, c));
        let down = (r < self.size).then(|| self.left_of(r, c));
        let left = c.checked_sub(1).map(|c| self.above(r, c));
        let right = (c < self.size).then(|| self.above(r, c));
        let index = ((weight(up) * 3 + weight(right)) * 3 + weight(down)) * 3 + weight(left);
        JUNCTIONS.chars().nth(index).unwrap_or(' ')
    }
}

/// Draws `values` (0 for empty) on `rules`' regions and cages.
pub(super) fn draw(values: &[u8], rules: &Rules) -> String {
    let plan = Plan::new(rules);
    let n = plan.size;
    let mut shaded = vec![false; rules.cells()];
    for house in rules.houses() {
        if matches!(
            house.kind,
            HouseKind::Diagonal | HouseKind::Window | HouseKind::Extra
        ) {
            for &cell in &house.cells {
                shaded[cell] = true;
            }
        }
    }
    let mut label: Vec<Option<String>> = vec![None; rules.cells()];
    for cage in rules.cages() {
        if let (Some(&first), Some(sum)) = (cage.cells.iter().min(), cage.sum) {
            label[first] = Some(sum.to_string());
        }
    }
    let mut out = String::new();
    for r in 0..=n {
        for c in 0..=n {
            out.push(plan.junction(r, c));
            if c < n {
                let line = plan.above(r, c).horizontal();
                let sum = plan.at(r, c).and_then(|cell| label[cell].as_deref());
                let mut segment = sum.unwrap_or("").chars().chain(std::iter::repeat(line));
                out.extend(segment.by_ref().take(3));
            }
        }
        out.push('\n');
        if r == n {
            break;
        }
        for c in 0..=n {
            out.push(plan.left_of(r, c).vertical());
            if let Some(cell) = plan.at(r, c) {
                let pad = if shaded[cell] { SHADE } else { ' ' };
                let v = values[cell];
                out.push(pad);
                out.push(if v == 0 { '.' } else { digit_char(v) });
                out.push(pad);
            }
        }
        out.push('\n');
    }
    legend(rules, &mut out);
    out
}

/// The lines under the drawing: what the shading marks, the extra regions'
/// cells, and the regions and cages in more than one piece.
fn legend(rules: &Rules, out: &mut String) {
    let n = rules.size();
    let names = |cells: &[usize]| {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        let names: Vec<String> = sorted.iter().map(|&c| cell_name(n, c)).collect();
        names.join(" ")
    };
    let mut marked = Vec::new();
    match Diagonal::BOTH.map(|d| rules.diagonal(d)) {
        [true, true] => marked.push("the diagonals"),
        [true, false] => marked.push("the main diagonal"),
        [false, true] => marked.push("the anti-diagonal"),
        [false, false] => {}
    }
    if rules.windoku() {
        marked.push("the windows");
    }
    if !rules.extra_regions().is_empty() {
        marked.push("the extra regions");
    }
    if !marked.is_empty() {
        out.push_str(&format!("{SHADE} marks {}\n", marked.join(", ")));
    }
    for (i, region) in rules.extra_regions().iter().enumerate() {
        out.push_str(&format!("extra region {}: {}\n", i + 1, names(region)));
    }
    for house in rules.houses() {
        let pieces = pieces(n, &house.cells);
        if house.kind == HouseKind::Box && pieces > 1 {
            let (region, cells) = (house.index + 1, names(&house.cells));
            out.push_str(&format!("region {region} ({pieces} pieces): {cells}\n"));
        }
    }
    for (i, cage) in rules.cages().iter().enumerate() {
        let pieces = pieces(n, &cage.cells);
        if pieces > 1 {
            let cells = names(&cage.cells);
            let sum = cage.sum.map_or("no sum".to_owned(), |s| format!("sum {s}"));
            out.push_str(&format!(
                "cage {} ({sum}, {pieces} pieces): {cells}\n",
                i + 1
            ));
        }
    }
}

/// Into how many orthogonally connected pieces `cells` fall.
fn pieces(size: usize, cells: &[usize]) -> usize {
    let mut unseen: Vec<usize> = cells.to_vec();
    let mut count = 0;
    while let Some(start) = unseen.pop() {
        count += 1;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / size, cell % size);
            unseen.retain(|&other| {
                let (or, oc) = (other / size, other % size);
                let touches = r.abs_diff(or) + c.abs_diff(oc) == 1;
                if touches {
                    stack.push(other);
                }
                !touches
            });
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{KillerOptions, generate_killer, random_jigsaw};
    use crate::puzzle::char_digit;
    use crate::rules::Cage;

    /// A 4×4 jigsaw whose regions wind round each other.
    fn jigsaw4() -> Rules {
        Rules::jigsaw(4, vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3]).unwrap()
    }

    /// A 4×4 killer with cages inside boxes and across them.
    fn killer4() -> Rules {
        let cages = [
            (vec![0, 4], 4),
            (vec![1, 2, 6], 9),
            (vec![3, 7], 3),
            (vec![5], 4),
            (vec![8, 9, 12], 7),
            (vec![10, 11, 14, 15], 10),
            (vec![13], 1),
        ];
        cages
            .into_iter()
            .fold(Rules::classic(4).unwrap(), |rules, (cells, sum)| {
                rules
                    .with_cage(Cage {
                        cells,
                        sum: Some(sum),
                    })
                    .unwrap()
            })
    }

    /// What a drawing shows, read back from its characters alone.
    #[derive(Debug, PartialEq)]
    struct Shown {
        values: Vec<u8>,
        shaded: Vec<bool>,
        /// The regions, each sorted, in order of their first cell.
        regions: Vec<Vec<usize>>,
        /// The cages (and areas outside every cage), likewise.
        cages: Vec<Vec<usize>>,
        /// The label above each labelled cell.
        sums: Vec<(usize, u32)>,
    }

    fn read_back(text: &str, n: usize) -> Shown {
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        assert!(lines.len() > 2 * n, "{text}");
        let edge = |ch: char| match ch {
            ' ' => Edge::Open,
            '─' | '│' => Edge::Cage,
            '╍' | '╏' => Edge::Crossed,
            '━' | '┃' => Edge::Region,
            other => panic!("{other:?} is not a border\n{text}"),
        };
        let left_of = |r: usize, c: usize| edge(lines[2 * r + 1][4 * c]);
        let above = |r: usize, c: usize| {
            let ch = lines[2 * r][4 * c + 3];
            if !ch.is_ascii_digit() {
                return edge(ch);
            }
            // A sum fills the segment: the junction's right arm tells its weight.
            let index = JUNCTIONS.chars().position(|j| j == lines[2 * r][4 * c]);
            match index.map(|i| i / 9 % 3) {
                Some(1) => Edge::Cage,
                Some(2) => Edge::Region,
                _ => panic!("no junction before the sum at row {r}, column {c}\n{text}"),
            }
        };
        let mut values = Vec::new();
        let mut shaded = Vec::new();
        let mut sums = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let row = &lines[2 * r + 1];
                values.push(char_digit(row[4 * c + 2]).unwrap_or(0));
                shaded.push(row[4 * c + 1] == SHADE);
                let label: String = lines[2 * r][4 * c + 1..4 * c + 4]
                    .iter()
                    .take_while(|ch| ch.is_ascii_digit())
                    .collect();
                if let Ok(sum) = label.parse() {
                    sums.push((r * n + c, sum));
                }
            }
        }
        let parts = |joins: &dyn Fn(Edge) -> bool| {
            let mut part: Vec<usize> = (0..n * n).collect();
            fn root(part: &mut [usize], mut x: usize) -> usize {
                while part[x] != x {
                    x = part[x];
                }
                x
            }
            let mut join = |a: usize, b: usize| {
                let (ra, rb) = (root(&mut part, a), root(&mut part, b));
                part[ra.max(rb)] = ra.min(rb);
            };
            for r in 0..n {
                for c in 0..n {
                    if c > 0 && joins(left_of(r, c)) {
                        join(r * n + c - 1, r * n + c);
                    }
                    if r > 0 && joins(above(r, c)) {
                        join((r - 1) * n + c, r * n + c);
                    }
                }
            }
            let mut groups: Vec<Vec<usize>> = Vec::new();
            let mut index = vec![usize::MAX; n * n];
            for cell in 0..n * n {
                let top = root(&mut part, cell);
                if index[top] == usize::MAX {
                    index[top] = groups.len();
                    groups.push(Vec::new());
                }
                groups[index[top]].push(cell);
            }
            groups
        };
        Shown {
            values,
            shaded,
            regions: parts(&|e| matches!(e, Edge::Open | Edge::Cage)),
            cages: parts(&|e| matches!(e, Edge::Open | Edge::Crossed)),
            sums,
        }
    }

    /// What the drawing of `values` on `rules` must show.
    fn expected(values: &[u8], rules: &Rules) -> Shown {
        let sorted = |mut groups: Vec<Vec<usize>>| {
            for g in &mut groups {
                g.sort_unstable();
            }
            groups.sort();
            groups
        };
        let mut regions: Vec<Vec<usize>> = rules
            .houses()
            .into_iter()
            .filter(|h| h.kind == HouseKind::Box)
            .map(|h| h.cells)
            .collect();
        if regions.is_empty() {
            regions.push((0..rules.cells()).collect());
        }
        let mut shaded = vec![false; rules.cells()];
        for house in rules.houses() {
            if !matches!(
                house.kind,
                HouseKind::Row | HouseKind::Column | HouseKind::Box
            ) {
                house.cells.iter().for_each(|&c| shaded[c] = true);
            }
        }
        let mut sums: Vec<(usize, u32)> = rules
            .cages()
            .iter()
            .filter_map(|c| Some((*c.cells.iter().min().unwrap(), c.sum?)))
            .collect();
        sums.sort_unstable();
        let regions = sorted(regions);
        // Without cages the region borders are all there is.
        let cages = match rules.cages() {
            [] => regions.clone(),
            cages => sorted(cages.iter().map(|c| c.cells.clone()).collect()),
        };
        Shown {
            values: values.to_vec(),
            shaded,
            regions,
            cages,
            sums,
        }
    }

    fn assert_round_trip(values: &[u8], rules: &Rules) {
        let text = draw(values, rules);
        assert_eq!(
            read_back(&text, rules.size()),
            expected(values, rules),
            "\n{text}"
        );
    }

    #[test]
    fn a_jigsaw_draws_its_region_borders() {
        let givens = [1, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 4];
        let text = draw(&givens, &jigsaw4());
        let expected = "\
┏━━━━━━━━━━━┳━━━┓
┃ 1   .   . ┃ . ┃
┣━━━┓   ┏━━━┛   ┃
┃ . ┃ . ┃ .   3 ┃
┃   ┣━━━┻━━━┓   ┃
┃ . ┃ .   . ┃ . ┃
┃   ┗━━━┓   ┗━━━┫
┃ .   . ┃ .   4 ┃
┗━━━━━━━┻━━━━━━━┛
";
        assert_eq!(text, expected);
        assert_round_trip(&givens, &jigsaw4());
    }

    #[test]
    fn a_killer_draws_its_cages_sums_and_boxes() {
        let givens = [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0];
        let text = draw(&givens, &killer4());
        let expected = "\
┏4━━┯9━━┳━━━┯3━━┓
┃ . │ . ╏ . │ . ┃
┃   ├4──┨   │   ┃
┃ . │ . ┃ . │ 2 ┃
┣7━━┷━━━╋10━┷━━━┫
┃ .   . ┃ .   . ┃
┃   ┌1──┨       ┃
┃ . │ . ┃ .   . ┃
┗━━━┷━━━┻━━━━━━━┛
";
        assert_eq!(text, expected);
        assert_round_trip(&givens, &killer4());
    }

    #[test]
    fn generated_jigsaws_and_killers_read_back_from_their_drawings() {
        for (n, seed) in [(4, 1), (6, 2), (6, 3), (8, 4), (9, 5), (9, 6)] {
            let jigsaw = random_jigsaw(n, seed, 200_000).unwrap();
            let killer =
                generate_killer(&Rules::classic(n).unwrap(), &KillerOptions::default(), seed)
                    .unwrap();
            let both = generate_killer(&jigsaw, &KillerOptions::default(), seed).unwrap();
            assert_round_trip(&vec![0; n * n], &jigsaw);
            for made in [killer, both] {
                assert_round_trip(made.puzzle.givens(), made.puzzle.rules());
                assert_round_trip(&made.solution, made.puzzle.rules());
            }
        }
    }

    #[test]
    fn extra_houses_are_shaded_and_named() {
        let rules = killer4().with_diagonals();
        let values: Vec<u8> = (0..16).map(|c| (c % 4 + 1) as u8).collect();
        assert_round_trip(&values, &rules);
        let text = draw(&values, &rules);
        assert!(text.contains("┃░1░│"), "{text}");
        assert!(text.ends_with("┛\n░ marks the diagonals\n"), "{text}");

        let rules = jigsaw4().with_extra_region(vec![0, 5, 10, 15]).unwrap();
        let text = draw(&[0; 16], &rules);
        assert_round_trip(&[0; 16], &rules);
        assert!(
            text.ends_with("┛\n░ marks the extra regions\nextra region 1: r1c1 r2c2 r3c3 r4c4\n"),
            "{text}"
        );
    }

    #[test]
    fn pieces_of_a_region_or_cage_are_listed() {
        let split = vec![0, 1, 1, 0, 1, 1, 0, 0, 2, 2, 3, 3, 2, 2, 3, 3];
        let rules = Rules::jigsaw(4, split)
            .unwrap()
            .with_cage(Cage {
                cells: vec![0, 15],
                sum: Some(5),
            })
            .unwrap();
        let text = draw(&[0; 16], &rules);
        assert!(
            text.ends_with(
                "region 1 (2 pieces): r1c1 r1c4 r2c3 r2c4\ncage 1 (sum 5, 2 pieces): r1c1 r4c4\n"
            ),
            "{text}"
        );
        assert_eq!(pieces(4, &[0, 1, 5, 10]), 2);
        assert_eq!(pieces(4, &[0, 1, 5, 9, 10]), 1);
    }

    #[test]
    fn a_three_digit_sum_fills_its_segment() {
        let rules = Rules::classic(16)
            .unwrap()
            .with_cage(Cage {
                cells: (0..8).collect(),
                sum: Some(100),
            })
            .unwrap();
        let text = draw(&[0; 256], &rules);
        assert!(text.starts_with("┏100━━━━"), "{text}");
        let shown = read_back(&text, 16);
        assert_eq!(shown.sums, [(0, 100)]);
        assert_eq!(shown.cages[0], (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn every_junction_is_drawn_from_its_arms() {
        let chars: Vec<char> = JUNCTIONS.chars().collect();
        assert_eq!(chars.len(), 81);
        let distinct: std::collections::BTreeSet<char> = chars.iter().copied().collect();
        assert_eq!(distinct.len(), 81);
        // up, right, down, left
        let at = |u: usize, r: usize, d: usize, l: usize| chars[((u * 3 + r) * 3 + d) * 3 + l];
        assert_eq!(at(0, 1, 1, 0), '┌');
        assert_eq!(at(1, 1, 1, 1), '┼');
        assert_eq!(at(2, 2, 2, 2), '╋');
        assert_eq!(at(2, 1, 0, 1), '┸');
        assert_eq!(at(0, 2, 1, 2), '┯');
        assert_eq!(at(1, 0, 2, 0), '╽');
    }
}
