//! The current game's file, `saves/autosave.toml`: written after every move
//! and on the way out, by one process at a time. The process that holds its
//! lock writes it; a second tudoku started meanwhile is told which process
//! holds it and plays without autosaving (its game can still go to a named
//! slot). A file from a newer tudoku is never written over, nor one that
//! could not be read and could not be moved aside; a read-only directory
//! still resumes the saved game, which is then played without saving.
//!
//! A move's save is atomic but not waited for on the disk: the new file is in
//! place before the next key is read (so a killed process loses at most the
//! move in flight), and a background thread then syncs it, keeping the game
//! responsive on disks where a sync takes milliseconds. The save on the way
//! out (quit, suspend, a signal) is synced before it returns.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Instant;

use super::atomic::{sync, temporary_affixes, write_atomic, write_atomic_unsynced};
use super::document::{Loaded, Versioned, load, peek};
use super::lifecycle::{spare_name, spare_reusable};
use super::lock::{FileLock, LockError};
use super::paths::ConfigDir;
use super::saves::{AUTOSAVE, SavedGame, write_error};
use crate::game::Game;

/// The autosave of this process.
#[derive(Debug)]
pub struct Autosave {
    path: PathBuf,
    state: State,
    syncer: Option<Syncer>,
}

/// The thread that syncs the file after fast saves; a message asks for one
/// sync, and several waiting messages make one.
#[derive(Debug)]
struct Syncer {
    wake: Sender<()>,
    thread: JoinHandle<()>,
}

impl Syncer {
    fn start(path: PathBuf) -> Option<Syncer> {
        let (wake, asked) = channel::<()>();
        let thread = std::thread::Builder::new()
            .name("autosave-sync".into())
            .spawn(move || {
                while asked.recv().is_ok() {
                    while asked.try_recv().is_ok() {}
                    // a failure shows at the next synced save
                    let _ = sync(&path);
                }
            })
            .ok()?;
        Some(Syncer { wake, thread })
    }
}

impl Drop for Autosave {
    fn drop(&mut self) {
        if let Some(Syncer { wake, thread }) = self.syncer.take() {
            drop(wake);
            let _ = thread.join();
        }
    }
}

#[derive(Debug)]
enum State {
    /// This process writes the file; `failing` says why the last write failed.
    On {
        _lock: FileLock,
        failing: Option<String>,
    },
    /// Not written, for the reason given; still read.
    Off(String),
    /// Not written yet because the lock could not be made (a full disk,
    /// say): tried again before every save, so saving comes back once
    /// there is room.
    Waiting(String),
    /// Another tudoku holds it: neither read nor written.
    Held(String),
}

/// How many spare autosaves (`autosave-2`…) are tried before giving up.
const MAX_SPARES: usize = 99;

/// A save not yet on disk, for the panic hook to try once more.
struct Pending {
    path: PathBuf,
    text: String,
}

static PENDING: Mutex<Option<Pending>> = Mutex::new(None);

impl Autosave {
    /// Takes the autosave for this process, unless another tudoku holds it.
    pub fn open(dir: &ConfigDir) -> Autosave {
        Autosave::open_at(dir.save_file(AUTOSAVE))
    }

    /// A slot of its own for a game played while another tudoku holds the
    /// autosave: `autosave-2`, `autosave-3`… the first that is not held and
    /// either does not exist or holds nothing worth keeping (a finished or
    /// untouched game, see `lifecycle::spare_reusable`), so that no game of
    /// either process is written over and spares are reused. When every
    /// spare holds an unfinished game, autosaving is off and says so.
    /// (Such a slot is listed, and loaded, like any other.)
    pub fn open_spare(dir: &ConfigDir) -> Autosave {
        for k in 2..=MAX_SPARES {
            let path = dir.save_file(&spare_name(k));
            let existed = fs::symlink_metadata(&path).is_ok();
            let autosave = Autosave::open_at(path);
            match autosave.state {
                State::Held(_) => continue,
                State::On { .. } if existed && !spare_reusable(&autosave.path) => continue,
                _ => return autosave,
            }
        }
        Autosave {
            path: dir.save_file(&spare_name(MAX_SPARES)),
            state: State::Off(format!(
                "the autosave is in use by another tudoku and {} to {} hold unfinished games: \
                 this game is not autosaved (s saves it to a slot)",
                spare_name(2),
                spare_name(MAX_SPARES)
            )),
            syncer: None,
        }
    }

    fn open_at(path: PathBuf) -> Autosave {
        let state = match FileLock::try_acquire(&path) {
            Ok(lock) => {
                remove_stale_temporaries(&path);
                State::On {
                    _lock: lock,
                    failing: None,
                }
            }
            // the message names the other process
            Err(e @ LockError::Held { .. }) => {
                State::Held(format!("{e}: this game is not autosaved"))
            }
            Err(e) if e.is_read_only() => State::Off(format!(
                "cannot save in {}: it is read-only; play goes on without saving",
                path.parent().unwrap_or(&path).display()
            )),
            // a full disk, a planted link or other trouble at the lock
            // file: tried again on every move
            Err(e) => State::Waiting(waiting_line(&e)),
        };
        let syncer = match state {
            State::On { .. } => Syncer::start(path.clone()),
            State::Off(_) | State::Held(_) | State::Waiting(_) => None,
        };
        Autosave {
            path,
            state,
            syncer,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The slot this autosave writes (`autosave`, or a spare's name).
    pub fn slot(&self) -> String {
        self.path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// True when another tudoku holds this file: it is neither read nor
    /// written here (see `peek` to look at its game).
    pub fn is_held(&self) -> bool {
        matches!(self.state, State::Held(_))
    }

    /// The game in a file another tudoku holds, read without moving or
    /// writing anything; `None` unless it is a good save.
    pub fn peek(&self) -> Option<SavedGame> {
        peek::<SavedGame>(&self.path)
    }

    /// Why the game is not being autosaved, if it is not.
    pub fn trouble(&self) -> Option<&str> {
        match &self.state {
            State::On { failing, .. } => failing.as_deref(),
            State::Off(why) | State::Held(why) | State::Waiting(why) => Some(why),
        }
    }

    /// The game to resume. Another process's autosave is left alone
    /// (`Missing`); a newer tudoku's file, or one that could not be read nor
    /// moved aside, turns autosaving off so that it is never written over.
    pub fn load(&mut self) -> Loaded<SavedGame> {
        if matches!(self.state, State::Held(_)) {
            return Loaded::Missing;
        }
        let loaded = load::<SavedGame>(&self.path);
        if let Loaded::Newer { .. } | Loaded::Unreadable { .. } = loaded {
            let why = loaded.message(SavedGame::WHAT).unwrap_or_default();
            self.state = State::Off(format!("{why}: this game is not autosaved"));
        }
        loaded
    }

    /// Stops writing the file for this session, for the reason given (its
    /// game could not be kept elsewhere before another took its place).
    pub fn turn_off(&mut self, why: String) {
        self.state = State::Off(why);
    }

    /// Writes the game as it stands at `now` after a move: in place when
    /// this returns, synced to the disk shortly after. Returns a line for
    /// the player when saving starts to fail or works again (not on every
    /// failed move).
    pub fn save(&mut self, game: &mut Game, now: Instant) -> Option<String> {
        self.write(game, now, false)
    }

    /// Writes the game and waits until it is on the disk (on the way out).
    pub fn save_and_sync(&mut self, game: &mut Game, now: Instant) -> Option<String> {
        self.write(game, now, true)
    }

    fn write(&mut self, game: &mut Game, now: Instant, durable: bool) -> Option<String> {
        if let State::Waiting(why) = &self.state {
            match FileLock::try_acquire(&self.path) {
                Ok(lock) => {
                    remove_stale_temporaries(&self.path);
                    self.state = State::On {
                        _lock: lock,
                        failing: Some(why.clone()),
                    };
                    if self.syncer.is_none() {
                        self.syncer = Syncer::start(self.path.clone());
                    }
                }
                // another tudoku took it meanwhile: its file, not ours
                Err(e @ LockError::Held { .. }) => {
                    let line = format!("{e}: this game is not autosaved");
                    self.state = State::Held(line.clone());
                    return Some(line);
                }
                Err(e) => {
                    let line = waiting_line(&e);
                    let changed = *why != line;
                    self.state = State::Waiting(line.clone());
                    return changed.then_some(line);
                }
            }
        }
        let State::On { failing, .. } = &mut self.state else {
            return None;
        };
        let result = match SavedGame::toml_of(game, now) {
            Ok(text) => write_pending(
                Pending {
                    path: self.path.clone(),
                    text,
                },
                durable,
            )
            .map_err(|e| write_error(&self.path, &e)),
            Err(e) => Err(format!("cannot write the {}: {e}", SavedGame::WHAT)),
        };
        if result.is_ok()
            && !durable
            && let Some(syncer) = &self.syncer
        {
            let _ = syncer.wake.send(());
        }
        match (result, failing.is_some()) {
            (Ok(()), false) => None,
            (Ok(()), true) => {
                *failing = None;
                Some("Autosave works again.".to_string())
            }
            (Err(why), was_failing) => {
                let line = format!("{why}; play goes on without autosave");
                let changed = failing.as_deref() != Some(line.as_str());
                *failing = Some(line.clone());
                (changed || !was_failing).then_some(line)
            }
        }
    }
}

/// The line for an autosave whose lock could not be made, tried again on
/// every move.
fn waiting_line(error: &LockError) -> String {
    format!("{error}; autosave is tried again on every move")
}

/// Writes a save, keeping it for the panic hook until it is on disk.
fn write_pending(pending: Pending, durable: bool) -> std::io::Result<()> {
    let mut slot = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
    let write = if durable {
        write_atomic
    } else {
        write_atomic_unsynced
    };
    let result = write(&pending.path, pending.text.as_bytes());
    *slot = result.is_err().then_some(pending);
    result
}

/// For the panic hook: one more try at a save whose write failed. (The game
/// is saved after every move, so the last good state is normally on disk
/// already; the state at the panic itself is not trusted.)
pub fn write_pending_on_panic() {
    if let Ok(mut slot) = PENDING.try_lock()
        && let Some(pending) = slot.take()
    {
        let _ = write_atomic(&pending.path, pending.text.as_bytes());
    }
}

/// Temporary files a killed writer of this autosave left behind (only the
/// lock holder writes it, so none of them is in use).
fn remove_stale_temporaries(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let (prefix, suffix) = temporary_affixes(&name.to_string_lossy());
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(&prefix) && name.ends_with(suffix) {
            // a link is removed as a link, never followed
            let _ = fs::remove_file(entry.path());
        }
    }
}
