//! Which game is current, and where an unfinished game goes when another
//! takes its place: the one owner of those rules. README's "The current game
//! and kept games" states them for players; in short:
//!
//! - The current game is the one in `autosave` (or, while another tudoku
//!   holds that, in a spare `autosave-N` of this process).
//! - Whenever another game is about to take its place (a bare `tudoku` after
//!   a win, every form of `tudoku play`, a new game or a loaded slot in the
//!   game), an unfinished game with progress is first kept in a slot of its
//!   own, named from board, level and the time, with a counter added when
//!   that name is taken; the player is told where in one line.
//! - A kept game never replaces another file: the name is claimed under the
//!   slot's lock, and a name that exists is never written by `keep`.
//! - Spare autosaves whose game is finished or untouched are reused before a
//!   new spare name is taken.

use std::time::{Instant, SystemTime};

use super::document::{Loaded, Versioned, peek, store};
use super::lock::{FileLock, LockError};
use super::paths::ConfigDir;
use super::saves::{AUTOSAVE, MAX_SLOT_NAME, SavedGame, write_error};
use super::timestamp::file_stamp;
use crate::game::Game;

/// True when losing this game would lose the player's work: it is not won
/// and the player changed something (an undo history, on either side).
pub fn worth_keeping(game: &Game) -> bool {
    !game.is_won() && (game.can_undo() || game.can_redo())
}

/// The base of a kept game's slot name: board, level and the UTC time,
/// `9x9-easy-20261126-105732`. (`keep` adds `-2`, `-3`… when it is taken.)
pub fn kept_name(game: &Game, at: SystemTime) -> String {
    let n = game.shape().n();
    let label = game.label().replace(['+', ' '], "-");
    let mut name = format!("{n}x{n}-{label}-{}", file_stamp(at));
    name.truncate(MAX_SLOT_NAME - 4);
    name
}

/// Keeps `game` in a slot of its own, never over another file, and returns
/// the slot's name. The name is `kept_name`, with a counter when taken.
pub fn keep(dir: &ConfigDir, game: &mut Game, now: Instant) -> Result<String, String> {
    let saved = SavedGame::capture(game, now);
    let base = kept_name(game, SystemTime::now());
    for k in 1..=999u32 {
        let name = if k == 1 {
            base.clone()
        } else {
            format!("{base}-{k}")
        };
        let path = dir.save_file(&name);
        // the lock makes "not there, so ours" one step against other tudokus
        let _lock = match FileLock::try_acquire(&path) {
            Ok(lock) => lock,
            Err(LockError::Held { .. }) => continue,
            Err(e) => return Err(e.to_string()),
        };
        if std::fs::symlink_metadata(&path).is_ok() {
            continue;
        }
        return store(&path, &saved)
            .map(|()| name)
            .map_err(|e| write_error(&path, &e));
    }
    Err(format!("no free slot name starting {base}"))
}

/// One line saying where a kept game went (or why it could not be kept).
pub fn kept_line(result: &Result<String, String>) -> String {
    match result {
        Ok(name) => {
            format!("The unfinished game is kept in slot '{name}' (tudoku play --load {name}).")
        }
        Err(why) => format!("The unfinished game could not be kept: {why}"),
    }
}

/// Before a new game takes the autosave's place: keeps the game in it when
/// it is worth keeping. `Ok` holds the line to tell the player, if any;
/// `Err` the line saying it could not be kept (the autosave must then not
/// be written). `loaded` is what reading the autosave found.
pub fn make_way(
    dir: &ConfigDir,
    loaded: Loaded<SavedGame>,
    now: Instant,
) -> Result<Option<String>, String> {
    match loaded {
        Loaded::Ok(mut saved) if worth_keeping(&saved.game) => {
            let kept = keep(dir, &mut saved.game, now);
            let line = kept_line(&kept);
            kept.map(|_| Some(line.clone())).map_err(|_| line)
        }
        // a damaged file was moved aside, and is kept there
        loaded @ Loaded::MovedAside { .. } => Ok(loaded.message(SavedGame::WHAT)),
        // a newer or unreadable file is left alone, the autosave turned off
        // (its own notice says so)
        _ => Ok(None),
    }
}

/// Whether an existing spare autosave (`autosave-N`, not held) may be
/// reused: nothing of the player's would be lost by writing over it.
pub fn spare_reusable(path: &std::path::Path) -> bool {
    match peek::<SavedGame>(path) {
        Some(saved) => !worth_keeping(&saved.game),
        None => false,
    }
}

/// The names of spare autosaves, `autosave-2` onwards.
pub fn spare_name(k: usize) -> String {
    format!("{AUTOSAVE}-{k}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action;

    fn game() -> Game {
        let puzzle = crate::engine::Grid::parse("1234341221434.21", None).unwrap();
        let mut game = Game::from_entered(puzzle, Instant::now()).unwrap();
        game.apply(Action::Select(0), Instant::now()).unwrap();
        game
    }

    #[test]
    fn an_untouched_or_won_game_is_not_worth_keeping() {
        let mut g = game();
        assert!(!worth_keeping(&g));
        g.apply(Action::Select(13), Instant::now()).unwrap();
        g.apply(Action::ToggleNote(1), Instant::now()).unwrap();
        assert!(worth_keeping(&g));
        g.apply(Action::Place(3), Instant::now()).unwrap();
        assert!(g.is_won());
        assert!(!worth_keeping(&g));
    }

    #[test]
    fn kept_games_never_share_a_slot() {
        let dir = tempfile::tempdir().unwrap();
        let dir = ConfigDir::at(dir.path());
        let mut names = Vec::new();
        for _ in 0..5 {
            let mut g = game();
            names.push(keep(&dir, &mut g, Instant::now()).unwrap());
        }
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 5, "{names:?}");
        for name in &names {
            assert!(name.len() <= MAX_SLOT_NAME, "{name}");
            super::super::saves::check_slot_name(name).unwrap();
            assert!(super::super::saves::load_named(&dir, name).is_ok());
        }
    }
}
