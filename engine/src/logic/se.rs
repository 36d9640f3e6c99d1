//! The Sudoku Explainer scale: the ER ("explainer rating") puzzle collectors
//! quote, from 1.0 (a full house) to past 11 (nested forcing chains). SE
//! solves with the easiest step it knows each time and rates a puzzle by the
//! hardest step that solve needed; each technique has a fixed rating, and a
//! chain's rating grows with its length. tudoku rates its own steps on the
//! same scale, so `rate` can say where a puzzle sits on it and the levels
//! are cut on it (`Difficulty::of_er`).

use std::fmt;

/// A rating on Sudoku Explainer's scale, in tenths (ER 7.5 is `Er(75)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Er(pub u16);

impl fmt::Display for Er {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// What SE adds to a chain's base rating for its length: 0.1 for each time
/// the chain's size, less two, passes a ceiling that starts at 4 and grows
/// by half and a third in turn (4, 6, 8, 12, 16, 24, ...). `size` counts
/// the chain's nodes, the facts that are on and those that are off.
pub fn length_tenths(size: usize) -> u16 {
    let length = size.saturating_sub(2);
    let (mut added, mut ceiling, mut odd) = (0, 4, false);
    while length > ceiling {
        added += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// The rating of a chain: its kind's `base` plus what its size adds.
pub fn chain(base: Er, size: usize) -> Er {
    Er(base.0 + length_tenths(size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_steps_follow_se_ceilings() {
        // SE's own table of ceilings (ChainingHint.getLengthDifficulty):
        // 4, 6, 8, 12, 16, 24, 32, 48, ... on the size less two
        let ceilings = [4, 6, 8, 12, 16, 24, 32, 48, 64, 96];
        for size in 0..120 {
            let expected = ceilings
                .iter()
                .filter(|&&c| size >= 2 && size - 2 > c)
                .count();
            assert_eq!(length_tenths(size) as usize, expected, "size {size}");
        }
        assert_eq!(chain(Er(85), 20).to_string(), "9.0");
    }
}
