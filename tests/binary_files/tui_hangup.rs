//! End to end: a terminal that goes away mid-game. Closing the terminal's
//! side of the pseudo-terminal must end the game as SIGHUP does, whether or
//! not a SIGHUP comes with it: the process exits (instead of spinning on a
//! tty that only reads EOF), and the game it saves on the way out has the
//! move and the time played up to the hang-up.
// Unix only: every test hangs up a pseudo-terminal.
#![cfg(unix)]

use std::path::Path;
use std::thread;
use std::time::Duration;

use crate::storage::saves::AUTOSAVE;
use crate::storage::{ConfigDir, Loaded, SavedGame, load};

use crate::common::{Session, controlling_tty, panel_number};

fn filled(screen: &str) -> Option<usize> {
    panel_number(screen, "Filled")
}

/// The first frame has arrived: board and panel.
fn whole_board(screen: &str) -> bool {
    screen.contains("Filled") && screen.contains("┏") && screen.contains("Cell")
}

/// The autosave's game once it loads and satisfies `ready`.
fn saved_when(dir: &Path, ready: impl Fn(&SavedGame) -> bool) -> SavedGame {
    let file = ConfigDir::at(dir).save_file(AUTOSAVE);
    let start = std::time::Instant::now();
    loop {
        if let Loaded::Ok(saved) = load::<SavedGame>(&file)
            && ready(&saved)
        {
            return saved;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for the autosave"
        );
        thread::sleep(Duration::from_millis(5));
    }
}

/// Plays one digit in a game started by `start`, closes the terminal, and
/// checks the exit and what was saved.
fn hang_up_after_a_move(start: fn(&Path) -> Session, controlling: bool) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut s = start(dir);
    let screen = s.wait_for("the board", whole_board);
    assert_eq!(
        controlling_tty(s.pid()) != 0,
        controlling,
        "the pseudo-terminal is the controlling terminal: {controlling} expected"
    );
    let givens = filled(&screen).expect("the panel drawn");
    s.send("\t5"); // to the next empty cell, and a digit there
    s.wait_for("the digit", |t| filled(t) == Some(givens + 1));
    let at_move = saved_when(dir, |g| g.game.filled_count() == givens + 1);

    // the clock runs on until the hang-up; the save on the way out says so
    thread::sleep(Duration::from_millis(1100));
    s.hang_up();
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");

    let at_exit = saved_when(dir, |_| true);
    assert_eq!(at_exit.game.filled_count(), givens + 1);
    assert!(
        at_exit.summary().time >= at_move.summary().time + Duration::from_secs(1),
        "not saved on the way out: {:?} played at the move, {:?} at exit",
        at_move.summary().time,
        at_exit.summary().time
    );

    // and the next start resumes it
    let mut again = Session::start_in(dir, &[], 80, 24);
    let screen = again.wait_for("the board", whole_board);
    assert_eq!(filled(&screen), Some(givens + 1));
    again.send("q");
    assert!(again.wait_exit().success());
}

fn start_detached(dir: &Path) -> Session {
    Session::start_detached(dir, &[], 80, 24)
}

fn start_controlling(dir: &Path) -> Session {
    Session::start_in(dir, &[], 80, 24)
}

#[test]
fn a_closed_terminal_without_sighup_ends_and_saves_the_game() {
    hang_up_after_a_move(start_detached, false);
}

#[test]
fn a_closed_controlling_terminal_ends_and_saves_the_game() {
    hang_up_after_a_move(start_controlling, true);
}
