//! What the system asks of a running game, under one contract on every
//! platform: a request to stop (Unix: SIGTERM, SIGHUP, SIGINT; Windows:
//! Ctrl-C, Ctrl-Break, closing the console window, logging off, shutting
//! down) sets the quit flag, and the event loop saves, restores the terminal
//! and returns; a request to suspend (Unix: SIGTSTP) sets the suspend flag.
//! Each request also wakes the event loop through its input channel, so it
//! is acted on at once rather than at the next clock tick.
//!
//! Windows gives a console's process a few seconds after a close, logoff or
//! shutdown event and then ends it, so there the event's handler waits
//! (within that time) for the game to have saved: until [`Signals`] drops.
//! Windows has no job control; a suspend there only pauses the game.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

use super::input::Input;

#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix as os;
#[cfg(windows)]
mod windows;
#[cfg(windows)]
use windows as os;

pub use os::{Forward, JOB_CONTROL, stop_until_continued};

/// The flags the event loop polls between events. Registered before the
/// terminal is taken, so that no request finds it taken and unhandled.
pub struct Signals {
    quit: Arc<AtomicBool>,
    suspend: Arc<AtomicBool>,
}

impl Signals {
    /// Catches the requests to stop and to suspend instead of letting them
    /// kill or stop a process whose terminal is in raw mode.
    pub fn register() -> io::Result<Signals> {
        let signals = Signals {
            quit: Arc::new(AtomicBool::new(false)),
            suspend: Arc::new(AtomicBool::new(false)),
        };
        os::register(&signals.quit, &signals.suspend)?;
        Ok(signals)
    }

    /// Sends an `Input::Signal` for every request from now until the
    /// returned `Forward` drops.
    pub fn forward(&self, to: Sender<Input>) -> io::Result<Forward> {
        os::forward(to)
    }

    pub fn quit_requested(&self) -> bool {
        self.quit.load(Ordering::SeqCst)
    }

    /// True once per request to suspend.
    pub fn take_suspend(&self) -> bool {
        self.suspend.swap(false, Ordering::SeqCst)
    }
}

impl Drop for Signals {
    /// The game has saved (or never started): a close event may end it now.
    fn drop(&mut self) {
        os::finished();
    }
}
