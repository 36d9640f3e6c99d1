//! Solving and counting by search: the colouring backtracker that every
//! uniqueness check, the batch `solve` and the game's solution rely on.

pub(super) mod solver;
