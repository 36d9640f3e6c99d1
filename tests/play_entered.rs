//! `tudoku play FILE|PUZZLE`: a puzzle the player brings. Bad ones are refused
//! before the terminal is taken, with where and why; a good one is played,
//! autosaved and resumed like any other game, and `tudoku saves --export`
//! gives it back.

use std::process::{Command, Output};

use tudoku_engine::{Grid, count, some_solution};

// the pseudo-terminal the game is played in (Unix only)
#[cfg(unix)]
mod common;
#[cfg(unix)]
use common::{Session, panel_number};

/// A 9x9 puzzle with 17 givens and one solution.
const SEVENTEEN: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn play(config: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .arg("--config-dir")
        .arg(config)
        .arg("play")
        .args(args)
        .output()
        .expect("tudoku runs")
}

/// Fails with a message containing every one of `parts`, and no panic.
fn assert_refused(o: &Output, parts: &[&str]) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "accepted; stderr: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for part in parts {
        assert!(err.contains(part), "missing {part:?} in {err}");
    }
}

#[test]
fn puzzles_without_exactly_one_solution_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let empty_4x4 = ".".repeat(16);
    assert!(count(&Grid::parse(&empty_4x4, None).unwrap(), 2).found() >= 2);
    assert_refused(
        &play(tmp.path(), &[&empty_4x4]),
        &["more than one solution"],
    );
    // two 1s in the first row
    assert_refused(&play(tmp.path(), &["11.............."]), &["no solution"]);
    let solved = some_solution(&Grid::parse(SEVENTEEN, None).unwrap()).unwrap();
    assert_refused(
        &play(tmp.path(), &[&solved.to_string()]),
        &["no empty cell"],
    );
}

#[test]
fn unreadable_input_says_where() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("paper.txt");
    std::fs::write(&file, "# from the newspaper\n12.4\n").unwrap();
    let name = file.to_str().unwrap();
    assert_refused(&play(tmp.path(), &[name]), &[&format!("{name}:2:")]);
    std::fs::write(&file, "# nothing here\n").unwrap();
    assert_refused(&play(tmp.path(), &[name]), &["no puzzle found"]);
    assert_refused(
        &play(tmp.path(), &["typo.txt"]),
        &["typo.txt: no such file", "column 1"],
    );
    assert_refused(
        &play(tmp.path(), &["--size", "9", SEVENTEEN]),
        &["cannot be used"],
    );
}

#[cfg(unix)]
#[test]
fn a_puzzle_from_a_file_is_played_and_resumed() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("paper.txt");
    std::fs::write(&file, format!("# first one\n{SEVENTEEN}\n")).unwrap();
    let config = tmp.path().join("config");
    let mut s = Session::start_in(&config, &["play", file.to_str().unwrap()], 100, 40);
    let screen = s.wait_for("the board", |t| t.contains("Filled") && t.contains("Cell"));
    assert_eq!(panel_number(&screen, "Filled"), Some(17), "{screen}");
    assert!(screen.contains("Seed     -"), "{screen}");
    s.send("\t"); // to the first empty cell: r1c2, which is 1 in the solution
    s.wait_for("the jump", |t| t.contains("Cell     r1c2"));
    s.send("1");
    s.wait_for("the digit", |t| panel_number(t, "Filled") == Some(18));
    s.send("q");
    assert!(s.wait_exit().success());

    let mut again = Session::start_in(&config, &[], 100, 40);
    let screen = again.wait_for("the board", |t| t.contains("Filled") && t.contains("Cell"));
    assert_eq!(panel_number(&screen, "Filled"), Some(18), "{screen}");
    again.send("q");
    assert!(again.wait_exit().success());

    // and the puzzle comes back out as it went in, givens only
    let exported = saves_export(&config, "autosave");
    assert!(exported.status.success());
    assert_eq!(
        String::from_utf8_lossy(&exported.stdout),
        format!("{SEVENTEEN}\n")
    );
}

#[test]
fn a_missing_or_bad_slot_is_not_exported() {
    let config = tempfile::tempdir().unwrap();
    let config = config.path();
    assert_refused(&saves_export(config, "nope"), &["no saved game 'nope'"]);
    assert_refused(&saves_export(config, "../up"), &["not a slot name"]);
}

fn saves_export(config: &std::path::Path, name: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .arg("--config-dir")
        .arg(config)
        .args(["saves", "--export", name])
        .output()
        .expect("tudoku runs")
}

#[cfg(unix)]
#[test]
fn box_shape_overrides_the_default_for_a_typed_puzzle() {
    let tmp = tempfile::tempdir().unwrap();
    let made = Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(["generate", "--box", "3x2", "--seed", "1"])
        .output()
        .unwrap();
    let puzzle = String::from_utf8(made.stdout).unwrap();
    let puzzle = puzzle.trim();
    let mut s = Session::start_in(tmp.path(), &["play", "--box", "3x2", puzzle], 100, 40);
    let screen = s.wait_for("the board", |t| t.contains("Filled") && t.contains("Cell"));
    assert!(screen.contains("6x6, box 3x2"), "{screen}");
    let givens = puzzle.chars().filter(|c| *c != '.').count();
    assert_eq!(panel_number(&screen, "Filled"), Some(givens));
    s.send("q");
    assert!(s.wait_exit().success());
}

/// `saves --export NAME --code` gives the share code, and `play CODE` opens
/// the same puzzle (its line, exported again, is the one that went in); a
/// mistyped code is refused before the terminal is taken. Needs a pty (Unix).
#[cfg(unix)]
#[test]
fn a_share_code_goes_out_and_comes_back_in() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("paper.txt");
    std::fs::write(&file, format!("{SEVENTEEN}\n")).unwrap();
    let first = tmp.path().join("first");
    let mut s = Session::start_in(&first, &["play", file.to_str().unwrap()], 80, 24);
    s.wait_for("the board", |t| t.contains("Filled") && t.contains("Cell"));
    s.send("q");
    assert!(s.wait_exit().success());
    let out = Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .arg("--config-dir")
        .arg(&first)
        .args(["saves", "--export", "autosave", "--code"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let code = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(code.starts_with("9_") && code.len() <= 60, "{code}");

    let second = tmp.path().join("second");
    let mut s = Session::start_in(&second, &["play", &code], 80, 24);
    let screen = s.wait_for("the board", |t| t.contains("Filled") && t.contains("Cell"));
    assert_eq!(panel_number(&screen, "Filled"), Some(17), "{screen}");
    s.send("q");
    assert!(s.wait_exit().success());
    let exported = saves_export(&second, "autosave");
    assert_eq!(
        String::from_utf8_lossy(&exported.stdout),
        format!("{SEVENTEEN}\n")
    );

    let mut typo: Vec<char> = code.chars().collect();
    let i = typo.len() / 2;
    typo[i] = if typo[i] == 'Z' { 'Y' } else { 'Z' };
    let typo: String = typo.into_iter().collect();
    assert_refused(&play(tmp.path(), &[&typo]), &[&typo, "mistyped"]);
}
