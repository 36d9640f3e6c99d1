//! The game clock: play time as an accumulated `Duration` plus the instant it
//! last started running. Every method takes `now`, so tests drive it with
//! made-up instants instead of sleeping, and nothing here reads the system clock.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Time played before the current run.
    accumulated: Duration,
    /// When the clock last started, if it is running. Not saved: a loaded
    /// game's clock is stopped until the game is resumed.
    #[serde(skip)]
    running_since: Option<Instant>,
}

impl Clock {
    /// A stopped clock at zero.
    pub fn new() -> Clock {
        Clock::default()
    }

    /// Starts the clock; does nothing if it already runs.
    pub fn start(&mut self, now: Instant) {
        self.running_since.get_or_insert(now);
    }

    /// Stops the clock, keeping the time played so far.
    pub fn stop(&mut self, now: Instant) {
        if let Some(since) = self.running_since.take() {
            self.accumulated += now.saturating_duration_since(since);
        }
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    /// Time played up to `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.accumulated
            + self
                .running_since
                .map_or(Duration::ZERO, |since| now.saturating_duration_since(since))
    }
}
