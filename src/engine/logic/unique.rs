//! The one solution of a puzzle and the proof that it has no other, fast on
//! every board size.
//!
//! The solver proves uniqueness by searching on after the first solution
//! until the tree is exhausted. Its propagation (singles and locked
//! candidates within bands) keeps that tree small up to 12x12, but on 16x16
//! and 25x25 boards a puzzle that needs harder logic leaves millions of
//! nodes: seconds for one `hint`. So on those boards the candidates are
//! first narrowed by every technique that holds for every solution (the
//! rater's logic up to Expert, uniqueness techniques left out): the puzzle
//! keeps exactly its solutions, and the search within the narrowed
//! candidates, first solution and proof alike, mostly takes a few branches.

use super::difficulty::Difficulty;
use super::techniques::{Board, StepFinder};
use crate::engine::board::grid::Grid;
use crate::engine::board::validate;
use crate::engine::solve::solver::{Outcome, Solver};

/// Boards from this side up are narrowed by logic before the search.
const NARROW_FROM: usize = 16;

/// The first solution of `grid` and whether a second one exists.
pub fn solve_unique(grid: &Grid) -> Outcome {
    solve_unique_with(&mut Solver::new(), grid)
}

/// `solve_unique` with a solver whose buffers the caller keeps between
/// puzzles.
pub fn solve_unique_with(solver: &mut Solver, grid: &Grid) -> Outcome {
    if !validate::is_consistent(grid) {
        return Outcome::Unsolvable;
    }
    if grid.shape().n() < NARROW_FROM {
        return solver.solve_unique(grid);
    }
    let board = narrowed(grid);
    if board.is_broken() {
        return Outcome::Unsolvable;
    }
    solver.solve_unique_within(&board.to_grid(), board.all_candidates())
}

/// The board of `grid` after every sound technique step up to Expert: the
/// same solutions, fewer candidates.
fn narrowed(grid: &Grid) -> Board {
    let mut board = Board::from_grid(grid).without_explanations();
    let mut finder = StepFinder::default();
    // a broken board stays broken, and steps on it still end: checked once
    while !board.is_solved()
        && finder
            .take_sound_step_up_to(&mut board, Difficulty::Expert)
            .is_some()
    {}
    board
}
