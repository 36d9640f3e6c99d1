//! The one way a play time is written, on every screen and in the command
//! line's tables: `m:ss`, or `h:mm:ss` from an hour on.

use std::time::Duration;

/// `m:ss`, or `h:mm:ss` from an hour on.
pub fn format_time(time: Duration) -> String {
    let secs = time.as_secs();
    let (h, m, s) = (secs / 3600, secs % 3600 / 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_then_hours() {
        let at = |s| format_time(Duration::from_secs(s));
        assert_eq!(at(0), "0:00");
        assert_eq!(at(61), "1:01");
        assert_eq!(at(3599), "59:59");
        assert_eq!(at(3601), "1:00:01");
        assert_eq!(at(36_000 + 62), "10:01:02");
    }
}
