//! Saves, stats and config on disk through the library: damaged files of
//! every kind are kept aside and reported, newer ones left alone, slots
//! listed, saved, loaded and deleted, two holders never write one file, a
//! failing disk is reported once and play goes on, and the settings change
//! what the game does.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::engine::Variant;
use crate::game::{Action, Game, Jump};
use crate::storage::document::to_toml;
use crate::storage::saves::{self, AUTOSAVE};
use crate::storage::stats::{self, Finish, Stats};
use crate::storage::{Autosave, ConfigDir, Loaded, SavedGame, Versioned, load};
use crate::ui::{App, Config, Disk, Mode};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tudoku_engine::{Difficulty, Shape};

fn game_4x4(seed: u64, now: Instant) -> Game {
    Game::generate(Shape::for_size(4).unwrap(), Difficulty::Easy, seed, now)
}

fn save_text(now: Instant) -> String {
    let mut game = game_4x4(1, now);
    game.apply(Action::Jump(Jump::NextEmpty), now).unwrap();
    game.apply(Action::ToggleNote(3), now).unwrap();
    to_toml(&SavedGame::capture(&mut game, now)).unwrap()
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Every kind of damage, each written as the autosave: the load says so in
/// one line, keeps the bytes aside, and a fresh autosave can then be written.
#[test]
fn damaged_saves_are_kept_aside_and_play_starts_fresh() {
    let now = Instant::now();
    let good = save_text(now);
    let replace = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        good.replacen(from, to, 1).into_bytes()
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("truncated", good.as_bytes()[..good.len() * 2 / 3].to_vec()),
        ("zeroed", vec![0; good.len()]),
        (
            "random bytes",
            (0..400u32).map(|i| (i * 7919 % 251) as u8).collect(),
        ),
        ("empty", Vec::new()),
        ("not toml", b"I am a saved game, honest".to_vec()),
        (
            "old unknown version",
            replace("format_version = 3", "format_version = 0"),
        ),
        ("impossible shape", replace("box_rows = 2", "box_rows = 7")),
        ("given off the solution", {
            let cells = good.lines().find(|l| l.starts_with("cells = ")).unwrap();
            let digit = cells.chars().find(|c| c.is_ascii_digit()).unwrap();
            let other = if digit == '1' { '2' } else { '1' };
            replace(cells, &cells.replacen(digit, &other.to_string(), 1))
        }),
        (
            "selected off the board",
            replace("selected = ", "selected = 9999 #"),
        ),
        ("notes beyond n", replace("notes = [", "notes = [65535, ")),
        (
            "negative mistakes",
            replace("mistakes = 0", "mistakes = -4"),
        ),
    ];
    for (label, bytes) in cases {
        let tmp = tempfile::tempdir().unwrap();
        let dir = ConfigDir::at(tmp.path());
        let path = dir.save_file(AUTOSAVE);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let mut autosave = Autosave::open(&dir);
        let loaded = autosave.load();
        let message = loaded.message(SavedGame::WHAT).unwrap_or_default();
        let Loaded::MovedAside { moved_to, .. } = loaded else {
            panic!("{label}: {loaded:?}");
        };
        assert!(
            message.contains("damaged") && message.contains(".corrupt-"),
            "{label}: {message}"
        );
        assert_eq!(message.lines().count(), 1, "{label}");
        assert_eq!(std::fs::read(&moved_to).unwrap(), bytes, "{label}");
        let mut fresh = game_4x4(2, now);
        assert_eq!(autosave.save(&mut fresh, now), None, "{label}");
        assert!(load::<SavedGame>(&path).ok().is_some(), "{label}");
        assert_eq!(
            std::fs::read(&moved_to).unwrap(),
            bytes,
            "{label}: the damaged copy stays"
        );
    }
}

#[test]
fn a_newer_autosave_is_left_untouched_and_not_written() {
    let now = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    let path = dir.save_file(AUTOSAVE);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = save_text(now).replace("format_version = 3", "format_version = 7");
    std::fs::write(&path, &text).unwrap();
    let mut autosave = Autosave::open(&dir);
    let loaded = autosave.load();
    assert!(
        loaded
            .message("saved game")
            .unwrap()
            .contains("made by a newer tudoku")
    );
    let trouble = autosave.trouble().unwrap();
    assert!(
        trouble.contains("newer tudoku") && trouble.contains("not autosaved"),
        "{trouble}"
    );
    autosave.save(&mut game_4x4(2, now), now);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn a_second_holder_is_told_the_pid_and_never_writes() {
    let now = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    let mut first = Autosave::open(&dir);
    let mut second = Autosave::open(&dir);
    assert!(first.trouble().is_none());
    let trouble = second.trouble().unwrap().to_string();
    assert!(
        trouble.contains(&format!("process {}", std::process::id()))
            && trouble.contains("not autosaved"),
        "{trouble}"
    );
    assert!(matches!(second.load(), Loaded::Missing));
    let mut game = game_4x4(1, now);
    assert_eq!(first.save(&mut game, now), None);
    let written = std::fs::read(first.path()).unwrap();
    second.save(&mut game_4x4(9, now), now);
    assert_eq!(std::fs::read(first.path()).unwrap(), written);
    drop(first);
    assert!(
        Autosave::open(&dir).trouble().is_none(),
        "free again once the first is gone"
    );
}

#[test]
fn a_failing_write_is_reported_once_and_recovery_too() {
    let now = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    let mut autosave = Autosave::open(&dir);
    let mut game = game_4x4(1, now);
    // A directory where the file should be: the rename fails, even for root.
    let blocker = dir.save_file(AUTOSAVE).join("x");
    std::fs::create_dir_all(&blocker).unwrap();
    let first = autosave.save(&mut game, now).unwrap();
    assert!(
        first.contains("cannot write") && first.contains("play goes on"),
        "{first}"
    );
    assert_eq!(autosave.save(&mut game, now), None, "said once");
    assert!(autosave.trouble().is_some());
    std::fs::remove_dir_all(dir.save_file(AUTOSAVE)).unwrap();
    let back = autosave.save(&mut game, now).unwrap();
    assert!(back.contains("works again"), "{back}");
    assert!(load::<SavedGame>(&dir.save_file(AUTOSAVE)).ok().is_some());
    // no temporary file left behind by the failed writes
    assert_eq!(
        names_in(&dir.saves_dir()),
        vec!["autosave.toml", "autosave.toml.lock"]
    );
}

#[test]
fn slots_save_list_load_and_delete() {
    let now = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    let mut game = game_4x4(5, now);
    let to_fill = (0..16).filter(|&c| game.value(c) == 0).count();
    game.apply(Action::Jump(Jump::NextEmpty), now).unwrap();
    game.apply(Action::Place(1), now).unwrap();
    saves::save_slot(
        &dir,
        "mine",
        &SavedGame::capture(&mut game, now + Duration::from_secs(75)),
        false,
    )
    .unwrap();
    for bad in ["", "../x", "a b", "autosave", &"x".repeat(41)] {
        assert!(
            saves::save_slot(&dir, bad, &SavedGame::capture(&mut game, now), false).is_err(),
            "{bad:?}"
        );
    }
    std::fs::write(dir.save_file("broken"), b"\x00junk").unwrap();
    let slots = saves::list(&dir).unwrap();
    assert_eq!(slots.len(), 2);
    let mine = slots.iter().find(|s| s.name == "mine").unwrap();
    let summary = mine.summary.as_ref().unwrap();
    assert_eq!((summary.filled, summary.to_fill), (1, to_fill));
    assert_eq!(summary.time, Duration::from_secs(75));
    assert_eq!((summary.shape.n(), summary.label.as_str()), (4, "easy"));
    let broken = slots.iter().find(|s| s.name == "broken").unwrap();
    assert!(broken.summary.as_ref().unwrap_err().contains("damaged"));
    assert!(!dir.save_file("broken").exists(), "moved aside");
    let loaded = saves::load_slot(&dir, "mine").ok().unwrap();
    assert_eq!(loaded.game.values(), game.values());
    saves::delete_slot(&dir, "mine").unwrap();
    assert!(matches!(saves::load_slot(&dir, "mine"), Loaded::Missing));
}

#[test]
fn a_newer_slot_is_not_overwritten() {
    let now = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    std::fs::create_dir_all(dir.saves_dir()).unwrap();
    let text = save_text(now).replace("format_version = 3", "format_version = 4");
    std::fs::write(dir.save_file("future"), &text).unwrap();
    let err = saves::save_slot(
        &dir,
        "future",
        &SavedGame::capture(&mut game_4x4(1, now), now),
        true,
    )
    .unwrap_err();
    assert!(err.contains("newer tudoku"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.save_file("future")).unwrap(),
        text
    );
}

#[test]
fn concurrent_stats_updates_all_count() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("stats.toml");
    let shape = Shape::for_size(6).unwrap();
    std::thread::scope(|scope| {
        for t in 0..4u64 {
            let path = &path;
            scope.spawn(move || {
                for k in 0..5u64 {
                    stats::update(path, |s| {
                        s.record_start(shape, Variant::CLASSIC, None);
                        s.record_finish(
                            shape,
                            Variant::CLASSIC,
                            None,
                            Finish {
                                secs: 10 * t + k,
                                hints: 1,
                                mistakes: 0,
                            },
                        );
                    })
                    .unwrap();
                }
            });
        }
    });
    let stats = load::<Stats>(&path).ok().unwrap();
    let c = stats.get(shape, Variant::CLASSIC, None).unwrap();
    assert_eq!((c.started, c.finished, c.hints), (20, 20, 20));
    assert_eq!(c.best_secs, Some(0));
}

fn press(app: &mut App, code: KeyCode, now: Instant) {
    app.handle_event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), now);
}

fn app_on_disk(tmp: &Path, config: Config, now: Instant) -> App {
    let mut app = App::new(game_4x4(4, now), config, Stats::default(), now);
    app.attach_disk(Disk::open(ConfigDir::at(tmp)));
    app.begin_game();
    app
}

fn saved_game(tmp: &Path) -> Game {
    load::<SavedGame>(&ConfigDir::at(tmp).save_file(AUTOSAVE))
        .ok()
        .unwrap()
        .game
}

#[test]
fn every_move_is_autosaved_and_a_win_is_recorded() {
    let start = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let mut app = app_on_disk(tmp.path(), Config::default(), start);
    let stats = load::<Stats>(&ConfigDir::at(tmp.path()).stats_file())
        .ok()
        .unwrap();
    assert_eq!(stats.categories[0].started, 1);
    let empties = (0..16).filter(|&c| app.game.value(c) == 0).count();
    for i in 0..empties {
        let now = start + Duration::from_secs(10 * (i as u64 + 1));
        app.handle_event(
            Event::Key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE)),
            now,
        );
        let cell = app.game.selected();
        assert_eq!(app.game.value(cell), 0);
        assert_eq!(saved_game(tmp.path()).selected(), cell, "the move is saved");
        let digit = app.game.solution().get(cell);
        press(&mut app, KeyCode::Char(char::from(b'0' + digit)), now);
        let saved = saved_game(tmp.path());
        assert_eq!(saved.values(), app.game.values(), "the placement is saved");
        assert_eq!(saved.elapsed(now), Duration::from_secs(10 * (i as u64 + 1)));
    }
    assert!(matches!(app.mode, Mode::Won { new_best: true }));
    let stats = load::<Stats>(&ConfigDir::at(tmp.path()).stats_file())
        .ok()
        .unwrap();
    let c = &stats.categories[0];
    assert_eq!((c.started, c.finished), (1, 1));
    assert_eq!(c.best_secs, Some(10 * empties as u64));
    assert_eq!(app.best_secs(), c.best_secs, "one source of best times");
    // the stats screen shows the same record, with its sparkline
    press(&mut app, KeyCode::Esc, start);
    press(&mut app, KeyCode::Char('w'), start);
    assert_eq!(app.mode, Mode::Stats);
    let text = screen_text(&app);
    let row = text.lines().find(|l| l.contains("4x4   ")).expect(&text);
    let best = format!(
        "{}:{:02}",
        c.best_secs.unwrap() / 60,
        c.best_secs.unwrap() % 60
    );
    assert!(
        row.contains("easy") && row.contains(&best) && row.contains('▁'),
        "{row}"
    );
}

#[test]
fn the_saves_dialog_saves_loads_and_deletes_after_a_yes() {
    let now = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    let mut app = app_on_disk(tmp.path(), Config::default(), now);
    let original = app.game.values().clone();
    press(&mut app, KeyCode::Char('s'), now);
    assert!(matches!(app.mode, Mode::Saves(_)));
    press(&mut app, KeyCode::Char('s'), now); // save: the name field
    for _ in 0..30 {
        press(&mut app, KeyCode::Backspace, now);
    }
    for c in "keep".chars() {
        press(&mut app, KeyCode::Char(c), now);
    }
    press(&mut app, KeyCode::Enter, now);
    assert_eq!(app.mode, Mode::Playing);
    assert!(app.message.as_deref().unwrap().contains("keep"));
    assert!(saves::load_slot(&dir, "keep").ok().is_some());
    // change the board, then load the slot back
    app.game.apply(Action::Jump(Jump::NextEmpty), now).unwrap();
    press(&mut app, KeyCode::Char('1'), now);
    assert_ne!(app.game.values(), &original);
    press(&mut app, KeyCode::Char('s'), now);
    let Mode::Saves(dialog) = &app.mode else {
        panic!()
    };
    let keep = dialog.rows.iter().position(|r| r.name == "keep").unwrap();
    let autosave = dialog
        .rows
        .iter()
        .position(|r| r.name == "autosave")
        .unwrap();
    assert_eq!(dialog.rows.len(), 2);
    for _ in 0..keep {
        press(&mut app, KeyCode::Down, now);
    }
    press(&mut app, KeyCode::Enter, now);
    assert_eq!(app.game.values(), &original);
    assert_eq!(
        saved_game(tmp.path()).values(),
        &original,
        "the loaded game is the autosave now"
    );
    // the game it replaced had progress: it is kept in a slot of its own
    let kept = app
        .notices
        .iter()
        .find(|l| l.contains("kept in slot"))
        .expect("told where the replaced game went");
    assert!(kept.contains("4x4-easy-"), "{kept}");
    // delete asks first: a no keeps it, a yes removes it
    press(&mut app, KeyCode::Char('s'), now);
    let Mode::Saves(dialog) = &app.mode else {
        panic!()
    };
    assert_eq!(dialog.rows.len(), 3);
    let keep = dialog.rows.iter().position(|r| r.name == "keep").unwrap();
    for _ in 0..keep {
        press(&mut app, KeyCode::Down, now);
    }
    press(&mut app, KeyCode::Char('d'), now);
    press(&mut app, KeyCode::Char('n'), now);
    assert!(dir.save_file("keep").exists());
    press(&mut app, KeyCode::Char('d'), now);
    press(&mut app, KeyCode::Char('y'), now);
    assert!(!dir.save_file("keep").exists());
    let _ = autosave;
}

fn config_from(text: &str) -> (Config, Vec<String>, tempfile::TempDir) {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("config.toml");
    std::fs::write(&path, text).unwrap();
    let (config, warnings) = Config::load(&path);
    (config, warnings, tmp)
}

#[test]
fn auto_notes_removal_off_keeps_the_peers_notes() {
    let now = Instant::now();
    for (setting, kept) in [("true", false), ("false", true)] {
        let (config, warnings, _tmp) =
            config_from(&format!("[settings]\nauto_remove_notes = {setting}\n"));
        assert!(warnings.is_empty(), "{warnings:?}");
        let mut app = App::new(game_4x4(4, now), config, Stats::default(), now);
        let empties: Vec<usize> = (0..16).filter(|&c| app.game.value(c) == 0).collect();
        let (cell, peer) = empties
            .iter()
            .flat_map(|&a| empties.iter().map(move |&b| (a, b)))
            .find(|&(a, b)| a != b && app.game.geometry().peers[a].contains(&b))
            .unwrap();
        let digit = app.game.solution().get(cell);
        app.game.apply(Action::Select(peer), now).unwrap();
        press(&mut app, KeyCode::Char('n'), now);
        press(&mut app, KeyCode::Char(char::from(b'0' + digit)), now);
        press(&mut app, KeyCode::Char('n'), now);
        assert!(app.game.notes(peer).contains(digit));
        app.game.apply(Action::Select(cell), now).unwrap();
        press(&mut app, KeyCode::Char(char::from(b'0' + digit)), now);
        assert_eq!(app.game.value(cell), digit);
        assert_eq!(
            app.game.notes(peer).contains(digit),
            kept,
            "auto_remove_notes = {setting}"
        );
    }
}

fn screen_text(app: &App) -> String {
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    app.render(area, &mut buf);
    (0..24)
        .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn show_timer_false_hides_the_clock() {
    let now = Instant::now();
    for (setting, shown) in [("true", true), ("false", false)] {
        let (config, warnings, _tmp) =
            config_from(&format!("[settings]\nshow_timer = {setting}\n"));
        assert!(warnings.is_empty(), "{warnings:?}");
        let app = App::new(game_4x4(4, now), config, Stats::default(), now);
        let text = screen_text(&app);
        assert_eq!(text.contains("Time"), shown, "{text}");
        assert!(text.contains("Hints"));
    }
}

#[test]
fn mistake_checking_marks_a_wrong_entry_at_once() {
    let now = Instant::now();
    for (setting, marked) in [("false", false), ("true", true)] {
        let (config, _, _tmp) = config_from(&format!("[settings]\ncheck_mistakes = {setting}\n"));
        let wrong_style = config.theme.wrong;
        let mut app = App::new(game_4x4(4, now), config, Stats::default(), now);
        let cell = (0..16).find(|&c| app.game.value(c) == 0).unwrap();
        let wrong = (1..=4)
            .find(|&d| d != app.game.solution().get(cell))
            .unwrap();
        app.game.apply(Action::Select(cell), now).unwrap();
        press(&mut app, KeyCode::Char(char::from(b'0' + wrong)), now);
        // move away so the selection's own style does not cover the cell
        let other = (0..16)
            .find(|&c| c != cell && !app.game.geometry().peers[cell].contains(&c))
            .unwrap();
        app.game.apply(Action::Select(other), now).unwrap();
        let area = ratatui::layout::Rect::new(0, 0, 80, 24);
        let mut buf = ratatui::buffer::Buffer::empty(area);
        app.render(area, &mut buf);
        let crate::ui::Screen::Fits { board, layout, .. } = app.screen_in(area) else {
            panic!("fits")
        };
        let symbol = char::from(b'0' + wrong).to_string();
        let found = (board.y..board.bottom()).any(|y| {
            (board.x..board.right()).any(|x| {
                layout.cell_at(x - board.x, y - board.y) == Some(cell)
                    && buf[(x, y)].symbol() == symbol
                    && buf[(x, y)].style().bg == wrong_style.bg
            })
        });
        assert_eq!(found, marked, "check_mistakes = {setting}");
    }
}

#[test]
fn config_size_and_difficulty_pick_the_new_game() {
    let (config, warnings, _tmp) = config_from("[settings]\nsize = 6\ndifficulty = \"medium\"\n");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(config.settings.shape(), Shape::for_size(6).unwrap());
    assert_eq!(config.settings.difficulty, Difficulty::Medium);
}

#[test]
fn a_bad_level_names_the_levels() {
    let (config, warnings, _tmp) = config_from("[settings]\ndifficulty = \"insane\"\n");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let levels: Vec<String> = Difficulty::ALL.iter().map(|d| d.to_string()).collect();
    assert!(
        warnings[0].contains(&format!(
            "settings.difficulty = \"insane\": expected one of {}",
            levels.join(", ")
        )),
        "{warnings:?}"
    );
    assert_eq!(
        config.settings.difficulty,
        Config::default().settings.difficulty
    );
}

#[test]
fn damaged_configs_warn_per_key_or_move_aside_and_use_defaults() {
    let defaults = Config::default();
    // hand-edited: unknown keys, wrong types, impossible values
    let (config, warnings, tmp) = config_from(
        "[settings]\nsize = 7\nshow_timer = \"no\"\ntheme = \"neon\"\ncolour = 1\nmouse = false\n\
         [keys]\nundo = \"z\"\n[theme]\ngiven = { fg = \"not-a-colour\" }\nsparkle = {}\n[extra]\na = 1\n",
    );
    let all = warnings.join("\n");
    for key in [
        "settings.size",
        "settings.show_timer",
        "settings.theme",
        "settings.colour",
        "keys.undo",
        "theme.given",
        "theme.sparkle",
        "extra",
    ] {
        assert_eq!(
            warnings
                .iter()
                .filter(|w| w.contains(&format!("config.toml: {key}")))
                .count(),
            1,
            "{key}: {all}"
        );
    }
    assert_eq!(warnings.len(), 8, "{all}");
    assert!(
        warnings
            .iter()
            .all(|w| w.contains("config.toml") && !w.contains('\n')),
        "{all}"
    );
    // each bad value is named with what is allowed
    assert!(
        all.contains("settings.size = 7: expected 4, 6, 8, 9, 12, 16 or 25"),
        "{all}"
    );
    assert!(!config.settings.mouse, "the good key still applies");
    assert_eq!(config.settings.size, defaults.settings.size);
    assert_eq!(config.settings.show_timer, defaults.settings.show_timer);
    assert_eq!(config.keys, defaults.keys);
    assert_eq!(config.theme, defaults.theme);
    assert_eq!(
        names_in(tmp.path()),
        vec!["config.toml"],
        "a readable file stays"
    );
    // not TOML at all: kept aside whole
    let good = "[settings]\nmouse = false\n";
    for (label, bytes) in [
        ("truncated", good.as_bytes()[..5].to_vec()),
        ("zeroed", vec![0u8; 40]),
        (
            "random",
            (0..200u32).map(|i| (i * 131 % 256) as u8).collect(),
        ),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("config.toml");
        std::fs::write(&path, &bytes).unwrap();
        let (config, warnings) = Config::load(&path);
        assert_eq!(config, defaults, "{label}");
        assert_eq!(warnings.len(), 1, "{label}: {warnings:?}");
        assert!(warnings[0].contains(".corrupt-"), "{label}: {warnings:?}");
        let names = names_in(tmp.path());
        assert_eq!(names.len(), 1, "{label}");
        assert_eq!(
            std::fs::read(tmp.path().join(&names[0])).unwrap(),
            bytes,
            "{label}"
        );
    }
}

#[test]
fn the_example_config_is_the_defaults() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.toml");
    let (config, warnings) = Config::load(&path);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(config, Config::default());
    // and it names every setting and key binding the defaults have
    let text = std::fs::read_to_string(&path).unwrap();
    let example: toml::Table = text.parse().unwrap();
    let defaults = toml::Table::try_from(Config::default().settings).unwrap();
    for key in defaults.keys() {
        assert!(
            example["settings"].get(key).is_some(),
            "settings.{key} missing"
        );
    }
    let keys = toml::Table::try_from(Config::default().keys).unwrap();
    for key in keys.keys() {
        assert!(example["keys"].get(key).is_some(), "keys.{key} missing");
    }
}

/// Saves from before format 2 wrote each undo step as a table per cell; they
/// still load, with their history, and are written back as lines.
#[test]
fn a_format_1_save_still_loads_with_its_history() {
    let now = Instant::now();
    let mut game = game_4x4(3, now);
    game.apply(Action::Jump(Jump::NextEmpty), now).unwrap();
    let cell = game.selected();
    game.apply(Action::ToggleNote(2), now).unwrap();
    let text = to_toml(&SavedGame::capture(&mut game, now)).unwrap();
    // what format 1 wrote for that one step, spelt out by hand
    let legacy = format!(
        "done = [{{ focus = {cell}, changes = [{{ cell = {cell}, \
         before = {{ value = 0, notes = 0 }}, after = {{ value = 0, notes = 2 }} }}] }}]"
    );
    // format 2 writes the step as one line of a multi-line string
    let at = text.find("done = ").expect(&text);
    let opened = at + text[at..].find("\"\"\"").unwrap() + 3;
    let end = opened + text[opened..].find("\"\"\"").unwrap() + 3;
    let done = &text[at..end];
    assert!(done.contains(&format!("\n{cell} {cell}.0>2\n")), "{done}");
    let old = text
        .replace(done, &legacy)
        .replace("format_version = 3", "format_version = 1");
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("old.toml");
    std::fs::write(&path, old).unwrap();
    let mut loaded = load::<SavedGame>(&path)
        .ok()
        .expect("a format 1 save loads")
        .game;
    let resaved = to_toml(&SavedGame::capture(&mut loaded, now)).unwrap();
    assert!(resaved.contains(done), "{resaved}");
    assert!(loaded.notes(cell).contains(2));
    loaded.apply(Action::Undo, now).unwrap();
    assert!(!loaded.notes(cell).contains(2), "the old step undoes");
}

/// With no way to write at the start (a full disk; here a file where the
/// saves directory goes), autosave is tried again on every move and comes
/// back, saying so, once writing works.
#[test]
fn autosave_that_cannot_start_is_tried_again_on_every_move() {
    let now = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    std::fs::write(dir.saves_dir(), b"in the way").unwrap();
    let mut app = App::new(game_4x4(4, now), Config::default(), Stats::default(), now);
    app.attach_disk(Disk::open(dir.clone()));
    app.begin_game();
    let why = app
        .autosave_trouble()
        .expect("not autosaved yet")
        .to_string();
    assert!(why.contains("tried again"), "{why}");
    press(&mut app, KeyCode::Tab, now);
    press(&mut app, KeyCode::Char('1'), now);
    assert!(app.autosave_trouble().is_some());
    std::fs::remove_file(dir.saves_dir()).unwrap();
    press(&mut app, KeyCode::Char('2'), now);
    assert_eq!(app.message.as_deref(), Some("Autosave works again."));
    assert!(app.autosave_trouble().is_none());
    assert_eq!(saved_game(tmp.path()).values(), app.game.values());
}

/// A save from before colours (format_version 2, no colour fields) loads,
/// with no colours and no centre marks.
#[test]
fn a_version_2_save_loads_without_colours() {
    let now = Instant::now();
    let text = save_text(now).replace("format_version = 3", "format_version = 2");
    assert!(!text.contains("colours") && text.contains("format_version = 2"));
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("two.toml");
    std::fs::write(&path, &text).unwrap();
    let Loaded::Ok(saved) = load::<SavedGame>(&path) else {
        panic!("a version 2 save loads");
    };
    assert!((0..16).all(|c| saved.game.colour(c) == 0 && saved.game.centre(c).is_empty()));
}
