//! UI speed: the first frame (generating a 9x9 puzzle and drawing it), and a
//! key press (state update plus a full redraw into a TestBackend) on 9x9,
//! 16x16 and 25x25 boards (25x25 at 80x24 through the viewport that follows
//! the cursor). Run with `cargo bench --bench ui`.

include!("common/app.rs");

use std::time::{Duration, Instant};

use crate::game::Game;
use crate::storage::stats::Stats;
use crate::ui::{App, Config};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tudoku_engine::{Difficulty, Grid, Shape};

fn first_frame(seed: u64) -> Duration {
    let start = Instant::now();
    let game = Game::generate(Shape::for_size(9).unwrap(), Difficulty::Easy, seed, start);
    let app = App::new(game, Config::default(), Stats::default(), start);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    start.elapsed()
}

/// A game to play: generated for 9x9; for the big boards (whose generation is
/// slow and not what is measured here) a sample puzzle and the 25x25 fixture.
fn board(size: usize, now: Instant) -> Game {
    let shape = Shape::for_size(size).unwrap();
    match size {
        9 => Game::generate(shape, Difficulty::Easy, 3, now),
        16 => sample(
            include_str!("../engine/tests/data/16x16_basic_sample.txt"),
            now,
        ),
        _ => sample(include_str!("../tests/fixtures/25x25.txt"), now),
    }
}

/// A game from the first puzzle line of a file.
fn sample(text: &str, now: Instant) -> Game {
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    Game::from_puzzle(
        Grid::parse(line, None).unwrap(),
        Difficulty::Easy,
        None,
        now,
    )
    .unwrap()
}

/// Mean time of one key press plus redraw, cycling through moves, notes,
/// placements and undo so every press changes state.
fn key_press(size: usize, width: u16, height: u16) -> Duration {
    let now = Instant::now();
    let game = board(size, now);
    let mut app = App::new(game, Config::default(), Stats::default(), now);
    app.size = (width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    app.handle_event(
        Event::Key(KeyEvent::new(KeyCode::F(3), KeyModifiers::NONE)),
        now,
    );
    let keys = [
        KeyCode::Tab,
        KeyCode::Char('1'),
        KeyCode::Char('u'),
        KeyCode::Right,
        KeyCode::Down,
        KeyCode::Char('2'),
        KeyCode::Delete,
    ];
    let presses = 2000;
    let start = Instant::now();
    for i in 0..presses {
        let key = KeyEvent::new(keys[i % keys.len()], KeyModifiers::NONE);
        app.handle_event(Event::Key(key), now);
        terminal.draw(|frame| app.draw(frame)).unwrap();
    }
    start.elapsed() / presses as u32
}

fn main() {
    let mut frames: Vec<Duration> = (0..20).map(first_frame).collect();
    frames.sort();
    println!(
        "first frame (generate 9x9 + draw 80x24): median {:?}, max {:?}",
        frames[frames.len() / 2],
        frames[frames.len() - 1]
    );
    for (size, width, height) in [
        (9, 80, 24),
        (9, 200, 60),
        (9, 200, 75),
        (16, 80, 24),
        (16, 200, 60),
        (25, 80, 24),
        (25, 80, 32),
        (25, 200, 60),
        (25, 200, 75),
    ] {
        println!(
            "key press + full redraw, {size}x{size} at {width}x{height}: {:?}",
            key_press(size, width, height)
        );
    }
}
