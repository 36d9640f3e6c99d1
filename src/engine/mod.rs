//! The engine: everything a puzzle is and does, with no I/O and no terminal.
//! The game, storage and UI layers build on it; it depends on none of them.

pub mod burnside;
pub mod canon;
pub mod difficulty;
pub mod dig;
pub mod digits;
pub mod fill;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod hint;
pub mod permutation;
pub mod pi;
pub mod rate;
pub mod solver;
pub mod step;
pub mod symmetry;
pub mod techniques;
pub mod trial;
pub mod validate;

pub use difficulty::Difficulty;
pub use dig::Symmetry;
pub use digits::DigitSet;
pub use generate::{
    GenerateError, GenerateOptions, Generated, generate, generate_cancellable, highest_level,
};
pub use geometry::{Geometry, Shape};
pub use grid::{Grid, ParseError, ParsedPuzzle, PuzzleAssembler, parse_puzzles};
pub use solver::SolutionCount;
pub use step::{Step, Technique};
