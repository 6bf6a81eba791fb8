//! The clause-learning solver (the default from 16×16 up): every solution
//! of small puzzles of random rules equals brute force filtered by the
//! checker; on 16×16 puzzles of every kind (many solutions, none, unique,
//! unique less one given) its counts equal the bitmask solver's and the
//! engine's; answers are the same run after run; the generator's question
//! ("another solution avoiding these digits?") agrees with counting.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_fd::Budget;
use fdoku_sudoku::generate::{Options, generate, random_grid};
use fdoku_sudoku::solve::{
    Goal, LearningSolver, MaskSolver, Search, SearchStats, SolveOptions, SolverChoice, Status,
    solve,
};
use fdoku_sudoku::{Diagonal, Dot, Element, GlobalRule, Parity, Puzzle, Rules, check_solution};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

use crate::cell_rules::latin_squares_4;

/// Every solution the learning solver reports, each checked, sorted, none
/// twice.
fn learning_all(puzzle: &Puzzle) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let stats = LearningSolver::new(puzzle).unwrap().search(
        &mut |g: &[u8]| {
            assert!(check_solution(puzzle, g).is_ok(), "{g:?}");
            out.push(g.to_vec());
            true
        },
        &Budget::unlimited(),
    );
    assert_eq!(stats.stopped, None);
    out.sort();
    let listed = out.len();
    out.dedup();
    assert_eq!(out.len(), listed, "a solution reported twice");
    out
}

/// Solutions found counting to `limit`, and what the search cost.
fn count_with(solver: &dyn Search, limit: usize) -> (usize, SearchStats) {
    let mut found = 0;
    let stats = solver.search(
        &mut |_: &[u8]| {
            found += 1;
            found < limit
        },
        &Budget::unlimited(),
    );
    (found, stats)
}

/// A 4×4 rule set: boxes or a Latin square, diagonals (bit 1 main, bit 2
/// anti), anti-knight, anti-king and non-consecutive as flagged, cells
/// marked odd or even, and a kropki dot of each colour on a pair of
/// neighbours in a row (a related pair, as the bitmask solver's arcs).
fn rules_4x4(
    boxes: bool,
    diagonals: u8,
    global: [bool; 3],
    parity: &[(usize, bool)],
    dots: &[usize],
) -> Rules {
    let mut rules = match boxes {
        true => Rules::classic(4).unwrap(),
        false => Rules::latin(4).unwrap(),
    };
    for (bit, diagonal) in [(1, Diagonal::Main), (2, Diagonal::Anti)] {
        if diagonals & bit != 0 {
            rules = rules.with_diagonal(diagonal);
        }
    }
    let kinds = [
        GlobalRule::AntiKnight,
        GlobalRule::AntiKing,
        GlobalRule::NonConsecutive,
    ];
    for (on, rule) in global.iter().zip(kinds) {
        if *on {
            rules = rules.with_global(rule).unwrap();
        }
    }
    let mut marked = Vec::new();
    for &(cell, odd) in parity {
        if marked.contains(&cell) {
            continue;
        }
        marked.push(cell);
        let parity = if odd { Parity::Odd } else { Parity::Even };
        rules = rules.with_parity(parity, &[cell]).unwrap();
    }
    for (&first, dot) in dots.iter().zip([Dot::White, Dot::Black]) {
        let cell = first / 3 * 4 + first % 3;
        let value = if dot == Dot::White { 1 } else { 2 };
        let element = Element::Kropki {
            cells: [cell, cell + 1],
            dot,
            value,
        };
        rules = rules.with_element(element).unwrap();
    }
    rules
}

proptest! {
    #![proptest_config(Config {
        cases: 300,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/learning.txt",
        ))),
        ..Config::default()
    })]

    #[test]
    fn four_by_four_learning_solutions_are_brute_force_filtered_by_the_checker(
        boxes in any::<bool>(),
        diagonals in 0..4u8,
        global in proptest::array::uniform3(proptest::bool::weighted(0.3)),
        parity in proptest::collection::vec((0..16usize, any::<bool>()), 0..=3),
        dots in proptest::collection::vec(0..12usize, 0..=2),
        square in 0..576usize,
        kept in proptest::collection::vec(0..16usize, 0..=5),
        noise in proptest::option::weighted(0.2, (0..16usize, 1..=4u8)),
    ) {
        let square = &latin_squares_4()[square];
        let mut givens = vec![0u8; 16];
        for &cell in &kept {
            givens[cell] = square[cell];
        }
        if let Some((cell, digit)) = noise {
            givens[cell] = digit;
        }
        let puzzle = Puzzle::new(rules_4x4(boxes, diagonals, global, &parity, &dots), givens).unwrap();
        let expected: Vec<Vec<u8>> = latin_squares_4()
            .iter()
            .filter(|g| check_solution(&puzzle, g).is_ok())
            .cloned()
            .collect();
        prop_assert!(learning_all(&puzzle) == expected);
    }
}

/// A seeded pseudo-random stream (SplitMix64) for choosing cells.
struct Stream(u64);

impl Stream {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// `grid` with `clues` of its cells kept, chosen from `stream`.
fn keep(grid: &[u8], clues: usize, stream: &mut Stream) -> Vec<u8> {
    let mut cells: Vec<usize> = (0..grid.len()).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, stream.below(i + 1));
    }
    let mut givens = vec![0; grid.len()];
    for &cell in &cells[..clues] {
        givens[cell] = grid[cell];
    }
    givens
}

/// One given changed to a digit no peer's given holds (the puzzle shows
/// no clash), or `None` when no given allows one.
fn changed_given(puzzle: &Puzzle, stream: &mut Stream) -> Option<Vec<u8>> {
    let n = puzzle.size();
    let givens = puzzle.givens();
    let placed: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] != 0).collect();
    let start = stream.below(placed.len());
    for k in 0..placed.len() {
        let cell = placed[(start + k) % placed.len()];
        for digit in 1..=n as u8 {
            let mut changed = givens.to_vec();
            changed[cell] = digit;
            let candidate = Puzzle::new(puzzle.rules().clone(), changed.clone()).unwrap();
            if digit != givens[cell] && candidate.clash().is_none() {
                return Some(changed);
            }
        }
    }
    None
}

fn status_of(found: usize) -> Status {
    [Status::None, Status::Unique, Status::Multiple][found.min(2)]
}

/// The learning solver's count to 2 equals the bitmask solver's and the
/// engine's; the first solution passes the checker.
fn counts_agree(puzzle: &Puzzle, what: &str) -> Status {
    let (found, _) = count_with(&LearningSolver::new(puzzle).unwrap(), 2);
    let (mask, _) = count_with(&MaskSolver::new(puzzle).unwrap(), 2);
    assert_eq!(found, mask, "{what}: learning against bitmask");
    let engine = solve(
        puzzle,
        Goal::Count(2),
        &SolveOptions {
            solver: SolverChoice::Fd,
            ..SolveOptions::default()
        },
    );
    assert_eq!(
        status_of(found),
        engine.status,
        "{what}: against the engine"
    );
    let auto = solve(puzzle, Goal::Count(2), &SolveOptions::default());
    assert_eq!(auto.status, engine.status, "{what}: the default solver");
    if let Some(solution) = &auto.solution {
        assert!(check_solution(puzzle, solution).is_ok(), "{what}");
    }
    auto.status
}

#[test]
fn sixteen_by_sixteen_counts_of_every_kind_agree_with_bitmask_and_engine() {
    let rules = Rules::classic(16).unwrap();
    let mut seen = Vec::new();
    for seed in 1..=3u64 {
        let grid = random_grid(&rules, seed, 100_000).unwrap();
        let mut stream = Stream(seed);
        for clues in [100, 130, 160] {
            let puzzle = Puzzle::new(rules.clone(), keep(&grid, clues, &mut stream)).unwrap();
            let what = format!("seed {seed}, {clues} givens");
            assert_ne!(counts_agree(&puzzle, &what), Status::None, "{what}");
            if let Some(changed) = changed_given(&puzzle, &mut stream) {
                let wrong = Puzzle::new(rules.clone(), changed).unwrap();
                seen.push(counts_agree(&wrong, &format!("{what}, one given changed")));
            }
        }
        let options = Options {
            clues: Some(110),
            ..Options::default()
        };
        let unique = generate(&rules, &options, seed).unwrap();
        assert_eq!(counts_agree(&unique.puzzle, "generated"), Status::Unique);
        let mut less = unique.puzzle.givens().to_vec();
        let cell = (0..less.len()).find(|&c| less[c] != 0).unwrap();
        less[cell] = 0;
        let less = Puzzle::new(rules.clone(), less).unwrap();
        seen.push(counts_agree(&less, "generated, one given less"));
    }
    assert!(seen.contains(&Status::None), "{seen:?}");
    assert!(seen.contains(&Status::Multiple), "{seen:?}");
}

#[test]
fn the_same_puzzle_gives_the_same_search() {
    let rules = Rules::classic(16).unwrap();
    let grid = random_grid(&rules, 7, 100_000).unwrap();
    let puzzle = Puzzle::new(rules, keep(&grid, 100, &mut Stream(7))).unwrap();
    let solver = LearningSolver::new(&puzzle).unwrap();
    let first = count_with(&solver, 2).1;
    let again = count_with(&solver, 2).1;
    assert_eq!((first.guesses, first.nodes), (again.guesses, again.nodes));
}

#[test]
fn another_solution_avoiding_digits_agrees_with_counting() {
    let rules = Rules::classic(16).unwrap();
    let grid = random_grid(&rules, 11, 100_000).unwrap();
    let budget = Budget::unlimited();
    let unique = generate(
        &rules,
        &Options {
            clues: Some(120),
            ..Options::default()
        },
        11,
    )
    .unwrap();
    let solution = unique.solution.clone();
    let solver = LearningSolver::new(&unique.puzzle).unwrap();
    // Unique: no solution avoids any of the solution's digits.
    let open: Vec<(usize, u8)> = (0..256)
        .filter(|&c| unique.puzzle.givens()[c] == 0)
        .map(|c| (c, solution[c]))
        .collect();
    assert_eq!(solver.solvable_avoiding(&open, &budget), Some(false));
    // Sparse: some cell of a random grid's puzzle can take another digit.
    let sparse = Puzzle::new(rules, keep(&grid, 90, &mut Stream(11))).unwrap();
    let solver = LearningSolver::new(&sparse).unwrap();
    let mask = MaskSolver::new(&sparse).unwrap();
    for cell in (0..256).step_by(17) {
        assert_eq!(
            solver.solvable_avoiding(&[(cell, grid[cell])], &budget),
            mask.solvable_without(cell, grid[cell], &budget),
            "cell {cell}"
        );
    }
}

/// 25×25, 290 givens, one of them changed (no clash): several solutions
/// were found by OR-Tools CP-SAT too; the search without learning did not
/// answer within 20 s.
const TWENTY_FIVE_CHANGED: &str = "...1...H.5O.9...K.G...PAE.FIM..9.A4..N.B.6..JC...........P..C.K....8L9I.....H..96ECMF.G7.JBDO.....5L...5........AF...7CM9..GB65.4..D.N.K.O.P..CMB.....P.HB.9...84...L35.OFA....L....4O.IP...53.G....8.....AO.B..C.9HJ.26.I..5P..7N9..J1AF5.......2P......G...AM7..9D.6...IO..K2.GN8B6LF.CP342.AD..7M....E.9..N....FA8.2M..G1.D.6..C.P.8...ON.JM.....C....7...A..KDO.G6..N3C9.8A..2..5J...P.8..2H97..GE..1...M..3.7E....4.36B..M.N...JG...H1M2.EK.GA5O.D..J.I.P9.B.A.5N.MJ..1L.F..G....E2..I.J.93F.IP.1N2CAE.MKO4.L...O.8....3CG7.A.2.L......4..N.H...OGFCE..J.96.1.B.2.I..........34DMC.N1...P..MD7E..5F.J1..N........I..B1C6....L..M..H.KA7G5.3.";

#[test]
fn a_hard_twenty_five_by_twenty_five_puzzle_is_answered() {
    let puzzle =
        fdoku_sudoku::format::parse_line(TWENTY_FIVE_CHANGED, &Rules::classic(25).unwrap())
            .unwrap();
    assert!(puzzle.clash().is_none());
    let report = solve(&puzzle, Goal::Count(2), &SolveOptions::default());
    assert_eq!(report.status, Status::Multiple);
    assert!(check_solution(&puzzle, report.solution.as_ref().unwrap()).is_ok());
}

/// 25×25 puzzles near the hard density, each answered within a node
/// budget (about a second each on one core): random grids with 290 of
/// their cells kept, and the same with one given changed.
#[test]
#[ignore = "a sweep of 40 hard 25×25 puzzles, about 10 s"]
fn twenty_five_by_twenty_five_sweep_near_the_hard_density() {
    let rules = Rules::classic(25).unwrap();
    let budget = Budget::unlimited().with_node_limit(200_000);
    for seed in 1..=20u64 {
        let grid = random_grid(&rules, seed, 100_000).unwrap();
        let mut stream = Stream(seed);
        let puzzle = Puzzle::new(rules.clone(), keep(&grid, 290, &mut stream)).unwrap();
        let mut cases = vec![puzzle.clone()];
        if let Some(changed) = changed_given(&puzzle, &mut stream) {
            cases.push(Puzzle::new(rules.clone(), changed).unwrap());
        }
        for case in cases {
            let options = SolveOptions {
                budget: budget.clone(),
                ..SolveOptions::default()
            };
            let report = solve(&case, Goal::Count(2), &options);
            assert_ne!(
                report.status,
                Status::Stopped,
                "seed {seed}: {}",
                case.to_line()
            );
            if let Some(solution) = &report.solution {
                assert!(check_solution(&case, solution).is_ok());
            }
        }
    }
}
