//! The real binary in a pseudo-terminal, its screen read back through vt100:
//! shared by the end-to-end tests.
#![cfg(unix)]
#![allow(dead_code)] // each test file uses its own part

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, BorrowedFd};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// The binary in a pseudo-terminal. Dropping it kills the binary if it is
/// still running (a failed test leaves no process behind).
pub struct Session {
    screen: Arc<Mutex<vt100::Parser>>,
    /// The terminal's side: `None` once `hang_up` has closed it.
    writer: Option<Box<dyn Write + Send>>,
    master: Option<Box<dyn MasterPty + Send>>,
    output: Option<JoinHandle<()>>,
    stop_output: Arc<AtomicBool>,
    pub child: Box<dyn Child + Send + Sync>,
    _config: Option<tempfile::TempDir>,
}

impl Session {
    /// `tudoku` with a fresh temporary config directory.
    pub fn start(cols: u16, rows: u16) -> Session {
        let config = tempfile::tempdir().unwrap();
        let mut session = Session::start_in(config.path(), &[], cols, rows);
        session._config = Some(config);
        session
    }

    /// `tudoku ARGS` with the config directory `config`.
    pub fn start_in(config: &Path, args: &[&str], cols: u16, rows: u16) -> Session {
        Session::spawn(config, args, cols, rows, true)
    }

    /// As `start_in`, but the pseudo-terminal is not the process's
    /// controlling terminal, so closing it sends no SIGHUP.
    pub fn start_detached(config: &Path, args: &[&str], cols: u16, rows: u16) -> Session {
        Session::spawn(config, args, cols, rows, false)
    }

    /// As `start_in`, run through `prefix` (see `as_player`): the binary's
    /// path follows the prefix, then `args`.
    pub fn start_through(
        prefix: &[String],
        config: &Path,
        args: &[&str],
        cols: u16,
        rows: u16,
    ) -> Session {
        Session::spawn_through(prefix, config, args, cols, rows, true)
    }

    fn spawn(config: &Path, args: &[&str], cols: u16, rows: u16, controlling: bool) -> Session {
        Session::spawn_through(&[], config, args, cols, rows, controlling)
    }

    fn spawn_through(
        prefix: &[String],
        config: &Path,
        args: &[&str],
        cols: u16,
        rows: u16,
        controlling: bool,
    ) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let binary = env!("CARGO_BIN_EXE_tudoku");
        let mut cmd = match prefix.split_first() {
            Some((program, rest)) => {
                let mut cmd = CommandBuilder::new(program);
                cmd.args(rest);
                cmd.arg(binary);
                cmd
            }
            None => CommandBuilder::new(binary),
        };
        cmd.args(args);
        cmd.env("TUDOKU_CONFIG_DIR", config);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        cmd.set_controlling_tty(controlling);
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let master_fd = pair.master.as_raw_fd().unwrap();
        // SAFETY: `pair.master` holds the descriptor open while it is copied.
        let reader = File::from(
            unsafe { BorrowedFd::borrow_raw(master_fd) }
                .try_clone_to_owned()
                .unwrap(),
        );
        let writer = pair.master.take_writer().unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            nonzero(rows),
            nonzero(cols),
            0,
        )));
        let stop_output = Arc::new(AtomicBool::new(false));
        let output = {
            let (screen, stop) = (Arc::clone(&screen), Arc::clone(&stop_output));
            thread::spawn(move || copy_output(reader, &screen, &stop))
        };
        Session {
            screen,
            writer: Some(writer),
            master: Some(pair.master),
            output: Some(output),
            stop_output,
            child,
            _config: None,
        }
    }

    /// Closes the terminal's side of the pseudo-terminal, as a terminal
    /// window does when it is closed; what the screen showed stays readable.
    pub fn hang_up(&mut self) {
        self.stop_output.store(true, Ordering::SeqCst);
        if let Some(output) = self.output.take() {
            output.join().unwrap();
        }
        self.writer = None;
        self.master = None;
    }

    pub fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen satisfies `ready`, failing after 10 s.
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
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
            thread::sleep(Duration::from_millis(5));
        }
    }

    pub fn send(&mut self, bytes: &str) {
        let writer = self.writer.as_mut().expect("the terminal was hung up");
        writer.write_all(bytes.as_bytes()).unwrap();
        writer.flush().unwrap();
    }

    pub fn pid(&self) -> u32 {
        self.child.process_id().unwrap()
    }

    pub fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "did not exit");
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// The terminal is back to normal: main screen, cursor shown.
    pub fn assert_restored(&self) {
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

impl Drop for Session {
    fn drop(&mut self) {
        // Only a child not yet waited for: a reaped one's pid may be reused.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        self.stop_output.store(true, Ordering::SeqCst);
    }
}

/// Copies what the binary writes into `screen` until its side closes or
/// `stop` is set (looked at every 20 ms), then closes its copy of the
/// terminal's side.
fn copy_output(mut master: File, screen: &Mutex<vt100::Parser>, stop: &AtomicBool) {
    let mut buf = [0u8; 4096];
    while !stop.load(Ordering::SeqCst) {
        if !readable(&master, 20) {
            continue;
        }
        match master.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(k) => screen.lock().unwrap().process(&buf[..k]),
        }
    }
}

/// True when `file` has something to read (or has closed) within `ms`.
fn readable(file: &File, ms: libc::c_int) -> bool {
    let mut fd = libc::pollfd {
        fd: file.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd whose descriptor `file` keeps open.
    unsafe { libc::poll(&mut fd, 1, ms) > 0 }
}

/// The number of the process's controlling terminal (0: it has none), from
/// /proc/PID/stat.
pub fn controlling_tty(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    // after the name: state, ppid, pgrp, session, tty_nr
    fields[4].parse().unwrap()
}

/// The number after `label` in the side panel (`Filled   30/81` gives 30);
/// none while that line has not arrived whole, as in a frame half drawn.
pub fn panel_number(screen: &str, label: &str) -> Option<usize> {
    let line = screen.lines().find(|l| l.contains(label))?;
    let field = line.split(label).nth(1)?.trim();
    field
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// The user the faults tests play as when they run as root, who passes every
/// permission check and would hide the faults they cause (`nobody`).
pub const PLAYER_UID: u32 = 65534;

/// True when the tests run as root.
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// A command prefix that runs the binary as an ordinary user (through
/// setpriv when the tests run as root) with the given umask, if any.
pub fn as_player(umask: Option<u32>) -> Vec<String> {
    let mut prefix: Vec<String> = Vec::new();
    if is_root() {
        prefix.extend(
            [
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "--",
            ]
            .map(String::from),
        );
    }
    if let Some(mask) = umask {
        prefix.extend([
            "sh".to_string(),
            "-c".to_string(),
            format!("umask {mask:03o}; exec \"$0\" \"$@\""),
        ]);
    }
    prefix
}

/// Gives `path` and everything under it to the player of `as_player`.
pub fn hand_to_player(path: &Path) {
    if !is_root() {
        return;
    }
    std::os::unix::fs::lchown(path, Some(PLAYER_UID), Some(PLAYER_UID)).unwrap();
    if std::fs::symlink_metadata(path).unwrap().is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            hand_to_player(&entry.unwrap().path());
        }
    }
}

/// Sends a signal by name (`-TERM`) to a process.
pub fn signal(pid: u32, name: &str) {
    let sent = std::process::Command::new("kill")
        .args([name, &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// The process state letter from /proc (T when stopped).
pub fn process_state(pid: u32) -> char {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    stat.rsplit(')')
        .next()
        .and_then(|rest| rest.trim().chars().next())
        .unwrap_or('?')
}

fn nonzero(k: u16) -> std::num::NonZero<u16> {
    std::num::NonZero::new(k).unwrap()
}
