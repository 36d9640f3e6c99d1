//! End to end with files: the real binary in a pseudo-terminal and a
//! temporary config directory. Killed with SIGKILL at random moments it
//! always comes back with a save that loads and has lost at most the move in
//! flight; SIGTERM loses nothing; a damaged autosave is reported in the game
//! and kept aside; a second instance says which process holds the autosave
//! and never writes it; a finished game is not resumed.
// Unix only: every test plays in a pseudo-terminal and sends signals.
#![cfg(unix)]

use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{Action, Game};
use crate::storage::saves::AUTOSAVE;
use crate::storage::{ConfigDir, Loaded, SavedGame, load, store};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tudoku_engine::{Difficulty, Shape};

use crate::common::{Session, panel_number, signal};

fn autosave(dir: &Path) -> std::path::PathBuf {
    ConfigDir::at(dir).save_file(AUTOSAVE)
}

fn saved(dir: &Path) -> Game {
    match load::<SavedGame>(&autosave(dir)) {
        Loaded::Ok(saved) => saved.game,
        other => panic!("the autosave does not load: {other:?}"),
    }
}

fn names_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

fn wait_until(what: &str, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out: {what}"
        );
        thread::sleep(Duration::from_millis(5));
    }
}

/// A game to make moves in: one empty cell is selected, and each move puts
/// a wrong digit in it (alternating two), so the Mistakes count in the panel
/// and in the file counts the moves.
struct Mover {
    cell: usize,
    wrong: [u8; 2],
}

impl Mover {
    /// Starts a fixed new game in `dir` and selects an empty cell. Mistake
    /// checking is on, so that the panel shows the count.
    fn start(dir: &Path) -> (Session, Mover) {
        std::fs::write(
            dir.join("config.toml"),
            "[settings]\ncheck_mistakes = true\n",
        )
        .unwrap();
        let mut s = Session::start_in(dir, &["play", "--seed", "11"], 80, 24);
        s.wait_for("the board", |t| t.contains("Mistakes"));
        wait_until("the first autosave", || autosave(dir).exists());
        s.send("\t");
        wait_until("the selection", || saved(dir).selected() != 0);
        let game = saved(dir);
        let cell = game.selected();
        assert_eq!(game.value(cell), 0);
        let right = game.solution().get(cell);
        let wrong: Vec<u8> = (1..=9).filter(|&d| d != right).take(2).collect();
        (
            s,
            Mover {
                cell,
                wrong: [wrong[0], wrong[1]],
            },
        )
    }

    /// Sends one move given what the cell holds now; returns the new value.
    fn send(&self, s: &mut Session, current: u8) -> u8 {
        let digit = if current == self.wrong[0] {
            self.wrong[1]
        } else {
            self.wrong[0]
        };
        s.send(&digit.to_string());
        digit
    }
}

/// Plays, kills with SIGKILL at a random moment around a move, restarts,
/// and checks the save, `rounds` times.
fn killed_and_resumed(rounds: usize, seed: u64) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut s, mover) = Mover::start(dir);
    let mut confirmed = 0;
    let mut value = 0;
    let mut in_flight_kept = 0;
    for round in 0..rounds {
        for _ in 0..rng.random_range(0..3) {
            value = mover.send(&mut s, value);
            confirmed += 1;
            s.wait_for("the move", |t| {
                panel_number(t, "Mistakes") == Some(confirmed)
            });
        }
        // one more move in flight, and a kill at a random moment around it
        mover.send(&mut s, value);
        thread::sleep(Duration::from_micros(rng.random_range(0..15_000)));
        signal(s.pid(), "-KILL");
        s.wait_exit();
        let game = saved(dir);
        let kept = game.mistakes() as usize;
        assert!(
            kept == confirmed || kept == confirmed + 1,
            "round {round}: {confirmed} moves confirmed, {kept} saved"
        );
        assert_eq!(game.selected(), mover.cell);
        in_flight_kept += kept - confirmed;
        confirmed = kept;
        value = game.value(mover.cell);
        s = Session::start_in(dir, &[], 80, 24);
        s.wait_for("the resumed game", |t| {
            t.contains("Mistakes") && panel_number(t, "Mistakes") == Some(confirmed)
        });
        let names = names_in(&ConfigDir::at(dir).saves_dir());
        assert!(!names.iter().any(|n| n.contains("corrupt")), "{names:?}");
    }
    s.send("q");
    assert!(s.wait_exit().success());
    assert_eq!(saved(dir).mistakes() as usize, confirmed);
    println!(
        "{rounds} kills: the move in flight was saved {in_flight_kept} times, lost {} times",
        rounds - in_flight_kept
    );
}

/// 50 kills take a few seconds even in a debug build; every wait is bounded.
#[test]
fn sigkill_at_random_moments_loses_at_most_the_last_move() {
    killed_and_resumed(50, 1);
}

#[test]
fn sigterm_loses_nothing_and_resume_is_exact() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (mut s, mover) = Mover::start(dir);
    let mut value = 0;
    for k in 1..=3 {
        value = mover.send(&mut s, value);
        s.wait_for("the move", |t| panel_number(t, "Mistakes") == Some(k));
    }
    s.send("n"); // notes mode is part of the game too
    s.wait_for("notes mode", |t| t.contains("NOTES"));
    thread::sleep(Duration::from_millis(1100));
    let before = s.contents();
    signal(s.pid(), "-TERM");
    assert!(s.wait_exit().success());
    s.assert_restored();
    let game = saved(dir);
    assert_eq!(game.mistakes(), 3);
    assert!(game.notes_mode());
    assert!(
        game.elapsed(Instant::now()) >= Duration::from_secs(1),
        "the time up to the signal"
    );
    let started = Instant::now();
    let mut s = Session::start_in(dir, &[], 80, 24);
    let labels = ["Seed", "Mistakes", "Filled", "Cell", "Level", "Hints"];
    let after = s.wait_for("the resumed game, whole", |t| {
        t.contains("NOTES") && labels.iter().all(|l| t.contains(l))
    });
    println!(
        "resumed game's first frame after {:?} (debug build)",
        started.elapsed()
    );
    for label in labels {
        let line = |t: &str| {
            t.lines()
                .find(|l| l.contains(label))
                .unwrap()
                .split(label)
                .nth(1)
                .unwrap()
                .trim()
                .to_string()
        };
        assert_eq!(line(&after), line(&before), "{label}");
    }
    s.send("q");
    assert!(s.wait_exit().success());
}

#[test]
fn a_damaged_autosave_is_reported_kept_and_play_starts_fresh() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let path = autosave(dir);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let junk = b"format_version = 1\n[game]\nnotes = [1, 2\x00\x00\x00";
    std::fs::write(&path, junk).unwrap();
    let mut s = Session::start_in(dir, &[], 80, 24);
    let text = s.wait_for("the notice", |t| {
        t.contains("damaged") && t.contains("Filled")
    });
    assert!(text.contains("┏"), "the board is there:\n{text}");
    let names = names_in(&ConfigDir::at(dir).saves_dir());
    let aside: Vec<&String> = names
        .iter()
        .filter(|n| n.starts_with("autosave.toml.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1, "{names:?}");
    assert_eq!(
        std::fs::read(ConfigDir::at(dir).saves_dir().join(aside[0])).unwrap(),
        junk
    );
    s.send("q");
    assert!(s.wait_exit().success());
    saved(dir);
}

#[test]
fn a_second_instance_names_the_holder_and_never_writes_the_autosave() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (mut first, mover) = Mover::start(dir);
    let pid = first.pid().to_string();
    let seed = saved(dir).seed().unwrap().to_string();

    // a second tudoku is told, and looks at the game read-only
    let mut second = Session::start_in(dir, &[], 100, 40);
    second.wait_for("the question", |t| {
        t.contains("Game in use") && t.contains(&pid) && t.contains("read-only")
    });
    second.send("\r");
    second.wait_for("the first one's game", |t| {
        t.contains("read-only view") && t.contains(&seed) && !t.contains("Game in use")
    });
    let mut value = 0;
    for k in 1..=3 {
        value = mover.send(&mut first, value);
        first.wait_for("the move", |t| panel_number(t, "Mistakes") == Some(k));
        second.send("\t");
        second.send("5");
        second.wait_for("the refusal", |t| t.contains("Read-only"));
    }
    second.send("q");
    assert!(second.wait_exit().success());
    assert_eq!(saved(dir).mistakes(), 3);

    // a third asks for a new game instead: it goes to a slot of its own
    let mut third = Session::start_in(dir, &[], 100, 40);
    third.wait_for("the question", |t| t.contains("Game in use"));
    third.send("\x0e"); // ctrl-n: new game
    third.wait_for("the new game form", |t| t.contains("New game"));
    third.send("\r");
    third.wait_for("the new game", |t| t.contains("'autosave-2'"));
    third.send("q");
    assert!(third.wait_exit().success());
    let spare = load::<SavedGame>(&ConfigDir::at(dir).save_file("autosave-2"))
        .ok()
        .expect("the new game is saved in its own slot");
    assert_ne!(spare.game.seed(), saved(dir).seed());

    first.send("q");
    assert!(first.wait_exit().success());
    let game = saved(dir);
    assert_eq!((game.mistakes(), game.selected()), (3, mover.cell));
    assert_eq!(game.seed().unwrap().to_string(), seed);
}

#[test]
fn a_finished_game_is_not_resumed() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let now = Instant::now();
    let mut game = Game::generate(Shape::for_size(4).unwrap(), Difficulty::Easy, 3, now);
    for cell in 0..16 {
        if game.value(cell) == 0 {
            let digit = game.solution().get(cell);
            game.apply(Action::Select(cell), now).unwrap();
            game.apply(Action::Place(digit), now).unwrap();
        }
    }
    assert!(game.is_won());
    store(&autosave(dir), &SavedGame::capture(&mut game, now)).unwrap();
    let mut s = Session::start_in(dir, &[], 80, 24);
    let text = s.wait_for("a new game", |t| t.contains("Filled"));
    assert!(
        text.contains("9x9"),
        "the config's default size, not the won 4x4:\n{text}"
    );
    s.send("q");
    assert!(s.wait_exit().success());
    assert_eq!(saved(dir).shape().n(), 9);
}

#[test]
fn play_load_and_saves_on_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    let now = Instant::now();
    let mut game = Game::generate(Shape::new(3, 2).unwrap(), Difficulty::Medium, 8, now);
    game.apply(Action::Pause, now).unwrap();
    crate::storage::saves::save_slot(&dir, "six", &SavedGame::capture(&mut game, now), false)
        .unwrap();
    let list = std::process::Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(["saves", "--config-dir"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert!(list.status.success());
    let text = String::from_utf8(list.stdout).unwrap();
    let row = text.lines().find(|l| l.starts_with("six ")).expect(&text);
    assert!(
        row.contains("6x6 3x2") && row.contains("medium") && row.contains("0/"),
        "{row}"
    );
    std::fs::write(dir.save_file("junk"), b"\xff\xfe not a save").unwrap();
    let list = std::process::Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(["saves", "--config-dir"])
        .arg(tmp.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&list.stderr);
    assert!(
        err.contains("damaged") && err.contains("junk.toml.corrupt-"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&list.stdout).contains("six "));
    let mut s = Session::start_in(tmp.path(), &["play", "--load", "six"], 80, 24);
    s.wait_for("the slot's game, paused as saved", |t| {
        t.contains("6x6, box 3x2") && t.contains("Paused")
    });
    s.send("q");
    assert!(s.wait_exit().success());
    let missing = std::process::Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(["play", "--load", "nothing", "--config-dir"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no saved game 'nothing'"));
}

/// Every form of `tudoku play` keeps the autosave's unfinished game in a
/// slot of its own before the new game takes its place, and the first
/// screen says where; the kept games' names never collide.
#[test]
fn play_in_every_form_keeps_the_unfinished_game_and_says_where() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path());
    let now = Instant::now();
    let mut kept = Vec::new();
    for args in [
        &["play", "--size", "4", "--seed", "3"][..],
        &["play", "--daily", "--size", "4"],
        &["play", "..4.1......4.2.."],
        &["play", "--size", "4", "--seed", "3"],
    ] {
        // an unfinished game with progress in the autosave
        let mut game = Game::generate(Shape::for_size(4).unwrap(), Difficulty::Easy, 9, now);
        game.apply(Action::Jump(crate::game::Jump::NextEmpty), now)
            .unwrap();
        game.apply(Action::ToggleNote(2), now).unwrap();
        store(&autosave(tmp.path()), &SavedGame::capture(&mut game, now)).unwrap();
        let mut s = Session::start_in(tmp.path(), args, 120, 40);
        let text = s.wait_for("where the game went", |t| t.contains("is kept in"));
        s.send("q");
        assert!(s.wait_exit().success(), "{args:?}");
        let slots: Vec<String> = crate::storage::saves::list(&dir)
            .unwrap()
            .into_iter()
            .map(|s| s.name)
            .filter(|n| n != AUTOSAVE && !kept.contains(n))
            .collect();
        assert_eq!(slots.len(), 1, "{args:?}: {slots:?}");
        let name = &slots[0];
        assert!(text.contains(name.as_str()), "{args:?}: {name}\n{text}");
        let back = crate::storage::saves::load_named(&dir, name).unwrap();
        assert_eq!(
            back.game.notes(back.game.selected()),
            game.notes(game.selected())
        );
        kept.push(name.clone());
    }
}

/// The board's part of a screen: the rows of the grid, without the panel.
fn board_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter(|l| l.starts_with(['┏', '┃', '┠', '┣', '┗']))
        .map(|l| l.chars().take(55).collect())
        .collect()
}

#[test]
fn a_variant_game_is_resumed_with_its_rules_cages_and_sums() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut s = Session::start_in(dir, &["play", "--seed", "11"], 80, 24);
    s.wait_for("the board", |t| t.contains("Filled") && t.contains("Cell"));
    // F9, down to the rules, left from classic wraps to the last: killer+x
    s.send("\x1b[20~");
    s.wait_for("the dialog", |t| t.contains("New game"));
    s.send("\x1b[B");
    s.send("\x1b[D");
    s.wait_for("killer+x picked", |t| t.contains("< killer+x >"));
    s.send("\r");
    // the new game's frame is drawn over the old one's: killer has no givens
    s.wait_for("the killer game with no givens", |t| {
        t.contains("Rules    killer+x")
            && t.contains("Cell     r1c1")
            && panel_number(t, "Filled") == Some(0)
    });
    s.send("5");
    let before = s.wait_for("the digit", |t| panel_number(t, "Filled") == Some(1));
    s.send("q");
    assert!(s.wait_exit().success());
    s.assert_restored();
    let game = saved(dir);
    assert_eq!(game.variant().to_string(), "killer+x");
    assert!(!game.rules().cages().is_empty());
    assert_eq!(game.value(0), 5);
    // the next start resumes it: same rules, same cages and sums on screen
    let mut s = Session::start_in(dir, &[], 80, 24);
    let after = s.wait_for("the resumed game", |t| {
        // the first frame can arrive in several reads: wait for its last lines
        t.contains("Rules    killer+x")
            && panel_number(t, "Filled") == Some(1)
            && t.contains("┗")
            && t.contains(" place")
    });
    assert_eq!(board_rows(&after), board_rows(&before));
    assert!(board_rows(&after).len() >= 10, "{after}");
    s.send("q");
    assert!(s.wait_exit().success());
}
