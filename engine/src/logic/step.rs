//! `Step`: one deduction a player could make, as data. Techniques produce
//! steps, hints show them a level at a time, and the rater weighs them.

use std::fmt;

use super::difficulty::Difficulty;
use super::se::Er;
use crate::board::cell::Cell;
use crate::board::geometry::Shape;
use crate::board::house::House;

/// Declares `Technique` and `Technique::ALL` from one list of variants, so
/// that the list code walks can never miss or reorder one.
macro_rules! techniques {
    ($($variant:ident,)+) => {
        /// Human solving techniques, in rising difficulty; `Backtrack` is
        /// the last resort ("no logical step found").
        /// The human solving techniques, easiest first; more may come in a
        /// minor release.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Technique {
            $(#[doc = concat!("The technique `", stringify!($variant), "`: see [`Technique::name`].")]
            $variant,)+
        }

        impl Technique {
            /// Every technique in the enum's order, which rises in
            /// difficulty (`Backtrack` comes last).
            pub const ALL: &[Technique] = &[$(Technique::$variant,)+];
        }
    };
}

techniques! {
    FullHouse,
    NakedSingle,
    HiddenSingle,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    Skyscraper,
    TwoStringKite,
    FinnedXWing,
    XyWing,
    XyzWing,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    FinnedSwordfish,
    AlsXz,
    SimpleColoring,
    WWing,
    XChain,
    XyChain,
    GroupedAic,
    AlsXyWing,
    UniqueRectangle,
    UniqueRectangleType2,
    UniqueRectangleType4,
    ForcingChain,
    NishioChain,
    CellForcingChain,
    RegionForcingChain,
    ContradictionChain,
    DynamicCellForcingChain,
    DynamicRegionForcingChain,
    DynamicChain,
    NestedChain,
    Backtrack,
}

impl Technique {
    /// The level a puzzle needing this technique rates at: the level its
    /// rating on Sudoku Explainer's scale falls in.
    pub fn difficulty(self) -> Difficulty {
        Difficulty::of_er(self.er())
    }

    /// Sudoku Explainer's rating of a step of this technique (SukakuExplainer
    /// 1.17's defaults, from its source), the least it gives the pattern:
    /// a hidden single in a row or column rates 1.5 (in a box 1.2), and a
    /// chain adds to it for its length (`se::chain`). The rater rates the
    /// X- and XY-chains, grouped AICs and ALS-XZ by their size, as SE does
    /// (`se::strong_links`, `se::y_chain`, `se::forcing_chain`, `se::wing`).
    /// SE has no W-wing, finned fish, coloring or XY-chain of its own: it
    /// finds them as grouped strong links (finned X-wing 4.3), strong-link fish
    /// (finned swordfish 5.4), forcing Y-chains (6.6 and up) and forcing
    /// chains (a W-wing is one of eight nodes, 7.1), which is what these say. Past XY-chains
    /// come tudoku's contradiction chains: a forcing chain whose every link is
    /// a bivalue cell or a digit's two places in a unit (static, 7.0), Nishio
    /// (one digit, 7.5), cell and region forcing chains (8.0), dynamic
    /// contradiction and forcing chains on singles (8.5) and with techniques
    /// inside (9.0), nested chains, with contradictions found inside the
    /// trial (9.5), and trial and error, rated above them.
    pub fn er(self) -> Er {
        use Technique::*;
        Er(match self {
            FullHouse => 10,
            HiddenSingle => 12,
            NakedSingle => 23,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            Skyscraper => 40,
            TwoStringKite => 41,
            FinnedXWing => 43,
            XyWing => 42,
            XyzWing => 44,
            UniqueRectangle | UniqueRectangleType2 | UniqueRectangleType4 => 45,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            FinnedSwordfish => 54,
            AlsXz => 55,
            SimpleColoring => 62,
            WWing => 71,
            XChain => 54,
            XyChain => 68,
            GroupedAic | AlsXyWing => 70,
            ForcingChain => 70,
            NishioChain => 75,
            CellForcingChain | RegionForcingChain => 80,
            ContradictionChain => 85,
            DynamicCellForcingChain | DynamicRegionForcingChain => 85,
            DynamicChain => 90,
            NestedChain => 95,
            Backtrack => 110,
        })
    }

    /// True for deductions that only hold when the puzzle has one solution
    /// (they rule out patterns that would allow two).
    pub fn assumes_unique_solution(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle | UniqueRectangleType2 | UniqueRectangleType4
        )
    }

    /// True for the chains that assume candidates and follow them, to a
    /// contradiction or, from every candidate of a cell or every place of
    /// a digit in a region, to a fact they share: found past every pattern
    /// (`find_contradiction`), and rated by their length.
    pub fn is_contradiction(self) -> bool {
        use Technique::*;
        matches!(
            self,
            ForcingChain
                | NishioChain
                | CellForcingChain
                | RegionForcingChain
                | ContradictionChain
                | DynamicCellForcingChain
                | DynamicRegionForcingChain
                | DynamicChain
                | NestedChain
        )
    }

    /// True for the forcing chains from a cell or a region: every choice
    /// there leads to the same fact.
    pub fn is_forcing(self) -> bool {
        use Technique::*;
        matches!(
            self,
            CellForcingChain
                | RegionForcingChain
                | DynamicCellForcingChain
                | DynamicRegionForcingChain
        )
    }

    /// The name players know it by.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full house",
            NakedSingle => "Naked single",
            HiddenSingle => "Hidden single",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked pair",
            HiddenPair => "Hidden pair",
            NakedTriple => "Naked triple",
            HiddenTriple => "Hidden triple",
            NakedQuad => "Naked quad",
            HiddenQuad => "Hidden quad",
            XWing => "X-wing",
            XyWing => "XY-wing",
            Swordfish => "Swordfish",
            Jellyfish => "Jellyfish",
            XyzWing => "XYZ-wing",
            WWing => "W-wing",
            SimpleColoring => "Simple coloring",
            Skyscraper => "Skyscraper",
            TwoStringKite => "Two-string kite",
            FinnedXWing => "Finned X-wing",
            FinnedSwordfish => "Finned swordfish",
            AlsXz => "ALS-XZ",
            XChain => "X-chain",
            XyChain => "XY-chain",
            GroupedAic => "Grouped AIC",
            AlsXyWing => "ALS-XY-wing",
            UniqueRectangle => "Unique rectangle",
            UniqueRectangleType2 => "Unique rectangle type 2",
            UniqueRectangleType4 => "Unique rectangle type 4",
            ForcingChain => "Forcing chain",
            NishioChain => "Nishio chain",
            ContradictionChain => "Contradiction chain",
            CellForcingChain => "Cell forcing chain",
            RegionForcingChain => "Region forcing chain",
            DynamicCellForcingChain => "Dynamic cell forcing chain",
            DynamicRegionForcingChain => "Dynamic region forcing chain",
            DynamicChain => "Dynamic contradiction chain",
            NestedChain => "Nested forcing chain",
            Backtrack => "Trial and error",
        }
    }

    /// The technique of a name as `name` gives it, any case, `-` or `_`
    /// for spaces ("x-wing", "hidden_pair"): what `generate --technique` reads.
    pub fn from_name(name: &str) -> Option<Technique> {
        let key = |s: &str| -> String {
            s.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let wanted = key(name);
        Technique::ALL
            .iter()
            .copied()
            .find(|t| key(t.name()) == wanted)
    }
}

/// One deduction: the technique, where it looks, what it places or
/// removes, and a line of plain English. Where it looks and what it changes
/// are read by row and column ([`Cell`]) and as rows, columns and boxes
/// ([`House`]) on the board of the puzzle the step came from: pass that
/// puzzle's shape to [`Step::houses`], [`Step::cells`], [`Step::placed`] and
/// [`Step::removed`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique that makes the deduction.
    pub technique: Technique,
    /// The units the reasoning happens in, as unit indices (rows, then
    /// columns, then boxes): what a first-level hint points at.
    pub(crate) units: Vec<usize>,
    /// The cells the reasoning looks at, row-major: what a second-level
    /// hint highlights.
    pub(crate) cells: Vec<usize>,
    /// Digits this step places, as (cell, digit), digits from 1.
    pub(crate) placements: Vec<(usize, u8)>,
    /// Candidates this step removes, as (cell, digit).
    pub(crate) eliminations: Vec<(usize, u8)>,
    /// One line of plain English with rNcM coordinates and box numbers.
    pub explanation: String,
}

impl fmt::Display for Technique {
    /// The name players know it by, as hints and `tudoku rate` write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Step {
    /// The rows, columns and boxes the reasoning happens in (what a
    /// first-level hint points at), on a board of `shape`: the shape of the
    /// puzzle the step came from.
    pub fn houses(&self, shape: Shape) -> impl Iterator<Item = House> + '_ {
        self.units
            .iter()
            .filter_map(move |&unit| House::from_unit(unit, shape))
    }

    /// The cells the reasoning looks at (what a second-level hint
    /// highlights), by row and column on a board of `shape`.
    pub fn cells(&self, shape: Shape) -> impl Iterator<Item = Cell> + '_ {
        self.cells
            .iter()
            .filter_map(move |&index| Cell::from_index(index, shape))
    }

    /// The digits this step places, by row and column on a board of
    /// `shape`.
    pub fn placed(&self, shape: Shape) -> impl Iterator<Item = (Cell, u8)> + '_ {
        by_cell(&self.placements, shape)
    }

    /// The candidates this step removes, by row and column on a board of
    /// `shape`.
    pub fn removed(&self, shape: Shape) -> impl Iterator<Item = (Cell, u8)> + '_ {
        by_cell(&self.eliminations, shape)
    }
}

/// Index pairs as cell pairs, leaving out any off a board of `shape`.
pub(crate) fn by_cell(
    pairs: &[(usize, u8)],
    shape: Shape,
) -> impl Iterator<Item = (Cell, u8)> + '_ {
    pairs
        .iter()
        .filter_map(move |&(index, digit)| Some((Cell::from_index(index, shape)?, digit)))
}

impl fmt::Display for Step {
    /// The step's one line of plain English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explanation)
    }
}
