//! Uniqueness proofs by trial: for puzzles just beyond logic, where the
//! backtracking solver's count can take minutes on 16x16 and 25x25 boards.
//!
//! Sound logic runs until it stalls; then one empty cell is tried with each
//! digit the known solution does not put there, and logic must break every
//! such trial (leave a cell or a unit's digit without a place). Then every
//! solution has the solution's digit in that cell: it is placed and logic
//! goes on. A puzzle this completes has exactly one solution. The proof is
//! bounded: a few rounds of at most n - 1 logical solves each.

use super::techniques::{Board, find_step_for_any_solution};
use crate::board::grid::Grid;

/// Whether `puzzle`, whose solutions include `solution`, is proved to have no
/// other within `rounds` trial rounds. `false` means "not proved": the puzzle
/// may have other solutions, or need a deeper proof than this one looks for.
pub fn unique_by_trials(puzzle: &Grid, solution: &Grid, rounds: usize) -> bool {
    let mut board = Board::from_grid(puzzle).without_explanations();
    for round in 0..=rounds {
        match settle(&mut board) {
            End::Solved => return true,
            End::Broken => return false,
            End::Stalled if round == rounds => return false,
            End::Stalled => {}
        }
        let Some(cell) = trial_cell(&board) else {
            return false;
        };
        let right = solution.get(cell);
        let all_wrong_break = board.candidates(cell).into_iter().all(|digit| {
            digit == right || {
                let mut trial = board.clone();
                trial.place(cell, digit);
                settle(&mut trial) == End::Broken
            }
        });
        if !all_wrong_break || !board.candidates(cell).contains(right) {
            return false;
        }
        board.place(cell, right);
    }
    false
}

/// Where sound logic leaves a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Solved,
    Stalled,
    /// No solution extends the position.
    Broken,
}

/// Applies sound steps until the board is solved, stalls or breaks. A broken
/// position is caught at once: steps found on it can be nonsense.
fn settle(board: &mut Board) -> End {
    loop {
        if board.is_broken() {
            return End::Broken;
        }
        if board.is_solved() {
            return End::Solved;
        }
        match find_step_for_any_solution(board) {
            Some(step) => board.apply(&step),
            None => return End::Stalled,
        }
    }
}

/// The empty cell with the fewest candidates: the fewest trials to break.
fn trial_cell(board: &Board) -> Option<usize> {
    (0..board.geometry().cell_count())
        .filter(|&c| board.value(c) == 0)
        .min_by_key(|&c| board.candidates(c).len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Shape;
    use crate::generation::dig::{Symmetry, dig};
    use crate::generation::fill::{FillMethod, fill};
    use crate::solve::solver;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn proofs_agree_with_the_solvers_count() {
        // Puzzles dug by the solver's count often need a guess; one clue
        // fewer, they have several solutions. A proof must never be found
        // for those, and should be for most of the unique ones.
        let shape = Shape::for_size(9).unwrap();
        let mut proved = 0;
        for seed in 0..30 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = fill(shape, FillMethod::default(), &mut rng);
            let groups = Symmetry::None.groups(shape);
            let mut puzzle = dig(&solution, &groups, &mut rng, |r| r.stays_unique());
            let unique = unique_by_trials(&puzzle, &solution, 3);
            proved += usize::from(unique);
            let clue = (0..81).find(|&c| puzzle.get(c) != 0).unwrap();
            puzzle.put(clue, 0);
            assert!(
                !solver::count(&puzzle, 2).is_unique(),
                "dug puzzles are minimal"
            );
            assert!(!unique_by_trials(&puzzle, &solution, 3), "seed {seed}");
        }
        assert!(proved >= 15, "only {proved} of 30 proved");
    }

    #[test]
    fn a_puzzle_logic_solves_needs_no_trial() {
        let easy = Grid::parse("1.3434.2.14.432.", None).unwrap();
        let solution = Grid::parse("1234341221434321", None).unwrap();
        assert!(unique_by_trials(&easy, &solution, 0));
        let open = Grid::parse("1234............", None).unwrap();
        assert!(!solver::count(&open, 2).is_unique());
        assert!(!unique_by_trials(&open, &solution, 3));
    }
}
