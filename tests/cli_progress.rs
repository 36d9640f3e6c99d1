//! The progress bar of `generate` on a terminal, and `--no-progress` and
//! `--quiet`, which keep it off. Needs a pseudo-terminal (Unix).
#![cfg(unix)]

use std::io::Read;

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

/// Everything `tudoku args` writes to its terminal, raw.
fn on_a_terminal(args: &[&str]) -> String {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_tudoku"));
    cmd.args(args);
    let mut child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let mut bytes = Vec::new();
    // ends with an error (EIO) once the child has closed the terminal
    let mut buffer = [0; 4096];
    while let Ok(n) = reader.read(&mut buffer) {
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&buffer[..n]);
    }
    assert!(child.wait().unwrap().success());
    String::from_utf8_lossy(&bytes).into_owned()
}

const GENERATE: [&str; 6] = ["generate", "-n", "3", "--seed", "1", "-j1"];

#[test]
fn generate_shows_a_bar_unless_told_not_to() {
    let shown = on_a_terminal(&GENERATE);
    assert!(shown.contains("] 1/3"), "{shown:?}");
    for flag in ["--no-progress", "--quiet"] {
        let mut args = GENERATE.to_vec();
        args.push(flag);
        let quiet = on_a_terminal(&args);
        assert!(!quiet.contains("/3"), "{flag}: {quiet:?}");
    }
}
