//! The new-game dialog's "practise a technique" field: the game it starts is
//! a 9x9 puzzle whose hardest step, rated anew, is the technique picked.

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;

use super::support::{self, PUZZLES_9, app_on, draw, game_on, text};
use crate::ui::{App, Config, Mode, practised_techniques};
use tudoku_engine::{Difficulty, Technique, rate};

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
fn the_dialog_offers_only_techniques_9x9_generation_reaches() {
    let offered: Vec<Technique> = practised_techniques().collect();
    assert!(offered.contains(&Technique::XWing));
    assert!(offered.contains(&Technique::NishioChain));
    for never in [
        Technique::FullHouse,
        Technique::HiddenQuad,
        Technique::ForcingChain,
        Technique::DynamicChain,
        Technique::Backtrack,
    ] {
        assert!(!offered.contains(&never), "{}", never.name());
    }
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
    assert_eq!(app.game.difficulty(), Technique::XWing.difficulty());
    let text = screen(&mut app);
    assert!(text.contains("practising X-wing"), "{text}");
}
