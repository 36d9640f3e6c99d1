//! tudoku: a Sudoku game for the terminal and a puzzle engine behind it.
//! `engine` is pure (no I/O); the binary in `main.rs` drives it from the CLI.

pub mod engine;
pub mod storage;
