//! The rules beyond houses — anti-knight, anti-king, non-consecutive,
//! disjoint groups, odd/even cells, one diagonal — in both general solvers:
//! on random small puzzles with random rule sets, the bitmask solver's
//! solutions, the engine model's and brute force filtered by the
//! independent checker are the same set; a published 9×9 puzzle solves to
//! its published answer; the 9×9 path declines them; the generator keeps
//! them.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use std::sync::OnceLock;

use fdoku_sudoku::format::{Format, PlainVariant, read_puzzles};
use fdoku_sudoku::solve::{
    Goal, MaskSolver, NineSolver, Search, SolveOptions, SolverChoice, Status, solve, solve_with,
};
use fdoku_sudoku::{Diagonal, GlobalRule, Parity, Puzzle, Rules, check_solution};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

/// Every solution of `puzzle` from one solver, sorted.
pub(crate) fn all(puzzle: &Puzzle, solver: SolverChoice) -> Vec<Vec<u8>> {
    let options = SolveOptions {
        solver,
        ..SolveOptions::default()
    };
    let mut out = Vec::new();
    let report = solve_with(puzzle, Goal::All(None), &options, &mut |g| {
        out.push(g.to_vec())
    });
    assert!(!report.unsupported);
    out.sort();
    out
}

/// Every N×N Latin square, built row by row from permutations with no
/// solver involved: a superset of the solutions of every N×N puzzle.
fn latin_squares(n: u8) -> Vec<Vec<u8>> {
    fn permutations(rest: &mut Vec<u8>, row: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if rest.is_empty() {
            out.push(row.clone());
        }
        for i in 0..rest.len() {
            let d = rest.remove(i);
            row.push(d);
            permutations(rest, row, out);
            row.pop();
            rest.insert(i, d);
        }
    }
    let n = usize::from(n);
    let mut rows = Vec::new();
    permutations(&mut (1..=n as u8).collect(), &mut Vec::new(), &mut rows);
    let mut squares: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..n {
        squares = squares
            .iter()
            .flat_map(|grid| {
                rows.iter()
                    .filter(|row| (0..n).all(|c| grid.chunks(n).all(|above| above[c] != row[c])))
                    .map(move |row| [grid.clone(), row.clone()].concat())
            })
            .collect();
    }
    squares.sort();
    squares
}

/// The 576 4×4 Latin squares, built once.
pub(crate) fn latin_squares_4() -> &'static [Vec<u8>] {
    static SQUARES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SQUARES.get_or_init(|| latin_squares(4))
}

/// A rule set as drawn: layout (boxes or none), diagonals (0 none, 1 main,
/// 2 anti, 3 both), one flag per global rule, and the cells marked odd or
/// even — with the parity of a grid's digit there, the first one flipped
/// when `flip` (so rule sets with and without solutions both come up).
#[derive(Clone, Debug)]
struct Drawn {
    boxes: bool,
    diagonals: u8,
    global: [bool; 4],
    parity_cells: Vec<usize>,
    flip: bool,
}

impl Drawn {
    fn rules(&self, size: usize, grid: &[u8]) -> Rules {
        let mut rules = match self.boxes {
            true => Rules::classic(size).unwrap(),
            false => Rules::latin(size).unwrap(),
        };
        for (bit, diagonal) in [(1, Diagonal::Main), (2, Diagonal::Anti)] {
            if self.diagonals & bit != 0 {
                rules = rules.with_diagonal(diagonal);
            }
        }
        let globals = [
            GlobalRule::AntiKnight,
            GlobalRule::AntiKing,
            GlobalRule::NonConsecutive,
            GlobalRule::DisjointGroups,
        ];
        for (on, rule) in self.global.iter().zip(globals) {
            if *on && (self.boxes || rule != GlobalRule::DisjointGroups) {
                rules = rules.with_global(rule).unwrap();
            }
        }
        let mut cells = self.parity_cells.clone();
        cells.sort_unstable();
        cells.dedup();
        for (k, cell) in cells.into_iter().enumerate() {
            let odd = (grid[cell] % 2 == 1) != (self.flip && k == 0);
            let parity = if odd { Parity::Odd } else { Parity::Even };
            rules = rules.with_parity(parity, &[cell]).unwrap();
        }
        rules
    }
}

fn drawn(size: usize) -> impl Strategy<Value = Drawn> {
    (
        any::<bool>(),
        0..4u8,
        // Each global rule on a third of the time: sets of every size.
        proptest::array::uniform4(prop_oneof![2 => Just(false), 1 => Just(true)]),
        proptest::collection::vec(0..size * size, 0..=4),
        proptest::bool::weighted(0.2),
    )
        .prop_map(|(boxes, diagonals, global, parity_cells, flip)| Drawn {
            boxes,
            diagonals,
            global,
            parity_cells,
            flip,
        })
}

/// Up to `most` cells of `grid` kept as givens, and now and then one
/// random given written over them (clashes included).
fn givens(size: usize, most: usize) -> impl Strategy<Value = (Vec<usize>, Option<(usize, u8)>)> {
    (
        proptest::collection::vec(0..size * size, 0..=most),
        proptest::option::weighted(0.2, (0..size * size, 1..=size as u8)),
    )
}

fn place(grid: &[u8], (cells, noise): &(Vec<usize>, Option<(usize, u8)>)) -> Vec<u8> {
    let mut givens = vec![0u8; grid.len()];
    for &cell in cells {
        givens[cell] = grid[cell];
    }
    if let Some((cell, digit)) = *noise {
        givens[cell] = digit;
    }
    givens
}

proptest! {
    #![proptest_config(Config {
        cases: 400,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/cell_rules.txt",
        ))),
        ..Config::default()
    })]

    #[test]
    fn four_by_four_solutions_are_brute_force_filtered_by_the_checker(
        rules in drawn(4),
        square in 0..576usize,
        givens in givens(4, 4),
    ) {
        let squares = latin_squares_4();
        prop_assert_eq!(squares.len(), 576);
        let square = &squares[square];
        let puzzle = Puzzle::new(rules.rules(4, square), place(square, &givens)).unwrap();
        let expected: Vec<Vec<u8>> = latin_squares_4()
            .iter()
            .filter(|g| check_solution(&puzzle, g).is_ok())
            .cloned()
            .collect();
        let mask = all(&puzzle, SolverChoice::Mask);
        prop_assert_eq!(mask.len(), expected.len());
        prop_assert!(mask == expected);
        prop_assert!(all(&puzzle, SolverChoice::Fd) == expected);
        // Counting agrees with listing.
        let count = solve(&puzzle, Goal::Count(u64::MAX), &SolveOptions::default());
        prop_assert_eq!(count.count, mask.len() as u64);
    }
}

/// Every way to fill the open cells of `puzzle` with 1..=N that keeps its
/// rows and columns free of repeats, filtered by the checker: brute force,
/// pruned only by the rule every grid shares.
pub(crate) fn fillings(puzzle: &Puzzle) -> Vec<Vec<u8>> {
    fn fill(grid: &mut Vec<u8>, n: usize, open: &[usize], out: &mut Vec<Vec<u8>>, puzzle: &Puzzle) {
        let Some((&cell, rest)) = open.split_first() else {
            if check_solution(puzzle, grid).is_ok() {
                out.push(grid.clone());
            }
            return;
        };
        let (r, c) = (cell / n, cell % n);
        for digit in 1..=n as u8 {
            let clash = (0..n).any(|k| grid[r * n + k] == digit || grid[k * n + c] == digit);
            if !clash {
                grid[cell] = digit;
                fill(grid, n, rest, out, puzzle);
                grid[cell] = 0;
            }
        }
    }
    let n = puzzle.size();
    let open: Vec<usize> = (0..n * n).filter(|&c| puzzle.givens()[c] == 0).collect();
    let mut out = Vec::new();
    fill(&mut puzzle.givens().to_vec(), n, &open, &mut out, puzzle);
    out.sort();
    out
}

proptest! {
    #![proptest_config(Config {
        cases: 150,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/cell_rules.txt",
        ))),
        ..Config::default()
    })]

    /// 6×6: a solution of the drawn rules (when there is one) with up to
    /// twenty-four cells opened, against every filling of those cells.
    #[test]
    fn six_by_six_solutions_are_brute_force_filtered_by_the_checker(
        rules in drawn(6),
        open in proptest::collection::vec(0..36usize, 8..=24),
        seed in any::<u64>(),
    ) {
        // Parity marks from a 6×6 Sudoku of the drawn seed.
        let classic = Puzzle::new(Rules::classic(6).unwrap(), vec![0; 36]).unwrap();
        let mut grid = Vec::new();
        MaskSolver::new(&classic).unwrap().shuffled(seed).search(
            &mut |g: &[u8]| {
                grid = g.to_vec();
                false
            },
            &Default::default(),
        );
        let rules = rules.rules(6, &grid);
        let empty = Puzzle::new(rules.clone(), vec![0; 36]).unwrap();
        let options = SolveOptions {
            solver: SolverChoice::Fd,
            fd: fdoku_fd::SearchConfig {
                val_order: fdoku_fd::ValOrder::Random,
                seed,
                ..Default::default()
            },
            ..SolveOptions::default()
        };
        let first = solve(&empty, Goal::First, &options);
        let Some(mut givens) = first.solution else {
            prop_assert_eq!(first.status, Status::None);
            prop_assert!(all(&empty, SolverChoice::Mask).is_empty());
            return Ok(());
        };
        for cell in open {
            givens[cell] = 0;
        }
        let puzzle = Puzzle::new(rules, givens).unwrap();
        let expected = fillings(&puzzle);
        prop_assert!(!expected.is_empty());
        prop_assert!(all(&puzzle, SolverChoice::Mask) == expected);
        prop_assert!(all(&puzzle, SolverChoice::Fd) == expected);
    }
}

/// On an empty 5×5 Latin square every rule's whole solution set is
/// enumerable: both solvers list exactly the squares the checker accepts.
#[test]
fn five_by_five_solution_sets_are_every_latin_square_the_checker_accepts() {
    let squares = latin_squares(5);
    assert_eq!(squares.len(), 161_280);
    let latin = Rules::latin(5).unwrap();
    let with = |rule| latin.clone().with_global(rule).unwrap();
    let cases = [
        with(GlobalRule::AntiKnight),
        with(GlobalRule::AntiKing),
        with(GlobalRule::NonConsecutive),
        with(GlobalRule::AntiKnight)
            .with_global(GlobalRule::NonConsecutive)
            .unwrap(),
        with(GlobalRule::AntiKnight).with_diagonal(Diagonal::Anti),
        latin
            .clone()
            .with_diagonal(Diagonal::Main)
            .with_parity(Parity::Even, &[0, 6])
            .unwrap()
            .with_parity(Parity::Odd, &[4, 12])
            .unwrap(),
    ];
    for rules in cases {
        let name = rules.variant_name();
        let puzzle = Puzzle::new(rules, vec![0; 25]).unwrap();
        let expected: Vec<Vec<u8>> = squares
            .iter()
            .filter(|g| check_solution(&puzzle, g).is_ok())
            .cloned()
            .collect();
        assert!(!expected.is_empty(), "{name}");
        let mask = all(&puzzle, SolverChoice::Mask);
        assert_eq!(mask.len(), expected.len(), "{name}");
        assert!(mask == expected, "{name}");
        assert!(all(&puzzle, SolverChoice::Fd) == expected, "{name}");
    }
}

/// The "Miracle Sudoku" by Mitchell Lee (solved on Cracking the Cryptic,
/// 2020): classic rules plus anti-knight, anti-king and non-consecutive,
/// two givens. Source and answer: tests/data/README.md.
const MIRACLE: &str = r#"{"size": 9, "anti_knight": true, "anti_king": true, "non_consecutive": true, "givens": "......................................1............2............................."}"#;
const MIRACLE_ANSWER: &str =
    "483726159726159483159483726837261594261594837594837261372615948615948372948372615";

fn read_one(text: &str) -> Puzzle {
    let items = read_puzzles("<test>", text, Format::Json, &PlainVariant::default());
    items.into_iter().next().unwrap().puzzle.unwrap()
}

#[test]
fn the_miracle_sudoku_has_its_published_answer_by_both_solvers() {
    let puzzle = read_one(MIRACLE);
    let answer: Vec<u8> = MIRACLE_ANSWER.bytes().map(|b| b - b'0').collect();
    assert!(check_solution(&puzzle, &answer).is_ok());
    assert!(NineSolver::new(&puzzle).is_none());
    for solver in [SolverChoice::Auto, SolverChoice::Mask, SolverChoice::Fd] {
        assert_eq!(
            all(&puzzle, solver),
            std::slice::from_ref(&answer),
            "{solver:?}"
        );
    }
    // Without non-consecutive the two givens leave many solutions.
    let looser = read_one(&MIRACLE.replace(r#""non_consecutive": true, "#, ""));
    let options = SolveOptions::default();
    assert_eq!(
        solve(&looser, Goal::Count(2), &options).status,
        Status::Multiple
    );
}

#[test]
fn the_checker_names_each_broken_rule() {
    let answer: Vec<u8> = MIRACLE_ANSWER.bytes().map(|b| b - b'0').collect();
    let classic = Rules::classic(9).unwrap();
    let puzzle = |rules: Rules| Puzzle::new(rules, vec![0; 81]).unwrap();
    let plain: Vec<u8> =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .bytes()
            .map(|b| b - b'0')
            .collect();
    let cases = [
        (
            GlobalRule::AntiKnight,
            "anti-knight: r1c7 and r2c5 both hold 9",
        ),
        (GlobalRule::AntiKing, "anti-king: r2c6 and r3c7 both hold 5"),
        (
            GlobalRule::NonConsecutive,
            "non-consecutive: r1c1 holds 5 and r2c1 holds 6",
        ),
        (
            GlobalRule::DisjointGroups,
            "disjoint group 5 holds 9 twice (r2c5, r5c8)",
        ),
    ];
    for (rule, message) in cases {
        let rules = classic.clone().with_global(rule).unwrap();
        let err = check_solution(&puzzle(rules), &plain).unwrap_err();
        assert_eq!(err.to_string(), message);
    }
    let even = classic.clone().with_parity(Parity::Even, &[1]).unwrap();
    assert_eq!(
        check_solution(&puzzle(even), &plain)
            .unwrap_err()
            .to_string(),
        "r1c2 holds 3, expected an even digit"
    );
    let odd = classic.with_parity(Parity::Odd, &[1, 3]).unwrap();
    assert_eq!(
        check_solution(&puzzle(odd), &answer)
            .unwrap_err()
            .to_string(),
        "r1c2 holds 8, expected an odd digit"
    );
}

/// The generator takes the cell rules as they are: a random grid that keeps
/// them, then givens removed while the puzzle stays unique.
#[test]
fn generated_puzzles_keep_the_cell_rules_and_are_unique() {
    let cases = [
        Rules::classic(9)
            .unwrap()
            .with_global(GlobalRule::AntiKnight)
            .unwrap(),
        Rules::classic(6)
            .unwrap()
            .with_global(GlobalRule::DisjointGroups)
            .unwrap()
            .with_diagonal(Diagonal::Anti)
            .with_parity(Parity::Odd, &[0, 7])
            .unwrap(),
    ];
    for rules in cases {
        let made = fdoku_sudoku::generate::generate(&rules, &Default::default(), 7).unwrap();
        assert_eq!(made.puzzle.rules(), &rules);
        assert!(check_solution(&made.puzzle, &made.solution).is_ok());
        for solver in [SolverChoice::Mask, SolverChoice::Fd] {
            let options = SolveOptions {
                solver,
                ..SolveOptions::default()
            };
            let report = solve(&made.puzzle, Goal::Count(2), &options);
            assert_eq!(report.status, Status::Unique, "{}", rules.variant_name());
            assert_eq!(report.solution.as_ref(), Some(&made.solution));
        }
    }
}
