//! Solving the way a player does: the techniques, the steps they produce,
//! the rating built on them, hints from a player's position, and the
//! uniqueness proofs that mix logic with trial.

pub(super) mod difficulty;
pub(super) mod hint;
pub(super) mod rate;
pub mod se;
pub(super) mod singles;
pub(super) mod spelled;
pub(super) mod step;
pub mod techniques;
pub(super) mod trial;
pub(super) mod unique;
