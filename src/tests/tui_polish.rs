//! Small things a player noticed at 80x24 (issue 26, item 4), one test each:
//! the 12x12 pad in even rows, the board line of 25x25 on one line, slot
//! names and local dates in the slot list, a wrong entry under the cursor,
//! help with no board border behind it, the kept slot named in the new-game
//! box, and long hints cut with a way to read them whole.

use std::time::Instant;

use crossterm::event::KeyCode;
use ratatui::style::Color;

use super::support::{self, PUZZLE_25, PUZZLES_9, app_on, draw, game_on, rows, text};
use crate::game::{Action, Game};
use crate::storage::{ConfigDir, saves};
use crate::ui::{App, Config, Disk, Mode, SavesDialog, SlotRow};
use tudoku_engine::{Difficulty, Grid, Shape};

fn app_of(game: Game, config: Config) -> App {
    app_on(game, config, Instant::now())
}

fn nine(config: Config) -> App {
    let game = game_on(PUZZLES_9, Difficulty::Hard, Some(7), Instant::now());
    app_of(game, config)
}

fn press(app: &mut App, code: KeyCode) {
    support::press(app, code, Instant::now());
}

#[test]
fn the_12x12_pad_splits_into_even_rows_at_80x24() {
    let game = Game::generate(
        Shape::new(3, 4).unwrap(),
        Difficulty::Easy,
        3,
        Instant::now(),
    );
    let mut app = app_of(game, Config::default());
    let text = text(&draw(&mut app, 80, 24));
    assert!(text.contains("1  2  3  4  5  6 "), "{text}");
    assert!(text.contains("7  8  9  A  B  C "), "{text}");
}

#[test]
fn the_25x25_board_line_fits_and_the_whole_board_shows_from_80x32() {
    for (w, h) in [(80, 32), (81, 32), (80, 24)] {
        let game = game_on(PUZZLE_25, Difficulty::Easy, None, Instant::now());
        let mut app = app_of(game, Config::default());
        let screen = rows(&draw(&mut app, w, h));
        let board = screen.iter().find(|l| l.contains("Board")).unwrap();
        assert!(board.contains("25x25, box 5x5"), "{w}x{h}: {board}");
        // a viewport names what it shows; the whole board needs no such line
        let viewport = screen.iter().any(|l| l.contains("View "));
        assert_eq!(viewport, h < 32, "{w}x{h}:\n{}", screen.join("\n"));
    }
}

#[test]
fn the_slot_list_shows_whole_names_and_local_dates_at_80_columns() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    let mut app = nine(Config::default());
    let name = "sunday-paper-hard-one-2026";
    let saved = saves::SavedGame::capture(&mut app.game, Instant::now());
    saves::save_slot(&dir, name, &saved, false).unwrap();
    let rows_of: Vec<SlotRow> = saves::list(&dir)
        .unwrap()
        .into_iter()
        .map(SlotRow::from)
        .collect();
    let dialog = SavesDialog::new(rows_of, "x".into());
    app.mode = Mode::Saves(dialog);
    let screen = rows(&draw(&mut app, 80, 24));
    let row = screen
        .iter()
        .find(|l| l.contains("sunday"))
        .unwrap_or_else(|| panic!("{}", screen.join("\n")));
    assert!(row.contains(name), "{row}");
    assert!(row.contains("9x9"), "{row}");
    // the date as the C library's local time shows it (date(1) agrees,
    // see ui::time); on Unix the header no longer says UTC
    #[cfg(unix)]
    {
        assert!(!screen.iter().any(|l| l.contains("(UTC)")));
        let secs = i64::try_from(saved.saved_at).unwrap();
        let local = local_via_date(secs);
        if let Some(local) = local {
            assert!(row.contains(&local), "{row} lacks {local}");
        }
    }
}

/// `YYYY-MM-DD HH:MM` of a moment, from date(1) (GNU form), if it runs.
#[cfg(unix)]
fn local_via_date(secs: i64) -> Option<String> {
    let out = std::process::Command::new("date")
        .args(["-d", &format!("@{secs}"), "+%Y-%m-%d %H:%M"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[test]
fn a_wrong_entry_under_the_cursor_still_shows() {
    let mut config = Config::default();
    config.settings.check_mistakes = true;
    let mut app = nine(config);
    let cell = (0..81).find(|&c| app.game.value(c) == 0).unwrap();
    app.game
        .apply(Action::Select(cell), Instant::now())
        .unwrap();
    let wrong = app.game.solution().get(cell) % 9 + 1;
    press(&mut app, KeyCode::Char(char::from(b'0' + wrong)));
    assert_eq!(app.game.selected(), cell);
    let buf = draw(&mut app, 80, 24);
    let crate::ui::Screen::Fits { board, layout, .. } =
        crate::ui::screen(buf.area, app.game.shape(), cell, app.game.is_outlined())
    else {
        panic!()
    };
    let at = (0..board.height)
        .flat_map(|y| (0..board.width).map(move |x| (x, y)))
        .find(|&(x, y)| {
            layout.cell_at(x, y) == Some(cell)
                && buf[(board.x + x, board.y + y)].symbol() == char::from(b'0' + wrong).to_string()
        })
        .expect("the digit is drawn");
    let (x, y) = (board.x + at.0, board.y + at.1);
    assert_eq!(buf[(x - 1, y)].symbol(), "!");
    assert_eq!(buf[(x + 1, y)].symbol(), "!");
    // the digit takes the warning colour, not the cursor's black
    assert_eq!(buf[(x, y)].fg, Color::Red);
}

#[test]
fn help_leaves_no_board_border_behind_it() {
    let mut app = nine(Config::default());
    let before = text(&draw(&mut app, 80, 24));
    assert!(before.contains('┳'));
    press(&mut app, KeyCode::Char('?'));
    let text = text(&draw(&mut app, 80, 24));
    assert!(text.contains("Keys"));
    for junction in ['┳', '┻', '╋', '┯'] {
        assert!(!text.contains(junction), "{junction}:\n{text}");
    }
}

#[test]
fn the_new_game_box_says_the_old_game_will_be_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let mut app = nine(Config::default());
    app.attach_disk(Disk::open(ConfigDir::at(tmp.path())));
    let cell = (0..81).find(|&c| app.game.value(c) == 0).unwrap();
    app.game
        .apply(Action::Select(cell), Instant::now())
        .unwrap();
    let digit = app.game.solution().get(cell);
    press(&mut app, KeyCode::Char(char::from(b'0' + digit)));
    press(&mut app, KeyCode::F(9));
    press(&mut app, KeyCode::Char('y'));
    assert!(matches!(app.mode, Mode::NewGame(_)));
    // kept once the new game starts (which names the slot), not before
    let kept = "goes to a slot of its own";
    let shown = text(&draw(&mut app, 80, 24));
    assert!(shown.contains(kept), "{shown}");
    // and it stays while the form is edited
    press(&mut app, KeyCode::Right);
    let shown = text(&draw(&mut app, 80, 24));
    assert!(shown.contains(kept), "{shown}");
}

#[test]
fn a_long_hint_is_cut_in_the_panel_and_shown_whole_on_a_key() {
    // play hints on the third puzzle until one runs long (an X-chain)
    let line = PUZZLES_9.lines().nth(2).unwrap();
    let game = Game::from_puzzle(
        Grid::parse(line, None).unwrap(),
        Difficulty::Hard,
        None,
        Instant::now(),
    )
    .unwrap();
    let mut app = app_of(game, Config::default());
    let mut long = None;
    for _ in 0..400 {
        press(&mut app, KeyCode::F(5));
        match app.game.hint_text() {
            Some(text) if text.len() > 180 => {
                long = Some(text);
                break;
            }
            _ if app.game.is_won() => break,
            _ => {}
        }
    }
    let long = long.expect("a long hint on the way");
    let screen = rows(&draw(&mut app, 80, 24));
    let text = screen.join("\n");
    let words_shown = long.split(' ').all(|w| text.contains(w));
    assert!(words_shown || text.contains("more ↓"), "{long}\n{text}");
    // the bar stays the last line, and the panel ends before it
    assert!(screen[23].contains("place"), "{text}");
    press(&mut app, KeyCode::Char('!'));
    let whole = rows(&draw(&mut app, 80, 24)).join(" ");
    let squeezed: String = whole.split_whitespace().collect::<Vec<_>>().join(" ");
    let words: Vec<&str> = long.split(' ').collect();
    assert!(squeezed.contains(&words[..8].join(" ")), "{long}\n{whole}");
}
