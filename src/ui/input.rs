//! Terminal input for the event loop, such that a terminal that goes away
//! always ends the game.
//!
//! crossterm 0.29 never reports a hung-up terminal: once the tty reads 0
//! bytes (EOF) or fails, its event source retries the read at once, forever,
//! inside `event::poll` and `event::read` (crossterm-rs/crossterm#793). A loop
//! calling them on the main thread would never run again, so it could not
//! even see a SIGHUP or SIGTERM. Here crossterm reads on a thread of its own,
//! and a second thread waits in poll(2) for the terminal to hang up; both
//! report through one channel, so the hang-up reaches the loop even while
//! the reader spins, and the process (with the reader) ends right after. A
//! third thread passes on signals (SIGHUP, SIGTERM...) through the same
//! channel, so the loop acts on them at once rather than at its next tick.

use std::io;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

use crossterm::event::{self, Event};

/// What the loop hears from the terminal.
pub enum Input {
    Event(Event),
    /// The terminal went away: nobody is left to play or to tell.
    HangUp,
    /// A signal came (its flag in `terminal::Signals` says which): the loop
    /// looks at once instead of at the next tick.
    Signal,
    /// Reading or watching the terminal failed.
    Failed(io::Error),
}

/// The terminal's input, read and watched on their own threads.
pub struct Inputs {
    inputs: Receiver<Input>,
    #[cfg(unix)]
    tty: std::os::fd::OwnedFd,
    /// Ends the thread that turns signals into inputs.
    #[cfg(unix)]
    signals: signal_hook::iterator::Handle,
}

#[cfg(unix)]
impl Drop for Inputs {
    fn drop(&mut self) {
        self.signals.close();
    }
}

impl Inputs {
    pub fn start() -> io::Result<Inputs> {
        let (sender, inputs) = mpsc::channel();
        #[cfg(unix)]
        let tty = {
            let tty = hangup::open_tty()?;
            let watched = tty.try_clone()?;
            let sender = sender.clone();
            thread::Builder::new()
                .name("tty-watch".into())
                .spawn(move || hangup::watch(&watched, &sender))?;
            tty
        };
        #[cfg(unix)]
        let signals = {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGTSTP};
            let mut signals =
                signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGTSTP])?;
            let handle = signals.handle();
            let sender = sender.clone();
            thread::Builder::new()
                .name("signals".into())
                .spawn(move || {
                    for _ in signals.forever() {
                        if sender.send(Input::Signal).is_err() {
                            return;
                        }
                    }
                })?;
            handle
        };
        thread::Builder::new()
            .name("tty-read".into())
            .spawn(move || read(&sender))?;
        Ok(Inputs {
            inputs,
            #[cfg(unix)]
            tty,
            #[cfg(unix)]
            signals,
        })
    }

    /// The next input, or `None` when `timeout` passes first.
    pub fn next(&self, timeout: Duration) -> Option<Input> {
        match self.inputs.recv_timeout(timeout) {
            Ok(input) => Some(input),
            Err(RecvTimeoutError::Timeout) => None,
            // both threads ended, each after saying why
            Err(RecvTimeoutError::Disconnected) => Some(Input::HangUp),
        }
    }

    /// True when the terminal has gone away (an error drawing or reading
    /// is then the hang-up, not something to report).
    pub fn hung_up(&self) -> bool {
        #[cfg(unix)]
        {
            hangup::wait(&self.tty, 0).unwrap_or(false)
        }
        #[cfg(not(unix))]
        {
            false
        }
    }
}

/// Passes crossterm's events on until it fails or the loop is gone.
fn read(sender: &Sender<Input>) {
    loop {
        let (input, last) = match event::read() {
            Ok(event) => (Input::Event(event), false),
            Err(e) => (Input::Failed(e), true),
        };
        if sender.send(input).is_err() || last {
            return;
        }
    }
}

#[cfg(unix)]
mod hangup {
    use std::fs::File;
    use std::io::{self, IsTerminal};
    use std::os::fd::{AsFd, AsRawFd, OwnedFd};
    use std::sync::mpsc::Sender;

    use super::Input;

    /// The terminal crossterm reads, by crossterm's rule: standard input when
    /// it is a terminal, else /dev/tty.
    pub fn open_tty() -> io::Result<OwnedFd> {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            stdin.as_fd().try_clone_to_owned()
        } else {
            File::open("/dev/tty").map(OwnedFd::from)
        }
    }

    /// Waits until `tty` hangs up, then says so.
    pub fn watch(tty: &OwnedFd, sender: &Sender<Input>) {
        let input = match wait(tty, -1) {
            Ok(_) => Input::HangUp,
            Err(e) => Input::Failed(e),
        };
        let _ = sender.send(input);
    }

    /// Waits up to `timeout_ms` (-1: for ever) for `tty` to hang up; true if
    /// it has. Asking poll(2) for no events leaves only the ones it always
    /// reports: POLLHUP, POLLERR and POLLNVAL.
    pub fn wait(tty: &OwnedFd, timeout_ms: libc::c_int) -> io::Result<bool> {
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
}
