//! Solving and counting by search: the colouring backtracker that every
//! uniqueness check, the batch `solve` and the game's solution rely on.
//! `solver` is generic over every box shape; for 3x3 boxes it runs `triad`,
//! a dedicated 9x9 search several times faster on hard puzzles.

pub(super) mod solver;
mod triad;
