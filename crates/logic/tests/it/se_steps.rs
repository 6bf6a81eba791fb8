//! Sudoku Explainer's path, step for step: on 20 puzzles whose steps
//! together take every kind SE took on a few hundred generated puzzles
//! (singles, direct hints, intersections, subsets, fish, wings, unique
//! rectangles and loops, BUG types 1, 2 and 4, aligned exclusions, forcing
//! chains and cycles, Nishio, multiple and dynamic forcing chains), the
//! explainer order's path takes the same sequence of techniques with the
//! same ratings as SE 1.2.1 (`serate --steps`, the fixture
//! `se_explainer_steps.txt`), and the grade's ER/EP/ED are SE's.

use fdoku_logic::grade::{explainer_rating, grade};
use fdoku_logic::{Grid, PathOptions, Technique, explainer_order, solve_path};
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};
use fdoku_sudoku::{Rules, format::parse_line};

/// One puzzle of the fixture: its line, SE's (ER, EP, ED) and steps
/// (rating in tenths, SE's rule name).
struct Recorded {
    line: String,
    ratings: (f64, f64, f64),
    steps: Vec<(u16, String)>,
}

fn tenths(text: &str) -> u16 {
    (text.parse::<f64>().unwrap() * 10.0).round() as u16
}

fn recorded() -> Vec<Recorded> {
    let text = fdoku_testdata::read_fixture("se_explainer_steps.txt");
    let mut puzzles: Vec<Recorded> = Vec::new();
    for row in text.lines().filter(|r| !r.starts_with('#')) {
        let fields: Vec<&str> = row.split('\t').collect();
        match fields[..] {
            ["", rating, rule] => puzzles
                .last_mut()
                .unwrap()
                .steps
                .push((tenths(rating), rule.to_owned())),
            [line, er, ep, ed] => puzzles.push(Recorded {
                line: line.to_owned(),
                ratings: (
                    er.parse().unwrap(),
                    ep.parse().unwrap(),
                    ed.parse().unwrap(),
                ),
                steps: Vec::new(),
            }),
            _ => panic!("unexpected fixture row {row:?}"),
        }
    }
    puzzles
}

/// fdoku's technique for SE's rule `name` rated `rating` (tenths).
fn technique_of(name: &str, rating: u16) -> Technique {
    use Technique::*;
    let numbered = |types: [Technique; 4]| {
        let digit = name.chars().last().and_then(|c| c.to_digit(10)).unwrap();
        types[digit as usize - 1]
    };
    match name {
        "Hidden Single" if rating == 10 => FullHouse,
        "Hidden Single" => HiddenSingle,
        "Naked Single" => NakedSingle,
        "Direct Pointing" => DirectPointing,
        "Direct Claiming" => DirectClaiming,
        "Direct Hidden Pair" => DirectHiddenPair,
        "Direct Hidden Triplet" => DirectHiddenTriple,
        "Pointing" => Pointing,
        "Claiming" => Claiming,
        "Naked Pair" => NakedPair,
        "Naked Triplet" => NakedTriple,
        "Naked Quad" => NakedQuad,
        "Hidden Pair" => HiddenPair,
        "Hidden Triplet" => HiddenTriple,
        "Hidden Quad" => HiddenQuad,
        "X-Wing" => XWing,
        "Swordfish" => Swordfish,
        "Jellyfish" => Jellyfish,
        "XY-Wing" => XYWing,
        "XYZ-Wing" => XYZWing,
        "Aligned Pair Exclusion" => AlignedPairExclusion,
        "Aligned Triplet Exclusion" => AlignedTripleExclusion,
        _ if name.starts_with("Unique Rectangle") => numbered([
            UniqueRectangle1,
            UniqueRectangle2,
            UniqueRectangle3,
            UniqueRectangle4,
        ]),
        _ if name.starts_with("Unique Loop") => {
            numbered([UniqueLoop1, UniqueLoop2, UniqueLoop3, UniqueLoop4])
        }
        _ if name.starts_with("BUG type") => numbered([BugPlusOne, Bug2, Bug3, Bug4]),
        _ if name.starts_with("Nishio") => NishioForcingChains,
        _ if name.starts_with("Dynamic") && name.contains("(+") => DynamicForcingChainsPlus,
        _ if name.starts_with("Dynamic") => DynamicForcingChains,
        "Cell Forcing Chains" | "Region Forcing Chains" => MultipleForcingChains,
        _ => ForcingChainsAndCycles,
    }
}

#[test]
fn explainer_path_is_sudoku_explainers_step_for_step() {
    let rules = Rules::classic(9).unwrap();
    let puzzles = recorded();
    assert_eq!(puzzles.len(), 20);
    for puzzle in &puzzles {
        let parsed = parse_line(&puzzle.line, &rules).unwrap();
        let report = solve(&parsed, Goal::Count(2), &SolveOptions::default());
        assert_eq!(report.status, Status::Unique, "{}", puzzle.line);
        let options = PathOptions {
            techniques: explainer_order(),
            unique: true,
            solution: report.solution,
            ..PathOptions::default()
        };
        let path = solve_path(&parsed, &options);
        let mut grid = Grid::new(&parsed);
        let mut taken = Vec::new();
        for step in &path.steps {
            taken.push((step.technique, explainer_rating(step, &grid)));
            grid.apply(step);
        }
        let expected: Vec<(Technique, u16)> = puzzle
            .steps
            .iter()
            .map(|(rating, name)| (technique_of(name, *rating), *rating))
            .collect();
        let first_difference = taken.iter().zip(&expected).position(|(a, b)| a != b);
        assert_eq!(
            taken.len(),
            expected.len(),
            "{}: {} steps for SE's {} (first difference at {first_difference:?})",
            puzzle.line,
            taken.len(),
            expected.len()
        );
        assert_eq!(first_difference, None, "{}", puzzle.line);
        let graded = grade(&parsed, &Default::default()).unwrap();
        assert_eq!(
            (graded.er, graded.ep, graded.ed),
            puzzle.ratings,
            "{}",
            puzzle.line
        );
    }
}
