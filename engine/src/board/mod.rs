//! The board: shapes and their geometry, the rules a board plays by
//! (houses and cages), the grid of values, digit sets, the text a puzzle is
//! written in, and validity. Every other stage builds on it.

pub(super) mod candidates;
pub(super) mod cell;
pub(super) mod digits;
pub(super) mod geometry;
pub(super) mod grid;
pub(super) mod house;
pub(super) mod reader;
pub(super) mod rules;
pub(super) mod share;
pub(super) mod validate;
