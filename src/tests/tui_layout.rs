//! The layout chooser and fixed-slot notes on every board size, drawn into
//! ratatui's TestBackend at the common terminal sizes. Where a note is drawn
//! is worked out here from the cell's rectangle on screen (found through
//! `cell_at`, a click's mapping) and the slot grid's shape, not read back
//! from the drawing code.

use std::time::Instant;

use super::support::{PUZZLE_25, PUZZLES_9, PUZZLES_16, app_on, draw, game_on, press};
use crate::game::{Action, Game};
use crate::ui::{App, BoardLayout, Config, NotesView, Screen, screen, slots_needs};
use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use tudoku_engine::symbol;
use tudoku_engine::{Difficulty, Shape};

/// The board sizes of the issue: 4x4, 2x3, 2x4, 3x4, 9x9, 16x16, 25x25.
const SHAPES: [(usize, usize); 7] = [(2, 2), (2, 3), (2, 4), (3, 4), (3, 3), (4, 4), (5, 5)];
const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).unwrap()
}

/// A game of a shape with every empty cell's notes filled in: from a sample
/// puzzle where there is one, else generated.
fn app(shape: Shape, config: Config) -> (App, Instant) {
    let now = Instant::now();
    let from = |text: &str| game_on(text, Difficulty::Easy, None, now);
    let game = match shape.n() {
        9 => from(PUZZLES_9),
        16 => from(PUZZLES_16),
        25 => from(PUZZLE_25),
        _ => Game::generate(shape, Difficulty::Easy, 5, now),
    };
    let mut app = app_on(game, config, now);
    press(&mut app, KeyCode::F(3), now);
    (app, now)
}

fn fits(shape: Shape, width: u16, height: u16) -> (Rect, BoardLayout, Rect) {
    match screen(Rect::new(0, 0, width, height), shape, 0, false) {
        Screen::Fits {
            board,
            layout,
            panel,
            ..
        } => (board, layout, panel),
        Screen::TooSmall { need } => panic!("{shape} does not fit {width}x{height}: {need:?}"),
    }
}

/// A cell's rectangle on screen: every position `cell_at` maps to it.
fn cell_rect(board: Rect, layout: &BoardLayout, cell: usize) -> Rect {
    let (mut x0, mut y0, mut x1, mut y1) = (u16::MAX, u16::MAX, 0, 0);
    for y in 0..board.height {
        for x in 0..board.width {
            if layout.cell_at(x, y) == Some(cell) {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    Rect::new(board.x + x0, board.y + y0, x1 - x0 + 1, y1 - y0 + 1)
}

fn text_of(buf: &Buffer, rect: Rect) -> String {
    (rect.y..rect.bottom())
        .map(|y| {
            (rect.x..rect.right())
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The sizes a shape is drawn at: all but 25x25 at 80x24, which has fewer
/// rows than the board has cells down.
fn sizes_for(shape: Shape) -> Vec<(u16, u16)> {
    SIZES
        .into_iter()
        .filter(|&(w, _)| shape.n() < 25 || w > 80)
        .collect()
}

/// Which sizes must show notes in the cells: those the issue names (9x9
/// at 80x24; 16x16 on a large terminal) and the small boards everywhere.
fn expects_slots(n: usize, (width, height): (u16, u16)) -> bool {
    match n {
        4 | 6 | 8 | 9 => true,
        12 => width >= 120,
        16 => width >= 200 && height >= 60,
        _ => false,
    }
}

#[test]
fn notes_sit_in_fixed_slots_or_in_the_panel_at_every_size() {
    for (rows, cols) in SHAPES {
        let shape = shape(rows, cols);
        let n = shape.n();
        let (mut app, now) = app(shape, Config::default());
        for size in sizes_for(shape) {
            let (board, layout, panel) = fits(shape, size.0, size.1);
            let context = format!("{n}x{n} at {}x{}", size.0, size.1);
            let buf = draw(&mut app, size.0, size.1);
            match layout.notes {
                NotesView::Slots(slots) => {
                    assert!(expects_slots(n, size), "{context}: slots");
                    let (slot_rows, slot_cols, step) = (slots.rows, slots.cols, slots.step);
                    assert!(
                        slot_rows * slot_cols >= n as u16,
                        "{context}: a slot per digit"
                    );
                    for cell in (0..n * n).filter(|&c| app.game.value(c) == 0) {
                        let rect = cell_rect(board, &layout, cell);
                        let block_w = (slot_cols - 1) * step + 1;
                        assert!(block_w <= rect.width && slot_rows <= rect.height);
                        let (px, py) = ((rect.width - block_w) / 2, (rect.height - slot_rows) / 2);
                        let mut slot_of = std::collections::HashMap::new();
                        for d in 1..=n as u8 {
                            let i = u16::from(d) - 1;
                            let at = (
                                rect.x + px + i % slot_cols * step,
                                rect.y + py + i / slot_cols,
                            );
                            slot_of.insert(at, d);
                            let expected = if app.game.notes(cell).contains(d) {
                                symbol(d).to_string()
                            } else {
                                " ".to_string()
                            };
                            assert_eq!(buf[at].symbol(), expected, "{context}: {d} in cell {cell}");
                        }
                        // nothing else is drawn in the cell
                        for y in rect.y..rect.bottom() {
                            for x in rect.x..rect.right() {
                                if !slot_of.contains_key(&(x, y)) {
                                    assert_eq!(buf[(x, y)].symbol(), " ", "{context}: {x},{y}");
                                }
                            }
                        }
                    }
                }
                NotesView::Compact => {
                    assert!(!expects_slots(n, size), "{context}: compact");
                    // An empty cell with notes says so; the panel shows the
                    // selected one's notes in box-shaped rows.
                    let empty = (0..n * n).find(|&c| app.game.value(c) == 0).unwrap();
                    let rect = cell_rect(board, &layout, empty);
                    assert!(text_of(&buf, rect).contains('.'), "{context}");
                    app.game.apply(Action::Select(empty), now).unwrap();
                    let buf = draw(&mut app, size.0, size.1);
                    // Digit d has a fixed slot: box row (d-1) / cols of
                    // the rows under the "Notes" label, slot (d-1) % cols
                    // of the row, slots two columns apart after a
                    // two-column indent; a digit not noted leaves its slot
                    // blank.
                    let label = (panel.y..panel.bottom())
                        .find_map(|y| {
                            (panel.x..panel.right().saturating_sub(4)).find_map(|x| {
                                let word: String =
                                    (x..x + 5).map(|x| buf[(x, y)].symbol()).collect();
                                (word == "Notes").then_some((x, y))
                            })
                        })
                        .unwrap_or_else(|| {
                            panic!("{context}: no Notes label in\n{}", text_of(&buf, panel))
                        });
                    let notes = app.game.notes(empty);
                    for d in 1..=n as u8 {
                        let (r, c) = ((d as usize - 1) / cols, (d as usize - 1) % cols);
                        let x = label.0 + 2 + 2 * c as u16;
                        let y = label.1 + 1 + r as u16;
                        let expected = if notes.contains(d) {
                            symbol(d).to_string()
                        } else {
                            " ".to_string()
                        };
                        assert_eq!(buf[(x, y)].symbol(), expected, "{context}: digit {d}");
                    }
                }
            }
        }
    }
}

#[test]
fn removing_a_note_moves_no_other() {
    for (rows, cols, width, height) in [
        (3, 3, 80, 24),
        (3, 3, 120, 40),
        (4, 4, 200, 60),
        (2, 3, 80, 24),
    ] {
        let shape = shape(rows, cols);
        let (mut app, now) = app(shape, Config::default());
        let n = shape.n();
        let cell = (0..n * n)
            .find(|&c| app.game.value(c) == 0 && app.game.notes(c).len() >= 3)
            .unwrap();
        app.game.apply(Action::Select(cell), now).unwrap();
        let before = draw(&mut app, width, height);
        let (board, layout, _) = fits(shape, width, height);
        let rect = cell_rect(board, &layout, cell);
        let gone = app.game.notes(cell).iter().next().unwrap();
        app.game.apply(Action::ToggleNote(gone), now).unwrap();
        let after = draw(&mut app, width, height);
        let mut changed = Vec::new();
        for y in rect.y..rect.bottom() {
            for x in rect.x..rect.right() {
                if before[(x, y)].symbol() != after[(x, y)].symbol() {
                    changed.push((
                        before[(x, y)].symbol().to_string(),
                        after[(x, y)].symbol().to_string(),
                    ));
                }
            }
        }
        assert_eq!(
            changed,
            vec![(symbol(gone).to_string(), " ".to_string())],
            "{n}x{n} at {width}x{height}"
        );
    }
}

#[test]
fn every_size_places_board_panel_and_bar_apart_inside_the_screen() {
    for (rows, cols) in SHAPES {
        let shape = shape(rows, cols);
        for (width, height) in sizes_for(shape) {
            let area = Rect::new(0, 0, width, height);
            let Screen::Fits {
                board, panel, bar, ..
            } = screen(area, shape, 0, false)
            else {
                panic!("{shape} at {width}x{height}");
            };
            for rect in [board, panel, bar] {
                assert_eq!(rect.intersection(area), rect, "{shape} at {width}x{height}");
            }
            assert!(!board.intersects(panel) && !board.intersects(bar) && !panel.intersects(bar));
            assert!(
                panel.width >= 23 && panel.height >= 9,
                "{shape}: panel {panel:?}"
            );
            assert_eq!(bar.y, height - 1);
        }
    }
}

#[test]
fn a_larger_terminal_never_gets_a_smaller_board_and_small_boards_grow() {
    let sizes = [
        (80, 24),
        (100, 30),
        (120, 40),
        (160, 50),
        (200, 60),
        (260, 90),
    ];
    for (rows, cols) in SHAPES {
        let shape = shape(rows, cols);
        let mut last = (0, 0);
        for (width, height) in sizes.into_iter().filter(|&(_, h)| h > 30 || rows < 5) {
            let (board, _, _) = fits(shape, width, height);
            assert!(
                board.width >= last.0 && board.height >= last.1,
                "{shape} at {width}x{height}"
            );
            last = (board.width, board.height);
        }
        // With room to spare, the board takes a good part of the screen.
        let (board, _, _) = fits(shape, 200, 60);
        assert!(board.height * 5 >= 60 * 2, "{shape}: {board:?} at 200x60");
    }
}

#[test]
fn the_panel_goes_below_the_board_on_a_tall_narrow_terminal() {
    let nine = shape(3, 3);
    let (board, layout, panel) = fits(nine, 60, 60);
    assert!(panel.y >= board.bottom(), "{board:?} {panel:?}");
    assert!(matches!(layout.notes, NotesView::Slots(s) if s.rows == 3 && s.cols == 3));
}

#[test]
fn the_sizes_the_help_gives_for_slots_are_right() {
    for (rows, cols) in SHAPES {
        let shape = shape(rows, cols);
        for (width, height) in slots_needs(shape) {
            let (_, layout, _) = fits(shape, width, height);
            assert!(
                matches!(layout.notes, NotesView::Slots(_)),
                "{shape} at {width}x{height}"
            );
            // one less in either direction loses this layout
            for (w, h) in [(width - 1, height), (width, height - 1)] {
                if let Screen::Fits {
                    layout: smaller, ..
                } = screen(Rect::new(0, 0, w, h), shape, 0, false)
                {
                    assert_ne!(smaller, layout, "{shape} at {w}x{h}");
                }
            }
        }
    }
}

#[test]
fn ascii_borders_draw_every_line_the_unicode_form_draws() {
    for (rows, cols, width, height) in [
        (3, 3, 80, 24),
        (3, 3, 120, 40),
        (2, 2, 80, 24),
        (4, 4, 200, 60),
        (5, 5, 200, 60),
    ] {
        let shape = shape(rows, cols);
        let (mut unicode, _) = app(shape, Config::default());
        let mut config = Config::default();
        config.settings.ascii_borders = true;
        let (mut ascii, _) = app(shape, config);
        let (u, a) = (
            draw(&mut unicode, width, height),
            draw(&mut ascii, width, height),
        );
        let (board, layout, _) = fits(shape, width, height);
        let mut light = 0;
        for y in 0..board.height {
            for x in 0..board.width {
                let at = (board.x + x, board.y + y);
                let (us, asc) = (u[at].symbol(), a[at].symbol());
                assert!(asc.is_ascii(), "{shape}: {asc} at {at:?}");
                if layout.cell_at(x, y).is_some() {
                    assert_eq!(us, asc, "{shape}: cell text at {at:?}");
                } else {
                    assert_eq!(
                        us == " ",
                        asc == " ",
                        "{shape}: line at {at:?}: '{us}' vs '{asc}'"
                    );
                    if "│─┼".contains(us) {
                        light += 1;
                        assert!(":-+".contains(asc), "{shape}: light line as '{asc}'");
                    }
                }
            }
        }
        assert!(light > 0, "{shape} at {width}x{height} draws light lines");
    }
}

#[test]
fn snapshots_of_notes_at_each_size() {
    for (rows, cols, width, height) in [
        (3, 3, 120, 40),
        (2, 2, 200, 60),
        (3, 4, 120, 40),
        (5, 5, 200, 60),
    ] {
        let shape = shape(rows, cols);
        let (mut app, now) = app(shape, Config::default());
        let n = shape.n();
        let empty = (0..n * n).find(|&c| app.game.value(c) == 0).unwrap();
        app.game.apply(Action::Select(empty), now).unwrap();
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        app.size = (width, height);
        terminal.draw(|frame| app.draw(frame)).unwrap();
        insta::assert_snapshot!(
            format!("notes_{n}x{n}_at_{width}x{height}"),
            terminal.backend()
        );
    }
}
