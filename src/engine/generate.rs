//! New puzzles: a random full grid from disjoint Π layers, then clue removal that keeps the solution
//! unique. This is what `tudoku generate` and every new game call.

use rand::Rng;

use super::difficulty::Difficulty;
use super::dig::{Symmetry, dig};
use super::fill::{FillMethod, fill};
use super::geometry::Shape;
use super::grid::Grid;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    pub shape: Shape,
    /// The level to hit; `None` takes whatever the digging gives.
    pub difficulty: Option<Difficulty>,
    pub symmetry: Symmetry,
    /// Dig until no single clue can be removed.
    pub minimal: bool,
}

impl GenerateOptions {
    /// Defaults for a shape: rotational symmetry when boxes are square (the
    /// pattern players expect), none otherwise; any difficulty; not minimal.
    pub fn new(shape: Shape) -> GenerateOptions {
        GenerateOptions {
            shape,
            difficulty: None,
            symmetry: if shape.is_square() {
                Symmetry::Rotational
            } else {
                Symmetry::None
            },
            minimal: false,
        }
    }
}

/// A puzzle with exactly one solution, and that solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
}

/// A unique puzzle for `options`, fully determined by the RNG's state.
pub fn generate<R: Rng + ?Sized>(options: &GenerateOptions, rng: &mut R) -> Generated {
    let solution = fill(options.shape, FillMethod::default(), rng);
    let puzzle = dig(&solution, options.symmetry, options.minimal, rng);
    Generated { puzzle, solution }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solver;
    use crate::engine::validate::is_solved;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn generated_puzzles_are_unique_and_agree_with_their_solution() {
        for shape in Shape::all().filter(|s| s.n() <= 9) {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let g = generate(&GenerateOptions::new(shape), &mut rng);
            assert!(is_solved(&g.solution), "{shape}");
            assert!(solver::count(&g.puzzle, 0).is_unique(), "{shape}");
            for (p, s) in g.puzzle.values().iter().zip(g.solution.values()) {
                assert!(*p == 0 || p == s);
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        let options = GenerateOptions::new(Shape::for_size(9).unwrap());
        let a = generate(&options, &mut ChaCha8Rng::seed_from_u64(42));
        let b = generate(&options, &mut ChaCha8Rng::seed_from_u64(42));
        let c = generate(&options, &mut ChaCha8Rng::seed_from_u64(43));
        assert_eq!(a, b);
        assert_ne!(a.puzzle, c.puzzle);
    }

    #[test]
    fn symmetric_digging_keeps_the_pattern() {
        let shape = Shape::for_size(9).unwrap();
        for symmetry in [Symmetry::Rotational, Symmetry::Diagonal, Symmetry::Mirror] {
            let options = GenerateOptions {
                symmetry,
                ..GenerateOptions::new(shape)
            };
            let g = generate(&options, &mut ChaCha8Rng::seed_from_u64(3));
            for group in symmetry.groups(9) {
                let filled: Vec<bool> = group.iter().map(|&c| g.puzzle.get(c) != 0).collect();
                assert!(filled.iter().all(|&f| f == filled[0]), "{symmetry}");
            }
        }
    }

    #[test]
    fn minimal_puzzles_have_no_removable_clue() {
        let options = GenerateOptions {
            minimal: true,
            ..GenerateOptions::new(Shape::for_size(6).unwrap())
        };
        let g = generate(&options, &mut ChaCha8Rng::seed_from_u64(5));
        assert!(crate::engine::dig::is_minimal(&g.puzzle));
        assert!(solver::count(&g.puzzle, 0).is_unique());
    }
}
