//! Where new puzzles come from: the engine's generator, seeded so that the
//! same seed gives the same puzzle on every platform.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Difficulty, GenerateOptions, Grid, Shape, generate};

/// A puzzle with a unique solution, and that solution, for a shape, a level
/// and a seed.
pub fn new_puzzle(shape: Shape, difficulty: Difficulty, seed: u64) -> (Grid, Grid) {
    let options = GenerateOptions {
        difficulty: Some(difficulty),
        ..GenerateOptions::new(shape)
    };
    let generated = generate(&options, &mut ChaCha8Rng::seed_from_u64(seed));
    (generated.puzzle, generated.solution)
}
