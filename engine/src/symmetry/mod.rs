//! The symmetry group of a board (seed sudoku-symmetry-group): its
//! transforms, canonical forms that name a class of boards, and Burnside's
//! count of essentially different grids.

pub(super) mod burnside;
pub(super) mod canon;
mod minlex9;
pub(super) mod transform;
