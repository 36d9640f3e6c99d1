//! Any bytes at all in a stats or config file: the loaders never panic, and a
//! file they cannot use is kept (moved aside or left in place), never lost.

use proptest::prelude::*;
use tudoku::storage::config::{LoadedConfig, load_config};
use tudoku::storage::stats::Stats;
use tudoku::storage::{Loaded, load};

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
