//! End to end: the real binary in a pseudo-terminal, its screen read back
//! through vt100. Start, move, place a digit, ask for a hint, undo, open help,
//! quit; and a SIGTERM that must leave the terminal as it found it.
// Unix only: every test plays in a pseudo-terminal.
#![cfg(unix)]

use std::thread;
use std::time::{Duration, Instant};

mod common;
use common::{Session, panel_number, process_state, signal};

/// The number before `/81` on the `Filled` line of the panel.
fn filled(screen: &str) -> Option<usize> {
    panel_number(screen, "Filled")
}

#[test]
fn play_in_a_pseudo_terminal() {
    let started = Instant::now();
    let mut s = Session::start(80, 24);
    // the panel's last lines can arrive in a later read than the board's
    // first ones, so wait for the whole first frame
    let screen = s.wait_for("the board", |t| {
        t.contains("Filled") && t.contains("┏") && t.contains("Cell     r1c1")
    });
    let first_frame = started.elapsed();
    if let Some(pid) = s.child.process_id()
        && let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status"))
    {
        let rss = status
            .lines()
            .find(|l| l.starts_with("VmRSS"))
            .unwrap_or("");
        println!("first frame after {first_frame:?} (debug build); {rss}");
    }
    let givens = filled(&screen).expect("the panel drawn");
    assert!(screen.contains("Cell     r1c1"));

    s.send("l"); // move right
    s.wait_for("the move", |t| t.contains("Cell     r1c2"));
    s.send("\t"); // to the next empty cell
    s.wait_for("a jump", |t| !t.contains("Cell     r1c2"));
    s.send("5");
    s.wait_for("the digit", |t| filled(t) == Some(givens + 1));

    s.send("\x1b[15~"); // F5: hint
    s.wait_for("the hint", |t| t.contains("Hint:"));

    s.send("u");
    s.wait_for("the undo", |t| filled(t) == Some(givens));

    s.send("?");
    let help = s.wait_for("the help", |t| t.contains("Keys") && t.contains("closes"));
    assert!(help.contains("undo") && help.contains("hint"));
    s.send("\x1b");
    s.wait_for("help to close", |t| !t.contains("closes"));

    s.send("q");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
}

#[test]
fn sigterm_restores_the_terminal() {
    let mut s = Session::start(80, 24);
    s.wait_for("the board", |t| t.contains("Filled"));
    signal(s.child.process_id().unwrap(), "-TERM");
    s.wait_exit();
    s.assert_restored();
}

#[test]
fn suspend_restores_the_terminal_and_pauses_the_game() {
    let mut s = Session::start(80, 24);
    s.wait_for("the board", |t| t.contains("Filled"));
    let pid = s.child.process_id().unwrap();
    signal(pid, "-TSTP");
    let start = Instant::now();
    while process_state(pid) != 'T' {
        assert!(start.elapsed() < Duration::from_secs(10), "never stopped");
        thread::sleep(Duration::from_millis(20));
    }
    s.assert_restored();
    signal(pid, "-CONT");
    s.wait_for("the pause screen", |t| {
        t.contains("Paused") && t.contains("paused")
    });
    s.send("q");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

#[test]
fn a_small_terminal_gets_the_size_it_needs() {
    let mut s = Session::start(40, 12);
    let text = s.wait_for("the message", |t| t.contains("too small"));
    assert!(text.contains("needs"));
    s.send("q");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

/// 25x25 at 80x24, the real binary: a viewport with coordinates, which
/// follows the cursor to the far corner, a digit placed there, the overview.
#[test]
fn twenty_five_plays_at_80x24() {
    let text = include_str!("fixtures/25x25.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let config = tempfile::tempdir().unwrap();
    // the puzzle's 625 symbols on the command line: too long for a file
    // name, read as the puzzle
    let mut s = common::Session::start_in(config.path(), &["play", line], 80, 24);
    let screen = s.wait_for("the viewport", |t| t.contains("View") && t.contains("b1"));
    assert!(!screen.contains("too small"), "{screen}");
    assert!(screen.contains("r1-"), "{screen}");
    let givens = panel_number(&screen, "Filled").expect("the panel drawn");
    // End, then PageDown: the bottom right cell, whose box is 25
    s.send("\x1b[F");
    s.send("\x1b[6~");
    let screen = s.wait_for("the far corner", |t| t.contains("r25c25 b25"));
    assert!(
        screen.contains("b25") && screen.contains("-25 c"),
        "{screen}"
    );
    // r25c25 is empty in the fixture (row + column, from 0, is 48, a
    // multiple of 3); the pattern grid puts (5r + r/5 + c) mod 25, plus 1,
    // there: 24, the symbol O
    s.send("o");
    s.wait_for("the digit", |t| {
        panel_number(t, "Filled") == Some(givens + 1)
    });
    s.send("=");
    let over = s.wait_for("the overview", |t| t.contains(">b"));
    assert!(over.contains("b13") && over.contains("/25"), "{over}");
    s.send("=");
    s.wait_for("the viewport again", |t| !t.contains(">b"));
    s.send("q");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

/// `play --variant` starts that variant on the board asked for, and the
/// same seed makes the same puzzle (as `--daily` relies on).
#[test]
fn play_variant_starts_a_jigsaw_and_its_seed_is_kept() {
    let config = tempfile::tempdir().unwrap();
    let args = ["play", "--variant", "jigsaw", "--size", "6", "--seed", "7"];
    // the frame can arrive in several reads: wait for its last lines too
    let whole_frame = |t: &str| {
        t.contains("Rules    jigsaw")
            && t.contains("6x6, regions")
            && t.contains("Seed     7")
            && t.contains("┗")
            && t.contains(" place")
    };
    let mut s = common::Session::start_in(config.path(), &args, 80, 24);
    let first = s.wait_for("the jigsaw", whole_frame);
    s.send("q");
    assert!(s.wait_exit().success());
    let again = tempfile::tempdir().unwrap();
    let mut s = common::Session::start_in(again.path(), &args, 80, 24);
    let second = s.wait_for("the jigsaw again", whole_frame);
    let board = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| l.chars().take(40).collect::<String>())
            .collect()
    };
    assert_eq!(board(&first), board(&second));
    s.send("q");
    assert!(s.wait_exit().success());
}
