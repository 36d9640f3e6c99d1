//! `Step`: one deduction a player could make, as data. Techniques produce
//! steps, hints show them a level at a time, and the rater weighs them.

use std::fmt;

use super::difficulty::Difficulty;
use crate::board::cell::Cell;
use crate::board::geometry::Shape;

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
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    XyWing,
    Swordfish,
    Jellyfish,
    XyzWing,
    WWing,
    SimpleColoring,
    Skyscraper,
    TwoStringKite,
    FinnedXWing,
    FinnedSwordfish,
    XChain,
    XyChain,
    UniqueRectangle,
    UniqueRectangleType2,
    UniqueRectangleType4,
    Backtrack,
}

impl Technique {
    /// The level a puzzle needing this technique rates at.
    pub fn difficulty(self) -> Difficulty {
        use Technique::*;
        match self {
            FullHouse | NakedSingle | HiddenSingle => Difficulty::Easy,
            Pointing | Claiming | NakedPair | HiddenPair => Difficulty::Medium,
            NakedTriple | HiddenTriple | NakedQuad | HiddenQuad | XWing | XyWing => {
                Difficulty::Hard
            }
            Swordfish | Jellyfish | XyzWing | WWing | SimpleColoring | Skyscraper
            | TwoStringKite | FinnedXWing | FinnedSwordfish | XChain | XyChain
            | UniqueRectangle | UniqueRectangleType2 | UniqueRectangleType4 => Difficulty::Expert,
            Backtrack => Difficulty::Extreme,
        }
    }

    /// What one step of this technique adds to a rating's score: rising with
    /// difficulty, so that within a level more and harder steps rate higher.
    pub fn weight(self) -> u32 {
        use Technique::*;
        match self {
            FullHouse => 1,
            NakedSingle => 2,
            HiddenSingle => 3,
            Pointing | Claiming => 8,
            NakedPair => 10,
            HiddenPair => 12,
            NakedTriple => 16,
            HiddenTriple => 18,
            NakedQuad => 22,
            HiddenQuad => 24,
            XWing => 26,
            XyWing => 28,
            Swordfish => 32,
            Jellyfish => 36,
            XyzWing => 34,
            WWing => 36,
            SimpleColoring => 38,
            Skyscraper => 36,
            TwoStringKite => 36,
            FinnedXWing => 38,
            FinnedSwordfish => 40,
            XChain => 42,
            XyChain => 44,
            UniqueRectangle => 34,
            UniqueRectangleType2 => 36,
            UniqueRectangleType4 => 36,
            Backtrack => 100,
        }
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
            XChain => "X-chain",
            XyChain => "XY-chain",
            UniqueRectangle => "Unique rectangle",
            UniqueRectangleType2 => "Unique rectangle type 2",
            UniqueRectangleType4 => "Unique rectangle type 4",
            Backtrack => "Trial and error",
        }
    }
}

/// One deduction. Cells are row-major indices, units are geometry unit indices
/// (rows, then columns, then boxes), digits are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique that makes the deduction.
    pub technique: Technique,
    /// The units the reasoning happens in: what a first-level hint points at.
    pub units: Vec<usize>,
    /// The cells the reasoning looks at: what a second-level hint highlights.
    pub cells: Vec<usize>,
    /// Digits this step places, as (cell, digit).
    pub placements: Vec<(usize, u8)>,
    /// Candidates this step removes, as (cell, digit).
    pub eliminations: Vec<(usize, u8)>,
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
    /// The digits this step places, by row and column on a board of
    /// `shape` (the shape of the puzzle the step came from).
    pub fn placed(&self, shape: Shape) -> impl Iterator<Item = (Cell, u8)> + '_ {
        by_cell(&self.placements, shape)
    }

    /// The candidates this step removes, by row and column on a board of
    /// `shape`.
    pub fn removed(&self, shape: Shape) -> impl Iterator<Item = (Cell, u8)> + '_ {
        by_cell(&self.eliminations, shape)
    }
}

fn by_cell(pairs: &[(usize, u8)], shape: Shape) -> impl Iterator<Item = (Cell, u8)> + '_ {
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
