//! `tudoku solve --count` stops at its default limit and, on a terminal,
//! says how far it has got.

mod cli_common;

use cli_common::{run, stderr, stdout};

fn empty(cells: usize) -> String {
    format!("{}\n", ".".repeat(cells))
}

#[test]
#[ignore = "a million solutions: 6 s in a debug build, 0.2 s optimised (CI runs it with --release)"]
fn an_empty_board_stops_at_the_default_limit_of_a_million() {
    // the empty 9x9 board has about 6.7e21 solutions; counting stops at 1,000,000
    let o = run(&["solve", "--count"], empty(81));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "at least 1000000\n");
    // nothing on stderr when it is not a terminal
    assert_eq!(stderr(&o), "");
}

#[test]
fn limit_zero_counts_them_all_and_a_limit_above_the_count_is_exact() {
    // the empty 2x3 6x6 board has 28,200,960 solutions (DESIGN.md)
    let o = run(&["solve", "--count", "--limit", "0"], empty(36));
    assert_eq!(stdout(&o), "28200960\n");
    let o = run(&["solve", "--count", "--limit", "289"], empty(16));
    assert_eq!(stdout(&o), "288\n");
    let o = run(&["solve", "--count", "--limit", "288"], empty(16));
    assert_eq!(stdout(&o), "at least 288\n");
}

#[cfg(unix)]
#[test]
fn a_terminal_on_stderr_shows_the_count_going() {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::process::{Command, Stdio};

    let (mut master, mut slave): (libc::c_int, libc::c_int) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the locals.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            // (null_mut: Apple's openpty takes *mut where Linux's takes *const)
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(opened, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("empty.txt");
    std::fs::write(&file, empty(81)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(["solve", "--count", "--limit", "200000"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("start tudoku");
    // read the terminal side while the command runs; it ends with EIO once
    // the command (the only holder of the other side) exits
    let reader = std::thread::spawn(move || {
        let mut terminal = std::fs::File::from(master);
        let mut seen = Vec::new();
        let mut buffer = [0u8; 4096];
        while let Ok(n) = terminal.read(&mut buffer) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buffer[..n]);
        }
        String::from_utf8_lossy(&seen).into_owned()
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert!(child.wait().unwrap().success());
    let shown = reader.join().unwrap();
    assert_eq!(out, "at least 200000\n");
    // the solver reports every 65,536 solutions
    assert!(
        shown.contains("counting: 65536 solutions so far"),
        "{shown:?}"
    );
    // and the line is cleared at the end
    assert!(shown.ends_with("\r\x1b[2K"), "{shown:?}");
}
