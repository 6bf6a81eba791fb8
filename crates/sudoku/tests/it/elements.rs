//! Lines, dots, arrows and outside clues in the engine model, against brute
//! force: on small grids with random elements of every kind (drawn from a
//! random grid, now and then from another one so that some rule sets have
//! no solution), the engine's solutions — and the bitmask solver's, for
//! elements of two cells at a time — are exactly the squares the
//! independent checker accepts, and counting agrees with listing; indexer
//! cells also anywhere at all, not only where a grid keeps them.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_sudoku::generate::{GenerateError, VariantOptions, draw_element, generate_variant};
use fdoku_sudoku::solve::{Goal, MaskSolver, Search, SolveOptions, SolverChoice, solve};
use fdoku_sudoku::{Dot, Element, ElementKind, Indexer, Negative, Puzzle, Rules, check_solution};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError};

use crate::cell_rules::{all, fillings, latin_squares_4};

/// The kinds that make sense on an N×N grid.
fn kinds(size: usize) -> Vec<ElementKind> {
    ElementKind::ALL
        .into_iter()
        .filter(|&k| size.is_multiple_of(3) || k != ElementKind::Entropic)
        .collect()
}

/// A rule set as drawn: which kinds, one seed each, whether each comes
/// from another grid than the solution's, and which negative rules hold.
#[derive(Clone, Debug)]
struct Drawn {
    kinds: Vec<(usize, u64, bool)>,
    negative: [bool; 4],
}

fn drawn() -> impl Strategy<Value = Drawn> {
    (
        proptest::collection::vec(
            (0..64usize, any::<u64>(), proptest::bool::weighted(0.15)),
            1..=3,
        ),
        proptest::array::uniform4(proptest::bool::weighted(0.1)),
    )
        .prop_map(|(kinds, negative)| Drawn { kinds, negative })
}

impl Drawn {
    /// `base` plus the drawn elements, from `grid` (or `other`); with a
    /// negative rule, every mark of its family that `grid` allows is drawn
    /// too, so the grid keeps the rule.
    fn rules(&self, base: Rules, grid: &[u8], other: &[u8]) -> Rules {
        let size = base.size();
        let kinds = kinds(size);
        let mut rules = base;
        for &(k, seed, elsewhere) in &self.kinds {
            let from = if elsewhere { other } else { grid };
            if let Some(element) = draw_element(kinds[k % kinds.len()], &rules, from, seed)
                && let Ok(with) = rules.clone().with_element(element)
            {
                rules = with;
            }
        }
        let [white, black, x, v] = self.negative;
        if white || black || x || v {
            for element in every_mark(size, grid, self.negative) {
                rules = rules.with_element(element).unwrap();
            }
            rules = rules.with_negative(Negative { white, black, x, v });
        }
        rules
    }
}

/// Every kropki dot and XV mark the negative rules in force ask for on
/// `grid`: a dot wherever neighbours differ by 1 or one is twice the other,
/// an X or V wherever they add up to 10 or 5.
fn every_mark(size: usize, grid: &[u8], [white, black, x, v]: [bool; 4]) -> Vec<Element> {
    let mut marks = Vec::new();
    for cell in 0..size * size {
        for other in [cell + 1, cell + size] {
            let beside = other == cell + size || other % size != 0;
            if other >= size * size || !beside {
                continue;
            }
            let (a, b) = (u32::from(grid[cell]), u32::from(grid[other]));
            let cells = [cell, other];
            if (white || black) && a.abs_diff(b) == 1 {
                marks.push(Element::Kropki {
                    cells,
                    dot: Dot::White,
                    value: 1,
                });
            } else if (white || black) && (a == 2 * b || b == 2 * a) {
                marks.push(Element::Kropki {
                    cells,
                    dot: Dot::Black,
                    value: 2,
                });
            }
            if (x || v) && (a + b == 10 || a + b == 5) {
                marks.push(Element::Xv { cells, sum: a + b });
            }
        }
    }
    marks
}

fn sudoku_squares_4() -> Vec<Vec<u8>> {
    let classic = Puzzle::new(Rules::classic(4).unwrap(), vec![0; 16]).unwrap();
    latin_squares_4()
        .iter()
        .filter(|g| check_solution(&classic, g).is_ok())
        .cloned()
        .collect()
}

/// The 4×4 puzzle of `rules` with the digits of `grid` at `givens`: the
/// engine, the bitmask solver (when it takes the rules) and the count find
/// exactly the Latin squares the checker keeps.
fn agrees_with_brute_force(
    rules: Rules,
    grid: &[u8],
    givens: &[usize],
) -> Result<(), TestCaseError> {
    let mut clues = vec![0u8; 16];
    for &cell in givens {
        clues[cell] = grid[cell];
    }
    let puzzle = Puzzle::new(rules, clues).unwrap();
    let expected: Vec<Vec<u8>> = latin_squares_4()
        .iter()
        .filter(|g| check_solution(&puzzle, g).is_ok())
        .cloned()
        .collect();
    prop_assert!(all(&puzzle, SolverChoice::Fd) == expected);
    if MaskSolver::new(&puzzle).is_some() {
        prop_assert!(all(&puzzle, SolverChoice::Mask) == expected);
    }
    let count = solve(&puzzle, Goal::Count(u64::MAX), &SolveOptions::default());
    prop_assert_eq!(count.count, expected.len() as u64);
    Ok(())
}

proptest! {
    #![proptest_config(Config {
        cases: 300,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/elements.txt",
        ))),
        ..Config::default()
    })]

    #[test]
    fn four_by_four_element_solutions_are_brute_force_filtered_by_the_checker(
        drawn in drawn(),
        boxes in any::<bool>(),
        pick in (0..288usize, 0..288usize),
        givens in proptest::collection::vec(0..16usize, 0..=3),
    ) {
        let squares = sudoku_squares_4();
        prop_assert_eq!(squares.len(), 288);
        let (grid, other) = (&squares[pick.0], &squares[pick.1]);
        let base = if boxes { Rules::classic(4) } else { Rules::latin(4) };
        let rules = drawn.rules(base.unwrap(), grid, other);
        agrees_with_brute_force(rules, grid, &givens)?;
    }
}

proptest! {
    #![proptest_config(Config {
        cases: 100,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/elements.txt",
        ))),
        ..Config::default()
    })]

    /// 6×6: elements drawn from a random Sudoku, up to twenty cells opened,
    /// against every filling of those cells.
    #[test]
    fn six_by_six_element_solutions_are_brute_force_filtered_by_the_checker(
        drawn in drawn(),
        open in proptest::collection::vec(0..36usize, 6..=20),
        seeds in (any::<u64>(), any::<u64>()),
    ) {
        let classic = Puzzle::new(Rules::classic(6).unwrap(), vec![0; 36]).unwrap();
        let grid_of = |seed| {
            let mut grid = Vec::new();
            MaskSolver::new(&classic).unwrap().shuffled(seed).search(
                &mut |g: &[u8]| {
                    grid = g.to_vec();
                    false
                },
                &Default::default(),
            );
            grid
        };
        let (grid, other) = (grid_of(seeds.0), grid_of(seeds.1));
        let rules = drawn.rules(Rules::classic(6).unwrap(), &grid, &other);
        let mut givens = grid.clone();
        for cell in open {
            givens[cell] = 0;
        }
        let puzzle = Puzzle::new(rules, givens).unwrap();
        let expected = fillings(&puzzle);
        prop_assert!(all(&puzzle, SolverChoice::Fd) == expected);
        if MaskSolver::new(&puzzle).is_some() {
            prop_assert!(all(&puzzle, SolverChoice::Mask) == expected);
        }
    }
}

proptest! {
    #![proptest_config(Config {
        cases: 200,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/elements.txt",
        ))),
        ..Config::default()
    })]

    /// Indexer cells put anywhere, not drawn from a grid (so some sets have
    /// no solution and some many), with a few givens of a Sudoku square:
    /// both solvers and the count against the squares the checker keeps.
    #[test]
    fn four_by_four_indexers_are_brute_force_filtered_by_the_checker(
        marks in proptest::collection::vec((0..16usize, 0..3usize), 1..=5),
        boxes in any::<bool>(),
        pick in 0..288usize,
        givens in proptest::collection::vec(0..16usize, 0..=2),
    ) {
        let kinds = [Indexer::Row, Indexer::Column, Indexer::Box];
        let base = if boxes { Rules::classic(4) } else { Rules::latin(4) };
        let mut rules = base.unwrap();
        for (cell, k) in marks {
            let kind = kinds[if boxes { k } else { k % 2 }];
            rules = rules.with_element(Element::Indexer { cell, kind }).unwrap();
        }
        // Indexers are pairs of cells: the bitmask solver takes them too.
        prop_assert!(MaskSolver::new(&Puzzle::new(rules.clone(), vec![0; 16]).unwrap()).is_some());
        agrees_with_brute_force(rules, &sudoku_squares_4()[pick], &givens)?;
    }
}

/// A solution grid of classic 9×9 Sudoku to draw elements from.
fn nine_by_nine_grid() -> Vec<u8> {
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        .bytes()
        .map(|b| b - b'0')
        .collect()
}

/// Every kind can be drawn on a 9×9 grid, the grid keeps it, and the
/// engine finds the grid again from the element and the givens left.
#[test]
fn every_kind_is_drawn_on_a_nine_by_nine_grid_that_keeps_it() {
    let grid = nine_by_nine_grid();
    let classic = Rules::classic(9).unwrap();
    for kind in ElementKind::ALL {
        let element = (0..20)
            .find_map(|seed| draw_element(kind, &classic, &grid, seed))
            .unwrap_or_else(|| panic!("no {kind} drawn"));
        assert_eq!(ElementKind::of(&element), kind);
        let rules = classic.clone().with_element(element).unwrap();
        let mut givens = grid.clone();
        for cell in (0..81).step_by(2) {
            givens[cell] = 0;
        }
        let puzzle = Puzzle::new(rules, givens).unwrap();
        assert!(check_solution(&puzzle, &grid).is_ok(), "{kind}");
        let found = all(&puzzle, SolverChoice::Fd);
        assert!(found.contains(&grid), "{kind}");
        assert!(
            found.iter().all(|g| check_solution(&puzzle, g).is_ok()),
            "{kind}"
        );
    }
}

/// Entropic and modular lines read windows of three cells and a between
/// line bounds its inside: drawn with two cells they said nothing, and the
/// generator kept them as clues.
#[test]
fn generated_entropic_modular_and_between_lines_had_two_cells_that_said_nothing() {
    let grid = nine_by_nine_grid();
    let classic = Rules::classic(9).unwrap();
    for kind in [
        ElementKind::Entropic,
        ElementKind::Modular,
        ElementKind::Between,
    ] {
        for seed in 0..200 {
            let Some(element) = draw_element(kind, &classic, &grid, seed) else {
                continue;
            };
            let cells = match &element {
                Element::Entropic { cells }
                | Element::Modular { cells }
                | Element::Between { cells } => cells,
                other => panic!("{kind}: drew {other:?}"),
            };
            assert!(cells.len() >= 3, "{kind}, seed {seed}: {cells:?}");
        }
    }
}

/// Counts solutions up to two with the engine at another strength and
/// value order than the generator's default: a second, differently
/// configured solver.
fn count_two_other_way(puzzle: &Puzzle) -> u64 {
    let options = SolveOptions {
        solver: SolverChoice::Fd,
        fd: fdoku_fd::SearchConfig {
            alldiff: Some(fdoku_fd::Strength::Forward),
            val_order: fdoku_fd::ValOrder::Random,
            seed: 99,
            ..Default::default()
        },
        ..SolveOptions::default()
    };
    solve(puzzle, Goal::Count(2), &options).count
}

/// Generated puzzles of every kind: unique by a second solver, minimal in
/// givens and elements (taking any one away lets a second solution in),
/// the same for the same seed.
#[test]
fn generated_variants_of_every_kind_are_unique_and_minimal() {
    let base = Rules::classic(6).unwrap();
    for kind in kinds(6) {
        let options = VariantOptions {
            kinds: vec![kind],
            elements: 4,
            minimal: true,
            ..VariantOptions::default()
        };
        let made = generate_variant(&base, &options, 11).unwrap();
        let puzzle = &made.puzzle;
        assert!(made.minimal, "{kind}");
        assert_eq!(count_two_other_way(puzzle), 1, "{kind}");
        assert!(check_solution(puzzle, &made.solution).is_ok(), "{kind}");
        for cell in (0..36).filter(|&c| puzzle.givens()[c] != 0) {
            let mut fewer = puzzle.givens().to_vec();
            fewer[cell] = 0;
            let looser = Puzzle::new(puzzle.rules().clone(), fewer).unwrap();
            assert_eq!(count_two_other_way(&looser), 2, "{kind}: given at {cell}");
        }
        for element in puzzle.rules().elements() {
            let rules = puzzle.rules().without_element(element);
            let looser = Puzzle::new(rules, puzzle.givens().to_vec()).unwrap();
            assert_eq!(count_two_other_way(&looser), 2, "{kind}: {element:?}");
        }
        let again = generate_variant(&base, &options, 11).unwrap();
        assert_eq!(again.puzzle, made.puzzle, "{kind}");
    }
}

/// Without givens the elements alone make the puzzle unique.
#[test]
fn variants_without_givens_are_unique_by_their_elements() {
    let options = VariantOptions {
        kinds: vec![
            ElementKind::WhiteDot,
            ElementKind::LittleKiller,
            ElementKind::Thermometer,
        ],
        givens: false,
        minimal: true,
        ..VariantOptions::default()
    };
    for seed in 0..4 {
        let made = generate_variant(&Rules::classic(4).unwrap(), &options, seed).unwrap();
        assert!(made.puzzle.givens().iter().all(|&g| g == 0));
        assert_eq!(count_two_other_way(&made.puzzle), 1, "seed {seed}");
    }
    // A grid without a place for an X or V: the next grid is tried.
    let xv = VariantOptions {
        kinds: vec![ElementKind::Xv],
        ..VariantOptions::default()
    };
    for seed in 0..6 {
        let made = generate_variant(&Rules::classic(4).unwrap(), &xv, seed).unwrap();
        assert_eq!(count_two_other_way(&made.puzzle), 1, "seed {seed}");
    }
    let none = VariantOptions {
        kinds: vec![],
        ..VariantOptions::default()
    };
    let err = generate_variant(&Rules::classic(4).unwrap(), &none, 0).unwrap_err();
    assert_eq!(err, GenerateError::NoKinds);
    let entropic = VariantOptions {
        kinds: vec![ElementKind::Entropic],
        ..VariantOptions::default()
    };
    let err = generate_variant(&Rules::classic(4).unwrap(), &entropic, 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "no entropic line could be drawn on the 4×4 grid"
    );
}

/// A killer cage without a sum keeps its digits apart and does nothing
/// else: read from JSON, its solutions are the Latin squares whose two
/// cage cells differ, and the description writes it back without a sum.
#[test]
fn a_cage_without_a_sum_only_keeps_its_digits_apart() {
    use fdoku_sudoku::format::{Format, PlainVariant, json, read_puzzles};
    let text = r#"{"size": 4, "boxes": false, "cages": [{"cells": ["r1c1", "r2c2"]}]}"#;
    let items = read_puzzles("<test>", text, Format::Json, &PlainVariant::default());
    let puzzle = items[0].puzzle.as_ref().unwrap();
    assert_eq!(puzzle.rules().cages()[0].sum, None);
    let expected: Vec<Vec<u8>> = latin_squares_4()
        .iter()
        .filter(|g| g[0] != g[5])
        .cloned()
        .collect();
    assert_eq!(all(puzzle, SolverChoice::Fd), expected);
    assert_eq!(all(puzzle, SolverChoice::Mask), expected);
    let written = json::describe(puzzle).to_string();
    assert!(
        written.contains(r#""cages":[{"cells":["r1c1","r2c2"]}]"#),
        "{written}"
    );
    // Four cells of a 4×4: a house, which the bitmask solver's hidden
    // singles use; both solvers find the same squares.
    let text =
        r#"{"size": 4, "boxes": false, "cages": [{"cells": ["r1c1", "r2c2", "r3c1", "r4c4"]}]}"#;
    let items = read_puzzles("<test>", text, Format::Json, &PlainVariant::default());
    let puzzle = items[0].puzzle.as_ref().unwrap();
    let expected: Vec<Vec<u8>> = latin_squares_4()
        .iter()
        .filter(|g| {
            let mut digits = [g[0], g[5], g[8], g[15]];
            digits.sort_unstable();
            digits == [1, 2, 3, 4]
        })
        .cloned()
        .collect();
    assert!(!expected.is_empty() && expected.len() < latin_squares_4().len());
    assert_eq!(all(puzzle, SolverChoice::Fd), expected);
    assert_eq!(all(puzzle, SolverChoice::Mask), expected);
}

/// Touching minimum cells are compared only with the cells around them
/// (the f-puzzles rule): minima at r1c1 and r1c2 of a 4×4 Latin square
/// ask r1c1 < r2c1, r1c2 < r1c3 and r1c2 < r2c2 — and nothing between the
/// two. Both solvers and the checker agree with that count.
#[test]
fn touching_minimum_cells_are_compared_only_with_the_cells_around_them() {
    use fdoku_sudoku::Extremum;
    let minimum = |cell| Element::Extremum {
        cell,
        kind: Extremum::Minimum,
    };
    let rules = Rules::latin(4)
        .unwrap()
        .with_element(minimum(0))
        .unwrap()
        .with_element(minimum(1))
        .unwrap();
    let puzzle = Puzzle::new(rules, vec![0; 16]).unwrap();
    let expected: Vec<Vec<u8>> = latin_squares_4()
        .iter()
        .filter(|g| g[0] < g[4] && g[1] < g[2] && g[1] < g[5])
        .cloned()
        .collect();
    let checked: Vec<Vec<u8>> = latin_squares_4()
        .iter()
        .filter(|g| check_solution(&puzzle, g).is_ok())
        .cloned()
        .collect();
    assert_eq!(checked, expected);
    assert_eq!(all(&puzzle, SolverChoice::Fd), expected);
    assert_eq!(all(&puzzle, SolverChoice::Mask), expected);
}
