//! UTC calendar times without a date crate: the stamp in the names of files
//! moved aside, and the date shown beside a save slot.

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since the Unix epoch (0 for a clock set before it).
pub fn unix_secs(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// `YYYYMMDD-HHMMSS` in UTC, for file names.
pub fn file_stamp(time: SystemTime) -> String {
    let (y, m, d, hh, mm, ss) = parts(unix_secs(time));
    format!("{y:04}{m:02}{d:02}-{hh:02}{mm:02}{ss:02}")
}

/// The UTC date as the number `YYYYMMDD`: the seed of the daily puzzle,
/// which reads as the date it belongs to.
pub fn date_number(time: SystemTime) -> u64 {
    let (y, m, d, ..) = parts(unix_secs(time));
    y as u64 * 10_000 + u64::from(m) * 100 + u64::from(d)
}

/// `YYYY-MM-DD HH:MM` in UTC, for people.
pub fn display(secs: u64) -> String {
    let (y, m, d, hh, mm, _) = parts(secs);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02}")
}

/// The time `secs` after the epoch, as a `SystemTime`.
#[cfg(test)]
pub fn from_unix_secs(secs: u64) -> SystemTime {
    UNIX_EPOCH + std::time::Duration::from_secs(secs)
}

fn parts(secs: u64) -> (i64, u32, u32, u64, u64, u64) {
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    (y, m, d, rem / 3600, rem % 3600 / 60, rem % 60)
}

/// Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_calendar_dates() {
        assert_eq!(file_stamp(UNIX_EPOCH), "19700101-000000");
        // 2024-02-29 12:34:56 UTC, a leap day
        let secs = 1_709_210_096;
        assert_eq!(file_stamp(from_unix_secs(secs)), "20240229-123456");
        assert_eq!(display(secs), "2024-02-29 12:34");
        // 2000-03-01, the day after a leap day in a year divisible by 400
        assert_eq!(display(951_868_800), "2000-03-01 00:00");
        assert_eq!(date_number(from_unix_secs(secs)), 20_240_229);
        assert_eq!(date_number(from_unix_secs(951_868_799)), 20_000_229);
    }
}
