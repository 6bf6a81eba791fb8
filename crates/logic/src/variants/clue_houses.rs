//! An outside clue read together with a house its row crosses: a
//! sandwich, X-sum, skyscraper, frame sum or "123" clue allows some
//! arrangements of its row (`readings`), and a box the row passes through
//! must still hold its missing digits, one to each of its cells. The
//! digits an arrangement puts in the box's part of the row take those
//! digits from the box's other cells, which must then be able to hold the
//! rest. Arrangements that leave the box's other cells unable to do so go,
//! and with them candidates that the clue alone and the box alone would
//! both keep — in the row and in the rest of the box.
//!
//! ```text
//! X-sum 6 above column 1: X is 2 (2, 4) or 3 (3, 1, 2). With r1c2 only
//! 1 or 2, X = 3 would put both in r2c1, r3c1 and leave r1c2 nothing in
//! box 1: X is 2, r2c1 is 4, and r3c1 is not 1 (r1c2 needs it)
//! ```

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;

use super::super::grid::{Grid, bit};
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::house_relations::fits;
use super::readings::{Reading, arranged, walk_through};
use super::{each_digit, elements, frame_sum, labelled, one_two_three, options};
use super::{sandwich, skyscraper, xsum};
use fdoku_sudoku::Element;

/// Reports each outside clue whose arrangements, read with a house the
/// row crosses, rule out candidates that neither rules out alone.
pub(super) fn find(grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
    let size = grid.size();
    for (index, element) in elements(grid) {
        let line = element.cells(size);
        let steps = match element {
            Element::Sandwich { .. } => {
                sandwich::Clue::of(grid, element).map(|clue| across(grid, index, &line, &clue))
            }
            Element::XSum { .. } => {
                xsum::Clue::of(element).map(|clue| across(grid, index, &line, &clue))
            }
            Element::Skyscraper { .. } => {
                skyscraper::Clue::of(grid, element).map(|clue| across(grid, index, &line, &clue))
            }
            Element::FrameSum { .. } => {
                frame_sum::Clue::of(grid, element).map(|clue| across(grid, index, &line, &clue))
            }
            Element::FirstOfOneTwoThree { .. } => {
                one_two_three::Clue::of(element).map(|clue| across(grid, index, &line, &clue))
            }
            _ => None,
        };
        for step in steps.unwrap_or_default() {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The steps of one clue on `line` (read from the clue), one per house
/// crossing it in two cells or more.
fn across<R: Reading>(grid: &Grid, index: usize, line: &[usize], reading: &R) -> Vec<Step> {
    if line.len() > 32 || line.iter().all(|&c| grid.value(c) != 0) {
        return Vec::new();
    }
    let alone = arranged(grid, line, reading);
    let masks: Vec<u32> = line.iter().map(|&c| options(grid, c)).collect();
    let mut steps = Vec::new();
    for house in crossing(grid, line) {
        if let Some(step) = with_house(grid, index, line, reading, house, &alone, &masks) {
            steps.push(step);
        }
    }
    steps
}

/// The houses sharing two cells or more with `line` that also hold open
/// cells off it, in order.
fn crossing(grid: &Grid, line: &[usize]) -> Vec<usize> {
    let mut houses: Vec<usize> = line
        .iter()
        .flat_map(|&c| grid.cell_houses(c).iter().copied())
        .collect();
    houses.sort_unstable();
    houses.dedup();
    houses.retain(|&h| {
        let cells = grid.house_cells(h);
        let shared = line.iter().filter(|&&c| cells.contains(c)).count();
        let open_off = cells
            .iter()
            .any(|c| grid.value(c) == 0 && !line.contains(&c));
        shared >= 2 && open_off
    });
    houses
}

/// Per cell of `cells`, the digits it holds in some filling of `house`
/// (its open cells each a different missing digit).
fn house_alone(grid: &Grid, house: usize, cells: &[usize]) -> Vec<u32> {
    let all = grid.house_cells(house);
    let open: Vec<usize> = all.iter().filter(|&c| grid.value(c) == 0).collect();
    let placed = all
        .iter()
        .filter(|&c| grid.value(c) != 0)
        .fold(0, |m, c| m | bit(grid.value(c)));
    let missing = full(grid) & !placed;
    cells
        .iter()
        .map(|&cell| {
            let rest: Vec<usize> = open.iter().copied().filter(|&c| c != cell).collect();
            each_digit(grid.mask(cell) & missing)
                .filter(|&d| fits(grid, &rest, missing & !bit(d)))
                .fold(0, |m, d| m | bit(d))
        })
        .collect()
}

/// Every digit of the grid.
fn full(grid: &Grid) -> u32 {
    u32::MAX >> (32 - grid.size())
}

/// What a clue read with a house keeps: per cell of the line and per
/// other open cell of the house, with both rules (`line`, `others`) and
/// with the house alone (`line_house`: the line's cells in the house;
/// `others_house`).
#[derive(Clone)]
struct Joint {
    line: Vec<u32>,
    others: Vec<u32>,
    line_house: Vec<u32>,
    others_house: Vec<u32>,
}

/// The most readings remembered: the path asks again after every step
/// about rows and houses it left alone.
const REMEMBERED: usize = 1 << 12;

/// A reading's inputs: the clue (its identity), the line's cells and the
/// house's, and the grid's digits with the candidates of both.
type Key = ((u8, u32), Vec<usize>, Vec<usize>, Vec<u32>);

thread_local! {
    /// Readings already worked out.
    static KNOWN: RefCell<HashMap<Key, Joint>> = RefCell::new(HashMap::new());
}

/// A house crossing a line: its cells on the line and its other open
/// cells.
struct Parts {
    house: usize,
    in_house: Vec<usize>,
    others: Vec<usize>,
}

impl Parts {
    /// The parts of `house` for `line`.
    fn of(grid: &Grid, line: &[usize], house: usize) -> Parts {
        let cells = grid.house_cells(house);
        Parts {
            house,
            in_house: line
                .iter()
                .copied()
                .filter(|&c| cells.contains(c))
                .collect(),
            others: cells
                .iter()
                .filter(|&c| grid.value(c) == 0 && !line.contains(&c))
                .collect(),
        }
    }
}

/// [`joint`], remembered.
fn remembered<R: Reading>(
    grid: &Grid,
    line: &[usize],
    reading: &R,
    parts: &Parts,
    masks: &[u32],
) -> Option<Joint> {
    let cells: Vec<usize> = grid.house_cells(parts.house).iter().collect();
    // A placed digit and an open cell's last candidate read differently.
    let placed = |c: usize| u32::from(grid.value(c) != 0) << 31;
    let mut state: Vec<u32> = vec![full(grid)];
    state.extend(line.iter().map(|&c| options(grid, c) | placed(c)));
    state.extend(cells.iter().map(|&c| options(grid, c) | placed(c)));
    let key = (reading.identity(), line.to_vec(), cells, state);
    if let Some(joint) = KNOWN.with(|known| known.borrow().get(&key).cloned()) {
        return Some(joint);
    }
    let joint = joint(grid, line, reading, parts, masks)?;
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        if known.len() >= REMEMBERED {
            known.clear();
        }
        known.insert(key, joint.clone());
    });
    Some(joint)
}

/// The clue on `line` read with `house`; `None` when the budget runs out.
fn joint<R: Reading>(
    grid: &Grid,
    line: &[usize],
    reading: &R,
    parts: &Parts,
    masks: &[u32],
) -> Option<Joint> {
    let (house, others) = (parts.house, &parts.others);
    let cells = grid.house_cells(house);
    let segment = line
        .iter()
        .enumerate()
        .filter(|&(_, &c)| cells.contains(c))
        .fold(0u32, |m, (p, _)| m | 1 << p);
    let placed_off = cells
        .iter()
        .filter(|&c| grid.value(c) != 0 && !line.contains(&c))
        .fold(0, |m, c| m | bit(grid.value(c)));
    // Per set of the line's digits in the house: whether the other cells
    // can take what is left, and the digits each can take then.
    let mut others_kept = vec![0u32; others.len()];
    let mut known: HashMap<u32, bool> = HashMap::new();
    let mut fits_held = |held: u32| {
        *known.entry(held).or_insert_with(|| {
            let left = full(grid) & !held & !placed_off;
            if left.count_ones() as usize != others.len() || !fits(grid, others, left) {
                return false;
            }
            for (k, &cell) in others.iter().enumerate() {
                let rest: Vec<usize> = others.iter().copied().filter(|&c| c != cell).collect();
                for d in each_digit(grid.mask(cell) & left & !others_kept[k]) {
                    if fits(grid, &rest, left & !bit(d)) {
                        others_kept[k] |= bit(d);
                    }
                }
            }
            true
        })
    };
    let line_kept = walk_through(masks, reading, segment, &mut fits_held)?;
    Some(Joint {
        line: line_kept,
        line_house: house_alone(grid, house, &parts.in_house),
        others_house: house_alone(grid, house, others),
        others: others_kept,
    })
}

/// The step of one clue read with `house`, if it removes something that
/// the clue alone (`alone`) and the house alone keep.
fn with_house<R: Reading>(
    grid: &Grid,
    index: usize,
    line: &[usize],
    reading: &R,
    house: usize,
    alone: &[u32],
    masks: &[u32],
) -> Option<Step> {
    let parts = Parts::of(grid, line, house);
    let joint = remembered(grid, line, reading, &parts, masks)?;
    let Parts {
        in_house, others, ..
    } = &parts;
    let mut step = Step::new(Technique::ClueAndHouse);
    step.houses.push(house);
    step.elements.push(index);
    let note = |step: &mut Step, cell: usize, keeps: u32, could: u32| {
        let mask = grid.mask(cell);
        step.pattern
            .extend(grid.candidates_in([cell], mask & keeps));
        step.eliminations
            .extend(grid.candidates_in([cell], mask & could & !keeps));
    };
    for (p, &cell) in line.iter().enumerate() {
        if grid.value(cell) != 0 {
            continue;
        }
        let by_house = match in_house.iter().position(|&c| c == cell) {
            Some(k) => joint.line_house[k],
            None => full(grid),
        };
        note(&mut step, cell, joint.line[p], alone[p] & by_house);
    }
    for (k, &cell) in others.iter().enumerate() {
        note(&mut step, cell, joint.others[k], joint.others_house[k]);
    }
    if step.eliminations.is_empty() {
        return None;
    }
    let part: Vec<String> = in_house.iter().map(|&c| grid.name(c)).collect();
    let name = grid.houses()[house].name();
    step.reason = Some(format!(
        "{} with {name}: of the arrangements the clue allows along its line, only those whose \
         digits in {} leave the rest of {name} one missing digit for each of its cells stand",
        labelled(grid, index),
        part.join(", "),
    ));
    Some(step)
}
