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

/// SukakuExplainer's rating of an X-chain of `links` strong links (its
/// "N Strong links" rule, which finds them before its forcing chains): 4.0,
/// 5.4, 5.8, 6.2 and 6.6 for two to six links, 0.1 more when a box, or both
/// a row and a column, hold a link, and 0.2 when both do. Past six links SE
/// finds it as a forcing X-chain: 6.6 and what its length adds (`chain`).
pub fn strong_links(links: usize, boxed: bool, rows_and_columns: bool) -> Er {
    const BASE: [u16; 5] = [40, 54, 58, 62, 66];
    match BASE.get(links.saturating_sub(2)) {
        Some(&base) => Er(base + u16::from(boxed) + u16::from(rows_and_columns)),
        None => chain(Er(66), 2 * links + 2),
    }
}

/// SE's rating of a chain through `cells` bivalue cells (tudoku's XY-chain):
/// a forcing Y-chain, 6.6 and what its length adds. From the candidate it
/// removes back to itself the chain has two facts per cell and that
/// candidate twice.
pub fn y_chain(cells: usize) -> Er {
    chain(Er(66), 2 * cells + 2)
}

/// SE's rating of an alternating chain that mixes bivalue cells and a
/// digit's two places in a unit, of `strong` strong links: a forcing chain,
/// 7.0 and what its length adds (as `y_chain`, two facts per link and the
/// removed candidate twice).
pub fn forcing_chain(strong: usize) -> Er {
    chain(Er(70), 2 * strong + 2)
}

/// SE's rating of a bivalue cell and an almost locked set of `set` cells
/// sharing two digits, one of them restricted (tudoku's ALS-XZ): its wing
/// of `set + 1` cells and as many digits. Three cells are the XY-wing (4.2)
/// or, with a cell of three candidates, the XYZ-wing (4.4); four are the
/// WXYZ-wing (5.5), five the VWXYZ-wing (6.2), which add 0.1 for each step
/// the most candidates a cell of it has (`widest`) is nearer the middle of
/// 2 and the wing's size; six are the UVWXYZ-wing (6.6), seven the
/// TUVWXYZ-wing (7.5).
pub fn wing(set: usize, widest: usize) -> Er {
    let size = set + 1;
    match size {
        ..=3 => Er(if widest > 2 { 44 } else { 42 }),
        4 | 5 => {
            let middle = (size + 2) / 2;
            let nearer = (size - middle).saturating_sub(middle.abs_diff(widest));
            Er([55, 62][size - 4] + nearer as u16)
        }
        6 => Er(66),
        _ => Er(75),
    }
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

    #[test]
    fn x_chains_rate_as_se_strong_link_rule() {
        // StrongLinksHint.getDifficulty: base 4.0, 5.4, 5.8, 6.2, 6.6 for 2
        // to 6 links; SE's names in the sample: "Skyscraper" 4.0, "2 Strong
        // links 001" (a box and a row) 4.1, "3 Strong links 0012" 5.6
        assert_eq!(strong_links(2, false, false), Er(40));
        assert_eq!(strong_links(2, true, false), Er(41));
        assert_eq!(strong_links(3, true, true), Er(56));
        assert_eq!(strong_links(6, false, false), Er(66));
        // past six, a forcing X-chain: 16 nodes add 0.4 to 6.6
        assert_eq!(strong_links(7, false, false), Er(70));
    }

    #[test]
    fn chains_add_se_length_steps_to_their_kind() {
        // ForcingChainHint: Y-chain 6.6, X and Y mixed 7.0, plus length; a
        // W-wing is a mixed chain of 8 nodes, which SE rates 7.1
        assert_eq!(y_chain(4), Er(68));
        assert_eq!(y_chain(7), Er(70));
        assert_eq!(forcing_chain(3), Er(71));
        assert_eq!(forcing_chain(5), Er(73));
    }

    #[test]
    fn wings_rate_by_size_and_widest_cell() {
        // WXYZWingHint, VWXYZWingHint: "WXYZ-Wing 126" 5.5 has a cell of
        // two candidates at most, "WXYZ-Wing 137" 5.6 one of three,
        // "VWXYZ-Wing 128" 6.3 one of two (the suffix's middle digit;
        // XYWingHint: 4.2, 4.4; UVWXYZWingHint 6.6)
        assert_eq!(wing(2, 2), Er(42));
        assert_eq!(wing(2, 3), Er(44));
        assert_eq!(wing(3, 2), Er(55));
        assert_eq!(wing(3, 3), Er(56));
        assert_eq!(wing(3, 4), Er(55));
        assert_eq!(wing(4, 2), Er(63));
        assert_eq!(wing(4, 4), Er(63));
        assert_eq!(wing(4, 3), Er(64));
        assert_eq!(wing(4, 5), Er(62));
        assert_eq!(wing(5, 2), Er(66));
    }
}
