//! Grids of several overlapping Sudokus: the engine against brute force on
//! small layouts, every named 9×9 layout generated, solved and checked,
//! the checker refusing wrong grids, and every reading mistake named.

use std::collections::BTreeSet;
use std::time::Instant;

use fdoku_fd::{SearchConfig, ValOrder};
use fdoku_sudoku::format::multigrid::{describe_multigrid, detect, read_multigrids};
use fdoku_sudoku::multigrid::{
    LAYOUTS, Multigrid, MultigridError, MultigridPuzzle, check_multigrid, generate_multigrid,
    solve_multigrid, solve_multigrid_with,
};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status};

/// Every filling of `puzzle` by plain backtracking over cells in reading
/// order, checking each cell's rows, columns and boxes from canvas
/// coordinates: no engine, no houses list.
fn brute_force(puzzle: &MultigridPuzzle) -> BTreeSet<Vec<u8>> {
    let grid = puzzle.grid();
    let n = grid.size();
    let (box_rows, box_cols) = grid.boxes();
    let mut values = puzzle.givens().to_vec();
    let mut found = BTreeSet::new();
    // Whether `digit` at `cell` agrees with the cells before it.
    let fits = |values: &[u8], cell: usize, digit: u8| {
        let (r, c) = grid.position(cell);
        grid.origins().iter().all(|&(top, left)| {
            if !(top..top + n).contains(&r) || !(left..left + n).contains(&c) {
                return true;
            }
            let (br, bc) = (
                top + (r - top) / box_rows * box_rows,
                left + (c - left) / box_cols * box_cols,
            );
            (0..n).all(|i| {
                let peers = [
                    (r, left + i),
                    (top + i, c),
                    (br + i / box_cols, bc + i % box_cols),
                ];
                peers.iter().all(|&(pr, pc)| {
                    let other = grid.cell_at(pr, pc).expect("a cell of this sub-grid");
                    other == cell || values[other] != digit
                })
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
            let solution = solve_multigrid(&empty, Goal::First, &fill)
                .solution
                .unwrap();
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
    // Every layout at the small sizes, two at the large ones (an empty
    // shogun of 16×16 grids is long to fill with the propagation checks on).
    let cases = [4, 6, 8, 9]
        .into_iter()
        .flat_map(|size| LAYOUTS.iter().map(move |l| (size, l.name)))
        .chain(
            [12, 16]
                .into_iter()
                .flat_map(|size| [(size, "twodoku"), (size, "samurai")]),
        );
    for (size, name) in cases {
        let grid = match Multigrid::named(name, size) {
            Ok(grid) => grid,
            // The clueless layouts need boxes with a centre cell: 9×9 here.
            Err(MultigridError::LayoutBoxes { .. }) if name.starts_with("clueless") => {
                assert_ne!(size, 9);
                continue;
            }
            Err(e) => panic!("{name} at {size}: {e}"),
        };
        let puzzle = MultigridPuzzle::empty(grid);
        let report = solve_multigrid(&puzzle, Goal::First, &SolveOptions::default());
        check_multigrid(&puzzle, &report.solution.unwrap()).unwrap();
    }
}

/// The message of the first item read from `text`.
fn error(text: &str) -> String {
    read_multigrids("m.txt", text)[0]
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
    let json = |text: &str| {
        read_multigrids("m.json", text)[0]
            .puzzle
            .as_ref()
            .unwrap_err()
            .to_string()
    };
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
