//! The exit statuses of the commands that are not batches (README.md, "Exit
//! status"): `play` and a bare `tudoku`, `saves`, `stats`, `completions` and
//! `man`. The batch commands' statuses are checked in cli_status.rs, and
//! `play` without a terminal (2) in faults.rs.

use std::path::Path;
use std::process::{Command, Stdio};

/// `tudoku --config-dir DIR args`, stdin empty (not a terminal), stdout to
/// `out`; its exit status.
fn status(dir: &Path, args: &[&str], out: Stdio) -> Option<i32> {
    Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .arg("--config-dir")
        .arg(dir)
        .args(args)
        .env_remove("TUDOKU_CONFIG_DIR")
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(Stdio::null())
        .status()
        .expect("tudoku runs")
        .code()
}

fn quiet(dir: &Path, args: &[&str]) -> Option<i32> {
    status(dir, args, Stdio::null())
}

/// A file from a later tudoku: left alone, and the command says it failed.
const NEWER: &str = "format_version = 99\n";

#[test]
fn play_exits_one_for_what_it_cannot_play_and_two_for_bad_usage() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    assert_eq!(quiet(dir, &["play", "1234"]), Some(1), "not a puzzle");
    assert_eq!(quiet(dir, &["play", "--load", "nope"]), Some(1), "no slot");
    let conflict = quiet(dir, &["play", "--daily", "--seed", "3"]);
    assert_eq!(conflict, Some(2));
    assert_eq!(
        quiet(dir, &["play", "--size", "7"]),
        Some(2),
        "no 7x7 boards"
    );
}

#[test]
fn saves_exits_zero_one_or_two() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    assert_eq!(quiet(dir, &["saves"]), Some(0), "no saves is no failure");
    assert_eq!(quiet(dir, &["saves", "--export", "nope"]), Some(1));
    std::fs::create_dir(dir.join("saves")).unwrap();
    std::fs::write(dir.join("saves/later.toml"), NEWER).unwrap();
    assert_eq!(quiet(dir, &["saves"]), Some(1), "a save it cannot read");
}

#[test]
fn stats_exits_one_for_a_file_it_cannot_read() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    assert_eq!(quiet(dir, &["stats"]), Some(0));
    std::fs::write(dir.join("stats.toml"), NEWER).unwrap();
    assert_eq!(quiet(dir, &["stats"]), Some(1));
}

#[test]
fn completions_and_man_exit_zero_or_two_for_bad_usage() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    assert_eq!(quiet(dir, &["completions", "fish"]), Some(0));
    assert_eq!(quiet(dir, &["completions"]), Some(2), "no shell named");
    assert_eq!(quiet(dir, &["man"]), Some(0));
    assert_eq!(quiet(dir, &["man", "extra"]), Some(2));
}

#[test]
fn canon_same_exits_zero_for_a_disguise_one_for_another_puzzle() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // The same 4x4 grid with digits 1 and 2 swapped; then one with two
    // cells blanked, which no relabelling or reordering makes full.
    let (a, b, c) = ("1234341221434321", "2134342112434312", "12..341221434321");
    assert_eq!(quiet(dir, &["canon", "--same", a, b]), Some(0));
    assert_eq!(quiet(dir, &["canon", "--same", a, c]), Some(1));
    assert_eq!(quiet(dir, &["canon", "--same", a, "11.."]), Some(2));
}

#[test]
fn grids_exits_zero_with_a_count() {
    let tmp = tempfile::tempdir().unwrap();
    assert_eq!(quiet(tmp.path(), &["grids", "--size", "4"]), Some(0));
}

#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_exits_two() {
    let tmp = tempfile::tempdir().unwrap();
    for args in [
        &["saves"][..],
        &["stats"],
        &["grids", "--size", "4"],
        &["completions", "bash"],
        &["man"],
    ] {
        let full = std::fs::File::create("/dev/full").expect("/dev/full");
        assert_eq!(status(tmp.path(), args, full.into()), Some(2), "{args:?}");
    }
}

/// Bad usage exits 2 in every row of README's tables, each with one line
/// naming what is wrong.
#[test]
fn every_usage_error_exits_two() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let rows: [(&str, &[&str], &str); 14] = [
        // the batch commands
        (
            "generate",
            &["generate", "--symmetry", "diagonal", "--box", "2x3"],
            "square boxes",
        ),
        ("generate", &["generate", "--count", "0"], "give 1 or more"),
        ("solve", &["solve", "--jobs", "4294967295"], "1024"),
        ("rate", &["rate", "--jobs", "1000000"], "1024"),
        ("hint", &["hint", "--jobs", "0"], "1 to 1024"),
        ("canon", &["canon", "--jobs", "1025"], "1024"),
        // the others
        ("play", &["play", "--load", "../x"], "not a slot name"),
        ("play", &["play", "--size", "7"], "invalid value '7'"),
        ("saves", &["saves", "--export", "a b"], "not a slot name"),
        ("stats", &["stats", "extra"], "unexpected argument"),
        ("canon --same", &["canon", "--same", "1234"], "2 values"),
        ("grids", &["grids", "--size", "7"], "invalid value '7'"),
        ("completions", &["completions", "tcsh"], "tcsh"),
        ("man", &["man", "extra"], "unexpected argument"),
    ];
    for (row, args, says) in rows {
        let out = Command::new(env!("CARGO_BIN_EXE_tudoku"))
            .arg("--config-dir")
            .arg(dir)
            .args(args)
            .env_remove("TUDOKU_CONFIG_DIR")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{row}: {args:?}: {err}");
        assert!(err.contains(says), "{row}: {args:?}: {err}");
    }
}
