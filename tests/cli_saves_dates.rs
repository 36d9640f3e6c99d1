//! `tudoku saves` shows when each slot was saved in local time, as `ls -l`
//! shows a file's: the zone is the TZ given to the child process, in the
//! POSIX form that needs no zone files, so the expected times are plain
//! arithmetic on a known moment (and date(1), where it takes `-d @SECS`,
//! agrees).
#![cfg(unix)]

use std::path::Path;
use std::process::Command;

/// A 4x4 game saved at 1709210096, 2024-02-29 12:34:56 UTC (a leap day).
const SLOT: &str = r#"format_version = 3
saved_at = 1709210096

[game]
notes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
paused = false
won = false
mistakes = 0
hints_used = 0
difficulty = "easy"
seed = 1
selected = 2
notes_mode = false
checked_wrong = []

[game.givens]
cells = "24..3......2..13"

[game.givens.shape]
box_rows = 2
box_cols = 2

[game.solution]
cells = "2431312413424213"

[game.solution.shape]
box_rows = 2
box_cols = 2

[game.values]
cells = "24..3......2..13"

[game.values.shape]
box_rows = 2
box_cols = 2

[game.history]
done = ""
undone = ""

[game.clock.accumulated]
secs = 0
nanos = 0
"#;

const SAVED_AT: u64 = 1_709_210_096;

/// `tudoku saves` in the zone `tz`: its lines.
fn saves_in(config: &Path, tz: &str) -> Vec<String> {
    let o = Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(["saves", "--config-dir"])
        .arg(config)
        .env_remove("TUDOKU_CONFIG_DIR")
        .env("TZ", tz)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// `YYYY-MM-DD HH:MM` of a moment in the zone `tz`, from GNU date(1).
fn date_says(secs: u64, tz: &str) -> Option<String> {
    let o = Command::new("date")
        .args(["-d", &format!("@{secs}"), "+%Y-%m-%d %H:%M"])
        .env("TZ", tz)
        .output()
        .ok()?;
    o.status
        .success()
        .then(|| String::from_utf8_lossy(&o.stdout).trim().to_string())
}

#[test]
fn a_slots_date_is_in_the_local_time_zone() {
    let config = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(config.path().join("saves")).unwrap();
    std::fs::write(config.path().join("saves/paper.toml"), SLOT).unwrap();
    // POSIX TZ: the name, then the hours to add to local time to get UTC
    for (tz, expected) in [
        ("UTC0", "2024-02-29 12:34"),
        ("IST-5:30", "2024-02-29 18:04"),
        ("HST10", "2024-02-29 02:34"),
        // past midnight into March, the day after a leap day
        ("LINT-14", "2024-03-01 02:34"),
        // a zone with summer time, in winter
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2024-02-29 13:34"),
    ] {
        let lines = saves_in(config.path(), tz);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].ends_with("  saved"), "{tz}: {}", lines[0]);
        let row = &lines[1];
        assert!(row.starts_with("paper "), "{row}");
        assert!(row.ends_with(&format!("  {expected}")), "{tz}: {row}");
        if let Some(date) = date_says(SAVED_AT, tz) {
            assert_eq!(date, expected, "date(1) in {tz}");
        }
    }
}
