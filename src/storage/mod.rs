//! Files on disk: saves, stats and config in the user's config directory.
//! Writes are atomic, every file is versioned, and a damaged file is moved
//! aside and reported, never deleted or overwritten.

pub mod atomic;
pub mod autosave;
pub mod config;
pub mod dirs;
pub mod document;
pub mod files;
pub mod lifecycle;
pub mod lock;
pub mod paths;
mod platform;
pub mod quarantine;
pub mod saves;
pub mod stats;
pub mod timestamp;

pub use autosave::Autosave;
pub use document::{Loaded, Versioned, load, store};
pub use paths::ConfigDir;

// What the game's tests (src/tests) reach from outside this module.
#[cfg(test)]
pub use saves::SavedGame;
