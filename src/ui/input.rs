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
//! the reader spins, and the process (with the reader) ends right after.
//! Signals (`super::signals`) are passed on through the same channel, so the
//! loop acts on them at once rather than at its next tick.
//!
//! On Windows the console does not hang up: closing its window is a control
//! event, which `super::signals` turns into a request to quit.

use std::io;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

use crossterm::event::{self, Event};

use super::signals::{Forward, Signals};

#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix as os;
#[cfg(windows)]
mod windows;
#[cfg(windows)]
use windows as os;

pub use os::CONTROLLING_TERMINAL;

/// What the loop hears from the terminal.
pub enum Input {
    Event(Event),
    /// The terminal went away: nobody is left to play or to tell.
    HangUp,
    /// A signal came (its flag in `Signals` says which): the loop looks at
    /// once instead of at the next tick.
    Signal,
    /// Reading or watching the terminal failed.
    Failed(io::Error),
}

/// The terminal's input, read and watched on their own threads.
pub struct Inputs {
    inputs: Receiver<Input>,
    watch: os::Watch,
    /// Ends the passing on of signals when dropped.
    _signals: Forward,
}

impl Inputs {
    pub fn start(signals: &Signals) -> io::Result<Inputs> {
        let (sender, inputs) = mpsc::channel();
        let watch = os::Watch::start(sender.clone())?;
        let forward = signals.forward(sender.clone())?;
        thread::Builder::new()
            .name("tty-read".into())
            .spawn(move || read(&sender))?;
        Ok(Inputs {
            inputs,
            watch,
            _signals: forward,
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
        self.watch.hung_up()
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
