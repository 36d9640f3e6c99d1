//! Where new puzzles come from. `new_puzzle` is the one switch point: it is a
//! small stand-in (a shuffled pattern grid, then clues removed while the
//! solution stays unique) until `engine::generate` lands.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Difficulty, Grid, Shape, solver};

/// A puzzle with a unique solution, and that solution, for a shape, a level
/// and a seed (the same seed gives the same puzzle).
pub fn new_puzzle(shape: Shape, difficulty: Difficulty, seed: u64) -> (Grid, Grid) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let solution = shuffled_pattern(shape, &mut rng);
    let mut puzzle = solution.clone();
    let cells = shape.cell_count();
    // Fewer clues for harder levels; removals stop there or when none keeps
    // the solution unique.
    let keep_share: f64 = match difficulty {
        Difficulty::Easy => 0.50,
        Difficulty::Medium => 0.42,
        Difficulty::Hard => 0.36,
        Difficulty::Expert | Difficulty::Extreme => 0.0,
    };
    // The stand-in's uniqueness checks get slow on big boards; stop earlier there.
    let keep_share = if shape.n() >= 16 {
        keep_share.max(0.5)
    } else {
        keep_share
    };
    let min_clues = (cells as f64 * keep_share) as usize;
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(&mut rng);
    let mut clues = cells;
    for cell in order {
        if clues <= min_clues {
            break;
        }
        let value = puzzle.get(cell);
        puzzle.set(cell, 0);
        if solver::count(&puzzle, 2).is_unique() {
            clues -= 1;
        } else {
            puzzle.set(cell, value);
        }
    }
    (puzzle, solution)
}

/// A valid full grid: the classic pattern with its digits relabelled and its
/// bands, stacks, and rows and columns within them permuted.
fn shuffled_pattern(shape: Shape, rng: &mut ChaCha8Rng) -> Grid {
    let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    digits.shuffle(rng);
    // Rows come in w bands of h rows, columns in h stacks of w columns.
    let rows = permuted_lines(w, h, rng);
    let cols = permuted_lines(h, w, rng);
    let mut grid = Grid::empty(shape);
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let base = (w * (pr % h) + pr / h + pc) % n;
            grid.set(r * n + c, digits[base]);
        }
    }
    grid
}

/// A permutation of `groups * size` lines that keeps each group together.
fn permuted_lines(groups: usize, size: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut group_order: Vec<usize> = (0..groups).collect();
    group_order.shuffle(rng);
    group_order
        .into_iter()
        .flat_map(|g| {
            let mut inner: Vec<usize> = (0..size).map(|i| g * size + i).collect();
            inner.shuffle(rng);
            inner
        })
        .collect()
}
