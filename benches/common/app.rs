// The game's modules for the benches that measure them (`include!`d at the
// bench's root, as `mod` items must be there for the modules' `crate::`
// paths): the package is a binary only, so a bench compiles the same source
// files the binary does, by `#[path]` (relative to this file), as modules
// of its own. A bench uses a few of their items, hence the `allow`s.

// As in src/main.rs: the game's modules reach the engine as `crate::engine`.
use tudoku_engine as engine;
#[allow(dead_code, unused_imports)]
#[path = "../../src/game/mod.rs"]
mod game;
#[allow(dead_code, unused_imports)]
#[path = "../../src/storage/mod.rs"]
mod storage;
#[allow(dead_code, unused_imports)]
#[path = "../../src/ui/mod.rs"]
mod ui;
