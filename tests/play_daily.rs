//! `tudoku play --daily`: one puzzle per UTC day, size and level, the same
//! for everyone, with the date as its seed.

use std::process::Command;

// the pseudo-terminal the game is played in (Unix only)
#[cfg(unix)]
mod common;

/// Plays `--daily` in a fresh config directory, quits, and returns the
/// screen and the puzzle `saves --export` gives back.
#[cfg(unix)]
fn daily(config: &std::path::Path) -> (String, String) {
    let args = ["play", "--daily", "--size", "6", "--difficulty", "medium"];
    let mut s = common::Session::start_in(config, &args, 100, 40);
    let screen = s.wait_for("the board", |t| t.contains("Filled") && t.contains("Cell"));
    s.send("q");
    assert!(s.wait_exit().success());
    let exported = Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .arg("--config-dir")
        .arg(config)
        .args(["saves", "--export", "autosave"])
        .output()
        .unwrap();
    assert!(exported.status.success());
    (screen, String::from_utf8(exported.stdout).unwrap())
}

#[cfg(unix)]
#[test]
fn the_daily_puzzle_is_the_same_for_everyone_and_seeded_by_the_date() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    // the date from outside tudoku, before and after (a run across midnight
    // would see two dates)
    let today = || {
        let out = Command::new("date")
            .args(["-u", "+%Y%m%d"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let before = today();
    let (screen_a, puzzle_a) = daily(a.path());
    let (_, puzzle_b) = daily(b.path());
    let after = today();
    assert_eq!(puzzle_a, puzzle_b);
    assert_eq!(puzzle_a.trim().len(), 36, "{puzzle_a}");
    let seed_shown = [before, after]
        .iter()
        .any(|date| screen_a.contains(&format!("Seed     {date}")));
    assert!(seed_shown, "{screen_a}");
}

#[test]
fn daily_and_seed_exclude_each_other() {
    let out = Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(["play", "--daily", "--seed", "3"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used"));
}
