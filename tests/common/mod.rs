//! The real binary in a pseudo-terminal, its screen read back through vt100:
//! shared by the end-to-end tests.
#![cfg(unix)]
#![allow(dead_code)] // each test file uses its own part

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

pub struct Session {
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    pub child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
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
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_tudoku"));
        cmd.args(args);
        cmd.env("TUDOKU_CONFIG_DIR", config);
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
            _config: None,
        }
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
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
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

/// The number after `label` in the side panel (`Filled   30/81` gives 30).
pub fn panel_number(screen: &str, label: &str) -> usize {
    let line = screen.lines().find(|l| l.contains(label)).unwrap();
    let field = line.split(label).nth(1).unwrap().trim();
    field
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap()
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
