//! Which finder looks for each technique, and the searches built on it:
//! [`Technique::find`] reports every instance in a grid, so the solver can
//! take the first and the tests can check them all.
//!
//! Each technique family (singles, fish, chains, …) has its own module with
//! one finder for all of its techniques; this module dispatches to it, so
//! the families depend on [`Technique`] and this module on them, never the
//! other way round.

use std::ops::ControlFlow;

use super::grid::Grid;
use super::step::{Found, Step};
use super::technique::Technique;
use super::{
    als, als_chain, als_wings, cages, chains, coloring, direct, duals, exclusion, explainer, fish,
    forcing, franken, implications, intersections, single_digit, singles, strong_links, subsets,
    sue_de_coq, uniqueness, variants, wings,
};

impl Technique {
    /// Whether fdoku has a finder for it yet.
    pub fn is_implemented(self) -> bool {
        self.finder().is_some()
    }

    /// Reports every instance in `grid` to `found` until it breaks.
    /// Techniques without a finder find nothing.
    pub fn find(self, grid: &Grid, found: &mut Found<'_>) -> ControlFlow<()> {
        match self.finder() {
            Some(finder) => finder(grid, self, found),
            None => ControlFlow::Continue(()),
        }
    }

    /// Every instance in `grid` that changes it.
    pub fn find_all(self, grid: &Grid) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = self.find(grid, &mut |step| {
            if grid.changes(&step) {
                steps.push(step);
            }
            ControlFlow::Continue(())
        });
        steps
    }

    /// The first instance in `grid` that changes it.
    pub fn find_first(self, grid: &Grid) -> Option<Step> {
        let mut first = None;
        let _ = self.find(grid, &mut |step| {
            if grid.changes(&step) {
                first = Some(step);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        first
    }

    /// The finder of its family: the match names every technique, so a new
    /// one does not compile until it has a finder (or is declared to have
    /// none).
    fn finder(self) -> Option<Finder> {
        use Technique::*;
        Some(match self {
            FullHouse | NakedSingle | HiddenSingle => singles::find,
            Pointing | Claiming => intersections::find,
            DirectPointing | DirectClaiming | DirectHiddenPair | DirectHiddenTriple => direct::find,
            CageCombination => cages::find,
            OddEven | Thermometer | KropkiDot | Xv | Whisper | Palindrome | CloneShape | MinMax
            | EntropicLine | ModularLine | NonConsecutive | NegativeConstraint | Renban
            | BetweenLine | ArrowSum | LittleKillerSum | Quadruple | InniesOuties | HiddenCage
            | CageSplitting | DiagonalSums | LittleKillerFillings | LittleKillerPair | Sandwich
            | XSum | SkyscraperClue | RegionSumLine | ZipperLine | DotChain | WhisperChain
            | ParityChain | HouseRelations | ClueAndHouse | GreaterThan | ProductClue
            | ParityLine | NabnerLine | LockoutLine | Indexer | FrameSum | OneTwoThree
            | CountingCircles | ElementFillings => variants::find,
            LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuad | HiddenPair
            | HiddenTriple | HiddenQuad => subsets::find,
            XYWing | XYZWing | WWing => wings::find,
            TwoStrongLinks | ThreeStrongLinks => strong_links::find,
            WxyzWing | VwxyzWing => als_wings::find,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
            | UniqueRectangle5 | UniqueRectangle6 | HiddenRectangle | AvoidableRectangle1
            | AvoidableRectangle2 | BugPlusOne => uniqueness::find,
            UniqueLoop1 | UniqueLoop2 | UniqueLoop3 | UniqueLoop4 | Bug2 | Bug3 | Bug4 => {
                explainer::find
            }
            XWing | Swordfish | Jellyfish | FinnedXWing | FinnedSwordfish | FinnedJellyfish
            | SashimiXWing | SashimiSwordfish | SashimiJellyfish => fish::find,
            FrankenXWing
            | FrankenSwordfish
            | FrankenJellyfish
            | FinnedFrankenXWing
            | FinnedFrankenSwordfish
            | FinnedFrankenJellyfish => franken::find,
            Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle => single_digit::find,
            DualTwoStringKite | DualEmptyRectangle => duals::find,
            SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 => coloring::find,
            AlsXz | AlsXyWing => als::find,
            AlsXyChain => als_chain::find,
            SueDeCoq => sue_de_coq::find,
            AlignedPairExclusion | AlignedTripleExclusion => exclusion::find,
            ForcingChainContradiction
            | ForcingChainVerity
            | ForcingNetContradiction
            | ForcingNetVerity => forcing::find,
            ForcingChainsAndCycles
            | NishioForcingChains
            | MultipleForcingChains
            | DynamicForcingChains
            | DynamicForcingChainsPlus
            | NestedForcingChains
            | NestedMultipleForcingChains
            | NestedDynamicForcingChains
            | NestedDynamicForcingChainsPlus => implications::find,
            RemotePair
            | XChain
            | XYChain
            | ContinuousNiceLoop
            | DiscontinuousNiceLoop
            | Aic
            | GroupedContinuousNiceLoop
            | GroupedDiscontinuousNiceLoop
            | GroupedAic => chains::find,
            // Declared by the path when nothing else applies; never searched for.
            Backtracking => return None,
        })
    }
}

/// A technique family's finder.
type Finder = fn(&Grid, Technique, &mut Found<'_>) -> ControlFlow<()>;
