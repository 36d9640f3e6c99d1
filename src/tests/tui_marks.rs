//! The tools strong players use: colours for cells and notes (from the
//! theme, letters and marks without colour, undone like any edit, saved and
//! resumed), live notes, several cells selected at once, and corner and
//! centre marks.

use std::time::Instant;

use super::support::{self, app_on, game_on};
use crate::game::Game;
use crate::ui::{App, Config, Screen, Theme};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;
use tudoku_engine::{Difficulty, symbol};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn app(config: Config) -> App {
    let now = Instant::now();
    app_on(game_on(PUZZLE, Difficulty::Hard, None, now), config, now)
}

fn key(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    app.handle_event(Event::Key(KeyEvent::new(code, modifiers)), Instant::now());
}

fn press(app: &mut App, code: KeyCode) {
    key(app, code, KeyModifiers::NONE);
}

fn draw(app: &mut App) -> Buffer {
    support::draw(app, 100, 40)
}

/// Every screen position inside a cell.
fn cell_positions(app: &App, buf: &Buffer, cell: usize) -> Vec<(u16, u16)> {
    let Screen::Fits { board, layout, .. } = app.screen_in(buf.area) else {
        panic!("no board");
    };
    (0..board.height)
        .flat_map(|y| (0..board.width).map(move |x| (x, y)))
        .filter(|&(x, y)| layout.cell_at(x, y) == Some(cell))
        .map(|(x, y)| (board.x + x, board.y + y))
        .collect()
}

fn empty_cells(app: &App) -> Vec<usize> {
    (0..81).filter(|&c| app.game.value(c) == 0).collect()
}

fn select(app: &mut App, cell: usize) {
    app.game
        .apply(crate::game::Action::Select(cell), Instant::now())
        .unwrap();
}

#[test]
fn a_cell_colour_cycles_draws_from_the_theme_and_undoes() {
    let mut app = app(Config::default());
    let cell = empty_cells(&app)[3];
    select(&mut app, cell);
    press(&mut app, KeyCode::Char(','));
    assert_eq!(app.game.colour(cell), 1);
    press(&mut app, KeyCode::Right); // the cursor's colour would cover it
    let buf = draw(&mut app);
    let want = Theme::default().colours[0].bg;
    assert!(want.is_some());
    for at in cell_positions(&app, &buf, cell) {
        assert_eq!(Some(buf[at].bg), want, "{at:?}");
    }
    select(&mut app, cell);
    for expected in [2, 3, 4, 5, 6, 0, 1] {
        press(&mut app, KeyCode::Char(','));
        assert_eq!(app.game.colour(cell), expected);
    }
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game.colour(cell), 0);
    key(&mut app, KeyCode::Char('r'), KeyModifiers::CONTROL);
    assert_eq!(app.game.colour(cell), 1);
    // a given takes a colour too
    let given = (0..81).find(|&c| app.game.is_given(c)).unwrap();
    select(&mut app, given);
    press(&mut app, KeyCode::Char(','));
    assert_eq!(app.game.colour(given), 1);
}

#[test]
fn a_note_colour_needs_the_note_and_shows_in_the_theme_or_as_a_mark() {
    for theme in ["dark", "mono"] {
        let config = Config {
            theme: Theme::builtin(theme).unwrap(),
            ..Config::default()
        };
        let mut app = app(config);
        let cell = empty_cells(&app)[0];
        select(&mut app, cell);
        // no note 7 yet: nothing to colour
        press(&mut app, KeyCode::Char(';'));
        press(&mut app, KeyCode::Char('7'));
        assert_eq!(app.game.note_colour(cell, 7), 0);
        assert!(app.message.is_some());
        key(&mut app, KeyCode::Char('7'), KeyModifiers::ALT);
        assert!(app.game.notes(cell).contains(7));
        press(&mut app, KeyCode::Char(';'));
        press(&mut app, KeyCode::Char('7'));
        assert_eq!(app.game.note_colour(cell, 7), 1);
        assert!(
            !app.game.notes(cell).contains(3),
            "the 7 coloured, no note added"
        );
        press(&mut app, KeyCode::Right);
        let buf = draw(&mut app);
        let seven = cell_positions(&app, &buf, cell)
            .into_iter()
            .find(|&at| buf[at].symbol() == "7")
            .expect("the note is drawn");
        let style = app.config.theme.note_colours[0];
        if theme == "mono" {
            assert!(buf[seven].modifier.contains(Modifier::UNDERLINED));
        } else {
            assert_eq!(Some(buf[seven].fg), style.fg);
        }
    }
}

#[test]
fn without_colour_a_cell_colour_is_a_letter() {
    let config = Config {
        theme: Theme::builtin("mono").unwrap(),
        ..Config::default()
    };
    let mut app = app(config);
    let cell = empty_cells(&app)[5];
    select(&mut app, cell);
    press(&mut app, KeyCode::Char(','));
    press(&mut app, KeyCode::Char(','));
    press(&mut app, KeyCode::Right);
    let buf = draw(&mut app);
    let text: String = cell_positions(&app, &buf, cell)
        .into_iter()
        .map(|at| buf[at].symbol().to_string())
        .collect();
    assert!(text.contains('b'), "{text:?}");
}

#[test]
fn colours_and_marks_are_saved_resumed_and_range_checked() {
    let mut config = Config::default();
    config.settings.corner_centre_marks = true;
    let mut app = app(config);
    let cell = empty_cells(&app)[1];
    select(&mut app, cell);
    press(&mut app, KeyCode::Char(','));
    key(&mut app, KeyCode::Char('4'), KeyModifiers::ALT);
    press(&mut app, KeyCode::Char(';'));
    press(&mut app, KeyCode::Char('4'));
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('6'));
    assert!(app.game.centre(cell).contains(6));
    let text = toml::to_string(&app.game).unwrap();
    let back: Game = toml::from_str(&text).unwrap();
    assert_eq!(back.colour(cell), 1);
    assert_eq!(back.note_colour(cell, 4), 1);
    assert!(back.centre(cell).contains(6) && back.notes(cell).contains(4));
    // the undo history holds them too
    let mut undone = back.clone();
    for _ in 0..4 {
        undone
            .apply(crate::game::Action::Undo, Instant::now())
            .unwrap();
    }
    assert_eq!(undone.colour(cell), 0);
    // a colour past the palette is refused, naming what is wrong
    let bad = text.replacen("colours = [0", "colours = [9", 1);
    assert_ne!(bad, text);
    let err = toml::from_str::<Game>(&bad).unwrap_err().to_string();
    assert!(err.contains("colours do not fit"), "{err}");
    // a game without colours saves none, as before they existed
    let plain = app_plain_text();
    assert!(
        !plain.contains("colours") && !plain.contains("centre"),
        "{plain}"
    );
}

fn app_plain_text() -> String {
    toml::to_string(&app(Config::default()).game).unwrap()
}

#[test]
fn live_notes_put_back_what_a_placement_took_and_only_that() {
    for live in [true, false] {
        let mut config = Config::default();
        config.settings.live_notes = live;
        let mut app = app(config);
        press(&mut app, KeyCode::F(3)); // fill notes
        let before: Vec<_> = (0..81).map(|c| app.game.notes(c)).collect();
        let cell = empty_cells(&app)[0];
        let digit = app.game.solution().get(cell);
        let g = app.game.geometry();
        // the player takes the digit out of one peer by hand first
        let by_hand = *g.peers[cell]
            .iter()
            .find(|&&p| app.game.notes(p).contains(digit))
            .unwrap();
        select(&mut app, by_hand);
        key(&mut app, KeyCode::Char(symbol(digit)), KeyModifiers::ALT);
        assert!(
            !app.game.notes(by_hand).contains(digit),
            "fill notes stays editable"
        );
        select(&mut app, cell);
        press(&mut app, KeyCode::Char(symbol(digit)));
        let took: Vec<usize> = g.peers[cell]
            .iter()
            .copied()
            .filter(|&p| p != by_hand && before[p].contains(digit))
            .collect();
        assert!(!took.is_empty());
        for &p in &took {
            assert!(!app.game.notes(p).contains(digit));
        }
        press(&mut app, KeyCode::Delete);
        assert_eq!(app.game.value(cell), 0);
        for (c, &was) in before.iter().enumerate() {
            let mut without = was;
            without.remove(digit);
            let expected = if live && took.contains(&c) {
                was
            } else if c == by_hand || took.contains(&c) {
                without
            } else if c == cell {
                tudoku_engine::DigitSet::EMPTY
            } else {
                was
            };
            assert_eq!(
                app.game.notes(c),
                expected,
                "live {live}: r{}c{}",
                c / 9 + 1,
                c % 9 + 1
            );
        }
    }
}

#[test]
fn several_cells_take_a_note_or_a_colour_at_once() {
    let mut app = app(Config::default());
    let row: Vec<usize> = (9..18)
        .filter(|&c| app.game.value(c) == 0)
        .take(3)
        .collect();
    select(&mut app, row[0]);
    // shift+right to the third empty cell of the row
    while app.game.selected() != row[2] {
        key(&mut app, KeyCode::Right, KeyModifiers::SHIFT);
    }
    let chosen = app.game.selection();
    assert!(row.iter().all(|c| chosen.contains(c)), "{chosen:?}");
    press(&mut app, KeyCode::Char('5'));
    for &c in &row {
        assert!(app.game.notes(c).contains(5), "{c}");
        assert_eq!(app.game.value(c), 0);
    }
    press(&mut app, KeyCode::Char(','));
    for &c in &chosen {
        assert_eq!(app.game.colour(c), 1);
    }
    // one undo takes the colour off all of them
    press(&mut app, KeyCode::Char('u'));
    assert!(chosen.iter().all(|&c| app.game.colour(c) == 0));
    // a plain move ends the selection
    press(&mut app, KeyCode::Down);
    assert_eq!(app.game.selection().len(), 1);
    // a mouse drag selects the cells it crosses
    let buf = draw(&mut app);
    let (a, b) = (row[0], row[1]);
    let at = |cell| cell_positions(&app, &buf, cell)[0];
    let mouse = |kind, (x, y): (u16, u16)| {
        Event::Mouse(MouseEvent {
            kind,
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    };
    let (pa, pb) = (at(a), at(b));
    app.handle_event(
        mouse(MouseEventKind::Down(MouseButton::Left), pa),
        Instant::now(),
    );
    app.handle_event(
        mouse(MouseEventKind::Drag(MouseButton::Left), pb),
        Instant::now(),
    );
    let chosen = app.game.selection();
    assert!(chosen.contains(&a) && chosen.contains(&b), "{chosen:?}");
}

#[test]
fn corner_and_centre_marks_have_their_places() {
    let mut config = Config::default();
    config.settings.corner_centre_marks = true;
    let mut app = app(config);
    let cell = empty_cells(&app)[0];
    select(&mut app, cell);
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('1'));
    assert!(app.game.notes(cell).contains(1), "corner mark");
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('2'));
    press(&mut app, KeyCode::Char('3'));
    assert!(app.game.centre(cell).contains(2) && app.game.centre(cell).contains(3));
    assert!(!app.game.notes(cell).contains(2));
    let text = |app: &mut App| {
        let buf = draw(app);
        let cells = cell_positions(app, &buf, cell);
        let (top, bottom) = (cells[0].1, cells[cells.len() - 1].1);
        let mid = top + (bottom - top) / 2;
        let row = |y| -> String {
            cells
                .iter()
                .filter(|at| at.1 == y)
                .map(|&at| buf[at].symbol().to_string())
                .collect()
        };
        (row(top), row(mid))
    };
    press(&mut app, KeyCode::Right);
    let (top, middle) = text(&mut app);
    // the corner mark 1 in its slot at the top left, the centre marks in the middle
    assert!(
        top.trim_start().starts_with('1') && top.starts_with(' '),
        "{top:?}"
    );
    assert_eq!(middle.trim(), "23", "{middle:?}");
    // back to values after centre marks
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.game.notes_mode());
}
