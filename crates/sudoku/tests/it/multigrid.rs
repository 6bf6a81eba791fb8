//! Grids of several overlapping Sudokus: the engine against brute force on
//! small layouts (twins, clueless and listed sub-grids among them), every
//! named 9×9 layout generated, solved and checked, the checker refusing
//! wrong grids, and every reading mistake named.

use std::collections::BTreeSet;
use std::time::Instant;

use fdoku_fd::{SearchConfig, ValOrder};
use fdoku_sudoku::format::multigrid::{describe_multigrid, detect, read_multigrids};
use fdoku_sudoku::multigrid::{
    LAYOUTS, Multigrid, MultigridError, MultigridPuzzle, check_multigrid, generate_multigrid,
    solve_multigrid, solve_multigrid_with,
};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status};

/// Each sub-grid's canvas squares in its reading order, worked out from
/// the origins and the listed cells alone.
fn squares(grid: &Multigrid) -> Vec<Vec<(usize, usize)>> {
    let n = grid.size();
    let arrangement = grid.arrangement();
    let windows = arrangement.origins.iter().map(|&(top, left)| {
        (0..n * n)
            .map(|i| (top + i / n, left + i % n))
            .collect::<Vec<_>>()
    });
    windows
        .chain(arrangement.scattered.iter().cloned())
        .collect()
}

/// Every filling of `puzzle` by plain backtracking over cells in reading
/// order, checking each cell against the rows, columns and boxes of every
/// sub-grid it stands in, and every relabelled pair's digits place by
/// place, from canvas positions: no engine, no houses list.
fn brute_force(puzzle: &MultigridPuzzle) -> BTreeSet<Vec<u8>> {
    let grid = puzzle.grid();
    let n = grid.size();
    let (box_rows, box_cols) = grid.boxes();
    let squares = squares(grid);
    let relabelled = grid.arrangement().relabelled.clone();
    let mut values = puzzle.givens().to_vec();
    let mut found = BTreeSet::new();
    // Whether `digit` at `cell` agrees with the cells filled so far.
    let fits = |values: &[u8], cell: usize, digit: u8| {
        let here = grid.position(cell);
        let value = |square: (usize, usize)| {
            let other = grid.cell_at(square.0, square.1).expect("a cell");
            if other == cell { digit } else { values[other] }
        };
        let houses_hold = squares.iter().all(|squares| {
            let Some(k) = squares.iter().position(|&s| s == here) else {
                return true;
            };
            let (r, c) = (k / n, k % n);
            let (br, bc) = (r / box_rows * box_rows, c / box_cols * box_cols);
            (0..n).all(|i| {
                let peers = [(r, i), (i, c), (br + i / box_cols, bc + i % box_cols)];
                peers.iter().all(|&(pr, pc)| {
                    let square = squares[pr * n + pc];
                    square == here || value(square) != digit
                })
            })
        });
        houses_hold
            && relabelled.iter().all(|&(a, b)| {
                let (a, b) = (&squares[a], &squares[b]);
                let Some(k) = a.iter().chain(b).position(|&s| s == here) else {
                    return true;
                };
                let k = k % (n * n);
                (0..n * n).all(|j| {
                    let known = [a[k], b[k], a[j], b[j]].map(value);
                    known.contains(&0) || (known[0] == known[2]) == (known[1] == known[3])
                })
            })
    };
    fn fill(
        cell: usize,
        values: &mut Vec<u8>,
        givens: &[u8],
        n: usize,
        fits: &dyn Fn(&[u8], usize, u8) -> bool,
        found: &mut BTreeSet<Vec<u8>>,
    ) {
        if cell == values.len() {
            found.insert(values.clone());
            return;
        }
        if givens[cell] != 0 {
            if fits(values, cell, givens[cell]) {
                fill(cell + 1, values, givens, n, fits, found);
            }
            return;
        }
        for digit in 1..=n as u8 {
            if fits(values, cell, digit) {
                values[cell] = digit;
                fill(cell + 1, values, givens, n, fits, found);
                values[cell] = 0;
            }
        }
    }
    let givens = puzzle.givens().to_vec();
    fill(0, &mut values, &givens, n, &fits, &mut found);
    found
}

/// Every solution the engine lists.
fn engine_solutions(puzzle: &MultigridPuzzle) -> BTreeSet<Vec<u8>> {
    let mut found = BTreeSet::new();
    let report = solve_multigrid_with(
        puzzle,
        Goal::All(None),
        &SolveOptions::default(),
        &mut |g| {
            found.insert(g.to_vec());
        },
    );
    assert_eq!(report.count as usize, found.len(), "each solution once");
    found
}

#[test]
fn small_layouts_agree_with_brute_force() {
    for (name, clues) in [
        ("twodoku", 6),
        ("butterfly", 7),
        ("doubledoku", 5),
        ("flower", 9),
    ] {
        let grid = Multigrid::named(name, 4).unwrap();
        // Clues from a generated solution, a few at a time, so the counts
        // run from many solutions down to one.
        let made = generate_multigrid(&grid, 11, 100_000, &Default::default()).unwrap();
        for kept in [0, clues / 2, clues] {
            let mut givens = vec![0; grid.cell_count()];
            for cell in (0..grid.cell_count())
                .step_by(grid.cell_count() / clues.max(1))
                .take(kept)
            {
                givens[cell] = made.solution[cell];
            }
            let puzzle = MultigridPuzzle::new(grid.clone(), givens).unwrap();
            let expected = brute_force(&puzzle);
            let listed = engine_solutions(&puzzle);
            assert!(!expected.is_empty(), "{name}, {kept} clues");
            assert_eq!(listed, expected, "{name}, {kept} clues");
            for solution in &listed {
                check_multigrid(&puzzle, solution).unwrap();
            }
            let counted = solve_multigrid(&puzzle, Goal::Count(2), &SolveOptions::default());
            let status = if expected.len() == 1 {
                Status::Unique
            } else {
                Status::Multiple
            };
            assert_eq!(counted.status, status, "{name}, {kept} clues");
        }
    }
}

#[test]
fn custom_origins_agree_with_brute_force() {
    // An L of three 4×4 grids, each sharing a 2×2 box with the middle one.
    let grid = Multigrid::new(4, 2, 2, vec![(0, 0), (2, 2), (0, 4)]).unwrap();
    assert_eq!(grid.name(), None);
    let mut givens = vec![0; grid.cell_count()];
    givens[0] = 1;
    givens[5] = 3;
    let puzzle = MultigridPuzzle::new(grid, givens).unwrap();
    assert_eq!(engine_solutions(&puzzle), brute_force(&puzzle));
}

/// `puzzle` with the givens of `solution` at the cells `keep` picks.
fn kept(grid: &Multigrid, solution: &[u8], keep: impl Fn(usize) -> bool) -> MultigridPuzzle {
    let givens = (0..grid.cell_count())
        .map(|cell| if keep(cell) { solution[cell] } else { 0 })
        .collect();
    MultigridPuzzle::new(grid.clone(), givens).expect("givens from a solution")
}

/// The engine lists exactly the brute-force fillings of `puzzle`, each
/// passes the checker, and counting to two says unique or multiple.
fn agrees_with_brute_force(puzzle: &MultigridPuzzle, what: &str) -> usize {
    let expected = brute_force(puzzle);
    let listed = engine_solutions(puzzle);
    assert!(!expected.is_empty(), "{what}");
    assert_eq!(listed, expected, "{what}");
    for solution in &listed {
        check_multigrid(puzzle, solution).expect("a listed solution passes the checker");
    }
    let counted = solve_multigrid(puzzle, Goal::Count(2), &SolveOptions::default());
    let status = if expected.len() == 1 {
        Status::Unique
    } else {
        Status::Multiple
    };
    assert_eq!(counted.status, status, "{what}");
    expected.len()
}

#[test]
fn twins_relabel_one_another() {
    let twins = Multigrid::named("twins", 4).unwrap();
    assert_eq!(
        (twins.height(), twins.width(), twins.cell_count()),
        (4, 9, 32)
    );
    // Empty: 288 fillings of the first grid, each relabelled by any of the
    // 24 permutations of four digits.
    let empty = MultigridPuzzle::empty(twins.clone());
    let all = solve_multigrid(&empty, Goal::All(None), &SolveOptions::default());
    assert_eq!(all.count, 288 * 24);
    let made = generate_multigrid(&twins, 3, 100_000, &Default::default()).unwrap();
    let solution = &made.solution;
    let mut counts = Vec::new();
    for clues in [3, 5, 8] {
        let puzzle = kept(&twins, solution, |cell| cell * 7 % 32 < clues);
        counts.push(agrees_with_brute_force(
            &puzzle,
            &format!("twins, {clues} clues"),
        ));
    }
    assert!(counts[0] > 1, "{counts:?}");
    // The second grid's rows 1 and 2 swapped: still a Sudoku, no longer
    // the first grid relabelled.
    let mut swapped = solution.clone();
    for col in 5..9 {
        let (a, b) = (
            twins.cell_at(0, col).unwrap(),
            twins.cell_at(1, col).unwrap(),
        );
        swapped.swap(a, b);
    }
    let err = check_multigrid(&empty, &swapped).unwrap_err().to_string();
    assert!(
        err.starts_with("grids 1 and 2 are no relabelling of each other: r1c"),
        "{err}"
    );
}

/// A solution of a 9×9 clueless layout made by hand, not by the engine
/// (whose fill from empty takes seconds with the propagation checks on): grid
/// (I, J) is the pattern Sudoku `(3·(r mod 3) + r div 3 + c) mod 9`,
/// shifted by `3I + J` (clueless-1) or `3J + I` (clueless-2) — shifts that
/// make the box centres, or the centre boxes, a Sudoku too.
fn clueless_solution(grid: &Multigrid) -> Vec<u8> {
    let first = grid.name() == Some("clueless-1");
    (0..grid.cell_count())
        .map(|cell| {
            let (r, c) = grid.position(cell);
            let (big_r, big_c, r, c) = (r / 9, c / 9, r % 9, c % 9);
            let shift = if first {
                3 * big_r + big_c
            } else {
                3 * big_c + big_r
            };
            ((3 * (r % 3) + r / 3 + c + shift) % 9 + 1) as u8
        })
        .collect()
}

#[test]
fn clueless_layouts_agree_with_brute_force() {
    for name in ["clueless-1", "clueless-2"] {
        let grid = Multigrid::named(name, 9).unwrap();
        assert_eq!(
            (grid.height(), grid.width(), grid.grid_count()),
            (27, 27, 10)
        );
        assert_eq!(grid.cell_count(), 729);
        let empty = MultigridPuzzle::empty(grid.clone());
        let solution = clueless_solution(&grid);
        check_multigrid(&empty, &solution).unwrap();
        // The middle band of the first grid blank: it holds cells of the
        // tenth grid of clueless-1 (r5c2, r5c5, r5c8) and of clueless-2
        // (the centre box).
        let band = |(r, c): (usize, usize)| (3..6).contains(&r) && c < 9;
        let puzzle = kept(&grid, &solution, |cell| !band(grid.position(cell)));
        let found = agrees_with_brute_force(&puzzle, name);
        eprintln!("{name}: {found} fillings of the blank band");
        // The tenth grid is a Sudoku of its own: a digit moved there alone
        // breaks it.
        let tenth = grid.grid_cells(9);
        let mut wrong = solution.clone();
        let (a, b) = (tenth[0], tenth[1]);
        wrong.swap(a, b);
        assert!(check_multigrid(&empty, &wrong).is_err(), "{name}");
    }
}

#[test]
fn listed_sub_grids_agree_with_brute_force_and_read_back() {
    use fdoku_sudoku::multigrid::Arrangement;
    // Two 4×4 windows a column apart, relabelled, and a listed grid of
    // their top two rows (the first window's row 1, the second's, …).
    let listed: Vec<(usize, usize)> = (0..2)
        .flat_map(|r| {
            [
                (r, 0),
                (r, 1),
                (r, 2),
                (r, 3),
                (r, 5),
                (r, 6),
                (r, 7),
                (r, 8),
            ]
        })
        .collect();
    let arrangement = Arrangement {
        origins: vec![(0, 0), (0, 5)],
        scattered: vec![listed],
        relabelled: vec![(0, 1)],
    };
    let grid = Multigrid::arranged(4, 2, 2, arrangement).unwrap();
    assert_eq!((grid.name(), grid.grid_count()), (None, 3));
    let mut givens = vec![0; grid.cell_count()];
    givens[0] = 1;
    givens[9] = 3;
    let puzzle = MultigridPuzzle::new(grid.clone(), givens).unwrap();
    let found = agrees_with_brute_force(&puzzle, "listed");
    assert!(found > 1);
    // The layout line and the JSON description say all of it.
    let text = puzzle.to_text();
    assert!(
        text.starts_with("layout: 0,0 0,5 0,0/0,1/0,2/0,3/0,5/"),
        "{text}"
    );
    assert!(text.lines().next().unwrap().ends_with(" 1~2"), "{text}");
    assert_eq!(
        read_multigrids("t", &text)[0].puzzle.as_ref().unwrap(),
        &puzzle
    );
    let json = describe_multigrid(&puzzle).to_string();
    assert!(json.contains(r#""relabelled":[[1,2]]"#), "{json}");
    assert_eq!(
        read_multigrids("j", &json)[0].puzzle.as_ref().unwrap(),
        &puzzle
    );
}

#[test]
fn new_layout_mistakes_are_named() {
    // A clueless canvas is a full 27×27 square: only its line names it.
    let square = ".".repeat(27) + "\n";
    assert!(!detect(&square.repeat(27)));
    assert_eq!(
        error(&square.repeat(27)),
        "m.txt:1:1: a canvas of clueless-1 or clueless-2, which only a layout line can name (expected `layout: clueless-1` or `layout: clueless-2` before it)"
    );
    let clueless = format!("layout: clueless-2\n{}", square.repeat(27));
    let read = read_multigrids("c", &clueless);
    assert_eq!(
        read[0].puzzle.as_ref().unwrap().grid().name(),
        Some("clueless-2")
    );
    // Twins: the canvas shows two grids, not that they relabel each other.
    let twins = "....  ....\n....  ....\n....  ....\n....  ....\n".replace("  ", " ");
    assert!(detect(&twins));
    assert_eq!(
        error(&twins),
        "m.txt:1:1: a canvas of twins, which only a layout line can name (expected `layout: twins` before it)"
    );
    let named = format!("layout: twins\n{twins}");
    assert_eq!(
        read_multigrids("t", &named)[0]
            .puzzle
            .as_ref()
            .unwrap()
            .grid()
            .name(),
        Some("twins")
    );
    assert!(error("layout: clueless-1\n....\n....\n").starts_with(
        "m.txt:2:1: a canvas of 2 rows and 4 columns is no clueless-1 (expected rows × columns 27×27 (9×9 grids), 45×75 (15×15 grids), 125×125 (25×25 grids)"
    ));
    assert_eq!(
        error(&format!("layout: 0,0 0,5 1~3\n{twins}")),
        "m.txt:1:1: grids 1 and 3 cannot relabel each other (expected two different grids from 1 to 2)"
    );
    assert_eq!(
        error(&format!("layout: 0,0 0,5 1~x\n{twins}")),
        "m.txt:1:17: \"1~x\" is not a relabelled pair (expected two grid numbers from 1, such as 1~2)"
    );
    assert_eq!(
        error(&format!("layout: 0,0 0,4\n{}", "........\n".repeat(4))),
        "m.txt:1:1: grid 2 shares no cell with grid 1 or any grid joined to it (expected the sub-grids connected through shared cells or relabelled pairs)"
    );
    assert_eq!(
        json(r#"{"layout": "clueless-2", "size": 4}"#),
        "m.json:1:1: layout: clueless-2 cannot be made with 2×2 boxes (expected boxes of odd sides, so that every grid has a centre box: 3×3, 3×5 or 5×5 (9×9, 15×15 or 25×25 grids))"
    );
    assert_eq!(
        json(r#"{"subgrids": [[0, 0], [0, 4], [[0, 0], [0, 1]]], "size": 4}"#),
        "m.json:1:1: subgrids: grid 3 lists 2 cells (expected 16, one per cell of a sub-grid)"
    );
    let twice: Vec<[usize; 2]> = (0..16).map(|i| [i / 8, i % 8 / 2 * 2]).collect();
    assert_eq!(
        json(&format!(
            r#"{{"subgrids": [[0, 0], [0, 4], {twice:?}], "size": 4}}"#
        )),
        "m.json:1:1: subgrids: grid 3 lists (0, 0) twice (expected each cell once)"
    );
    assert_eq!(
        json(r#"{"subgrids": [[0, 0], "x"], "size": 4}"#),
        "m.json:1:1: subgrids[1]: \"x\" is no sub-grid (expected an origin [row, column], or a list of [row, column] cells)"
    );
    assert_eq!(
        json(r#"{"subgrids": [[0, 0], [0, 5]], "relabelled": [[0, 1]], "size": 4}"#),
        "m.json:1:1: relabelled[0]: [0, 1] (expected two grid numbers from 1)"
    );
    assert_eq!(
        json(r#"{"layout": "twins", "relabelled": [[1, 2]], "size": 4}"#),
        "m.json:1:1: relabelled: only with \"subgrids\" (a named layout has its own)"
    );
}

/// The layouts whose minimal puzzles the generator makes in the test
/// (samurai takes 0.3 s, 6 s with the propagation checks on); the larger
/// ones have a puzzle cut from a seeded solution instead.
const GENERATED: [&str; 4] = ["twodoku", "tridoku", "butterfly", "samurai"];

#[test]
fn every_named_nine_by_nine_layout_is_filled_solved_and_checked() {
    for layout in &LAYOUTS {
        let grid = Multigrid::named(layout.name, 9).unwrap();
        assert_eq!(grid.grid_count(), layout.grids());
        let start = Instant::now();
        let (puzzle, solution) = if GENERATED.contains(&layout.name) {
            let made = generate_multigrid(&grid, 5, 200_000, &Default::default()).unwrap();
            (made.puzzle, made.solution)
        } else {
            // A seeded solution, then about two cells in three kept as
            // givens: more than a minimal puzzle needs.
            let fill = SolveOptions {
                fd: SearchConfig {
                    val_order: ValOrder::Random,
                    seed: 5,
                    ..SearchConfig::default()
                },
                ..SolveOptions::default()
            };
            let empty = MultigridPuzzle::empty(grid.clone());
            let solution = if layout.name.starts_with("clueless") {
                clueless_solution(&grid)
            } else {
                solve_multigrid(&empty, Goal::First, &fill)
                    .solution
                    .unwrap()
            };
            check_multigrid(&empty, &solution).unwrap();
            let mut givens = solution.clone();
            let mut draw = Draw(7);
            for given in &mut givens {
                if draw.below(3) == 0 {
                    *given = 0;
                }
            }
            // Where a second solution differs, its cells become givens
            // again, until there is none.
            loop {
                let puzzle = MultigridPuzzle::new(grid.clone(), givens.clone()).unwrap();
                let mut other = None;
                let all = Goal::All(Some(2));
                solve_multigrid_with(&puzzle, all, &SolveOptions::default(), &mut |g| {
                    if g != solution {
                        other = Some(g.to_vec());
                    }
                });
                let Some(other) = other else {
                    break (puzzle, solution);
                };
                for (cell, given) in givens.iter_mut().enumerate() {
                    if other[cell] != solution[cell] {
                        *given = solution[cell];
                    }
                }
            }
        };
        let made = start.elapsed();
        check_multigrid(&MultigridPuzzle::empty(grid.clone()), &solution).unwrap();
        let start = Instant::now();
        let report = solve_multigrid(&puzzle, Goal::Count(2), &SolveOptions::default());
        eprintln!(
            "{}: {} cells, {} clues, made in {made:.2?}, solved and proven unique in {:.2?} ({} nodes)",
            layout.name,
            grid.cell_count(),
            puzzle.clue_count(),
            start.elapsed(),
            report.stats.nodes
        );
        assert_eq!(report.status, Status::Unique, "{}", layout.name);
        let found = report.solution.unwrap();
        assert_eq!(found, solution, "{}", layout.name);
        check_multigrid(&puzzle, &found).unwrap();
        // Read back from its text and its JSON description alike.
        let text = puzzle.to_text();
        assert_eq!(
            read_multigrids("t", &text)[0].puzzle.as_ref().unwrap(),
            &puzzle
        );
        let json = describe_multigrid(&puzzle).to_string();
        assert!(detect(&json));
        assert_eq!(
            read_multigrids("j", &json)[0].puzzle.as_ref().unwrap(),
            &puzzle
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let grid = Multigrid::named("samurai", 6).unwrap();
    let a = generate_multigrid(&grid, 3, 100_000, &Default::default()).unwrap();
    let b = generate_multigrid(&grid, 3, 100_000, &Default::default()).unwrap();
    let c = generate_multigrid(&grid, 4, 100_000, &Default::default()).unwrap();
    assert_eq!(a.puzzle, b.puzzle);
    assert_ne!(a.puzzle, c.puzzle);
}

#[test]
fn the_checker_refuses_wrong_grids() {
    let grid = Multigrid::named("samurai", 9).unwrap();
    let empty = MultigridPuzzle::empty(grid.clone());
    let solution = solve_multigrid(&empty, Goal::First, &SolveOptions::default())
        .solution
        .unwrap();
    check_multigrid(&empty, &solution).unwrap();
    // A shared cell of the centre grid's top-left box: r7c7.
    let shared = grid.cell_at(6, 6).unwrap();
    let mut wrong = solution.clone();
    wrong[shared] = solution[shared] % 9 + 1;
    assert!(check_multigrid(&empty, &wrong).is_err());
    // Two cells of grid 1's first row trade digits: its columns now repeat.
    let mut swapped = solution.clone();
    swapped.swap(0, 1);
    let err = check_multigrid(&empty, &swapped).unwrap_err().to_string();
    assert!(err.ends_with("of grid 1"), "{err}");
    // A given changed.
    let mut givens = vec![0; grid.cell_count()];
    givens[shared] = solution[shared] % 9 + 1;
    let puzzle = MultigridPuzzle::new(grid.clone(), givens).unwrap();
    assert_eq!(
        check_multigrid(&puzzle, &solution).unwrap_err().to_string(),
        format!(
            "r7c7 is given as {}, not {}",
            solution[shared] % 9 + 1,
            solution[shared]
        )
    );
    assert!(check_multigrid(&empty, &solution[1..]).is_err());
    let mut zero = solution;
    zero[3] = 0;
    assert_eq!(
        check_multigrid(&empty, &zero).unwrap_err().to_string(),
        "r1c4 holds 0, expected 1 to 9"
    );
}

#[test]
fn layouts_hold_at_other_sizes() {
    // Every layout at the small sizes (9×9 has its own test above), fewer at
    // the large ones: an empty samurai of 16×16 grids takes minutes to fill
    // with the propagation checks on.
    let cases = [4, 6, 8]
        .into_iter()
        .flat_map(|size| LAYOUTS.iter().map(move |l| (size, l.name)))
        .chain([(12, "twodoku"), (12, "samurai"), (16, "twodoku")]);
    for (size, name) in cases {
        let grid = match Multigrid::named(name, size) {
            Ok(grid) => grid,
            // The clueless layouts need boxes with a centre cell: none here.
            Err(MultigridError::LayoutBoxes { .. }) if name.starts_with("clueless") => {
                assert_ne!(size, 9);
                continue;
            }
            Err(e) => panic!("{name} at {size}: {e}"),
        };
        if name.starts_with("clueless") {
            // Filling an empty clueless canvas takes minutes with the
            // propagation checks on; the tests above solve them from givens.
            continue;
        }
        let puzzle = MultigridPuzzle::empty(grid);
        let report = solve_multigrid(&puzzle, Goal::First, &SolveOptions::default());
        check_multigrid(&puzzle, &report.solution.unwrap()).unwrap();
    }
}

/// The message of the first item read from `text`.
fn error(text: &str) -> String {
    error_in("m.txt", text)
}

/// The message of the first item read from `text` as a JSON file.
fn json(text: &str) -> String {
    error_in("m.json", text)
}

fn error_in(file: &str, text: &str) -> String {
    read_multigrids(file, text)[0]
        .puzzle
        .as_ref()
        .expect_err("a mistake")
        .to_string()
}

#[test]
fn mistakes_are_named_with_their_place() {
    let twodoku = "....\n....\n......\n......\n  ....\n  ....\n";
    assert!(detect(twodoku));
    assert!(read_multigrids("m.txt", twodoku)[0].puzzle.is_ok());
    // A ragged canvas: one row a cell short.
    assert_eq!(
        error("....\n....\n......\n.....\n  ....\n  ....\n"),
        "m.txt:4:6: no cell where the twodoku has one (expected a digit or a blank . 0)"
    );
    assert_eq!(
        error("layout: twodoku\n....\n.... .\n......\n......\n  ....\n  ....\n"),
        "m.txt:3:6: a cell where the twodoku has none (expected a space, or the end of the line)"
    );
    // A digit too large for 4×4 sub-grids.
    assert_eq!(
        error("....\n..5.\n......\n......\n  ....\n  ....\n"),
        "m.txt:2:3: '5' is larger than 4, the side of the sub-grids"
    );
    assert_eq!(
        error("....\n..x.\n......\n......\n  ....\n  ....\n"),
        "m.txt:2:3: 'x' is not a digit (expected 1-9, A-W, a blank . or 0, or a space where there is no cell)"
    );
    // Overlaps that are not whole boxes.
    assert_eq!(
        error("layout: 0,0 1,1\n....\n.....\n.....\n.....\n .....\n"),
        "m.txt:1:1: grid 2 at (1, 1) is not on the box lines (expected its row a multiple of 2 and its column a multiple of 2, so that sub-grids overlap in whole boxes)"
    );
    assert_eq!(
        error("layout: 0,0 4,4\n....\n....\n....\n....\n    ....\n    ....\n    ....\n    ....\n"),
        "m.txt:1:1: grid 2 shares no cell with grid 1 or any grid joined to it (expected the sub-grids connected through shared cells or relabelled pairs)"
    );
    assert!(error("layout: hexadoku\n....\n").starts_with(
        "m.txt:1:9: \"hexadoku\" is not a layout (expected one of twodoku, doubledoku, twins, sensei, tridoku, gattai-3, tripledoku,"
    ));
    assert_eq!(
        error("layout: 0,0 2;2\n....\n"),
        "m.txt:1:13: \"2;2\" is not an origin (expected row,column in cells from 0, such as 6,6; cells joined by / for a sub-grid of listed cells; or a relabelled pair such as 1~2)"
    );
    let wrong_extent = error("layout: samurai\n....\n....\n");
    assert!(wrong_extent.starts_with(
        "m.txt:2:1: a canvas of 2 rows and 4 columns is no samurai (expected rows × columns 8×8 (4×4 grids), 14×12 (6×6 grids)"
    ), "{wrong_extent}");
    assert_eq!(
        error("layout: samurai\n"),
        "m.txt:1:1: a layout line with no canvas after it (expected the canvas's rows)"
    );
    assert_eq!(
        error("....\n....\n\t.....\n"),
        "m.txt:3:1: a tab (expected spaces where there is no cell: a tab's width is not known)"
    );
    // JSON: the field is named.
    assert!(
        json(r#"{"layout": "hexadoku", "size": 9}"#)
            .starts_with("m.json:1:1: layout: \"hexadoku\" is not a layout")
    );
    assert_eq!(
        json(r#"{"subgrids": [[0, 0], [3, 4]], "size": 9}"#),
        "m.json:1:1: subgrids: grid 2 at (3, 4) is not on the box lines (expected its row a multiple of 3 and its column a multiple of 3, so that sub-grids overlap in whole boxes)"
    );
    assert_eq!(
        json(
            r#"{"layout": "twodoku", "givens": ["....", "..9.", "......", "......", "  ....", "  ...."]}"#
        ),
        "m.json:1:1: givens[1], column 3: '9' is larger than 4, the side of the sub-grids"
    );
    assert_eq!(
        json(r#"{"subgrids": [[0, 0], [18446744073709551615, 0]], "size": 9}"#),
        "m.json:1:1: subgrids: grid 2 at (18446744073709551615, 0) runs past the largest canvas (expected it within 256 rows and columns)"
    );
    assert!(
        json(r#"{"layout": "samurai", "size": 9, "diagonals": true}"#)
            .starts_with("m.json:1:1: unknown field `diagonals`")
    );
    assert_eq!(
        json(r#"{"layout": "samurai", "size": 7}"#),
        "m.json:1:1: boxes: 7×7 sub-grids have no standard box shape; give one, e.g. [2, 3]"
    );
    assert_eq!(
        json(r#"{"layout": "samurai", "size": 1000, "boxes": [10, 100]}"#),
        "m.json:1:1: layout: 1000×1000 sub-grids are not supported (expected a side from 4 to 32)"
    );
}

#[test]
fn plain_grids_are_not_taken_for_multigrids() {
    assert!(!detect(&".".repeat(81)));
    assert!(!detect(
        "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
    ));
    assert!(!detect("5 3 0 | 0 7 0 | 0 0 0\n"));
    assert!(!detect(r#"{"size": 9}"#));
    // A butterfly's canvas is a full square: one 12×12 Sudoku unless its
    // layout line says otherwise.
    let square = ".".repeat(12) + "\n";
    assert!(!detect(&square.repeat(12)));
    let butterfly = format!("layout: butterfly\n{}", square.repeat(12));
    assert!(detect(&butterfly));
    let read = read_multigrids("b", &butterfly);
    assert_eq!(
        read[0].puzzle.as_ref().unwrap().grid().origins(),
        [(0, 0), (0, 3), (3, 0), (3, 3)]
    );
}

/// A small seeded generator (xorshift64*), so the texts below are the same
/// on every run.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

#[test]
fn damaged_texts_never_panic_a_reader() {
    let samurai = MultigridPuzzle::empty(Multigrid::named("samurai", 4).unwrap());
    let json = describe_multigrid(&samurai).to_string();
    let bases = [
        samurai.to_text(),
        samurai.to_text().replace("layout: samurai\n", ""),
        json,
        "layout: 0,0 2,2\n....\n....\n......\n......\n  ....\n  ....\n".to_owned(),
        MultigridPuzzle::empty(Multigrid::named("twins", 4).unwrap()).to_text(),
        "layout: 0,0 0,5 1~2\n.... ....\n.... ....\n.... ....\n.... ....\n".to_owned(),
    ];
    let alphabet: Vec<char> = " .0159AGWx\n\t#:,{}[]\"-layout".chars().collect();
    let mut draw = Draw(0x9e37_79b9_7f4a_7c15);
    for round in 0..20_000 {
        let mut text: Vec<char> = bases[round % bases.len()].chars().collect();
        for _ in 0..1 + draw.below(4) {
            let at = draw.below(text.len() + 1);
            let c = alphabet[draw.below(alphabet.len())];
            match draw.below(3) {
                0 if at < text.len() => text[at] = c,
                1 if at < text.len() => {
                    text.remove(at);
                }
                _ => text.insert(at, c),
            }
        }
        let text: String = text.into_iter().collect();
        let _ = detect(&text);
        for item in read_multigrids("fuzz", &text) {
            if let Ok(puzzle) = item.puzzle {
                // What reads back prints back to the same puzzle.
                let again = read_multigrids("again", &puzzle.to_text()).remove(0);
                assert_eq!(again.puzzle.as_ref().ok(), Some(&puzzle), "{text:?}");
            }
        }
    }
}
