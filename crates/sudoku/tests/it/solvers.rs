//! Known answers and cross-checks: the bitmask solver and the engine model
//! agree with each other, with brute force on small grids, and with the
//! published answers; every solution passes the independent checker.

// Helpers here panic on purpose: a panic is how a test reports a failure.
#![allow(clippy::unwrap_used)]

use fdoku_fd::{SearchConfig, Strength};
use fdoku_sudoku::format::{Format, PlainVariant, parse_line, read_puzzles};
use fdoku_sudoku::solve::{Goal, SolveOptions, SolverChoice, Status, solve, solve_with};
use fdoku_sudoku::{Cage, Puzzle, Rules, check_solution};

fn options(solver: SolverChoice) -> SolveOptions {
    SolveOptions {
        solver,
        ..SolveOptions::default()
    }
}

/// Every solution of `puzzle` from one engine, checked.
fn all(puzzle: &Puzzle, solver: SolverChoice) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    solve_with(puzzle, Goal::All(None), &options(solver), &mut |g| {
        assert!(check_solution(puzzle, g).is_ok(), "{g:?}");
        out.push(g.to_vec());
    });
    out.sort();
    out
}

#[test]
fn there_are_288_four_by_four_sudokus_by_both_solvers() {
    let empty = Puzzle::new(Rules::classic(4).unwrap(), vec![0; 16]).unwrap();
    let mask = all(&empty, SolverChoice::Mask);
    assert_eq!(mask.len(), 288);
    assert_eq!(all(&empty, SolverChoice::Fd), mask);
}

#[test]
fn killer_counts_equal_filtering_every_grid() {
    let grids = all(
        &Puzzle::new(Rules::classic(4).unwrap(), vec![0; 16]).unwrap(),
        SolverChoice::Mask,
    );
    // Cages: the top row split in two, and the main diagonal's first two cells.
    let cages = [
        Cage {
            cells: vec![0, 1],
            sum: Some(3),
        },
        Cage {
            cells: vec![2, 3],
            sum: Some(7),
        },
        Cage {
            cells: vec![4, 8],
            sum: Some(5),
        },
    ];
    let mut rules = Rules::classic(4).unwrap();
    for cage in &cages {
        rules = rules.with_cage(cage.clone()).unwrap();
    }
    let expected: Vec<Vec<u8>> = grids
        .into_iter()
        .filter(|g| {
            cages
                .iter()
                .all(|c| Some(c.cells.iter().map(|&i| u32::from(g[i])).sum::<u32>()) == c.sum)
        })
        .collect();
    assert_eq!(expected.len(), 12);
    let killer = Puzzle::new(rules, vec![0; 16]).unwrap();
    assert_eq!(all(&killer, SolverChoice::Auto), expected);
    assert!(solve(&killer, Goal::First, &options(SolverChoice::Mask)).unsupported);
}

#[test]
fn project_euler_96_sums_to_24702() {
    // Project Euler's grids are CC BY-NC-SA: read from FDOKU_DATA only.
    let Some(text) = fdoku_testdata::read_corpus("euler96.txt") else {
        return;
    };
    let items = read_puzzles("euler96.txt", &text, Format::Auto, &PlainVariant::default());
    assert_eq!(items.len(), 50);
    for solver in [SolverChoice::Auto, SolverChoice::Mask, SolverChoice::Fd] {
        let mut total = 0u32;
        for item in &items {
            let puzzle = item.puzzle.as_ref().unwrap();
            let report = solve(puzzle, Goal::Count(2), &options(solver));
            assert_eq!(report.status, Status::Unique);
            let s = report.solution.unwrap();
            assert!(check_solution(puzzle, &s).is_ok());
            total += u32::from(s[0]) * 100 + u32::from(s[1]) * 10 + u32::from(s[2]);
        }
        assert_eq!(total, 24702, "{solver:?}");
    }
}

/// A deterministic sample: every `step`-th line.
fn sample(text: &str, step: usize) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .step_by(step)
        .collect()
}

/// The solvers agree on status and solution (count to 2) for `lines`.
fn agree(lines: &[&str], expected: Status, fd: bool) {
    let rules = Rules::classic(9).unwrap();
    for line in lines {
        let puzzle = parse_line(line.trim_end_matches('\r'), &rules).unwrap();
        let mask = solve(&puzzle, Goal::Count(2), &options(SolverChoice::Mask));
        assert_eq!(mask.status, expected, "{line}");
        let first = mask.solution.as_ref().unwrap();
        assert!(check_solution(&puzzle, first).is_ok());
        // The classic 9×9 path (what `Auto` picks here) agrees too.
        let nine = solve(&puzzle, Goal::Count(2), &options(SolverChoice::Auto));
        assert_eq!(nine.status, expected, "9×9 path: {line}");
        assert!(check_solution(&puzzle, nine.solution.as_ref().unwrap()).is_ok());
        if expected == Status::Unique {
            assert_eq!(nine.solution, mask.solution, "{line}");
        }
        if fd {
            let engine = solve(&puzzle, Goal::Count(2), &options(SolverChoice::Fd));
            assert_eq!(engine.status, expected, "{line}");
            if expected == Status::Unique {
                assert_eq!(engine.solution, mask.solution, "{line}");
            }
        }
    }
}

#[test]
fn collections_ci_sample_both_solvers_agree() {
    // The fixtures: every 500th 17-clue puzzle, every 15th magictour one,
    // the forum's first 60 and every 15th, every 100th of serg's (every
    // 2nd of its fixture), every 50th QQWing puzzle (every 2nd of theirs),
    // Norvig's lists whole.
    let fixture = fdoku_testdata::read_fixture;
    for (name, step) in [
        ("tdoku_17_clue_every500.txt", 1),
        ("tdoku_forum_hardest_sample.txt", 1),
        ("tdoku_magictour_every15.txt", 1),
        ("norvig_top95.txt", 1),
        ("norvig_hardest11.txt", 1),
        ("qqwing_simple_every25.sdm", 2),
        ("qqwing_easy_every25.sdm", 2),
        ("qqwing_intermediate_every25.sdm", 2),
        ("qqwing_expert_every25.sdm", 2),
    ] {
        agree(&sample(&fixture(name), step), Status::Unique, true);
    }
    agree(
        &sample(&fixture("tdoku_serg_every50.txt"), 2),
        Status::Multiple,
        true,
    );
}

#[test]
#[ignore = "full sweep: every one-per-line puzzle of the FDOKU_DATA collections through both solvers (minutes)"]
fn collections_full_sweep() {
    for (file, expected) in [
        ("tdoku_17_clue_49158.txt", Status::Unique),
        ("tdoku_forum_hardest_1106.txt", Status::Unique),
        ("tdoku_magictour_top1465.txt", Status::Unique),
        ("norvig_top95.txt", Status::Unique),
        ("norvig_hardest11.txt", Status::Unique),
        ("tdoku_serg_benchmark.txt", Status::Multiple),
        ("qqwing_labeled_simple.sdm", Status::Unique),
        ("qqwing_labeled_easy.sdm", Status::Unique),
        ("qqwing_labeled_intermediate.sdm", Status::Unique),
        ("qqwing_labeled_expert.sdm", Status::Unique),
    ] {
        let Some(text) = fdoku_testdata::read_corpus(file) else {
            return;
        };
        agree(&sample(&text, 1), expected, true);
    }
}

/// Seed 001's `exemplediag`, row by row.
const SEED_001_DIAGONAL: [&str; 9] = [
    "000000040",
    "400980006",
    "030007980",
    "000000000",
    "005704100",
    "000000000",
    "063800050",
    "800026003",
    "010000000",
];
/// Seed 001's `exampleadd` (four extra blocks), row by row.
const SEED_001_EXTRA: [&str; 9] = [
    "002000000",
    "004080900",
    "000300000",
    "000005401",
    "000000000",
    "500200008",
    "000006070",
    "050000000",
    "000030010",
];

#[test]
fn seed_001_examples_are_unique_under_their_rules() {
    for (line, variant) in [
        (
            SEED_001_DIAGONAL,
            PlainVariant {
                diagonals: true,
                windoku: false,
            },
        ),
        (
            SEED_001_EXTRA,
            PlainVariant {
                diagonals: false,
                windoku: true,
            },
        ),
    ] {
        let line = line.concat();
        let rules = variant.rules(9).unwrap();
        let puzzle = parse_line(&line, &rules).unwrap();
        for solver in [SolverChoice::Mask, SolverChoice::Fd] {
            let report = solve(&puzzle, Goal::Count(2), &options(solver));
            assert_eq!(report.status, Status::Unique, "{solver:?} {line}");
            assert!(check_solution(&puzzle, report.solution.as_ref().unwrap()).is_ok());
        }
        // Without their extra houses the same givens have many solutions.
        let classic = parse_line(&line, &Rules::classic(9).unwrap()).unwrap();
        assert_eq!(
            solve(&classic, Goal::Count(2), &SolveOptions::default()).status,
            Status::Multiple
        );
    }
}

/// A puzzle of any rules: solve the empty grid, then blank the cells
/// `blank` names by index (a deterministic pattern).
fn puzzle_from_empty(rules: Rules, blank: impl Fn(usize) -> bool) -> Puzzle {
    let empty = Puzzle::new(rules.clone(), vec![0; rules.cells()]).unwrap();
    let full = solve(&empty, Goal::First, &SolveOptions::default())
        .solution
        .expect("solvable rules");
    let givens = full
        .iter()
        .enumerate()
        .map(|(i, &v)| if blank(i) { 0 } else { v })
        .collect();
    Puzzle::new(rules, givens).unwrap()
}

#[test]
fn every_size_and_variant_solves_and_both_solvers_agree() {
    let mut cases = Vec::new();
    for size in [4, 6, 8, 9, 12, 16, 25] {
        cases.push(Rules::classic(size).unwrap());
        cases.push(Rules::classic(size).unwrap().with_diagonals());
    }
    // Windoku: windows exist from 4×4 up; a full grid was found for these
    // sizes (none within 20 s for 16×16 and 25×25).
    for size in [4, 6, 8, 9, 12] {
        cases.push(Rules::classic(size).unwrap().with_windoku().unwrap());
    }
    cases.push(
        Rules::classic(9)
            .unwrap()
            .with_diagonals()
            .with_windoku()
            .unwrap(),
    );
    // A 6×6 jigsaw and a 9×9 with an extra region (the centre cell of every box).
    let jigsaw: Vec<u8> = "AAABBB AACCBB ACCDDB ECDDFF EECDFF EEEDFF"
        .split(' ')
        .flat_map(|row| row.bytes().map(|b| b - b'A'))
        .collect();
    cases.push(Rules::jigsaw(6, jigsaw).unwrap());
    let centres = vec![10, 13, 16, 37, 40, 43, 64, 67, 70];
    cases.push(
        Rules::classic(9)
            .unwrap()
            .with_extra_region(centres)
            .unwrap(),
    );
    for rules in cases {
        let name = format!("{}×{} {}", rules.size(), rules.size(), rules.variant_name());
        // Every cell but one in three blank; half from 16×16 up, and one
        // in three on 25×25, where half the cells given (313) lies where
        // puzzles turn from many solutions to none, a search of minutes for
        // the mask solver depending on the grid the default solver found.
        let blank: fn(usize) -> bool = match rules.size() {
            25.. => |i| i % 3 == 0,
            16.. => |i| i % 2 != 0,
            _ => |i| i % 3 != 0,
        };
        let puzzle = puzzle_from_empty(rules, blank);
        let mask = solve(&puzzle, Goal::Count(2), &options(SolverChoice::Mask));
        assert!(
            matches!(mask.status, Status::Unique | Status::Multiple),
            "{name}"
        );
        assert!(
            check_solution(&puzzle, mask.solution.as_ref().unwrap()).is_ok(),
            "{name}"
        );
        if puzzle.size() <= 16 {
            let config = SearchConfig {
                alldiff: Some(Strength::Domain),
                ..SearchConfig::default()
            };
            let fd = solve(
                &puzzle,
                Goal::Count(2),
                &SolveOptions {
                    solver: SolverChoice::Fd,
                    fd: config,
                    ..SolveOptions::default()
                },
            );
            assert_eq!(fd.status, mask.status, "{name}");
            assert!(
                check_solution(&puzzle, fd.solution.as_ref().unwrap()).is_ok(),
                "{name}"
            );
        }
    }
}

#[test]
fn a_killer_built_from_a_solution_is_solved_by_the_engine() {
    // Seed 000's solution cut into horizontal dominoes (and a single at the end of each row).
    let solution =
        "567483291938126547412795368689372154743651829125849673254938716371264985896517432";
    let digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
    let mut rules = Rules::classic(9).unwrap();
    for row in 0..9 {
        for start in (0..9).step_by(2) {
            let cells: Vec<usize> = (start..(start + 2).min(9)).map(|c| row * 9 + c).collect();
            let sum = cells.iter().map(|&c| u32::from(digits[c])).sum();
            rules = rules
                .with_cage(Cage {
                    cells,
                    sum: Some(sum),
                })
                .unwrap();
        }
    }
    let puzzle = Puzzle::new(rules, vec![0; 81]).unwrap();
    let report = solve(&puzzle, Goal::First, &SolveOptions::default());
    assert_eq!(report.status, Status::Solved);
    assert!(check_solution(&puzzle, report.solution.as_ref().unwrap()).is_ok());
}

#[test]
fn clashing_givens_are_no_solution_with_the_clash_named() {
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "7");
    line.replace_range(8..9, "7");
    let puzzle = parse_line(&line, &Rules::classic(9).unwrap()).unwrap();
    let report = solve(&puzzle, Goal::Count(2), &SolveOptions::default());
    assert_eq!(report.status, Status::None);
    assert_eq!(
        puzzle.clash().unwrap().to_string(),
        "r1c1 and r1c9 both hold 7 in row 1"
    );
}

#[test]
fn a_consistent_but_unsolvable_grid_is_no_solution() {
    // No clash among the givens, but r1c9 has no digit left (9 is in its box).
    let line = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let puzzle = parse_line(&line, &Rules::classic(9).unwrap()).unwrap();
    assert!(puzzle.clash().is_none());
    for solver in [SolverChoice::Mask, SolverChoice::Fd] {
        assert_eq!(
            solve(&puzzle, Goal::Count(2), &options(solver)).status,
            Status::None
        );
    }
}

#[test]
fn an_empty_25x25_count_stops_at_the_limit() {
    let empty = Puzzle::new(Rules::classic(25).unwrap(), vec![0; 625]).unwrap();
    let report = solve(&empty, Goal::Count(2), &SolveOptions::default());
    assert_eq!(report.status, Status::Multiple);
    assert_eq!(report.count, 2);
}

#[test]
fn an_impossible_extra_region_is_refuted_by_the_engine_and_bounded_in_the_mask_solver() {
    // r1c5, r2c5, r3c5 plus six cells of row 5: row 5's other cells (c4–c6)
    // would need exactly the digits of r1c5–r3c5, but r5c5 shares their column.
    let plus = vec![4, 13, 22, 36, 37, 38, 42, 43, 44];
    let rules = Rules::classic(9).unwrap().with_extra_region(plus).unwrap();
    let puzzle = Puzzle::new(rules, vec![0; 81]).unwrap();
    let fd = solve(&puzzle, Goal::First, &options(SolverChoice::Fd));
    assert_eq!(fd.status, Status::None);
    let bounded = SolveOptions {
        solver: SolverChoice::Mask,
        budget: fdoku_fd::Budget::unlimited().with_node_limit(10_000),
        ..SolveOptions::default()
    };
    let mask = solve(&puzzle, Goal::First, &bounded);
    assert_eq!(mask.status, Status::Stopped);
    assert_eq!(mask.stats.nodes, 10_000);
}

#[test]
fn a_killer_without_boxes_is_solved_by_the_engine() {
    // A 4×4 Latin square with cages: no boxes at all.
    let mut rules = Rules::latin(4).unwrap();
    let cages = [
        (vec![0, 1], 3),
        (vec![2, 3], 7),
        (vec![4, 8, 12], 9),
        (vec![5, 6, 7], 6),
        (vec![9, 10], 5),
        (vec![11, 15], 5),
        (vec![13, 14], 5),
    ];
    for (cells, sum) in cages {
        rules = rules
            .with_cage(Cage {
                cells,
                sum: Some(sum),
            })
            .unwrap();
    }
    let puzzle = Puzzle::new(rules, vec![0; 16]).unwrap();
    let solutions = all(&puzzle, SolverChoice::Auto);
    assert_eq!(solutions.len(), 4);
    // Independently: rows and columns are permutations, cages add up.
    for g in &solutions {
        for i in 0..4 {
            let mut row: Vec<u8> = (0..4).map(|j| g[4 * i + j]).collect();
            let mut col: Vec<u8> = (0..4).map(|j| g[4 * j + i]).collect();
            row.sort_unstable();
            col.sort_unstable();
            assert_eq!((row, col), (vec![1, 2, 3, 4], vec![1, 2, 3, 4]));
        }
        assert_eq!(u32::from(g[4] + g[8] + g[12]), 9);
    }
}
