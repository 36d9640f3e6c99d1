//! What the screen shows, drawn into ratatui's TestBackend: insta snapshots of
//! whole screens (reviewed by eye once) and explicit checks of single cells'
//! text and style for the things a snapshot cannot see (colours, highlights).

use std::time::{Duration, Instant};

use super::support::{
    self, PUZZLE_25, PUZZLES_6, PUZZLES_9, PUZZLES_16, app_on, first_line, game_on, press,
};
use crate::game::{Action, Hint};
use crate::ui::{App, BoardLayout, Config, NotesView, Screen, screen};
use crossterm::event::{Event, KeyCode, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use tudoku_engine::{Difficulty, Shape};

const PUZZLE_4: &str = "1.3..4.22.4..3.1";

fn app_for(line: &str, config: Config) -> (App, Instant) {
    let now = Instant::now();
    let game = game_on(line, Difficulty::Medium, Some(7), now);
    (app_on(game, config, now), now)
}

/// A 25x25 game from the fixture (a pattern grid with a third of it blank).
fn app_25() -> (App, Instant) {
    app_for(first_line(PUZZLE_25), Config::default())
}

/// A frame drawn as `support::draw` does, kept in its terminal for the
/// snapshots.
fn draw(app: &mut App, width: u16, height: u16) -> Terminal<TestBackend> {
    app.size = (width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    terminal
}

fn text(terminal: &Terminal<TestBackend>) -> String {
    support::text(terminal.backend().buffer())
}

/// The board's rectangle and layout on a screen of this size.
fn board_of(app: &App, width: u16, height: u16) -> (Rect, BoardLayout) {
    match app.screen_in(Rect::new(0, 0, width, height)) {
        Screen::Fits { board, layout, .. } => (board, layout),
        Screen::TooSmall { .. } => panic!("board does not fit"),
    }
}

/// Screen position of the middle of a cell (where its value is drawn).
fn cell_center(app: &App, width: u16, height: u16, cell: usize) -> (u16, u16) {
    let (board, layout) = board_of(app, width, height);
    let mut hit = None;
    for y in 0..board.height {
        for x in 0..board.width {
            if layout.cell_at(x, y) == Some(cell) && hit.is_none() {
                hit = Some((x, y));
            }
        }
    }
    let (x0, y0) = hit.unwrap();
    let (mut x1, mut y1) = (x0, y0);
    while layout.cell_at(x1 + 1, y0) == Some(cell) {
        x1 += 1;
    }
    while layout.cell_at(x0, y1 + 1) == Some(cell) {
        y1 += 1;
    }
    let w = x1 - x0 + 1;
    let h = y1 - y0 + 1;
    // the value sits in the middle, or just above it in a cell of even height
    (board.x + x0 + w / 2, board.y + y0 + (h - 1) / 2)
}

#[test]
fn nine_by_nine_fits_80x24_with_notes_in_slots() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!(terminal.backend());
    assert!(matches!(
        board_of(&app, 80, 24).1.notes,
        NotesView::Slots(_)
    ));
    press(&mut app, KeyCode::F(3), now);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("nine_notes_80x24", terminal.backend());
}

#[test]
fn nine_by_nine_notes_grid_when_large() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    press(&mut app, KeyCode::F(3), now);
    let terminal = draw(&mut app, 120, 45);
    insta::assert_snapshot!(terminal.backend());
    // A 3x3 mini-grid with a space between digits: digit d at row (d-1)/3,
    // column (d-1)%3, around the middle of the cell.
    let cell = (0..81).find(|&c| app.game.value(c) == 0).unwrap();
    let (cx, cy) = cell_center(&app, 120, 45, cell);
    let buf = terminal.backend().buffer();
    for d in 1..=9u8 {
        let x = cx - 2 + (d - 1) as u16 % 3 * 2;
        let y = cy - 1 + (d - 1) as u16 / 3;
        let expected = if app.game.notes(cell).contains(d) {
            d.to_string()
        } else {
            " ".to_string()
        };
        assert_eq!(buf[(x, y)].symbol(), expected, "digit {d}");
    }
}

#[test]
fn four_by_four_with_notes() {
    let (mut app, now) = app_for(PUZZLE_4, Config::default());
    press(&mut app, KeyCode::F(3), now);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn six_by_six_with_notes() {
    let (mut app, now) = app_for(first_line(PUZZLES_6), Config::default());
    press(&mut app, KeyCode::F(3), now);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn sixteen_by_sixteen_in_80x24_and_large() {
    let (mut app, now) = app_for(first_line(PUZZLES_16), Config::default());
    press(&mut app, KeyCode::Char('a'), now);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("sixteen_80x24", terminal.backend());
    let terminal = draw(&mut app, 200, 60);
    insta::assert_snapshot!("sixteen_200x60", terminal.backend());
}

#[test]
fn highlights_follow_the_selected_digit_and_units() {
    let config = Config::default();
    let theme = config.theme.clone();
    let (mut app, now) = app_for(first_line(PUZZLES_9), config);
    let selected = (0..81).find(|&c| app.game.is_given(c)).unwrap();
    app.game.apply(Action::Select(selected), now).unwrap();
    let digit = app.game.value(selected);
    let terminal = draw(&mut app, 80, 24);
    let buf = terminal.backend().buffer();
    let g = app.game.geometry();
    for cell in 0..81 {
        let (x, y) = cell_center(&app, 80, 24, cell);
        let bg = buf[(x, y)].bg;
        if cell == selected {
            assert_eq!(bg, theme.selected.bg.unwrap(), "selected");
        } else if app.game.value(cell) == digit {
            assert_eq!(bg, theme.same_digit.bg.unwrap(), "same digit at {cell}");
        } else if g.sees(cell, selected) {
            assert_eq!(bg, theme.peer.bg.unwrap(), "peer {cell}");
        } else {
            assert_eq!(bg, Color::Reset, "plain {cell}");
        }
        if app.game.is_given(cell) && cell != selected {
            assert!(
                buf[(x, y)].modifier.contains(Modifier::BOLD),
                "givens are bold"
            );
        }
    }
}

#[test]
fn conflicts_are_marked_with_colour_and_in_mono_with_markers() {
    for config in [Config::default(), Config::default().without_color()] {
        let theme = config.theme.clone();
        let (mut app, now) = app_for(first_line(PUZZLES_9), config);
        let g = app.game.geometry();
        let cell = (0..81).find(|&c| app.game.value(c) == 0).unwrap();
        let (peer, digit) = g.peers[cell]
            .iter()
            .map(|&p| (p, app.game.value(p)))
            .find(|&(_, v)| v != 0)
            .unwrap();
        app.game.apply(Action::Select(cell), now).unwrap();
        app.game.apply(Action::Place(digit), now).unwrap();
        let elsewhere = (0..81).find(|&c| c != cell && c != peer).unwrap();
        app.game.apply(Action::Select(elsewhere), now).unwrap();
        let terminal = draw(&mut app, 80, 24);
        let buf = terminal.backend().buffer();
        for c in [cell, peer] {
            let (x, y) = cell_center(&app, 80, 24, c);
            if theme.markers {
                assert_eq!(buf[(x - 1, y)].symbol(), "!");
                assert_eq!(buf[(x + 1, y)].symbol(), "!");
            } else {
                assert_eq!(buf[(x, y)].fg, theme.conflict.fg.unwrap());
            }
        }
    }
}

#[test]
fn mono_uses_no_colour() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default().without_color());
    press(&mut app, KeyCode::F(3), now);
    let terminal = draw(&mut app, 80, 24);
    let buf = terminal.backend().buffer();
    for cell in buf.content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset));
    }
    let (x, y) = cell_center(&app, 80, 24, app.game.selected());
    assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn help_overlay_lists_the_keys() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    press(&mut app, KeyCode::Char('?'), now);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn help_on_25x25_shows_no_letter_keys_for_commands() {
    let (mut app, now) = app_25();
    press(&mut app, KeyCode::F(1), now);
    let terminal = draw(&mut app, 120, 60);
    let screen = text(&terminal);
    assert!(screen.contains("1-9 A-P"));
    let notes_line = screen
        .lines()
        .find(|l| l.contains("notes mode on/off"))
        .unwrap();
    assert!(
        notes_line.contains("F2/Ins") && !notes_line.contains("n/F2"),
        "{notes_line}"
    );
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn paused_hides_the_board() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    press(&mut app, KeyCode::F(7), now);
    let terminal = draw(&mut app, 80, 24);
    let (board, _) = board_of(&app, 80, 24);
    let buf = terminal.backend().buffer();
    // Two rows in the middle say "Paused" and which key resumes.
    let text_rows = [board.y + board.height / 2 - 1, board.y + board.height / 2];
    for y in (board.y..board.bottom()).filter(|y| !text_rows.contains(y)) {
        for x in board.x..board.right() {
            let s = buf[(x, y)].symbol();
            assert!(
                !s.chars().any(|c| c.is_ascii_digit()),
                "a digit shows at {x},{y}"
            );
        }
    }
    assert!(text(&terminal).contains("Paused"));
}

#[test]
fn win_screen_shows_time_mistakes_hints_and_best() {
    let (mut app, start) = app_for(first_line(PUZZLES_6), Config::default());
    let done = start + Duration::from_secs(95);
    let empties: Vec<usize> = (0..36).filter(|&c| app.game.value(c) == 0).collect();
    for &cell in &empties {
        app.game.apply(Action::Select(cell), start).unwrap();
        let digit = app.game.solution().get(cell);
        let key = char::from_digit(digit as u32, 10).unwrap();
        press(&mut app, KeyCode::Char(key), done);
    }
    assert!(app.game.is_won());
    let terminal = draw(&mut app, 80, 24);
    let screen = text(&terminal);
    assert!(screen.contains("Solved!"));
    assert!(screen.contains("1:35"));
    assert!(screen.contains("New best time!"));
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn too_small_says_what_it_needs() {
    let (mut app, _) = app_for(first_line(PUZZLES_9), Config::default());
    let terminal = draw(&mut app, 50, 12);
    insta::assert_snapshot!(terminal.backend());
    let need = match app.screen_in(Rect::new(0, 0, 50, 12)) {
        Screen::TooSmall { need } => need,
        Screen::Fits { .. } => panic!("should not fit"),
    };
    assert!(text(&terminal).contains(&format!("{}x{}", need.0, need.1)));
    // The size it asks for is enough.
    let terminal = draw(&mut app, need.0, need.1);
    assert!(!text(&terminal).contains("too small"));
}

#[test]
fn every_size_fits_200x60_and_9x9_fits_80x24() {
    for shape in Shape::all() {
        let fits = screen(Rect::new(0, 0, 200, 60), shape, 0, false);
        assert!(matches!(fits, Screen::Fits { .. }), "{shape}");
    }
    let nine = Shape::for_size(9).unwrap();
    assert!(matches!(
        screen(Rect::new(0, 0, 80, 24), nine, 0, false),
        Screen::Fits { .. }
    ));
}

#[test]
fn ascii_borders_use_only_ascii() {
    let mut config = Config::default();
    config.settings.ascii_borders = true;
    let (mut app, _) = app_for(first_line(PUZZLES_9), config);
    let terminal = draw(&mut app, 80, 24);
    let (board, _) = board_of(&app, 80, 24);
    let buf: &Buffer = terminal.backend().buffer();
    for y in board.y..board.bottom() {
        for x in board.x..board.right() {
            assert!(buf[(x, y)].symbol().is_ascii(), "{x},{y}");
        }
    }
    assert_eq!(buf[(board.x, board.y)].symbol(), "+");
}

#[test]
fn a_click_selects_the_cell_under_it() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    app.size = (80, 24);
    for cell in [0, 40, 80, 17] {
        let (x, y) = cell_center(&app, 80, 24, cell);
        let click = crossterm::event::MouseEvent {
            kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        };
        app.handle_event(Event::Mouse(click), now);
        assert_eq!(app.game.selected(), cell);
    }
}

#[test]
fn new_game_dialog_picks_shape_level_and_seed() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    press(&mut app, KeyCode::F(9), now);
    // Shapes run ..., 2x4, 4x2, 3x3, ...: two steps left of 3x3 is 2x4; the
    // rules stay classic; the level steps right from medium to hard.
    for code in [
        KeyCode::Left,
        KeyCode::Left,
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Right,
        KeyCode::Down,
    ] {
        press(&mut app, code, now);
    }
    for c in "1234".chars() {
        press(&mut app, KeyCode::Char(c), now);
    }
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!(terminal.backend());
    // (the "making a puzzle" screen is checked on a slow game below: an
    // 8x8 puzzle can be ready before Enter's handling ends)
    press(&mut app, KeyCode::Enter, now);
    wait_for_generation(&mut app);
    assert_eq!(app.game.shape(), Shape::new(2, 4).unwrap());
    assert_eq!(app.game.difficulty(), Some(Difficulty::Hard));
    assert_eq!(app.game.seed(), Some(1234));
    let expected =
        crate::game::new_puzzle(Shape::new(2, 4).unwrap(), Difficulty::Hard, 1234).puzzle;
    assert_eq!(app.game.givens(), &expected);
}

/// Ticks the app until the background thread's game arrives (no timing is
/// asserted: it only waits).
fn wait_for_generation(app: &mut App) {
    while generating(app) {
        std::thread::sleep(Duration::from_millis(5));
        app.tick(Instant::now());
    }
}

/// Opens the new-game dialog, types a seed over the current one and starts.
/// A small game may be ready before the key's handling ends (the app takes
/// a finished game at once), so this asserts nothing about the wait.
fn start_new_game(app: &mut App, seed: &str, now: Instant) {
    press(app, KeyCode::F(9), now);
    type_seed_and_start(app, seed, now);
}

/// Starts a 25x25 extreme game, which takes long enough to make (tens of
/// milliseconds even in release) that the keys right after it meet the
/// "making a game" screen.
fn start_slow_game(app: &mut App, seed: &str, now: Instant) {
    press(app, KeyCode::F(9), now);
    let form = |app: &App| match &app.mode {
        crate::ui::Mode::NewGame(form) => (form.shape, form.difficulty),
        _ => panic!("the new-game dialog is open"),
    };
    while form(app).0.n() != 25 {
        press(app, KeyCode::Left, now);
    }
    // past the rules (classic stays) to the level
    press(app, KeyCode::Down, now);
    press(app, KeyCode::Down, now);
    while form(app).1 != Difficulty::Extreme {
        press(app, KeyCode::Right, now);
    }
    press(app, KeyCode::Up, now);
    press(app, KeyCode::Up, now);
    type_seed_and_start(app, seed, now);
    assert!(generating(app));
}

/// From the dialog's first field: down past rules and level to the seed,
/// the seed typed over the current one, Enter.
fn type_seed_and_start(app: &mut App, seed: &str, now: Instant) {
    for _ in 0..3 {
        press(app, KeyCode::Down, now);
    }
    for _ in 0..20 {
        press(app, KeyCode::Backspace, now);
    }
    for c in seed.chars() {
        press(app, KeyCode::Char(c), now);
    }
    press(app, KeyCode::Enter, now);
}

/// True while a new game is being made (the screen says so, Esc cancels).
fn generating(app: &App) -> bool {
    matches!(app.mode, crate::ui::Mode::Generating { .. })
}

#[test]
fn esc_abandons_the_game_being_made() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    let old = app.game.givens().clone();
    start_slow_game(&mut app, "11", now);
    let terminal = draw(&mut app, 80, 24);
    assert!(text(&terminal).contains("Making a 25x25 extreme puzzle"));
    assert!(text(&terminal).contains("Esc cancels"));
    // Keys and ticks go on while the thread works; Esc drops its result.
    press(&mut app, KeyCode::Esc, now);
    assert!(!generating(&app));
    assert_eq!(app.game.givens(), &old, "the current game goes on");
    assert!(
        draw(&mut app, 80, 24)
            .backend()
            .to_string()
            .contains("cancelled")
    );
    // A second game is made; the abandoned one never replaces it.
    start_new_game(&mut app, "22", now);
    wait_for_generation(&mut app);
    app.tick(Instant::now());
    assert_eq!(app.game.seed(), Some(22));
    let shape = app.game.shape();
    let expected = crate::game::new_puzzle(shape, app.game.difficulty().unwrap(), 22).puzzle;
    assert_eq!(app.game.givens(), &expected);
}

#[test]
fn quit_works_while_a_game_is_being_made() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    start_slow_game(&mut app, "33", now);
    press(&mut app, KeyCode::Char('q'), now);
    assert!(!app.is_running());
}

/// The cells drawn with the hint's background, for the hint shown.
fn hint_coloured(app: &mut App) -> Vec<usize> {
    let hint_bg = app.config.theme.hint.bg.unwrap();
    let terminal = draw(app, 80, 24);
    let buf = terminal.backend().buffer();
    (0..81)
        .filter(|&cell| buf[cell_center(app, 80, 24, cell)].bg == hint_bg)
        .collect()
}

#[test]
fn hint_levels_highlight_units_then_cells() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    app.config.settings.highlight_peers = false;
    app.config.settings.highlight_same_digit = false;
    // The selected cell is drawn on top of any highlight, so it is left out.
    press(&mut app, KeyCode::Char('t'), now);
    let Hint::Step { step, .. } = app.game.hint().unwrap().hint.clone() else {
        panic!("a fresh puzzle has no mistakes");
    };
    let g = app.game.geometry();
    let selected = app.game.selected();
    let mut units: Vec<usize> = step
        .houses(g.shape)
        .flat_map(|h| g.units[h.unit(g.shape).unwrap()].clone())
        .collect();
    units.retain(|&c| c != selected);
    units.sort_unstable();
    units.dedup();
    assert_eq!(hint_coloured(&mut app), units, "level 1: the units");
    let first = text(&draw(&mut app, 80, 24));
    press(&mut app, KeyCode::Char('t'), now);
    let mut cells: Vec<usize> = step
        .cells(g.shape)
        .map(|c| g.cell(c.row(), c.col()))
        .collect();
    cells.retain(|&c| c != selected);
    cells.sort_unstable();
    assert_eq!(hint_coloured(&mut app), cells, "level 2: the cells");
    let terminal = draw(&mut app, 80, 24);
    assert_ne!(text(&terminal), first, "the panel shows the new level");
    insta::assert_snapshot!(terminal.backend());
}

/// Notices that do not fit the panel become one line naming their key, and
/// that key shows each of them in full, also after they left the panel.
#[test]
fn notices_that_do_not_fit_are_counted_and_shown_in_full_on_a_key() {
    let (mut app, now) = app_for(first_line(PUZZLES_9), Config::default());
    let notices: Vec<String> = (1..=6)
        .map(|k| format!("/home/player/.config/tudoku/config.toml: settings.key{k} = \"{}\": expected something else; using the default", "x".repeat(k)))
        .collect();
    app.notices = notices.clone();
    let screen = text(&draw(&mut app, 80, 24));
    assert!(
        screen.contains("6 messages about your") && screen.contains("!/F12 shows them"),
        "{screen}"
    );
    assert!(!screen.contains("key1"), "{screen}");

    // one that fits is shown as it is
    app.notices = vec!["saves are read-only".to_string()];
    let screen = text(&draw(&mut app, 80, 24));
    assert!(screen.contains("saves are read-only"), "{screen}");
    assert!(!screen.contains("messages about"), "{screen}");

    app.notices = notices.clone();
    press(&mut app, KeyCode::Char('!'), now);
    let screen = text(&draw(&mut app, 120, 40));
    // the popup's inside, row by row, as one run of words
    let rows: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let top = rows
        .iter()
        .position(|r| r.iter().collect::<String>().contains(" Messages "))
        .expect(&screen);
    let left = rows[top].iter().position(|&c| c == '┏').unwrap();
    let right = rows[top].iter().rposition(|&c| c == '┓').unwrap();
    let inside: String = rows[top + 1..]
        .iter()
        .take_while(|r| r[left] != '┗')
        .map(|r| r[left + 1..right].iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ");
    let inside = inside.split_whitespace().collect::<Vec<_>>().join(" ");
    for notice in &notices {
        assert!(
            inside.contains(notice.as_str()),
            "{notice} missing:\n{screen}"
        );
    }
    press(&mut app, KeyCode::Esc, now);
    assert_eq!(app.mode, crate::ui::Mode::Playing);
}
