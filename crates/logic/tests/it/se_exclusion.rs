//! Sudoku Explainer's aligned pair and triple exclusion (SE 6.2 and 7.5):
//! against what SE's own ratings show it did not find, and along SE's path.
//!
//! No published SE rating of a puzzle whose path needs the triple was found,
//! so there is no positive known answer here; the module's doctest and unit
//! tests check hand-built instances.
#![allow(clippy::unwrap_used)]

use fdoku_logic::grade::{prepare, walk};
use fdoku_logic::{Grid, Technique, explainer_order};
use fdoku_sudoku::{Rules, format::parse_line};

/// The rated hardest database's puzzles whose first step SE rates `least`
/// or more (its ED). The fixture holds every row of ED 6.3 or more.
fn opened_above(least: f64) -> Vec<String> {
    assert!(least >= 6.3, "the fixture holds the rows of ED 6.3 or more");
    let text = fdoku_testdata::read_fixture("se_rated_hardest_sample.txt");
    text.lines()
        .skip(2)
        .filter_map(|row| {
            let fields: Vec<&str> = row.trim_end().split(',').collect();
            let ed: f64 = fields.get(7)?.parse().ok()?;
            (ed >= least).then(|| fields[0].to_owned())
        })
        .collect()
}

/// SE tries the triple right after its static forcing chains and cycles,
/// which rate at most 8.7: 7.0 plus a length bonus of at most 1.7, as a
/// chain holds at most 1,458 potentials (81 cells × 9 digits × on/off) and
/// the bonus reaches 1.8 only past 1,536. So where SE's first step rates
/// 8.8 or more, its triple found nothing in the opening grid: fdoku's must
/// find nothing there either.
#[test]
fn no_triple_where_sudoku_explainer_found_none() {
    finds_nothing_where_se_opened_above(Technique::AlignedTripleExclusion, 8.8, 74);
}

/// SE tries its pair before any chain: where SE's first step rates above
/// 6.2, its pair found nothing in the opening grid, nor may fdoku's. (A
/// broader pair rule, with almost locked sets as excluders or a single
/// excluder, fires on two of these.)
#[test]
fn no_pair_where_sudoku_explainer_found_none() {
    finds_nothing_where_se_opened_above(Technique::AlignedPairExclusion, 6.3, 74);
}

/// `technique` finds nothing in the opening grid of any of the `expected`
/// rated puzzles whose first step SE rates `least` or more.
fn finds_nothing_where_se_opened_above(technique: Technique, least: f64, expected: usize) {
    let rules = Rules::classic(9).unwrap();
    let lines = opened_above(least);
    assert_eq!(lines.len(), expected);
    for line in &lines {
        let grid = Grid::new(&parse_line(line, &rules).unwrap());
        let steps = technique.find_all(&grid);
        assert!(steps.is_empty(), "{line}: {}", steps[0].text(&grid));
    }
}

/// SE's path through a magictour puzzle takes aligned triple exclusions
/// where the static forcing chains find nothing; every step is sound.
#[test]
fn explainer_path_takes_sound_triples() {
    let line = "8......21..1..95.6.....53...7.4...6.....7...9..2.9....3.86.....1.5.............42";
    let puzzle = parse_line(line, &Rules::classic(9).unwrap()).unwrap();
    let prepared = prepare(&puzzle, &Default::default()).unwrap();
    assert!(prepared.unique);
    let steps = walk(&puzzle, explainer_order(), &prepared, &Default::default()).unwrap();
    let mut grid = Grid::new(&puzzle);
    let mut triples = 0;
    for step in &steps {
        if step.technique == Technique::AlignedTripleExclusion {
            triples += 1;
            assert!(
                Technique::ForcingChainsAndCycles
                    .find_first(&grid)
                    .is_none()
            );
        }
        for e in &step.eliminations {
            assert_ne!(prepared.solution[e.cell], e.digit, "{}", step.text(&grid));
        }
        grid.apply(step);
    }
    assert_eq!(grid.values(), &prepared.solution[..]);
    assert_eq!(triples, 2);
}
