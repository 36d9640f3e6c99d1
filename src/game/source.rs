//! Where new puzzles come from: the engine's generator, seeded so that the
//! same seed gives the same puzzle on every platform.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::canonical_form;
use crate::engine::{
    Difficulty, GenerateError, GenerateOptions, Generated, Grid, Shape, Technique,
    generate_cancellable, highest_level,
};

/// How many seeds a new game tries before it gives up avoiding solved
/// puzzles (a 4x4 board has few classes, and a player can solve them all).
const FRESH_TRIES: u64 = 50;

/// What the stats remember a solved puzzle by: its box shape and canonical
/// form, the same for every disguise of the puzzle; `None` for a board with
/// a repeated digit (never a game's puzzle).
pub fn solved_key(puzzle: &Grid) -> Option<String> {
    canonical_form(puzzle).map(|c| format!("{} {}", puzzle.shape(), c.grid.to_line(false)))
}

/// `new_puzzle_cancellable`, but never a puzzle whose `solved_key` is in
/// `solved`: tries `seed`, then the seeds after it. Returns the puzzle and
/// the seed that made it (so the game stays reproducible).
pub fn fresh_puzzle_cancellable(
    shape: Shape,
    difficulty: Difficulty,
    seed: u64,
    solved: &[String],
    cancelled: &dyn Fn() -> bool,
) -> Option<(Generated, u64)> {
    fresh_from(seed, solved, |seed| {
        new_puzzle_cancellable(shape, difficulty, seed, cancelled)
    })
}

/// `fresh_puzzle_cancellable` for practising a technique: a 9x9 puzzle
/// whose hardest step is `technique` (`practice_puzzle_cancellable`), never
/// one the player solved.
pub fn fresh_practice_cancellable(
    technique: Technique,
    seed: u64,
    solved: &[String],
    cancelled: &dyn Fn() -> bool,
) -> Option<(Generated, u64)> {
    fresh_from(seed, solved, |seed| {
        practice_puzzle_cancellable(technique, seed, cancelled)
    })
}

/// What `make` gives for `seed` or the first seed after it whose puzzle is
/// not in `solved` (the last tried when all are).
fn fresh_from(
    seed: u64,
    solved: &[String],
    make: impl Fn(u64) -> Option<Generated>,
) -> Option<(Generated, u64)> {
    let mut last = None;
    for k in 0..FRESH_TRIES {
        let seed = seed.wrapping_add(k);
        let made = make(seed)?;
        let seen = solved_key(&made.puzzle).is_some_and(|key| solved.contains(&key));
        if !seen {
            return Some((made, seed));
        }
        last = Some((made, seed));
    }
    last
}

/// A puzzle with a unique solution, for a shape, a level and a seed. A level
/// above the board's highest asks for the highest instead; should the
/// generator still find none, the nearest puzzle it makes is used: its
/// rating says which level it really is.
#[cfg(test)]
pub fn new_puzzle(shape: Shape, difficulty: Difficulty, seed: u64) -> Generated {
    new_puzzle_cancellable(shape, difficulty, seed, &|| false)
        .expect("a generation nobody cancels always ends with a puzzle")
}

/// `new_puzzle`, abandoned with `None` soon after `cancelled` says true: a
/// game made on a background thread stops when the player no longer wants it.
pub fn new_puzzle_cancellable(
    shape: Shape,
    difficulty: Difficulty,
    seed: u64,
    cancelled: &dyn Fn() -> bool,
) -> Option<Generated> {
    let options = GenerateOptions {
        difficulty: Some(difficulty.min(highest_level(shape))),
        ..GenerateOptions::new(shape)
    };
    let rng = || ChaCha8Rng::seed_from_u64(seed);
    match generate_cancellable(&options, &mut rng(), cancelled) {
        Ok(made) => Some(made),
        // The game never asks for minimal puzzles.
        Err(
            GenerateError::LevelOutOfReach { .. }
            | GenerateError::LevelBeyondBoard { .. }
            | GenerateError::TechniqueOutOfReach { .. },
        ) => {
            // Without a level the generator fails only when cancelled.
            generate_cancellable(&GenerateOptions::new(shape), &mut rng(), cancelled).ok()
        }
        // Cancelled; and the game never asks for minimal puzzles.
        Err(_) => None,
    }
}

/// A 9x9 puzzle for practising a technique: its hardest step is
/// `technique` and its level the technique's. Should the generator find
/// none (a technique no known 9x9 puzzle needs), a puzzle of the
/// technique's level instead: its rating says what it really needs.
pub fn practice_puzzle_cancellable(
    technique: Technique,
    seed: u64,
    cancelled: &dyn Fn() -> bool,
) -> Option<Generated> {
    let shape = Shape::for_size(9).expect("9x9 is a board");
    let options = GenerateOptions {
        technique: Some(technique),
        ..GenerateOptions::new(shape)
    };
    match generate_cancellable(&options, &mut ChaCha8Rng::seed_from_u64(seed), cancelled) {
        Ok(made) => Some(made),
        Err(GenerateError::TechniqueOutOfReach { .. } | GenerateError::TechniqueUnknown { .. }) => {
            new_puzzle_cancellable(shape, technique.difficulty(), seed, cancelled)
        }
        Err(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Transform;

    #[test]
    fn a_puzzle_solved_in_disguise_is_not_dealt_again() {
        let shape = Shape::for_size(9).unwrap();
        let first = new_puzzle(shape, Difficulty::Easy, 7);
        // The player solved a disguise of the puzzle seed 7 makes.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let disguise = Transform::random(shape, &mut rng)
            .apply(&first.puzzle)
            .unwrap();
        let solved = vec![solved_key(&disguise).unwrap()];
        assert_eq!(solved_key(&first.puzzle), solved_key(&disguise));
        let (made, seed) =
            fresh_puzzle_cancellable(shape, Difficulty::Easy, 7, &solved, &|| false).unwrap();
        assert_ne!(seed, 7);
        assert_eq!(
            made,
            new_puzzle(shape, Difficulty::Easy, seed),
            "reproducible from its seed"
        );
        assert!(!solved.contains(&solved_key(&made.puzzle).unwrap()));
        // With nothing solved, the seed's own puzzle.
        let (again, seed) =
            fresh_puzzle_cancellable(shape, Difficulty::Easy, 7, &[], &|| false).unwrap();
        assert_eq!((again, seed), (first, 7));
    }
    use std::cell::Cell;

    /// `new_puzzle_cancellable` with `cancelled` true after its first
    /// `cancel_after` checks, and the number of checks made.
    fn run(
        shape: Shape,
        difficulty: Difficulty,
        cancel_after: usize,
    ) -> (Option<Generated>, usize) {
        let asked = Cell::new(0);
        let cancelled = || {
            asked.set(asked.get() + 1);
            asked.get() > cancel_after
        };
        let made = new_puzzle_cancellable(shape, difficulty, 5, &cancelled);
        (made, asked.get())
    }

    #[test]
    fn a_puzzle_cancelled_from_the_start_never_comes() {
        for (n, level) in [(4, Difficulty::Medium), (25, Difficulty::Extreme)] {
            let (made, checks) = run(Shape::for_size(n).unwrap(), level, 0);
            assert_eq!((made, checks), (None, 1));
        }
    }

    /// Slow in a debug build; CI runs it in release.
    #[test]
    #[ignore]
    fn a_cancelled_puzzle_never_comes_even_from_the_fallback() {
        // cancelling at the whole run's last check stops the fallback
        let shape = Shape::for_size(4).unwrap();
        let (whole, checks) = run(shape, Difficulty::Medium, usize::MAX);
        assert_eq!(whole.unwrap().rating.difficulty, Difficulty::Easy);
        assert_eq!(run(shape, Difficulty::Medium, checks - 1).0, None);
    }
}
