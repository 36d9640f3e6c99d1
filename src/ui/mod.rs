//! The terminal game. Data flows one way: a terminal event becomes an
//! `Action` (through the key bindings) for `Game::apply`, and the screen is
//! drawn from the resulting state by `App::draw`, which only reads it.

mod app;
mod board;
mod config;
mod dialog;
mod keys;
mod records;
mod terminal;
mod theme;
mod view;

use std::io;
use std::time::Instant;

use crossterm::event;

pub use app::{App, Mode, random_seed};
pub use board::{BoardLayout, BoardView, NotesView};
pub use config::{Config, ConfigError, Settings};
pub use dialog::{DialogOutcome, Field, NewGameForm};
pub use keys::{BadKey, Command, KeyBindings, KeySpec, NoteModifier, value_keys};
pub use records::Records;
pub use terminal::restore;
pub use theme::{BUILTIN_THEMES, Theme, ThemeError};
pub use view::{Screen, format_time, screen};

use crate::engine::{Difficulty, Shape};
use crate::game::Game;

/// What to start the game with.
#[derive(Clone, Debug)]
pub struct Launch {
    pub config: Config,
    pub records: Records,
    pub shape: Shape,
    pub difficulty: Difficulty,
    /// `None` picks a random seed.
    pub seed: Option<u64>,
}

impl Default for Launch {
    fn default() -> Launch {
        Launch {
            config: Config::default(),
            records: Records::default(),
            shape: Shape::for_size(9).expect("9x9 is supported"),
            difficulty: Difficulty::Easy,
            seed: None,
        }
    }
}

/// True when colour should not be used: NO_COLOR is set (no-color.org) or
/// the terminal reports fewer than 8 colours.
pub fn colour_unwanted() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
        || crossterm::style::available_color_count() < 8
}

/// Plays in the terminal until the player quits; returns the records with
/// any new best times. The terminal is restored on every way out.
pub fn run(launch: Launch) -> io::Result<Records> {
    let config = if colour_unwanted() {
        launch.config.without_color()
    } else {
        launch.config
    };
    let now = Instant::now();
    let seed = launch.seed.unwrap_or_else(random_seed);
    let game = Game::generate(launch.shape, launch.difficulty, seed, now);
    let mouse = config.settings.mouse;
    let mut app = App::new(game, config, launch.records, now);
    let signals = terminal::Signals::register()?;
    let mut guard = terminal::TerminalGuard::enter(mouse)?;
    let size = guard.terminal.size()?;
    app.size = (size.width, size.height);
    while app.is_running() && !signals.quit_requested() {
        guard.terminal.draw(|frame| app.draw(frame))?;
        if signals.take_suspend() || app.take_suspend_request() {
            app.pause(Instant::now());
            guard.suspend()?;
            let size = guard.terminal.size()?;
            app.size = (size.width, size.height);
            continue;
        }
        if event::poll(app.time_to_next_tick())? {
            app.handle_event(event::read()?, Instant::now());
        } else {
            app.tick(Instant::now());
        }
    }
    drop(guard);
    Ok(app.records)
}
