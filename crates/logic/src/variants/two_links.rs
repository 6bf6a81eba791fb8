//! Two links through one cell: a cell joined by two relations (two kropki
//! dots, two steps of a whisper line) to two cells that see each other
//! needs, for each of its digits, a partner on each side — and the two
//! partners different. Each link alone may leave a digit a partner while
//! both together do not: three cells of one row joined by two white dots
//! hold consecutive digits with the middle one in the middle, so the
//! middle is never 1 or N; the middle of a black-dot chain in one row
//! holds 2 or 4 on 9×9 (1-2-4, 2-4-8); a whisper cell between two cells
//! of one box is never 4 or 6. The ends lose the digits that leave the
//! other two no such filling. Where the two ends are joined by a relation
//! of their own rather than a house, their digits must go with it instead.
//!
//! ```text
//! r1c1 ○ r1c2 ○ r1c3: r1c2 = 1 would need 2 in both r1c1 and r1c3
//! ```

use std::ops::ControlFlow;

use super::super::grid::{Grid, bit, digits_of};
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::{CellLink, Source, digit_list, labelled, options};
use fdoku_sudoku::Element;

/// Reports, for every two of `links` that meet in one cell, the
/// candidates of their three cells that each link alone leaves but both
/// together rule out.
pub(super) fn find(
    grid: &Grid,
    technique: Technique,
    links: &[&CellLink],
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    for (i, first) in links.iter().enumerate() {
        for second in &links[i + 1..] {
            let Some(middle) = meeting(first, second) else {
                continue;
            };
            if let Some(step) = through(grid, technique, [first, second], middle) {
                found(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The links of `grid`'s elements that `wanted` accepts.
pub(super) fn of_elements(grid: &Grid, wanted: impl Fn(&Element) -> bool) -> Vec<&CellLink> {
    let elements = grid.rules().elements();
    grid.links()
        .iter()
        .filter(|link| matches!(link.source, Source::Element(index) if wanted(&elements[index])))
        .collect()
}

/// The one cell two links share, their other ends being different.
fn meeting(first: &CellLink, second: &CellLink) -> Option<usize> {
    let shared = [first.a, first.b]
        .into_iter()
        .filter(|&c| c == second.a || c == second.b)
        .collect::<Vec<_>>();
    match shared[..] {
        [middle] => Some(middle),
        _ => None,
    }
}

/// What the three cells of two links meeting in `middle` can hold
/// together: per cell (middle, first end, second end), the digits of some
/// filling of all three, and those each link alone leaves.
struct Fillings {
    cells: [usize; 3],
    together: [u32; 3],
    alone: [u32; 3],
    /// The middle's digits that leave both ends only one digit, the same.
    same: Vec<(u8, u8)>,
}

/// The fillings of `links`' three cells, if the two ends are tied by a
/// house or a relation of their own (else each link speaks alone).
fn fillings(grid: &Grid, links: [&CellLink; 2], middle: usize) -> Option<Fillings> {
    let (a, with_a) = links[0].from(middle);
    let (c, with_c) = links[1].from(middle);
    let apart = grid.sees(a, c);
    let tied: Vec<&CellLink> = grid
        .links()
        .iter()
        .filter(|l| (l.a, l.b) == (a, c) || (l.a, l.b) == (c, a))
        .collect();
    if !apart && tied.is_empty() {
        return None;
    }
    let goes = |x: u8, y: u8| {
        !(apart && x == y)
            && tied
                .iter()
                .all(|l| l.from(a).1[usize::from(x)] & bit(y) != 0)
    };
    let unless_seen = |cell: usize, v: u8| match grid.sees(cell, middle) {
        true => !bit(v),
        false => !0,
    };
    let (om, oa, oc) = (options(grid, middle), options(grid, a), options(grid, c));
    let mut fill = Fillings {
        cells: [middle, a, c],
        together: [0; 3],
        alone: [0; 3],
        same: Vec::new(),
    };
    for v in digits_of(om) {
        let xs = oa & with_a[usize::from(v)] & unless_seen(a, v);
        let ys = oc & with_c[usize::from(v)] & unless_seen(c, v);
        fill.alone[1] |= xs;
        fill.alone[2] |= ys;
        if xs == 0 || ys == 0 {
            continue;
        }
        fill.alone[0] |= bit(v);
        for x in digits_of(xs) {
            for y in digits_of(ys) {
                if goes(x, y) {
                    fill.together[0] |= bit(v);
                    fill.together[1] |= bit(x);
                    fill.together[2] |= bit(y);
                }
            }
        }
        if xs == ys && xs.count_ones() == 1 && fill.together[0] & bit(v) == 0 {
            fill.same.push((v, digits_of(xs)[0]));
        }
    }
    Some(fill)
}

/// The step of two links meeting in `middle`, if together they remove
/// something neither removes alone.
fn through(
    grid: &Grid,
    technique: Technique,
    links: [&CellLink; 2],
    middle: usize,
) -> Option<Step> {
    let fill = fillings(grid, links, middle)?;
    let mut step = Step::new(technique);
    step.form = Some("two links");
    let mut clauses = Vec::new();
    for (i, &cell) in fill.cells.iter().enumerate() {
        if grid.value(cell) != 0 {
            continue;
        }
        let mask = grid.mask(cell);
        let gone = mask & fill.alone[i] & !fill.together[i];
        step.pattern
            .extend(grid.candidates_in([cell], mask & fill.together[i]));
        if gone == 0 {
            continue;
        }
        step.eliminations.extend(grid.candidates_in([cell], gone));
        clauses.push(clause(grid, &fill, i, gone));
    }
    if step.eliminations.is_empty() {
        return None;
    }
    let mut named = Vec::new();
    for link in links {
        if let Source::Element(index) = link.source
            && !step.elements.contains(&index)
        {
            step.elements.push(index);
            named.push(labelled(grid, index));
        }
    }
    let [middle, a, c] = fill.cells.map(|cell| grid.name(cell));
    let tie = match grid.sees(fill.cells[1], fill.cells[2]) {
        true => "see each other",
        false => "are linked",
    };
    let join = match named.len() {
        1 => "joins",
        _ => "join",
    };
    step.reason = Some(format!(
        "{} {join} {middle} to {a} and {c}, which {tie}: {}",
        named.join(" and "),
        clauses.join("; ")
    ));
    Some(step)
}

/// Why the digits `gone` leave the `i`th cell of `fill` (0 the middle).
fn clause(grid: &Grid, fill: &Fillings, i: usize, gone: u32) -> String {
    let [middle, a, c] = fill.cells.map(|cell| grid.name(cell));
    let same: Vec<String> = fill
        .same
        .iter()
        .filter(|&&(v, _)| gone & bit(v) != 0)
        .enumerate()
        .map(|(k, (v, x))| match k {
            0 => format!("{v} in {middle} would need {x} in both"),
            _ => format!("{v} would need {x} in both"),
        })
        .collect();
    match i {
        0 if same.len() == gone.count_ones() as usize => same.join(", "),
        0 => format!(
            "{} in {middle} leave no digits for {a} and {c} that go together",
            digit_list(gone)
        ),
        _ => {
            let (this, other) = match i {
                1 => (&a, &c),
                _ => (&c, &a),
            };
            format!(
                "{} in {this} leave no digit in {middle} with a partner in {other}",
                digit_list(gone)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::relations::CellLink;
    use super::*;

    #[test]
    fn links_meet_in_one_shared_cell() {
        let link = |a, b| CellLink::new(9, a, b, Source::NonConsecutive, |x, y| x != y);
        assert_eq!(meeting(&link(0, 1), &link(1, 2)), Some(1));
        assert_eq!(meeting(&link(0, 1), &link(2, 1)), Some(1));
        assert_eq!(meeting(&link(0, 1), &link(2, 3)), None);
        assert_eq!(meeting(&link(0, 1), &link(1, 0)), None);
    }
}
