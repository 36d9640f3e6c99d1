//! `tudoku saves`: the save slots, newest first, with board, level, progress,
//! play time and date (in local time, as `ls -l` shows a file's). Damaged
//! files are moved aside and reported on stderr. `--export NAME` prints a
//! slot's puzzle, to share it or to feed it to the other commands.

use std::process::ExitCode;

use crate::storage::ConfigDir;
use crate::storage::saves::{check_slot_name, list, load_named};
use crate::ui::{format_time, local_date};
use tudoku_engine::share_code;

use super::json::Object;
use super::output::{Output, Report};

#[derive(clap::Args, Debug)]
pub struct SavesArgs {
    /// Print the puzzle (the givens) of the game in slot NAME as one line,
    /// e.g. `tudoku saves --export autosave | tudoku hint`.
    #[arg(long, value_name = "NAME")]
    pub export: Option<String>,
    /// The slots' names alone, one per line, for the shell completions of
    /// `play --load`: quiet, never fails.
    #[arg(long, hide = true, conflicts_with = "export")]
    pub names: bool,
    /// With --export: print the puzzle's share code (such as 9_1CZ3...,
    /// which `tudoku play CODE` opens) instead of its line.
    #[arg(long, requires = "export")]
    pub code: bool,
}

pub fn run(dir: &ConfigDir, args: &SavesArgs, report: &Report) -> ExitCode {
    match &args.export {
        Some(name) => export(dir, name, args.code, report),
        None if args.names => names(dir),
        None => list_slots(dir, report),
    }
}

/// Prints the slot names, sorted, and nothing else, whatever is wrong. The
/// files are not opened (a completion must be quick and change nothing):
/// a damaged slot is named here and found damaged when loaded.
fn names(dir: &ConfigDir) -> ExitCode {
    let mut names: Vec<String> = std::fs::read_dir(dir.saves_dir())
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            let slot = name.strip_suffix(".toml")?;
            check_slot_name(slot).is_ok().then(|| slot.to_string())
        })
        .collect();
    names.sort();
    let mut out = Output::new();
    for name in &names {
        if out.line(name).is_err() {
            break;
        }
    }
    let _ = out.finish();
    ExitCode::SUCCESS
}

/// Prints the puzzle of slot `name`: its line, or its share code.
fn export(dir: &ConfigDir, name: &str, code: bool, report: &Report) -> ExitCode {
    // a name no slot can have is bad usage, not a missing slot
    if let Err(why) = check_slot_name(name) {
        eprintln!("tudoku: {why}");
        return ExitCode::from(2);
    }
    let saved = match load_named(dir, name) {
        Ok(saved) => saved,
        Err(why) => {
            eprintln!("tudoku: {why}");
            return ExitCode::FAILURE;
        }
    };
    let givens = saved.game.givens();
    let (field, text) = if code {
        ("code", share_code(givens))
    } else {
        ("puzzle", givens.to_string())
    };
    let line = if report.json() {
        Object::new().str("slot", name).str(field, &text).line()
    } else {
        text
    };
    let mut out = Output::for_report(report);
    match out.line(&line).and_then(|()| out.finish()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit_code(),
    }
}

/// Prints the table of slots.
fn list_slots(dir: &ConfigDir, report: &Report) -> ExitCode {
    let slots = match list(dir) {
        Ok(slots) => slots,
        Err(e) => {
            eprintln!("tudoku: cannot list {}: {e}", dir.saves_dir().display());
            return ExitCode::FAILURE;
        }
    };
    let mut lines = Vec::new();
    let mut failed = false;
    // in UTC only where the local zone is not known, and then the header
    // says so
    let local = slots
        .iter()
        .filter_map(|slot| slot.summary.as_ref().ok())
        .all(|s| local_date(s.saved_at).1);
    if report.json() {
        // one object per slot, and none for no slots
    } else if slots.is_empty() {
        lines.push("No saved games.".to_string());
    } else {
        lines.push(format!(
            "{:<20} {:<10} {:<8} {:>9} {:>8}  {}",
            "slot",
            "board",
            "level",
            "done",
            "time",
            if local { "saved" } else { "saved (UTC)" }
        ));
    }
    for slot in slots {
        match slot.summary {
            Ok(s) => {
                if report.json() {
                    lines.push(
                        Object::new()
                            .str("slot", &slot.name)
                            .str("board", &s.shape.board_name())
                            .str("box", &s.shape.to_string())
                            .str("level", &s.label)
                            .num("filled", s.filled as u64)
                            .num("to_fill", s.to_fill as u64)
                            .bool("won", s.won)
                            .num("time_secs", s.time.as_secs())
                            .num("saved_at", s.saved_at)
                            .line(),
                    );
                    continue;
                }
                let done = if s.won {
                    "won".to_string()
                } else {
                    format!("{}/{}", s.filled, s.to_fill)
                };
                lines.push(format!(
                    "{:<20} {:<10} {:<8} {:>9} {:>8}  {}",
                    slot.name,
                    s.shape.board_name(),
                    s.label,
                    done,
                    format_time(s.time),
                    local_date(s.saved_at).0
                ));
            }
            Err(why) => {
                failed = true;
                eprintln!("tudoku: {why}");
            }
        }
    }
    let mut out = Output::for_report(report);
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
