//! Stats per board shape and difficulty: games started and finished, best and
//! average time, win streak, hints used and recent times (for a sparkline).
//! Stored in stats.toml as a versioned document.

use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::{Difficulty, Shape, Variant};

use super::document::{Loaded, Versioned, load, store};
use super::files::STATS_LIMIT;
use super::lock::{FileLock, LockError};
use super::saves::write_error;

/// The most seconds a time field holds: what TOML can write (`i64::MAX`).
/// Sums stop there instead of wrapping or writing a file no reader takes.
const MAX_SECS: u64 = i64::MAX as u64;

/// How many recent finishing times are kept per category.
pub const RECENT_TIMES: usize = 30;

/// How many solved puzzles the stats remember (the most recent): a few years
/// of play, and at most about 0.6 MiB of 25x25 forms, well inside the file's
/// size limit.
pub const SOLVED_KEPT: usize = 1000;

/// The record of one shape, variant and difficulty (`None` is a puzzle the
/// player brought, which has no generated level, or a variant's, which is
/// made without one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    pub shape: Shape,
    /// The rules played; stats from before variants are classic.
    #[serde(default, skip_serializing_if = "is_classic")]
    pub variant: Variant,
    pub difficulty: Option<Difficulty>,
    pub started: u32,
    pub finished: u32,
    /// Best finishing time in seconds.
    pub best_secs: Option<u64>,
    pub total_secs: u64,
    pub hints: u32,
    /// Finished without a mistake or a hint.
    pub perfect: u32,
    /// Games finished in a row since the last abandoned one.
    pub streak: u32,
    pub best_streak: u32,
    /// Games of this category started and not yet finished (several when
    /// two tudokus play at once): a finish takes one, and only a finish
    /// with none under way counts a start of its own (a game begun before
    /// these stats).
    pub under_way: u32,
    /// Most recent finishing times in seconds, oldest first.
    pub recent_secs: Vec<u64>,
}

fn is_classic(variant: &Variant) -> bool {
    variant.is_classic()
}

impl Category {
    fn new(shape: Shape, variant: Variant, difficulty: Option<Difficulty>) -> Category {
        Category {
            shape,
            variant,
            difficulty,
            started: 0,
            finished: 0,
            best_secs: None,
            total_secs: 0,
            hints: 0,
            perfect: 0,
            streak: 0,
            best_streak: 0,
            under_way: 0,
            recent_secs: Vec::new(),
        }
    }

    /// What the category is called beside its board: its level, or its
    /// variant (with the level, once variants have levels).
    pub fn label(&self) -> String {
        match (self.variant.is_classic(), self.difficulty) {
            (true, level) => level_name(level).to_string(),
            (false, None) => self.variant.to_string(),
            (false, Some(level)) => format!("{} {level}", self.variant),
        }
    }

    pub fn average_secs(&self) -> Option<u64> {
        (self.finished > 0).then(|| self.total_secs / u64::from(self.finished))
    }
}

/// How a finished game went, as the stats need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    pub secs: u64,
    pub hints: u32,
    pub mistakes: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// The puzzles solved, by `game::solved_key` (box shape and canonical
    /// form), oldest first, at most `SOLVED_KEPT`: a new game is never one of
    /// them in disguise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub solved: Vec<String>,
    #[serde(default, rename = "category")]
    pub categories: Vec<Category>,
}

impl Versioned for Stats {
    /// 2: `under_way` counts the games under way (1 had a flag,
    /// `in_progress`, which two overlapping games over-counted).
    const FORMAT_VERSION: u32 = 2;
    const WHAT: &'static str = "stats";
    const MAX_BYTES: u64 = STATS_LIMIT;

    fn migrate(doc: &mut toml::Table, from: u32) -> Result<(), String> {
        if from != 1 {
            return Err(format!("unknown format_version {from}"));
        }
        let categories = doc.get_mut("category").and_then(|c| c.as_array_mut());
        for category in categories.into_iter().flatten() {
            if let Some(table) = category.as_table_mut() {
                let flag = table.remove("in_progress");
                let count = i64::from(flag.and_then(|f| f.as_bool()).unwrap_or(false));
                table.insert("under_way".into(), toml::Value::Integer(count));
            }
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), String> {
        match self.categories.iter().find(|c| c.finished > c.started) {
            Some(c) => Err(format!(
                "{} {} finished more games than it started",
                c.shape,
                c.label()
            )),
            None => Ok(()),
        }
    }
}

/// The level as stats print it ("custom" for a player's own puzzle).
pub fn level_name(difficulty: Option<Difficulty>) -> &'static str {
    difficulty.map_or("custom", Difficulty::name)
}

impl Stats {
    pub fn get(
        &self,
        shape: Shape,
        variant: Variant,
        difficulty: Option<Difficulty>,
    ) -> Option<&Category> {
        self.categories
            .iter()
            .find(|c| c.shape == shape && c.variant == variant && c.difficulty == difficulty)
    }

    fn entry(
        &mut self,
        shape: Shape,
        variant: Variant,
        difficulty: Option<Difficulty>,
    ) -> &mut Category {
        let index =
            match self.categories.iter().position(|c| {
                c.shape == shape && c.variant == variant && c.difficulty == difficulty
            }) {
                Some(i) => i,
                None => {
                    self.categories
                        .push(Category::new(shape, variant, difficulty));
                    self.categories.len() - 1
                }
            };
        &mut self.categories[index]
    }

    /// A new game began; one still under way in that category was abandoned,
    /// which ends the streak.
    pub fn record_start(&mut self, shape: Shape, variant: Variant, difficulty: Option<Difficulty>) {
        let c = self.entry(shape, variant, difficulty);
        if c.under_way > 0 {
            c.streak = 0;
        }
        c.started = c.started.saturating_add(1);
        c.under_way = c.under_way.saturating_add(1);
    }

    /// The player solved the puzzle with this key (`game::solved_key`).
    pub fn record_solved(&mut self, key: String) {
        if !self.solved.contains(&key) {
            self.solved.push(key);
        }
        if self.solved.len() > SOLVED_KEPT {
            let extra = self.solved.len() - SOLVED_KEPT;
            self.solved.drain(..extra);
        }
    }

    /// A game was solved.
    pub fn record_finish(
        &mut self,
        shape: Shape,
        variant: Variant,
        difficulty: Option<Difficulty>,
        finish: Finish,
    ) {
        let c = self.entry(shape, variant, difficulty);
        match c.under_way.checked_sub(1) {
            Some(left) => c.under_way = left,
            // finished a game whose start predates these stats
            None => c.started = c.started.saturating_add(1),
        }
        c.finished = c.finished.saturating_add(1).min(c.started);
        c.total_secs = c.total_secs.saturating_add(finish.secs).min(MAX_SECS);
        let secs = finish.secs.min(MAX_SECS);
        c.best_secs = Some(c.best_secs.map_or(secs, |b| b.min(secs)));
        c.hints = c.hints.saturating_add(finish.hints);
        if finish.hints == 0 && finish.mistakes == 0 {
            c.perfect = c.perfect.saturating_add(1);
        }
        c.streak = c.streak.saturating_add(1);
        c.best_streak = c.best_streak.max(c.streak);
        c.recent_secs.push(secs);
        let extra = c.recent_secs.len().saturating_sub(RECENT_TIMES);
        c.recent_secs.drain(..extra);
    }
}

/// How long `update` waits for another tudoku to finish its own update.
const LOCK_WAIT: Duration = Duration::from_secs(2);

/// Reads the stats file, applies `change` and writes it back, all under the
/// file's lock so that two instances finishing games at once both count.
/// Returns the stats now on disk and a line for the player if the old file
/// was damaged; `Err` (with the line to show) when nothing could be recorded.
pub fn update(
    path: &Path,
    change: impl FnOnce(&mut Stats),
) -> Result<(Stats, Option<String>), String> {
    let started = std::time::Instant::now();
    let _lock = loop {
        match FileLock::try_acquire(path) {
            Ok(lock) => break lock,
            Err(LockError::Held { .. }) if started.elapsed() < LOCK_WAIT => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(e) => return Err(format!("stats not recorded: {e}")),
        }
    };
    let loaded = load::<Stats>(path);
    let note = loaded.message(Stats::WHAT);
    let mut stats = match loaded {
        Loaded::Ok(stats) => stats,
        Loaded::Missing | Loaded::MovedAside { .. } => Stats::default(),
        Loaded::Newer { .. } | Loaded::Unreadable { .. } => {
            return Err(format!("stats not recorded: {}", note.unwrap_or_default()));
        }
    };
    change(&mut stats);
    store(path, &stats).map_err(|e| format!("stats not recorded: {}", write_error(path, &e)))?;
    Ok((stats, note))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::document::{load, store};

    fn nine() -> Shape {
        Shape::for_size(9).unwrap()
    }

    #[test]
    fn solved_puzzles_are_kept_once_the_latest_first_to_stay() {
        let mut stats = Stats::default();
        stats.record_solved("3x3 a".into());
        stats.record_solved("3x3 a".into());
        assert_eq!(stats.solved, vec!["3x3 a".to_string()]);
        for i in 0..SOLVED_KEPT {
            stats.record_solved(format!("3x3 {i}"));
        }
        assert_eq!(stats.solved.len(), SOLVED_KEPT);
        assert!(
            !stats.solved.contains(&"3x3 a".to_string()),
            "the oldest goes"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        store(&path, &stats).unwrap();
        assert_eq!(load::<Stats>(&path).ok(), Some(stats));
    }

    #[test]
    fn finishes_update_best_average_streak_and_recent() {
        let mut s = Stats::default();
        let easy = Some(Difficulty::Easy);
        for (secs, hints) in [(300, 0), (200, 2), (400, 0)] {
            s.record_start(nine(), Variant::CLASSIC, easy);
            s.record_finish(
                nine(),
                Variant::CLASSIC,
                easy,
                Finish {
                    secs,
                    hints,
                    mistakes: 0,
                },
            );
        }
        let c = s.get(nine(), Variant::CLASSIC, easy).unwrap();
        assert_eq!((c.started, c.finished), (3, 3));
        assert_eq!(c.best_secs, Some(200));
        assert_eq!(c.average_secs(), Some(300));
        assert_eq!((c.streak, c.best_streak, c.hints, c.perfect), (3, 3, 2, 2));
        assert_eq!(c.recent_secs, vec![300, 200, 400]);
        // abandoning a game ends the streak but keeps the best
        s.record_start(nine(), Variant::CLASSIC, easy);
        s.record_start(nine(), Variant::CLASSIC, easy);
        let c = s.get(nine(), Variant::CLASSIC, easy).unwrap();
        assert_eq!((c.streak, c.best_streak, c.started), (0, 3, 5));
        assert!(
            s.get(nine(), Variant::CLASSIC, Some(Difficulty::Hard))
                .is_none()
        );
    }

    /// Two games played at once (two tudokus) are two starts, and two
    /// finishes of them add none.
    #[test]
    fn overlapping_games_count_once_each() {
        let mut s = Stats::default();
        let finish = Finish {
            secs: 10,
            hints: 0,
            mistakes: 0,
        };
        s.record_start(nine(), Variant::CLASSIC, None);
        s.record_start(nine(), Variant::CLASSIC, None);
        s.record_finish(nine(), Variant::CLASSIC, None, finish);
        s.record_finish(nine(), Variant::CLASSIC, None, finish);
        let c = s.get(nine(), Variant::CLASSIC, None).unwrap();
        assert_eq!((c.started, c.finished, c.under_way), (2, 2, 0));
        // a finish with nothing under way is a game begun before the stats
        s.record_finish(nine(), Variant::CLASSIC, None, finish);
        let c = s.get(nine(), Variant::CLASSIC, None).unwrap();
        assert_eq!((c.started, c.finished), (3, 3));
    }

    /// Format 1's flag becomes a count of one (or none).
    #[test]
    fn format_1_flags_migrate_to_counts() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        let old = "format_version = 1\n[[category]]\nshape = { box_rows = 3, box_cols = 3 }\n\
                   started = 1\nfinished = 0\ntotal_secs = 0\nhints = 0\nperfect = 0\nstreak = 0\n\
                   best_streak = 0\nin_progress = true\nrecent_secs = []\n";
        std::fs::write(&path, old).unwrap();
        let mut s = load::<Stats>(&path).ok().unwrap();
        assert_eq!(s.categories[0].under_way, 1);
        let finish = Finish {
            secs: 10,
            hints: 0,
            mistakes: 0,
        };
        s.record_finish(nine(), Variant::CLASSIC, None, finish);
        assert_eq!((s.categories[0].started, s.categories[0].finished), (1, 1));
    }

    #[test]
    fn recent_times_are_bounded() {
        let mut s = Stats::default();
        for secs in 0..(RECENT_TIMES as u64 + 5) {
            s.record_start(nine(), Variant::CLASSIC, None);
            s.record_finish(
                nine(),
                Variant::CLASSIC,
                None,
                Finish {
                    secs,
                    hints: 0,
                    mistakes: 1,
                },
            );
        }
        let c = s.get(nine(), Variant::CLASSIC, None).unwrap();
        assert_eq!(c.recent_secs.len(), RECENT_TIMES);
        assert_eq!(c.recent_secs[0], 5);
        assert_eq!(c.perfect, 0);
    }

    #[test]
    fn round_trips_through_toml_and_rejects_impossible_counts() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        let mut s = Stats::default();
        s.record_start(
            Shape::new(2, 3).unwrap(),
            Variant::CLASSIC,
            Some(Difficulty::Expert),
        );
        s.record_finish(
            Shape::new(2, 3).unwrap(),
            Variant::CLASSIC,
            Some(Difficulty::Expert),
            Finish {
                secs: 61,
                hints: 1,
                mistakes: 0,
            },
        );
        s.record_start(nine(), Variant::CLASSIC, None);
        store(&path, &s).unwrap();
        assert_eq!(load::<Stats>(&path).ok(), Some(s));
        let bad = "format_version = 1\n[[category]]\nshape = { box_rows = 3, box_cols = 3 }\n\
                   started = 1\nfinished = 2\ntotal_secs = 0\nhints = 0\nperfect = 0\nstreak = 0\n\
                   best_streak = 0\nin_progress = false\nrecent_secs = []\n";
        std::fs::write(&path, bad).unwrap();
        assert!(matches!(
            load::<Stats>(&path),
            crate::storage::Loaded::MovedAside { .. }
        ));
    }
}
