//! Signals on Unix, through signal-hook: flags set by the handlers, and a
//! thread that turns each signal into an input for the event loop.

use std::io;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Sender;
use std::thread;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGTSTP};

use crate::ui::input::Input;

/// A suspended process can be stopped and continued by the shell.
pub const JOB_CONTROL: bool = true;

pub fn register(quit: &Arc<AtomicBool>, suspend: &Arc<AtomicBool>) -> io::Result<()> {
    for signal in [SIGTERM, SIGHUP, SIGINT] {
        signal_hook::flag::register(signal, Arc::clone(quit))?;
    }
    signal_hook::flag::register(SIGTSTP, Arc::clone(suspend))?;
    Ok(())
}

/// Ends the forwarding thread when dropped.
pub struct Forward(signal_hook::iterator::Handle);

impl Drop for Forward {
    fn drop(&mut self) {
        self.0.close();
    }
}

pub fn forward(to: Sender<Input>) -> io::Result<Forward> {
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGTSTP])?;
    let handle = signals.handle();
    thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                if to.send(Input::Signal).is_err() {
                    return;
                }
            }
        })?;
    Ok(Forward(handle))
}

/// Stops the process as SIGTSTP would have, until the shell continues it.
pub fn stop_until_continued() -> io::Result<()> {
    signal_hook::low_level::emulate_default_handler(SIGTSTP)
}

/// Nothing waits for the game to finish on Unix.
pub fn finished() {}
