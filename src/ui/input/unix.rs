//! Watching the terminal for a hang-up on Unix: poll(2) on the terminal
//! crossterm reads, on a thread of its own.

use std::fs::File;
use std::io::{self, IsTerminal};
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::sync::mpsc::Sender;
use std::thread;

use super::Input;

/// The process's own terminal, which crossterm reads when standard input
/// is not one.
pub const CONTROLLING_TERMINAL: &str = "/dev/tty";

/// The watched terminal, kept open to ask whether it has hung up.
pub struct Watch {
    tty: OwnedFd,
}

impl Watch {
    /// Starts a thread that sends `Input::HangUp` once the terminal goes.
    pub fn start(sender: Sender<Input>) -> io::Result<Watch> {
        let tty = open_tty()?;
        let watched = tty.try_clone()?;
        thread::Builder::new()
            .name("tty-watch".into())
            .spawn(move || watch(&watched, &sender))?;
        Ok(Watch { tty })
    }

    pub fn hung_up(&self) -> bool {
        wait(&self.tty, 0).unwrap_or(false)
    }
}

/// The terminal crossterm reads, by crossterm's rule: standard input when
/// it is a terminal, else /dev/tty.
fn open_tty() -> io::Result<OwnedFd> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        stdin.as_fd().try_clone_to_owned()
    } else {
        File::open(CONTROLLING_TERMINAL).map(OwnedFd::from)
    }
}

/// Waits until `tty` hangs up, then says so.
fn watch(tty: &OwnedFd, sender: &Sender<Input>) {
    let input = match wait(tty, -1) {
        Ok(_) => Input::HangUp,
        Err(e) => Input::Failed(e),
    };
    let _ = sender.send(input);
}

/// Waits up to `timeout_ms` (-1: for ever) for `tty` to hang up; true if
/// it has. Asking poll(2) for no events leaves only the ones it always
/// reports: POLLHUP, POLLERR and POLLNVAL.
fn wait(tty: &OwnedFd, timeout_ms: libc::c_int) -> io::Result<bool> {
    let mut watched = libc::pollfd {
        fd: tty.as_raw_fd(),
        events: 0,
        revents: 0,
    };
    loop {
        // SAFETY: one valid pollfd, whose descriptor `tty` keeps open
        // for the whole call.
        let ready = unsafe { libc::poll(&mut watched, 1, timeout_ms) };
        if ready >= 0 {
            return Ok(ready > 0);
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}
