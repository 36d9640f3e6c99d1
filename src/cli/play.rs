//! `tudoku` and `tudoku play`: the game in the terminal. With no arguments
//! it resumes the autosaved game; `play` starts a new one (or loads a slot).

use std::process::ExitCode;

use tudoku::engine::{Difficulty, Shape};
use tudoku::storage::ConfigDir;
use tudoku::ui::{Config, Launch, Start};

use super::generate::parse_size;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Board side: 4, 6, 8, 9, 12, 16 or 25 [default: from config.toml].
    #[arg(long, value_name = "N", conflicts_with_all = ["box_shape", "load"], value_parser = parse_size)]
    pub size: Option<Shape>,
    /// Box shape as RxC, e.g. 3x2 for a 6x6 board with tall boxes.
    #[arg(long = "box", value_name = "RxC", conflicts_with = "load")]
    pub box_shape: Option<Shape>,
    /// easy, medium, hard, expert or extreme [default: from config.toml].
    #[arg(long, value_name = "D", conflicts_with = "load")]
    pub difficulty: Option<Difficulty>,
    /// Seed for the puzzle: the same seed gives the same puzzle.
    #[arg(long, value_name = "S", conflicts_with = "load")]
    pub seed: Option<u64>,
    /// Play the game saved in this slot (`tudoku saves` lists them).
    #[arg(long, value_name = "NAME")]
    pub load: Option<String>,
}

/// Plays: `args` is `None` for a bare `tudoku` (resume).
pub fn run(dir: Option<ConfigDir>, args: Option<&PlayArgs>) -> ExitCode {
    let start = match args {
        None => Start::Resume,
        Some(PlayArgs {
            load: Some(name), ..
        }) => Start::Load(name.clone()),
        Some(args) => Start::New {
            shape: args.box_shape.or(args.size),
            difficulty: args.difficulty,
            seed: args.seed,
        },
    };
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
    match tudoku::ui::run(launch) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tudoku: {e}");
            ExitCode::FAILURE
        }
    }
}
