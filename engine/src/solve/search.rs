//! The search loop: a stack of band states, branching on one cell's
//! digit at a time, and the band layout every part of the search reads.

use crate::board::digits::DigitSet;
use crate::board::grid::Grid;

use super::bits::Bits;
use super::solver::PROGRESS_EVERY;
use super::state::State;
use super::tables::{MAX_BAND, Tables, band_peers};

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
    ) -> u64 {
        self.run_job(Job {
            grid,
            candidates,
            limit,
            first,
            progress,
            found: 0,
        })
    }

    /// [`Search::run`] with its arguments in one value, which the 9x9
    /// dispatch passes on to the search it picks.
    fn run_job(&mut self, job: Job) -> u64;
}

/// What [`Search::run`] was asked, and the solutions found so far.
pub(super) struct Job<'a, 'b> {
    pub(super) grid: &'a Grid,
    pub(super) candidates: &'a [DigitSet],
    pub(super) limit: u64,
    pub(super) first: Option<&'b mut Grid>,
    pub(super) progress: &'b mut dyn FnMut(u64),
    pub(super) found: u64,
}

impl Job<'_, '_> {
    /// Counts a solution, letting `write` copy it into `first` when it is
    /// the first, and reports progress; true when the limit is reached and
    /// the search stops.
    #[inline(always)]
    pub(super) fn solution(&mut self, write: impl FnOnce(&mut Grid)) -> bool {
        if self.found == 0
            && let Some(first) = self.first.as_deref_mut()
        {
            write(first);
        }
        self.found += 1;
        if self.found == self.limit {
            return true;
        }
        if self.found.is_multiple_of(PROGRESS_EVERY) {
            (self.progress)(self.found);
        }
        false
    }
}

/// The backtracking search for boxes of `H` rows by `W` columns, on boards
/// of side `N = H * W`, with one `B` per band.
pub(super) struct Core<const H: usize, const W: usize, const N: usize, B> {
    /// The open branches from the root up, the one being searched on top,
    /// then spare slots that deeper searches left. Branching on digit d in
    /// a cell copies the top state into the slot above with d placed there
    /// and takes d out of that cell in the state below, which is what is
    /// left to search when the branch is done: one copy per branch, none to
    /// backtrack.
    pub(super) stack: Vec<State<B, N, W>>,
    /// Whether the root looks for column singles before branching, where
    /// nodes below look only when no cell has two candidates: set by
    /// [`Core::plant`] for sparse grids (see [`Core::is_sparse`]).
    root_column_singles: bool,
}

impl<const H: usize, const W: usize, const N: usize, B: Bits> Search for Core<H, W, N, B> {
    fn run_job(&mut self, job: Job) -> u64 {
        match self.start(job.grid, job.candidates) {
            Some(_) => self.search(job),
            None => 0,
        }
    }
}

impl<const H: usize, const W: usize, const N: usize, B: Bits> Core<H, W, N, B> {
    /// Puts the root of the search alone on the stack: the givens placed,
    /// the empty cells limited to `candidates` (when given) and everything
    /// propagated. Returns the number of givens, or `None` when that finds
    /// a contradiction (and the root is not to be searched).
    pub(super) fn start(&mut self, grid: &Grid, candidates: &[DigitSet]) -> Option<usize> {
        let givens = self.plant(grid)?;
        self.settle(grid, candidates).then_some(givens)
    }

    /// The first half of [`Core::start`]: the root alone on the stack with
    /// the givens placed, not yet propagated. Returns the number of givens,
    /// or `None` when two clash.
    pub(super) fn plant(&mut self, grid: &Grid) -> Option<usize> {
        let root = Self::empty_state();
        match self.stack.first_mut() {
            Some(slot) => *slot = root,
            None => self.stack.push(root),
        }
        let givens = Self::place_givens(&mut self.stack[0], grid)?;
        self.root_column_singles = Self::is_sparse(givens);
        Some(givens)
    }

    /// Whether a grid with this many givens is sparse: under a third of
    /// its cells. Column singles at the root often spare the search of a
    /// sparse grid altogether (17-clue puzzles: 1% more instructions
    /// without them); on a denser grid they are mostly a pass that finds
    /// nothing (serg_benchmark, 34-35 givens: 2.4% fewer instructions
    /// without them, 1.4% less time).
    fn is_sparse(givens: usize) -> bool {
        3 * givens < N * N
    }

    /// The second half of [`Core::start`], after [`Core::plant`]: the root's
    /// empty cells limited to `candidates` and everything propagated; false
    /// on a contradiction.
    pub(super) fn settle(&mut self, grid: &Grid, candidates: &[DigitSet]) -> bool {
        let root = &mut self.stack[0];
        Self::limit_to(root, grid, candidates);
        Self::propagate(root, self.root_column_singles)
    }

    /// The root that [`Core::start`] made, before [`Core::search`] runs.
    pub(super) fn root(&self) -> &State<B, N, W> {
        &self.stack[0]
    }

    /// Searches from the root that [`Core::start`] made, with the contract
    /// of [`Search::run`].
    pub(super) fn search(&mut self, mut job: Job) -> u64 {
        let stack = &mut self.stack;
        // The open branches are `stack[..=top]`, the one searched on top;
        // the states above are kept from deeper branches of earlier
        // searches, so that a branch copies its state once, straight into
        // the slot above (a copy into a local and a push made two copies,
        // 3% of serg_benchmark's time in `memmove`).
        let mut top = 0;
        // The root comes propagated; every other state on top of the stack
        // is new or has lost a digit since.
        let mut propagated = true;
        loop {
            let state = &mut stack[top];
            if std::mem::take(&mut propagated)
                || Self::propagate(state, top == 0 && self.root_column_singles)
            {
                match Self::branch_cell(state) {
                    Some((d, band, cell)) => {
                        if top + 1 == stack.len() {
                            stack.push(stack[top]);
                        }
                        let (open, above) = stack.split_at_mut(top + 1);
                        let (state, branch) = (&mut open[top], &mut above[0]);
                        branch.copy_from(state);
                        Self::take_out(state, d, band, cell);
                        Self::place(branch, d, band, cell);
                        top += 1;
                        continue;
                    }
                    None => {
                        if job.solution(|first| Self::write_solution(state, first)) {
                            return job.found;
                        }
                    }
                }
            }
            if top == 0 {
                return job.found;
            }
            top -= 1;
        }
    }
}

impl<const H: usize, const W: usize, const N: usize, B: Bits> Core<H, W, N, B> {
    /// A row of a band, as the low `N` bits.
    pub(super) const ROW: u32 = u32::MAX >> (32 - N);

    /// Bits per band.
    pub(super) const BAND: usize = H * N;

    /// For each cell of a band, its row and box in the band: a lookup
    /// rather than the divisions that find them, since `place` runs for
    /// every single found.
    pub(super) const PEERS: [u128; MAX_BAND] = band_peers(H, W);

    /// The band updates' lookup tables for this shape, made at compile
    /// time (a constant's reference lives in the binary's read-only data).
    pub(super) const TABLES: &'static Tables = &Tables::new(H, W);

    pub(super) fn new() -> Self {
        const { assert!(N == H * W && N <= 25 && H * N <= B::BITS) };
        Core {
            stack: Vec::new(),
            root_column_singles: true,
        }
    }

    /// Every cell of a band.
    pub(super) fn band() -> B {
        !B::ZERO >> (B::BITS - Self::BAND)
    }

    /// Row `i` of a band, as the low `N` bits.
    pub(super) fn row(bits: B, i: usize) -> u32 {
        (bits >> (i * N)).low() & Self::ROW
    }

    /// The same `N`-bit pattern in every row of a band: multiplying by a
    /// one at the start of each row copies it there, with no carries since
    /// the copies do not overlap.
    pub(super) fn in_every_row(row: u32) -> B {
        let starts = (0..H).fold(B::ZERO, |starts, i| starts | B::from_u32(1) << (i * N));
        B::from_u32(row) * starts
    }
}
