//! The App's files: the autosave after every change and on the way out, the
//! stats when a game starts and when it is won, and the save slots behind the
//! dialog. Without a `Disk` (in tests of the screen) the App keeps all of it
//! in memory. Every problem becomes a line on screen; none stops the game.

use std::time::Instant;

use super::store::Disk;
use super::{App, Mode};
use crate::engine::{Difficulty, Shape, Variant};
use crate::game::{Game, solved_key};
use crate::storage::saves::{self, AUTOSAVE, SavedGame};
use crate::storage::stats::{self, Finish, Stats};
use crate::storage::{Autosave, Loaded, Versioned, lifecycle};
use crate::ui::saves_dialog::{SavesDialog, SavesOutcome, SlotRow};

impl App {
    /// Gives the App its files; from then on it saves and records stats.
    pub fn attach_disk(&mut self, disk: Disk) {
        // a held autosave is told of where it matters: the in-use
        // screen, or the spare slot this game goes to
        if let Some(why) = disk.autosave.trouble()
            && !disk.autosave.is_held()
        {
            self.notices.push(why.to_string());
        }
        self.disk = Some(disk);
    }

    /// Why the game is not being autosaved, if it is not (for the panel).
    pub fn autosave_trouble(&self) -> Option<&str> {
        self.disk.as_ref().and_then(|d| d.autosave.trouble())
    }

    /// Writes the autosave if anything changed since the last write (the
    /// disk catches up in the background).
    pub(super) fn autosave_if_changed(&mut self) {
        if self.unsaved {
            self.write_autosave(false);
        }
    }

    /// Writes the autosave now and waits for the disk (quit, suspend, a signal).
    pub fn save_now(&mut self) {
        self.write_autosave(true);
    }

    fn write_autosave(&mut self, durable: bool) {
        self.unsaved = false;
        if self.read_only.is_some() {
            return;
        }
        let Some(disk) = &mut self.disk else {
            return;
        };
        let line = if durable {
            disk.autosave.save_and_sync(&mut self.game, self.now)
        } else {
            disk.autosave.save(&mut self.game, self.now)
        };
        if let Some(line) = line {
            self.message = Some(line);
        }
    }

    /// Applies a change to the stats in memory and, under its lock, on disk.
    fn record_stats(&mut self, change: impl Fn(&mut Stats)) {
        change(&mut self.stats);
        let Some(disk) = &self.disk else {
            return;
        };
        match stats::update(&disk.dir.stats_file(), &change) {
            Ok((on_disk, note)) => {
                self.stats = on_disk;
                if let Some(note) = note {
                    self.notices.push(note);
                }
            }
            Err(why) => self.notices.push(why),
        }
    }

    /// Another tudoku plays the autosaved game: show it behind a question,
    /// look at it read-only or start a new game in a slot of its own.
    pub fn open_in_use(&mut self) {
        let holder = self
            .disk
            .as_ref()
            .and_then(|d| d.autosave.trouble())
            .unwrap_or("the current game is open in another tudoku")
            .to_string();
        self.read_only = Some(holder);
        self.mode = Mode::InUse;
        // shown, not played: a game saved paused is uncovered to be seen
        if self.game.is_paused() {
            let _ = self.game.apply(crate::game::Action::Resume, self.now);
        }
    }

    /// Makes sure the game on screen is saved by this process alone: when
    /// another tudoku holds the autosave, this game goes to a spare slot
    /// (`autosave-2`…) instead, and the player is told which, or why not.
    fn own_autosave(&mut self) {
        self.read_only = None;
        let Some(disk) = &mut self.disk else {
            return;
        };
        if disk.autosave.is_held() {
            disk.autosave = Autosave::open_spare(&disk.dir);
            self.notices.push(match disk.autosave.trouble() {
                None => format!(
                    "The autosave is in use by another tudoku: this game is saved in slot '{}'.",
                    disk.autosave.slot()
                ),
                Some(why) => why.to_string(),
            });
        }
    }

    /// The one way a game in play is replaced: the game on screen is kept
    /// in a slot first when it is worth keeping (`storage::lifecycle`), and
    /// the notices say where. `Err` (the line to show) leaves the current
    /// game in place when it could not be kept. A game only looked at is
    /// the other tudoku's, and not kept here.
    pub(super) fn replace_game(&mut self, game: Game) -> Result<(), String> {
        if self.read_only.is_none()
            && lifecycle::worth_keeping(&self.game)
            && let Some(disk) = &self.disk
        {
            let kept = lifecycle::keep(&disk.dir, &mut self.game, self.now);
            let line = lifecycle::kept_line(&kept);
            if kept.is_err() {
                return Err(line);
            }
            self.notices.push(line);
        }
        self.game = game;
        Ok(())
    }

    /// A new game is under way: settings apply, the stats count it, and it
    /// becomes the autosave.
    pub fn begin_game(&mut self) {
        self.own_autosave();
        self.apply_settings();
        let (shape, variant, difficulty) = self.stats_category();
        self.record_stats(|s| s.record_start(shape, variant, difficulty));
        self.unsaved = true;
        self.autosave_if_changed();
    }

    /// The game came from a file: its clock runs again unless it was saved
    /// paused, and it becomes the autosave.
    pub fn continue_game(&mut self, now: Instant) {
        self.own_autosave();
        self.now = now;
        self.apply_settings();
        if !self.game.is_paused() {
            let _ = self.game.apply(crate::game::Action::Resume, now);
        }
        self.mode = Mode::Playing;
        self.check_mistake_limit();
        self.unsaved = true;
        self.autosave_if_changed();
    }

    /// The game was just won: record it and show the win screen.
    pub(super) fn on_win(&mut self) {
        let (shape, variant, difficulty) = self.stats_category();
        let finish = Finish {
            secs: self.game.elapsed(self.now).as_secs(),
            hints: self.game.hints_used(),
            mistakes: self.game.mistakes(),
        };
        let before = self
            .stats
            .get(shape, variant, difficulty)
            .and_then(|c| c.best_secs);
        let key = solved_key(self.game.givens());
        self.record_stats(|s| {
            s.record_finish(shape, variant, difficulty, finish);
            if let Some(key) = &key {
                s.record_solved(key.clone());
            }
        });
        let new_best = before.is_none_or(|best| finish.secs <= best);
        self.mode = Mode::Won { new_best };
    }

    /// The best time of the current game's board, variant and level, in
    /// seconds.
    pub fn best_secs(&self) -> Option<u64> {
        let (shape, variant, difficulty) = self.stats_category();
        self.stats
            .get(shape, variant, difficulty)
            .and_then(|c| c.best_secs)
    }

    /// The stats category the current game counts in.
    fn stats_category(&self) -> (Shape, Variant, Option<Difficulty>) {
        (
            self.game.shape(),
            self.game.variant(),
            self.game.difficulty(),
        )
    }

    pub(super) fn open_saves(&mut self) {
        let Some(disk) = &self.disk else {
            self.message = Some("Saves need a config directory.".to_string());
            return;
        };
        let rows = match saves::list(&disk.dir) {
            Ok(slots) => slots.into_iter().map(SlotRow::from).collect(),
            Err(e) => {
                self.message = Some(format!(
                    "cannot list {}: {e}",
                    disk.dir.saves_dir().display()
                ));
                return;
            }
        };
        let suggested = lifecycle::kept_name(&self.game, std::time::SystemTime::now());
        self.mode = Mode::Saves(SavesDialog::new(rows, suggested));
    }

    pub(super) fn on_saves_outcome(&mut self, outcome: SavesOutcome) {
        let Some(disk) = &self.disk else {
            return;
        };
        let dir = disk.dir.clone();
        match outcome {
            SavesOutcome::Editing => {}
            SavesOutcome::Close => self.mode = Mode::Playing,
            SavesOutcome::Save(ref name) | SavesOutcome::Overwrite(ref name) => {
                let replace = matches!(outcome, SavesOutcome::Overwrite(_));
                let saved = SavedGame::capture(&mut self.game, self.now);
                match saves::save_slot(&dir, name, &saved, replace) {
                    Ok(()) => {
                        self.mode = Mode::Playing;
                        self.message = Some(format!("Saved to slot '{name}'."));
                    }
                    Err(why) => self.dialog_error(why),
                }
            }
            SavesOutcome::Load(name) if name == self.playing_slot() => {
                self.mode = Mode::Playing;
                self.message = Some(format!("Slot '{name}' is the game you are playing."));
            }
            SavesOutcome::Load(name) => match saves::load_slot(&dir, &name) {
                Loaded::Ok(saved) => match self.replace_game(saved.game) {
                    Ok(()) => {
                        self.continue_game(self.now);
                        self.message = Some(format!("Loaded slot '{name}'."));
                    }
                    Err(why) => self.dialog_error(why),
                },
                other => {
                    let why = other
                        .message(SavedGame::WHAT)
                        .unwrap_or_else(|| format!("slot '{name}' is gone"));
                    self.dialog_error(why);
                }
            },
            SavesOutcome::Delete(name) => {
                let result = if name == AUTOSAVE {
                    Err("the autosave holds the current game; it is not deleted".to_string())
                } else {
                    saves::delete_slot(&dir, &name)
                };
                match result {
                    Ok(()) => {
                        self.open_saves();
                        self.message = Some(format!("Deleted slot '{name}'."));
                    }
                    Err(why) => self.dialog_error(why),
                }
            }
        }
    }

    /// The slot this process writes the game on screen to (`autosave`, or
    /// a spare); empty when it writes none.
    pub fn playing_slot(&self) -> String {
        match &self.disk {
            Some(disk) if self.read_only.is_none() && !disk.autosave.is_held() => {
                disk.autosave.slot()
            }
            _ => String::new(),
        }
    }

    /// Shows a problem and lists the slots afresh (a damaged one was moved aside).
    fn dialog_error(&mut self, why: String) {
        self.open_saves();
        self.message = Some(why);
    }
}
