//! Random full grids from disjoint Π layers (seed random-sudoku-pi-matrices):
//! a grid is n mutually disjoint layers, layer L holding digit L.
//!
//! Two methods build them. `SeedRejection` is the seed's Algorithm 8 kept as
//! written (draw a random layer, keep it when it is disjoint from all earlier
//! ones), with a restart added so that it cannot spin forever at a dead end.
//! `Backtracking`, the default, builds the same layers by search: it is fast
//! on every board size and always ends.

use rand::{Rng, RngExt};

use super::pi::{PiLayer, layer_count};
use crate::board::geometry::Shape;
use crate::board::grid::Grid;
use crate::symmetry::transform::Transform;

/// How `fill` builds a grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FillMethod {
    /// Layer by layer, each layer box by box, backtracking within and across
    /// layers, then a random symmetry transform. Fast at every size.
    #[default]
    Backtracking,
    /// The seed's Algorithm 8: random layers kept when disjoint from the
    /// earlier ones, restarting from empty after too many failed draws.
    /// Fine up to 9x9; hopeless at 16x16 (see `rejection_bound`).
    SeedRejection,
}

/// What a fill cost, for benchmarks and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillStats {
    /// Times the method gave up a partial grid and started again from empty.
    pub restarts: u64,
    /// Work done: cells placed by `Backtracking` (including ones undone),
    /// Π layers drawn by `SeedRejection`.
    pub steps: u64,
}

/// A random valid full grid of the shape.
pub fn fill<R: Rng + ?Sized>(shape: Shape, method: FillMethod, rng: &mut R) -> Grid {
    fill_with_stats(shape, method, rng).0
}

/// `fill`, also saying what the grid cost.
pub fn fill_with_stats<R: Rng + ?Sized>(
    shape: Shape,
    method: FillMethod,
    rng: &mut R,
) -> (Grid, FillStats) {
    match method {
        FillMethod::Backtracking => {
            let (grid, stats) = LayerSearch::new(shape).run(first_budget(shape), rng);
            let spread = Transform::random(shape, rng).apply(&grid).unwrap_or(grid);
            (spread, stats)
        }
        FillMethod::SeedRejection => {
            let (grid, stats) = seed_rejection_within(shape, u64::MAX, rng);
            (grid.expect("an unlimited search returns a grid"), stats)
        }
    }
}

/// Consecutive failed draws after which `SeedRejection` restarts:
/// 20 times the number of layers, saturating.
///
/// Algorithm 8 as written loops forever when no layer disjoint from the
/// placed ones remains, which happens. A layer that does exist is drawn with
/// probability at least 1/|Π| per draw, so after 20·|Π| straight failures the
/// chance that one existed and was missed is below (1 - 1/|Π|)^(20·|Π|) < e^-20:
/// the restart almost only fires at real dead ends. The last layer of a grid
/// always exists but is exactly one of the |Π| layers, so every grid costs at
/// least about |Π| draws: 46,656 at 9x9, 1.1·10^11 at 16x16, which is why
/// this method is for measurement and small boards only.
pub fn rejection_bound(shape: Shape) -> u64 {
    layer_count(shape)
        .saturating_mul(20)
        .try_into()
        .unwrap_or(u64::MAX)
}

/// `SeedRejection` (the seed's Algorithm 8 with a restart after
/// `rejection_bound` failures) giving up after `max_draws` draws in all:
/// the grid, or `None` if the draws ran out first. For measuring the method
/// where a grid takes longer than anyone would wait (16x16 and up).
pub fn seed_rejection_within<R: Rng + ?Sized>(
    shape: Shape,
    max_draws: u64,
    rng: &mut R,
) -> (Option<Grid>, FillStats) {
    let n = shape.n();
    let bound = rejection_bound(shape);
    let mut stats = FillStats::default();
    'attempt: loop {
        // The seed's S: the digits placed so far, 0 where no layer has been put.
        let mut grid = Grid::empty(shape);
        for digit in 1..=n as u8 {
            let mut failures = 0u64;
            loop {
                if stats.steps == max_draws {
                    return (None, stats);
                }
                let layer = PiLayer::random(shape, rng);
                stats.steps += 1;
                if layer.cells().all(|cell| grid.get(cell) == 0) {
                    for cell in layer.cells() {
                        grid.put(cell, digit);
                    }
                    break;
                }
                failures += 1;
                if failures >= bound {
                    stats.restarts += 1;
                    continue 'attempt;
                }
            }
        }
        return (Some(grid), stats);
    }
}

/// Search nodes an attempt may use before `Backtracking` restarts, at first:
/// a few times the n² placements a grid needs without backtracking.
fn first_budget(shape: Shape) -> u64 {
    8 * shape.cell_count() as u64
}

/// Restarts between doublings of the node budget.
const RESTARTS_PER_DOUBLING: u64 = 8;

/// Placement state of the layer being built: which rows and columns of the
/// board it already uses (so its row tables `p[s]` and column tables `q[t]` stay
/// permutations) and which boxes it has a mark in. Bit i stands for row,
/// column or box i.
#[derive(Clone, Copy, Default)]
struct LayerState {
    rows: u32,
    cols: u32,
    boxes: u32,
}

/// One placement on the search stack: the box it fills, the positions in
/// that box still to try, the one in use, and the layer state before it.
struct Frame {
    box_index: usize,
    untried: u32,
    placed: u32,
    before: LayerState,
}

/// The `Backtracking` search. Boxes are numbered row-major as in `Geometry`;
/// positions inside a box are bits `i*w + j` for inner row i and column j.
struct LayerSearch {
    shape: Shape,
    /// Free positions of each box (not yet holding any layer's mark).
    free: Vec<u32>,
    /// Positions of a box whose inner row is in the index's bit set (h bits).
    by_inner_rows: Vec<u32>,
    /// Positions of a box whose inner column is in the index's bit set (w bits).
    by_inner_cols: Vec<u32>,
    /// For each box, its first board row and column (where `options` reads
    /// the layer's used rows and columns from, without dividing).
    corners: Vec<(u32, u32)>,
    values: Vec<u8>,
    frames: Vec<Frame>,
}

impl LayerSearch {
    fn new(shape: Shape) -> LayerSearch {
        let (h, w) = (shape.box_rows(), shape.box_cols());
        let positions_where = |count: usize, inner: fn(usize, usize) -> usize| {
            (0..1usize << count)
                .map(|set| {
                    (0..h * w)
                        .filter(|&k| set >> inner(k, w) & 1 == 1)
                        .fold(0u32, |mask, k| mask | 1 << k)
                })
                .collect()
        };
        LayerSearch {
            shape,
            free: Vec::new(),
            by_inner_rows: positions_where(h, |k, w| k / w),
            by_inner_cols: positions_where(w, |k, w| k % w),
            corners: (0..h * w)
                .map(|b| (((b / h) * h) as u32, ((b % h) * w) as u32))
                .collect(),
            values: Vec::new(),
            frames: Vec::with_capacity(shape.cell_count()),
        }
    }

    /// Searches until a grid is complete. Each attempt stops after its node
    /// budget (`budget` at first) and restarts from empty with fresh random choices; the budget
    /// doubles every few restarts. The search inside an attempt is complete
    /// (chronological backtracking over every choice), so once the budget
    /// exceeds the finite size of the search tree an attempt cannot fail:
    /// `run` always ends. In practice the first few attempts succeed.
    fn run<R: Rng + ?Sized>(&mut self, mut budget: u64, rng: &mut R) -> (Grid, FillStats) {
        let mut stats = FillStats::default();
        loop {
            if self.attempt(budget, &mut stats.steps, rng) {
                let grid = Grid::from_values(self.shape, std::mem::take(&mut self.values))
                    .expect("the search writes digits 1..=n into n*n cells");
                return (grid, stats);
            }
            stats.restarts += 1;
            if stats.restarts.is_multiple_of(RESTARTS_PER_DOUBLING) {
                budget = budget.saturating_mul(2);
            }
        }
    }

    /// One attempt from the empty grid with at most `budget` placements;
    /// true when the grid is complete.
    fn attempt<R: Rng + ?Sized>(&mut self, budget: u64, steps: &mut u64, rng: &mut R) -> bool {
        let n = self.shape.n();
        let all_boxes = (1u32 << n) - 1;
        self.free = vec![(1u32 << n) - 1; n];
        self.values = vec![0; n * n];
        self.frames.clear();
        let mut state = LayerState::default();
        let mut used = 0u64;
        loop {
            if self.frames.len() == n * n {
                return true;
            }
            if state.boxes == all_boxes {
                state = LayerState::default(); // the layer is complete: start the next
            }
            // Open a frame on the box with the fewest positions left (possibly none).
            let (box_index, untried) = self.most_constrained_box(state);
            self.frames.push(Frame {
                box_index,
                untried,
                placed: 0,
                before: state,
            });
            // Place the top frame's next position, backtracking past exhausted frames.
            loop {
                let Some(top) = self.frames.last_mut() else {
                    return false; // every choice failed; cannot happen, as grids exist
                };
                let (b, undo) = (top.box_index, top.placed);
                if undo != 0 {
                    state = top.before;
                }
                let exhausted = top.untried == 0;
                let choice = if exhausted || used == budget {
                    0
                } else {
                    random_bit(top.untried, rng)
                };
                top.untried &= !choice;
                top.placed = choice;
                if undo != 0 {
                    let cell = self.cell_of(b, undo);
                    self.values[cell] = 0;
                    self.free[b] |= undo;
                }
                if exhausted {
                    self.frames.pop();
                    continue;
                }
                if choice == 0 {
                    return false; // budget spent
                }
                used += 1;
                *steps += 1;
                let cell = self.place(b, choice, &mut state);
                self.values[cell] = ((self.frames.len() - 1) / n + 1) as u8;
                break;
            }
        }
    }

    /// The unfinished box of the current layer with the fewest free positions
    /// in rows and columns the layer has not used, and those positions.
    fn most_constrained_box(&self, state: LayerState) -> (usize, u32) {
        let n = self.shape.n();
        let mut best = (0, 0, u32::MAX);
        for b in (0..n).filter(|&b| state.boxes >> b & 1 == 0) {
            let options = self.options(b, state);
            let count = ones(options);
            if count < best.2 {
                best = (b, options, count);
                if count == 0 {
                    break;
                }
            }
        }
        (best.0, best.1)
    }

    /// Free positions of box `b` in rows and columns the layer leaves open.
    fn options(&self, b: usize, state: LayerState) -> u32 {
        let (top, left) = self.corners[b];
        let open_rows = !(state.rows >> top) as usize & (self.by_inner_rows.len() - 1);
        let open_cols = !(state.cols >> left) as usize & (self.by_inner_cols.len() - 1);
        self.free[b] & self.by_inner_rows[open_rows] & self.by_inner_cols[open_cols]
    }

    /// The board row and column of a position (a one-bit mask) of box `b`.
    fn row_col(&self, b: usize, position: u32) -> (usize, usize) {
        let w = self.shape.box_cols();
        let (top, left) = self.corners[b];
        let k = position.trailing_zeros() as usize;
        (top as usize + k / w, left as usize + k % w)
    }

    fn cell_of(&self, b: usize, position: u32) -> usize {
        let (row, col) = self.row_col(b, position);
        row * self.shape.n() + col
    }

    /// Marks `position` of box `b` as taken by the current layer; returns its cell.
    fn place(&mut self, b: usize, position: u32, state: &mut LayerState) -> usize {
        let (row, col) = self.row_col(b, position);
        self.free[b] &= !position;
        state.rows |= 1 << row;
        state.cols |= 1 << col;
        state.boxes |= 1 << b;
        row * self.shape.n() + col
    }
}

/// Bits set in a box's positions: from a table up to 9x9 boxes, where the
/// count without the processor's population count (not assumed by the
/// portable build) was a third of the box choice.
fn ones(mask: u32) -> u32 {
    const SMALL: usize = 1 << 9;
    const TABLE: [u8; SMALL] = {
        let mut table = [0u8; SMALL];
        let mut m = 1;
        while m < SMALL {
            table[m] = table[m >> 1] + (m & 1) as u8;
            m += 1;
        }
        table
    };
    match TABLE.get(mask as usize) {
        Some(&count) => u32::from(count),
        None => mask.count_ones(),
    }
}

/// A uniformly random set bit of a non-zero mask, as a one-bit mask.
fn random_bit<R: Rng + ?Sized>(mut mask: u32, rng: &mut R) -> u32 {
    for _ in 0..rng.random_range(0..mask.count_ones()) {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::validate::is_solved;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn a_tiny_budget_still_ends_because_it_keeps_doubling() {
        let shape = Shape::new(3, 3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        // One node per attempt at first: attempts fail until the budget has grown.
        let (grid, stats) = LayerSearch::new(shape).run(1, &mut rng);
        assert!(is_solved(&grid));
        assert!(stats.restarts >= 7 * RESTARTS_PER_DOUBLING, "{stats:?}");
        assert!(stats.steps >= shape.cell_count() as u64);
    }

    #[test]
    fn random_bit_picks_each_set_bit_evenly() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mask = 0b1010_0110u32;
        let mut counts = [0u32; 8];
        for _ in 0..4000 {
            let bit = random_bit(mask, &mut rng);
            assert_eq!(bit.count_ones(), 1);
            assert_ne!(bit & mask, 0);
            counts[bit.trailing_zeros() as usize] += 1;
        }
        // Four set bits, about 1000 each (sd ~27).
        for (i, &c) in counts.iter().enumerate() {
            if mask >> i & 1 == 1 {
                assert!(c.abs_diff(1000) < 150, "bit {i}: {c}");
            }
        }
    }

    #[test]
    fn rejection_bound_is_twenty_layer_counts_saturating() {
        assert_eq!(rejection_bound(Shape::new(2, 2).unwrap()), 20 * 16);
        assert_eq!(rejection_bound(Shape::new(3, 3).unwrap()), 20 * 46_656);
        assert_eq!(rejection_bound(Shape::new(5, 5).unwrap()), u64::MAX);
    }

    #[test]
    fn seed_rejection_gives_up_after_its_draws() {
        let shape = Shape::new(3, 3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        // The last layer alone is one of 46,656: 1,000 draws cannot finish.
        let (grid, stats) = seed_rejection_within(shape, 1000, &mut rng);
        assert_eq!(grid, None);
        assert_eq!(stats.steps, 1000);
    }
}
