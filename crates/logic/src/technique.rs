//! The techniques: their names, HoDoKu's codes and scores, and which
//! variants they hold for.
//!
//! A technique is one idea a person applies (a hidden single, an X-wing, an
//! XY-chain). [`Technique::find`] (in `finders`, beside the dispatch to each
//! family's finder) reports every instance in a grid.
//!
//! ```
//! use fdoku_logic::{Technique, HodokuLevel};
//!
//! assert_eq!(Technique::XWing.name(), "X-wing");
//! assert_eq!(Technique::from_name("x-wing"), Some(Technique::XWing));
//! assert_eq!(Technique::XWing.hodoku_code(), "0300");
//! assert_eq!(Technique::XWing.hodoku_score(), (HodokuLevel::Hard, 140));
//! ```

use serde::Serialize;

/// HoDoKu's difficulty levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HodokuLevel {
    /// Singles.
    Easy,
    /// Intersections and small subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Chains, almost locked sets.
    Unfair,
    /// Forcing chains and nets, brute force.
    Extreme,
}

impl HodokuLevel {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            HodokuLevel::Easy => "easy",
            HodokuLevel::Medium => "medium",
            HodokuLevel::Hard => "hard",
            HodokuLevel::Unfair => "unfair",
            HodokuLevel::Extreme => "extreme",
        }
    }
}

macro_rules! techniques {
    ($($variant:ident => $name:literal, $code:literal, $level:ident, $score:literal;)*) => {
        /// A solving technique.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
        #[serde(rename_all = "snake_case")]
        #[non_exhaustive]
        pub enum Technique {
            $(
                #[doc = $name]
                $variant,
            )*
        }

        impl Technique {
            /// Every technique, simplest first.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant),*];

            /// Its name for people.
            pub fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name,)* }
            }

            /// HoDoKu's code for it (as in HoDoKu's regression library).
            pub fn hodoku_code(self) -> &'static str {
                match self { $(Technique::$variant => $code,)* }
            }

            /// HoDoKu's level and base score for one step of it.
            pub fn hodoku_score(self) -> (HodokuLevel, u32) {
                match self { $(Technique::$variant => (HodokuLevel::$level, $score),)* }
            }
        }
    };
}

techniques! {
    FullHouse => "Full house", "0000", Easy, 4;
    NakedSingle => "Naked single", "0003", Easy, 4;
    HiddenSingle => "Hidden single", "0002", Easy, 14;
    LockedPair => "Locked pair", "0110", Medium, 40;
    LockedTriple => "Locked triple", "0111", Medium, 60;
    Pointing => "Pointing", "0100", Medium, 50;
    Claiming => "Claiming", "0101", Medium, 50;
    NakedPair => "Naked pair", "0200", Medium, 60;
    HiddenPair => "Hidden pair", "0210", Medium, 70;
    NakedTriple => "Naked triple", "0201", Medium, 80;
    HiddenTriple => "Hidden triple", "0211", Medium, 100;
    NakedQuad => "Naked quad", "0202", Hard, 120;
    HiddenQuad => "Hidden quad", "0212", Hard, 150;
    XWing => "X-wing", "0300", Hard, 140;
    Swordfish => "Swordfish", "0301", Hard, 150;
    Jellyfish => "Jellyfish", "0302", Hard, 160;
    FinnedXWing => "Finned X-wing", "0310", Hard, 130;
    SashimiXWing => "Sashimi X-wing", "0320", Hard, 150;
    FinnedSwordfish => "Finned swordfish", "0311", Unfair, 200;
    SashimiSwordfish => "Sashimi swordfish", "0321", Unfair, 240;
    FinnedJellyfish => "Finned jellyfish", "0312", Unfair, 250;
    SashimiJellyfish => "Sashimi jellyfish", "0322", Unfair, 260;
    FrankenXWing => "Franken X-wing", "0330", Unfair, 300;
    FrankenSwordfish => "Franken swordfish", "0331", Unfair, 350;
    FinnedFrankenXWing => "Finned Franken X-wing", "0340", Unfair, 390;
    FinnedFrankenSwordfish => "Finned Franken swordfish", "0341", Unfair, 410;
    FrankenJellyfish => "Franken jellyfish", "0332", Unfair, 370;
    FinnedFrankenJellyfish => "Finned Franken jellyfish", "0342", Unfair, 430;
    Skyscraper => "Skyscraper", "0400", Hard, 130;
    TwoStringKite => "2-string kite", "0401", Hard, 150;
    TurbotFish => "Turbot fish", "0403", Hard, 120;
    EmptyRectangle => "Empty rectangle", "0402", Hard, 120;
    DualTwoStringKite => "Dual 2-string kite", "0404", Hard, 150;
    DualEmptyRectangle => "Dual empty rectangle", "0405", Hard, 120;
    SimpleColorsTrap => "Simple colors trap", "0500", Hard, 150;
    SimpleColorsWrap => "Simple colors wrap", "0501", Hard, 150;
    MultiColors1 => "Multi-colors 1", "0502", Hard, 200;
    MultiColors2 => "Multi-colors 2", "0503", Hard, 200;
    UniqueRectangle1 => "Unique rectangle type 1", "0600", Hard, 100;
    UniqueRectangle2 => "Unique rectangle type 2", "0601", Hard, 100;
    UniqueRectangle3 => "Unique rectangle type 3", "0602", Hard, 100;
    UniqueRectangle4 => "Unique rectangle type 4", "0603", Hard, 100;
    UniqueRectangle5 => "Unique rectangle type 5", "0604", Hard, 100;
    UniqueRectangle6 => "Unique rectangle type 6", "0605", Hard, 100;
    HiddenRectangle => "Hidden rectangle", "0606", Hard, 100;
    AvoidableRectangle1 => "Avoidable rectangle type 1", "0607", Hard, 100;
    AvoidableRectangle2 => "Avoidable rectangle type 2", "0608", Hard, 100;
    BugPlusOne => "BUG+1", "0610", Hard, 100;
    Bug2 => "BUG type 2", "----", Hard, 100;
    Bug3 => "BUG type 3", "----", Hard, 100;
    Bug4 => "BUG type 4", "----", Hard, 100;
    UniqueLoop1 => "Unique loop type 1", "----", Hard, 100;
    UniqueLoop2 => "Unique loop type 2", "----", Hard, 100;
    UniqueLoop3 => "Unique loop type 3", "----", Hard, 100;
    UniqueLoop4 => "Unique loop type 4", "----", Hard, 100;
    XYWing => "XY-wing", "0800", Hard, 160;
    XYZWing => "XYZ-wing", "0801", Hard, 180;
    WWing => "W-wing", "0803", Hard, 150;
    TwoStrongLinks => "Two strong links", "----", Hard, 150;
    ThreeStrongLinks => "Three strong links", "----", Unfair, 250;
    WxyzWing => "WXYZ-wing", "----", Unfair, 250;
    VwxyzWing => "VWXYZ-wing", "----", Unfair, 300;
    RemotePair => "Remote pair", "0703", Hard, 110;
    XChain => "X-chain", "0701", Unfair, 260;
    XYChain => "XY-chain", "0702", Unfair, 260;
    ContinuousNiceLoop => "Continuous nice loop", "0706", Unfair, 280;
    DiscontinuousNiceLoop => "Discontinuous nice loop", "0707", Unfair, 280;
    Aic => "AIC", "0708", Unfair, 280;
    GroupedContinuousNiceLoop => "Grouped continuous nice loop", "0709", Unfair, 300;
    GroupedDiscontinuousNiceLoop => "Grouped discontinuous nice loop", "0710", Unfair, 300;
    GroupedAic => "Grouped AIC", "0711", Unfair, 300;
    SueDeCoq => "Sue de Coq", "1101", Unfair, 250;
    AlsXz => "ALS-XZ", "0901", Unfair, 300;
    AlsXyWing => "ALS-XY-wing", "0902", Unfair, 320;
    AlsXyChain => "ALS-XY-chain", "0903", Unfair, 340;
    AlignedPairExclusion => "Aligned pair exclusion", "1000", Unfair, 330;
    AlignedTripleExclusion => "Aligned triple exclusion", "----", Unfair, 360;
    ForcingChainContradiction => "Forcing chain contradiction", "1301", Extreme, 500;
    ForcingChainVerity => "Forcing chain verity", "1302", Extreme, 500;
    ForcingNetContradiction => "Forcing net contradiction", "1303", Extreme, 700;
    ForcingNetVerity => "Forcing net verity", "1304", Extreme, 700;
    ForcingChainsAndCycles => "Forcing chains and cycles", "----", Unfair, 280;
    NishioForcingChains => "Nishio forcing chains", "----", Extreme, 500;
    MultipleForcingChains => "Multiple forcing chains", "----", Extreme, 500;
    DynamicForcingChains => "Dynamic forcing chains", "----", Extreme, 700;
    DynamicForcingChainsPlus => "Dynamic forcing chains plus", "----", Extreme, 700;
    NestedForcingChains => "Nested forcing chains", "----", Extreme, 700;
    NestedMultipleForcingChains => "Nested multiple forcing chains", "----", Extreme, 700;
    NestedDynamicForcingChains => "Nested dynamic forcing chains", "----", Extreme, 700;
    NestedDynamicForcingChainsPlus => "Nested dynamic forcing chains plus", "----", Extreme, 700;
    DirectPointing => "Direct pointing", "----", Medium, 50;
    DirectClaiming => "Direct claiming", "----", Medium, 50;
    DirectHiddenPair => "Direct hidden pair", "----", Medium, 70;
    DirectHiddenTriple => "Direct hidden triple", "----", Medium, 100;
    CageCombination => "Cage combination", "----", Medium, 50;
    InniesOuties => "Innies and outies", "----", Medium, 60;
    HiddenCage => "Hidden cage", "----", Medium, 60;
    CageSplitting => "Cage splitting", "----", Medium, 70;
    DiagonalSums => "Diagonal sums", "----", Medium, 80;
    LittleKillerFillings => "Little killer fillings", "----", Medium, 70;
    LittleKillerPair => "Little killer pair", "----", Medium, 80;
    OddEven => "Odd/even cell", "----", Easy, 4;
    Thermometer => "Thermometer", "----", Easy, 14;
    KropkiDot => "Kropki dot", "----", Easy, 14;
    Xv => "XV", "----", Easy, 14;
    Whisper => "Whisper", "----", Easy, 14;
    Palindrome => "Palindrome", "----", Easy, 14;
    CloneShape => "Clone", "----", Easy, 14;
    MinMax => "Minimum/maximum", "----", Easy, 14;
    EntropicLine => "Entropic line", "----", Easy, 14;
    ModularLine => "Modular line", "----", Easy, 14;
    NonConsecutive => "Non-consecutive", "----", Easy, 14;
    NegativeConstraint => "Negative constraint", "----", Easy, 14;
    Renban => "Renban", "----", Easy, 14;
    BetweenLine => "Between line", "----", Easy, 14;
    ArrowSum => "Arrow", "----", Easy, 14;
    LittleKillerSum => "Little killer", "----", Medium, 50;
    Quadruple => "Quadruple", "----", Easy, 14;
    Sandwich => "Sandwich", "----", Medium, 60;
    XSum => "X-sum", "----", Medium, 60;
    SkyscraperClue => "Skyscraper clue", "----", Medium, 60;
    RegionSumLine => "Region-sum line", "----", Medium, 50;
    ZipperLine => "Zipper line", "----", Medium, 50;
    DotChain => "Dot chain", "----", Medium, 50;
    WhisperChain => "Whisper chain", "----", Medium, 50;
    ParityChain => "Parity line chain", "----", Medium, 50;
    HouseRelations => "House and relations", "----", Medium, 70;
    ClueAndHouse => "Clue and house", "----", Medium, 70;
    GreaterThan => "Greater-than", "----", Easy, 14;
    ProductClue => "Product clue", "----", Easy, 14;
    ParityLine => "Parity line", "----", Easy, 14;
    NabnerLine => "Nabner line", "----", Easy, 14;
    LockoutLine => "Lockout line", "----", Easy, 14;
    Indexer => "Indexer", "----", Medium, 50;
    FrameSum => "Frame sum", "----", Medium, 50;
    OneTwoThree => "123 clue", "----", Medium, 60;
    CountingCircles => "Counting circles", "----", Medium, 60;
    ElementFillings => "Element fillings", "----", Medium, 50;
    Backtracking => "Backtracking", "9999", Extreme, 10000;
}

impl Technique {
    /// The technique named `name` (case and punctuation ignored: `x-wing`,
    /// `XWing`, `x_wing` all work).
    pub fn from_name(name: &str) -> Option<Technique> {
        let key = |s: &str| -> String {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let wanted = key(name);
        Technique::ALL
            .iter()
            .copied()
            .find(|t| key(t.name()) == wanted || key(&format!("{t:?}")) == wanted)
    }

    /// The technique with HoDoKu's code `code` (`0300`), if fdoku has it.
    pub fn from_hodoku_code(code: &str) -> Option<Technique> {
        Technique::ALL
            .iter()
            .copied()
            .find(|t| t.hodoku_code() == code)
    }

    /// The variant constraints' own deductions (`variants`), in the order
    /// the paths try them.
    pub const CONSTRAINTS: &'static [Technique] = &[
        Technique::OddEven,
        Technique::Thermometer,
        Technique::KropkiDot,
        Technique::Xv,
        Technique::Whisper,
        Technique::Palindrome,
        Technique::CloneShape,
        Technique::MinMax,
        Technique::EntropicLine,
        Technique::ModularLine,
        Technique::NonConsecutive,
        Technique::NegativeConstraint,
        Technique::Renban,
        Technique::BetweenLine,
        Technique::ArrowSum,
        Technique::LittleKillerSum,
        Technique::Quadruple,
        Technique::GreaterThan,
        Technique::ProductClue,
        Technique::ParityLine,
        Technique::NabnerLine,
        Technique::LockoutLine,
        Technique::DotChain,
        Technique::WhisperChain,
        Technique::ParityChain,
        Technique::RegionSumLine,
        Technique::ZipperLine,
        Technique::Indexer,
        Technique::FrameSum,
        Technique::ElementFillings,
        Technique::Sandwich,
        Technique::XSum,
        Technique::SkyscraperClue,
        Technique::OneTwoThree,
        Technique::CountingCircles,
        Technique::InniesOuties,
        Technique::HiddenCage,
        Technique::CageSplitting,
        Technique::DiagonalSums,
        Technique::LittleKillerFillings,
        Technique::LittleKillerPair,
    ];

    /// Whether it is a rule's own deduction beyond houses: a variant
    /// constraint's ([`Technique::CONSTRAINTS`]), a house read with the
    /// relations between its cells, or a killer cage's combination. Its
    /// points count in HoDoKu's score, not in the score that raises a
    /// path's level past HoDoKu's caps, which measure how long a classic
    /// path is.
    pub fn is_rule_deduction(self) -> bool {
        matches!(
            self,
            Technique::CageCombination | Technique::HouseRelations | Technique::ClueAndHouse
        ) || Technique::CONSTRAINTS.contains(&self)
    }

    /// Whether it places a digit by a single (full house, naked or hidden single).
    pub fn is_single(self) -> bool {
        matches!(
            self,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        )
    }

    /// Whether it assumes the puzzle has one solution (unique rectangles
    /// and loops, BUG).
    pub fn needs_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle1
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4
                | Technique::UniqueRectangle5
                | Technique::UniqueRectangle6
                | Technique::HiddenRectangle
                | Technique::AvoidableRectangle1
                | Technique::AvoidableRectangle2
                | Technique::BugPlusOne
                | Technique::Bug2
                | Technique::Bug3
                | Technique::Bug4
                | Technique::UniqueLoop1
                | Technique::UniqueLoop2
                | Technique::UniqueLoop3
                | Technique::UniqueLoop4
        )
    }
}
