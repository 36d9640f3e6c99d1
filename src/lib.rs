//! The tudoku game: one game in play, its files on disk and the terminal
//! interface, built on the puzzle engine (the `tudoku-engine` crate).
//!
//! These modules serve the `tudoku` binary, its tests and its benches (each
//! a crate of its own); they are not a library and may change in any
//! release. The library is `tudoku-engine`.

// The app reaches the engine as `crate::engine`, the name it had when it
// lived in this crate.
use tudoku_engine as engine;

#[doc(hidden)]
pub mod game;
#[doc(hidden)]
pub mod storage;
#[doc(hidden)]
pub mod ui;
