//! The game clock: play time as an accumulated `Duration` plus the instant it
//! last started running. Every method takes `now`, so tests drive it with
//! made-up instants instead of sleeping, and nothing here reads the system clock.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// The longest play time a clock holds: a century. It stops there rather
/// than overflow, and a saved clock past it is refused on load, so every
/// clock that loads can be saved again (TOML holds at most `i64::MAX`).
pub const MAX_PLAY_TIME: Duration = Duration::from_secs(100 * 366 * 24 * 3600);

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
            self.accumulated = self.elapsed_since(since, now);
        }
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    /// Time played up to `now`, at most `MAX_PLAY_TIME`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        match self.running_since {
            Some(since) => self.elapsed_since(since, now),
            None => self.accumulated.min(MAX_PLAY_TIME),
        }
    }

    fn elapsed_since(&self, since: Instant, now: Instant) -> Duration {
        self.accumulated
            .saturating_add(now.saturating_duration_since(since))
            .min(MAX_PLAY_TIME)
    }

    /// True when the saved time is one a clock can hold (for loading).
    pub fn is_in_range(&self) -> bool {
        self.accumulated <= MAX_PLAY_TIME
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_stops_at_its_limit_instead_of_overflowing() {
        let start = Instant::now();
        let mut clock = Clock {
            accumulated: MAX_PLAY_TIME - Duration::from_secs(1),
            running_since: None,
        };
        assert!(clock.is_in_range());
        clock.start(start);
        assert_eq!(
            clock.elapsed(start + Duration::from_secs(10)),
            MAX_PLAY_TIME
        );
        clock.stop(start + Duration::from_secs(10));
        assert_eq!(clock.elapsed(start), MAX_PLAY_TIME);
        assert!(clock.is_in_range());
        let far = Clock {
            accumulated: Duration::MAX,
            running_since: None,
        };
        assert!(!far.is_in_range());
    }
}
