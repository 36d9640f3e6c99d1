//! The uniqueness proof on 16x16 and 25x25 boards (logic, logical branches,
//! then the solver) against oracles that need no solver: a generated
//! puzzle's solution checked valid, and puzzles made to have two solutions
//! by blanking a rectangle of the solution whose two digits can swap. The
//! rater proves uniqueness from where its logic stalls: its ratings agree
//! with rating along the generated solution, with no proof.

use tudoku_engine::techniques::{Board, find_sound_step_up_to};
use tudoku_engine::{
    Difficulty, Grid, Outcome, Unsolvable, is_solved, rate, rate_with, solve_unique,
};

/// (puzzle, solution) pairs of tests/data/extreme_large.txt.
fn load() -> Vec<(Grid, Grid)> {
    // tests run in their package's directory, in the repository and unpacked
    let text = std::fs::read_to_string("tests/data/extreme_large.txt")
        .expect("test data is in the repository");
    text.lines()
        .map(|line| {
            let (puzzle, solution) = line.split_once(' ').expect("puzzle, space, solution");
            let parse = |s: &str| Grid::parse(s, None).expect("test data parses");
            (parse(puzzle), parse(solution))
        })
        .collect()
}

fn fits(puzzle: &Grid, solution: &Grid) -> bool {
    is_solved(solution)
        && (0..puzzle.shape().cell_count())
            .all(|c| puzzle.get(c) == 0 || puzzle.get(c) == solution.get(c))
}

/// Another solution of the puzzle `puzzle` once the four cells of a
/// rectangle are blanked: rows r1, r2 of one band, columns c1, c2 of two
/// stacks, holding a, b / b, a in `solution`. Swapping a and b there keeps
/// every row, column and box whole. Returns the blanked puzzle and the
/// swapped grid.
fn with_two_solutions(puzzle: &Grid, solution: &Grid) -> Option<(Grid, Grid)> {
    let shape = puzzle.shape();
    let (n, h) = (shape.n(), shape.box_rows());
    let at = |r: usize, c: usize| r * n + c;
    for r1 in 0..n {
        for r2 in (r1 + 1..n).filter(|&r2| r2 / h == r1 / h) {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let (a, b) = (solution.get(at(r1, c1)), solution.get(at(r1, c2)));
                    if solution.get(at(r2, c1)) != b || solution.get(at(r2, c2)) != a {
                        continue;
                    }
                    let (mut open, mut other) = (puzzle.clone(), solution.clone());
                    for (cell, digit) in [
                        (at(r1, c1), b),
                        (at(r1, c2), a),
                        (at(r2, c1), a),
                        (at(r2, c2), b),
                    ] {
                        open.set(cell, 0).unwrap();
                        other.set(cell, digit).unwrap();
                    }
                    return Some((open, other));
                }
            }
        }
    }
    None
}

#[test]
fn generated_extreme_puzzles_are_proved_unique() {
    for (puzzle, solution) in load() {
        assert!(fits(&puzzle, &solution));
        assert_eq!(solve_unique(&puzzle), Outcome::Unique(solution), "{puzzle}");
    }
}

#[test]
fn puzzles_with_two_solutions_are_found_multiple() {
    for (puzzle, solution) in load() {
        let (open, other) = with_two_solutions(&puzzle, &solution).expect("a swappable rectangle");
        // the oracle: two different grids, both valid, both keep the givens
        assert!(fits(&open, &solution) && fits(&open, &other) && solution != other);
        let Outcome::Multiple(found) = solve_unique(&open) else {
            panic!("two solutions not found: {open}");
        };
        assert!(fits(&open, &found));
    }
}

#[test]
fn the_rater_proves_from_where_its_logic_stalls() {
    for (puzzle, solution) in load() {
        let rating = rate(&puzzle).expect("one solution");
        // made to stall every pattern up to Expert (a chain past them, rated
        // 7.0 as SE rates forcing chains, or a unique rectangle SE would
        // take first, may then go on)
        let mut board = Board::from_grid(&puzzle).without_explanations();
        while let Some(step) = find_sound_step_up_to(&board, Difficulty::Expert) {
            board.apply(&step);
        }
        assert!(!board.is_solved(), "logic stalls");
        assert!(rating.difficulty >= Difficulty::Expert, "{rating}");
        assert_eq!(rating, rate_with(&puzzle, &solution));
        let (open, _) = with_two_solutions(&puzzle, &solution).expect("a swappable rectangle");
        assert_eq!(rate(&open), Err(Unsolvable::MultipleSolutions));
    }
}
