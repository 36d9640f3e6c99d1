//! Terminal events as crossterm delivers them on every platform, Windows
//! Terminal's included, fed to the game: Windows reports every key's
//! release as well as its press, and the mouse's every move and button-up;
//! only a press (a key's, the left button's) acts. A resize moves where
//! clicks land to where the board is drawn at the new size (the layout the
//! drawing uses, `screen`).

use std::time::Instant;

use super::support::{PUZZLES_9, app_on, game_on};
use crate::ui::{App, Config, Screen, screen};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use tudoku_engine::Difficulty;

fn app(now: Instant) -> App {
    let game = game_on(PUZZLES_9, Difficulty::Hard, None, now);
    let mut app = app_on(game, Config::default(), now);
    app.handle_event(Event::Resize(80, 24), now);
    app
}

fn key(code: KeyCode, kind: KeyEventKind) -> Event {
    Event::Key(KeyEvent::new_with_kind(code, KeyModifiers::NONE, kind))
}

fn mouse(kind: MouseEventKind, (column, row): (u16, u16)) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

/// Where `cell` is drawn on a `width` x `height` screen: a character of it
/// found through the board's own click mapping, checked against the text
/// drawn there.
fn drawn_at(app: &App, (width, height): (u16, u16), cell: usize) -> (u16, u16) {
    let Screen::Fits { board, layout, .. } = screen(
        Rect::new(0, 0, width, height),
        app.game.shape(),
        cell,
        false,
    ) else {
        panic!("9x9 fits {width}x{height}")
    };
    let (x, y) = (0..board.height)
        .flat_map(|y| (0..board.width).map(move |x| (x, y)))
        .find(|&(x, y)| layout.cell_at(x, y) == Some(cell))
        .expect("every cell is on the board");
    (board.x + x, board.y + y)
}

#[test]
fn a_key_acts_on_its_press_and_not_again_on_its_release() {
    let now = Instant::now();
    let mut app = app(now);
    let start = app.game.selected();
    for kind in [KeyEventKind::Press, KeyEventKind::Release] {
        app.handle_event(key(KeyCode::Right, kind), now);
    }
    assert_eq!(app.game.selected(), start + 1);
}

#[test]
fn only_a_left_button_press_or_drag_selects() {
    let now = Instant::now();
    let mut app = app(now);
    let (first, other) = (10, 70);
    let at = |app: &App, cell| drawn_at(app, (80, 24), cell);
    app.handle_event(
        mouse(MouseEventKind::Down(MouseButton::Left), at(&app, first)),
        now,
    );
    assert_eq!(app.game.selected(), first);
    // (a left drag selects the cells it passes: tests/tui_marks.rs)
    for kind in [
        MouseEventKind::Up(MouseButton::Left),
        MouseEventKind::Moved,
        MouseEventKind::Down(MouseButton::Right),
        MouseEventKind::ScrollDown,
    ] {
        app.handle_event(mouse(kind, at(&app, other)), now);
        assert_eq!(app.game.selected(), first, "{kind:?}");
    }
}

#[test]
fn after_a_resize_a_click_lands_on_the_cell_drawn_under_it() {
    let now = Instant::now();
    let mut app = app(now);
    for size in [(120, 40), (80, 24), (200, 60)] {
        app.handle_event(Event::Resize(size.0, size.1), now);
        for cell in [0, 40, 80] {
            let (x, y) = drawn_at(&app, size, cell);
            app.handle_event(mouse(MouseEventKind::Down(MouseButton::Left), (x, y)), now);
            assert_eq!(app.game.selected(), cell, "{size:?}");
        }
    }
}
