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

/// A moment (seconds since the Unix epoch) as `YYYY-MM-DD HH:MM` in the
/// player's local time, and whether it is local: where the offset cannot be
/// known (outside Unix) it stays in UTC, and the caller says so.
pub fn local_date(secs: u64) -> (String, bool) {
    match local_offset(secs) {
        Some(offset) => {
            let local = secs.saturating_add_signed(offset);
            (crate::storage::timestamp::display(local), true)
        }
        None => (crate::storage::timestamp::display(secs), false),
    }
}

/// The local time zone's offset from UTC at that moment, in seconds, as the
/// C library knows it (TZ, /etc/localtime).
#[cfg(unix)]
fn local_offset(secs: u64) -> Option<i64> {
    let time = libc::time_t::try_from(secs).ok()?;
    // SAFETY: localtime_r writes only into `tm`, which lives for the call,
    // and reads only `time`.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let done = unsafe { libc::localtime_r(&time, &mut tm) };
    (!done.is_null()).then_some(tm.tm_gmtoff)
}

#[cfg(not(unix))]
fn local_offset(_secs: u64) -> Option<i64> {
    None
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

    /// The date agrees with date(1), which knows the local zone its own way.
    #[cfg(target_os = "linux")]
    #[test]
    fn dates_are_in_local_time_as_date_says() {
        let secs = 1_780_000_000;
        let Ok(out) = std::process::Command::new("date")
            .args(["-d", &format!("@{secs}"), "+%Y-%m-%d %H:%M"])
            .output()
        else {
            return; // no date(1) to ask
        };
        let expected = String::from_utf8_lossy(&out.stdout).trim().to_string();
        assert_eq!(local_date(secs), (expected, true));
    }
}
