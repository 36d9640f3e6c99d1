//! Best times per board shape and level, kept for the win screen. Storage
//! (a later layer) loads and saves them; here they only live in memory.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::{Difficulty, Shape};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Records {
    /// Keyed `"3x3 easy"`.
    best: BTreeMap<String, Duration>,
}

fn key(shape: Shape, difficulty: Difficulty) -> String {
    format!("{shape} {difficulty}")
}

impl Records {
    pub fn best(&self, shape: Shape, difficulty: Difficulty) -> Option<Duration> {
        self.best.get(&key(shape, difficulty)).copied()
    }

    /// Records a finished game; true when it is a new best time.
    pub fn record(&mut self, shape: Shape, difficulty: Difficulty, time: Duration) -> bool {
        let best = self.best.entry(key(shape, difficulty)).or_insert(time);
        let improved = time <= *best;
        *best = (*best).min(time);
        improved
    }
}
