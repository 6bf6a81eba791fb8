//! The logic solver's soundness on random grids: a solution grid is made
//! from a seed (4×4, 6×6 or 9×9; with diagonals, windoku windows, no boxes
//! or killer cages that the solution satisfies), some of its digits become
//! givens, and some wrong candidates are crossed out as a player would.
//! Then every step of the simplest-first path — HoDoKu's order, Sudoku
//! Explainer's, or a random selection of techniques — must keep that
//! solution: no elimination of its digit, no placement of another, never a
//! step that changes nothing. Techniques that assume uniqueness are allowed
//! only when the givens alone have one solution (the pencil marks may be
//! what leaves one); otherwise every sound step keeps
//! every solution, this one included.

use std::time::Duration;

use fdoku_fd::Budget;
use fdoku_logic::{Grid, PathOptions, Technique, explainer_order, hodoku_order, next_step};
use fdoku_sudoku::generate::random_grid;
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};
use fdoku_sudoku::{Cage, Puzzle, Rules, full_mask};
use libfuzzer_sys::arbitrary::{Result, Unstructured};

/// How long one path may take: past it the walk ends (a slow case is not a
/// wrong one; the fuzzer moves on to the next).
const PATH_TIME: Duration = Duration::from_millis(300);

/// A puzzle, the solution its steps must keep, and the techniques to use.
struct Case {
    puzzle: Puzzle,
    solution: Vec<u8>,
    techniques: Vec<Technique>,
}

/// Walks the path of the case `data` makes and checks every step.
pub fn check_steps(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(Some(case)) = make_case(&mut u) else {
        return;
    };
    let Case {
        puzzle,
        solution,
        techniques,
    } = case;
    // Uniqueness by the givens alone: a unique rectangle's swap is a second
    // solution of the givens, whatever the pencil marks say.
    let givens = puzzle.without_candidates();
    let report = solve(&givens, Goal::Count(2), &SolveOptions::default());
    let unique = match report.status {
        Status::Unique => true,
        Status::Multiple => false,
        other => panic!(
            "{other:?} for a puzzle with a solution: {}",
            puzzle.to_line()
        ),
    };
    let options = PathOptions {
        techniques,
        unique,
        solution: Some(solution.clone()),
        budget: Budget::unlimited().with_timeout(PATH_TIME),
    };
    let mut grid = Grid::new(&puzzle);
    let cells = solution.len();
    for _ in 0..=cells * puzzle.size() {
        if grid.is_solved() {
            assert_eq!(grid.values(), &solution[..], "{}", puzzle.to_line());
            return;
        }
        let Some(step) = next_step(&grid, &options) else {
            return;
        };
        let said = step.text(&grid);
        for e in &step.eliminations {
            assert_ne!(
                solution[e.cell],
                e.digit,
                "removes a solution digit: {said}\n{}",
                puzzle.to_line()
            );
        }
        for p in &step.placements {
            assert_eq!(
                solution[p.cell],
                p.digit,
                "places a wrong digit: {said}\n{}",
                puzzle.to_line()
            );
        }
        assert!(grid.changes(&step), "a step that changes nothing: {said}");
        grid.apply(&step);
    }
    panic!(
        "the path did not end within a step per candidate: {}",
        puzzle.to_line()
    );
}

/// The case the bytes describe; `None` when the seed makes no grid.
fn make_case(u: &mut Unstructured<'_>) -> Result<Option<Case>> {
    let size = *u.choose(&[4, 4, 6, 6, 9, 9])?;
    let mut rules = match u.int_in_range(0..=7)? {
        0 => Rules::latin(size),
        1 if size == 9 => Rules::classic(9).map(Rules::with_diagonals),
        2 if size == 9 => Rules::classic(9).and_then(Rules::with_windoku),
        _ => Rules::classic(size),
    }
    .expect("rules of a standard size");
    let Ok(solution) = random_grid(&rules, u.arbitrary()?, 100_000) else {
        return Ok(None);
    };
    if u.ratio(1, 4)? {
        rules = with_cages(u, rules, &solution)?;
    }
    // Near-empty big grids spend the path's time in searches that find
    // nothing; most cases give a third of the cells or more.
    let density = u.int_in_range(0..=100)?.max(if size == 9 { 30 } else { 0 });
    let mut givens = vec![0u8; solution.len()];
    for (given, &digit) in givens.iter_mut().zip(&solution) {
        if u.int_in_range(0..=99)? < density {
            *given = digit;
        }
    }
    let Ok(mut puzzle) = Puzzle::new(rules, givens) else {
        return Ok(None);
    };
    let crossed = u.int_in_range(0..=3 * size)?;
    if crossed > 0 {
        let mut masks = vec![full_mask(size); solution.len()];
        for _ in 0..crossed {
            let cell = u.choose_index(solution.len())?;
            let digit = u.int_in_range(1..=size as u8)?;
            if digit != solution[cell] {
                masks[cell] &= !(1 << (digit - 1));
            }
        }
        puzzle = puzzle
            .with_candidates(masks)
            .expect("masks within the size");
    }
    let techniques = match u.int_in_range(0..=3)? {
        0 => explainer_order(),
        1 => {
            let all: Vec<Technique> = Technique::ALL
                .iter()
                .copied()
                .filter(|t| t.is_implemented() && *t != Technique::Backtracking)
                .collect();
            (0..u.int_in_range(1..=6)?)
                .map(|_| u.choose(&all).copied())
                .collect::<Result<_>>()?
        }
        _ => hodoku_order(),
    };
    Ok(Some(Case {
        puzzle,
        solution,
        techniques,
    }))
}

/// Up to N killer cages of two to four orthogonally connected cells, their
/// digits different in `solution` and their sums taken from it.
fn with_cages(u: &mut Unstructured<'_>, mut rules: Rules, solution: &[u8]) -> Result<Rules> {
    let n = rules.size();
    let mut used = vec![false; solution.len()];
    for _ in 0..u.int_in_range(1..=n)? {
        let start = u.choose_index(solution.len())?;
        if used[start] {
            continue;
        }
        let mut cells = vec![start];
        let want = u.int_in_range(2..=4)?;
        while cells.len() < want {
            let from = *u.choose(&cells)?;
            let (r, c) = (from / n, from % n);
            let next = match u.int_in_range(0..=3)? {
                0 if r > 0 => from - n,
                1 if r + 1 < n => from + n,
                2 if c > 0 => from - 1,
                3 if c + 1 < n => from + 1,
                _ => break,
            };
            let digits: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
            if used[next] || cells.contains(&next) || digits.contains(&solution[next]) {
                break;
            }
            cells.push(next);
        }
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        if let Ok(caged) = rules.clone().with_cage(Cage {
            cells: cells.clone(),
            sum: Some(sum),
        }) {
            cells.iter().for_each(|&c| used[c] = true);
            rules = caged;
        }
    }
    Ok(rules)
}
