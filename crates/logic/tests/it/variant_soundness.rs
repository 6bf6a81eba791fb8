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
//! set (every published puzzle, 120 generated per kind).

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
    walk_with(puzzle, name, seconds, hodoku_order())
}

/// [`walk`] along `techniques` in place of HoDoKu's order.
fn walk_with(puzzle: &Puzzle, name: &str, seconds: u64, techniques: Vec<Technique>) -> Walk {
    let budget = Budget::unlimited().with_timeout(Duration::from_secs(seconds));
    let prepared = match prepare(puzzle, &budget) {
        Ok(prepared) => prepared,
        Err(GradeError::Stopped(_)) => return Walk::Stopped,
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
    while !grid.is_solved() {
        let house_relations = [Technique::HouseRelations];
        for &technique in Technique::CONSTRAINTS.iter().chain(&house_relations) {
            for step in technique.find_all(&grid) {
                check(&step, &solution, &grid, name);
            }
        }
        let Some(step) = next_step(&grid, &options) else {
            return Walk::Stopped;
        };
        check(&step, &solution, &grid, name);
        guessed |= step.technique == Technique::Backtracking;
        grid.apply(&step);
    }
    assert_eq!(grid.values(), &solution[..], "{name}");
    match guessed {
        true => Walk::Guessed,
        false => Walk::Logic,
    }
}

/// Tallies per kind: (by logic, with a guess, cut off).
#[derive(Default)]
struct Tally(BTreeMap<String, [usize; 3]>);

impl Tally {
    fn add(&mut self, kind: &str, walk: Walk) {
        let counts = self.0.entry(kind.to_owned()).or_default();
        counts[walk as usize] += 1;
    }

    fn print(&self, title: &str) {
        eprintln!("{title}: kind, by logic / guessed / cut off");
        for (kind, [logic, guessed, stopped]) in &self.0 {
            let total = logic + guessed + stopped;
            eprintln!(
                "  {kind:<22} {logic:>4} / {guessed:>4} / {stopped:>4}  ({:.0}% by logic)",
                100.0 * *logic as f64 / total.max(1) as f64
            );
        }
    }
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

fn run_generated(per_kind: u64, seconds: u64) -> Tally {
    let mut tally = Tally::default();
    let six = Rules::classic(6).unwrap();
    for kind in ElementKind::ALL {
        for seed in 0..per_kind {
            let Some(puzzle) = generated(&six, kind, seed) else {
                continue;
            };
            let name = format!("{kind} seed {seed}");
            tally.add(kind.name(), walk(&puzzle, &name, seconds));
        }
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
    assert_eq!(tally.0["published"].iter().sum::<usize>(), QUICK.len());
}

#[test]
fn generated_variant_puzzles_sample() {
    run_generated(2, 20).print("generated 6×6 (sample)");
}

#[test]
#[ignore = "minutes: every published puzzle, 120 generated per kind"]
fn variant_puzzles_full() {
    run_published(None, 120).print("published");
    run_generated(120, 60).print("generated 6×6");
}

/// Walks the generated 6×6 little killers of `seeds`, printing each that
/// needs a guess with the candidates where it first guesses.
fn little_killer_walks(seeds: std::ops::Range<u64>) -> [usize; 3] {
    let six = Rules::classic(6).unwrap();
    let mut counts = [0; 3];
    for seed in seeds {
        let Some(puzzle) = generated(&six, ElementKind::LittleKiller, seed) else {
            continue;
        };
        let name = format!("little killer seed {seed}");
        let walk = walk(&puzzle, &name, 60);
        counts[walk as usize] += 1;
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
    let counts = little_killer_walks(0..120);
    eprintln!("little killer: {counts:?} (by logic, guessed, cut off)");
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
            let without = walk_with(&puzzle, &file, 60, without_killer_arithmetic());
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
