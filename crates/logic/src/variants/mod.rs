//! The rules beyond houses and killer cages — global rules, odd/even
//! cells, the negative rules and the elements a setter draws — speak to the
//! logic solver here, and nowhere else. Each says three things:
//!
//! * **Peers**: two cells that never hold the same digit — a knight's or
//!   king's move apart, one disjoint group, two cells of a renban or of a
//!   thermometer, the ends and any inside cell of a between line, two cells
//!   whose relation no equal digits satisfy (a dot, a whisper's
//!   neighbours), two cells of a count-different line of as many digits
//!   as cells, and the partners in one isomorphic twin of two cells of the
//!   other that see each other. [`Grid`]'s peers take them (`relations::distinct_pairs`), so every
//!   technique asking whether two cells "see" each other — singles,
//!   subsets, fish fins, wings, colouring, chains, forcing — uses them.
//! * **Links**: two cells whose digits must stand in a relation
//!   ([`CellLink`], in `relations`): for each digit of one, the digits of
//!   the other that go with it, read from the relations `fdoku_sudoku`
//!   gives each element (`element_pairs`, `negative_pairs`) and from non-consecutive,
//!   entropic and modular lines, a cupid arrow pointing at one cell and a
//!   count-different line of one digit (equal digits). A candidate is then weakly linked to each
//!   of the other cell's digits that does not go with it (a whisper cell's 4
//!   to its neighbour's 6; a thermometer cell's 7 to 7, 8, 9 one cell up).
//!   Placing a digit clears them like a peer's; the chain graph (AICs, nice
//!   loops), HoDoKu's forcing chains and nets and Sudoku Explainer's
//!   chaining follow these weak links as they follow a house's.
//! * **Deductions**: the constraint's own named steps ([`find`]), each
//!   naming the element behind it (`Step::elements`) and saying its reason
//!   in words (`Step::reason`): a candidate with no partner across a
//!   relation, bounds along a thermometer, the run of a renban, the ends
//!   of a between line, the sums of arrows and little killers (and a
//!   diagonal's fillings tried against the houses, alone or joined with
//!   another diagonal's), the digits
//!   a quadruple needs, odd and even cells, the killer's 45 rule
//!   (innies and outies), the common totals of region-sum and zipper
//!   lines, and the arrangements of a row that a sandwich, X-sum or
//!   skyscraper clue beside it allows. Two elements read together: dots
//!   and whisper steps meeting in one cell, the parity or the half that
//!   alternates along a chain of dots, a whisper line or parity lines
//!   joined by their cells, a house read
//!   with the relations between its cells, and an outside clue's row read
//!   with a box it crosses. Indexers, greater-than signs,
//!   product clues, parity and nabner lines are read through their
//!   relations and as a whole (`fillings`: the fillings of the element's
//!   cells that keep its rule); lockout lines by the pairs of digits their
//!   ends can hold, frame sums and "123" clues by the arrangements of
//!   their row, counting circles by the sets of digits that count
//!   themselves.
//!
//! An assumption that fills an element's cells against its rule is false:
//! forcing nets stop there ([`broken`]), as at an empty cell.
//!
//! Every kind has logic: a kind without deductions of its own is read as
//! a whole, its rule weighed as the independent checker reads it
//! ([`Technique::ElementFillings`]).

mod alternation;
mod between;
mod clue_houses;
mod counting_circles;
mod diagonal_fillings;
mod diagonals;
mod dot_chains;
mod equations;
mod fillings;
mod frame_sum;
mod house_relations;
mod innies;
mod lockout;
mod one_two_three;
mod pairs;
mod parity;
mod parity_lines;
mod quadruple;
mod readings;
mod region_sum;
mod renban;
mod sandwich;
mod skyscraper;
mod sums;
mod thermometer;
mod two_links;
mod whisper_chains;
mod xsum;
mod zipper;

use std::ops::ControlFlow;

pub(crate) use fillings::broken;

use super::grid::{Grid, bit, digits_of};
pub(crate) use super::relations::{CellLink, Source};
use super::step::{Found, Step};
use super::technique::Technique;
use fdoku_sudoku::{Element, ElementKind, Rules};

/// The technique that reports an element kind's own deductions. A kind
/// without deductions of its own is read as a whole
/// ([`Technique::ElementFillings`], in `fillings`): every kind has logic.
fn technique_of(kind: ElementKind) -> Technique {
    use ElementKind as K;
    match kind {
        K::Thermometer | K::SlowThermometer => Technique::Thermometer,
        K::WhiteDot | K::BlackDot => Technique::KropkiDot,
        K::Xv => Technique::Xv,
        K::Whisper => Technique::Whisper,
        K::Palindrome => Technique::Palindrome,
        K::Clone => Technique::CloneShape,
        K::Minimum | K::Maximum => Technique::MinMax,
        K::Entropic => Technique::EntropicLine,
        K::Modular => Technique::ModularLine,
        K::Renban => Technique::Renban,
        K::Between => Technique::BetweenLine,
        K::Arrow => Technique::ArrowSum,
        K::LittleKiller => Technique::LittleKillerSum,
        K::Quadruple => Technique::Quadruple,
        K::Sandwich => Technique::Sandwich,
        K::XSum => Technique::XSum,
        K::Skyscraper => Technique::SkyscraperClue,
        K::RegionSum => Technique::RegionSumLine,
        K::Zipper => Technique::ZipperLine,
        K::RowIndexer | K::ColumnIndexer | K::BoxIndexer => Technique::Indexer,
        K::GreaterThan => Technique::GreaterThan,
        K::Product => Technique::ProductClue,
        K::ParityLine => Technique::ParityLine,
        K::Nabner => Technique::NabnerLine,
        K::Lockout => Technique::LockoutLine,
        K::FrameSum => Technique::FrameSum,
        K::CountingCircles => Technique::CountingCircles,
        K::OneTwoThree => Technique::OneTwoThree,
        _ => Technique::ElementFillings,
    }
}

/// The technique reporting deductions from `source` (the relation's
/// partner checks).
fn technique_of_source(rules: &Rules, source: Source) -> Technique {
    match source {
        Source::Element(index) => technique_of(ElementKind::of(&rules.elements()[index])),
        Source::NonConsecutive => Technique::NonConsecutive,
        Source::Negative => Technique::NegativeConstraint,
    }
}

/// Reports every deduction of `technique` (one of the constraints' own) in
/// `grid`.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    use Technique as T;
    match technique {
        T::OddEven => parity::find(grid, found),
        T::Thermometer => thermometer::find(grid, found),
        T::Renban => renban::find(grid, found),
        T::BetweenLine => between::find(grid, found),
        T::ArrowSum | T::LittleKillerSum => sums::find(grid, technique, found),
        T::Quadruple => quadruple::find(grid, found),
        T::InniesOuties | T::HiddenCage | T::CageSplitting => innies::find(grid, technique, found),
        T::DiagonalSums => diagonals::find(grid, found),
        T::LittleKillerFillings | T::LittleKillerPair => {
            diagonal_fillings::find(grid, technique, found)
        }
        T::Sandwich => sandwich::find(grid, found),
        T::XSum => xsum::find(grid, found),
        T::SkyscraperClue => skyscraper::find(grid, found),
        T::RegionSumLine => region_sum::find(grid, found),
        T::ZipperLine => zipper::find(grid, found),
        T::DotChain => dot_chains::find(grid, found),
        T::WhisperChain => whisper_chains::find(grid, found),
        T::ParityChain => parity_lines::find(grid, found),
        T::HouseRelations => house_relations::find(grid, found),
        T::ClueAndHouse => clue_houses::find(grid, found),
        T::LockoutLine => lockout::find(grid, found),
        T::FrameSum => frame_sum::find(grid, found),
        T::OneTwoThree => one_two_three::find(grid, found),
        T::CountingCircles => counting_circles::find(grid, found),
        T::Indexer
        | T::GreaterThan
        | T::ProductClue
        | T::ParityLine
        | T::NabnerLine
        | T::ElementFillings => {
            pairs::find(grid, technique, found)?;
            fillings::find(grid, technique, found)
        }
        _ => pairs::find(grid, technique, found),
    }
}

/// Whether `technique` reads each element alone (what [`element_step`]
/// finds element by element): from its cells' candidates, and for a little
/// killer's locked digits the cells seeing them, which lose what the
/// element's cells forbid. So an element whose cells have not changed
/// since a grid where it had no deduction has none.
pub(crate) fn reads_elements_alone(technique: Technique) -> bool {
    matches!(technique, Technique::ArrowSum | Technique::LittleKillerSum)
}

/// Whether `technique` weighs every filling of its elements against the
/// whole grid (a little killer's fillings, alone or in pairs: thousands of
/// them, each checked against every house): too costly to run at each
/// turn of each assumption of a forcing chain, which leaves it out.
pub(crate) fn weighs_whole_grid(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::LittleKillerFillings | Technique::LittleKillerPair
    )
}

/// Whether `technique`'s deduction for an element (it [`reads_elements_alone`])
/// is a function of the candidates of the element's own cells alone, so
/// that it may be kept per state of those cells: an arrow's sum (a little
/// killer's locked digits read the cells seeing them).
pub(crate) fn reads_own_cells_only(technique: Technique) -> bool {
    technique == Technique::ArrowSum
}

/// The deduction of `technique` (one that [`reads_elements_alone`]) for
/// element `index` of `grid`'s rules, if it has one.
pub(crate) fn element_step(grid: &Grid, technique: Technique, index: usize) -> Option<Step> {
    match technique {
        Technique::ArrowSum | Technique::LittleKillerSum => {
            sums::element_step(grid, technique, index)
        }
        _ => None,
    }
}

/// The elements of `grid`'s rules with their indices.
fn elements(grid: &Grid) -> impl Iterator<Item = (usize, &Element)> {
    grid.rules().elements().iter().enumerate()
}

/// An element's name for people: its kind and its number among the
/// elements of that kind, `thermometer 2` (as every format numbers them).
pub(crate) fn element_name(rules: &Rules, index: usize) -> String {
    let elements = rules.elements();
    let kind = elements[index].kind();
    let number = elements[..=index]
        .iter()
        .filter(|e| e.kind() == kind)
        .count();
    format!("{kind} {number}")
}

/// `thermometer 2 (r1c1–r1c5)`: the name and where it lies (the first and
/// last cell of a line, both cells of a pair, the one cell of a min/max).
fn labelled(grid: &Grid, index: usize) -> String {
    let rules = grid.rules();
    let cells = rules.elements()[index].cells(rules.size());
    let place = match cells[..] {
        [] => String::new(),
        [one] => format!(" ({})", grid.name(one)),
        [a, b] => format!(" ({}, {})", grid.name(a), grid.name(b)),
        [first, .., last] => format!(" ({}–{})", grid.name(first), grid.name(last)),
    };
    format!("{}{place}", element_name(rules, index))
}

/// The digits a cell may hold: its candidates, or its placed digit.
fn options(grid: &Grid, cell: usize) -> u32 {
    match grid.value(cell) {
        0 => grid.mask(cell),
        digit => bit(digit),
    }
}

/// The digits of `mask`, least first, without allocating.
fn each_digit(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let digit = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            digit
        })
    })
}

/// `1, 2, 9`.
fn digit_list(mask: u32) -> String {
    let digits: Vec<String> = digits_of(mask).iter().map(u8::to_string).collect();
    digits.join(", ")
}
