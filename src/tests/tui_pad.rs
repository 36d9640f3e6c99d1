//! Digit-first input and the number pad: counts still to place, completed
//! digits greyed, a click on the pad picks a digit and a click (or Enter) on
//! a cell places it.

use std::time::Instant;

use super::support::{PUZZLES_9, app_on, draw, game_on, press};
use crate::game::Action;
use crate::ui::{App, Config, Screen};
use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use tudoku_engine::Difficulty;

fn app(now: Instant) -> App {
    let game = game_on(PUZZLES_9, Difficulty::Hard, None, now);
    let mut app = app_on(game, Config::default(), now);
    app.size = (80, 24);
    app
}

fn click(app: &mut App, (column, row): (u16, u16), now: Instant) {
    let event = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    app.handle_event(Event::Mouse(event), now);
}

fn panel(app: &App) -> Rect {
    match app.screen_in(Rect::new(0, 0, 80, 24)) {
        Screen::Fits { panel, .. } => panel,
        Screen::TooSmall { .. } => panic!("9x9 fits 80x24"),
    }
}

/// Where the pad shows digit d: the symbols row is the first panel row
/// holding 1, 2, ... 9 in order; the count is right below it.
fn pad_position(buf: &Buffer, panel: Rect, d: u8) -> (u16, u16) {
    for y in panel.y..panel.bottom() {
        let row: String = (panel.x..panel.right())
            .map(|x| buf[(x, y)].symbol())
            .collect();
        if row.trim_end() == "1 2 3 4 5 6 7 8 9" {
            return (panel.x + 2 * (u16::from(d) - 1), y);
        }
    }
    panic!("no pad row in the panel");
}

/// A cell's middle on screen: scanned through the board's click mapping.
fn cell_position(app: &App, cell: usize) -> (u16, u16) {
    let Screen::Fits { board, layout, .. } = app.screen_in(Rect::new(0, 0, 80, 24)) else {
        panic!()
    };
    let hits: Vec<(u16, u16)> = (0..board.height)
        .flat_map(|y| (0..board.width).map(move |x| (x, y)))
        .filter(|&(x, y)| layout.cell_at(x, y) == Some(cell))
        .collect();
    let (x, y) = hits[hits.len() / 2];
    (board.x + x, board.y + y)
}

#[test]
fn the_pad_counts_what_is_left_and_greys_a_completed_digit() {
    let now = Instant::now();
    let mut app = app(now);
    // complete digit 5 from the solution
    let solution = app.game.solution().clone();
    let fives: Vec<usize> = (0..81)
        .filter(|&c| app.game.value(c) == 0 && solution.get(c) == 5)
        .collect();
    for cell in fives {
        app.game.apply(Action::Select(cell), now).unwrap();
        app.game.apply(Action::Place(5), now).unwrap();
    }
    let buf = draw(&mut app, 80, 24);
    let panel = panel(&app);
    for d in 1..=9u8 {
        let placed = (0..81).filter(|&c| app.game.value(c) == d).count();
        let (x, y) = pad_position(&buf, panel, d);
        let count = buf[(x, y + 1)].symbol().to_string();
        let expected = if placed == 9 {
            " ".to_string()
        } else {
            (9 - placed).to_string()
        };
        assert_eq!(count, expected, "digit {d}");
        let done = app.config.theme.done;
        assert_eq!(
            buf[(x, y)].fg == done.fg.unwrap(),
            placed == 9,
            "digit {d} greyed"
        );
    }
}

#[test]
fn digit_first_by_pad_click_then_cell_clicks_and_enter() {
    let now = Instant::now();
    let mut app = app(now);
    let panel = panel(&app);
    let empties: Vec<usize> = (0..81).filter(|&c| app.game.value(c) == 0).collect();
    // pick the first empty cell's answer on the pad
    let digit = app.game.solution().get(empties[0]);
    let at = pad_position(&draw(&mut app, 80, 24), panel, digit);
    click(&mut app, at, now);
    assert_eq!(app.picked, Some(digit));
    // a click on a cell places it
    let at = cell_position(&app, empties[0]);
    click(&mut app, at, now);
    assert_eq!(app.game.value(empties[0]), digit);
    // a click on a given picks its digit and changes nothing
    let given = (0..81).find(|&c| app.game.is_given(c)).unwrap();
    let before = app.game.values().clone();
    let at = cell_position(&app, given);
    click(&mut app, at, now);
    assert_eq!(app.picked, Some(app.game.value(given)));
    assert_eq!(app.game.values(), &before);
    assert_eq!(app.message, None);
    // a symbol key picks rather than places; Enter places in the selected cell
    app.game.apply(Action::Select(empties[1]), now).unwrap();
    let other = app.game.solution().get(empties[1]);
    press(&mut app, KeyCode::Char(char::from(b'0' + other)), now);
    assert_eq!(app.game.value(empties[1]), 0, "picked, not placed");
    assert_eq!(app.picked, Some(other));
    press(&mut app, KeyCode::Enter, now);
    assert_eq!(app.game.value(empties[1]), other);
    // in notes mode the picked digit goes in as a note
    press(&mut app, KeyCode::Char('n'), now);
    app.game.apply(Action::Select(empties[2]), now).unwrap();
    press(&mut app, KeyCode::Enter, now);
    assert!(app.game.notes(empties[2]).contains(other));
    press(&mut app, KeyCode::Char('n'), now);
    // the key (or a click on the picked digit) ends digit-first input
    press(&mut app, KeyCode::Char('*'), now);
    assert_eq!(app.picked, None);
    let third = app.game.solution().get(empties[3]);
    app.game.apply(Action::Select(empties[3]), now).unwrap();
    press(&mut app, KeyCode::Char(char::from(b'0' + third)), now);
    assert_eq!(app.game.value(empties[3]), third, "placed again");
    let four = pad_position(&draw(&mut app, 80, 24), panel, 4);
    click(&mut app, four, now);
    assert_eq!(app.picked, Some(4));
    click(&mut app, four, now);
    assert_eq!(app.picked, None);
}
