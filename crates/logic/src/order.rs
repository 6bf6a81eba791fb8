//! The orders in which the two reference programs try techniques: the
//! simplest-first path of each is what its rating measures.
//!
//! * [`hodoku_order`] — HoDoKu's search order (its step configuration's
//!   index order): singles, locked pairs/triples, locked candidates, subsets,
//!   basic fish, remote pairs, BUG+1, single-digit patterns, wings, unique
//!   and avoidable rectangles, finned fish, Sue de Coq, colouring, chains,
//!   ALS (XZ, XY-wing, chains), Franken fish, forcing chains and nets.
//! * [`explainer_order`] — Sudoku Explainer's producer order, with only the
//!   techniques SE has (its "direct" hints included; it finds skyscrapers,
//!   kites and finned fish as X-chains and locked pairs as naked pairs, and
//!   has no grouped or ALS chain nodes).
//!
//! Both take the variant constraints' own deductions
//! ([`Technique::CONSTRAINTS`]) right after the cage combinations; on
//! classic grids they find nothing.
//!
//! ```
//! use fdoku_logic::{explainer_order, hodoku_order, Technique};
//!
//! let h = hodoku_order();
//! let pos = |t| h.iter().position(|&x| x == t).unwrap();
//! assert!(pos(Technique::LockedPair) < pos(Technique::Pointing));
//! assert!(!explainer_order().contains(&Technique::Skyscraper));
//! assert!(!explainer_order().contains(&Technique::GroupedAic));
//! assert!(!h.contains(&Technique::AlignedTripleExclusion));
//! assert!(!h.contains(&Technique::AlignedPairExclusion));
//! ```

use std::sync::OnceLock;

use super::technique::Technique;

/// HoDoKu's order, every technique fdoku has (implemented or not) except
/// backtracking, the dual kites and empty rectangles (HoDoKu finds duals
/// only with its "duals and siamese" option, off by default), the Franken
/// jellyfish (off in HoDoKu's default solver) and Sudoku Explainer's own
/// techniques (aligned pair and triple exclusion, which HoDoKu's solver
/// does not have, its chaining producers, its direct hints).
pub fn hodoku_order() -> Vec<Technique> {
    use Technique::*;
    with_constraints(vec![
        FullHouse,
        NakedSingle,
        HiddenSingle,
        CageCombination,
        LockedPair,
        LockedTriple,
        Pointing,
        Claiming,
        NakedPair,
        NakedTriple,
        HiddenPair,
        HiddenTriple,
        NakedQuad,
        HiddenQuad,
        XWing,
        Swordfish,
        Jellyfish,
        RemotePair,
        BugPlusOne,
        Skyscraper,
        TwoStringKite,
        TurbotFish,
        EmptyRectangle,
        WWing,
        XYWing,
        XYZWing,
        UniqueRectangle1,
        UniqueRectangle2,
        UniqueRectangle3,
        UniqueRectangle4,
        UniqueRectangle5,
        UniqueRectangle6,
        HiddenRectangle,
        AvoidableRectangle1,
        AvoidableRectangle2,
        FinnedXWing,
        SashimiXWing,
        FinnedSwordfish,
        SashimiSwordfish,
        FinnedJellyfish,
        SashimiJellyfish,
        SueDeCoq,
        SimpleColorsTrap,
        SimpleColorsWrap,
        MultiColors1,
        MultiColors2,
        XChain,
        XYChain,
        ContinuousNiceLoop,
        DiscontinuousNiceLoop,
        Aic,
        GroupedContinuousNiceLoop,
        GroupedDiscontinuousNiceLoop,
        GroupedAic,
        AlsXz,
        AlsXyWing,
        AlsXyChain,
        FrankenXWing,
        FrankenSwordfish,
        FinnedFrankenXWing,
        FinnedFrankenSwordfish,
        ForcingChainContradiction,
        ForcingChainVerity,
        ForcingNetContradiction,
        ForcingNetVerity,
    ])
}

/// Whether `techniques` is [`hodoku_order`]: its path follows HoDoKu's
/// choices too (see `hodoku`).
pub(crate) fn is_hodoku_order(techniques: &[Technique]) -> bool {
    static HODOKU: OnceLock<Vec<Technique>> = OnceLock::new();
    techniques == HODOKU.get_or_init(hodoku_order).as_slice()
}

/// Whether `techniques` is [`explainer_order`]: its path follows SE's
/// choices too (see `explainer`).
pub(crate) fn is_explainer_order(techniques: &[Technique]) -> bool {
    static EXPLAINER: OnceLock<Vec<Technique>> = OnceLock::new();
    techniques == EXPLAINER.get_or_init(explainer_order).as_slice()
}

/// Sudoku Explainer's order, restricted to the techniques it knows.
pub fn explainer_order() -> Vec<Technique> {
    use Technique::*;
    with_constraints(vec![
        FullHouse,
        HiddenSingle,
        DirectPointing,
        DirectClaiming,
        DirectHiddenPair,
        NakedSingle,
        DirectHiddenTriple,
        CageCombination,
        Pointing,
        Claiming,
        NakedPair,
        XWing,
        HiddenPair,
        NakedTriple,
        Swordfish,
        HiddenTriple,
        XYWing,
        XYZWing,
        UniqueRectangle1,
        UniqueRectangle2,
        UniqueRectangle3,
        UniqueRectangle4,
        UniqueLoop1,
        UniqueLoop2,
        UniqueLoop3,
        UniqueLoop4,
        NakedQuad,
        Jellyfish,
        HiddenQuad,
        BugPlusOne,
        Bug2,
        Bug3,
        Bug4,
        AlignedPairExclusion,
        ForcingChainsAndCycles,
        AlignedTripleExclusion,
        NishioForcingChains,
        MultipleForcingChains,
        DynamicForcingChains,
        DynamicForcingChainsPlus,
        NestedForcingChains,
        NestedMultipleForcingChains,
        NestedDynamicForcingChains,
        NestedDynamicForcingChainsPlus,
    ])
}

/// `order` with the constraints' own deductions
/// ([`Technique::CONSTRAINTS`]) right after the cage combinations, the
/// killer's own: they are as simple as the simplest eliminations. A house
/// read with the relations between its cells follows them (forcing nets,
/// which follow the constraints inside each assumption, leave it out: it
/// lists the fillings of a house). An outside clue read with a house its
/// row crosses weighs two rules at once, like a hidden pair: it comes
/// right after hidden pairs.
fn with_constraints(mut order: Vec<Technique>) -> Vec<Technique> {
    let after = |order: &[Technique], technique| {
        order
            .iter()
            .position(|&t| t == technique)
            .map_or(0, |i| i + 1)
    };
    let at = after(&order, Technique::HiddenPair);
    order.insert(at, Technique::ClueAndHouse);
    let at = after(&order, Technique::CageCombination);
    let constraints = Technique::CONSTRAINTS.iter().copied();
    order.splice(at..at, constraints.chain([Technique::HouseRelations]));
    order
}

/// Whose simplest-first path to follow: a name for [`hodoku_order`] and
/// [`explainer_order`] that callers can choose by (`"hodoku"`,
/// `"explainer"` in JSON).
///
/// ```
/// use fdoku_logic::{PathOrder, Technique};
///
/// let se = PathOrder::Explainer.techniques();
/// assert_eq!(se[1], Technique::HiddenSingle);
/// assert_eq!(PathOrder::default(), PathOrder::Hodoku);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PathOrder {
    /// HoDoKu's order: every technique fdoku has that HoDoKu's solver has.
    #[default]
    Hodoku,
    /// Sudoku Explainer's order: its techniques only.
    Explainer,
    /// SukakuExplainer's order ([`sukaku_order`]).
    Sukaku,
}

impl PathOrder {
    /// The techniques, simplest first.
    pub fn techniques(self) -> Vec<Technique> {
        match self {
            PathOrder::Hodoku => hodoku_order(),
            PathOrder::Explainer => explainer_order(),
            PathOrder::Sukaku => sukaku_order(),
        }
    }
}

/// SukakuExplainer 1.15's producer order (its default technique set):
/// Sudoku Explainer's, with the strong-link patterns and the WXYZ- and
/// VWXYZ-wings where its solver tries them.
pub fn sukaku_order() -> Vec<Technique> {
    use Technique::*;
    let mut order = explainer_order();
    let insert = |order: &mut Vec<Technique>, before: &[Technique], added: &[Technique]| {
        let at = order
            .iter()
            .position(|t| before.contains(t))
            .unwrap_or(order.len());
        order.splice(at..at, added.iter().copied());
    };
    insert(&mut order, &[XYWing], &[TwoStrongLinks]);
    let bug = [BugPlusOne, AlignedPairExclusion];
    insert(&mut order, &bug, &[ThreeStrongLinks, WxyzWing]);
    insert(&mut order, &[AlignedPairExclusion], &[VwxyzWing]);
    order
}

/// Whether `techniques` is [`sukaku_order`]: its path makes SukakuExplainer's
/// choice among equal steps, as Sudoku Explainer's path makes SE's.
pub(crate) fn is_sukaku_order(techniques: &[Technique]) -> bool {
    static SUKAKU: OnceLock<Vec<Technique>> = OnceLock::new();
    techniques == SUKAKU.get_or_init(sukaku_order).as_slice()
}
