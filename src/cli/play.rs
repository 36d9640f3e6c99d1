//! `tudoku` and `tudoku play`: the game in the terminal. With no arguments
//! it resumes the autosaved game; `play` starts a new one, loads a slot, or
//! plays a puzzle the player brings (a newspaper's, typed in or in a file).

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Instant, SystemTime};

use crate::game::Game;
use crate::storage::ConfigDir;
use crate::storage::saves::check_slot_name;
use crate::storage::timestamp::date_number;
use crate::ui::{Config, Launch, Start, makes};
use tudoku_engine::{
    Difficulty, Grid, Shape, Variant, from_share_code, is_share_code, parse_puzzles,
};

use super::input::read_input;
use super::values;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Board side: 4, 6, 8, 9, 12, 16 or 25 [default: from config.toml].
    #[arg(long, short, value_name = "N", conflicts_with_all = ["box_shape", "load"], value_parser = values::size())]
    pub size: Option<Shape>,
    /// Box shape as RxC, e.g. 3x2 for a 6x6 board with tall boxes.
    #[arg(long = "box", short = 'b', value_name = "RxC", conflicts_with = "load", value_parser = values::box_shape())]
    pub box_shape: Option<Shape>,
    /// easy, medium, hard, expert or extreme [default: from config.toml].
    #[arg(long, short, value_name = "D", conflicts_with = "load", ignore_case = true, value_parser = values::difficulty())]
    pub difficulty: Option<Difficulty>,
    /// Seed for the puzzle: the same seed gives the same puzzle.
    #[arg(long, value_name = "S", conflicts_with = "load")]
    pub seed: Option<u64>,
    /// classic, x, windoku, jigsaw, jigsaw+x, killer or killer+x (README,
    /// "Variants"); a variant has no level so far.
    #[arg(long, value_name = "V", conflicts_with_all = ["difficulty", "load"], value_parser = values::variant())]
    pub variant: Option<Variant>,
    /// Today's puzzle: the same for everyone on the same UTC day, size,
    /// level and variant (its seed is the date, YYYYMMDD).
    #[arg(long, conflicts_with_all = ["seed", "load"])]
    pub daily: bool,
    /// Play the game saved in this slot (`tudoku saves` lists them).
    #[arg(long, value_name = "NAME")]
    pub load: Option<String>,
    /// A puzzle to play: a file (its first puzzle), the puzzle itself,
    /// e.g. 53..7....6..195... ('.' or 0 for blanks; --box for rectangular
    /// boxes), or a share code such as 9_1CZ3... (^E in the game shows one).
    /// It must have exactly one solution.
    #[arg(
        value_name = "FILE|PUZZLE|CODE",
        conflicts_with_all = ["size", "difficulty", "seed", "daily", "load", "variant"]
    )]
    pub puzzle: Option<String>,
}

/// Plays: `args` is `None` for a bare `tudoku` (resume).
pub fn run(dir: Option<ConfigDir>, args: Option<&PlayArgs>) -> ExitCode {
    // a directory someone else could change is not used at all
    if let Some(Err(why)) = dir.as_ref().map(ConfigDir::check) {
        eprintln!("tudoku: {why}");
        return ExitCode::FAILURE;
    }
    let start = match args {
        None => Start::Resume,
        Some(PlayArgs {
            load: Some(name), ..
        }) => match slot(dir.as_ref(), name) {
            Ok(start) => start,
            Err(why) => {
                eprintln!("tudoku: {why}");
                // a name no slot can have is bad usage, not a missing slot
                let usage = check_slot_name(name).is_err();
                return if usage {
                    ExitCode::from(2)
                } else {
                    ExitCode::FAILURE
                };
            }
        },
        Some(PlayArgs {
            puzzle: Some(source),
            box_shape,
            ..
        }) => match entered(source, *box_shape) {
            Ok(start) => start,
            Err(why) => {
                eprintln!("tudoku: {why}");
                return ExitCode::FAILURE;
            }
        },
        Some(args) => Start::New {
            shape: args.box_shape.or(args.size),
            variant: match (args.variant, args.box_shape.or(args.size)) {
                (Some(variant), Some(shape)) if !makes(variant, shape) => {
                    eprintln!(
                        "tudoku: {variant} puzzles are not made on {} so far (README, \"Variants\", lists the boards)",
                        shape.board_name()
                    );
                    return ExitCode::from(2);
                }
                (variant, _) => variant.unwrap_or(Variant::CLASSIC),
            },
            difficulty: args.difficulty,
            seed: args
                .seed
                .or(args.daily.then(|| date_number(SystemTime::now()))),
        },
    };
    // before any file is read or written: a game with nowhere to show
    // itself must leave the autosave and the stats as they are
    if let Err(why) = crate::ui::check_terminal() {
        eprintln!("tudoku: {why}");
        return ExitCode::from(2);
    }
    let (config, notices) = match &dir {
        Some(dir) => Config::load(&dir.config_file()),
        None => (
            Config::default(),
            vec!["no home directory: playing without saves (pass --config-dir DIR)".to_string()],
        ),
    };
    let launch = Launch {
        config,
        notices,
        dir,
        start,
    };
    match crate::ui::run(launch) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tudoku: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The puzzle named on the command line: the first puzzle of the file when
/// `source` is a file's path, else `source` itself read as a puzzle. Errors
/// say where (file, line, column) and what is wrong.
fn entered(source: &str, shape: Option<Shape>) -> Result<Start, String> {
    // a share code (`9_…`) names its own board; a file of that name wins
    if is_share_code(source) && std::fs::metadata(source).is_err() {
        let puzzle = from_share_code(source).map_err(|e| format!("{source}: {e}"))?;
        return playable(puzzle, "the share code");
    }
    let is_file = match std::fs::metadata(source) {
        // Windows drops the dots that end a name, so a puzzle of dots alone
        // (an empty board) names the current directory: a directory is
        // read as a puzzle when it is one.
        Ok(m) => !m.is_dir() || Grid::parse(source, shape).is_err(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => false,
        // a 25x25 line is too long to be a file name at all (ENAMETOOLONG)
        Err(e) if Grid::parse(source, shape).is_err() => {
            return Err(format!("cannot read {source}: {e}"));
        }
        Err(_) => false,
    };
    if !is_file {
        let puzzle = Grid::parse(source, shape).map_err(|e| {
            format!(
                "{source}: no such file, and not a puzzle either (column {}: {})",
                e.column, e.kind
            )
        })?;
        return playable(puzzle, "the puzzle given");
    }
    let input = read_input(Some(&PathBuf::from(source)))?;
    let (from, text) = (input.name, input.text);
    match parse_puzzles(&text, shape).next() {
        Some(Ok(parsed)) => playable(parsed.grid, &from),
        Some(Err(e)) => Err(format!("{from}:{}:{}: {}", e.line, e.column, e.kind)),
        None => Err(format!("{from}: no puzzle found")),
    }
}

/// The game of a puzzle the player brought, if it has exactly one solution.
fn playable(puzzle: Grid, from: &str) -> Result<Start, String> {
    Game::from_entered(puzzle, Instant::now())
        .map(|game| Start::Entered(Box::new(game)))
        .map_err(|why| format!("{from}: {why}"))
}

/// The game saved in slot `name` (see `ui::load_start`).
fn slot(dir: Option<&ConfigDir>, name: &str) -> Result<Start, String> {
    let dir = dir.ok_or("loading a slot needs a config directory (pass --config-dir DIR)")?;
    crate::ui::load_start(dir, name)
}
