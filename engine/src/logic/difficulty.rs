//! Difficulty levels, named by the hardest kind of reasoning a puzzle needs
//! (not by its number of clues): shared by the rater, the generator and the game.

use std::fmt;

use super::se::Er;
use std::str::FromStr;

/// The levels a puzzle is rated at, easiest first: the level of the hardest
/// technique its solve needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Difficulty {
    /// Singles only: Sudoku Explainer's ER up to 2.4.
    Easy,
    /// Locked candidates, pairs, X-wing: ER 2.5 to 3.4.
    Medium,
    /// Triples, swordfish, skyscraper, kite, XY- and XYZ-wing (and the
    /// X-chains and ALS-XZ as small as those): ER 3.5 to 4.4.
    Hard,
    /// Unique rectangles, quads, jellyfish, finned fish, ALS-XZ, coloring,
    /// X- and XY-chains: ER 4.5 to 6.9.
    Expert,
    /// W-wings (a forcing chain to SE), grouped AICs, ALS-XY-wings, forcing
    /// chains (Nishio, contradiction, dynamic) and trial: ER 7.0 and up.
    Extreme,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
    ];

    /// The level of a rating on Sudoku Explainer's scale (see the variants):
    /// the levels are cut on it, so no two overlap.
    pub fn of_er(er: Er) -> Difficulty {
        match er.0 {
            ..25 => Difficulty::Easy,
            25..35 => Difficulty::Medium,
            35..45 => Difficulty::Hard,
            45..70 => Difficulty::Expert,
            _ => Difficulty::Extreme,
        }
    }

    /// The word the CLI takes and prints: `easy` to `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;
    fn from_str(s: &str) -> Result<Difficulty, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!("unknown difficulty '{s}': use easy, medium, hard, expert or extreme")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_order_rises() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().to_uppercase().parse::<Difficulty>(), Ok(d));
        }
        assert!(Difficulty::Easy < Difficulty::Extreme);
        assert!("impossible".parse::<Difficulty>().is_err());
    }
}
