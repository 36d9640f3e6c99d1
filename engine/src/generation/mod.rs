//! Making puzzles: random full grids from Π layers (the seed's permutations
//! and matrices), then clue removal that keeps the solution unique;
//! `variant` makes puzzles under other rules (jigsaw, X, windoku, killer).

pub(super) mod dig;
pub(super) mod fill;
pub(super) mod generate;
pub(super) mod permutation;
pub(super) mod pi;
pub(super) mod practice;
pub(super) mod unavoidable;
pub(super) mod variant;
