//! Solving and counting by search: the colouring backtracker that every
//! uniqueness check, the batch `solve` and the game's solution rely on.
//! `solver` is the public surface, generic over every box shape; the other
//! files are the generic search's parts, `triad`, for 3x3 boxes, a
//! dedicated 9x9 search several times faster on hard puzzles, and `nine`,
//! which picks between the two for each 9x9 grid. `houses` searches boards
//! whose rules are not classic (jigsaw, X, windoku, killer).

mod bits;
mod branch;
pub(crate) mod houses;
mod nine;
mod propagate;
mod relabel;
mod search;
pub(super) mod solver;
mod state;
mod tables;
mod triad;
