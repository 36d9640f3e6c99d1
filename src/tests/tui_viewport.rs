//! Every board size at 80x24, drawn into ratatui's TestBackend with a move
//! made: the whole board where it fits, else a viewport of whole boxes that
//! follows the cursor, with row, column and box numbers, and an overview.
//! Where a cell is on screen is found through `cell_at` (a click's mapping);
//! what must be there comes from the game (its solution and givens).

use std::time::Instant;

use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::support::{self, PUZZLE_25, app_on, draw, game_on, text};
use crate::game::Game;
use crate::ui::{App, Config, Screen, screen};
use tudoku_engine::symbol;
use tudoku_engine::{Difficulty, Shape};

/// The seven shapes of the issue, as box rows x box columns.
const SHAPES: [(usize, usize); 7] = [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)];

fn app(shape: Shape) -> App {
    let now = Instant::now();
    let game = match shape.n() {
        25 => game_on(PUZZLE_25, Difficulty::Easy, None, now),
        _ => Game::generate(shape, Difficulty::Easy, 7, now),
    };
    app_on(game, Config::default(), now)
}

fn press(app: &mut App, code: KeyCode) {
    support::press(app, code, Instant::now());
}

/// The characters drawn inside a cell, found through `cell_at`.
fn cell_text(app: &App, buf: &Buffer, cell: usize) -> Option<String> {
    let Screen::Fits { board, layout, .. } = app.screen_in(buf.area) else {
        return None;
    };
    let mut inside = String::new();
    for y in 0..board.height {
        for x in 0..board.width {
            if layout.cell_at(x, y) == Some(cell) {
                inside.push_str(buf[(board.x + x, board.y + y)].symbol());
            }
        }
    }
    (!inside.is_empty()).then_some(inside)
}

/// Moves to the next empty cell and types its solution digit.
fn make_a_move(app: &mut App) -> (usize, u8) {
    press(app, KeyCode::Tab);
    let cell = app.game.selected();
    assert_eq!(app.game.value(cell), 0);
    let digit = app.game.solution().get(cell);
    press(app, KeyCode::Char(symbol(digit).to_ascii_lowercase()));
    assert_eq!(app.game.value(cell), digit);
    (cell, digit)
}

#[test]
fn every_size_plays_at_80x24() {
    for (rows, cols) in SHAPES {
        let shape = Shape::new(rows, cols).unwrap();
        let n = shape.n();
        let mut app = app(shape);
        let (cell, digit) = make_a_move(&mut app);
        let buf = draw(&mut app, 80, 24);
        let screen_text = text(&buf);
        println!("{shape} at 80x24:\n{screen_text}");
        assert!(
            !screen_text.contains("too small"),
            "{shape}:\n{screen_text}"
        );
        let shown = cell_text(&app, &buf, cell)
            .unwrap_or_else(|| panic!("{shape}: r{}c{} not on screen", cell / n + 1, cell % n + 1));
        assert!(
            shown.contains(symbol(digit)),
            "{shape}: {shown:?} lacks {}",
            symbol(digit)
        );
        let filled = app.game.givens().filled_count() + 1;
        assert!(
            screen_text.contains(&format!("{filled}/{}", n * n)),
            "{shape}:\n{screen_text}"
        );
        // nothing is cut at the right edge: the last column is blank or
        // a line of the board, never a letter of the panel cut short
        for y in 0..24 {
            let last = buf[(79, y)].symbol();
            assert!(
                last == " " || !last.chars().all(char::is_alphanumeric),
                "{shape}: row {y} runs to the edge:\n{screen_text}"
            );
        }
    }
}

/// The rows and columns labelled on a viewport: row numbers at the left of
/// the board, column numbers in its first line.
fn labels(app: &App, buf: &Buffer) -> (Vec<usize>, Vec<usize>, String) {
    let Screen::Fits { board, layout, .. } = app.screen_in(buf.area) else {
        panic!("no board");
    };
    assert!(layout.is_viewport());
    let numbers = |s: String| -> Vec<usize> {
        s.split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect()
    };
    let left: String = (board.y..board.bottom())
        .map(|y| {
            format!(
                "{}{} ",
                buf[(board.x, y)].symbol(),
                buf[(board.x + 1, y)].symbol()
            )
        })
        .collect();
    let top: String = (board.x..board.right())
        .map(|x| buf[(x, board.y)].symbol().to_string())
        .collect();
    let all: String = (board.y..board.bottom())
        .flat_map(|y| (board.x..board.right()).map(move |x| (x, y)))
        .map(|(x, y)| buf[(x, y)].symbol().to_string())
        .collect();
    (numbers(left), numbers(top), all)
}

#[test]
fn twenty_five_at_80x24_shows_a_viewport_that_follows_the_cursor() {
    let shape = Shape::new(5, 5).unwrap();
    let mut app = app(shape);
    let buf = draw(&mut app, 80, 24);
    let (rows, cols, board) = labels(&app, &buf);
    // at the top left: rows and columns from 1, box 1 named
    assert_eq!(rows.first(), Some(&1), "{}", text(&buf));
    assert_eq!(cols.first(), Some(&1));
    assert!(rows.len() >= 10 && rows.len() < 25, "{rows:?}");
    assert!(board.contains("b1") && !board.contains("b25"));
    // to the far corner: the labels follow
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::PageDown);
    assert_eq!(app.game.selected(), 624);
    let buf = draw(&mut app, 80, 24);
    let (rows, cols, board) = labels(&app, &buf);
    assert_eq!(rows.last(), Some(&25), "{}", text(&buf));
    assert!(cols.contains(&25) || cols.contains(&24), "{cols:?}");
    assert!(board.contains("b25") && !board.contains("b1 "));
    assert!(cell_text(&app, &buf, 624).is_some());
    assert!(cell_text(&app, &buf, 0).is_none());
    assert!(text(&buf).contains("r25c25 b25"));
    // a move made down there shows
    let (cell, digit) = make_a_move(&mut app);
    let buf = draw(&mut app, 80, 24);
    let shown = cell_text(&app, &buf, cell).unwrap();
    assert!(shown.contains(symbol(digit)), "{shown:?}");
}

#[test]
fn the_overview_shows_every_box_and_moves_a_box_at_a_time() {
    let shape = Shape::new(5, 5).unwrap();
    let mut app = app(shape);
    press(&mut app, KeyCode::Char('='));
    assert!(app.overview);
    let buf = draw(&mut app, 80, 24);
    let screen_text = text(&buf);
    for b in 1..=25 {
        assert!(
            screen_text.contains(&format!("b{b}")),
            "b{b}:\n{screen_text}"
        );
    }
    assert!(screen_text.contains(">b1 "), "{screen_text}");
    // box 1's count is its givens
    let g = app.game.geometry();
    let in_box_1 = (0..625)
        .filter(|&c| g.box_of(c) == 0 && app.game.value(c) != 0)
        .count();
    assert!(screen_text.contains(&format!(" {in_box_1}/25")));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    assert_eq!(app.game.selected(), 5 * 25 + 5);
    let buf = draw(&mut app, 80, 24);
    assert!(text(&buf).contains(">b7"), "{}", text(&buf));
    press(&mut app, KeyCode::Esc);
    assert!(!app.overview);
    let buf = draw(&mut app, 80, 24);
    assert!(cell_text(&app, &buf, 130).is_some());
}

/// The light lines drawn inside the board: (vertical, horizontal) counts.
fn light_lines(app: &mut App, width: u16, height: u16, ascii: bool) -> (usize, usize) {
    let buf = draw(app, width, height);
    let Screen::Fits { board, .. } = app.screen_in(buf.area) else {
        panic!("no board");
    };
    let (v, h) = if ascii { (":", "-") } else { ("│", "─") };
    let mut count = (0, 0);
    for y in board.top()..board.bottom() {
        for x in board.left()..board.right() {
            let s = buf[(x, y)].symbol();
            count.0 += usize::from(s == v);
            count.1 += usize::from(s == h);
        }
    }
    count
}

#[test]
fn small_boards_draw_cell_lines_where_9x9_does_and_grow() {
    for ascii in [false, true] {
        let mut config = Config::default();
        config.settings.ascii_borders = ascii;
        let with = |shape: Shape| {
            let mut app = app(shape);
            app.config = config.clone();
            app
        };
        for (w, h) in [(80, 24), (100, 30), (120, 40), (200, 60)] {
            let nine = light_lines(&mut with(Shape::new(3, 3).unwrap()), w, h, ascii);
            for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)] {
                let shape = Shape::new(rows, cols).unwrap();
                let small = light_lines(&mut with(shape), w, h, ascii);
                assert!(
                    (small.0 > 0 || nine.0 == 0) && (small.1 > 0 || nine.1 == 0),
                    "{shape} at {w}x{h} (ascii {ascii}): {small:?}, 9x9 {nine:?}"
                );
            }
        }
    }
    // and they grow with the terminal, using a good part of it
    for (rows, cols) in [(2, 2), (2, 3), (2, 4)] {
        let shape = Shape::new(rows, cols).unwrap();
        let size = |w, h| match screen(Rect::new(0, 0, w, h), shape, 0, false) {
            Screen::Fits { board, .. } => (board.width, board.height),
            Screen::TooSmall { .. } => panic!("{shape}"),
        };
        let (small, large) = (size(80, 24), size(120, 40));
        assert!(
            large.0 > small.0 && large.1 > small.1,
            "{shape}: {small:?} {large:?}"
        );
        assert!(large.1 >= 30, "{shape} at 120x40: {large:?}");
    }
}

/// README's table of sizes says what the layout chooser does: for each
/// default board, its size on screen (or the viewport) and where the notes
/// go at 80x24, 120x40 and 200x60, and the sizes the notes fit in cells from.
#[test]
fn the_readme_table_of_sizes_is_what_the_game_draws() {
    let readme = include_str!("../../README.md");
    for n in [4, 6, 8, 9, 12, 16, 25] {
        let shape = Shape::for_size(n).unwrap();
        let mut cells = vec![format!("{n}x{n}")];
        for (w, h) in [(80, 24), (120, 40), (200, 60)] {
            let Screen::Fits { board, layout, .. } = screen(Rect::new(0, 0, w, h), shape, 0, false)
            else {
                panic!("{shape} at {w}x{h}");
            };
            let (rows, cols) = layout.shown();
            cells.push(if layout.is_viewport() {
                format!(
                    "viewport of {}x{} boxes ({} rows, {} columns)",
                    rows.len() / shape.box_rows(),
                    cols.len() / shape.box_cols(),
                    rows.len(),
                    cols.len()
                )
            } else {
                let notes = match layout.notes {
                    crate::ui::NotesView::Slots(_) => "notes",
                    crate::ui::NotesView::Compact => "notes in the panel",
                };
                format!("{}x{}, {notes}", board.width, board.height)
            });
        }
        let needs: Vec<String> = crate::ui::slots_needs(shape)
            .iter()
            .map(|(w, h)| format!("{w}x{h}"))
            .collect();
        let needs = match needs.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        cells.push(needs);
        let row = format!("| {} |", cells.join(" | "));
        assert!(readme.contains(&row), "README lacks the row\n{row}");
    }
}

/// Down to the smallest terminal that holds a board, every size draws its
/// board and its overview without a panic.
#[test]
fn small_terminals_draw_the_board_and_the_overview() {
    for (rows, cols) in SHAPES {
        let shape = Shape::new(rows, cols).unwrap();
        let mut app = app(shape);
        for (w, h) in [(30, 10), (40, 15), (50, 20), (60, 18)] {
            for overview in [false, true] {
                app.overview = overview;
                let text = text(&draw(&mut app, w, h));
                assert!(!text.trim().is_empty(), "{shape} at {w}x{h}");
            }
        }
    }
}
