//! The engine: everything a puzzle is and does, with no I/O and no terminal.
//! The game, storage and UI layers build on it; it depends on none of them.
//!
//! The folders follow the stages a puzzle goes through, and each is private:
//! what the rest of tudoku may use is re-exported here, so this list is the
//! engine's whole surface.
//!
//! - `board`: shapes, geometry, grids, digit sets, the puzzle text reader,
//!   validity.
//! - `generation`: random full grids from Π layers, clue removal, `generate`.
//! - `solve`: the counting backtracker behind every uniqueness check.
//! - `logic`: techniques, steps, rating, hints, proofs by trial.
//! - `symmetry`: board transforms, canonical forms, Burnside's count.

mod board;
mod generation;
mod logic;
mod solve;
mod symmetry;

pub use board::digits::DigitSet;
pub use board::geometry::{Geometry, SUPPORTED_SIZES, Shape};
pub use board::grid::{Grid, symbol, value_of};
pub use board::reader::{ParseError, ParseErrorKind, ParsedPuzzle, PuzzleAssembler, parse_puzzles};
pub use board::share::{ShareError, from_share_code, is_share_code, share_code};
pub use board::validate::{conflicts, first_clash, is_consistent, is_solution, is_solved};

pub use generation::dig::{Symmetry, is_minimal};
pub use generation::fill::{FillMethod, FillStats, fill, fill_with_stats, seed_rejection_within};
pub use generation::generate::{
    GenerateError, GenerateOptions, Generated, generate, generate_cancellable, highest_level,
};
pub use generation::permutation::{next_permutation, random_permutation};
pub use generation::pi::{PiLayer, all_layers};

pub use solve::solver::{Outcome, SolutionCount, Solver, count, solve};

pub use logic::difficulty::Difficulty;
pub use logic::hint::{
    Hint, HintError, HintLevel, next_hint, solve_path, step_highlight, step_text,
};
pub use logic::rate::{Rating, Unsolvable, rate, rate_with, unique_solution};
pub use logic::step::{Step, Technique};
pub use logic::techniques;
pub use logic::trial::unique_by_trials;
pub use logic::unique::{solve_unique, solve_unique_with};

pub use symmetry::burnside::{Census, ClassCount, census, census_by_class, published_grid_count};
pub use symmetry::canon::{canonical, mapping};
pub use symmetry::transform::Transform;
