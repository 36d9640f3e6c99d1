//! Moving a damaged file out of the way without losing it: it is renamed to
//! `<name>.corrupt-<UTC timestamp>` beside itself, never deleted or overwritten,
//! so the user can look at it or send it with a bug report.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Renames `path` aside and returns where it went. If a file of that name
/// already exists (two in one second), a counter is added rather than overwrite.
pub fn move_aside(path: &Path) -> io::Result<PathBuf> {
    let stamp = utc_stamp(SystemTime::now());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    for attempt in 0u32.. {
        let suffix = if attempt == 0 {
            String::new()
        } else {
            format!("-{attempt}")
        };
        let target = path.with_file_name(format!("{name}.corrupt-{stamp}{suffix}"));
        // hard_link + remove fails instead of replacing an existing target,
        // unlike rename; fall back to rename where links are unsupported.
        match fs::hard_link(path, &target) {
            Ok(()) => {
                fs::remove_file(path)?;
                return Ok(target);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) if !target.exists() => {
                fs::rename(path, &target)?;
                return Ok(target);
            }
            Err(e) => return Err(e),
        }
    }
    unreachable!("the attempt counter is unbounded")
}

/// `YYYYMMDD-HHMMSS` in UTC.
fn utc_stamp(time: SystemTime) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
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
    use std::time::Duration;

    #[test]
    fn timestamps_are_calendar_dates() {
        assert_eq!(utc_stamp(UNIX_EPOCH), "19700101-000000");
        // 2024-02-29 12:34:56 UTC, a leap day
        let t = UNIX_EPOCH + Duration::from_secs(1_709_210_096);
        assert_eq!(utc_stamp(t), "20240229-123456");
    }

    #[test]
    fn moves_aside_and_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.toml");
        fs::write(&path, "one").unwrap();
        let first = move_aside(&path).unwrap();
        fs::write(&path, "two").unwrap();
        let second = move_aside(&path).unwrap();
        assert!(!path.exists());
        assert_ne!(first, second);
        assert_eq!(fs::read_to_string(&first).unwrap(), "one");
        assert_eq!(fs::read_to_string(&second).unwrap(), "two");
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("autosave.toml.corrupt-"), "{name}");
    }
}
