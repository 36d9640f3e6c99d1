//! Any bytes at all in a save, stats or config file: the loaders never panic, and a
//! file they cannot use is kept (moved aside or left in place), never lost.

use proptest::prelude::*;
use tudoku::storage::config::{LoadedConfig, load_config};
use tudoku::storage::stats::Stats;
use tudoku::storage::{Loaded, SavedGame, load};

/// Bytes that are often almost-TOML, to get past the parser now and then.
fn toml_ish() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..300),
        "(format_version = [0-9]{1,3}\n)?(\\[\\[?[a-z]{1,8}\\]\\]?\n)?([a-z_]{1,10} = (\"[a-z]{0,5}\"|[0-9]{1,4}|true|\\[\\]|\\{\\})\n){0,6}"
            .prop_map(String::into_bytes),
    ]
}

fn files_in(dir: &std::path::Path) -> Vec<Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn stats_loader_survives_any_bytes(bytes in toml_ish()) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        std::fs::write(&path, &bytes).unwrap();
        match load::<Stats>(&path) {
            Loaded::Ok(_) | Loaded::Newer { .. } => prop_assert!(path.exists()),
            Loaded::MovedAside { .. } => prop_assert!(!path.exists()),
            other => prop_assert!(false, "unexpected {:?}", other),
        }
        // whatever happened, the bytes are still on disk
        prop_assert_eq!(files_in(dir.path()), vec![bytes]);
    }

    #[test]
    fn config_loader_survives_any_bytes(bytes in toml_ish()) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, &bytes).unwrap();
        let _loaded: LoadedConfig<Stats> = load_config(&path);
        prop_assert_eq!(files_in(dir.path()), vec![bytes]);
    }
}

/// A real save's text, for mutations that get past the TOML parser.
fn real_save() -> String {
    use std::time::Instant;
    use tudoku::game::{Action, Game};
    use tudoku_engine::{Difficulty, Shape};
    let now = Instant::now();
    let mut game = Game::generate(Shape::for_size(4).unwrap(), Difficulty::Easy, 3, now);
    for action in [
        Action::Jump(tudoku::game::Jump::NextEmpty),
        Action::ToggleNote(2),
        Action::Place(1),
        Action::Undo,
    ] {
        let _ = game.apply(action, now);
    }
    tudoku::storage::document::to_toml(&SavedGame::capture(&mut game, now)).unwrap()
}

/// A real save with a few bytes replaced, cut short, or a number changed.
fn mutated_save() -> impl Strategy<Value = Vec<u8>> {
    let text = real_save().into_bytes();
    let len = text.len();
    (
        proptest::collection::vec((0..len, any::<u8>()), 0..4),
        prop::option::of(0..len),
        prop::option::of((0..len, "-?[0-9]{1,20}")),
    )
        .prop_map(move |(edits, cut, number)| {
            let mut bytes = text.clone();
            if let Some((at, digits)) = number
                && let Some(start) = bytes[at..]
                    .iter()
                    .position(u8::is_ascii_digit)
                    .map(|p| p + at)
            {
                let end = bytes[start..]
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .map_or(bytes.len(), |p| p + start);
                bytes.splice(start..end, digits.into_bytes());
            }
            for (at, byte) in edits {
                if at < bytes.len() {
                    bytes[at] = byte;
                }
            }
            if let Some(cut) = cut {
                bytes.truncate(cut);
            }
            bytes
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn save_loader_survives_any_bytes(bytes in prop_oneof![toml_ish(), mutated_save()]) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.toml");
        std::fs::write(&path, &bytes).unwrap();
        match load::<SavedGame>(&path) {
            Loaded::Ok(saved) => {
                prop_assert!(path.exists());
                // whatever loaded can be played on without a panic
                let now = std::time::Instant::now();
                let mut game = saved.game;
                for action in [tudoku::game::Action::Resume, tudoku::game::Action::Hint, tudoku::game::Action::Undo, tudoku::game::Action::Redo, tudoku::game::Action::Place(1)] {
                    let _ = game.apply(action, now);
                }
            }
            Loaded::Newer { .. } => prop_assert!(path.exists()),
            Loaded::MovedAside { .. } => prop_assert!(!path.exists()),
            other => prop_assert!(false, "unexpected {:?}", other),
        }
        prop_assert_eq!(files_in(dir.path()), vec![bytes]);
    }
}
