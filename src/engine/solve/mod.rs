//! Solving and counting by search: the colouring backtracker that every
//! uniqueness check, the batch `solve` and the game's solution rely on.
//! `solver` is the public surface; the other files are the search's parts.

mod bits;
mod branch;
mod propagate;
mod relabel;
mod search;
pub(super) mod solver;
mod state;
mod tables;
