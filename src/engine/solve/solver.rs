//! Solving and counting (seed sudoku-graph-coloring): Sudoku as colouring the
//! peer graph with n colours, by a backtracker that branches on a cell with
//! the fewest remaining colours (DSatur: a cell with two when there is one)
//! and propagates forced colours at each node.
//!
//! The board is kept digit-major, by bands (the rows of one row of boxes):
//! for each digit and band, one bitmask of the band's cells that may still
//! hold the digit (`u32` up to 9x9, `u64` up to 16x16, `u128` for 25x25),
//! read a row at a time through small per-shape tables. Within a band a
//! digit goes once in each row and once in each box, so an update of one
//! digit's band keeps only the row-box crossings that lie on a matching of
//! rows to boxes (which finds pointing and claiming locked candidates in the
//! band), takes the digit out of columns that a box of the band confines it
//! to, and marks solved the cells that are the last place for the digit in
//! their box (hidden singles), clearing the other digits from them. Propagation only
//! updates the digit-bands that changed since their last update, then counts
//! each cell's candidates up to three with a few bit operations per digit to
//! place naked singles and note bivalue cells for branching, and when that
//! finds none, may look for hidden singles in columns. The idea is
//! zhouyundong's JCZSolve band solver, here generic over the box shape: the
//! search core takes the box's `H` rows and `W` columns as const generics, so
//! every supported shape gets fixed-size arrays and unrolled loops, and a
//! search state that is copied once, not allocated, when the search
//! branches. The search keeps its own stack on the heap, so 25x25 boards
//! never overflow the call stack.
//!
//! Counting all solutions of a sparse grid counts one solution per
//! relabelling of the unused digits (see `one_per_relabelling`).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Mul, Not, Shl, Shr};
use std::sync::OnceLock;

use super::triad::Nine;
use crate::engine::board::digits::DigitSet;
use crate::engine::board::geometry::{SUPPORTED_SHAPES, Shape};
use crate::engine::board::grid::Grid;

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
/// How many solutions a puzzle has, up to the limit the caller asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolutionCount {
    /// The search finished: exactly this many.
    Exactly(u64),
    /// The search stopped at the limit: this many or more.
    AtLeast(u64),
}

impl SolutionCount {
    /// The number of solutions found before stopping.
    pub fn found(self) -> u64 {
        match self {
            SolutionCount::Exactly(k) | SolutionCount::AtLeast(k) => k,
        }
    }

    /// True when the puzzle has exactly one solution.
    pub fn is_unique(self) -> bool {
        self == SolutionCount::Exactly(1)
    }
}

/// What one search for "a solution, and is it the only one" found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No solution exists.
    Unsolvable,
    /// Exactly one solution, this one.
    Unique(Grid),
    /// At least two solutions; this is the first one found.
    Multiple(Grid),
}

impl Outcome {
    /// The solution found, if any.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Unsolvable => None,
            Outcome::Unique(g) | Outcome::Multiple(g) => Some(g),
        }
    }

    pub fn is_unique(&self) -> bool {
        matches!(self, Outcome::Unique(_))
    }
}

/// The first solution found, or `None` when the puzzle has none.
pub fn solve(grid: &Grid) -> Option<Grid> {
    Solver::new().solve(grid)
}

/// Counts solutions, stopping at `limit` (0 counts them all).
pub fn count(grid: &Grid, limit: u64) -> SolutionCount {
    Solver::new().count(grid, limit)
}

/// The first solution and whether a second one exists, in one search.
pub fn solve_unique(grid: &Grid) -> Outcome {
    Solver::new().solve_unique(grid)
}

/// A solver that keeps its search buffers between puzzles, for callers that
/// solve many (generation asks `count(2)` thousands of times per puzzle).
#[derive(Default)]
pub struct Solver {
    /// One search core per supported shape, created on first use.
    cores: [Option<Box<dyn Search>>; SUPPORTED_SHAPES.len()],
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The first solution found, or `None` when the puzzle has none.
    pub fn solve(&mut self, grid: &Grid) -> Option<Grid> {
        let mut first = Grid::empty(grid.shape());
        let found = self
            .core(grid.shape())
            .run(grid, &[], 1, Some(&mut first), &mut quiet);
        (found > 0).then_some(first)
    }

    /// Counts solutions, stopping at `limit` (0 counts them all).
    pub fn count(&mut self, grid: &Grid, limit: u64) -> SolutionCount {
        self.count_with_progress(grid, limit, &mut quiet)
    }

    /// `count`, telling `progress` the number found so far every
    /// [`PROGRESS_EVERY`] solutions, for callers that show a long count
    /// going (a count can take hours).
    pub fn count_with_progress(
        &mut self,
        grid: &Grid,
        limit: u64,
        progress: &mut dyn FnMut(u64),
    ) -> SolutionCount {
        if limit == 0
            && let Some((representatives, group)) = one_per_relabelling(grid)
        {
            let mut scaled = |found: u64| progress(found.saturating_mul(group));
            let found = self
                .core(grid.shape())
                .run(&representatives, &[], 0, None, &mut scaled);
            return match found.checked_mul(group) {
                Some(total) => SolutionCount::Exactly(total),
                None => SolutionCount::AtLeast(u64::MAX),
            };
        }
        let found = self
            .core(grid.shape())
            .run(grid, &[], limit, None, progress);
        if limit != 0 && found >= limit {
            SolutionCount::AtLeast(found)
        } else {
            SolutionCount::Exactly(found)
        }
    }

    /// The first solution and whether a second one exists, in one search.
    pub fn solve_unique(&mut self, grid: &Grid) -> Outcome {
        self.solve_unique_within(grid, &[])
    }

    /// `solve_unique` with the empty cells' digits limited to `candidates`
    /// (one set per cell; an empty slice limits nothing). The rater knows
    /// candidates that logic ruled out in every solution: the search then
    /// finds the same solutions with far fewer branches.
    pub fn solve_unique_within(&mut self, grid: &Grid, candidates: &[DigitSet]) -> Outcome {
        let mut first = Grid::empty(grid.shape());
        match self
            .core(grid.shape())
            .run(grid, candidates, 2, Some(&mut first), &mut quiet)
        {
            0 => Outcome::Unsolvable,
            1 => Outcome::Unique(first),
            _ => Outcome::Multiple(first),
        }
    }

    fn core(&mut self, shape: Shape) -> &mut dyn Search {
        let index = shape_index(shape);
        self.cores[index]
            .get_or_insert_with(|| match (shape.box_rows(), shape.box_cols()) {
                (2, 2) => Box::new(Core::<2, 2, 4, u32>::new()),
                (2, 3) => Box::new(Core::<2, 3, 6, u32>::new()),
                (3, 2) => Box::new(Core::<3, 2, 6, u32>::new()),
                (2, 4) => Box::new(Core::<2, 4, 8, u32>::new()),
                (4, 2) => Box::new(Core::<4, 2, 8, u32>::new()),
                (3, 3) => Box::new(Nine::new()),
                (3, 4) => Box::new(Core::<3, 4, 12, u64>::new()),
                (4, 3) => Box::new(Core::<4, 3, 12, u64>::new()),
                (4, 4) => Box::new(Core::<4, 4, 16, u64>::new()),
                _ => Box::new(Core::<5, 5, 25, u128>::new()),
            })
            .as_mut()
    }
}

/// The generic search for 9x9 boards, which `Solver` replaces with the
/// faster [`Nine`]: the oracle that the 9x9 solver's tests compare with.
#[cfg(test)]
pub(super) fn generic_nine() -> impl Search {
    Core::<3, 3, 9, u32>::new()
}

/// How often, in solutions found, `count_with_progress` reports.
pub const PROGRESS_EVERY: u64 = 1 << 16;

/// A progress callback that ignores the news.
fn quiet(_found: u64) {}

/// Counting every solution of a grid whose givens leave k >= 2 digits
/// unused: relabelling those digits among themselves maps solutions to
/// solutions, so they come in groups of k! (seed sudoku-symmetry-group). When
/// some unit's givens are all the used digits, its k empty cells hold the
/// unused digits in some order in every solution, and exactly one solution of
/// each group holds them in ascending order. Returns the grid with that unit so
/// filled and the group size k!, or `None` when no unit fits (or k! overflows).
fn one_per_relabelling(grid: &Grid) -> Option<(Grid, u64)> {
    let g = grid.shape().geometry();
    let used: DigitSet = grid.values().iter().filter(|&&v| v != 0).copied().collect();
    let unused = DigitSet::full(g.n) - used;
    if unused.len() < 2 {
        return None;
    }
    let unit = g.units.iter().find(|unit| {
        let givens: DigitSet = unit
            .iter()
            .map(|&c| grid.get(c))
            .filter(|&v| v != 0)
            .collect();
        givens == used
    })?;
    let group = (2..=u64::from(unused.len())).try_fold(1u64, |f, k| f.checked_mul(k))?;
    let mut representatives = grid.clone();
    let empty = unit.iter().filter(|&&c| grid.get(c) == 0);
    for (&cell, digit) in empty.zip(unused) {
        representatives.set(cell, digit);
    }
    Some((representatives, group))
}

fn shape_index(shape: Shape) -> usize {
    SUPPORTED_SHAPES
        .iter()
        .position(|&(r, c)| r as usize == shape.box_rows() && c as usize == shape.box_cols())
        .expect("Shape values are only built from SUPPORTED_SHAPES")
}

/// A search for one box shape, behind a trait object so that `Solver` can
/// hold one per shape.
pub(super) trait Search {
    /// Searches `grid` with its empty cells limited to `candidates` (when
    /// given, one set per cell), stopping after `limit` solutions (0: never),
    /// writes the first solution into `first` when given, tells `progress`
    /// the number found every [`PROGRESS_EVERY`] solutions, and returns how
    /// many it found.
    fn run(
        &mut self,
        grid: &Grid,
        candidates: &[DigitSet],
        limit: u64,
        first: Option<&mut Grid>,
        progress: &mut dyn FnMut(u64),
    ) -> u64;
}

/// The cells of one band (the `H` rows of a row of boxes) as bits, row by
/// row: bit `i * N + c` is the band's row `i`, column `c`. Each shape takes
/// the smallest type its bands fit in (`u32` up to 9x9, `u64` up to 16x16,
/// `u128` for 25x25), which keeps the state copied at each branch small.
trait Bits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
    + Mul<Output = Self>
{
    const ZERO: Self;
    const BITS: usize;
    fn from_u32(bits: u32) -> Self;
    /// `bits` cut to the type's width.
    fn from_u64(bits: u64) -> Self;
    /// `bits` cut to the type's width.
    fn from_u128(bits: u128) -> Self;
    /// The low 32 bits.
    fn low(self) -> u32;
    fn trailing_zeros(self) -> u32;
    /// `self` without its lowest set bit.
    fn without_lowest(self) -> Self;
}

macro_rules! impl_bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            const ZERO: Self = 0;
            const BITS: usize = <$t>::BITS as usize;
            fn from_u32(bits: u32) -> Self {
                bits as $t
            }
            fn from_u64(bits: u64) -> Self {
                bits as $t
            }
            fn from_u128(bits: u128) -> Self {
                bits as $t
            }
            fn low(self) -> u32 {
                self as u32
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    )*};
}

impl_bits!(u32, u64, u128);

/// The set bits of `bits` one by one, lowest first, each as a mask.
fn each_bit<B: Bits>(mut bits: B) -> impl Iterator<Item = B> {
    std::iter::from_fn(move || {
        (bits != B::ZERO).then(|| {
            let rest = bits.without_lowest();
            let bit = bits & !rest;
            bits = rest;
            bit
        })
    })
}

/// Everything the search changes, small enough to copy at each branch.
#[derive(Clone, Copy)]
struct State<B, const N: usize, const W: usize> {
    /// For each digit and band, the cells that may hold the digit. A solved
    /// cell keeps its own digit's bit, so every row, column and box keeps at
    /// least one cell per digit while the board is consistent.
    cells: [[B; W]; N],
    /// `cells` as the last update of each digit and band left them: where
    /// the two differ, that digit's band needs updating again.
    updated: [[B; W]; N],
    /// Cells not yet solved, per band.
    unsolved: [B; W],
    /// Unsolved cells with two candidates, per band, as the last naked-single
    /// pass found them: the first choice for branching (stale once the board
    /// is full).
    pairs: [B; W],
    /// Every digit's bit, never changed. `update_small` tests its digit's
    /// bit before each digit-band check: always true, but read from memory,
    /// which keeps the compiler from holding board values in registers across
    /// the unrolled scan, where it would spill them (JCZSolve ports do the
    /// same; measured fewer instructions per update).
    every_digit: u32,
}

/// The backtracking search for boxes of `H` rows by `W` columns, on boards
/// of side `N = H * W`, with one `B` per band.
struct Core<const H: usize, const W: usize, const N: usize, B> {
    tables: &'static Tables,
    /// The open branches, the one being searched on top. Branching on digit
    /// d in a cell pushes a copy of the top state with d placed there and
    /// takes d out of that cell in the state below, which is what is left
    /// to search when the branch is done: one copy per branch, none to
    /// backtrack.
    stack: Vec<State<B, N, W>>,
}

impl<const H: usize, const W: usize, const N: usize, B: Bits> Search for Core<H, W, N, B> {
    fn run(
        &mut self,
        grid: &Grid,
        candidates: &[DigitSet],
        limit: u64,
        mut first: Option<&mut Grid>,
        progress: &mut dyn FnMut(u64),
    ) -> u64 {
        let (tables, stack) = (self.tables, &mut self.stack);
        let mut state = Self::empty_state();
        let mut alive = Self::place_givens(&mut state, grid);
        Self::limit_to(&mut state, grid, candidates);
        stack.clear();
        stack.push(state);
        let mut found = 0;
        loop {
            let at_root = stack.len() == 1;
            let Some(state) = stack.last_mut() else {
                return found;
            };
            if alive && Self::propagate(tables, state, at_root) {
                match Self::branch_cell(state) {
                    Some((d, band, cell)) => {
                        // A copy and a push, inlined: cheaper than the
                        // generic `extend_from_within`.
                        let mut branch = *state;
                        Self::take_out(state, d, band, cell);
                        Self::place(&mut branch, d, band, cell);
                        stack.push(branch);
                        continue;
                    }
                    None => {
                        if found == 0
                            && let Some(first) = first.as_deref_mut()
                        {
                            Self::write_solution(state, first);
                        }
                        found += 1;
                        if found == limit {
                            return found;
                        }
                        if found % PROGRESS_EVERY == 0 {
                            progress(found);
                        }
                    }
                }
            }
            stack.pop();
            alive = true;
        }
    }
}

impl<const H: usize, const W: usize, const N: usize, B: Bits> Core<H, W, N, B> {
    /// A row of a band, as the low `N` bits.
    const ROW: u32 = u32::MAX >> (32 - N);
    /// Bits per band.
    const BAND: usize = H * N;
    /// For each cell of a band, its row and box in the band: a lookup
    /// rather than the divisions that find them, since `place` runs for
    /// every single found.
    const PEERS: [u128; MAX_BAND] = band_peers(H, W);

    fn new() -> Self {
        const { assert!(N == H * W && N <= 25 && H * N <= B::BITS) };
        Core {
            tables: tables(H, W),
            stack: Vec::new(),
        }
    }

    /// Every cell of a band.
    fn band() -> B {
        !B::ZERO >> (B::BITS - Self::BAND)
    }

    fn empty_state() -> State<B, N, W> {
        State {
            cells: [[Self::band(); W]; N],
            updated: [[B::ZERO; W]; N],
            unsolved: [Self::band(); W],
            pairs: [B::ZERO; W],
            every_digit: u32::MAX,
        }
    }

    /// Row `i` of a band, as the low `N` bits.
    fn row(bits: B, i: usize) -> u32 {
        (bits >> (i * N)).low() & Self::ROW
    }

    /// The same `N`-bit pattern in every row of a band: multiplying by a
    /// one at the start of each row copies it there, with no carries since
    /// the copies do not overlap.
    fn in_every_row(row: u32) -> B {
        let starts = (0..H).fold(B::ZERO, |starts, i| starts | B::from_u32(1) << (i * N));
        B::from_u32(row) * starts
    }

    /// Places the puzzle's givens; false when two of them clash.
    fn place_givens(state: &mut State<B, N, W>, grid: &Grid) -> bool {
        // Band by band: no cell index is divided to find its band and bit,
        // which showed on easy puzzles, where the givens are most of the work.
        let mut bands = (0..W).zip(grid.values().chunks_exact(Self::BAND));
        bands.all(|(band, values)| {
            values.iter().enumerate().all(|(bit, &value)| match value {
                0 => true,
                v if v as usize <= N => {
                    let cell = B::from_u32(1) << bit;
                    let allowed = state.cells[v as usize - 1][band] & cell != B::ZERO;
                    allowed && {
                        Self::place(state, v as usize - 1, band, cell);
                        true
                    }
                }
                _ => false,
            })
        })
    }

    /// Takes out of each empty cell the digits its `candidates` set lacks
    /// (nothing when `candidates` is empty).
    fn limit_to(state: &mut State<B, N, W>, grid: &Grid, candidates: &[DigitSet]) {
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
    fn place(state: &mut State<B, N, W>, d: usize, band: usize, cell: B) {
        let peers = B::from_u128(Self::PEERS[cell.trailing_zeros() as usize % MAX_BAND]);
        state.cells[d][band] &= !peers | cell;
    }

    /// Takes digit `d` out of `cell` in the state left to search once the
    /// branch placing it is done. A cell with two candidates then has one:
    /// placing it now spares a round of propagation to find it.
    fn take_out(state: &mut State<B, N, W>, d: usize, band: usize, cell: B) {
        state.cells[d][band] &= !cell;
        if state.pairs[band] & cell != B::ZERO
            && let Some(other) = (d + 1..N).find(|&o| state.cells[o][band] & cell != B::ZERO)
        {
            Self::place(state, other, band, cell);
        }
    }

    /// Updates every digit's band that changed since its last update, until
    /// none did, then places naked singles (and column singles, see
    /// `wants_column_singles`), and again until nothing changes; false on a
    /// contradiction.
    #[inline(never)]
    fn propagate(tables: &Tables, state: &mut State<B, N, W>, at_root: bool) -> bool {
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
                Some(false) if !Self::wants_column_singles(state, at_root) => false,
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
    fn update_small(tables: &Tables, state: &mut State<B, N, W>) -> bool {
        let mut changed = true;
        while changed {
            changed = false;
            unrolled!(at in 0..32 {
                if at < N * W {
                    let (d, band) = (at / W, at % W);
                    if state.every_digit >> d & 1 != 0
                        && state.cells[d][band] != state.updated[d][band]
                    {
                        changed = true;
                        if !Self::update(tables, state, d, band) {
                            return false;
                        }
                    }
                }
            });
        }
        true
    }

    /// `update_small` for larger boards, whose many digits make unrolling
    /// too big: a loop that skips the digits with no changed band, calling
    /// the update out of line.
    fn update_large(tables: &Tables, state: &mut State<B, N, W>) -> bool {
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
    fn update_out_of_line(
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
    fn update(tables: &Tables, state: &mut State<B, N, W>, d: usize, band: usize) -> bool {
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
    fn on_matchings(tables: &Tables, bits: B) -> B {
        let crossings = (0..H).fold(0, |matrix, i| {
            matrix | Self::boxes(tables, Self::row(bits, i)) << (i * H)
        });
        let keep = if H <= 3 {
            B::from_u64(tables.on_matchings[crossings as usize % MATRICES])
        } else {
            let allowed = on_matchings(&tables.permutations, crossings);
            (0..H).fold(B::ZERO, |keep, i| {
                let boxes = (allowed >> (i * H)) as usize % BOX_SETS;
                keep | B::from_u32(tables.spread[boxes]) << (i * N)
            })
        };
        bits & keep
    }

    /// The boxes in which `row` has cells, bit k for box k.
    fn boxes(tables: &Tables, row: u32) -> u32 {
        Self::by_patterns(row, 1, |pattern| tables.boxes[pattern].into())
    }

    /// The columns of `columns` that are the only one of their box in it.
    fn single_columns(tables: &Tables, columns: u32) -> u32 {
        Self::by_patterns(columns, W, |pattern| tables.single_columns[pattern].into())
    }

    /// Looks a row up in a table of patterns, `PATTERN_BITS` columns (whole
    /// boxes) at a time, and joins the answers, `per_box` bits for each box.
    fn by_patterns(row: u32, per_box: usize, lookup: impl Fn(usize) -> u32) -> u32 {
        let boxes = PATTERN_BITS / W;
        (0..H.div_ceil(boxes)).fold(0, |joined, j| {
            let pattern = (row >> (j * boxes * W)) as usize % PATTERNS;
            joined | lookup(pattern) << (j * boxes * per_box)
        })
    }

    /// Counts each cell's candidates up to three: places the cells left with
    /// one and notes those with two. `None` when a cell has none,
    /// otherwise whether it placed any.
    fn naked_singles(state: &mut State<B, N, W>) -> Option<bool> {
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
                let d = (0..N).find(|&d| state.cells[d][band] & cell != B::ZERO)?;
                Self::place(state, d, band, cell);
                placed = true;
            }
        }
        Some(placed)
    }

    /// Whether to look for column singles once no naked single is left.
    /// They cost a pass over every digit. On 16x16 and larger boards they
    /// always pay off; on smaller ones only at the root of the search, where
    /// they often spare it altogether (17-clue puzzles), and where no cell has
    /// two candidates: deeper down, branching on such a cell mostly finds the
    /// same contradiction sooner (measured on top1465 and hardest_1106).
    fn wants_column_singles(state: &State<B, N, W>, at_root: bool) -> bool {
        N > 12 || at_root || state.pairs.iter().all(|&pairs| pairs == B::ZERO)
    }

    /// Hidden singles in columns, which band updates do not see: places
    /// each digit that has one unsolved cell left in a column. `None` when a
    /// digit has no cell left in some column, otherwise whether it placed any.
    /// Once propagation is done, a column where the digit is solved has no
    /// other cell for it, so counting the unsolved cells is enough.
    fn column_singles(state: &mut State<B, N, W>) -> Option<bool> {
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

    /// The branch to take, as (digit, band, cell bit): the first candidate
    /// of a cell with two candidates when there is one, else of the first
    /// cell with the fewest; `None` when the board is full.
    fn branch_cell(state: &State<B, N, W>) -> Option<(usize, usize, B)> {
        let (band, cell) = Self::fewest_candidates(state)?;
        let d = (0..N).find(|&d| state.cells[d][band] & cell != B::ZERO)?;
        Some((d, band, cell))
    }

    /// An unsolved cell with two candidates when there is one, else the
    /// first with the fewest, as (band, bit).
    fn fewest_candidates(state: &State<B, N, W>) -> Option<(usize, B)> {
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

    /// Copies a solved state into a grid.
    fn write_solution(state: &State<B, N, W>, grid: &mut Grid) {
        for (d, bands) in state.cells.iter().enumerate() {
            for (band, &bits) in bands.iter().enumerate() {
                for cell in each_bit(bits) {
                    let at = band * Self::BAND + cell.trailing_zeros() as usize;
                    grid.set(at, d as u8 + 1);
                }
            }
        }
    }
}

/// Digit-bands (`N * W`) of the boards whose band updates `update_small`
/// unrolls: every shape up to 9x9 (2x4 boxes have the most, 8 x 4).
const SMALL_BOARD_BANDS: usize = 32;

/// Cells in a band of the largest board (25x25), rounded up to a power of
/// two so that reducing an index modulo it is a mask.
const MAX_BAND: usize = 128;

/// For each cell of a band of `h` x `w` boxes, the cells of its row and box
/// in the band.
const fn band_peers(h: usize, w: usize) -> [u128; MAX_BAND] {
    let n = h * w;
    let mut peers = [0; MAX_BAND];
    let mut at = 0;
    while at < h * n {
        let (i, k) = (at / n, at % n / w);
        let mut cells = ((1 << n) - 1) << (i * n);
        let mut r = 0;
        while r < h {
            cells |= ((1 << w) - 1) << (r * n + k * w);
            r += 1;
        }
        peers[at] = cells;
        at += 1;
    }
    peers
}

/// Row patterns are looked up `PATTERN_BITS` columns at a time.
const PATTERN_BITS: usize = 12;
const PATTERNS: usize = 1 << PATTERN_BITS;
/// Row-box matrices of boxes up to 3 rows tall.
const MATRICES: usize = 1 << 9;
/// Sets of boxes in a row of boxes up to 5 wide.
const BOX_SETS: usize = 1 << 5;

/// Lookup tables for one box shape, built once per process. Fixed sizes and
/// indices reduced modulo them let the lookups go without bounds checks.
struct Tables {
    /// For each pattern of `PATTERN_BITS` columns, the boxes it has cells
    /// in, bit k for box k, counting only whole boxes.
    boxes: [u8; PATTERNS],
    /// For each pattern, its columns that are the only one of their box.
    single_columns: [u16; PATTERNS],
    /// Boxes of up to 3 rows: for each row-box matrix (bit i * H + k for
    /// row i, box k), the band cells of its crossings that lie on a
    /// matching of rows to boxes; 0 when there is none.
    on_matchings: [u64; MATRICES],
    /// Taller boxes: the matchings, as matrices.
    permutations: Vec<u32>,
    /// For each set of boxes, the row's cells in them.
    spread: [u32; BOX_SETS],
}

impl Tables {
    fn new(h: usize, w: usize) -> Tables {
        let box_row = (1u32 << w) - 1;
        let in_box = |pattern: usize, k: usize| pattern as u16 >> (k * w) & box_row as u16;
        let whole_boxes = 0..PATTERN_BITS / w;
        let boxes = std::array::from_fn(|pattern| {
            let boxes = whole_boxes.clone();
            boxes.fold(0, |boxes, k| boxes | u8::from(in_box(pattern, k) != 0) << k)
        });
        let single_columns = std::array::from_fn(|pattern| {
            let singles = whole_boxes
                .clone()
                .filter(|&k| in_box(pattern, k).count_ones() == 1);
            singles.fold(0, |columns, k| columns | in_box(pattern, k) << (k * w))
        });
        let spread: [u32; BOX_SETS] = std::array::from_fn(|boxes| {
            (0..h)
                .filter(|&k| boxes >> k & 1 == 1)
                .fold(0, |row, k| row | box_row << (k * w))
        });
        let permutations = permutations(h);
        let mut on_matchings_table = [0; MATRICES];
        if h * h <= MATRICES.trailing_zeros() as usize {
            for (matrix, cells) in on_matchings_table.iter_mut().enumerate() {
                let allowed = on_matchings(&permutations, matrix as u32) as usize;
                *cells = (0..h).fold(0, |cells, i| {
                    let boxes = allowed >> (i * h) & ((1 << h) - 1);
                    cells | u64::from(spread[boxes]) << (i * h * w)
                });
            }
        }
        Tables {
            boxes,
            single_columns,
            on_matchings: on_matchings_table,
            permutations,
            spread,
        }
    }
}

/// The tables for boxes of `h` rows by `w` columns.
fn tables(h: usize, w: usize) -> &'static Tables {
    static CACHE: [OnceLock<Tables>; SUPPORTED_SHAPES.len()] =
        [const { OnceLock::new() }; SUPPORTED_SHAPES.len()];
    let index = shape_index(Shape::new(h, w).expect("cores exist for supported shapes only"));
    CACHE[index].get_or_init(|| Tables::new(h, w))
}

/// The crossings of `allowing` (bit i * h + k: row i, box k) that lie on one
/// of the matchings `perms`; 0 when there is none.
fn on_matchings(perms: &[u32], allowing: u32) -> u32 {
    perms
        .iter()
        .filter(|&&p| allowing & p == p)
        .fold(0, |all, &p| all | p)
}

/// The `h` x `h` permutation matrices, as masks with bit i * h + k set when
/// row i goes to column k.
fn permutations(h: usize) -> Vec<u32> {
    fn extend(h: usize, row: usize, used: u32, matrix: u32, out: &mut Vec<u32>) {
        if row == h {
            out.push(matrix);
            return;
        }
        for k in (0..h).filter(|&k| used & 1 << k == 0) {
            extend(h, row + 1, used | 1 << k, matrix | 1 << (row * h + k), out);
        }
    }
    let mut out = Vec::new();
    extend(h, 0, 0, 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::validate::is_solved;

    #[test]
    fn empty_4x4_has_288_solutions() {
        let g = Grid::empty(Shape::for_size(4).unwrap());
        assert_eq!(count(&g, 0), SolutionCount::Exactly(288));
        assert_eq!(count(&g, 10), SolutionCount::AtLeast(10));
    }

    #[test]
    fn solves_a_hard_9x9() {
        let g = Grid::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            None,
        )
        .unwrap();
        let s = solve(&g).unwrap();
        assert!(is_solved(&s));
        assert!(
            g.values()
                .iter()
                .zip(s.values())
                .all(|(&a, &b)| a == 0 || a == b)
        );
        assert!(count(&g, 2).is_unique());
        assert_eq!(solve_unique(&g), Outcome::Unique(s));
    }

    #[test]
    fn counting_reports_progress_every_so_many_solutions() {
        let empty = Grid::empty(Shape::for_size(6).unwrap());
        let mut seen = Vec::new();
        let count = Solver::new().count_with_progress(&empty, 200_000, &mut |k| seen.push(k));
        assert_eq!(count, SolutionCount::AtLeast(200_000));
        assert_eq!(seen, [1, 2, 3].map(|k| k * PROGRESS_EVERY));
    }

    #[test]
    fn candidates_limit_the_search_on_every_shape() {
        // an empty board has many solutions; limiting every cell to the
        // digit of one of them leaves exactly that one, and taking that digit
        // out of one cell of an otherwise full limit leaves none
        for shape in Shape::all() {
            let empty = Grid::empty(shape);
            let Some(one) = solve(&empty) else {
                panic!("an empty board has a solution")
            };
            let only: Vec<DigitSet> = one.values().iter().map(|&v| DigitSet::single(v)).collect();
            let mut solver = Solver::new();
            assert!(matches!(solver.solve_unique(&empty), Outcome::Multiple(_)));
            assert_eq!(
                solver.solve_unique_within(&empty, &only),
                Outcome::Unique(one.clone())
            );
            let mut all_but = vec![DigitSet::full(shape.n()); only.len()];
            all_but[0] = DigitSet::full(shape.n()) - only[0];
            let other = solver.solve_unique_within(&empty, &all_but);
            let found = other.solution().expect("another first digit fits");
            assert!(is_solved(found));
            assert_ne!(found.get(0), one.get(0));
            // a filled cell keeps its value whatever its candidates say
            let mut given = empty.clone();
            given.set(0, one.get(0));
            let none = vec![DigitSet::EMPTY; only.len()];
            let mut narrowed = only.clone();
            narrowed[0] = DigitSet::EMPTY;
            assert_eq!(
                solver.solve_unique_within(&given, &narrowed),
                Outcome::Unique(one.clone())
            );
            assert_eq!(
                solver.solve_unique_within(&empty, &none),
                Outcome::Unsolvable
            );
        }
    }

    #[test]
    fn contradiction_has_no_solution() {
        let g = Grid::parse("11..............", None).unwrap();
        assert_eq!(solve(&g), None);
        assert_eq!(count(&g, 0), SolutionCount::Exactly(0));
        assert_eq!(solve_unique(&g), Outcome::Unsolvable);
    }
}
