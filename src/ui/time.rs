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
/// player's local time, as `ls -l` shows a file's, and whether it is
/// local: where the offset cannot be known it stays in UTC, and the caller
/// says so.
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

/// The same as Windows knows it: the time zone of the system's settings,
/// with its present daylight saving rules (SystemTimeToTzSpecificLocalTimeEx
/// would apply past years' rules, but wine 8, which CI runs the tests
/// under, lacks it, and a call to it would end the process there).
#[cfg(windows)]
fn local_offset(secs: u64) -> Option<i64> {
    use windows_sys::Win32::Foundation::{FILETIME, SYSTEMTIME};
    use windows_sys::Win32::System::Time::{
        FileTimeToSystemTime, SystemTimeToFileTime, SystemTimeToTzSpecificLocalTime,
    };
    let ticks = file_ticks(secs)?;
    let utc_file = FILETIME {
        dwLowDateTime: ticks as u32,
        dwHighDateTime: (ticks >> 32) as u32,
    };
    let (mut utc, mut local) = (SYSTEMTIME::default(), SYSTEMTIME::default());
    let mut local_file = FILETIME::default();
    // SAFETY: each call reads one structure and writes another, all of them
    // alive for the calls; a null zone is the system's own.
    let done = unsafe {
        FileTimeToSystemTime(&utc_file, &mut utc) != 0
            && SystemTimeToTzSpecificLocalTime(std::ptr::null(), &utc, &mut local) != 0
            && SystemTimeToFileTime(&local, &mut local_file) != 0
    };
    let local_ticks =
        u64::from(local_file.dwHighDateTime) << 32 | u64::from(local_file.dwLowDateTime);
    done.then(|| (local_ticks as i64 - ticks as i64) / 10_000_000)
}

/// A moment as Windows counts it (FILETIME): 100 ns ticks since 1601, whose
/// start lies 11,644,473,600 seconds before the Unix epoch.
#[cfg(windows)]
fn file_ticks(secs: u64) -> Option<u64> {
    secs.checked_add(11_644_473_600)?.checked_mul(10_000_000)
}

#[cfg(not(any(unix, windows)))]
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

    /// Windows: the offset agrees with FileTimeToLocalFileTime's, another
    /// way of asking for it, at the present moment (where the two use the
    /// same daylight saving rule).
    #[cfg(windows)]
    #[test]
    fn dates_are_in_local_time_as_windows_says() {
        use windows_sys::Win32::Foundation::FILETIME;
        use windows_sys::Win32::Storage::FileSystem::FileTimeToLocalFileTime;
        let secs = crate::storage::timestamp::unix_secs(std::time::SystemTime::now());
        let ticks = file_ticks(secs).unwrap();
        let utc = FILETIME {
            dwLowDateTime: ticks as u32,
            dwHighDateTime: (ticks >> 32) as u32,
        };
        let mut local = FILETIME::default();
        // SAFETY: two structures alive for the call.
        assert_ne!(unsafe { FileTimeToLocalFileTime(&utc, &mut local) }, 0);
        let local = u64::from(local.dwHighDateTime) << 32 | u64::from(local.dwLowDateTime);
        let offset = (local as i64 - ticks as i64) / 10_000_000;
        assert_eq!(local_offset(secs), Some(offset));
        let expected = crate::storage::timestamp::display(secs.saturating_add_signed(offset));
        assert_eq!(local_date(secs), (expected, true));
    }
}
