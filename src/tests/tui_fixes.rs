//! What a player expects of the game around the board: the mistakes count
//! hidden when checking is off, a new game that asks before replacing an
//! unfinished one (and keeps it), a level the board cannot reach named and
//! the highest offered, a slot name typed over the default, the clock held
//! under help and dialogs, a hint that goes when the board changes.

use std::time::{Duration, Instant};

use super::support::{PUZZLES_9, app_on, game_on};
use crate::game::{Action, Game};
use crate::storage::ConfigDir;
use crate::storage::saves;
use crate::ui::{
    App, Config, DialogOutcome, Disk, KeyBindings, Mode, NewGameForm, SavesDialog, SavesOutcome,
    SavesStep,
};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tudoku_engine::{Difficulty, Grid, Shape, highest_level};

fn app_with(config: Config, now: Instant) -> App {
    app_on(
        game_on(PUZZLES_9, Difficulty::Hard, Some(7), now),
        config,
        now,
    )
}

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn press(app: &mut App, code: KeyCode, now: Instant) {
    app.handle_event(key(code), now);
}

fn screen_text(app: &mut App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    app.size = (80, 24);
    terminal.draw(|frame| app.draw(frame)).unwrap();
    terminal.backend().to_string()
}

/// Selects the first empty cell and types a digit into it: the right one or
/// a wrong one.
fn enter_digit(app: &mut App, right: bool, now: Instant) -> usize {
    let cell = (0..81).find(|&c| app.game.value(c) == 0).unwrap();
    app.game.apply(Action::Select(cell), now).unwrap();
    let answer = app.game.solution().get(cell);
    let digit = if right { answer } else { answer % 9 + 1 };
    press(app, KeyCode::Char(char::from(b'0' + digit)), now);
    cell
}

#[test]
fn the_mistakes_count_shows_only_when_mistakes_are_checked() {
    for check in [false, true] {
        let now = Instant::now();
        let mut config = Config::default();
        config.settings.check_mistakes = check;
        let mut app = app_with(config, now);
        enter_digit(&mut app, false, now);
        // counted only where shown
        assert_eq!(app.game.mistakes(), u32::from(check));
        let text = screen_text(&mut app);
        assert_eq!(text.contains("Mistakes"), check, "check_mistakes = {check}");
        if check {
            assert!(text.contains("Mistakes 1"));
        }
    }
}

#[test]
fn a_new_game_asks_first_and_keeps_the_unfinished_one_in_a_slot() {
    let now = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    let mut app = app_with(Config::default(), now);
    app.attach_disk(Disk::open(ConfigDir::at(tmp.path())));
    // nothing played yet: nothing to lose, no question
    press(&mut app, KeyCode::F(9), now);
    assert!(matches!(app.mode, Mode::NewGame(_)), "{:?}", app.mode);
    press(&mut app, KeyCode::Esc, now);
    enter_digit(&mut app, true, now);
    let played = app.game.values().clone();
    press(&mut app, KeyCode::F(9), now);
    assert_eq!(app.mode, Mode::ConfirmNewGame);
    assert!(screen_text(&mut app).contains("not finished"));
    // another key goes back to the game, untouched
    press(&mut app, KeyCode::Char('x'), now);
    assert_eq!(app.mode, Mode::Playing);
    assert_eq!(app.game.values(), &played);
    assert!(
        saves::list(&dir)
            .unwrap()
            .iter()
            .all(|s| s.name == "autosave")
    );
    // a yes opens the new-game dialog; when the new game starts, the
    // unfinished one is kept in a slot and the panel says which
    app.handle_event(
        Event::Key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::CONTROL)),
        now,
    );
    assert_eq!(app.mode, Mode::ConfirmNewGame);
    press(&mut app, KeyCode::Char('y'), now);
    assert!(matches!(app.mode, Mode::NewGame(_)));
    press(&mut app, KeyCode::Enter, now);
    while matches!(app.mode, Mode::Generating { .. }) {
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.tick(now);
    }
    assert_eq!(app.mode, Mode::Playing);
    let slot = saves::list(&dir)
        .unwrap()
        .into_iter()
        .find(|s| s.name != "autosave")
        .expect("a slot holds the unfinished game");
    let kept = saves::load_slot(&dir, &slot.name).ok().unwrap();
    assert_eq!(kept.game.values(), &played);
    assert!(
        app.notices.iter().any(|l| l.contains(&slot.name)),
        "{:?}",
        app.notices
    );
}

#[test]
fn a_level_the_board_cannot_reach_is_named_and_the_highest_offered() {
    let four = Shape::for_size(4).unwrap();
    assert_eq!(highest_level(four), Difficulty::Easy);
    let mut form = NewGameForm::new(four, crate::engine::Variant::CLASSIC, Difficulty::Hard);
    let note = form.out_of_reach().expect("hard is out of reach on 4x4");
    assert!(
        note.contains("No hard puzzle exists for 4x4") && note.contains("easy"),
        "{note}"
    );
    let now = Instant::now();
    let mut app = app_with(Config::default(), now);
    app.mode = Mode::NewGame(form.clone());
    assert!(screen_text(&mut app).contains("No hard puzzle exists for 4x4"));
    let outcome = form.on_key(
        &KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
        &KeyBindings::default(),
    );
    assert!(matches!(
        outcome,
        DialogOutcome::Start {
            difficulty: Difficulty::Easy,
            ..
        }
    ));
    // a reachable level says nothing
    let nine = NewGameForm::new(
        Shape::for_size(9).unwrap(),
        crate::engine::Variant::CLASSIC,
        Difficulty::Extreme,
    );
    assert_eq!(nine.out_of_reach(), None);
    // and a game asked for above the highest is of the highest, at once
    let game = Game::generate(four, Difficulty::Expert, 3, now);
    assert_eq!(game.difficulty(), Some(Difficulty::Easy));
}

#[test]
fn the_offered_slot_name_is_replaced_by_typing() {
    let dialog = || SavesDialog::new(Vec::new(), "9x9-hard-7".to_string());
    let press = |dialog: &mut SavesDialog, code| {
        dialog.on_key(
            &KeyEvent::new(code, KeyModifiers::NONE),
            &KeyBindings::default(),
        )
    };
    let mut typed = dialog();
    press(&mut typed, KeyCode::Char('s'));
    for c in "mine".chars() {
        press(&mut typed, KeyCode::Char(c));
    }
    assert_eq!(
        press(&mut typed, KeyCode::Enter),
        SavesOutcome::Save("mine".into())
    );
    // an arrow keeps the name for editing
    let mut edited = dialog();
    press(&mut edited, KeyCode::Char('s'));
    press(&mut edited, KeyCode::End);
    press(&mut edited, KeyCode::Char('b'));
    assert_eq!(
        press(&mut edited, KeyCode::Enter),
        SavesOutcome::Save("9x9-hard-7b".into())
    );
    // Backspace clears the selected name
    let mut cleared = dialog();
    press(&mut cleared, KeyCode::Char('s'));
    press(&mut cleared, KeyCode::Backspace);
    assert!(matches!(&cleared.step, SavesStep::Name { name, .. } if name.is_empty()));
}

#[test]
fn the_clock_stops_under_help_stats_dialogs_and_questions() {
    let start = Instant::now();
    let later = start + Duration::from_secs(60);
    // the key that opens each overlay, and the one that closes it
    let overlays = [
        (KeyCode::Char('?'), KeyCode::Esc),
        (KeyCode::Char('w'), KeyCode::Esc),
        (KeyCode::F(8), KeyCode::Char('n')),
        (KeyCode::F(9), KeyCode::Esc),
        (KeyCode::Char('s'), KeyCode::Esc),
    ];
    for (open, close) in overlays {
        let tmp = tempfile::tempdir().unwrap();
        let mut app = app_with(Config::default(), start);
        app.attach_disk(Disk::open(ConfigDir::at(tmp.path())));
        enter_digit(&mut app, true, start);
        let before = app.game.elapsed(start);
        press(&mut app, open, start);
        assert_ne!(app.mode, Mode::Playing, "{open:?} opens something");
        app.tick(later);
        assert_eq!(app.game.elapsed(later), before, "{open:?}: held");
        press(&mut app, close, later);
        if app.mode == Mode::ConfirmNewGame {
            press(&mut app, KeyCode::Char('n'), later);
        }
        assert_eq!(app.mode, Mode::Playing, "{close:?} closes it");
        let after = later + Duration::from_secs(5);
        assert_eq!(
            app.game.elapsed(after),
            before + Duration::from_secs(5),
            "{open:?}: runs again"
        );
    }
}

#[test]
fn a_hint_goes_when_the_board_changes() {
    let now = Instant::now();
    let mut app = app_with(Config::default(), now);
    press(&mut app, KeyCode::Char('t'), now);
    assert!(app.game.hint_text().is_some());
    assert!(screen_text(&mut app).contains("Hint:"));
    enter_digit(&mut app, true, now);
    assert_eq!(app.game.hint_text(), None);
    assert!(!screen_text(&mut app).contains("Hint:"));
    // an applied hint stays until the next change, then goes too
    for _ in 0..3 {
        press(&mut app, KeyCode::Char('t'), now);
    }
    assert!(screen_text(&mut app).contains("Hint:"));
    enter_digit(&mut app, true, now);
    assert!(!screen_text(&mut app).contains("Hint:"));
}

#[test]
fn share_gives_command_lines_that_open_the_same_puzzle() {
    let now = Instant::now();
    for (shape, seed) in [
        (Shape::new(2, 3).unwrap(), 5),
        (Shape::new(3, 2).unwrap(), 6),
    ] {
        let game = Game::generate(shape, Difficulty::Medium, seed, now);
        let share = crate::ui::share_commands(&game);
        let seeded = share.seeded.expect("a generated game has a seed");
        // the seed line: its board, level and seed make the same puzzle
        let words: Vec<&str> = seeded.split_whitespace().collect();
        let arg = |flag: &str| words[words.iter().position(|w| *w == flag).unwrap() + 1];
        let replayed_shape = match words.iter().position(|w| *w == "--box") {
            Some(_) => arg("--box").parse::<Shape>().unwrap(),
            None => Shape::for_size(arg("--size").parse().unwrap()).unwrap(),
        };
        let level: Difficulty = arg("--difficulty").parse().unwrap();
        let replay = Game::generate(replayed_shape, level, arg("--seed").parse().unwrap(), now);
        assert_eq!(replay.givens(), game.givens(), "{seeded}");
        // the puzzle line reads back as the givens
        let line = share.line.split_whitespace().last().unwrap();
        let boxes = share.line.contains("--box").then_some(shape);
        assert_eq!(&Grid::parse(line, boxes).unwrap(), game.givens());
        // and so does the code, board and all
        let code = share.code.strip_prefix("tudoku play ").unwrap();
        assert_eq!(
            &tudoku_engine::from_share_code(code).unwrap(),
            game.givens()
        );
    }
    // a game from the key opens the screen
    let mut app = app_with(Config::default(), now);
    app.handle_event(
        Event::Key(KeyEvent::new(KeyCode::Char('e'), KeyModifiers::CONTROL)),
        now,
    );
    assert_eq!(app.mode, Mode::Share);
    let text = screen_text(&mut app);
    // at 80 columns: the code's command on one line of its own, nothing wrapped
    let code = tudoku_engine::share_code(app.game.givens());
    assert!(code.len() <= 60, "{code}");
    let line = text
        .lines()
        .find(|l| l.contains(&code))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.trim_matches('"')
            .trim_end()
            .starts_with("tudoku play 9_"),
        "{line}"
    );
    // the 81-symbol line does not fit: it is named, not broken over lines
    assert!(
        !text.contains(&app.game.givens().to_string()[..60]),
        "{text}"
    );
    assert!(text.contains("tudoku saves --export autosave"), "{text}");
}

#[test]
fn the_mistake_limit_ends_the_game_and_is_off_by_default() {
    let now = Instant::now();
    let mut unlimited = app_with(Config::default(), now);
    for _ in 0..5 {
        enter_digit(&mut unlimited, false, now);
    }
    assert_eq!(unlimited.mode, Mode::Playing);
    let mut config = Config::default();
    config.settings.mistake_limit = 3;
    let mut app = app_with(config, now);
    enter_digit(&mut app, false, now);
    enter_digit(&mut app, true, now);
    enter_digit(&mut app, false, now);
    assert_eq!(app.mode, Mode::Playing);
    assert!(screen_text(&mut app).contains("Mistakes 2/3"));
    enter_digit(&mut app, false, now);
    assert_eq!(app.mode, Mode::GameOver);
    assert!(screen_text(&mut app).contains("the game is over"));
    // a move is no longer taken; Enter offers a new game
    let values = app.game.values().clone();
    enter_digit(&mut app, true, now);
    assert_eq!(app.game.values(), &values);
    press(&mut app, KeyCode::Enter, now);
    assert!(matches!(app.mode, Mode::NewGame(_)));
    // a game resumed over the limit is over at once
    let mut resumed = app_on(app.game.clone(), app.config.clone(), now);
    resumed.continue_game(now);
    assert_eq!(resumed.mode, Mode::GameOver);
}

#[test]
fn the_help_shows_every_command_in_full_at_80x24() {
    let now = Instant::now();
    let mut app = app_with(Config::default(), now);
    press(&mut app, KeyCode::Char('?'), now);
    let text = screen_text(&mut app);
    for command in crate::ui::Command::all() {
        assert!(text.contains(command.description()), "{command:?}\n{text}");
    }
}
