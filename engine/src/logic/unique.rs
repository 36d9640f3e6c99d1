//! The one solution of a puzzle and the proof that it has no other, fast on
//! every board size.
//!
//! The solver proves uniqueness by searching on after the first solution
//! until its tree is exhausted. Its propagation (singles and locked
//! candidates within bands) keeps that tree small up to 12x12, but on 16x16
//! and 25x25 boards a puzzle that needs harder logic leaves millions of
//! nodes: seconds for one `hint`. So on those boards the proof uses the
//! strongest propagation tudoku has, the logical techniques:
//!
//! 1. the candidates are narrowed by every technique step that holds for
//!    every solution (the rater's logic up to Expert, uniqueness techniques
//!    left out), which keeps exactly the puzzle's solutions;
//! 2. where logic stalls, the search branches on a cell with the fewest
//!    candidates and narrows each branch the same way, for the first
//!    `LOGIC_DEPTH` levels: most branches break or solve at once;
//! 3. below that the solver searches within the narrowed candidates, and
//!    stops at the second solution.
//!
//! On tudoku's 25x25 extreme puzzles the search alone took up to a minute,
//! narrowing the root alone up to seconds; with the logical branches the
//! worst of 1,000 is under 5 ms (benches/large.rs). Almost all of it is the
//! logic in the branches, not the solver.

use super::difficulty::Difficulty;
use super::techniques::{Board, StepFinder};
use crate::board::grid::Grid;
use crate::board::validate;
use crate::solve::solver::{Outcome, SolutionCount, Solver};

/// Boards from this side up are narrowed by logic before the search.
pub const NARROW_FROM: usize = 16;

/// Levels of branches narrowed by logic before the solver takes over: each
/// level at most doubles the logic runs on a position where no branch
/// breaks, and three keep the worst 25x25 extreme puzzle quick.
const LOGIC_DEPTH: usize = 3;

/// The first solution of `grid` and whether a second one exists.
pub fn solve_unique(grid: &Grid) -> Outcome {
    solve_unique_with(&mut Solver::new(), grid)
}

/// `solve_unique` with a solver whose buffers the caller keeps between
/// puzzles.
pub fn solve_unique_with(solver: &mut Solver, grid: &Grid) -> Outcome {
    // the solver finds clashing givens itself; the logic needs them ruled
    // out, and knows only classic rules
    if grid.shape().n() < NARROW_FROM || !grid.rules().is_classic() {
        return solver.solve_unique(grid);
    }
    if !validate::is_consistent(grid) {
        return Outcome::Unsolvable;
    }
    by_logic(solver, grid)
}

/// `solve_unique_with` for a caller done with the puzzle: `grid` becomes
/// its first solution when it has one, and is left as it was when it has
/// none (see [`Solver::solve_unique_in_place`]). The count stops at two.
pub fn solve_unique_in_place_with(solver: &mut Solver, grid: &mut Grid) -> SolutionCount {
    if grid.shape().n() < NARROW_FROM || !grid.rules().is_classic() {
        return solver.solve_unique_in_place(grid);
    }
    let (found, solution) = match solve_unique_with(solver, grid) {
        Outcome::Unsolvable => return SolutionCount::Exactly(0),
        Outcome::Unique(solution) => (SolutionCount::Exactly(1), solution),
        Outcome::Multiple(solution) => (SolutionCount::AtLeast(2), solution),
    };
    *grid = solution;
    found
}

/// Narrowing and logical branches, then the solver (see the module doc), on
/// consistent givens.
fn by_logic(solver: &mut Solver, grid: &Grid) -> Outcome {
    solve_unique_narrowed(solver, &Board::from_grid(grid).without_explanations())
}

/// `solve_unique_with` from a position that steps holding for every
/// solution reached from the givens, such as where the rater's logic
/// stalled: the puzzle's solutions are the position's, and on a position
/// logic has already narrowed the proof spares that work.
pub fn solve_unique_narrowed(solver: &mut Solver, board: &Board) -> Outcome {
    let mut board = board.clone();
    let mut finder = StepFinder::default();
    narrow(&mut board, &mut finder);
    let mut first = None;
    let found = count_within(solver, &board, &finder, LOGIC_DEPTH, 2, &mut first);
    match (found, first) {
        (1, Some(solution)) => Outcome::Unique(solution),
        (2.., Some(solution)) => Outcome::Multiple(solution),
        _ => Outcome::Unsolvable,
    }
}

/// Takes every sound technique step up to Expert: the same solutions, fewer
/// candidates. `finder` must have found the steps of `board` so far (or be
/// new), on this board or on the one it was cloned from.
fn narrow(board: &mut Board, finder: &mut StepFinder) {
    // a broken board stays broken, and the steps on it still come to an
    // end: it is checked once, after
    while !board.is_solved()
        && finder
            .take_sound_step_up_to(board, Difficulty::Expert)
            .is_some()
    {}
}

/// The solutions of a narrowed board, counted up to `limit`, the first kept
/// in `first`: branches narrowed by logic for `depth` levels, then the
/// solver. `finder` narrowed `board`: each branch starts from a copy of it,
/// so that techniques skip the digits and units the branch's placement
/// left alone, where they failed on `board` (the same steps, found faster).
fn count_within(
    solver: &mut Solver,
    board: &Board,
    finder: &StepFinder,
    depth: usize,
    limit: u64,
    first: &mut Option<Grid>,
) -> u64 {
    if board.is_broken() {
        return 0;
    }
    if board.is_solved() {
        first.get_or_insert_with(|| board.to_grid());
        return 1;
    }
    if depth == 0 {
        let outcome = solver.solve_unique_within(&board.to_grid(), board.all_candidates());
        return match outcome {
            Outcome::Unsolvable => 0,
            Outcome::Unique(solution) => {
                first.get_or_insert(solution);
                1
            }
            Outcome::Multiple(solution) => {
                first.get_or_insert(solution);
                2
            }
        };
    }
    let open = (0..board.geometry().cell_count()).filter(|&c| board.value(c) == 0);
    let Some(cell) = open.min_by_key(|&c| board.candidates(c).len()) else {
        return 0;
    };
    let mut found = 0;
    for digit in board.candidates(cell) {
        let (mut branch, mut branch_finder) = (board.clone(), finder.clone());
        branch.place(cell, digit);
        narrow(&mut branch, &mut branch_finder);
        found += count_within(
            solver,
            &branch,
            &branch_finder,
            depth - 1,
            limit - found,
            first,
        );
        if found >= limit {
            break;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::board::geometry::Shape;
    use crate::board::validate::is_solved;

    /// Solutions of `grid`, counted up to 2 by trying every digit in the
    /// first empty cell: the oracle, too slow past 6x6.
    fn naive_count(grid: &mut Grid) -> u64 {
        let Some(cell) = (0..grid.shape().cell_count()).find(|&c| grid.get(c) == 0) else {
            return 1;
        };
        let mut found = 0;
        for digit in 1..=grid.shape().n() as u8 {
            grid.put(cell, digit);
            if validate::is_consistent(grid) {
                found += naive_count(grid);
            }
            grid.put(cell, 0);
            if found >= 2 {
                return 2;
            }
        }
        found
    }

    /// Random consistent givens, a share `density` of the cells.
    fn random_puzzle(shape: Shape, density: f64, rng: &mut ChaCha8Rng) -> Grid {
        let mut grid = Grid::empty(shape);
        for cell in 0..shape.cell_count() {
            if rng.random_bool(density) {
                grid.put(cell, rng.random_range(1..=shape.n() as u8));
                if !validate::is_consistent(&grid) {
                    grid.put(cell, 0);
                }
            }
        }
        grid
    }

    /// The logic route, in place: a full board with a cell emptied has
    /// that board as its one solution, an empty board several, clashing
    /// givens none (and the grid stays as it was).
    #[test]
    fn solving_in_place_by_logic_on_large_boards() {
        let mut solver = Solver::new();
        for n in [16, 25] {
            let shape = Shape::for_size(n).unwrap();
            let full = solver.solve(&Grid::empty(shape)).unwrap();
            let mut grid = full.clone();
            grid.put(7, 0);
            let found = solve_unique_in_place_with(&mut solver, &mut grid);
            assert_eq!((found, &grid), (SolutionCount::Exactly(1), &full));
            let mut grid = Grid::empty(shape);
            let found = solve_unique_in_place_with(&mut solver, &mut grid);
            assert_eq!(found, SolutionCount::AtLeast(2));
            assert!(is_solved(&grid));
            let mut clash = Grid::empty(shape);
            clash.put(0, 3);
            clash.put(n, 3);
            let mut grid = clash.clone();
            let found = solve_unique_in_place_with(&mut solver, &mut grid);
            assert_eq!((found, &grid), (SolutionCount::Exactly(0), &clash));
        }
    }

    #[test]
    fn logic_and_branches_agree_with_a_naive_count_on_small_boards() {
        // the path large boards take, on boards small enough to count by
        // brute force: random givens with no, one and many solutions
        let mut rng = ChaCha8Rng::seed_from_u64(16);
        let mut seen = [0; 3];
        let mut solver = Solver::new();
        for shape in [Shape::new(2, 2), Shape::new(2, 3), Shape::new(3, 2)] {
            let shape = shape.unwrap();
            for round in 0..300 {
                let density = [0.2, 0.35, 0.5][round % 3];
                let puzzle = random_puzzle(shape, density, &mut rng);
                let expected = naive_count(&mut puzzle.clone());
                let outcome = by_logic(&mut solver, &puzzle);
                let found = match &outcome {
                    Outcome::Unsolvable => 0,
                    Outcome::Unique(_) => 1,
                    Outcome::Multiple(_) => 2,
                };
                assert_eq!(found, expected, "{}", puzzle.to_line(false));
                seen[found as usize] += 1;
                if let Some(solution) = outcome.solution() {
                    assert!(is_solved(solution));
                    let cells = 0..shape.cell_count();
                    assert!(
                        cells
                            .clone()
                            .all(|c| puzzle.get(c) == 0 || puzzle.get(c) == solution.get(c))
                    );
                }
            }
        }
        assert!(
            seen.iter().all(|&k| k > 10),
            "too few of some kind: {seen:?}"
        );
    }
}
