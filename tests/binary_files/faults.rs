//! Fault injection, end to end: the real binary, played as an ordinary user
//! (root passes every permission check and would hide these faults), against
//! a config directory holding files it cannot read, directories it cannot
//! write, and things an attacker planted. Each case checks that the player's
//! files keep their bytes and mode, what the game says, how it exits, and
//! that it answers in time instead of hanging.
// Unix only: Unix permissions and modes, setpriv, FIFOs and devices.
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::storage::saves::AUTOSAVE;
use crate::storage::{ConfigDir, SavedGame, store};
use tudoku_engine::{Difficulty, Shape};

use crate::common::{Session, as_player, hand_to_player, is_root};

/// The seed of the planted game, shown in the panel when it is resumed.
const SEED: u64 = 424_242;

/// A config directory with a saved 4x4 game in its autosave; returns the
/// directory and the save's path.
fn with_saved_game(tmp: &Path) -> (ConfigDir, PathBuf) {
    let dir = ConfigDir::at(tmp.join("cfg"));
    let path = dir.save_file(AUTOSAVE);
    let mut game = Game::generate(
        Shape::for_size(4).unwrap(),
        Difficulty::Easy,
        SEED,
        Instant::now(),
    );
    store(&path, &SavedGame::capture(&mut game, Instant::now())).unwrap();
    (dir, path)
}

/// `with_saved_game` and the save's bytes, for a case about permissions:
/// `None` when the tests run as root and cannot play as anyone else.
fn permission_case(tmp: &Path) -> Option<(ConfigDir, PathBuf, Vec<u8>)> {
    if is_root() && !setpriv_works() {
        return None;
    }
    let (dir, path) = with_saved_game(tmp);
    let bytes = fs::read(&path).unwrap();
    Some((dir, path, bytes))
}

fn mode(path: &Path) -> u32 {
    fs::symlink_metadata(path).unwrap().permissions().mode() & 0o7777
}

fn chmod(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// The names in a directory, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The side panel's text as one string without spaces: what is right of
/// the board on each line, so that a message wrapped over lines reads whole.
fn panel(screen: &str) -> String {
    screen
        .lines()
        .map(
            |line| match line.rfind(['┃', '┨', '┫', '┓', '┛', '|', '+']) {
                Some(at) => line[at..].chars().skip(1).collect(),
                None => line.to_string(),
            },
        )
        .collect::<String>()
        .replace(' ', "")
}

/// The panel says `words` (spaces aside).
fn says(screen: &str, words: &str) -> bool {
    panel(screen).contains(&words.replace(' ', ""))
}

/// The board and panel are up.
fn playing(screen: &str) -> bool {
    screen.contains("Filled") && screen.contains("Seed")
}

/// Starts the game as the player in `dir`, wide enough for long paths.
fn start(dir: &ConfigDir, umask: Option<u32>) -> Session {
    hand_to_player(dir.root().parent().unwrap());
    Session::start_through(&as_player(umask), dir.root(), &[], 200, 50)
}

/// Plays a digit (so that the game wants to autosave), then quits.
fn move_and_quit(s: &mut Session) {
    s.send("\t1");
    std::thread::sleep(Duration::from_millis(150));
    s.send("q");
    assert!(s.wait_exit().success());
}

#[test]
fn a_save_that_cannot_be_read_is_kept_aside_and_never_written_over() {
    let tmp = tempfile::tempdir().unwrap();
    let Some((dir, path, bytes)) = permission_case(tmp.path()) else {
        return;
    };
    chmod(&path, 0o000);
    let mut s = start(&dir, None);
    s.wait_for("the notice", |t| {
        playing(t) && says(t, "could not be read (permission denied)") && says(t, "unreadable-")
    });
    move_and_quit(&mut s);
    let kept: Vec<String> = names(&dir.saves_dir())
        .into_iter()
        .filter(|n| n.starts_with("autosave.toml.unreadable-"))
        .collect();
    assert_eq!(kept.len(), 1, "{:?}", names(&dir.saves_dir()));
    let kept = dir.saves_dir().join(&kept[0]);
    assert_eq!(fs::read(&kept).unwrap(), bytes);
    assert_eq!(mode(&kept), 0o000);
    // the new game is saved beside it, private
    assert_eq!(mode(&path), 0o600);
}

#[test]
fn a_save_that_cannot_be_read_nor_moved_is_left_as_it_is() {
    let tmp = tempfile::tempdir().unwrap();
    let Some((dir, path, bytes)) = permission_case(tmp.path()) else {
        return;
    };
    chmod(&path, 0o000);
    let before = names(&dir.saves_dir());
    hand_to_player(tmp.path());
    chmod(&dir.saves_dir(), 0o500);
    let mut s = start(&dir, None);
    s.wait_for("the notice", |t| {
        playing(t) && says(t, "left as it is") && says(t, "not autosaved")
    });
    move_and_quit(&mut s);
    chmod(&dir.saves_dir(), 0o700);
    assert_eq!(names(&dir.saves_dir()), before);
    assert_eq!(fs::read(&path).unwrap(), bytes);
    assert_eq!(mode(&path), 0o000);
}

#[test]
fn a_read_only_directory_still_resumes_the_game() {
    let tmp = tempfile::tempdir().unwrap();
    let Some((dir, path, bytes)) = permission_case(tmp.path()) else {
        return;
    };
    hand_to_player(tmp.path());
    chmod(&dir.saves_dir(), 0o500);
    chmod(dir.root(), 0o500);
    let mut s = start(&dir, None);
    s.wait_for("the resumed game and the notice", |t| {
        playing(t)
            && t.contains(&SEED.to_string())
            && says(t, "read-only")
            && says(t, "without saving")
    });
    move_and_quit(&mut s);
    chmod(dir.root(), 0o700);
    chmod(&dir.saves_dir(), 0o700);
    assert_eq!(fs::read(&path).unwrap(), bytes);
}

#[test]
fn links_planted_in_the_directory_are_never_written_through() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, path) = with_saved_game(tmp.path());
    let victims = tmp.path().join("victims");
    fs::create_dir(&victims).unwrap();
    let victim = |name: &str| {
        let v = victims.join(name);
        fs::write(&v, format!("{name} belongs to the player\n")).unwrap();
        chmod(&v, 0o644);
        v
    };
    // the lock of the autosave, the stats file, a slot and the stats lock
    let lock = victim("lock");
    symlink(&lock, dir.saves_dir().join("autosave.toml.lock")).unwrap();
    let stats = victim("stats");
    symlink(&stats, dir.stats_file()).unwrap();
    let stats_lock = victim("stats-lock");
    symlink(&stats_lock, dir.root().join("stats.toml.lock")).unwrap();
    // and one named like the autosave's temporary files (whose real names
    // are random, created exclusively): its target is never written
    let temp = victim("temp");
    let temp_link = dir.saves_dir().join(".autosave.toml.AbC123.tmp");
    symlink(&temp, &temp_link).unwrap();
    let planted: Vec<(PathBuf, Vec<u8>)> = [&lock, &stats, &stats_lock, &temp]
        .iter()
        .map(|v| (v.to_path_buf(), fs::read(v).unwrap()))
        .collect();

    let mut s = start(&dir, None);
    s.wait_for("the notice", |t| playing(t) && says(t, "symbolic link"));
    move_and_quit(&mut s);
    for (victim, bytes) in &planted {
        assert_eq!(&fs::read(victim).unwrap(), bytes, "{}", victim.display());
        assert_eq!(mode(victim), 0o644);
    }
    // the stats link was moved aside as a link (and with a link at the
    // stats lock, no stats are recorded at all)
    assert!(!dir.stats_file().exists());
    assert!(
        names(dir.root())
            .iter()
            .any(|n| n.starts_with("stats.toml.unreadable-"))
    );
    // the autosave, whose lock was a link, was left alone
    assert!(fs::symlink_metadata(&path).unwrap().file_type().is_file());
}

#[test]
fn a_fifo_a_device_or_a_huge_file_at_the_save_is_refused_at_once() {
    let link_to_zero = |p: &Path| symlink("/dev/zero", p).unwrap();
    let fifo = |p: &Path| {
        let name = std::ffi::CString::new(p.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    };
    let huge = |p: &Path| {
        // sparse: 200 MB that take no disk
        fs::File::create(p).unwrap().set_len(200 << 20).unwrap();
    };
    type Plant = fn(&Path);
    let cases: [(&str, Plant, &str); 3] = [
        ("link to /dev/zero", link_to_zero, "symbolic link"),
        ("FIFO", fifo, "FIFO"),
        ("200 MB", huge, "200 MB"),
    ];
    for (label, plant, said) in cases {
        let tmp = tempfile::tempdir().unwrap();
        let (dir, path) = with_saved_game(tmp.path());
        fs::remove_file(&path).unwrap();
        plant(&path);
        let started = Instant::now();
        let mut s = start(&dir, None);
        s.wait_for(label, |t| {
            playing(t) && says(t, said) && says(t, "unreadable-")
        });
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{label}: {:?}",
            started.elapsed()
        );
        s.send("q");
        assert!(s.wait_exit().success(), "{label}");
    }
}

#[test]
fn files_are_private_whatever_the_umask_and_a_chosen_mode_is_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = ConfigDir::at(tmp.path().join("fresh"));
    fs::create_dir(tmp.path().join("fresh")).unwrap();
    let mut s = start(&dir, Some(0o000));
    s.wait_for("the game", playing);
    let lock = dir.saves_dir().join("autosave.toml.lock");
    assert_eq!(mode(&lock), 0o600, "the lock while the game runs");
    move_and_quit(&mut s);
    assert_eq!(mode(&dir.saves_dir()), 0o700);
    assert_eq!(mode(&dir.save_file(AUTOSAVE)), 0o600);
    assert_eq!(mode(&dir.stats_file()), 0o600);
    assert!(!lock.exists(), "the lock file is removed at the end");

    chmod(&dir.save_file(AUTOSAVE), 0o640);
    let mut s = start(&dir, Some(0o000));
    s.wait_for("the game", playing);
    move_and_quit(&mut s);
    assert_eq!(mode(&dir.save_file(AUTOSAVE)), 0o640);
}

#[test]
fn play_without_a_terminal_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, path) = with_saved_game(tmp.path());
    fs::write(dir.stats_file(), "format_version = 1\n").unwrap();
    let before: Vec<(String, Vec<u8>)> = names(&dir.saves_dir())
        .into_iter()
        .map(|n| (n.clone(), fs::read(dir.saves_dir().join(n)).unwrap()))
        .collect();
    let stats = fs::read(dir.stats_file()).unwrap();
    for args in [&["play"][..], &[], &["play", "--size", "4"]] {
        let output = no_terminal(Command::new(env!("CARGO_BIN_EXE_tudoku")))
            .arg("--config-dir")
            .arg(dir.root())
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains("needs a terminal"), "{err}");
        let after: Vec<(String, Vec<u8>)> = names(&dir.saves_dir())
            .into_iter()
            .map(|n| (n.clone(), fs::read(dir.saves_dir().join(n)).unwrap()))
            .collect();
        assert_eq!(after, before, "{args:?}");
        assert_eq!(fs::read(dir.stats_file()).unwrap(), stats);
        assert!(path.exists());
    }
}

/// Runs `command` in a session of its own (no controlling terminal, as from
/// cron) with no terminal on its standard streams.
fn no_terminal(mut command: Command) -> Command {
    use std::os::unix::process::CommandExt;
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setsid is async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    command
}

/// Whether setpriv can run the binary as the player here (root without
/// setpriv cannot test permissions honestly; the test then says so).
fn setpriv_works() -> bool {
    let ok = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(env!("CARGO_BIN_EXE_tudoku"))
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!(
            "setpriv cannot run the binary as an ordinary user: permission faults not tested"
        );
    }
    ok
}

/// SIGHUP (the terminal's window closed) ends the game at once and saves
/// it, even when the game is paused and the loop would sleep a whole second
/// before its next tick.
#[test]
fn a_hang_up_ends_a_paused_game_at_once_and_saves_it() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, path) = with_saved_game(tmp.path());
    let mut s = start(&dir, None);
    s.wait_for("the game", playing);
    s.send("p");
    s.wait_for("the pause", |t| {
        t.contains("Paused") || t.contains("PAUSED")
    });
    std::thread::sleep(Duration::from_millis(100));
    let before = fs::metadata(&path).unwrap().modified().unwrap();
    let sent = Instant::now();
    crate::common::signal(s.pid(), "-HUP");
    assert!(s.wait_exit().success());
    let took = sent.elapsed();
    assert!(took < Duration::from_millis(600), "exit took {took:?}");
    assert!(fs::metadata(&path).unwrap().modified().unwrap() >= before);
    let saved = crate::storage::load::<SavedGame>(&path).ok().unwrap();
    assert!(saved.game.is_paused(), "saved as it was, paused");
}

/// A link planted at the save itself is not followed, on reading or on
/// writing: it is moved aside as a link and its target keeps its bytes;
/// config.toml may be a link (dotfiles), but not to a device.
#[test]
fn a_link_at_the_save_or_the_config_is_never_followed_into_harm() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, path) = with_saved_game(tmp.path());
    let victim = tmp.path().join("victim.toml");
    fs::rename(&path, &victim).unwrap();
    let bytes = fs::read(&victim).unwrap();
    symlink(&victim, &path).unwrap();
    symlink("/dev/zero", dir.config_file()).unwrap();
    // a link named like a temporary file a killed tudoku left: cleared at
    // start by the autosave's holder, as a link
    let temp_link = dir.saves_dir().join(".autosave.toml.XyZ789.tmp");
    symlink(&victim, &temp_link).unwrap();
    let mut s = start(&dir, None);
    s.wait_for("the notices", |t| {
        playing(t) && says(t, "symbolic link") && says(t, "config.toml") && says(t, "a device")
    });
    move_and_quit(&mut s);
    assert_eq!(fs::read(&victim).unwrap(), bytes);
    assert!(
        fs::symlink_metadata(&temp_link).is_err(),
        "the stale link is gone"
    );
    let kept = names(&dir.saves_dir());
    assert!(
        kept.iter()
            .any(|n| n.starts_with("autosave.toml.unreadable-")),
        "{kept:?}"
    );
    assert!(fs::symlink_metadata(&path).unwrap().file_type().is_file());
}
