//! Propagation at each node: band updates (locked candidates and hidden
//! singles within bands, pointing into columns), naked singles and hidden
//! singles in columns.

use super::bits::{Bits, each_bit};
use super::search::Core;
use super::state::State;
use super::tables::{BOX_SETS, MATRICES, PATTERN_BITS, PATTERNS, Tables, on_matchings};

/// `$body` repeated for `$i` = 0, 1, .. 31, each time a constant: a loop
/// unrolled by hand, since the compiler will not unroll one this large.
macro_rules! unrolled {
    ($i:ident in 0..32 $body:block) => {
        unrolled!(@ $i $body; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
            16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31)
    };
    (@ $i:ident $body:block; $($k:literal)*) => {
        $({
            let $i: usize = $k;
            $body
        })*
    };
}

/// Digit-bands (`N * W`) of the boards whose band updates `update_small`
/// unrolls: every shape up to 9x9 (2x4 boxes have the most, 8 x 4).
const SMALL_BOARD_BANDS: usize = 32;

impl<const H: usize, const W: usize, const N: usize, B: Bits> Core<H, W, N, B> {
    /// Updates every digit's band that changed since its last update, until
    /// none did, then places naked singles (and column singles, see
    /// `wants_column_singles`), and again until nothing changes; false on a
    /// contradiction. `sparse_root`: the state is the root of a sparse
    /// grid's search (`Core::is_sparse`).
    #[inline(never)]
    pub(super) fn propagate(state: &mut State<B, N, W>, sparse_root: bool) -> bool {
        let tables = Self::TABLES;
        loop {
            let consistent = if N * W <= SMALL_BOARD_BANDS {
                Self::update_small(tables, state)
            } else {
                Self::update_large(tables, state)
            };
            if !consistent {
                return false;
            }
            if state.unsolved.iter().all(|&u| u == B::ZERO) {
                return true;
            }
            let placed = match Self::naked_singles(state) {
                None => return false,
                Some(true) => true,
                Some(false) if !Self::wants_column_singles(state, sparse_root) => false,
                Some(false) => match Self::column_singles(state) {
                    None => return false,
                    Some(placed) => placed,
                },
            };
            if !placed {
                return true;
            }
        }
    }

    /// Updates every digit-band that changed since its last update, until
    /// none did; false on a contradiction. Boards up to 9x9 (at most
    /// `SMALL_BOARD_BANDS` digit-bands) run this most: the scan is unrolled,
    /// so every digit-band's check and update works on fixed offsets in the
    /// state, with no call, loop counter or bounds check per digit-band.
    pub(super) fn update_small(tables: &Tables, state: &mut State<B, N, W>) -> bool {
        loop {
            unrolled!(at in 0..32 {
                if at < N * W {
                    let (d, band) = (at / W, at % W);
                    if state.every_digit >> d & 1 != 0
                        && state.cells[d][band] != state.updated[d][band]
                        && !Self::update(tables, state, d, band)
                    {
                        return false;
                    }
                }
            });
            if Self::settled(state) {
                return true;
            }
        }
    }

    /// Whether no digit-band changed since its last update: one pass over
    /// the state that the compiler vectorises.
    #[inline(always)]
    pub(super) fn settled(state: &State<B, N, W>) -> bool {
        let changes = state
            .cells
            .as_flattened()
            .iter()
            .zip(state.updated.as_flattened())
            .fold(B::ZERO, |changes, (&now, &then)| changes | (now ^ then));
        changes == B::ZERO
    }

    /// `update_small` for larger boards, whose many digits make unrolling
    /// too big: a loop that skips the digits with no changed band, calling
    /// the update out of line.
    pub(super) fn update_large(tables: &Tables, state: &mut State<B, N, W>) -> bool {
        let mut changed = true;
        while changed {
            changed = false;
            for d in 0..N {
                if state.cells[d] == state.updated[d] {
                    continue;
                }
                for band in 0..W {
                    if state.cells[d][band] != state.updated[d][band] {
                        changed = true;
                        if !Self::update_out_of_line(tables, state, d, band) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    #[inline(never)]
    pub(super) fn update_out_of_line(
        tables: &Tables,
        state: &mut State<B, N, W>,
        d: usize,
        band: usize,
    ) -> bool {
        Self::update(tables, state, d, band)
    }

    /// Digit `d` in one band: it goes exactly once in each of the band's
    /// rows and boxes, so which row crosses which box in it is a matching of
    /// rows to boxes. Keeps only the cells where some matching places it
    /// (locked candidates within the band), takes out of the other bands
    /// the columns that a box of this band confines it to, and marks solved
    /// the cells that are the last place for the digit in their box. False
    /// when no matching is left.
    #[inline(always)]
    pub(super) fn update(
        tables: &Tables,
        state: &mut State<B, N, W>,
        d: usize,
        band: usize,
    ) -> bool {
        let bits = Self::on_matchings(tables, state.cells[d][band]);
        if bits == B::ZERO {
            return false;
        }
        state.updated[d][band] = bits;
        // Columns holding the digit in at least one and two of the rows.
        let (mut once, mut twice) = (0, 0);
        for i in 0..H {
            let row = Self::row(bits, i);
            twice |= once & row;
            once |= row;
        }
        let confined = Self::single_columns(tables, once);
        let elsewhere = !Self::in_every_row(confined);
        for (other, cells) in state.cells[d].iter_mut().enumerate() {
            if other != band {
                *cells &= elsewhere;
            }
        }
        // A box whose one column holds the digit in one row has one cell.
        // Mostly these were solved before. Up to 9x9, clearing them again
        // anyway costs less than the branch that would skip it, which is
        // hard to predict; larger boards have too many digits to clear.
        let solved = bits & Self::in_every_row(confined & !twice);
        if N <= 9 || solved & state.unsolved[band] != B::ZERO {
            state.unsolved[band] &= !solved;
            for other in &mut state.cells {
                other[band] &= !solved;
            }
        }
        state.cells[d][band] = bits;
        true
    }

    /// The cells of `bits` (one digit's band) that lie on some matching of
    /// the band's rows to its boxes; none when there is no matching.
    pub(super) fn on_matchings(tables: &Tables, bits: B) -> B {
        let crossings = (0..H).fold(0, |matrix, i| {
            matrix | Self::boxes(tables, Self::row(bits, i)) << (i * H)
        });
        let keep = if H <= 3 {
            B::from_u64(tables.on_matchings[crossings as usize % MATRICES])
        } else {
            let allowed = on_matchings(tables.permutations(), crossings);
            (0..H).fold(B::ZERO, |keep, i| {
                let boxes = (allowed >> (i * H)) as usize % BOX_SETS;
                keep | B::from_u32(tables.spread[boxes]) << (i * N)
            })
        };
        bits & keep
    }

    /// The boxes in which `row` has cells, bit k for box k.
    pub(super) fn boxes(tables: &Tables, row: u32) -> u32 {
        Self::by_patterns(row, 1, |pattern| tables.boxes[pattern].into())
    }

    /// The columns of `columns` that are the only one of their box in it.
    pub(super) fn single_columns(tables: &Tables, columns: u32) -> u32 {
        Self::by_patterns(columns, W, |pattern| tables.single_columns[pattern].into())
    }

    /// Looks a row up in a table of patterns, `PATTERN_BITS` columns (whole
    /// boxes) at a time, and joins the answers, `per_box` bits for each box.
    pub(super) fn by_patterns(row: u32, per_box: usize, lookup: impl Fn(usize) -> u32) -> u32 {
        let boxes = PATTERN_BITS / W;
        (0..H.div_ceil(boxes)).fold(0, |joined, j| {
            let pattern = (row >> (j * boxes * W)) as usize % PATTERNS;
            joined | lookup(pattern) << (j * boxes * per_box)
        })
    }

    /// Counts each cell's candidates up to three: places the cells left with
    /// one and notes those with two. `None` when a cell has none,
    /// otherwise whether it placed any.
    pub(super) fn naked_singles(state: &mut State<B, N, W>) -> Option<bool> {
        let mut placed = false;
        for band in 0..W {
            let (mut one, mut two, mut three) = (B::ZERO, B::ZERO, B::ZERO);
            for d in 0..N {
                let bits = state.cells[d][band];
                three |= two & bits;
                two |= one & bits;
                one |= bits;
            }
            if one != Self::band() {
                return None;
            }
            state.pairs[band] = two & !three;
            for cell in each_bit(one & !two & state.unsolved[band]) {
                // An earlier single of this pass may have taken the only
                // candidate.
                let d = Self::first_digit(state, band, cell)?;
                Self::place(state, d, band, cell);
                placed = true;
            }
        }
        Some(placed)
    }

    /// Whether to look for column singles once no naked single is left.
    /// They cost a pass over every digit. On 16x16 and larger boards they
    /// always pay off; on smaller ones only at the root of a sparse grid's
    /// search, where they often spare it altogether (17-clue puzzles), and
    /// where no cell has two candidates: deeper down, branching on such a
    /// cell mostly finds the same contradiction sooner (measured on top1465
    /// and hardest_1106).
    pub(super) fn wants_column_singles(state: &State<B, N, W>, sparse_root: bool) -> bool {
        N > 12 || sparse_root || state.pairs.iter().all(|&pairs| pairs == B::ZERO)
    }

    /// Hidden singles in columns, which band updates do not see: places
    /// each digit that has one unsolved cell left in a column. `None` when a
    /// digit has no cell left in some column, otherwise whether it placed any.
    /// Once propagation is done, a column where the digit is solved has no
    /// other cell for it, so counting the unsolved cells is enough.
    pub(super) fn column_singles(state: &mut State<B, N, W>) -> Option<bool> {
        let mut placed = false;
        for d in 0..N {
            // Cells of the digit at each position of a band: in any band, in
            // at least one unsolved cell, in at least two.
            let (mut any, mut once, mut twice) = (B::ZERO, B::ZERO, B::ZERO);
            for band in 0..W {
                let bits = state.cells[d][band];
                let open = bits & state.unsolved[band];
                any |= bits;
                twice |= once & open;
                once |= open;
            }
            // The same by columns, folding the band's rows.
            let (mut columns, mut once_in_column, mut twice_in_column) = (0, 0, 0);
            for i in 0..H {
                let row = Self::row(once, i);
                columns |= Self::row(any, i);
                twice_in_column |= once_in_column & row | Self::row(twice, i);
                once_in_column |= row;
            }
            if columns != Self::ROW {
                return None;
            }
            let mut hidden = once_in_column & !twice_in_column;
            while hidden != 0 {
                let column = Self::in_every_row(hidden & hidden.wrapping_neg());
                hidden &= hidden - 1;
                // An earlier single of this pass may have taken the cell.
                let band = (0..W).find(|&band| state.cells[d][band] & column != B::ZERO)?;
                let cell = state.cells[d][band] & column;
                Self::place(state, d, band, cell);
                placed = true;
            }
        }
        Some(placed)
    }
}
