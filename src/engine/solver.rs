//! Solving and counting (seed sudoku-graph-coloring): Sudoku as colouring the
//! peer graph with n colours, by a backtracker that branches on a cell with
//! the fewest remaining colours (DSatur: a cell with two when there is one)
//! and propagates forced colours at each node.
//!
//! The board is kept digit-major, by bands (the rows of one row of boxes):
//! for each digit and band, one bitmask of the band's cells that may still
//! hold the digit (`u64`, or `u128` for 25x25). Within a band a digit goes
//! once in each row and once in each box, so an update of one digit's band
//! keeps only the row-box crossings that lie on a matching of rows to boxes
//! (which finds pointing and claiming locked candidates in the band), takes
//! the digit out of columns that a box of the band confines it to, and marks
//! solved the cells that are the last place for the digit in their box
//! (hidden singles), clearing the other digits from them. Propagation only
//! updates the digit-bands that changed since their last update, then counts
//! each cell's candidates up to three with a few bit operations per digit to
//! place naked singles and note bivalue cells for branching. The idea is
//! zhouyundong's JCZSolve band solver, here generic over the box shape: the
//! search core takes the box's `H` rows and `W` columns as const generics, so
//! every supported shape gets fixed-size arrays and unrolled loops, and a
//! search state that is copied, not allocated, when the search branches. The
//! search keeps its own stack on the heap, so 25x25 boards never overflow
//! the call stack.
//!
//! Counting all solutions of a sparse grid counts one solution per
//! relabelling of the unused digits (see `one_per_relabelling`).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};
use std::sync::OnceLock;

use super::digits::DigitSet;
use super::geometry::{SUPPORTED_SHAPES, Shape};
use super::grid::Grid;

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
        (self.core(grid.shape()).run(grid, 1, Some(&mut first)) > 0).then_some(first)
    }

    /// Counts solutions, stopping at `limit` (0 counts them all).
    pub fn count(&mut self, grid: &Grid, limit: u64) -> SolutionCount {
        if limit == 0
            && let Some((representatives, group)) = one_per_relabelling(grid)
        {
            let found = self.core(grid.shape()).run(&representatives, 0, None);
            return match found.checked_mul(group) {
                Some(total) => SolutionCount::Exactly(total),
                None => SolutionCount::AtLeast(u64::MAX),
            };
        }
        let found = self.core(grid.shape()).run(grid, limit, None);
        if limit != 0 && found >= limit {
            SolutionCount::AtLeast(found)
        } else {
            SolutionCount::Exactly(found)
        }
    }

    /// The first solution and whether a second one exists, in one search.
    pub fn solve_unique(&mut self, grid: &Grid) -> Outcome {
        let mut first = Grid::empty(grid.shape());
        match self.core(grid.shape()).run(grid, 2, Some(&mut first)) {
            0 => Outcome::Unsolvable,
            1 => Outcome::Unique(first),
            _ => Outcome::Multiple(first),
        }
    }

    fn core(&mut self, shape: Shape) -> &mut dyn Search {
        let index = shape_index(shape);
        self.cores[index]
            .get_or_insert_with(|| match (shape.box_rows(), shape.box_cols()) {
                (2, 2) => Box::new(Core::<2, 2, 4, u64>::new()),
                (2, 3) => Box::new(Core::<2, 3, 6, u64>::new()),
                (3, 2) => Box::new(Core::<3, 2, 6, u64>::new()),
                (2, 4) => Box::new(Core::<2, 4, 8, u64>::new()),
                (4, 2) => Box::new(Core::<4, 2, 8, u64>::new()),
                (3, 3) => Box::new(Core::<3, 3, 9, u64>::new()),
                (3, 4) => Box::new(Core::<3, 4, 12, u64>::new()),
                (4, 3) => Box::new(Core::<4, 3, 12, u64>::new()),
                (4, 4) => Box::new(Core::<4, 4, 16, u64>::new()),
                _ => Box::new(Core::<5, 5, 25, u128>::new()),
            })
            .as_mut()
    }
}

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
trait Search {
    /// Searches `grid`, stopping after `limit` solutions (0: never), writes the
    /// first solution into `first` when given, and returns how many it found.
    fn run(&mut self, grid: &Grid, limit: u64, first: Option<&mut Grid>) -> u64;
}

/// The cells of one band (the `H` rows of a row of boxes) as bits, row by
/// row: bit `i * N + c` is the band's row `i`, column `c`. `u64` holds the
/// bands of every shape but 5x5 (125 cells), which needs `u128`.
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
{
    const ZERO: Self;
    const BITS: usize;
    fn from_u32(bits: u32) -> Self;
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
                bits.into()
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

impl_bits!(u64, u128);

/// True when `bits` has exactly one bit set.
fn is_single<B: Bits>(bits: B) -> bool {
    bits != B::ZERO && bits.without_lowest() == B::ZERO
}

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
}

/// A branch point: the state before branching, the cell branched on (a bit
/// of `band`) and the digits not yet tried there.
struct Frame<B, const N: usize, const W: usize> {
    state: State<B, N, W>,
    band: usize,
    cell: B,
    untried: u32,
}

/// The backtracking search for boxes of `H` rows by `W` columns, on boards
/// of side `N = H * W`, with one `B` per band.
struct Core<const H: usize, const W: usize, const N: usize, B> {
    tables: &'static Tables,
    stack: Vec<Frame<B, N, W>>,
}

impl<const H: usize, const W: usize, const N: usize, B: Bits> Search for Core<H, W, N, B> {
    fn run(&mut self, grid: &Grid, limit: u64, mut first: Option<&mut Grid>) -> u64 {
        self.stack.clear();
        let mut found = 0;
        let mut state = Self::empty_state();
        let mut alive = Self::place_givens(&mut state, grid);
        loop {
            if alive && self.propagate(&mut state) {
                match Self::branch_cell(&state) {
                    Some((band, cell)) => {
                        let untried = (0..N)
                            .filter(|&d| state.cells[d][band] & cell != B::ZERO)
                            .fold(0, |digits, d| digits | 1 << d);
                        self.stack.push(Frame {
                            state,
                            band,
                            cell,
                            untried,
                        });
                    }
                    None => {
                        if found == 0
                            && let Some(first) = first.as_deref_mut()
                        {
                            Self::write_solution(&state, first);
                        }
                        found += 1;
                        if found == limit {
                            return found;
                        }
                    }
                }
            }
            match self.next_branch() {
                Some(next) => (state, alive) = (next, true),
                None => return found,
            }
        }
    }
}

impl<const H: usize, const W: usize, const N: usize, B: Bits> Core<H, W, N, B> {
    /// A row of a band, as the low `N` bits.
    const ROW: u32 = u32::MAX >> (32 - N);
    /// A box's columns within a row, as the low `W` bits.
    const BOX_ROW: u32 = (1 << W) - 1;
    /// Bits per band.
    const BAND: usize = H * N;

    fn new() -> Self {
        const { assert!(N == H * W && N <= 25 && H * N <= B::BITS) };
        Core {
            tables: tables(H, W),
            stack: Vec::new(),
        }
    }

    fn empty_state() -> State<B, N, W> {
        let all = !B::ZERO >> (B::BITS - Self::BAND);
        State {
            cells: [[all; W]; N],
            updated: [[B::ZERO; W]; N],
            unsolved: [all; W],
            pairs: [B::ZERO; W],
        }
    }

    /// Row `i` of a band, as the low `N` bits.
    fn row(bits: B, i: usize) -> u32 {
        (bits >> (i * N)).low() & Self::ROW
    }

    /// The same `N`-bit pattern in every row of a band.
    fn in_every_row(row: u32) -> B {
        (0..H).fold(B::ZERO, |bits, i| bits | B::from_u32(row) << (i * N))
    }

    /// The cells of a band's box `k` (counted from the left).
    fn box_cells(k: usize) -> B {
        Self::in_every_row(Self::BOX_ROW << (k * W))
    }

    /// Places the puzzle's givens; false when two of them clash.
    fn place_givens(state: &mut State<B, N, W>, grid: &Grid) -> bool {
        grid.values()
            .iter()
            .enumerate()
            .all(|(cell, &value)| match value {
                0 => true,
                v if v as usize <= N => {
                    let (band, bit) = (cell / Self::BAND, cell % Self::BAND);
                    let cell = B::from_u32(1) << bit;
                    let allowed = state.cells[v as usize - 1][band] & cell != B::ZERO;
                    allowed && {
                        Self::place(state, v as usize - 1, band, cell);
                        true
                    }
                }
                _ => false,
            })
    }

    /// Places digit `d` in `cell` (a bit of `band`, which must allow it):
    /// removes it from the rest of the cell's row and box. The update of
    /// the band finishes the job: it finds the cell solved, takes the digit
    /// out of the cell's column and the other digits out of the cell.
    fn place(state: &mut State<B, N, W>, d: usize, band: usize, cell: B) {
        let at = cell.trailing_zeros() as usize;
        let (i, k) = (at / N, at % N / W);
        let peers = B::from_u32(Self::ROW) << (i * N) | Self::box_cells(k);
        state.cells[d][band] &= !peers | cell;
    }

    /// Updates every digit's band that changed since its last update, until
    /// none did, then places naked singles, and again until nothing changes;
    /// false on a contradiction.
    fn propagate(&self, state: &mut State<B, N, W>) -> bool {
        loop {
            let mut changed = true;
            while changed {
                changed = false;
                for d in 0..N {
                    for band in 0..W {
                        if state.cells[d][band] != state.updated[d][band] {
                            changed = true;
                            if !self.update(state, d, band) {
                                return false;
                            }
                        }
                    }
                }
            }
            if state.unsolved.iter().all(|&u| u == B::ZERO) {
                return true;
            }
            match Self::naked_singles(state) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Digit `d` in one band: it goes exactly once in each of the band's
    /// rows and boxes, so which row crosses which box in it is a matching of
    /// rows to boxes. Keeps only the cells where some matching places it
    /// (locked candidates within the band), takes out of the other bands
    /// the columns that a box of this band confines it to, and marks solved
    /// the cells that are the last place for the digit in their box. False
    /// when no matching is left.
    fn update(&self, state: &mut State<B, N, W>, d: usize, band: usize) -> bool {
        let mut bits = state.cells[d][band];
        // Minirows (a row's cells within one box) that allow the digit, as
        // an H x H matrix: bit i * H + k for row i, box k.
        let minirows = (0..H).fold(0, |matrix, i| {
            matrix | self.tables.minirows(Self::row(bits, i), W, H) << (i * H)
        });
        let allowed = self.tables.matchings.allowed(minirows);
        if allowed == 0 {
            return false;
        }
        if allowed != minirows {
            let mut keep = B::ZERO;
            for i in 0..H {
                let mut row = 0;
                for k in 0..H {
                    let on = 0u32.wrapping_sub(allowed >> (i * H + k) & 1);
                    row |= on & Self::BOX_ROW << (k * W);
                }
                keep |= B::from_u32(row) << (i * N);
            }
            bits &= keep;
            state.cells[d][band] = bits;
        }
        state.updated[d][band] = bits;
        let columns = (0..H).fold(0, |cols, i| cols | Self::row(bits, i));
        let mut single_columns = 0;
        let mut solved = B::ZERO;
        for k in 0..H {
            let box_columns = columns & Self::BOX_ROW << (k * W);
            if box_columns & box_columns.wrapping_sub(1) == 0 {
                single_columns |= box_columns;
                let box_cells = bits & Self::box_cells(k);
                if is_single(box_cells) {
                    solved |= box_cells;
                }
            }
        }
        if single_columns != 0 {
            let elsewhere = !Self::in_every_row(single_columns);
            for other in &mut state.cells[d] {
                *other &= elsewhere;
            }
            state.cells[d][band] = bits;
        }
        let newly = solved & state.unsolved[band];
        if newly != B::ZERO {
            state.unsolved[band] &= !newly;
            for other in &mut state.cells {
                other[band] &= !newly;
            }
            state.cells[d][band] = bits;
        }
        true
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
            if one != !B::ZERO >> (B::BITS - Self::BAND) {
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

    /// The cell to branch on, as (band, bit): one with two candidates when
    /// there is one, else the first with the fewest; `None` when the board
    /// is full.
    fn branch_cell(state: &State<B, N, W>) -> Option<(usize, B)> {
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

    /// The state of the next untried branch, with its digit placed; `None`
    /// when the search is over. A digit tried leaves the cell's candidates
    /// in the frame, so later branches start knowing it failed.
    fn next_branch(&mut self) -> Option<State<B, N, W>> {
        let frame = self.stack.last_mut()?;
        let d = frame.untried.trailing_zeros() as usize;
        frame.untried &= frame.untried - 1;
        let (band, cell) = (frame.band, frame.cell);
        let mut state = if frame.untried == 0 {
            self.stack.pop().expect("the frame just read").state
        } else {
            let state = frame.state;
            frame.state.cells[d][band] &= !cell;
            state
        };
        Self::place(&mut state, d, band, cell);
        Some(state)
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

/// Lookup tables for one box shape, built once per process.
struct Tables {
    /// For each row pattern of up to 16 cells, the boxes it has cells in
    /// (bit k for box k); empty for wider rows, which loop instead.
    minirows: Box<[u8]>,
    matchings: Matchings,
}

impl Tables {
    /// The boxes (of `w` columns, `h` of them) in which `row` has cells.
    fn minirows(&self, row: u32, w: usize, h: usize) -> u32 {
        match self.minirows.get(row as usize) {
            Some(&boxes) => u32::from(boxes),
            None => minirows(row, w, h),
        }
    }
}

fn minirows(row: u32, w: usize, h: usize) -> u32 {
    let box_row = (1 << w) - 1;
    (0..h).fold(0, |boxes, k| {
        boxes | u32::from(row >> (k * w) & box_row != 0) << k
    })
}

/// The tables for boxes of `h` rows by `w` columns.
fn tables(h: usize, w: usize) -> &'static Tables {
    static CACHE: [OnceLock<Tables>; SUPPORTED_SHAPES.len()] =
        [const { OnceLock::new() }; SUPPORTED_SHAPES.len()];
    let index = shape_index(Shape::new(h, w).expect("cores exist for supported shapes only"));
    CACHE[index].get_or_init(|| {
        let n = h * w;
        let rows = if n <= 16 { 1u32 << n } else { 0 };
        let minirows = (0..rows).map(|row| minirows(row, w, h) as u8).collect();
        Tables {
            minirows,
            matchings: matchings(h),
        }
    })
}

/// Which row-box crossings of a band can hold a digit: those on some
/// matching of the band's rows to its boxes (a permutation matrix inside the
/// crossings that allow it). A table over all matrices for small boxes, a
/// scan of the permutations for large ones.
enum Matchings {
    Table(Vec<u32>),
    Permutations(Vec<u32>),
}

impl Matchings {
    /// The crossings of `allowing` (bit i * H + k: row i, box k) that lie on a
    /// matching; 0 when there is none.
    fn allowed(&self, allowing: u32) -> u32 {
        match self {
            Matchings::Table(table) => table[allowing as usize],
            Matchings::Permutations(perms) => on_matchings(perms, allowing),
        }
    }
}

fn on_matchings(perms: &[u32], allowing: u32) -> u32 {
    perms
        .iter()
        .filter(|&&p| allowing & p == p)
        .fold(0, |all, &p| all | p)
}

/// The matchings for boxes of `h` rows.
fn matchings(h: usize) -> Matchings {
    let perms = permutations(h);
    if h <= 3 {
        let table = (0..1u32 << (h * h)).map(|m| on_matchings(&perms, m));
        Matchings::Table(table.collect())
    } else {
        Matchings::Permutations(perms)
    }
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
    use crate::engine::validate::is_solved;

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
    fn contradiction_has_no_solution() {
        let g = Grid::parse("11..............", None).unwrap();
        assert_eq!(solve(&g), None);
        assert_eq!(count(&g, 0), SolutionCount::Exactly(0));
        assert_eq!(solve_unique(&g), Outcome::Unsolvable);
    }
}
