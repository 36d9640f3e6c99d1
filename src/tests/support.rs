//! What the game's tests share: the sample puzzles, a game and the app on
//! one, a key pressed, and a frame drawn into ratatui's `TestBackend` and
//! read back as text.

use std::time::Instant;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

use crate::engine::{Difficulty, Grid};
use crate::game::Game;
use crate::storage::stats::Stats;
use crate::ui::{App, Config};

/// top1465: hard 9x9 puzzles, one a line.
pub const PUZZLES_9: &str = include_str!("../../engine/tests/data/top1465.txt");
/// 6x6 puzzles with 2x3 boxes.
pub const PUZZLES_6: &str = include_str!("../../engine/tests/data/6x6.txt");
/// 16x16 puzzles.
pub const PUZZLES_16: &str = include_str!("../../engine/tests/data/16x16_basic_sample.txt");
/// A 25x25 puzzle: a pattern grid with a third of it blank, after comments.
pub const PUZZLE_25: &str = include_str!("../../tests/fixtures/25x25.txt");

/// The first puzzle of a file's text: its first line that is not a comment.
pub fn first_line(text: &str) -> &str {
    text.lines().find(|l| !l.starts_with('#')).unwrap()
}

/// A game on the first puzzle of `text`, said to be of `level`, made with
/// `seed` (`None`: typed in, not generated).
pub fn game_on(text: &str, level: Difficulty, seed: Option<u64>, now: Instant) -> Game {
    let givens = Grid::parse(first_line(text), None).unwrap();
    Game::from_puzzle(givens, level, seed, now).unwrap()
}

/// The app playing `game`, with no stats yet.
pub fn app_on(game: Game, config: Config, now: Instant) -> App {
    App::new(game, config, Stats::default(), now)
}

/// A key pressed, with no modifier, at `now`.
pub fn press(app: &mut App, code: KeyCode, now: Instant) {
    app.handle_event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), now);
}

/// The frame the app draws on a `width` x `height` terminal (the app's size
/// too, as a resize would make it).
pub fn draw(app: &mut App, width: u16, height: u16) -> Buffer {
    app.size = (width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    terminal.backend().buffer().clone()
}

/// A frame's rows as text.
pub fn rows(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}

/// A frame as text, its rows a line each.
pub fn text(buf: &Buffer) -> String {
    rows(buf).join("\n")
}
