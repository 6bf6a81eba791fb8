//! Classes that alternate along a chain of links: across each link the two
//! cells hold digits of opposite classes — a white dot of an odd
//! difference joins an odd digit to an even one, a whisper of 5 on 9×9 a
//! low digit (1–4) to a high one (6–9). Along a chain (a line, dots
//! joined end to end) the classes alternate, so cells an even number of
//! links apart share theirs: the chain's cells fall in two sets, one of
//! each class, either way round. Where one way fails — a cell would hold no
//! digit of its class, or one house would hold more cells of a class than
//! that class has digits left for them — the other holds, and every cell
//! loses the digits of the other class.
//!
//! ```text
//! white dots along r1c1–r1c9 (nine cells, difference 1): r1c1, r1c3, …,
//! r1c9 are five cells of one parity in row 1, which has four even digits:
//! they are odd, the others even
//! ```

use std::collections::VecDeque;
use std::ops::ControlFlow;

use super::super::grid::{Grid, bit, digits_of};
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::{CellLink, Source, digit_list, element_name, options};

/// Two disjoint classes of digits, with their names (`odd`, `low (1–4)`).
pub(super) struct Classes {
    /// Each class's digits.
    pub masks: [u32; 2],
    /// Each class's name.
    pub names: [String; 2],
}

/// Reports each chain of `links` (each joining digits of opposite
/// `classes`) whose classes go only one way round.
pub(super) fn find(
    grid: &Grid,
    technique: Technique,
    links: &[&CellLink],
    classes: &Classes,
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    let chains = chains(links);
    for index in 0..chains.len() {
        if let Some(step) = alternating(grid, technique, links, &chains, index, classes) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The cells of one chain with their side (0 or 1), in the order reached.
type Chain = Vec<(usize, usize)>;

/// The connected chains of `links`, each cell with its side; a chain
/// whose sides clash (a loop of odd length, which no digits fill) is left
/// out.
fn chains(links: &[&CellLink]) -> Vec<Chain> {
    let mut side: Vec<(usize, usize)> = Vec::new();
    let mut chains = Vec::new();
    let known = |side: &[(usize, usize)], cell| side.iter().find(|&&(c, _)| c == cell).map(|s| s.1);
    for link in links {
        if known(&side, link.a).is_some() {
            continue;
        }
        let mut chain = vec![(link.a, 0)];
        let mut clash = false;
        let mut queue = VecDeque::from([(link.a, 0)]);
        side.push((link.a, 0));
        while let Some((cell, s)) = queue.pop_front() {
            for l in links.iter().filter(|l| l.a == cell || l.b == cell) {
                let other = if l.a == cell { l.b } else { l.a };
                match known(&side, other) {
                    Some(t) => clash |= t == s,
                    None => {
                        side.push((other, 1 - s));
                        chain.push((other, 1 - s));
                        queue.push_back((other, 1 - s));
                    }
                }
            }
        }
        if !clash {
            chains.push(chain);
        }
    }
    chains
}

/// Whether `chain`'s cells can take their classes with side 0 in class
/// `first`: each cell keeps a digit of its class.
fn fits(grid: &Grid, chain: &Chain, classes: &Classes, first: usize) -> bool {
    chain
        .iter()
        .all(|&(cell, s)| options(grid, cell) & classes.masks[(s + first) % 2] != 0)
}

/// The open cells of `house` outside chain `index` that hold a digit of
/// class `class` whichever way round the chains go: in each other chain, the
/// fewest of its cells in the house that take the class (over the ways
/// its cells can take their classes), and the open cells on no chain
/// whose candidates all lie in the class. Returns the count, the digits
/// these cells may hold and the cells named for people.
fn forced(
    grid: &Grid,
    chains: &[Chain],
    index: usize,
    house: usize,
    classes: &Classes,
    class: usize,
) -> (usize, u32, Vec<String>) {
    let inside = grid.house_cells(house);
    let (mut count, mut digits, mut named) = (0, 0, Vec::new());
    for (other, chain) in chains.iter().enumerate() {
        if other == index {
            continue;
        }
        let taking = |first: usize| -> Vec<usize> {
            chain
                .iter()
                .filter(|&&(cell, s)| {
                    (s + first) % 2 == class && inside.contains(cell) && grid.value(cell) == 0
                })
                .map(|&(cell, _)| cell)
                .collect()
        };
        let fewest = (0..2)
            .filter(|&first| fits(grid, chain, classes, first))
            .map(|first| taking(first).len())
            .min()
            .unwrap_or(0);
        if fewest == 0 {
            continue;
        }
        let cells: Vec<usize> = chain
            .iter()
            .map(|&(cell, _)| cell)
            .filter(|&cell| inside.contains(cell) && grid.value(cell) == 0)
            .collect();
        count += fewest;
        digits |= cells.iter().fold(0, |m, &c| m | options(grid, c));
        let list: Vec<String> = cells.iter().map(|&c| grid.name(c)).collect();
        named.push(if fewest == cells.len() {
            list.join(", ")
        } else {
            format!("{fewest} of {} (on a chain of their own)", list.join(", "))
        });
    }
    for cell in inside.iter() {
        let mask = grid.mask(cell);
        if grid.value(cell) != 0
            || mask & !classes.masks[class] != 0
            || chains.iter().flatten().any(|&(c, _)| c == cell)
        {
            continue;
        }
        count += 1;
        digits |= mask;
        named.push(grid.name(cell));
    }
    (count, digits, named)
}

/// Why chain `index`'s cells cannot take their classes with side 0 in
/// class `first` (0 or 1): the first failure found, or `None` where
/// nothing fails. A house fails where the chain's cells of one class
/// there, with the cells of the house that take that class whichever way
/// the other chains go, outnumber the class's digits left for them.
fn failure(
    grid: &Grid,
    chains: &[Chain],
    index: usize,
    classes: &Classes,
    first: usize,
) -> Option<String> {
    let chain = &chains[index];
    let class = |s: usize| (s + first) % 2;
    for &(cell, s) in chain {
        if options(grid, cell) & classes.masks[class(s)] == 0 {
            return Some(format!(
                "{} would hold no {} digit",
                grid.name(cell),
                classes.names[class(s)]
            ));
        }
    }
    let mut houses: Vec<usize> = chain
        .iter()
        .flat_map(|&(cell, _)| grid.cell_houses(cell).iter().copied())
        .collect();
    houses.sort_unstable();
    houses.dedup();
    for house in houses {
        let inside = grid.house_cells(house);
        for s in 0..2 {
            let cells: Vec<usize> = chain
                .iter()
                .filter(|&&(cell, t)| t == s && inside.contains(cell))
                .map(|&(cell, _)| cell)
                .collect();
            if cells.is_empty() {
                continue;
            }
            let (more, theirs, others) = forced(grid, chains, index, house, classes, class(s));
            let left =
                (cells.iter().fold(theirs, |m, &c| m | options(grid, c))) & classes.masks[class(s)];
            let need = cells.len() + more;
            if need > left.count_ones() as usize {
                let names: Vec<String> = cells.iter().map(|&c| grid.name(c)).collect();
                let digits = match left {
                    0 => "none".to_owned(),
                    _ => format!("only {}", digit_list(left)),
                };
                let besides = match others[..] {
                    [] => String::new(),
                    _ => format!(" with {}", others.join("; ")),
                };
                return Some(format!(
                    "{}{besides} would need {need} {} digits in {}, which has {digits} left for \
                     them",
                    names.join(", "),
                    classes.names[class(s)],
                    grid.houses()[house].name()
                ));
            }
        }
    }
    None
}

/// The step of one chain whose classes go one way round only, if that
/// removes something.
fn alternating(
    grid: &Grid,
    technique: Technique,
    links: &[&CellLink],
    chains: &[Chain],
    index: usize,
    classes: &Classes,
) -> Option<Step> {
    let chain = &chains[index];
    let first = match (
        failure(grid, chains, index, classes, 0),
        failure(grid, chains, index, classes, 1),
    ) {
        (None, Some(why)) => (0, why),
        (Some(why), None) => (1, why),
        _ => return None,
    };
    let (way, why) = first;
    let class = |s: usize| (s + way) % 2;
    let mut step = Step::new(technique);
    step.form = Some("alternation");
    for &(cell, s) in chain {
        if grid.value(cell) != 0 {
            continue;
        }
        let mask = grid.mask(cell);
        let kept = mask & classes.masks[class(s)];
        step.pattern.extend(grid.candidates_in([cell], kept));
        step.eliminations
            .extend(grid.candidates_in([cell], mask & !kept));
    }
    if step.eliminations.is_empty() {
        return None;
    }
    for link in links {
        if let Source::Element(index) = link.source
            && chain.iter().any(|&(c, _)| c == link.a)
            && !step.elements.contains(&index)
        {
            step.elements.push(index);
        }
    }
    step.elements.sort_unstable();
    let named: Vec<String> = step
        .elements
        .iter()
        .map(|&i| element_name(grid.rules(), i))
        .collect();
    let side = |s: usize| -> String {
        let cells: Vec<String> = chain
            .iter()
            .filter(|&&(_, t)| t == s)
            .map(|&(c, _)| grid.name(c))
            .collect();
        cells.join(", ")
    };
    let flipped = classes.names[1 - class(0)].as_str();
    step.reason = Some(format!(
        "along {} the digits alternate between {} and {}: {} hold one class and {} the other; \
         if {} were {flipped}, {why}; so they are {}",
        named.join(", "),
        classes.names[0],
        classes.names[1],
        side(0),
        side(1),
        side(0),
        classes.names[class(0)],
    ));
    Some(step)
}

/// The odd and the even digits of an N×N grid.
pub(super) fn parity(size: usize) -> Classes {
    let odd = (1..=size as u8)
        .filter(|d| d % 2 == 1)
        .fold(0, |m, d| m | bit(d));
    let all = u32::MAX >> (32 - size);
    Classes {
        masks: [odd, all & !odd],
        names: ["odd".to_owned(), "even".to_owned()],
    }
}

/// The low and high digits of a whisper of `difference` on an N×N grid:
/// the digits with a partner above (`x + d ≤ N`) and those with one below
/// (`x − d ≥ 1`); `None` where a digit is both (`2d < N`), so that
/// neighbours need not alternate.
pub(super) fn halves(size: usize, difference: u32) -> Option<Classes> {
    let n = size as u32;
    if 2 * difference < n {
        return None;
    }
    let range = |from: u32, to: u32| (from..=to).fold(0, |m, d| m | 1u32 << (d - 1));
    let low = range(1, n.saturating_sub(difference));
    let high = range(difference + 1, n);
    let name = |word: &str, mask: u32| {
        let digits = digits_of(mask);
        match digits[..] {
            [] => format!("{word} (none)"),
            [one] => format!("{word} ({one})"),
            [first, .., last] => format!("{word} ({first}–{last})"),
        }
    };
    Some(Classes {
        masks: [low, high],
        names: [name("low", low), name("high", high)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whisper_halves_by_difference() {
        let five = halves(9, 5).unwrap();
        assert_eq!(five.masks, [0b1111, 0b1_1110_0000]);
        assert_eq!(five.names, ["low (1–4)", "high (6–9)"]);
        // A difference of 4 lets 5 go with 1 and 9: no alternation.
        assert!(halves(9, 4).is_none());
        let three = halves(6, 3).unwrap();
        assert_eq!(three.names, ["low (1–3)", "high (4–6)"]);
    }

    #[test]
    fn parity_of_each_size() {
        assert_eq!(parity(9).masks, [0b1_0101_0101, 0b0_1010_1010]);
        assert_eq!(parity(6).masks, [0b01_0101, 0b10_1010]);
    }
}
