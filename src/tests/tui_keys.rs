//! Key bindings, config text and themes: every command reachable on every
//! board size, values typed as symbols, partial config files over defaults.

use std::time::Instant;

use super::support::{PUZZLES_16, app_on, game_on};
use crate::game::{Action, Direction};
use crate::ui::{App, BUILTIN_THEMES, Command, Config, KeyBindings, KeySpec, Theme};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tudoku_engine::symbol;
use tudoku_engine::{Difficulty, Shape};

fn event(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

#[test]
fn every_command_has_a_key_on_every_board_size() {
    let keys = KeyBindings::default();
    for shape in Shape::all() {
        let n = shape.n();
        for command in Command::all() {
            let usable: Vec<&KeySpec> = keys.usable_keys(command, n).collect();
            assert!(!usable.is_empty(), "{command:?} has no key on {n}x{n}");
            // The key really runs the command, and is not a value symbol.
            let key = usable[0];
            let pressed = event(key.code, key.modifiers);
            assert_eq!(
                keys.command_for(&pressed, n),
                Some(command),
                "{key} on {n}x{n}"
            );
            if let KeyCode::Char(c) = key.code
                && key.modifiers.is_empty()
            {
                assert!((1..=n as u8).all(|v| !symbol(v).eq_ignore_ascii_case(&c)));
            }
        }
    }
}

#[test]
fn no_two_commands_share_a_key() {
    let keys = KeyBindings::default();
    let mut seen = std::collections::HashSet::new();
    for command in Command::all() {
        for key in keys.keys(command) {
            assert!(seen.insert(*key), "{key} is bound twice");
        }
    }
}

#[test]
fn letters_are_values_on_big_boards_and_commands_on_small_ones() {
    let keys = KeyBindings::default();
    let h = event(KeyCode::Char('h'), KeyModifiers::NONE);
    assert_eq!(
        keys.command_for(&h, 9),
        Some(Command::Play(Action::Move(Direction::Left)))
    );
    assert_eq!(
        keys.command_for(&h, 16),
        Some(Command::Play(Action::Move(Direction::Left)))
    );
    assert_eq!(keys.command_for(&h, 25), None, "h is the value 17 on 25x25");
    let p = event(KeyCode::Char('p'), KeyModifiers::NONE);
    assert_eq!(keys.command_for(&p, 16), Some(Command::Pause));
    assert_eq!(keys.command_for(&p, 25), None);
    let shifted = event(KeyCode::Char('?'), KeyModifiers::SHIFT);
    assert_eq!(keys.command_for(&shifted, 9), Some(Command::Help));
}

fn app_16() -> (App, Instant) {
    let now = Instant::now();
    let game = game_on(PUZZLES_16, Difficulty::Easy, None, now);
    (app_on(game, Config::default(), now), now)
}

#[test]
fn typing_a_letter_places_its_value_and_alt_toggles_a_note() {
    let (mut app, now) = app_16();
    let cell = (0..256).find(|&c| app.game.value(c) == 0).unwrap();
    app.game
        .apply(crate::game::Action::Select(cell), now)
        .unwrap();
    app.handle_event(
        Event::Key(event(KeyCode::Char('c'), KeyModifiers::ALT)),
        now,
    );
    assert!(app.game.notes(cell).contains(12));
    app.handle_event(
        Event::Key(event(KeyCode::Char('C'), KeyModifiers::SHIFT)),
        now,
    );
    assert_eq!(app.game.value(cell), 12);
    app.handle_event(
        Event::Key(event(KeyCode::Char('u'), KeyModifiers::NONE)),
        now,
    );
    assert_eq!(app.game.value(cell), 0);
    // In notes mode the plain key notes and the modifier places.
    app.handle_event(Event::Key(event(KeyCode::F(2), KeyModifiers::NONE)), now);
    app.handle_event(
        Event::Key(event(KeyCode::Char('g'), KeyModifiers::NONE)),
        now,
    );
    assert!(app.game.notes(cell).contains(16));
    app.handle_event(
        Event::Key(event(KeyCode::Char('3'), KeyModifiers::ALT)),
        now,
    );
    assert_eq!(app.game.value(cell), 3);
}

#[test]
fn ctrl_c_always_quits() {
    let (mut app, now) = app_16();
    app.handle_event(
        Event::Key(event(KeyCode::Char('?'), KeyModifiers::NONE)),
        now,
    );
    app.handle_event(
        Event::Key(event(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        now,
    );
    assert!(!app.is_running());
}

#[test]
fn key_strings_parse_display_and_round_trip() {
    for (text, shown) in [
        ("ctrl-z", "^Z"),
        ("F1", "F1"),
        ("alt-x", "Alt-x"),
        ("?", "?"),
        ("pagedown", "PgDn"),
        ("backtab", "S-Tab"),
        ("space", "Space"),
        ("delete", "Del"),
    ] {
        let key: KeySpec = text.parse().unwrap();
        assert_eq!(key.to_string(), shown);
        let back: KeySpec = toml::Value::try_from(key).unwrap().try_into().unwrap();
        assert_eq!(back, key, "{text}");
    }
    assert!("ctrl-".parse::<KeySpec>().is_err());
    assert!("F99".parse::<KeySpec>().is_err());
    assert!("hyper-q".parse::<KeySpec>().is_err());
}

#[test]
fn a_partial_config_lays_over_the_defaults() {
    let text = r#"
        [settings]
        theme = "light"
        mouse = false

        [keys]
        undo = ["z", "ctrl-z"]

        [theme]
        given = { fg = "red", add_modifier = "BOLD | ITALIC" }
    "#;
    let (config, warnings) = config_from(text);
    assert!(warnings.is_empty(), "{warnings:?}");
    let defaults = Config::default();
    assert!(!config.settings.mouse);
    assert_eq!(
        config.settings.highlight_peers,
        defaults.settings.highlight_peers
    );
    let (undo, redo) = (Command::Play(Action::Undo), Command::Play(Action::Redo));
    assert_eq!(
        config.keys.keys(undo),
        ["z".parse().unwrap(), "ctrl-z".parse().unwrap()]
    );
    assert_eq!(config.keys.keys(redo), defaults.keys.keys(redo));
    let light = Theme::builtin("light").unwrap();
    assert_eq!(config.theme.entry, light.entry);
    assert_eq!(config.theme.given.fg, Some(ratatui::style::Color::Red));
    assert!(
        config
            .theme
            .given
            .add_modifier
            .contains(ratatui::style::Modifier::ITALIC)
    );
    let none = tempfile::tempdir().unwrap();
    assert_eq!(
        Config::load(&none.path().join("config.toml")),
        (defaults, Vec::new())
    );
}

/// The config from config.toml's text, as the game reads it, and its warnings.
fn config_from(text: &str) -> (Config, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, text).unwrap();
    Config::load(&path)
}

#[test]
fn bad_config_is_warned_about_and_not_used() {
    for text in [
        "[keys]\nundo = [\"hyper-u\"]",
        "[settings]\ntheme = \"neon\"",
        "[theme]\ngiven = { fg = \"not-a-colour\" }",
        "[sttings]\nmouse = false",
        "[keys]\nundoo = [\"u\"]",
        "not toml at all",
    ] {
        let (config, warnings) = config_from(text);
        assert!(!warnings.is_empty(), "{text}");
        assert_eq!(config, Config::default(), "{text}");
    }
}

#[test]
fn builtin_themes_all_parse_and_mono_has_no_colour() {
    for (name, _) in BUILTIN_THEMES {
        Theme::builtin(name).unwrap();
    }
    let mono = Theme::builtin("mono").unwrap();
    let text = toml::to_string(&mono).unwrap();
    assert!(!text.contains("fg") && !text.contains("bg"), "{text}");
    assert!(mono.markers);
}
