//! Soundness on variant puzzles: along the logic solver's path through the
//! published puzzles of tests/data/variants and through generated
//! puzzles of every element kind (plus global rules and
//! odd/even cells), no step removes a solution's candidate or places a
//! wrong digit — neither the step taken nor any step a constraint's own
//! finder reports at each state. Each run prints, per kind, how many
//! puzzles the path finished without backtracking.
//!
//! The sample runs in every build; `cargo test --release -p fdoku-logic
//! --test it variant_soundness -- --ignored --nocapture` runs the full
//! set (every published puzzle, 120 generated per kind). With
//! `FDOKU_SOUNDNESS_KINDS` set to kinds as `fdoku generate --rules` names
//! them (`counting-circles,twins`), the full set walks only the generated
//! puzzles of those kinds, and `nine_by_nine_completion` (three generated
//! 9×9 puzzles per kind, as `fdoku generate --rules KIND -n 3 --seed 11`
//! makes them) only those kinds.

use std::collections::BTreeMap;
use std::time::Duration;

use fdoku_fd::Budget;
use fdoku_logic::grade::{GradeError, prepare};
use fdoku_logic::{Grid, PathOptions, Step, Technique, hodoku_order, next_step};
use fdoku_sudoku::format::fpuzzles::read_fpuzzles;
use fdoku_sudoku::generate::{KillerOptions, VariantOptions, generate_killer, generate_variant};
use fdoku_sudoku::{ElementKind, GlobalRule, Parity, Puzzle, Rules};

/// Panics if `step` removes a solution digit or places a wrong one.
fn check(step: &Step, solution: &[u8], grid: &Grid, name: &str) {
    for e in &step.eliminations {
        assert_ne!(
            solution[e.cell],
            e.digit,
            "{name}: {} removes a solution digit",
            step.text(grid)
        );
    }
    for p in &step.placements {
        assert_eq!(
            solution[p.cell],
            p.digit,
            "{name}: {} places a wrong digit",
            step.text(grid)
        );
    }
}

/// How a walk ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// Solved by logic alone.
    Logic,
    /// Solved, with a guess somewhere.
    Guessed,
    /// Cut off by the time allowed.
    Stopped,
}

/// Walks HoDoKu's path through `puzzle` (one solution) within `seconds`,
/// checking every step taken and every constraint step found on the way.
fn walk(puzzle: &Puzzle, name: &str, seconds: u64) -> Walk {
    walk_counting(puzzle, name, seconds).0
}

/// [`walk`], with the number of steps taken.
fn walk_counting(puzzle: &Puzzle, name: &str, seconds: u64) -> (Walk, usize) {
    walk_with(puzzle, name, seconds, hodoku_order())
}

/// [`walk_counting`] along `techniques` in place of HoDoKu's order.
fn walk_with(
    puzzle: &Puzzle,
    name: &str,
    seconds: u64,
    techniques: Vec<Technique>,
) -> (Walk, usize) {
    let budget = Budget::unlimited().with_timeout(Duration::from_secs(seconds));
    let prepared = match prepare(puzzle, &budget) {
        Ok(prepared) => prepared,
        Err(GradeError::Stopped(_)) => return (Walk::Stopped, 0),
        Err(e) => panic!("{name}: {e}"),
    };
    let solution = prepared.solution.clone();
    let options = PathOptions {
        techniques,
        unique: prepared.unique,
        solution: Some(solution.clone()),
        budget,
    };
    let mut grid = Grid::new(puzzle);
    let mut guessed = false;
    let mut steps = 0;
    while !grid.is_solved() {
        let joint = [Technique::HouseRelations, Technique::ClueAndHouse];
        for &technique in Technique::CONSTRAINTS.iter().chain(&joint) {
            for step in technique.find_all(&grid) {
                check(&step, &solution, &grid, name);
            }
        }
        let Some(step) = next_step(&grid, &options) else {
            return (Walk::Stopped, steps);
        };
        check(&step, &solution, &grid, name);
        guessed |= step.technique == Technique::Backtracking;
        steps += 1;
        grid.apply(&step);
    }
    assert_eq!(grid.values(), &solution[..], "{name}");
    let walk = match guessed {
        true => Walk::Guessed,
        false => Walk::Logic,
    };
    (walk, steps)
}

/// Tallies per kind: (by logic, with a guess, cut off), and the steps
/// the walks took.
#[derive(Default)]
struct Tally(BTreeMap<String, ([usize; 3], usize)>);

impl Tally {
    fn add(&mut self, kind: &str, walk: Walk) {
        self.add_steps(kind, (walk, 0));
    }

    fn add_steps(&mut self, kind: &str, (walk, steps): (Walk, usize)) {
        let (counts, total) = self.0.entry(kind.to_owned()).or_default();
        counts[walk as usize] += 1;
        *total += steps;
    }

    fn print(&self, title: &str) {
        eprintln!("{title}: kind, by logic / guessed / cut off, steps");
        for (kind, ([logic, guessed, stopped], steps)) in &self.0 {
            let total = logic + guessed + stopped;
            eprintln!(
                "  {kind:<22} {logic:>4} / {guessed:>4} / {stopped:>4}  ({:.0}% by logic)  {steps:>6}",
                100.0 * *logic as f64 / total.max(1) as f64
            );
        }
    }
}

/// The kinds `FDOKU_SOUNDNESS_KINDS` names, if set.
fn kinds_asked() -> Option<Vec<ElementKind>> {
    let names = std::env::var("FDOKU_SOUNDNESS_KINDS").ok()?;
    let kinds = names
        .split(',')
        .map(|name| {
            ElementKind::parse(name.trim())
                .unwrap_or_else(|| panic!("FDOKU_SOUNDNESS_KINDS: no kind {name:?}"))
        })
        .collect();
    Some(kinds)
}

/// Every `<file> <rest>` line of a fixture in tests/data/variants.
fn listing(name: &str) -> Vec<(String, String)> {
    fdoku_testdata::read_fixture(&format!("variants/{name}"))
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(file, rest)| (file.to_owned(), rest.trim().to_owned()))
        .collect()
}

/// The published puzzles the logic solver takes, with their names.
fn published() -> Vec<(String, Puzzle)> {
    let mut puzzles = Vec::new();
    for (file, _) in listing("solutions.txt") {
        let text = fdoku_testdata::read_fixture(&format!("variants/{file}"));
        let Some(Ok(read)) = read_fpuzzles(&file, &text)
            .into_iter()
            .next()
            .map(|e| e.puzzle)
        else {
            continue;
        };
        puzzles.push((file, read.puzzle));
    }
    puzzles
}

/// Published puzzles the engine solves quickly even with every
/// propagation checked: the sample of every run.
const QUICK: [&str; 9] = [
    "clipped.fpuzzles.json",
    "blitz.fpuzzles.json",
    "black-kropki-x.fpuzzles.json",
    "xv-kropki-x.fpuzzles.json",
    "tangled-arrows.fpuzzles.json",
    "slow-thermo-sudoku.fpuzzles.json",
    "sandwich-sudoku.fpuzzles.json",
    "minimax-sandwich.fpuzzles.json",
    "tiny-scar.fpuzzles.json",
];

/// Walks the published puzzles (`only` those, if given).
fn run_published(only: Option<&[&str]>, seconds: u64) -> Tally {
    let mut tally = Tally::default();
    let puzzles = published();
    assert!(
        puzzles.len() >= 20,
        "{} published puzzles taken",
        puzzles.len()
    );
    let wanted = |file: &str| only.is_none_or(|files| files.contains(&file));
    for (file, puzzle) in puzzles.iter().filter(|(f, _)| wanted(f)) {
        let walk = walk(puzzle, file, seconds);
        tally.add("published", walk);
        if walk != Walk::Logic {
            tally.add(
                &format!("published {}", puzzle.rules().variant_name()),
                walk,
            );
        }
    }
    tally
}

/// A generated 6×6 puzzle of `kind` from `seed`.
fn generated(base: &Rules, kind: ElementKind, seed: u64) -> Option<Puzzle> {
    let options = VariantOptions {
        kinds: vec![kind],
        elements: 6,
        node_limit: 20_000,
        ..VariantOptions::default()
    };
    generate_variant(base, &options, seed)
        .ok()
        .map(|g| g.puzzle)
}

/// Walks `per_kind` generated 6×6 puzzles of each kind (only those of
/// `only`, if given; else global rules and odd/even cells too).
fn run_generated(per_kind: u64, seconds: u64, only: Option<&[ElementKind]>) -> Tally {
    let mut tally = Tally::default();
    let six = Rules::classic(6).unwrap();
    for kind in only.unwrap_or(&ElementKind::ALL) {
        for seed in 0..per_kind {
            let Some(puzzle) = generated(&six, *kind, seed) else {
                continue;
            };
            let name = format!("{kind} seed {seed}");
            tally.add_steps(kind.name(), walk_counting(&puzzle, &name, seconds));
        }
    }
    if only.is_some() {
        return tally;
    }
    // Global rules and odd/even cells under a few thermometers.
    let globals = [
        (
            "anti-knight",
            six.clone().with_global(GlobalRule::AntiKnight).unwrap(),
        ),
        (
            "anti-king",
            six.clone().with_global(GlobalRule::AntiKing).unwrap(),
        ),
        (
            "non-consecutive",
            six.clone().with_global(GlobalRule::NonConsecutive).unwrap(),
        ),
        (
            "odd/even",
            six.clone()
                .with_parity(Parity::Odd, &[0, 7, 14])
                .unwrap()
                .with_parity(Parity::Even, &[21, 28, 35])
                .unwrap(),
        ),
    ];
    for (name, base) in globals {
        for seed in 0..per_kind {
            let Some(puzzle) = generated(&base, ElementKind::Thermometer, seed) else {
                continue;
            };
            tally.add(name, walk(&puzzle, &format!("{name} seed {seed}"), seconds));
        }
    }
    tally
}

#[test]
fn published_variant_puzzles_sample() {
    let tally = run_published(Some(&QUICK), 20);
    tally.print("published (sample)");
    assert_eq!(tally.0["published"].0.iter().sum::<usize>(), QUICK.len());
}

#[test]
fn generated_variant_puzzles_sample() {
    run_generated(2, 20, None).print("generated 6×6 (sample)");
}

#[test]
#[ignore = "minutes: every published puzzle, 120 generated per kind"]
fn variant_puzzles_full() {
    let only = kinds_asked();
    if only.is_none() {
        run_published(None, 120).print("published");
    }
    run_generated(120, 60, only.as_deref()).print("generated 6×6");
}

/// The kinds added last, walked on 9×9 by [`nine_by_nine_completion`]
/// unless `FDOKU_SOUNDNESS_KINDS` names others.
const NEWEST: [&str; 14] = [
    "row-indexer",
    "column-indexer",
    "box-indexer",
    "greater-than",
    "product",
    "parity-line",
    "nabner-line",
    "lockout-line",
    "frame-sum",
    "one-two-three",
    "counting-circles",
    "count-different",
    "cupid",
    "twins",
];

/// The seed of puzzle `index` (from 1) of `fdoku generate --seed seed`.
fn puzzle_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed.wrapping_add((index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
#[ignore = "minutes: three generated 9×9 puzzles of each of the newest kinds"]
fn nine_by_nine_completion() {
    let kinds = kinds_asked().unwrap_or_else(|| {
        NEWEST
            .iter()
            .map(|name| ElementKind::parse(name).unwrap())
            .collect()
    });
    let nine = Rules::classic(9).unwrap();
    let mut tally = Tally::default();
    for kind in kinds {
        // `fdoku generate --rules KIND -n 3 --seed 11`.
        let options = VariantOptions {
            kinds: vec![kind],
            elements: 8,
            ..VariantOptions::default()
        };
        for index in 1..=3 {
            let seed = puzzle_seed(11, index);
            let puzzle = generate_variant(&nine, &options, seed).unwrap().puzzle;
            let name = format!("{kind} 9×9 puzzle {index}");
            let walked = walk_counting(&puzzle, &name, 90);
            eprintln!(
                "{name}: {}, {} steps",
                ["logic", "guessed", "cut off"][walked.0 as usize],
                walked.1
            );
            tally.add_steps(kind.name(), walked);
        }
    }
    tally.print("generated 9×9");
}

/// Walks the generated 6×6 puzzles of `kind` from `seeds`, printing each
/// that needs a guess with the candidates where it first guesses; the
/// counts by logic, with a guess and cut off, then how many of those
/// finished by logic needed a forcing chain or net.
fn stuck_walks(kind: ElementKind, seeds: std::ops::Range<u64>) -> [usize; 4] {
    let six = Rules::classic(6).unwrap();
    let mut counts = [0; 4];
    for seed in seeds {
        let Some(puzzle) = generated(&six, kind, seed) else {
            continue;
        };
        let name = format!("{kind} seed {seed}");
        let walk = walk(&puzzle, &name, 60);
        counts[walk as usize] += 1;
        if walk == Walk::Logic && forcing_steps(&puzzle, hodoku_order()) > 0 {
            counts[3] += 1;
        }
        if walk != Walk::Logic {
            eprintln!("{name}: needs a guess");
            dump_stuck(&puzzle);
        }
    }
    counts
}

fn dump_stuck(puzzle: &Puzzle) {
    let prepared = prepare(puzzle, &Budget::unlimited()).unwrap();
    let options = PathOptions {
        techniques: hodoku_order(),
        unique: prepared.unique,
        solution: Some(prepared.solution.clone()),
        budget: Budget::unlimited(),
    };
    let mut grid = Grid::new(puzzle);
    for (i, e) in puzzle.rules().elements().iter().enumerate() {
        let cells: Vec<String> = e.cells(6).iter().map(|&c| grid.name(c)).collect();
        eprintln!("  element {i}: {e:?} {}", cells.join(" "));
    }
    eprintln!("  solution {:?}", prepared.solution);
    while let Some(step) = next_step(&grid, &options) {
        if step.technique == Technique::Backtracking {
            for r in 0..6 {
                let row: Vec<String> = (0..6)
                    .map(|c| match grid.value(r * 6 + c) {
                        0 => format!(
                            "{:<7}",
                            grid.digits(r * 6 + c)
                                .iter()
                                .map(|d| d.to_string())
                                .collect::<String>()
                        ),
                        v => format!("[{v}]    "),
                    })
                    .collect();
                eprintln!("  {}", row.join(" "));
            }
            break;
        }
        eprintln!("  {}", step.text(&grid));
        grid.apply(&step);
    }
}

#[test]
#[ignore = "minutes: 120 generated 6×6 little killers"]
fn little_killer_completion() {
    let counts = stuck_walks(ElementKind::LittleKiller, 0..120);
    eprintln!("little killer: {counts:?} (by logic, guessed, cut off; forcing)");
}

#[test]
#[ignore = "minutes: 120 generated 6×6 puzzles of each kind FDOKU_SOUNDNESS_KINDS names"]
fn stuck_positions() {
    for kind in kinds_asked().unwrap_or_default() {
        let counts = stuck_walks(kind, 0..120);
        eprintln!("{kind}: {counts:?} (by logic, guessed, cut off; forcing)");
    }
}

/// How many forcing chain and net steps the path along `techniques` takes.
fn forcing_steps(puzzle: &Puzzle, techniques: Vec<Technique>) -> usize {
    let prepared = prepare(puzzle, &Budget::unlimited()).unwrap();
    let options = PathOptions {
        techniques,
        unique: prepared.unique,
        solution: Some(prepared.solution.clone()),
        budget: Budget::unlimited(),
    };
    let mut grid = Grid::new(puzzle);
    let mut count = 0;
    while let Some(step) = next_step(&grid, &options) {
        count += usize::from(matches!(
            step.technique,
            Technique::ForcingChainContradiction
                | Technique::ForcingChainVerity
                | Technique::ForcingNetContradiction
                | Technique::ForcingNetVerity
                | Technique::Backtracking
        ));
        grid.apply(&step);
    }
    count
}

/// HoDoKu's order without hidden cages, cage splitting and diagonal sums.
fn without_killer_arithmetic() -> Vec<Technique> {
    let new = [
        Technique::HiddenCage,
        Technique::CageSplitting,
        Technique::DiagonalSums,
    ];
    hodoku_order()
        .into_iter()
        .filter(|t| !new.contains(t))
        .collect()
}

#[test]
#[ignore = "minutes: the published killers and 20 generated 9×9 killers"]
fn killer_completion() {
    let mut tally = Tally::default();
    for (file, puzzle) in published() {
        if !puzzle.rules().cages().is_empty() {
            let walk = walk(&puzzle, &file, 60);
            tally.add("killer published", walk);
            let without = walk_with(&puzzle, &file, 60, without_killer_arithmetic()).0;
            tally.add("  without the new killer arithmetic", without);
            eprintln!("{file}: {}", ["logic", "guessed", "cut off"][walk as usize]);
        }
    }
    let nine = Rules::classic(9).unwrap();
    let mut forcing = [0; 2];
    for seed in 0..20 {
        let made = generate_killer(&nine, &KillerOptions::default(), seed).unwrap();
        let name = format!("killer seed {seed}");
        let walk = walk(&made.puzzle, &name, 60);
        tally.add("killer generated 9×9", walk);
        let with = forcing_steps(&made.puzzle, hodoku_order());
        let without = forcing_steps(&made.puzzle, without_killer_arithmetic());
        forcing[0] += usize::from(with > 0);
        forcing[1] += usize::from(without > 0);
        eprintln!(
            "{name}: {}, forcing steps {with} (without the new arithmetic {without})",
            ["logic", "guessed", "cut off"][walk as usize]
        );
    }
    eprintln!("generated killers needing forcing chains or nets: {forcing:?} (with, without)");
    tally.print("killers");
}
