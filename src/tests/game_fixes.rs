//! Item 10 of issue 23: a hint that erases a wrong entry puts back the
//! notes that entry took from its peers (as `u` does); mistakes are counted
//! only where they are shown; a game over lets the player look at the board.

use std::time::Instant;

use crate::game::{Action, Game};
use crate::storage::stats::Stats;
use crate::ui::{App, Config, Mode};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tudoku_engine::{Difficulty, Shape};

fn game_9x9(now: Instant) -> Game {
    Game::generate(Shape::for_size(9).unwrap(), Difficulty::Easy, 11, now)
}

/// An empty cell, and a digit that is wrong there but clashes with none of
/// its peers' values (so its placement takes it out of their notes, if
/// they have notes).
fn wrong_move(game: &Game) -> (usize, u8) {
    let noted = (0..81).any(|c| !game.notes(c).is_empty());
    let geo = game.geometry();
    (0..81)
        .filter(|&c| game.value(c) == 0)
        .find_map(|cell| {
            (1..=9u8)
                .find(|&d| {
                    d != game.solution().get(cell)
                        && geo.peers[cell].iter().all(|&p| game.value(p) != d)
                        && (!noted
                            || geo.peers[cell]
                                .iter()
                                .any(|&p| game.value(p) == 0 && game.notes(p).contains(d)))
                })
                .map(|d| (cell, d))
        })
        .expect("a 9x9 easy game has such a cell")
}

fn notes(game: &Game) -> Vec<u32> {
    (0..81).map(|c| game.notes(c).bits()).collect()
}

#[test]
fn a_hint_erasing_a_wrong_entry_puts_back_the_notes_it_took() {
    let now = Instant::now();
    for check_mistakes in [false, true] {
        let mut game = game_9x9(now);
        game.set_check_mistakes(check_mistakes);
        game.apply(Action::AutoNotes, now).unwrap();
        let (cell, digit) = wrong_move(&game);
        let before = notes(&game);
        game.apply(Action::Select(cell), now).unwrap();
        game.apply(Action::Place(digit), now).unwrap();
        assert_ne!(notes(&game), before, "the placement took notes");
        let mut undone = game.clone();
        undone.apply(Action::Undo, now).unwrap();
        while game.value(cell) != 0 {
            game.apply(Action::Hint, now).unwrap();
        }
        assert_eq!(notes(&game), before, "check_mistakes {check_mistakes}");
        assert_eq!(notes(&game), notes(&undone), "as u would");
        // and the next hint is a step, not a complaint about the notes
        game.apply(Action::Hint, now).unwrap();
        let text = game.hint_text().unwrap();
        assert!(!text.to_lowercase().contains("notes"), "{text}");
    }
}

fn press(app: &mut App, code: KeyCode, now: Instant) {
    app.handle_event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), now);
}

fn app_with(check_mistakes: bool, mistake_limit: u32, now: Instant) -> App {
    let mut config = Config::default();
    config.settings.check_mistakes = check_mistakes;
    config.settings.mistake_limit = mistake_limit;
    let mut app = App::new(game_9x9(now), config, Stats::default(), now);
    app.begin_game();
    app
}

fn place_wrong(app: &mut App, now: Instant) {
    let (cell, digit) = wrong_move(&app.game);
    app.game.apply(Action::Select(cell), now).unwrap();
    press(app, KeyCode::Char((b'0' + digit) as char), now);
    assert_eq!(app.game.value(cell), digit);
}

/// With neither `check_mistakes` nor a limit the count is not shown, and
/// not kept either: a limit set later starts from zero.
#[test]
fn mistakes_count_only_where_they_are_shown() {
    let now = Instant::now();
    for (check, limit, counted) in [(false, 0, 0), (true, 0, 1), (false, 3, 1)] {
        let mut app = app_with(check, limit, now);
        place_wrong(&mut app, now);
        assert_eq!(app.game.mistakes(), counted, "check {check} limit {limit}");
    }
}

#[test]
fn after_a_game_over_the_board_can_be_looked_at_but_not_changed() {
    let now = Instant::now();
    let mut app = app_with(false, 1, now);
    place_wrong(&mut app, now);
    assert_eq!(app.mode, Mode::GameOver);
    let values = app.game.values().clone();
    press(&mut app, KeyCode::Esc, now);
    assert_eq!(app.mode, Mode::LookingOver);
    let at = app.game.selected();
    press(&mut app, KeyCode::Left, now);
    press(&mut app, KeyCode::Down, now);
    assert_ne!(app.game.selected(), at, "the cursor moves");
    for key in ['5', 'u', 'x'] {
        press(&mut app, KeyCode::Char(key), now);
        assert_eq!(app.game.values(), &values, "nothing changes");
        assert!(app.message.as_deref().unwrap().contains("over"));
    }
    // the board is drawn, not hidden
    assert!(!app.game.is_paused());
    press(&mut app, KeyCode::Esc, now);
    assert_eq!(app.mode, Mode::GameOver);
    press(&mut app, KeyCode::Enter, now);
    assert!(matches!(app.mode, Mode::NewGame(_)));
}
