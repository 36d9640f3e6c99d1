//! Solving and counting (seed sudoku-graph-coloring): Sudoku as colouring the
//! peer graph with n colours, by a backtracker that branches on the cell with
//! the fewest remaining colours (DSatur) and propagates forced colours (naked
//! and hidden singles) at each node.
//!
//! Candidates are `u32` bitmasks per cell, placed digits are bitmasks per
//! row, column and box. The search core is generic over the board side `N`
//! (and its cell count `C = N * N`), so every supported size gets its own
//! fixed-size arrays and a search state that is copied, not allocated, when
//! the search branches. The search keeps its own stack on the heap, so 25x25
//! boards never overflow the call stack.

use std::sync::OnceLock;

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
            .get_or_insert_with(|| match shape.n() {
                4 => Box::new(Core::<4, 16>::new(shape)),
                6 => Box::new(Core::<6, 36>::new(shape)),
                8 => Box::new(Core::<8, 64>::new(shape)),
                9 => Box::new(Core::<9, 81>::new(shape)),
                12 => Box::new(Core::<12, 144>::new(shape)),
                16 => Box::new(Core::<16, 256>::new(shape)),
                _ => Box::new(Core::<25, 625>::new(shape)),
            })
            .as_mut()
    }
}

fn shape_index(shape: Shape) -> usize {
    SUPPORTED_SHAPES
        .iter()
        .position(|&(r, c)| r as usize == shape.box_rows() && c as usize == shape.box_cols())
        .expect("Shape values are only built from SUPPORTED_SHAPES")
}

/// A search for one board size, behind a trait object so that `Solver` can
/// hold one per shape.
trait Search {
    /// Searches `grid`, stopping after `limit` solutions (0: never), writes the
    /// first solution into `first` when given, and returns how many it found.
    fn run(&mut self, grid: &Grid, limit: u64, first: Option<&mut Grid>) -> u64;
}

/// Cell and unit tables of one shape, built once and shared by every solver.
struct Tables {
    /// Peers of each cell, `peer_count` per cell.
    peers: Vec<u16>,
    peer_count: usize,
    /// Cells of each unit (rows, then columns, then boxes), n per unit.
    units: Vec<u16>,
    /// Box index of each cell.
    box_of: Vec<u8>,
}

impl Tables {
    fn of(shape: Shape) -> &'static Tables {
        static CACHE: [OnceLock<Tables>; SUPPORTED_SHAPES.len()] =
            [const { OnceLock::new() }; SUPPORTED_SHAPES.len()];
        CACHE[shape_index(shape)].get_or_init(|| {
            let g = shape.geometry();
            let to_u16 = |c: &usize| *c as u16;
            Tables {
                peers: g.peers.iter().flatten().map(to_u16).collect(),
                peer_count: g.peers[0].len(),
                units: g.units.iter().flatten().map(to_u16).collect(),
                box_of: (0..g.cell_count()).map(|c| g.box_of(c) as u8).collect(),
            }
        })
    }
}

const ROW: usize = 0;
const COL: usize = 1;
const BOX: usize = 2;

/// Everything the search changes, small enough to copy at each branch.
#[derive(Clone, Copy)]
struct State<const N: usize, const C: usize> {
    /// Remaining candidates of each cell; a solved cell holds its digit's bit.
    candidates: [u32; C],
    /// Whether each cell has been placed.
    solved: [bool; C],
    /// Digits placed in each row, column and box.
    placed: [[u32; N]; 3],
    /// Cells still to place.
    unsolved: usize,
}

impl<const N: usize, const C: usize> State<N, C> {
    const ALL: u32 = (1 << N) - 1;

    fn empty() -> Self {
        State {
            candidates: [Self::ALL; C],
            solved: [false; C],
            placed: [[0; N]; 3],
            unsolved: C,
        }
    }
}

/// A branch point: the state before branching, the cell branched on and the
/// digits not yet tried there.
struct Frame<const N: usize, const C: usize> {
    state: State<N, C>,
    cell: usize,
    untried: u32,
}

/// The backtracking search for boards of side `N` with `C = N * N` cells.
struct Core<const N: usize, const C: usize> {
    tables: &'static Tables,
    /// Cells left with a single candidate, waiting to be placed.
    singles: Vec<usize>,
    stack: Vec<Frame<N, C>>,
}

impl<const N: usize, const C: usize> Search for Core<N, C> {
    fn run(&mut self, grid: &Grid, limit: u64, mut first: Option<&mut Grid>) -> u64 {
        self.stack.clear();
        let mut found = 0;
        let mut state = State::empty();
        let mut alive = self.place_givens(&mut state, grid);
        loop {
            if alive && self.propagate(&mut state) {
                match self.branch_cell(&state) {
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

impl<const N: usize, const C: usize> Core<N, C> {
    fn new(shape: Shape) -> Self {
        debug_assert_eq!((shape.n(), shape.cell_count()), (N, C));
        Core {
            tables: Tables::of(shape),
            singles: Vec::with_capacity(C),
            stack: Vec::new(),
        }
    }

    /// Places the puzzle's givens; false when two of them clash.
    fn place_givens(&mut self, state: &mut State<N, C>, grid: &Grid) -> bool {
        self.singles.clear();
        for (cell, &value) in grid.values().iter().enumerate() {
            match value as usize {
                0 => {}
                v if v <= N => {
                    if !self.place(state, cell, 1 << (v - 1)) {
                        return false;
                    }
                }
                _ => return false,
            }
        }
        true
    }

    /// Places the digit `bit` in `cell` and removes it from the peers'
    /// candidates, queueing peers left with one candidate. False when the cell
    /// does not allow the digit or a peer is left with none.
    fn place(&mut self, state: &mut State<N, C>, cell: usize, bit: u32) -> bool {
        if state.candidates[cell] & bit == 0 {
            return false;
        }
        state.candidates[cell] = bit;
        state.solved[cell] = true;
        state.unsolved -= 1;
        state.placed[ROW][cell / N] |= bit;
        state.placed[COL][cell % N] |= bit;
        state.placed[BOX][self.tables.box_of[cell] as usize] |= bit;
        let count = self.tables.peer_count;
        for &peer in &self.tables.peers[cell * count..(cell + 1) * count] {
            let peer = peer as usize;
            let before = state.candidates[peer];
            if before & bit != 0 {
                let after = before & !bit;
                if after == 0 {
                    return false;
                }
                state.candidates[peer] = after;
                if after & (after - 1) == 0 {
                    self.singles.push(peer);
                }
            }
        }
        true
    }

    /// Places naked and hidden singles until none is left; false on a
    /// contradiction (a cell with no candidate, a unit missing a digit).
    fn propagate(&mut self, state: &mut State<N, C>) -> bool {
        loop {
            while let Some(cell) = self.singles.pop() {
                if !state.solved[cell] && !self.place(state, cell, state.candidates[cell]) {
                    return false;
                }
            }
            match self.place_hidden_singles(state) {
                Some(true) => continue,
                Some(false) => return true,
                None => return false,
            }
        }
    }

    /// Places every digit that has one cell left in some unit. Returns
    /// whether it placed any, or `None` on a contradiction.
    fn place_hidden_singles(&mut self, state: &mut State<N, C>) -> Option<bool> {
        let mut placed_any = false;
        for (unit, cells) in self.tables.units.chunks_exact(N).enumerate() {
            let mut once = 0;
            let mut twice = 0;
            for &cell in cells {
                let candidates = state.candidates[cell as usize];
                twice |= once & candidates;
                once |= candidates;
            }
            if once != State::<N, C>::ALL {
                return None;
            }
            let mut hidden = once & !twice & !state.placed[unit / N][unit % N];
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden ^= bit;
                // An earlier placement in this loop may have taken the digit's
                // only cell: then the unit cannot hold it.
                let cell = cells
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| state.candidates[c] & bit != 0)?;
                if !self.place(state, cell, bit) {
                    return None;
                }
                placed_any = true;
            }
        }
        Some(placed_any)
    }

    /// The unsolved cell with the fewest candidates, or `None` when the board
    /// is full.
    fn branch_cell(&self, state: &State<N, C>) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for cell in 0..C {
            if !state.solved[cell] {
                let k = state.candidates[cell].count_ones();
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
        self.singles.clear();
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
            let ok = self.place(&mut state, cell, bit);
            return Some((state, ok));
        }
    }
}

/// Copies a full state into a grid.
fn write_solution<const N: usize, const C: usize>(state: &State<N, C>, grid: &mut Grid) {
    for (cell, &bit) in state.candidates.iter().enumerate() {
        grid.set(cell, bit.trailing_zeros() as u8 + 1);
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
