//! The writer stays inside the reader: the largest games tudoku can reach
//! save under the size limit and load back equal, values at the edges of
//! their ranges save and load (or are refused on load, named), and nothing
//! overflows.

use std::time::{Duration, Instant};

use crate::engine::Variant;
use crate::game::{Action, Game};
use crate::storage::files::{LARGEST_STATE, SAVE_LIMIT};
use crate::storage::saves::SavedGame;
use crate::storage::stats::{Finish, Stats};
use crate::storage::{Loaded, Versioned, load, store};
use tudoku_engine::{Grid, Shape};

/// A solved 25x25 grid by the usual pattern (row r shifted by 5(r mod 5) +
/// r div 5): every row, column and 5x5 box holds 1..25 once.
fn solved_25() -> Grid {
    let shape = Shape::for_size(25).unwrap();
    let line: String = (0..625)
        .map(|i| {
            let (r, c) = (i / 25, i % 25);
            let v = ((5 * (r % 5) + r / 5 + c) % 25 + 1) as u8;
            if v <= 9 {
                (b'0' + v) as char
            } else {
                (b'A' + v - 10) as char
            }
        })
        .collect();
    Grid::parse(&line, Some(shape)).unwrap()
}

/// A 25x25 game with one row of givens: 600 cells to play.
fn game_25(now: Instant) -> Game {
    let solution = solved_25();
    let mut givens = solution.clone();
    for cell in 25..625 {
        givens.set(cell, 0).unwrap();
    }
    Game::new(
        givens,
        solution,
        Some(tudoku_engine::Difficulty::Extreme),
        Some(1),
        now,
    )
    .unwrap()
}

fn round_trip(game: &mut Game, now: Instant) -> (usize, Duration, Game) {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("big.toml");
    let text = SavedGame::toml_of(game, now).unwrap();
    std::fs::write(&path, &text).unwrap();
    let started = Instant::now();
    let loaded = load::<SavedGame>(&path);
    let took = started.elapsed();
    match loaded {
        Loaded::Ok(saved) => (text.len(), took, saved.game),
        other => panic!("{other:?}"),
    }
}

fn form(game: &Game) -> String {
    toml::to_string(game).unwrap()
}

/// The figure: a 25x25 game with 10,000 note toggles resumes
/// exactly (its size and load time are printed with --nocapture).
#[test]
fn a_25x25_game_with_10000_note_toggles_resumes() {
    let now = Instant::now();
    let mut game = game_25(now);
    for k in 0..10_000usize {
        let cell = 25 + (k * 7) % 600;
        game.apply(Action::Select(cell), now).unwrap();
        game.apply(Action::ToggleNote((k % 25 + 1) as u8), now)
            .unwrap();
    }
    let (size, took, back) = round_trip(&mut game, now);
    assert!((size as u64) < SAVE_LIMIT);
    assert_eq!(form(&back), form(&game));
    // every one of the 10,000 toggles can still be undone
    let mut back = back;
    let mut undone = 0;
    while back.apply(Action::Undo, now).is_ok() {
        undone += 1;
    }
    assert_eq!(undone, 10_000);
    eprintln!("25x25, 10,000 note toggles: save {size} bytes, load {took:?}");
}

/// Auto-notes and clear-notes pressed over and over (each an edit of up to
/// 600 cells) once wrote a save the reader refused; the history's bound
/// keeps it inside, with the most recent presses still undoable.
#[test]
fn thousands_of_whole_board_edits_still_save_and_load() {
    let now = Instant::now();
    let mut game = game_25(now);
    let presses = 800;
    for k in 0..presses {
        let action = if k % 2 == 0 {
            Action::AutoNotes
        } else {
            Action::ClearNotes
        };
        game.apply(action, now).unwrap();
    }
    let (size, _, back) = round_trip(&mut game, now);
    assert!((size as u64) < SAVE_LIMIT, "{size}");
    assert_eq!(form(&back), form(&game));
    // the bound was reached: the oldest presses are forgotten, the newest kept
    let mut back = back;
    let mut undone = 0;
    while back.apply(Action::Undo, now).is_ok() {
        undone += 1;
    }
    assert!(undone > 100 && undone < presses, "{undone}");
}

/// The largest state besides the history (every note of every cell set,
/// every cell marked wrong, the longest seed) is inside `LARGEST_STATE`.
#[test]
fn the_largest_state_is_inside_its_bound() {
    let now = Instant::now();
    let mut game = game_25(now);
    game.apply(Action::AutoNotes, now).unwrap();
    // wrong entries everywhere, then checked: every cell marked
    for cell in 25..625 {
        game.apply(Action::Select(cell), now).unwrap();
        let right = game.solution().get(cell);
        game.apply(Action::Place(right % 25 + 1), now).unwrap();
    }
    game.apply(Action::Check, now).unwrap();
    let text = SavedGame::toml_of(&mut game, now).unwrap();
    let history: usize = text.split("[game.history]").nth(1).map_or(0, |h| h.len());
    let state = text.len() - history;
    assert!((state as u64) < LARGEST_STATE, "{state}");
}

/// A clock at the edge of what TOML holds is refused on load, by name; one
/// at the limit plays on without overflowing and saves again.
#[test]
fn clocks_out_of_range_are_refused_and_the_clock_saturates() {
    let now = Instant::now();
    let mut game = game_25(now);
    let text = SavedGame::toml_of(&mut game, now).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("clock.toml");
    let max = i64::MAX.to_string();
    let at_max = regex_free_replace(&text, "secs = ", &max);
    std::fs::write(&path, &at_max).unwrap();
    match load::<SavedGame>(&path) {
        Loaded::MovedAside { reason, .. } => assert!(reason.contains("play time"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let limit = crate::game::MAX_PLAY_TIME.as_secs().to_string();
    std::fs::write(&path, regex_free_replace(&text, "secs = ", &limit)).unwrap();
    let mut saved = load::<SavedGame>(&path).ok().unwrap();
    saved.game.apply(Action::Resume, now).unwrap();
    let later = now + Duration::from_secs(3600);
    saved.game.apply(Action::Select(30), later).unwrap();
    saved.game.apply(Action::ToggleNote(3), later).unwrap();
    assert_eq!(saved.game.elapsed(later), crate::game::MAX_PLAY_TIME);
    store(&path, &SavedGame::capture(&mut saved.game, later)).unwrap();
    assert!(load::<SavedGame>(&path).ok().is_some());
}

/// Replaces the number after the first `key` in `text` with `value`.
fn regex_free_replace(text: &str, key: &str, value: &str) -> String {
    let at = text.find(key).unwrap() + key.len();
    let end = at + text[at..].find('\n').unwrap();
    format!("{}{value}{}", &text[..at], &text[end..])
}

/// Stats counters at their largest stay there: the file saves and loads.
#[test]
fn stats_counters_saturate() {
    let shape = Shape::for_size(9).unwrap();
    let mut stats = Stats::default();
    stats.record_start(shape, Variant::CLASSIC, None);
    let c = &mut stats.categories[0];
    c.started = u32::MAX;
    c.finished = u32::MAX - 1;
    c.total_secs = i64::MAX as u64 - 1;
    c.hints = u32::MAX;
    c.streak = u32::MAX;
    let finish = Finish {
        secs: u64::MAX,
        hints: 5,
        mistakes: 0,
    };
    stats.record_start(shape, Variant::CLASSIC, None);
    stats.record_finish(shape, Variant::CLASSIC, None, finish);
    stats.record_finish(shape, Variant::CLASSIC, None, finish);
    let c = &stats.categories[0];
    assert_eq!((c.started, c.finished), (u32::MAX, u32::MAX));
    assert_eq!(c.total_secs, i64::MAX as u64);
    assert!(stats.validate().is_ok());
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("stats.toml");
    store(&path, &stats).unwrap();
    assert_eq!(load::<Stats>(&path).ok(), Some(stats));
}

/// A save or stats file with a box shape tudoku does not play (1x9, 1x1,
/// 0x0) is set aside as damaged, with the shape named, never a panic.
#[test]
fn foreign_box_shapes_are_set_aside_by_name() {
    let now = Instant::now();
    let mut game = game_25(now);
    let text = SavedGame::toml_of(&mut game, now).unwrap();
    let mut stats = Stats::default();
    stats.record_start(Shape::for_size(25).unwrap(), Variant::CLASSIC, None);
    let stats_text = crate::storage::document::to_toml(&stats).unwrap();
    for (rows, cols) in [(1, 9), (1, 1), (0, 0), (9, 1), (5, 6)] {
        let foreign = |text: &str| {
            text.replace("box_rows = 5", &format!("box_rows = {rows}"))
                .replace("box_cols = 5", &format!("box_cols = {cols}"))
        };
        let tmp = tempfile::tempdir().unwrap();
        let dir = crate::storage::ConfigDir::at(tmp.path());
        std::fs::create_dir_all(dir.saves_dir()).unwrap();
        std::fs::write(dir.save_file("odd"), foreign(&text)).unwrap();
        let slots = crate::storage::saves::list(&dir).unwrap();
        let why = slots[0].summary.as_ref().unwrap_err();
        assert!(
            why.contains(&format!("{rows}x{cols}")) && why.contains("damaged"),
            "{why}"
        );
        assert!(!dir.save_file("odd").exists(), "set aside");
        std::fs::write(dir.stats_file(), foreign(&stats_text)).unwrap();
        match load::<Stats>(&dir.stats_file()) {
            Loaded::MovedAside { reason, .. } => {
                assert!(reason.contains(&format!("{rows}x{cols}")), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }
}
