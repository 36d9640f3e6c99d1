//! The batch commands of the `tudoku` binary. Each reads puzzles in the text
//! format, writes one result line per puzzle, and reports problems on stderr.

mod input;
mod output;
pub mod solve;
