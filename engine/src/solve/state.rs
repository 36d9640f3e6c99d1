//! The search state, digit-major by bands, and the edits that place and
//! remove digits in it.

use crate::board::digits::DigitSet;
use crate::board::grid::Grid;

use super::bits::{Bits, each_bit};
use super::search::Core;
use super::tables::MAX_BAND;

/// Everything the search changes, small enough to copy at each branch.
#[derive(Clone, Copy)]
pub(super) struct State<B, const N: usize, const W: usize> {
    /// For each digit and band, the cells that may hold the digit. A solved
    /// cell keeps its own digit's bit, so every row, column and box keeps at
    /// least one cell per digit while the board is consistent.
    pub(super) cells: [[B; W]; N],
    /// `cells` as the last update of each digit and band left them: where
    /// the two differ, that digit's band needs updating again.
    pub(super) updated: [[B; W]; N],
    /// Cells not yet solved, per band.
    pub(super) unsolved: [B; W],
    /// Unsolved cells with two candidates, per band, as the last naked-single
    /// pass found them: the first choice for branching (stale once the board
    /// is full).
    pub(super) pairs: [B; W],
    /// Every digit's bit, never changed. `update_small` tests its digit's
    /// bit before each digit-band check: always true, but read from memory,
    /// which keeps the compiler from holding board values in registers across
    /// the unrolled scan, where it would spill them (JCZSolve ports do the
    /// same; measured fewer instructions per update).
    pub(super) every_digit: u32,
}

impl<B: Bits, const N: usize, const W: usize> State<B, N, W> {
    /// `*self = *other`, field by field: each field is small enough for
    /// the compiler to copy in a few moves in place, where the whole state
    /// (244 bytes on 9x9) was a call to `memmove`.
    #[inline(always)]
    pub(super) fn copy_from(&mut self, other: &Self) {
        self.cells = other.cells;
        self.updated = other.updated;
        self.unsolved = other.unsolved;
        self.pairs = other.pairs;
        self.every_digit = other.every_digit;
    }
}

impl<const H: usize, const W: usize, const N: usize, B: Bits> Core<H, W, N, B> {
    pub(super) fn empty_state() -> State<B, N, W> {
        State {
            cells: [[Self::band(); W]; N],
            updated: [[B::ZERO; W]; N],
            unsolved: [Self::band(); W],
            pairs: [B::ZERO; W],
            every_digit: u32::MAX,
        }
    }

    /// Places the puzzle's givens, each taken out of its peers, and returns
    /// how many there are; `None` when two of them clash in a row or a box
    /// (a clash in a column is left to the band updates, which find it).
    pub(super) fn place_givens(state: &mut State<B, N, W>, grid: &Grid) -> Option<usize> {
        // Band by band: no cell index is divided to find its band and bit,
        // which showed on easy puzzles, where the givens are most of the work.
        // The givens' cells of a band are gathered first, without a branch,
        // and then visited: a test of each cell, given or empty at random,
        // is a branch the processor mostly guesses wrong.
        let mut givens = 0;
        let mut given = [[B::ZERO; W]; N];
        let mut filled = [B::ZERO; W];
        for (band, values) in (0..W).zip(grid.values().chunks_exact(Self::BAND)) {
            filled[band] = values
                .iter()
                .enumerate()
                .fold(B::ZERO, |filled, (bit, &value)| {
                    filled | B::from_u32(u32::from(value != 0)) << bit
                });
            for cell in each_bit(filled[band]) {
                let value = values[cell.trailing_zeros() as usize];
                let d = value as usize - 1;
                if d >= N || state.cells[d][band] & cell == B::ZERO {
                    return None;
                }
                Self::place(state, d, band, cell);
                given[d][band] |= cell;
                givens += 1;
            }
        }
        Self::settle_givens(state, &given, &filled);
        Some(givens)
    }

    /// Takes every given's digit out of its column and the other digits out
    /// of its cell, all at once: `given` holds each digit's givens, `filled`
    /// every given's cell. The root's band updates would find the same, a
    /// digit-band at a time, each undoing what an earlier update of the
    /// sweep had settled, so that sweep after sweep went round again
    /// (callgrind, whole process: serg_benchmark 3.0% and 17_clue 7.1%
    /// fewer instructions).
    fn settle_givens(state: &mut State<B, N, W>, given: &[[B; W]; N], filled: &[B; W]) {
        for (cells, own) in state.cells.iter_mut().zip(given) {
            let columns = own.iter().fold(0, |columns, &bits| {
                (0..H).fold(columns, |c, i| c | Self::row(bits, i))
            });
            let elsewhere = !Self::in_every_row(columns);
            for band in 0..W {
                cells[band] &= elsewhere & !filled[band] | own[band];
            }
        }
        for (unsolved, &filled) in state.unsolved.iter_mut().zip(filled) {
            *unsolved &= !filled;
        }
    }

    /// Takes out of each empty cell the digits its `candidates` set lacks
    /// (nothing when `candidates` is empty).
    pub(super) fn limit_to(state: &mut State<B, N, W>, grid: &Grid, candidates: &[DigitSet]) {
        let cells = grid.values().iter().zip(candidates).enumerate();
        for (at, (_, &allowed)) in cells.filter(|(_, (v, _))| **v == 0) {
            let (band, cell) = (at / Self::BAND, B::from_u32(1) << (at % Self::BAND));
            for d in DigitSet::full(N) - allowed {
                state.cells[d as usize - 1][band] &= !cell;
            }
        }
    }

    /// Places digit `d` in `cell` (a bit of `band`, which must allow it):
    /// removes it from the rest of the cell's row and box. The update of
    /// the band finishes the job: it finds the cell solved, takes the digit
    /// out of the cell's column and the other digits out of the cell.
    pub(super) fn place(state: &mut State<B, N, W>, d: usize, band: usize, cell: B) {
        let peers = B::from_u128(Self::PEERS[cell.trailing_zeros() as usize % MAX_BAND]);
        state.cells[d][band] &= !peers | cell;
    }

    /// Takes digit `d` out of `cell` in the state left to search once the
    /// branch placing it is done. A cell with two candidates then has one:
    /// placing it now spares a round of propagation to find it.
    pub(super) fn take_out(state: &mut State<B, N, W>, d: usize, band: usize, cell: B) {
        state.cells[d][band] &= !cell;
        if state.pairs[band] & cell != B::ZERO
            && let Some(other) = Self::first_digit(state, band, cell)
        {
            Self::place(state, other, band, cell);
        }
    }

    /// The lowest digit `cell` (a bit of `band`) may hold, `None` when it
    /// may hold none. Up to 9x9 every digit is looked at, with no branch:
    /// a search that stops at the digit is a branch the processor mostly
    /// guesses wrong, once for every single placed and every branch
    /// (whole process: 17_clue 0.7-1.3% faster, serg_benchmark within
    /// 0.5%). Larger boards have too many digits for that (16x16 10%
    /// slower), and search.
    pub(super) fn first_digit(state: &State<B, N, W>, band: usize, cell: B) -> Option<usize> {
        if N > 9 {
            return (0..N).find(|&d| state.cells[d][band] & cell != B::ZERO);
        }
        let mut found = N;
        for d in (0..N).rev() {
            if state.cells[d][band] & cell != B::ZERO {
                found = d;
            }
        }
        (found < N).then_some(found)
    }

    /// Copies a solved state into a grid.
    pub(super) fn write_solution(state: &State<B, N, W>, grid: &mut Grid) {
        // A band at a time, into a buffer that any band fits in, indexed
        // through a mask: no bounds check for each cell (serg_benchmark
        // writes 81 cells for each puzzle, the first solution found).
        let mut values = [0; MAX_BAND];
        for band in 0..W {
            for (d, bands) in state.cells.iter().enumerate() {
                for cell in each_bit(bands[band]) {
                    values[cell.trailing_zeros() as usize % MAX_BAND] = d as u8 + 1;
                }
            }
            grid.put_all(band * Self::BAND, &values[..Self::BAND]);
        }
    }

    /// Each cell's digits as the state holds them (a solved cell its own),
    /// into `sets`, for a search that takes over from this one.
    pub(super) fn candidates(state: &State<B, N, W>, sets: &mut Vec<DigitSet>) {
        sets.clear();
        sets.resize(N * N, DigitSet::EMPTY);
        Self::each_candidate(state, |at, d| sets[at] |= DigitSet::single(d as u8 + 1));
    }

    /// Calls `f(cell, digit index)` for every digit every cell may hold.
    fn each_candidate(state: &State<B, N, W>, mut f: impl FnMut(usize, usize)) {
        for (d, bands) in state.cells.iter().enumerate() {
            for (band, &bits) in bands.iter().enumerate() {
                for cell in each_bit(bits) {
                    f(band * Self::BAND + cell.trailing_zeros() as usize, d);
                }
            }
        }
    }

    /// The cells not yet solved.
    pub(super) fn unsolved_count(state: &State<B, N, W>) -> u32 {
        state.unsolved.iter().map(|&u| u.count_ones()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Shape;
    use crate::solve::solver::solve;
    use crate::solve::triad::tests::sample;

    /// Planting a grid leaves each given's cell its digit alone, and every
    /// empty cell the digits that no given among its peers holds: no more,
    /// no fewer. The oracle is the board's geometry, not the band layout.
    fn assert_planted_exactly<const H: usize, const W: usize, const N: usize, B: Bits>(
        grid: &Grid,
    ) {
        let mut core = Core::<H, W, N, B>::new();
        assert!(core.plant(grid).is_some(), "{grid}");
        let mut sets = Vec::new();
        Core::<H, W, N, B>::candidates(core.root(), &mut sets);
        let geometry = grid.shape().geometry();
        let values = grid.values();
        for (cell, &v) in values.iter().enumerate() {
            let expected = if v != 0 {
                DigitSet::single(v)
            } else {
                geometry.peers[cell]
                    .iter()
                    .fold(DigitSet::full(N), |left, &peer| {
                        left - DigitSet::single(values[peer])
                    })
            };
            assert_eq!(sets[cell], expected, "cell {cell} of {grid}");
        }
        let empty = values.iter().filter(|&&v| v == 0).count();
        assert_eq!(
            Core::<H, W, N, B>::unsolved_count(core.root()) as usize,
            empty,
            "{grid}"
        );
    }

    /// A solution of the empty board of `shape` with every third cell, and
    /// then every other, left empty.
    fn thinned(shape: Shape) -> Vec<Grid> {
        let full = solve(&Grid::empty(shape)).expect("an empty board has a solution");
        [3, 2]
            .into_iter()
            .map(|step| {
                let mut grid = full.clone();
                for cell in (0..grid.values().len()).step_by(step) {
                    grid.put(cell, 0);
                }
                grid
            })
            .collect()
    }

    #[test]
    fn planting_takes_each_given_out_of_its_peers_and_nothing_else() {
        for file in ["serg_sample.txt", "17_clue_sample.txt"] {
            for grid in sample(file, 10) {
                assert_planted_exactly::<3, 3, 9, u32>(&grid);
            }
        }
        let shape = |h, w| Shape::new(h, w).expect("a supported shape");
        for grid in thinned(shape(2, 2)) {
            assert_planted_exactly::<2, 2, 4, u32>(&grid);
        }
        for grid in thinned(shape(2, 3)) {
            assert_planted_exactly::<2, 3, 6, u32>(&grid);
        }
        for grid in thinned(shape(4, 2)) {
            assert_planted_exactly::<4, 2, 8, u32>(&grid);
        }
        for grid in thinned(shape(3, 4)) {
            assert_planted_exactly::<3, 4, 12, u64>(&grid);
        }
        for grid in thinned(shape(4, 4)) {
            assert_planted_exactly::<4, 4, 16, u64>(&grid);
        }
        for grid in thinned(shape(5, 5)) {
            assert_planted_exactly::<5, 5, 25, u128>(&grid);
        }
    }
}
