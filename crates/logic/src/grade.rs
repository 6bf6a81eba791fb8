//! Rating a puzzle the way Sudoku Explainer and HoDoKu do, side by side.
//!
//! * **SE-style ER / EP / ED** — walk Sudoku Explainer's simplest-first path
//!   ([`explainer_order`](crate::explainer_order)); ER is the hardest
//!   step's rating, EP the hardest up to the first placement, ED the first
//!   step's. Step ratings are SE's published values (hidden single 1.2 in
//!   a box, 1.5 in a line; X-wing 3.2; XY-wing 4.2; …), chains add 0.1
//!   each time their length passes 4, 6, 8, 12, 16, 24, … (SE's
//!   thresholds, alternately ×3/2 and ×4/3).
//! * **HoDoKu-style score and level** — walk HoDoKu's path
//!   ([`hodoku_order`]), add each step's base score; the level is the
//!   hardest technique's level, raised while the score exceeds the level's
//!   maximum (easy 800, medium 1000, hard 1600, unfair 1800) — counting
//!   the classic steps' points only, so that a variant rule's many simple
//!   reads do not make a puzzle harder than its hardest step.
//! * **fdoku's level** — one short word for the UI and the generator: easy,
//!   medium, hard, expert (HoDoKu's unfair), extreme (forcing chains or a
//!   guess).
//!
//! When no technique applies, a declared backtracking step places the
//! solution's digit (SE 10.0, HoDoKu's brute force: 10,000 points, extreme).
//!
//! ```
//! use fdoku_logic::grade::{grade, Level};
//! use fdoku_sudoku::{Rules, format::parse_line};
//!
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let grade = grade(&parse_line(line, &Rules::classic(9).unwrap()).unwrap(), &Default::default()).unwrap();
//! assert_eq!(grade.level, Level::Easy);
//! assert!(grade.er <= 2.3); // singles only
//! assert_eq!(grade.hodoku_level.name(), "easy");
//! ```

use std::collections::BTreeMap;

use fdoku_fd::Budget;
use serde::Serialize;

use crate::implications::length_bonus;
use crate::path::Walk;
use crate::{Grid, HodokuLevel, PathOptions, PathOrder, Step, Technique, hodoku_order, solve_path};
use fdoku_sudoku::HouseKind;
use fdoku_sudoku::Puzzle;
use fdoku_sudoku::solve::{Goal, SolveOptions, Status, solve};

/// fdoku's short difficulty level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Singles only.
    Easy,
    /// Intersections and subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Chains and almost locked sets.
    Expert,
    /// Forcing chains, nets, or a guess.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }

    /// The level named `name`.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    fn from_hodoku(level: HodokuLevel) -> Level {
        match level {
            HodokuLevel::Easy => Level::Easy,
            HodokuLevel::Medium => Level::Medium,
            HodokuLevel::Hard => Level::Hard,
            HodokuLevel::Unfair => Level::Expert,
            HodokuLevel::Extreme => Level::Extreme,
        }
    }
}

/// A puzzle's ratings.
#[derive(Clone, Debug, Serialize)]
pub struct Grade {
    /// SE-style rating: the hardest step of SE's path.
    pub er: f64,
    /// SE-style pearl: the hardest step up to the first placement.
    pub ep: f64,
    /// SE-style diamond: the first step's rating.
    pub ed: f64,
    /// HoDoKu-style score: the sum of base scores along HoDoKu's path.
    pub hodoku_score: u32,
    /// HoDoKu-style level.
    pub hodoku_level: HodokuLevel,
    /// fdoku's level.
    pub level: Level,
    /// Whether the puzzle has exactly one solution (else uniqueness
    /// techniques were not used).
    pub unique: bool,
    /// Whether HoDoKu's path needed no backtracking.
    pub logic_only: bool,
    /// Whether SE's path needed no backtracking.
    pub explainer_logic_only: bool,
    /// The hardest technique of SE's path.
    pub hardest: Technique,
    /// ER / EP / ED on SukakuExplainer's scale, when asked for
    /// ([`SeScale::Sukaku`](crate::SeScale)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sukaku: Option<SeRating>,
    /// Steps of HoDoKu's path, per technique.
    pub techniques: BTreeMap<Technique, usize>,
    /// Steps of HoDoKu's path.
    pub steps: usize,
}

/// Why a puzzle cannot be graded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GradeError {
    /// No solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// Two solutions or more: a rating needs exactly one.
    #[error("the puzzle is not unique (2+ solutions)")]
    NotUnique,
    /// The budget ran out.
    #[error("grading stopped: {0}")]
    Stopped(&'static str),
}

/// What grading needs to know before walking a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prepared {
    /// A solution: the only one when `unique`, else the first found.
    pub solution: Vec<u8>,
    /// Whether the puzzle has exactly one solution, by its givens alone
    /// (uniqueness techniques are used only then).
    pub unique: bool,
}

/// Finds a solution and whether it is the only one, under `budget`.
pub fn prepare(puzzle: &Puzzle, budget: &Budget) -> Result<Prepared, GradeError> {
    let options = SolveOptions {
        budget: budget.clone(),
        ..SolveOptions::default()
    };
    let report = solve(puzzle, Goal::Count(2), &options);
    match (report.status, report.solution) {
        // Pencil marks may be what leaves one solution; a unique rectangle
        // needs the givens alone to have one (its swap keeps them, not the
        // marks).
        (Status::Unique, Some(solution)) if puzzle.candidates().is_some() => {
            let givens = solve(&puzzle.without_candidates(), Goal::Count(2), &options);
            match givens.status {
                Status::Stopped => Err(GradeError::Stopped("while solving")),
                status => Ok(Prepared {
                    solution,
                    unique: status == Status::Unique,
                }),
            }
        }
        (Status::Unique, Some(solution)) => Ok(Prepared {
            solution,
            unique: true,
        }),
        (Status::Multiple, Some(solution)) => Ok(Prepared {
            solution,
            unique: false,
        }),
        (Status::Stopped, _) => Err(GradeError::Stopped("while solving")),
        _ => Err(GradeError::NoSolution),
    }
}

/// Grades `puzzle`: both paths, both ratings, fdoku's level. A puzzle
/// without exactly one solution has no rating ([`GradeError::NoSolution`],
/// [`GradeError::NotUnique`]).
pub fn grade(puzzle: &Puzzle, budget: &Budget) -> Result<Grade, GradeError> {
    graded(puzzle, budget).map(|(grade, _)| grade)
}

/// [`grade`], with what was prepared for it (to walk more paths).
pub(crate) fn graded(puzzle: &Puzzle, budget: &Budget) -> Result<(Grade, Prepared), GradeError> {
    let prepared = prepare(puzzle, budget)?;
    if !prepared.unique {
        return Err(GradeError::NotUnique);
    }
    let hodoku_steps = walk(puzzle, hodoku_order(), &prepared, budget)?;
    let grade = grade_with_path(puzzle, &prepared, PathOrder::Hodoku, &hodoku_steps, budget)?;
    Ok((grade, prepared))
}

/// Walks `techniques`' path through `puzzle`, which [`prepare`] has
/// solved.
pub fn walk(
    puzzle: &Puzzle,
    techniques: Vec<Technique>,
    prepared: &Prepared,
    budget: &Budget,
) -> Result<Vec<Step>, GradeError> {
    let options = PathOptions {
        techniques,
        unique: prepared.unique,
        solution: Some(prepared.solution.clone()),
        budget: budget.clone(),
    };
    let path = solve_path(puzzle, &options);
    match path.stopped {
        true => Err(GradeError::Stopped("while walking the path")),
        false => Ok(path.steps),
    }
}

/// [`grade`] for a caller that has already [`prepare`]d the puzzle and
/// walked the path of `order` (`steps`; an explanation shows it): only the
/// other order's path is walked.
pub fn grade_with_path(
    puzzle: &Puzzle,
    prepared: &Prepared,
    order: PathOrder,
    steps: &[Step],
    budget: &Budget,
) -> Result<Grade, GradeError> {
    let walked = |order: PathOrder| walk(puzzle, order.techniques(), prepared, budget);
    let (hodoku_steps, se_steps) = match order {
        PathOrder::Hodoku => (steps.to_vec(), walked(PathOrder::Explainer)?),
        PathOrder::Explainer => (walked(PathOrder::Hodoku)?, steps.to_vec()),
        PathOrder::Sukaku => (walked(PathOrder::Hodoku)?, walked(PathOrder::Explainer)?),
    };
    let hodoku_steps = &hodoku_steps[..];
    let classic = se_rating(puzzle, &se_steps);
    let HodokuRating {
        score: hodoku_score,
        level: hodoku_level,
    } = hodoku_rating(hodoku_steps);
    let mut techniques = BTreeMap::new();
    for step in hodoku_steps {
        *techniques.entry(step.technique).or_insert(0) += 1;
    }
    Ok(Grade {
        er: classic.er,
        ep: classic.ep,
        ed: classic.ed,
        hodoku_score,
        hodoku_level,
        level: Level::from_hodoku(hodoku_level),
        unique: prepared.unique,
        logic_only: !techniques.contains_key(&Technique::Backtracking),
        explainer_logic_only: classic.logic_only,
        hardest: classic.hardest,
        sukaku: (order == PathOrder::Sukaku).then(|| se_rating(puzzle, steps)),
        steps: hodoku_steps.len(),
        techniques,
    })
}

/// What the generator learns of a candidate puzzle from HoDoKu's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathLevel {
    /// fdoku's level.
    pub level: Level,
    /// HoDoKu's score.
    pub hodoku_score: u32,
    /// The techniques the path used, each once, in table order.
    pub techniques: Vec<Technique>,
}

/// fdoku's level, HoDoKu's score and the techniques used, from HoDoKu's
/// path through a puzzle whose unique `solution` is known (what the
/// generator asks of each candidate). With a `ceiling`, the walk gives up
/// (`None`) as soon as the level passes it, as HoDoKu's generator does;
/// it gives up too when `budget`'s deadline passes or its cancel flag is
/// raised (which the caller asks the budget).
pub fn level_of(
    puzzle: &Puzzle,
    solution: &[u8],
    ceiling: Option<Level>,
    budget: &Budget,
) -> Option<PathLevel> {
    let options = PathOptions {
        techniques: hodoku_order(),
        unique: true,
        solution: Some(solution.to_vec()),
        budget: budget.clone(),
    };
    let mut walk = Walk::new(puzzle, &options);
    let mut steps = Vec::new();
    while !walk.grid.is_solved() {
        let step = walk.take_step(&options)?;
        steps.push(step);
        let level = Level::from_hodoku(hodoku_rating(&steps).level);
        if ceiling.is_some_and(|most| level > most) {
            return None;
        }
    }
    let rating = hodoku_rating(&steps);
    let mut techniques: Vec<Technique> = steps.iter().map(|s| s.technique).collect();
    techniques.sort_unstable();
    techniques.dedup();
    Some(PathLevel {
        level: Level::from_hodoku(rating.level),
        hodoku_score: rating.score,
        techniques,
    })
}

/// HoDoKu's rating of a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HodokuRating {
    /// The sum of the steps' base scores.
    pub score: u32,
    /// The hardest step's level, raised while the score passes its cap.
    pub level: HodokuLevel,
}

/// HoDoKu's score and level for a path. The caps that raise the level
/// weigh the points of the classic steps only: a variant rule's own
/// deductions ([`Technique::is_rule_deduction`]) add to the score but do not
/// lift the level above what the path's hardest step needs (the caps were
/// set for classic paths, where a long path means many hard steps).
pub fn hodoku_rating(steps: &[Step]) -> HodokuRating {
    let mut score = 0;
    let mut classic = 0;
    let mut level = HodokuLevel::Easy;
    for step in steps {
        let (step_level, points) = step.technique.hodoku_score();
        score += points;
        if !step.technique.is_rule_deduction() {
            classic += points;
        }
        level = level.max(step_level);
    }
    let caps = [
        (HodokuLevel::Easy, 800),
        (HodokuLevel::Medium, 1000),
        (HodokuLevel::Hard, 1600),
        (HodokuLevel::Unfair, 1800),
    ];
    for (cap_level, cap) in caps {
        if level == cap_level && classic > cap {
            level = match cap_level {
                HodokuLevel::Easy => HodokuLevel::Medium,
                HodokuLevel::Medium => HodokuLevel::Hard,
                HodokuLevel::Hard => HodokuLevel::Unfair,
                _ => HodokuLevel::Extreme,
            };
        }
    }
    HodokuRating { score, level }
}

/// Sudoku Explainer's rating of a step, in tenths, taken in `grid` (the
/// grid before the step).
pub fn explainer_rating(step: &Step, grid: &Grid) -> u16 {
    use Technique::*;
    let chain = |base: u16, length: usize| base + length_bonus(length);
    let single_digit = step
        .links
        .iter()
        .all(|l| l.to.digit == step.links[0].from.digit);
    let links = step.chain_length();
    match step.technique {
        FullHouse => 10,
        HiddenSingle => match step.houses.first().map(|&h| grid.house_kind(h)) {
            Some(HouseKind::Row | HouseKind::Column | HouseKind::Diagonal) => 15,
            _ => 12,
        },
        DirectPointing => 17,
        DirectClaiming => 19,
        DirectHiddenPair => 20,
        NakedSingle => 23,
        DirectHiddenTriple => 25,
        OddEven => 10,
        Thermometer | KropkiDot | Xv | Whisper | Palindrome | CloneShape | MinMax
        | EntropicLine | ModularLine | NonConsecutive | NegativeConstraint | Renban
        | BetweenLine | ArrowSum | Quadruple | GreaterThan | ProductClue | ParityLine
        | NabnerLine | LockoutLine => 23,
        CageCombination | LittleKillerSum | RegionSumLine | ZipperLine | DotChain
        | WhisperChain | ParityChain | Indexer | FrameSum | ElementFillings => 26,
        HouseRelations | ClueAndHouse => 34,
        InniesOuties | Sandwich | XSum | SkyscraperClue | OneTwoThree | CountingCircles => 28,
        HiddenCage => 28,
        CageSplitting => 34,
        DiagonalSums => 36,
        LittleKillerFillings => 34,
        LittleKillerPair => 36,
        Pointing => 26,
        Claiming => 28,
        NakedPair | LockedPair => 30,
        XWing => 32,
        HiddenPair => 34,
        NakedTriple | LockedTriple => 36,
        Swordfish => 38,
        HiddenTriple => 40,
        XYWing => 42,
        XYZWing => 44,
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 | UniqueRectangle5
        | UniqueRectangle6 | HiddenRectangle | AvoidableRectangle1 | AvoidableRectangle2 => {
            step.explainer_rating.unwrap_or(45)
        }
        // SE's unique loops and type 3 subsets rate by size (set by the finder).
        UniqueRectangle3 | UniqueLoop1 | UniqueLoop2 | UniqueLoop3 | UniqueLoop4 => {
            step.explainer_rating.unwrap_or(46)
        }
        NakedQuad => 50,
        Jellyfish => 52,
        HiddenQuad => 54,
        BugPlusOne => 56,
        Bug2 | Bug4 => 57,
        Bug3 => step.explainer_rating.unwrap_or(58),
        AlignedPairExclusion => 62,
        AlignedTripleExclusion => 75,
        ContinuousNiceLoop | GroupedContinuousNiceLoop if single_digit => chain(65, links),
        ContinuousNiceLoop | GroupedContinuousNiceLoop => chain(70, links),
        RemotePair => chain(65, links),
        Skyscraper
        | TwoStringKite
        | TurbotFish
        | EmptyRectangle
        | DualTwoStringKite
        | DualEmptyRectangle
        | SimpleColorsTrap
        | SimpleColorsWrap
        | MultiColors1
        | MultiColors2
        | FinnedXWing
        | SashimiXWing
        | FinnedSwordfish
        | SashimiSwordfish
        | FinnedJellyfish
        | SashimiJellyfish
        | XChain
        | FrankenXWing
        | FrankenSwordfish
        | FinnedFrankenXWing
        | FinnedFrankenSwordfish
        | FrankenJellyfish
        | FinnedFrankenJellyfish => chain(66, links + 1),
        XYChain
        | WWing
        | DiscontinuousNiceLoop
        | Aic
        | GroupedDiscontinuousNiceLoop
        | GroupedAic
            if single_digit =>
        {
            chain(66, links + 1)
        }
        XYChain
        | WWing
        | DiscontinuousNiceLoop
        | Aic
        | GroupedDiscontinuousNiceLoop
        | GroupedAic
        | SueDeCoq
        | AlsXz
        | AlsXyWing
        | AlsXyChain => chain(70, links + 1),
        ForcingChainContradiction if single_digit => chain(75, links),
        ForcingChainVerity => chain(80, links),
        ForcingChainContradiction | ForcingNetContradiction | ForcingNetVerity => chain(85, links),
        Backtracking => 100,
        TwoStrongLinks
        | ThreeStrongLinks
        | WxyzWing
        | VwxyzWing
        | ForcingChainsAndCycles
        | NishioForcingChains
        | MultipleForcingChains
        | DynamicForcingChains
        | DynamicForcingChainsPlus
        | NestedForcingChains
        | NestedMultipleForcingChains
        | NestedDynamicForcingChains
        | NestedDynamicForcingChainsPlus => step.explainer_rating.unwrap_or(100),
    }
}

/// An SE-style rating of one path.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SeRating {
    /// The hardest step.
    pub er: f64,
    /// The hardest step up to the first placement.
    pub ep: f64,
    /// The first step.
    pub ed: f64,
    /// The hardest step's technique.
    pub hardest: Technique,
    /// Whether the path needed no backtracking.
    pub logic_only: bool,
}

/// Rates the path `steps` through `puzzle` (SE's ER / EP / ED).
pub fn se_rating(puzzle: &Puzzle, steps: &[Step]) -> SeRating {
    let mut tally = SeTally::new();
    let mut grid = Grid::new(puzzle);
    for step in steps {
        tally.add(step, &grid);
        grid.apply(step);
    }
    tally.rating()
}

/// SE's ER / EP / ED of a path so far, added up a step at a time (in
/// tenths).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SeTally {
    er: u16,
    ep: Option<u16>,
    ed: Option<u16>,
    hardest: Technique,
    logic_only: bool,
}

impl SeTally {
    /// Before the first step.
    pub(crate) fn new() -> Self {
        SeTally {
            er: 0,
            ep: None,
            ed: None,
            hardest: Technique::FullHouse,
            logic_only: true,
        }
    }

    /// Adds `step`, taken in `grid` (the grid before it); returns ER so
    /// far.
    pub(crate) fn add(&mut self, step: &Step, grid: &Grid) -> u16 {
        let rating = explainer_rating(step, grid);
        if rating > self.er {
            self.er = rating;
            self.hardest = step.technique;
        }
        self.ed.get_or_insert(self.er);
        if !step.placements.is_empty() {
            self.ep.get_or_insert(self.er);
        }
        self.logic_only &= step.technique != Technique::Backtracking;
        self.er
    }

    /// The rating of the steps added.
    pub(crate) fn rating(&self) -> SeRating {
        let tenths = |t: u16| f64::from(t) / 10.0;
        SeRating {
            er: tenths(self.er),
            ep: tenths(self.ep.unwrap_or(self.er)),
            ed: tenths(self.ed.unwrap_or(self.er)),
            hardest: self.hardest,
            logic_only: self.logic_only,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hodoku_levels_rise_with_the_score() {
        let steps = |t: Technique, n: usize| vec![Step::new(t); n];
        assert_eq!(
            hodoku_rating(&steps(Technique::HiddenSingle, 50)),
            HodokuRating {
                score: 700,
                level: HodokuLevel::Easy
            }
        );
        assert_eq!(
            hodoku_rating(&steps(Technique::HiddenSingle, 60)),
            HodokuRating {
                score: 840,
                level: HodokuLevel::Medium
            }
        );
        assert_eq!(
            hodoku_rating(&steps(Technique::XWing, 1)),
            HodokuRating {
                score: 140,
                level: HodokuLevel::Hard
            }
        );
        assert_eq!(
            hodoku_rating(&steps(Technique::XWing, 12)),
            HodokuRating {
                score: 1680,
                level: HodokuLevel::Unfair
            }
        );
        assert_eq!(
            hodoku_rating(&steps(Technique::Pointing, 40)),
            HodokuRating {
                score: 2000,
                level: HodokuLevel::Extreme
            }
        );
    }

    #[test]
    fn rule_deductions_add_points_but_do_not_lift_the_level() {
        let mut path = vec![Step::new(Technique::HiddenSingle); 50];
        path.extend(vec![Step::new(Technique::CageCombination); 40]);
        path.extend(vec![Step::new(Technique::KropkiDot); 30]);
        // 700 + 2,000 + 420 points; the classic steps' 700 stay under the
        // cap of medium, the cage combinations' level.
        assert_eq!(
            hodoku_rating(&path),
            HodokuRating {
                score: 3120,
                level: HodokuLevel::Medium
            }
        );
        path.extend(vec![Step::new(Technique::HiddenSingle); 30]);
        assert_eq!(hodoku_rating(&path).level, HodokuLevel::Hard);
    }
}
