//! The batch commands of the `tudoku` binary. Each reads puzzles in the text
//! format, writes one result line per puzzle, and reports problems on stderr.

mod batch;
pub mod canon;
pub mod docs;
pub mod generate;
pub mod grids;
pub mod hint;
mod input;
mod json;
mod lines;
mod output;
pub use output::Report;
mod parallel;
pub mod play;
mod progress;
pub mod rate;
pub mod saves;
pub mod solve;
pub mod stats;
mod status;
mod values;
