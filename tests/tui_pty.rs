//! End to end: the real binary in a pseudo-terminal, its screen read back
//! through vt100. Start, move, place a digit, ask for a hint, undo, open help,
//! quit; and a SIGTERM that must leave the terminal as it found it.
#![cfg(unix)]

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

struct Session {
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
    _config: tempfile::TempDir,
}

impl Session {
    fn start(cols: u16, rows: u16) -> Session {
        let config = tempfile::tempdir().unwrap();
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_tudoku"));
        cmd.env("TUDOKU_CONFIG_DIR", config.path());
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            nonzero(rows),
            nonzero(cols),
            0,
        )));
        let sink = Arc::clone(&screen);
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(k) = reader.read(&mut buf) {
                if k == 0 {
                    break;
                }
                sink.lock().unwrap().process(&buf[..k]);
            }
        });
        Session {
            screen,
            writer,
            child,
            _master: pair.master,
            _config: config,
        }
    }

    fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen satisfies `ready`, failing after 10 s.
    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = self.contents();
            if ready(&text) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "timed out waiting for {what}; screen:\n{text}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "did not exit");
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// The terminal is back to normal: main screen, cursor shown.
    fn assert_restored(&self) {
        // Let the reader thread take the last bytes.
        thread::sleep(Duration::from_millis(200));
        let parser = self.screen.lock().unwrap();
        assert!(
            !parser.screen().alternate_screen(),
            "still on the alternate screen"
        );
        assert!(!parser.screen().hide_cursor(), "cursor still hidden");
    }
}

/// The number before `/81` on the `Filled` line of the panel.
fn filled(screen: &str) -> usize {
    let line = screen.lines().find(|l| l.contains("Filled")).unwrap();
    let field = line.split("Filled").nth(1).unwrap().trim();
    field.split('/').next().unwrap().trim().parse().unwrap()
}

#[test]
fn play_in_a_pseudo_terminal() {
    let started = Instant::now();
    let mut s = Session::start(80, 24);
    let screen = s.wait_for("the board", |t| t.contains("Filled") && t.contains("┏"));
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
    let givens = filled(&screen);
    assert!(screen.contains("Cell     r1c1"));

    s.send("l"); // move right
    s.wait_for("the move", |t| t.contains("Cell     r1c2"));
    s.send("\t"); // to the next empty cell
    s.wait_for("a jump", |t| !t.contains("Cell     r1c2"));
    s.send("5");
    s.wait_for("the digit", |t| filled(t) == givens + 1);

    s.send("\x1b[15~"); // F5: hint
    s.wait_for("the hint", |t| t.contains("Hint:"));

    s.send("u");
    s.wait_for("the undo", |t| filled(t) == givens);

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

fn signal(pid: u32, name: &str) {
    let sent = std::process::Command::new("kill")
        .args([name, &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// The process state letter from /proc (T when stopped).
fn process_state(pid: u32) -> char {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    stat.rsplit(')')
        .next()
        .and_then(|rest| rest.trim().chars().next())
        .unwrap_or('?')
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

fn nonzero(k: u16) -> std::num::NonZero<u16> {
    std::num::NonZero::new(k).unwrap()
}
