//! `tudoku saves`: the save slots, newest first, with board, level, progress,
//! play time and date. Damaged files are moved aside and reported on stderr.
//! `--export NAME` prints a slot's puzzle, to share it or to feed it to the
//! other commands.

use std::process::ExitCode;

use tudoku::engine::share_code;
use tudoku::storage::ConfigDir;
use tudoku::storage::saves::{list, load_named};
use tudoku::storage::timestamp;
use tudoku::ui::format_time;

use super::output::Output;

#[derive(clap::Args, Debug)]
pub struct SavesArgs {
    /// Print the puzzle (the givens) of the game in slot NAME as one line,
    /// e.g. `tudoku saves --export autosave | tudoku hint`.
    #[arg(long, value_name = "NAME")]
    pub export: Option<String>,
    /// With --export: print the puzzle's share code (such as 9_1CZ3...,
    /// which `tudoku play CODE` opens) instead of its line.
    #[arg(long, requires = "export")]
    pub code: bool,
}

pub fn run(dir: &ConfigDir, args: &SavesArgs) -> ExitCode {
    match &args.export {
        Some(name) => export(dir, name, args.code),
        None => list_slots(dir),
    }
}

/// Prints the puzzle of slot `name`: its line, or its share code.
fn export(dir: &ConfigDir, name: &str, code: bool) -> ExitCode {
    let saved = match load_named(dir, name) {
        Ok(saved) => saved,
        Err(why) => {
            eprintln!("tudoku: {why}");
            return ExitCode::FAILURE;
        }
    };
    let givens = saved.game.givens();
    let text = if code {
        share_code(givens)
    } else {
        givens.to_string()
    };
    let mut out = Output::new();
    match out.line(&text).and_then(|()| out.finish()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit_code(),
    }
}

/// Prints the table of slots.
fn list_slots(dir: &ConfigDir) -> ExitCode {
    let slots = match list(dir) {
        Ok(slots) => slots,
        Err(e) => {
            eprintln!("tudoku: cannot list {}: {e}", dir.saves_dir().display());
            return ExitCode::FAILURE;
        }
    };
    let mut lines = Vec::new();
    let mut failed = false;
    if slots.is_empty() {
        lines.push("No saved games.".to_string());
    } else {
        lines.push(format!(
            "{:<20} {:<10} {:<8} {:>9} {:>8}  {}",
            "slot", "board", "level", "done", "time", "saved (UTC)"
        ));
    }
    for slot in slots {
        match slot.summary {
            Ok(s) => {
                let done = if s.won {
                    "won".to_string()
                } else {
                    format!("{}/{}", s.filled, s.to_fill)
                };
                lines.push(format!(
                    "{:<20} {:<10} {:<8} {:>9} {:>8}  {}",
                    slot.name,
                    s.shape.board_name(),
                    s.difficulty,
                    done,
                    format_time(s.time),
                    timestamp::display(s.saved_at)
                ));
            }
            Err(why) => {
                failed = true;
                eprintln!("tudoku: {why}");
            }
        }
    }
    let mut out = Output::new();
    match lines
        .iter()
        .try_for_each(|line| out.line(line))
        .and_then(|()| out.finish())
    {
        Ok(()) if failed => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit_code(),
    }
}
