//! New puzzles: a random full grid from disjoint Π layers, then clue removal that keeps the solution
//! unique. This is what `tudoku generate` and every new game call.

use rand::Rng;

use super::difficulty::Difficulty;
use super::dig::{Symmetry, dig, is_unique, minimize};
use super::fill::{FillMethod, fill};
use super::geometry::Shape;
use super::grid::Grid;
use super::rate::{Rating, rate_logically, rate_with};

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
    /// The puzzle's rating (by `rate::rate_with`).
    pub rating: Rating,
}

/// Why no puzzle came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("no {difficulty} puzzle found for {} boards after {attempts} tries", shape.board_name())]
    LevelOutOfReach {
        shape: Shape,
        difficulty: Difficulty,
        attempts: usize,
    },
}

/// Digs per full grid before a new grid is drawn: re-digging the same grid in
/// another order is the cheap change that usually moves the level.
const DIGS_PER_GRID: usize = 4;
/// Tries before a level is declared out of reach, on a 9x9 board; smaller
/// boards, whose tries are cheaper and whose harder levels are rarer, get
/// more in proportion to their cell count squared.
const MAX_ATTEMPTS_9X9: usize = 400;

fn max_attempts(shape: Shape) -> usize {
    let cells = shape.cell_count();
    (MAX_ATTEMPTS_9X9 * 81 * 81 / (cells * cells)).max(MAX_ATTEMPTS_9X9)
}

/// A unique puzzle for `options`, fully determined by the RNG's state.
///
/// With a difficulty below Extreme, clues are removed only while techniques of
/// that level (none that assume uniqueness) still solve the puzzle: that keeps
/// the level in reach and proves uniqueness without the backtracker, which
/// is what makes 16x16 and 25x25 fast. Extreme digs with the solver's count.
/// Without a difficulty, boards up to 12x12 dig with the solver; larger ones
/// with logic, since near-minimal 16x16 and 25x25 puzzles can take the
/// solver minutes each to prove unique.
pub fn generate<R: Rng + ?Sized>(
    options: &GenerateOptions,
    rng: &mut R,
) -> Result<Generated, GenerateError> {
    let mut solution = fill(options.shape, FillMethod::default(), rng);
    let attempts = max_attempts(options.shape);
    for attempt in 0..attempts {
        if attempt > 0 && attempt % DIGS_PER_GRID == 0 {
            solution = fill(options.shape, FillMethod::default(), rng);
        }
        let mut puzzle = match dig_limit(options) {
            // A removal that breaks uniqueness makes logic stall only after
            // trying every technique at the stall; above the easy levels the
            // solver's count rejects it far sooner, on boards small enough
            // for the solver never to blow up.
            Some(max) if max >= Difficulty::Hard && options.shape.n() <= 12 => {
                dig(&solution, options.symmetry, rng, |p| {
                    is_unique(p) && rate_logically(p, max).is_some()
                })
            }
            Some(max) => dig(&solution, options.symmetry, rng, |p| {
                rate_logically(p, max).is_some()
            }),
            None => dig(&solution, options.symmetry, rng, is_unique),
        };
        // Minimal puzzles are the likeliest to need guessing, so Extreme
        // always removes single clues too.
        if options.minimal || options.difficulty == Some(Difficulty::Extreme) {
            minimize(&mut puzzle, rng);
        }
        let rating = rate_with(&puzzle, &solution);
        if options.difficulty.is_none_or(|d| d == rating.difficulty) {
            return Ok(Generated {
                puzzle,
                solution,
                rating,
            });
        }
    }
    Err(GenerateError::LevelOutOfReach {
        shape: options.shape,
        difficulty: options.difficulty.unwrap_or(Difficulty::Extreme),
        attempts,
    })
}

/// The hardest level the digging may rely on, or `None` to dig with the solver.
fn dig_limit(options: &GenerateOptions) -> Option<Difficulty> {
    match options.difficulty {
        Some(Difficulty::Extreme) => None,
        Some(level) => Some(level),
        None if options.shape.n() <= 12 => None,
        None => Some(Difficulty::Expert),
    }
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
            let g = generate(&GenerateOptions::new(shape), &mut rng).unwrap();
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
        let a = generate(&options, &mut ChaCha8Rng::seed_from_u64(42)).unwrap();
        let b = generate(&options, &mut ChaCha8Rng::seed_from_u64(42)).unwrap();
        let c = generate(&options, &mut ChaCha8Rng::seed_from_u64(43)).unwrap();
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
            let g = generate(&options, &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
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
        let g = generate(&options, &mut ChaCha8Rng::seed_from_u64(5)).unwrap();
        assert!(crate::engine::dig::is_minimal(&g.puzzle));
        assert!(solver::count(&g.puzzle, 0).is_unique());
    }
}
