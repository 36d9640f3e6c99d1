//! The terminal game. Data flows one way: a terminal event becomes an
//! `Action` (through the key bindings) for `Game::apply`, and the screen is
//! drawn from the resulting state by `App::draw`, which only reads it.

mod ansi_input;
mod app;
mod board;
mod config;
mod dialog;
mod hint_panel;
mod input;
mod keys;
mod layout;
mod messages;
mod overview;
mod pad;
mod race;
mod saves_dialog;
mod seat;
mod shared;
mod signals;
mod stats_table;
mod stream_seat;
mod terminal;
mod theme;
mod time;
mod view;

use std::io;
use std::time::Instant;

pub use app::{App, Disk, random_seed};
pub use config::Config;
pub use dialog::makes;
pub use input::Input;
pub use race::{Rival, Rivals, Standing};
pub use seat::Seat;
pub use shared::{Partner, Partners};
pub use stats_table::stats_lines;
pub use stream_seat::{FromPlayer, StreamSeat, Waker, bounded_size};
pub use terminal::check_terminal;
pub use time::{format_time, local_date};

// What the game's tests (src/tests) reach from outside this module.
#[cfg(test)]
pub use {
    app::Mode,
    dialog::{DialogOutcome, NewGameForm, practised_techniques},
    hint_panel::{HintWindow, hint_rows},
    keys::{Command, KeyBindings, KeySpec},
    layout::{BoardLayout, NotesView, Screen, screen, slots_needs},
    saves_dialog::{SavesDialog, SavesOutcome, SavesStep, SlotRow},
    stream_seat::MAX_SIZE,
    theme::{BUILTIN_THEMES, Theme},
    view::share_commands,
};

use crate::engine::{Difficulty, Shape, Variant, highest_level};
use crate::game::Game;
use crate::storage::saves::{self, SavedGame};
use crate::storage::stats::Stats;
use crate::storage::{ConfigDir, Loaded, Versioned, lifecycle, load};

/// How the game starts.
#[derive(Clone, Debug, Default)]
pub enum Start {
    /// Resume the autosaved game; a new one as the config says when there is
    /// none or it was finished.
    #[default]
    Resume,
    /// A new game; what is `None` comes from the config (the seed: random).
    New {
        shape: Option<Shape>,
        /// Classic, or a variant made without a level.
        variant: Variant,
        difficulty: Option<Difficulty>,
        seed: Option<u64>,
    },
    /// The game saved in a named slot, already read (see `saves::load_named`).
    Load(Box<Game>),
    /// A puzzle the player brought, checked to have exactly one solution
    /// before anything else happens.
    Entered(Box<Game>),
}

/// The start `tudoku play --load NAME` asks for: the game saved in that
/// slot, read now so that a missing or damaged one is reported before the
/// terminal is taken. The autosave is the current game, so loading it is
/// resuming it (and keeps no copy of it).
pub fn load_start(dir: &ConfigDir, name: &str) -> Result<Start, String> {
    if name == saves::AUTOSAVE {
        return Ok(Start::Resume);
    }
    saves::load_named(dir, name).map(|saved| Start::Load(Box::new(saved.game)))
}

/// What to start the game with.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub config: Config,
    /// Problems found reading config.toml, shown when the game starts.
    pub notices: Vec<String>,
    /// Where saves and stats live; `None` plays without any files.
    pub dir: Option<ConfigDir>,
    pub start: Start,
}

/// True when colour should not be used: NO_COLOR is set (no-color.org) or
/// the terminal reports fewer than 8 colours.
pub fn colour_unwanted() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
        || crossterm::style::available_color_count() < 8
}

/// Plays in the terminal until the player quits, autosaving as it goes. The
/// terminal is restored on every way out. Fails before any file is touched
/// when there is no terminal to play in (see `terminal::check_available`),
/// and before the terminal is taken when a slot asked for cannot be loaded.
pub fn run(launch: Launch) -> io::Result<()> {
    check_terminal().map_err(|why| io::Error::new(io::ErrorKind::NotConnected, why))?;
    let mut app = prepare(launch, Instant::now());
    let mouse = app.config.settings.mouse;
    // signals first, so that none finds the terminal taken and unhandled
    let signals = signals::Signals::register()?;
    let mut seat = seat::LocalSeat::take(mouse, &signals)?;
    app.run(&mut seat)
}

/// The App as a launch opens it, without a terminal: the files read, the
/// game chosen (an unfinished game the new one replaces kept in a slot, see
/// `storage::lifecycle`) and saved as the current game. `run` plays it; the
/// tests drive it directly.
pub fn prepare(launch: Launch, now: Instant) -> App {
    let config = if colour_unwanted() {
        launch.config.without_color()
    } else {
        launch.config
    };
    let mut notices = launch.notices;
    let mut disk = launch.dir.map(Disk::open);
    let stats = match &disk {
        Some(disk) => {
            let loaded = load::<Stats>(&disk.dir.stats_file());
            notices.extend(loaded.message(Stats::WHAT));
            loaded.ok().unwrap_or_default()
        }
        None => Stats::default(),
    };
    let (game, begin) = opening(
        launch.start,
        disk.as_mut(),
        &config,
        &stats.solved,
        &mut notices,
        now,
    );
    let mut app = App::new(game, config, stats, now);
    app.notices = notices;
    if let Some(disk) = disk {
        app.attach_disk(disk);
    }
    match begin {
        Begin::New => app.begin_game(),
        Begin::Resumed => app.continue_game(now),
        Begin::InUse => app.open_in_use(),
    }
    app
}

/// How the game on screen begins.
enum Begin {
    New,
    Resumed,
    /// Another tudoku plays the autosaved game: it is shown (read-only, if
    /// it could be read) and the player asks for a view or a new game.
    InUse,
}

/// The game to open with, and how it begins. A start that replaces the
/// current game first makes way for it (`lifecycle::make_way`): an
/// unfinished game in the autosave is kept in a slot, and where it went is
/// one of the notices. Where it could not be kept, the autosave is not
/// written this session, so it stays where it is.
fn opening(
    start: Start,
    disk: Option<&mut Disk>,
    config: &Config,
    solved: &[String],
    notices: &mut Vec<String>,
    now: Instant,
) -> (Game, Begin) {
    let mut new_game = |shape: Option<Shape>,
                        variant: Variant,
                        difficulty: Option<Difficulty>,
                        seed: Option<u64>| {
        let shape = shape.unwrap_or_else(|| config.settings.shape());
        let seed = seed.unwrap_or_else(random_seed);
        if !variant.is_classic() {
            // the board from config.toml may be one the variant is not
            // made on: then 9x9, and the player is told
            let nine = Shape::for_size(9).expect("9x9 is a board");
            let board = if makes(variant, shape) { shape } else { nine };
            match Game::generate_variant(board, variant, seed, now) {
                Ok(game) => {
                    if board != shape {
                        notices.push(format!(
                            "{variant} puzzles are not made on {} so far: playing 9x9.",
                            shape.board_name()
                        ));
                    }
                    return game;
                }
                Err(why) => notices.push(format!("No {variant} puzzle: {why}; playing classic.")),
            }
        }
        let difficulty = difficulty.unwrap_or(config.settings.difficulty);
        let highest = highest_level(shape);
        if difficulty > highest {
            notices.push(format!(
                "No {difficulty} puzzle exists for {}: playing {highest}, the highest it reaches.",
                shape.board_name()
            ));
        }
        Game::generate_fresh(shape, difficulty, seed, solved, now)
    };
    let Some(disk) = disk else {
        return fresh(start, &mut new_game);
    };
    if disk.autosave.is_held() {
        // the other tudoku's game is its own: shown, never replaced
        if let Start::Resume = start {
            let game = match disk.autosave.peek() {
                Some(saved) => saved.game,
                None => new_game(None, Variant::CLASSIC, None, None),
            };
            return (game, Begin::InUse);
        }
        return fresh(start, &mut new_game);
    }
    let loaded = disk.autosave.load();
    if let Start::Resume = start {
        return match loaded {
            Loaded::Ok(saved) if !saved.game.is_won() => (saved.game, Begin::Resumed),
            // a newer tudoku's file, or one left where it is: the
            // autosave's own notice says so, and that it is not written
            Loaded::Newer { .. } | Loaded::Unreadable { .. } => {
                (new_game(None, Variant::CLASSIC, None, None), Begin::New)
            }
            other => {
                let message = other
                    .message(SavedGame::WHAT)
                    .map(|line| format!("{line}; a new game starts"));
                let game = new_game(None, Variant::CLASSIC, None, None);
                notices.extend(message);
                (game, Begin::New)
            }
        };
    }
    let made_way = lifecycle::make_way(&disk.dir, loaded, now);
    if made_way.is_err() {
        disk.autosave.turn_off(format!(
            "this game is not autosaved, so that the unfinished game stays in {}",
            disk.autosave.path().display()
        ));
    }
    let opened = fresh(start, &mut new_game);
    notices.extend(made_way.unwrap_or_else(Some));
    opened
}

/// The game a start other than resuming begins with (a plain resume with
/// nothing to resume starts a new game).
fn fresh(
    start: Start,
    new_game: &mut impl FnMut(Option<Shape>, Variant, Option<Difficulty>, Option<u64>) -> Game,
) -> (Game, Begin) {
    match start {
        Start::Resume => (new_game(None, Variant::CLASSIC, None, None), Begin::New),
        Start::New {
            shape,
            variant,
            difficulty,
            seed,
        } => (new_game(shape, variant, difficulty, seed), Begin::New),
        Start::Load(game) => (*game, Begin::Resumed),
        Start::Entered(game) => (*game, Begin::New),
    }
}
