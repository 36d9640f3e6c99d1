//! `tudoku stats` reads stats.toml from the config directory it is given.

use std::process::Command;

use crate::storage::ConfigDir;
use tudoku_engine::{Difficulty, Shape};

fn stats_in(dir: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(["stats", "--config-dir"])
        .arg(dir)
        .env_remove("TUDOKU_CONFIG_DIR")
        .output()
        .unwrap()
}

#[test]
fn shows_each_category_with_best_and_average() {
    let tmp = tempfile::tempdir().unwrap();
    let shape = Shape::new(3, 2).unwrap();
    crate::store_finishes(tmp.path(), shape, Difficulty::Hard, &[100, 300]);
    let o = stats_in(tmp.path());
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    let row = text
        .lines()
        .find(|l| l.starts_with("6x6 3x2"))
        .expect(&text);
    let fields: Vec<&str> = row.split_whitespace().collect();
    // board(2 words) level played won best average streak hints sparkline
    assert_eq!(&fields[2..9], &["hard", "2", "2", "1:40", "3:20", "2", "2"]);
}

#[test]
fn a_damaged_stats_file_is_kept_aside_and_reported() {
    let tmp = tempfile::tempdir().unwrap();
    let path = ConfigDir::at(tmp.path()).stats_file();
    std::fs::write(&path, b"\x00\x00\x00garbage").unwrap();
    let o = stats_in(tmp.path());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("damaged") && err.contains(".corrupt-"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("No games played yet"));
    let kept: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("stats.toml.corrupt-"))
        .collect();
    assert_eq!(kept.len(), 1);
}
