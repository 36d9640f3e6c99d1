//! Every reader of the player's files, fuzzed: saves, the slot list, stats
//! and config.toml, each fed arbitrary bytes and mutations of valid files
//! (bytes flipped, inserted, cut; numbers swapped for edge values; lines
//! repeated or dropped). None may panic; a save or stats file that loads
//! must save and load again unchanged (the writer stays inside the reader).
//!
//! (This replaces tests/storage_fuzz.rs, whose almost-TOML inputs and
//! "the bytes are still on disk" checks are folded in here.)
//!
//! A modest number of cases here; the ignored `*_long` runs (CI's release
//! step) take a fixed, larger number per target and print it.

use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

use crate::engine::Variant;
use crate::game::{Action, Direction, Game};
use crate::storage::saves::{self, SavedGame};
use crate::storage::stats::{Finish, Stats};
use crate::storage::{ConfigDir, Loaded, load, store};
use crate::ui::Config;
use proptest::prelude::*;
use proptest::test_runner::{Config as RunConfig, TestRunner};
use tudoku_engine::{Difficulty, Shape};

use super::scratch::scratch;

/// Cases per target in `cargo test`.
const SHORT: u32 = 300;
/// Cases per target in the release run: 30,000, and 10,000 for the slow
/// readers (a directory listing, config.toml's key-by-key merge), about a
/// minute in all on two busy cores.
const LONG: u32 = 30_000;
const LONG_SLOW: u32 = 10_000;

/// A save with something in every field: notes, entries (one wrong),
/// undo and redo sides, a check's marks and a hint.
fn save_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let now = Instant::now();
        let mut game = Game::generate(Shape::for_size(9).unwrap(), Difficulty::Easy, 5, now);
        for k in 0..12u8 {
            game.apply(Action::Jump(crate::game::Jump::NextEmpty), now)
                .unwrap();
            let _ = game.apply(Action::ToggleNote(k % 6 + 1), now);
            let _ = game.apply(Action::Place((k * 5) % 6 + 1), now);
            let _ = game.apply(Action::Move(Direction::Down), now);
        }
        let _ = game.apply(Action::Undo, now);
        let _ = game.apply(Action::Check, now);
        let _ = game.apply(Action::Hint, now);
        SavedGame::toml_of(&mut game, now).unwrap()
    })
}

fn stats_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut stats = Stats::default();
        for (n, level) in [(9, Some(Difficulty::Hard)), (4, None), (25, None)] {
            let shape = Shape::for_size(n).unwrap();
            stats.record_start(shape, Variant::CLASSIC, level);
            let finish = Finish {
                secs: 300,
                hints: 1,
                mistakes: 0,
            };
            stats.record_finish(shape, Variant::CLASSIC, level, finish);
            stats.record_start(shape, Variant::CLASSIC, level);
        }
        stats.record_solved("3x3:12345".into());
        crate::storage::document::to_toml(&stats).unwrap()
    })
}

fn config_text() -> &'static str {
    include_str!("../../config.example.toml")
}

/// Values that sit at the edges of the types a file's numbers go into.
const EDGES: &[&str] = &[
    "0",
    "2",
    "3",
    "9",
    "25",
    "-1",
    "1",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "1e308",
    "nan",
    "\"x\"",
    "[]",
    "{}",
    "true",
];

/// One change to a file's text.
#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, u8),
    Cut(usize, usize),
    /// The k-th number in the text becomes an edge value.
    Number(usize, usize),
    /// Line k repeated, or dropped.
    Repeat(usize),
    Drop(usize),
    /// Every box shape in the file becomes rows x cols.
    Shape(u8, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Mutation::Flip(at, b)),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Mutation::Insert(at, b)),
        1 => (any::<usize>(), 0..64usize).prop_map(|(at, n)| Mutation::Cut(at, n)),
        3 => (any::<usize>(), 0..EDGES.len()).prop_map(|(k, e)| Mutation::Number(k, e)),
        1 => any::<usize>().prop_map(Mutation::Repeat),
        1 => any::<usize>().prop_map(Mutation::Drop),
        1 => (0..12u8, 0..12u8).prop_map(|(r, c)| Mutation::Shape(r, c)),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for m in mutations {
        let len = bytes.len().max(1);
        match *m {
            Mutation::Flip(at, b) => {
                if !bytes.is_empty() {
                    bytes[at % len] ^= b | 1;
                }
            }
            Mutation::Insert(at, b) => bytes.insert(at % (bytes.len() + 1), b),
            Mutation::Cut(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                if at < end {
                    bytes.drain(at..end);
                }
            }
            Mutation::Number(k, e) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let numbers: Vec<(usize, usize)> = number_spans(&text);
                if let Some(&(start, end)) = numbers.get(k % numbers.len().max(1)) {
                    bytes = format!("{}{}{}", &text[..start], EDGES[e], &text[end..]).into();
                }
            }
            Mutation::Shape(rows, cols) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let lines: Vec<String> = text
                    .lines()
                    .map(|line| {
                        if line.starts_with("box_rows = ") {
                            format!("box_rows = {rows}")
                        } else if line.starts_with("box_cols = ") {
                            format!("box_cols = {cols}")
                        } else {
                            line.to_string()
                        }
                    })
                    .collect();
                bytes = lines.join("\n").into();
            }
            Mutation::Repeat(k) | Mutation::Drop(k) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut lines: Vec<&str> = text.lines().collect();
                if lines.is_empty() {
                    continue;
                }
                let k = k % lines.len();
                if matches!(m, Mutation::Repeat(_)) {
                    lines.insert(k, lines[k]);
                } else {
                    lines.remove(k);
                }
                bytes = lines.join("\n").into();
            }
        }
    }
    bytes
}

/// Where the runs of digits (with a leading minus) are in `text`.
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = if i > 0 && bytes[i - 1] == b'-' {
                i - 1
            } else {
                i
            };
            let mut end = i;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            spans.push((start, end));
            i = end;
        } else {
            i += 1;
        }
    }
    spans
}

/// Arbitrary bytes, bytes that are almost TOML (to get past the parser
/// now and then), or a valid file mutated.
fn input(valid: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let toml_ish = "(format_version = [0-9]{1,3}\n)?(\\[\\[?[a-z]{1,8}\\]\\]?\n)?\
                    ([a-z_]{1,10} = (\"[a-z]{0,5}\"|[0-9]{1,4}|true|\\[\\]|\\{\\})\n){0,6}";
    prop_oneof![
        1 => proptest::collection::vec(any::<u8>(), 0..400),
        1 => toml_ish.prop_map(String::into_bytes),
        4 => proptest::collection::vec(mutation(), 1..6).prop_map(move |ms| mutate(valid, &ms)),
    ]
}

/// Every file's bytes in `dir`: whatever a reader did, the bytes it was
/// given are still there (in place or moved aside), and nothing else.
fn files_in(dir: &Path) -> Vec<Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect()
}

/// Runs `check` over `cases` inputs; returns how many ran.
fn fuzz(cases: u32, valid: &'static str, check: impl Fn(&Path, &[u8])) -> u32 {
    let tmp = scratch();
    let mut runner = TestRunner::new(RunConfig {
        cases,
        failure_persistence: None,
        ..RunConfig::default()
    });
    let ran = std::cell::Cell::new(0);
    runner
        .run(&input(valid), |bytes| {
            // each case in a directory of its own: files set aside stay apart
            let case = tempfile::tempdir_in(tmp.path()).unwrap();
            check(case.path(), &bytes);
            ran.set(ran.get() + 1);
            Ok(())
        })
        .unwrap();
    ran.get()
}

/// A saved game: any bytes load or are set aside; what loads saves again.
fn check_save(dir: &Path, bytes: &[u8]) {
    let path = dir.join("autosave.toml");
    std::fs::write(&path, bytes).unwrap();
    let loaded = load::<SavedGame>(&path);
    assert_eq!(
        files_in(dir),
        vec![bytes.to_vec()],
        "the bytes stay on disk"
    );
    match loaded {
        Loaded::Ok(mut saved) => {
            let before = toml::to_string(&saved.game).unwrap();
            let now = Instant::now();
            let text = SavedGame::toml_of(&mut saved.game, now).expect("what loads saves");
            std::fs::write(&path, text).unwrap();
            let again = load::<SavedGame>(&path).ok().expect("and loads again");
            assert_eq!(toml::to_string(&again.game).unwrap(), before);
            // and plays: a summary, a move, a hint
            let _ = again.summary();
            let mut game = again.game;
            let _ = game.apply(Action::Resume, now);
            let _ = game.apply(Action::Place(1), now);
            let _ = game.apply(Action::Undo, now);
        }
        Loaded::MovedAside { moved_to, .. } => {
            assert_eq!(std::fs::read(moved_to).unwrap(), bytes, "kept intact");
        }
        Loaded::Newer { .. } => assert_eq!(std::fs::read(&path).unwrap(), bytes, "untouched"),
        other => panic!("{other:?}"),
    }
}

/// The slot list over a directory of such files: every one listed or
/// reported, none panics.
fn check_slots(dir: &Path, bytes: &[u8]) {
    let config = ConfigDir::at(dir);
    std::fs::create_dir_all(config.saves_dir()).unwrap();
    std::fs::write(config.save_file("a"), bytes).unwrap();
    std::fs::write(config.save_file("b"), save_text()).unwrap();
    let slots = saves::list(&config).unwrap();
    assert!(slots.iter().any(|s| s.name == "b" && s.summary.is_ok()));
    if let Some(a) = slots.iter().find(|s| s.name == "a") {
        let _ = saves::load_named(&config, "a");
        let _ = &a.summary;
    }
}

fn check_stats(dir: &Path, bytes: &[u8]) {
    let path = dir.join("stats.toml");
    std::fs::write(&path, bytes).unwrap();
    let loaded = load::<Stats>(&path);
    assert_eq!(
        files_in(dir),
        vec![bytes.to_vec()],
        "the bytes stay on disk"
    );
    match loaded {
        Loaded::Ok(mut stats) => {
            // what loads can be counted on and saved again
            let shape = Shape::for_size(9).unwrap();
            stats.record_start(shape, Variant::CLASSIC, Some(Difficulty::Hard));
            let finish = Finish {
                secs: 1,
                hints: 0,
                mistakes: 0,
            };
            stats.record_finish(shape, Variant::CLASSIC, Some(Difficulty::Hard), finish);
            let _ = crate::ui::stats_lines(&stats);
            store(&path, &stats).expect("what loads saves");
            assert_eq!(load::<Stats>(&path).ok(), Some(stats));
        }
        Loaded::MovedAside { .. } => {}
        Loaded::Newer { .. } => assert_eq!(std::fs::read(&path).unwrap(), bytes, "untouched"),
        other => panic!("{other:?}"),
    }
}

fn check_config(dir: &Path, bytes: &[u8]) {
    let path = dir.join("config.toml");
    std::fs::write(&path, bytes).unwrap();
    let (config, _warnings) = Config::load(&path);
    let _ = config.settings.shape();
    assert_eq!(
        files_in(dir),
        vec![bytes.to_vec()],
        "the bytes stay on disk"
    );
}

#[test]
fn saves() {
    assert_eq!(fuzz(SHORT, save_text(), check_save), SHORT);
}

#[test]
fn slots() {
    assert_eq!(fuzz(SHORT / 3, save_text(), check_slots), SHORT / 3);
}

#[test]
fn stats() {
    assert_eq!(fuzz(SHORT, stats_text(), check_stats), SHORT);
}

#[test]
fn config() {
    assert_eq!(fuzz(SHORT, config_text(), check_config), SHORT);
}

#[test]
#[ignore = "release-only: the fixed long run"]
fn all_readers_long() {
    for (target, cases, valid, check) in [
        ("saves", LONG, save_text(), check_save as fn(&Path, &[u8])),
        ("slots", LONG_SLOW, save_text(), check_slots),
        ("stats", LONG, stats_text(), check_stats),
        ("config", LONG_SLOW, config_text(), check_config),
    ] {
        let started = Instant::now();
        let ran = fuzz(cases, valid, check);
        eprintln!(
            "fuzz {target}: {ran} executions, 0 panics, {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
}
