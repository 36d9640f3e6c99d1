//! The engine treats every member of a class alike: a random symmetry of a
//! puzzle gets the same rating and the same first hint, and its solution is
//! the original solution under the same symmetry.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tudoku::engine::hint::{Hint, next_hint};
use tudoku::engine::rate::rate;
use tudoku::engine::solver::Solver;
use tudoku::engine::symmetry::Transform;
use tudoku::engine::{Grid, parse_puzzles};

fn load(file: &str) -> Vec<Grid> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("test data is in the repository");
    parse_puzzles(&text, None)
        .map(|p| p.expect("test data parses").grid)
        .collect()
}

fn first_technique(puzzle: &Grid) -> String {
    match next_hint(puzzle, &Grid::empty(puzzle.shape()), None, None) {
        Ok(Hint::Step { step, .. }) => step.technique.name().to_string(),
        other => panic!("a unique puzzle has a next step: {other:?}"),
    }
}

fn check(puzzle: &Grid, seed: u64) {
    let t = Transform::random(puzzle.shape(), &mut ChaCha8Rng::seed_from_u64(seed));
    let moved = t.apply(puzzle).unwrap();
    let (a, b) = (rate(puzzle).unwrap(), rate(&moved).unwrap());
    assert_eq!(
        a.difficulty, b.difficulty,
        "level of {puzzle:?} and {moved:?}"
    );
    assert_eq!(a.score, b.score, "score of {puzzle:?} and {moved:?}");
    assert_eq!(first_technique(puzzle), first_technique(&moved));
    let mut solver = Solver::new();
    let solution = solver.solve_unique(puzzle).solution().cloned().unwrap();
    let moved_solution = solver.solve_unique(&moved).solution().cloned().unwrap();
    assert_eq!(t.apply(&solution).unwrap(), moved_solution);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn nine_by_nine_puzzles_rate_hint_and_solve_alike(index in 0usize..1465, seed in any::<u64>()) {
        let puzzles = load("top1465.txt");
        check(&puzzles[index], seed);
    }

    #[test]
    fn six_by_six_puzzles_rate_hint_and_solve_alike(index in 0usize..50, seed in any::<u64>()) {
        check(&load("6x6.txt")[index], seed);
    }
}
