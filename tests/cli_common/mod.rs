//! Running the `tudoku` binary as a batch command in CLI tests.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Runs `tudoku args` with `stdin` piped in, and collects its output. The
/// input is written from a thread so that a large input cannot deadlock
/// against output the command writes meanwhile.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = spawn(args);
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.as_ref().to_vec();
    // The command may stop reading early (a bad line ends it), so a broken
    // pipe here is not an error.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("tudoku runs");
    writer.join().expect("the writer thread does not panic");
    output
}

/// Starts `tudoku args` with stdin, stdout and stderr piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tudoku")
}

/// What the command wrote to stdout, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What the command wrote to stderr, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
