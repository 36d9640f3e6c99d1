//! Saved games: one versioned TOML file per slot under `saves/`, the current
//! game in `autosave.toml`. A save holds the whole game (board, notes,
//! undo/redo history, time, mistakes, hints, selection, level and seed), and
//! loading checks that its parts fit together (see `Game`'s deserialisation).

use std::fs;
use std::io;
use std::path::Path;
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use super::document::{Loaded, Versioned, load, store, to_toml_as};
use super::files::{SAVE_LIMIT, human_size};
use super::lock::FileLock;
use super::paths::ConfigDir;
use super::timestamp::unix_secs;
use crate::engine::Shape;
use crate::game::Game;

/// The slot that holds the current game.
pub const AUTOSAVE: &str = "autosave";

/// The longest slot name.
pub const MAX_SLOT_NAME: usize = 40;

/// A game on disk, with when it was saved.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    /// Seconds since the Unix epoch (UTC).
    pub saved_at: u64,
    pub game: Game,
}

impl Versioned for SavedGame {
    /// 2: each undo step is one line (`game::edit_line`), not a table per cell.
    const FORMAT_VERSION: u32 = 3;
    const WHAT: &'static str = "saved game";
    const MAX_BYTES: u64 = SAVE_LIMIT;

    /// Version 1's tables still read as edits, and version 2 lacks only
    /// what version 3 added (cell and note colours, centre marks), which
    /// reads as none, so neither needs a change. (Version 3 is a new number
    /// so that an older tudoku leaves a save with colours untouched rather
    /// than taking its edit lines for damage.)
    fn migrate(_doc: &mut toml::Table, from: u32) -> Result<(), String> {
        match from {
            1 | 2 => Ok(()),
            _ => Err(format!("unknown format_version {from}")),
        }
    }
}

impl SavedGame {
    /// The game as it stands at `now`, stamped with the current date. The
    /// game's clock is settled first so the save holds the time played.
    pub fn capture(game: &mut Game, now: std::time::Instant) -> SavedGame {
        game.settle_clock(now);
        SavedGame {
            saved_at: unix_secs(SystemTime::now()),
            game: game.clone(),
        }
    }

    /// The save file's text for the game as it stands at `now`: what
    /// `capture` then `to_toml` give, without copying the game (its undo
    /// history may hold thousands of moves).
    pub fn toml_of(game: &mut Game, now: std::time::Instant) -> Result<String, String> {
        /// `SavedGame`'s fields, the game borrowed.
        #[derive(Serialize)]
        struct View<'a> {
            saved_at: u64,
            game: &'a Game,
        }
        game.settle_clock(now);
        let text = to_toml_as::<SavedGame>(&View {
            saved_at: unix_secs(SystemTime::now()),
            game,
        })?;
        // never write what the reader refuses (the history's bound keeps
        // every game well inside, so this is a last guard)
        if text.len() as u64 > SAVE_LIMIT {
            return Err(format!(
                "the save would be {}, more than the {} a save may be",
                human_size(text.len() as u64),
                human_size(SAVE_LIMIT)
            ));
        }
        Ok(text)
    }

    pub fn summary(&self) -> Summary {
        let game = &self.game;
        let cells = game.shape().cell_count();
        let givens = game.givens().filled_count();
        Summary {
            shape: game.shape(),
            label: game.label(),
            filled: game.filled_count() - givens,
            to_fill: cells - givens,
            // The clock of a loaded game is stopped, so any instant reads the saved time.
            time: game.elapsed(std::time::Instant::now()),
            saved_at: self.saved_at,
            won: game.is_won(),
        }
    }
}

/// What a slot list shows of a saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub shape: Shape,
    /// The game's level, or its variant (`Game::label`).
    pub label: String,
    /// Cells the player has filled, of `to_fill` empty at the start.
    pub filled: usize,
    pub to_fill: usize,
    pub time: Duration,
    pub saved_at: u64,
    pub won: bool,
}

impl Summary {
    /// Filled share of the cells that were empty at the start, in percent.
    pub fn percent(&self) -> usize {
        (self.filled * 100).checked_div(self.to_fill).unwrap_or(100)
    }
}

/// One slot of the saves directory.
#[derive(Debug)]
pub struct Slot {
    pub name: String,
    /// The summary, or the one line saying why the file cannot be used.
    pub summary: Result<Summary, String>,
}

/// Checks a slot name: 1 to 40 letters, digits, `-` or `_`, so that it is a
/// plain file name everywhere.
pub fn check_slot_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.chars().count() <= MAX_SLOT_NAME
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "'{name}' is not a slot name: use 1 to {MAX_SLOT_NAME} letters, digits, - or _"
        ))
    }
}

/// Every slot in the saves directory (autosave included), newest first.
/// Damaged files are moved aside on the way, like any load.
pub fn list(dir: &ConfigDir) -> io::Result<Vec<Slot>> {
    // never list (and set aside files in) a directory behind a link
    dir.check().map_err(io::Error::other)?;
    let entries = match fs::read_dir(dir.saves_dir()) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut slots = Vec::new();
    for entry in entries {
        let path = entry?.path();
        let Some(name) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".toml"))
        else {
            continue;
        };
        if check_slot_name(name).is_err() || !path.is_file() {
            continue;
        }
        let loaded = load::<SavedGame>(&path);
        let summary = match &loaded {
            Loaded::Ok(saved) => Ok(saved.summary()),
            Loaded::Missing => continue,
            other => Err(other.message(SavedGame::WHAT).unwrap_or_default()),
        };
        slots.push(Slot {
            name: name.to_string(),
            summary,
        });
    }
    slots.sort_by(|a, b| {
        let date = |s: &Slot| s.summary.as_ref().map_or(0, |s| s.saved_at);
        date(b).cmp(&date(a)).then_with(|| a.name.cmp(&b.name))
    });
    Ok(slots)
}

/// Reads a slot.
pub fn load_slot(dir: &ConfigDir, name: &str) -> Loaded<SavedGame> {
    load(&dir.save_file(name))
}

/// Reads the slot a user named, or says in one line why it cannot be had:
/// a bad name, no such slot, or a damaged or newer file.
pub fn load_named(dir: &ConfigDir, name: &str) -> Result<SavedGame, String> {
    check_slot_name(name)?;
    match load_slot(dir, name) {
        Loaded::Ok(saved) => Ok(saved),
        Loaded::Missing => Err(format!("no saved game '{name}' (tudoku saves lists them)")),
        other => Err(other.message(SavedGame::WHAT).unwrap_or_default()),
    }
}

/// Writes a game to a named slot, holding the slot's lock while writing so
/// two instances never write it at once. `autosave` is not a slot one saves
/// to, and a slot that exists is written over only when `replace` says the
/// player agreed to it.
pub fn save_slot(
    dir: &ConfigDir,
    name: &str,
    saved: &SavedGame,
    replace: bool,
) -> Result<(), String> {
    check_slot_name(name)?;
    if name == AUTOSAVE {
        return Err("'autosave' holds the current game; pick another name".to_string());
    }
    let path = dir.save_file(name);
    let _lock = FileLock::try_acquire(&path).map_err(|e| e.to_string())?;
    if !replace && fs::symlink_metadata(&path).is_ok() {
        return Err(format!(
            "slot '{name}' holds a game already; pick another name"
        ));
    }
    refuse_to_overwrite(&path)?;
    store(&path, saved).map_err(|e| write_error(&path, &e))
}

/// Deletes a slot the player chose to delete (after confirming).
pub fn delete_slot(dir: &ConfigDir, name: &str) -> Result<(), String> {
    check_slot_name(name)?;
    let path = dir.save_file(name);
    let _lock = FileLock::try_acquire(&path).map_err(|e| e.to_string())?;
    fs::remove_file(&path).map_err(|e| format!("cannot delete {}: {e}", path.display()))
}

/// A file from a newer tudoku is never overwritten, nor one that could not
/// be read (and could not be moved aside).
pub fn refuse_to_overwrite(path: &Path) -> Result<(), String> {
    match load::<SavedGame>(path) {
        loaded @ (Loaded::Newer { .. } | Loaded::Unreadable { .. }) => {
            Err(loaded.message(SavedGame::WHAT).unwrap_or_default())
        }
        _ => Ok(()),
    }
}

/// One line for a failed write, plain about a full or read-only disk.
pub fn write_error(path: &Path, error: &io::Error) -> String {
    let why = match error.kind() {
        io::ErrorKind::StorageFull => "the disk is full".to_string(),
        io::ErrorKind::ReadOnlyFilesystem => "the disk is read-only".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => error.to_string(),
    };
    format!("cannot write {}: {why}", path.display())
}
