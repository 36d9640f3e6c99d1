//! Solving and counting (seed sudoku-graph-coloring): Sudoku as colouring the
//! peer graph with n colours, by a backtracker that branches on the cell with
//! the fewest remaining colours (DSatur) and propagates forced colours (naked
//! and hidden singles) at each node.
//!
//! Candidates are `u32` bitmasks per cell, placed digits are bitmasks per
//! row, column and box. The search core is generic over the box shape
//! (`H` rows by `W` columns, `N = H * W`, `C = N * N` cells), so every
//! supported shape gets its own fixed-size arrays, loops the compiler can
//! unroll, and a search state that is copied, not allocated, when the search
//! branches. The search keeps its own stack on the heap, so 25x25 boards never
//! overflow the call stack.
//!
//! Propagation works in whole-board scans: one pass over the rows tallies,
//! for every row, column and box, which digits appear once and which twice
//! among its cells' candidates. That pass finds every naked single (a cell
//! with one candidate), every hidden single (a digit with one cell left in a
//! unit) and every contradiction (a cell with no candidate, a unit missing a
//! digit); the singles are then placed and the board scanned again until a
//! scan finds nothing. When it finds no single, the same pass's row and
//! column segment masks give locked candidates (pointing and claiming), and
//! only when those remove nothing either does the search branch.
//!
//! Counting all solutions of a sparse grid counts one solution per
//! relabelling of the unused digits (see `one_per_relabelling`).

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
                (2, 2) => Box::new(Core::<2, 2, 4, 16>::new()),
                (2, 3) => Box::new(Core::<2, 3, 6, 36>::new()),
                (3, 2) => Box::new(Core::<3, 2, 6, 36>::new()),
                (2, 4) => Box::new(Core::<2, 4, 8, 64>::new()),
                (4, 2) => Box::new(Core::<4, 2, 8, 64>::new()),
                (3, 3) => Box::new(Core::<3, 3, 9, 81>::new()),
                (3, 4) => Box::new(Core::<3, 4, 12, 144>::new()),
                (4, 3) => Box::new(Core::<4, 3, 12, 144>::new()),
                (4, 4) => Box::new(Core::<4, 4, 16, 256>::new()),
                _ => Box::new(Core::<5, 5, 25, 625>::new()),
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

/// Marks a solved cell's candidate mask (which keeps its digit's bit too).
const SOLVED: u32 = 1 << 31;

/// Everything the search changes, small enough to copy at each branch.
#[derive(Clone, Copy)]
struct State<const N: usize, const C: usize> {
    /// Candidates of each cell, row-major; a solved cell holds its digit's
    /// bit and `SOLVED`.
    candidates: [u32; C],
    /// Digits placed in each row, column and box.
    placed: Placed<N>,
    /// Cells still to place.
    unsolved: usize,
}

#[derive(Clone, Copy)]
struct Placed<const N: usize> {
    rows: [u32; N],
    cols: [u32; N],
    boxes: [u32; N],
}

/// Which digits a unit's cells allow once, and which more than once.
#[derive(Clone, Copy, Default)]
struct Tally {
    once: u32,
    twice: u32,
}

impl Tally {
    fn add(&mut self, candidates: u32) {
        self.twice |= self.once & candidates;
        self.once |= candidates;
    }

    fn merge(&mut self, other: Tally) {
        self.twice |= (self.once & other.once) | other.twice;
        self.once |= other.once;
    }

    /// Digits with exactly one cell left among `all` digits not yet placed,
    /// or `None` when some digit has no cell at all.
    fn hidden_singles(self, all: u32, placed: u32) -> Option<u32> {
        (self.once & all == all).then_some(self.once & !self.twice & !placed & all)
    }
}

/// A branch point: the state before branching, the cell branched on and the
/// digits not yet tried there.
struct Frame<const N: usize, const C: usize> {
    state: State<N, C>,
    cell: usize,
    untried: u32,
}

/// The backtracking search for boxes of `H` rows by `W` columns, on boards
/// of side `N = H * W` with `C = N * N` cells.
struct Core<const H: usize, const W: usize, const N: usize, const C: usize> {
    /// Singles found by the last scan, as (cell, digit bit), to place: the
    /// first `found` entries. Room for every cell as a naked single and every
    /// unit and digit as a hidden one.
    singles: Vec<(usize, u32)>,
    found: usize,
    /// Digits each row allows within each box it crosses (by the last scan).
    row_segments: [[u32; H]; N],
    /// Digits each column allows within each box it crosses, per band of boxes.
    col_segments: [[u32; N]; W],
    stack: Vec<Frame<N, C>>,
}

impl<const H: usize, const W: usize, const N: usize, const C: usize> Search for Core<H, W, N, C> {
    fn run(&mut self, grid: &Grid, limit: u64, mut first: Option<&mut Grid>) -> u64 {
        self.stack.clear();
        let mut found = 0;
        let mut state = Self::empty_state();
        let mut alive = Self::place_givens(&mut state, grid);
        loop {
            if alive && self.propagate(&mut state) {
                match Self::branch_cell(&state) {
                    Some(cell) => self.stack.push(Frame {
                        state,
                        cell,
                        untried: state.candidates[cell],
                    }),
                    None => {
                        if found == 0
                            && let Some(first) = first.as_deref_mut()
                        {
                            write_solution(&state, first);
                        }
                        found += 1;
                        if found == limit {
                            return found;
                        }
                    }
                }
            }
            match self.next_branch() {
                Some((next, ok)) => (state, alive) = (next, ok),
                None => return found,
            }
        }
    }
}

impl<const H: usize, const W: usize, const N: usize, const C: usize> Core<H, W, N, C> {
    /// All digits 1..=N.
    const ALL: u32 = (1 << N) - 1;

    fn new() -> Self {
        const { assert!(N == H * W && C == N * N && N <= 25) };
        Core {
            singles: vec![(0, 0); 4 * C],
            found: 0,
            row_segments: [[0; H]; N],
            col_segments: [[0; N]; W],
            stack: Vec::new(),
        }
    }

    fn empty_state() -> State<N, C> {
        State {
            candidates: [Self::ALL; C],
            placed: Placed {
                rows: [0; N],
                cols: [0; N],
                boxes: [0; N],
            },
            unsolved: C,
        }
    }

    /// Box number of the cell at (`row`, `col`), row-major from the top left.
    fn box_of(row: usize, col: usize) -> usize {
        row / H * H + col / W
    }

    /// The cells of a box, in reading order.
    fn box_cells(b: usize) -> impl Iterator<Item = usize> + Clone {
        let (top, left) = (b / H * H, b % H * W);
        (0..N).map(move |i| (top + i / W) * N + left + i % W)
    }

    /// Places the puzzle's givens; false when two of them clash.
    fn place_givens(state: &mut State<N, C>, grid: &Grid) -> bool {
        grid.values()
            .iter()
            .enumerate()
            .all(|(cell, &value)| match value {
                0 => true,
                v if v as usize <= N => Self::place(state, cell, 1 << (v - 1)),
                _ => false,
            })
    }

    /// Places the digit `bit` in `cell` and removes it from the candidates of
    /// the cell's row, column and box. False when the cell does not allow the
    /// digit. Peers left with one or no candidate are found by the next scan.
    fn place(state: &mut State<N, C>, cell: usize, bit: u32) -> bool {
        let candidates = state.candidates[cell];
        if candidates & SOLVED != 0 {
            // Found twice in one scan (as a naked and a hidden single).
            return candidates & bit != 0;
        }
        if candidates & bit == 0 {
            return false;
        }
        let (row, col) = (cell / N, cell % N);
        let b = Self::box_of(row, col);
        for c in &mut state.candidates[row * N..(row + 1) * N] {
            *c &= !bit;
        }
        for r in 0..N {
            state.candidates[r * N + col] &= !bit;
        }
        for peer in Self::box_cells(b) {
            state.candidates[peer] &= !bit;
        }
        state.candidates[cell] = bit | SOLVED;
        state.placed.rows[row] |= bit;
        state.placed.cols[col] |= bit;
        state.placed.boxes[b] |= bit;
        state.unsolved -= 1;
        true
    }

    /// Places naked and hidden singles until a scan finds none; false on a
    /// contradiction.
    fn propagate(&mut self, state: &mut State<N, C>) -> bool {
        while state.unsolved > 0 {
            if !self.scan(state) {
                return false;
            }
            if self.found == 0 {
                if self.eliminate_locked(state) {
                    continue;
                }
                return true;
            }
            for &(cell, bit) in &self.singles[..self.found] {
                if !Self::place(state, cell, bit) {
                    return false;
                }
            }
        }
        true
    }

    /// Locked candidates, from the segments of the last scan: a digit that a
    /// box allows in one row (column) only leaves the rest of that row
    /// (column), and a digit that a row (column) allows in one box only leaves
    /// the rest of that box. Returns whether any candidate went.
    fn eliminate_locked(&self, state: &mut State<N, C>) -> bool {
        let mut changed = false;
        for b in 0..N {
            let (band, stack) = (b / H, b % H);
            let band_rows = band * H..(band + 1) * H;
            let stack_cols = stack * W..(stack + 1) * W;
            for r in band_rows.clone() {
                let segment = Segment {
                    digits: self.row_segments[r][stack],
                    box_rest: or_except(
                        band_rows.clone().map(|x| self.row_segments[x][stack]),
                        r % H,
                    ),
                    line_rest: or_except(self.row_segments[r].iter().copied(), stack),
                    box_placed: state.placed.boxes[b],
                    line_placed: state.placed.rows[r],
                };
                let line_outside_box = (0..N).filter(|c| c / W != stack).map(|c| r * N + c);
                let box_outside_line = Self::box_cells(b).filter(|cell| cell / N != r);
                changed |=
                    segment.eliminate(&mut state.candidates, line_outside_box, box_outside_line);
            }
            for c in stack_cols.clone() {
                let segment = Segment {
                    digits: self.col_segments[band][c],
                    box_rest: or_except(
                        stack_cols.clone().map(|x| self.col_segments[band][x]),
                        c % W,
                    ),
                    line_rest: or_except(self.col_segments.iter().map(|seg| seg[c]), band),
                    box_placed: state.placed.boxes[b],
                    line_placed: state.placed.cols[c],
                };
                let line_outside_box = (0..N).filter(|r| r / H != band).map(|r| r * N + c);
                let box_outside_line = Self::box_cells(b).filter(|cell| cell % N != c);
                changed |=
                    segment.eliminate(&mut state.candidates, line_outside_box, box_outside_line);
            }
        }
        changed
    }

    /// One pass over the board: collects every naked and hidden single into
    /// `self.singles`. False on a contradiction (a cell without candidates, a
    /// unit without a place for some digit).
    fn scan(&mut self, state: &State<N, C>) -> bool {
        self.found = 0;
        // Column tallies as two arrays, so the compiler can vectorise them.
        let mut col_once = [0u32; N];
        let mut col_twice = [0u32; N];
        let mut boxes = [Tally::default(); N];
        self.col_segments = [[0; N]; W];
        for (r, row) in state.candidates.chunks_exact(N).enumerate() {
            let row: &[u32; N] = row.try_into().expect("rows have N cells");
            let mut naked = 0u32;
            let mut empty = false;
            for c in 0..N {
                col_twice[c] |= col_once[c] & row[c];
                col_once[c] |= row[c];
                naked |= (row[c].is_power_of_two() as u32) << c;
                empty |= row[c] == 0;
                self.col_segments[r / H][c] |= row[c];
            }
            if empty {
                return false;
            }
            let mut tally = Tally::default();
            for (stack, segment) in row.chunks_exact(W).enumerate() {
                let mut part = Tally::default();
                for &candidates in segment {
                    part.add(candidates);
                }
                boxes[r / H * H + stack].merge(part);
                tally.merge(part);
                self.row_segments[r][stack] = part.once;
            }
            for c in bits(naked) {
                self.push_single(r * N + c, row[c]);
            }
            let Some(hidden) = tally.hidden_singles(Self::ALL, state.placed.rows[r]) else {
                return false;
            };
            self.push_hidden(state, hidden, r * N..(r + 1) * N);
        }
        let cols = col_once.into_iter().zip(col_twice);
        for (c, (once, twice)) in cols.enumerate() {
            let tally = Tally { once, twice };
            let Some(hidden) = tally.hidden_singles(Self::ALL, state.placed.cols[c]) else {
                return false;
            };
            self.push_hidden(state, hidden, (0..N).map(|r| r * N + c));
        }
        for (b, tally) in boxes.into_iter().enumerate() {
            let Some(hidden) = tally.hidden_singles(Self::ALL, state.placed.boxes[b]) else {
                return false;
            };
            self.push_hidden(state, hidden, Self::box_cells(b));
        }
        true
    }

    /// Queues, for each digit of `hidden`, the one cell of the unit that allows it.
    fn push_hidden(
        &mut self,
        state: &State<N, C>,
        hidden: u32,
        unit: impl Iterator<Item = usize> + Clone,
    ) {
        for bit in bits(hidden).map(|d| 1 << d) {
            if let Some(cell) = unit.clone().find(|&cell| state.candidates[cell] & bit != 0) {
                self.push_single(cell, bit);
            }
        }
    }

    fn push_single(&mut self, cell: usize, bit: u32) {
        self.singles[self.found] = (cell, bit);
        self.found += 1;
    }

    /// The unsolved cell with the fewest candidates, or `None` when the board
    /// is full.
    fn branch_cell(state: &State<N, C>) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for (cell, &candidates) in state.candidates.iter().enumerate() {
            if candidates & SOLVED == 0 {
                let k = candidates.count_ones();
                if k < fewest {
                    (best, fewest) = (Some(cell), k);
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The state of the next untried branch, with its digit placed, and
    /// whether placing it succeeded; `None` when the search is over.
    fn next_branch(&mut self) -> Option<(State<N, C>, bool)> {
        loop {
            let frame = self.stack.last_mut()?;
            if frame.untried == 0 {
                self.stack.pop();
                continue;
            }
            let bit = frame.untried & frame.untried.wrapping_neg();
            frame.untried ^= bit;
            let (mut state, cell) = (frame.state, frame.cell);
            if frame.untried == 0 {
                self.stack.pop();
            }
            let ok = Self::place(&mut state, cell, bit);
            return Some((state, ok));
        }
    }
}

/// Where a row or column crosses a box: the digits its cells allow, and
/// what the rest of the box and the rest of the line allow.
struct Segment {
    digits: u32,
    box_rest: u32,
    line_rest: u32,
    box_placed: u32,
    line_placed: u32,
}

impl Segment {
    /// Pointing (a box's digit confined to this segment leaves the rest of
    /// the line) and claiming (a line's digit confined to this segment leaves
    /// the rest of the box). True when any candidate went.
    fn eliminate<const C: usize>(
        &self,
        candidates: &mut [u32; C],
        line_outside_box: impl Iterator<Item = usize>,
        box_outside_line: impl Iterator<Item = usize>,
    ) -> bool {
        let pointing = self.digits & !self.box_rest & !self.box_placed;
        let claiming = self.digits & !self.line_rest & !self.line_placed;
        (pointing != 0 && remove(candidates, line_outside_box, pointing))
            | (claiming != 0 && remove(candidates, box_outside_line, claiming))
    }
}

/// The OR of `masks` except the one at position `skip` (counted from the
/// iterator's first item).
fn or_except(masks: impl Iterator<Item = u32>, skip: usize) -> u32 {
    masks
        .enumerate()
        .filter(|&(i, _)| i != skip)
        .fold(0, |all, (_, mask)| all | mask)
}

/// Removes `digits` from the unsolved `cells`; true when any candidate went.
fn remove<const C: usize>(
    candidates: &mut [u32; C],
    cells: impl Iterator<Item = usize>,
    digits: u32,
) -> bool {
    let mut changed = false;
    for cell in cells {
        let before = candidates[cell];
        if before & SOLVED == 0 && before & digits != 0 {
            candidates[cell] = before & !digits;
            changed = true;
        }
    }
    changed
}

/// Positions of the set bits of `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// Copies a full state into a grid.
fn write_solution<const N: usize, const C: usize>(state: &State<N, C>, grid: &mut Grid) {
    for (cell, &candidates) in state.candidates.iter().enumerate() {
        grid.set(cell, (candidates & !SOLVED).trailing_zeros() as u8 + 1);
    }
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
