//! Where to branch: a cell with two candidates when there is one (DSatur),
//! else one with the fewest.

use super::bits::{Bits, each_bit};
use super::search::Core;
use super::state::State;

impl<const H: usize, const W: usize, const N: usize, B: Bits> Core<H, W, N, B> {
    /// The branch to take, as (digit, band, cell bit): the first candidate
    /// of a cell with two candidates when there is one, else of the first
    /// cell with the fewest; `None` when the board is full.
    pub(super) fn branch_cell(state: &State<B, N, W>) -> Option<(usize, usize, B)> {
        let (band, cell) = Self::fewest_candidates(state)?;
        let d = Self::first_digit(state, band, cell)?;
        Some((d, band, cell))
    }

    /// An unsolved cell with two candidates when there is one, else the
    /// first with the fewest, as (band, bit).
    pub(super) fn fewest_candidates(state: &State<B, N, W>) -> Option<(usize, B)> {
        if state.unsolved.iter().all(|&u| u == B::ZERO) {
            return None;
        }
        if let Some(band) = (0..W).find(|&band| state.pairs[band] != B::ZERO) {
            let pairs = state.pairs[band];
            return Some((band, pairs & !pairs.without_lowest()));
        }
        let mut best = None;
        let mut fewest = usize::MAX;
        for band in 0..W {
            for cell in each_bit(state.unsolved[band]) {
                let k = (0..N)
                    .filter(|&d| state.cells[d][band] & cell != B::ZERO)
                    .count();
                if k < fewest {
                    (best, fewest) = (Some((band, cell)), k);
                    if k == 3 {
                        return best;
                    }
                }
            }
        }
        best
    }
}
