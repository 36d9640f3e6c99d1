//! Where new puzzles come from: the engine's generator, seeded so that the
//! same seed gives the same puzzle on every platform.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Difficulty, GenerateOptions, Generated, Shape, generate};

/// A puzzle with a unique solution, for a shape, a level and a seed. When the
/// level is out of reach for the shape (a 4x4 board never needs more than
/// singles), the nearest puzzle the generator makes is used instead: its
/// rating says which level it really is.
pub fn new_puzzle(shape: Shape, difficulty: Difficulty, seed: u64) -> Generated {
    let options = GenerateOptions {
        difficulty: Some(difficulty),
        ..GenerateOptions::new(shape)
    };
    generate(&options, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap_or_else(|_| {
        let any = GenerateOptions::new(shape);
        generate(&any, &mut ChaCha8Rng::seed_from_u64(seed))
            .expect("without a level the generator always succeeds")
    })
}
