//! Tests that run the binary on files the game's own code writes or reads
//! back: a save or stats file made by the game's storage before a run, an
//! autosave read after one. The package is a binary only, so the game's
//! modules are compiled into this test as they are into the binary (the
//! same source files, by `#[path]`), and the tests that need them share
//! this one crate. Those modules' own unit tests come along and run here
//! too.

// As in src/main.rs: the game's modules reach the engine as `crate::engine`.
// The binary uses its modules whole; these tests use a few of their items,
// hence the `allow`s.
use tudoku_engine as engine;
#[allow(dead_code, unused_imports)]
#[path = "../../src/game/mod.rs"]
mod game;
#[allow(dead_code, unused_imports)]
#[path = "../../src/storage/mod.rs"]
mod storage;

#[path = "../cli_common/mod.rs"]
mod cli_common;
#[path = "../common/mod.rs"]
mod common;

mod cli_json;
mod cli_stats;
mod faults;
mod saves_pty;
mod tui_hangup;

use std::path::Path;

use storage::stats::{Finish, Stats};
use storage::{ConfigDir, store};
use tudoku_engine::{Difficulty, Shape};

/// Writes the stats file of the config directory `dir`: a game of `shape`
/// at `level` finished in each of `secs`, with a hint and no mistake.
fn store_finishes(dir: &Path, shape: Shape, level: Difficulty, secs: &[u64]) {
    let mut stats = Stats::default();
    for &secs in secs {
        stats.record_start(shape, tudoku_engine::Variant::CLASSIC, Some(level));
        let finish = Finish {
            secs,
            hints: 1,
            mistakes: 0,
        };
        stats.record_finish(shape, tudoku_engine::Variant::CLASSIC, Some(level), finish);
    }
    store(&ConfigDir::at(dir).stats_file(), &stats).unwrap();
}
