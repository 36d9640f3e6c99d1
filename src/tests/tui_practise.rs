//! The new-game dialog's "practise a technique" field: the game it starts is
//! a 9x9 puzzle whose hardest step, rated anew, is the technique picked.

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;

use super::support::{self, PUZZLES_9, app_on, draw, game_on, text};
use crate::game::{Action, Hint};
use crate::ui::{App, Config, Mode, practised_techniques};
use tudoku_engine::{Difficulty, Shape, Technique, is_seeded, rate};

fn nine() -> App {
    let now = Instant::now();
    let game = game_on(PUZZLES_9, Difficulty::Hard, Some(7), now);
    app_on(game, Config::default(), now)
}

fn press(app: &mut App, code: KeyCode) {
    support::press(app, code, Instant::now());
}

fn screen(app: &mut App) -> String {
    text(&draw(app, 80, 24))
}

/// Ticks until the game being made is taken (the deadline only keeps a
/// broken build from hanging).
fn wait_for_generation(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(300);
    while matches!(app.mode, Mode::Generating { .. }) {
        assert!(Instant::now() < deadline, "no game came");
        std::thread::sleep(Duration::from_millis(5));
        app.tick(Instant::now());
    }
}

#[test]
fn the_dialog_offers_every_technique_tudoku_names() {
    let offered: Vec<Technique> = practised_techniques().collect();
    assert_eq!(offered, Technique::ALL);
}

/// Opens the dialog, picks `technique` and `seed`, and waits for the game.
fn start_practising(app: &mut App, technique: Technique, seed: char) {
    press(app, KeyCode::F(9));
    let picked = |app: &App| match &app.mode {
        Mode::NewGame(form) => form.technique,
        _ => panic!("the new-game dialog is open"),
    };
    // Up from the first field wraps to the last: the technique
    press(app, KeyCode::Up);
    while picked(app) != Some(technique) {
        press(app, KeyCode::Right);
    }
    press(app, KeyCode::Up);
    press(app, KeyCode::Char(seed));
    press(app, KeyCode::Enter);
    wait_for_generation(app);
}

/// The techniques of every hint the player asks for until the game is won,
/// each hint applied.
fn hints_to_the_end(app: &mut App) -> Vec<Technique> {
    let now = Instant::now();
    let mut seen = Vec::new();
    while !app.game.is_won() {
        app.game.apply(Action::Hint, now).expect("a hint");
        if let Some(Hint::Step { step, .. }) = app.game.hint().map(|h| &h.hint)
            && seen.last() != Some(&step.technique)
        {
            seen.push(step.technique);
        }
    }
    seen
}

#[test]
fn the_hints_of_a_practise_game_reach_the_technique_from_the_seed_list() {
    let technique = Technique::NishioChain;
    assert!(is_seeded(technique, Shape::for_size(9).unwrap()));
    let mut app = nine();
    start_practising(&mut app, technique, '2');
    assert_eq!(app.mode, Mode::Playing);
    assert_eq!(rate(app.game.givens()).unwrap().hardest, technique);
    let seen = hints_to_the_end(&mut app);
    assert!(seen.contains(&technique), "{seen:?}");
}

#[test]
fn a_technique_picked_in_the_dialog_is_the_new_puzzles_hardest_step() {
    let mut app = nine();
    press(&mut app, KeyCode::F(9));
    let picked = |app: &App| match &app.mode {
        Mode::NewGame(form) => form.technique,
        _ => panic!("the new-game dialog is open"),
    };
    assert_eq!(picked(&app), None, "any technique by default");
    assert!(screen(&mut app).contains("any technique"));
    // Up from the first field wraps to the last: the technique
    press(&mut app, KeyCode::Up);
    while picked(&app) != Some(Technique::XWing) {
        press(&mut app, KeyCode::Right);
    }
    let text = screen(&mut app);
    assert!(text.contains("Practise < X-wing >"), "{text}");
    let level = Technique::XWing.difficulty();
    let note = format!("To practise X-wing, Enter starts a 9x9 {level} game.");
    assert!(text.contains(&note), "{text}");
    // a seed, for a reproducible test
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Char('4'));
    press(&mut app, KeyCode::Enter);
    wait_for_generation(&mut app);
    assert_eq!(app.mode, Mode::Playing);
    assert_eq!(app.game.shape().n(), 9);
    let rating = rate(app.game.givens()).unwrap();
    assert_eq!(rating.hardest, Technique::XWing);
    assert_eq!(app.game.difficulty(), Some(Technique::XWing.difficulty()));
    let text = screen(&mut app);
    assert!(text.contains("practising X-wing"), "{text}");
}

#[test]
fn a_technique_no_known_puzzle_needs_is_offered_and_said_so() {
    let mut app = nine();
    press(&mut app, KeyCode::F(9));
    press(&mut app, KeyCode::Up);
    // Left from "any technique" wraps to the last: trial and error
    press(&mut app, KeyCode::Left);
    let text = screen(&mut app);
    assert!(text.contains("Trial and error"), "{text}");
    let note = "No puzzle is known whose hardest step is Trial and error";
    assert!(text.contains(note), "{text}");
    // and why, on the lines below
    assert!(text.contains("falls back on"), "{text}");
    // a technique with seeds is offered without the note
    while !screen(&mut app).contains("< Nested forcing chain >") {
        press(&mut app, KeyCode::Left);
    }
    let text = screen(&mut app);
    assert!(text.contains("To practise Nested forcing chain"), "{text}");
}
