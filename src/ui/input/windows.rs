//! The console on Windows does not hang up: closing its window is a control
//! event, handled in `super::super::signals` as a request to quit. So there
//! is nothing to watch.

use std::io;
use std::sync::mpsc::Sender;

use super::Input;

/// The console's input, which crossterm reads whatever standard input is.
pub const CONTROLLING_TERMINAL: &str = "CONIN$";

pub struct Watch;

impl Watch {
    pub fn start(_sender: Sender<Input>) -> io::Result<Watch> {
        Ok(Watch)
    }

    pub fn hung_up(&self) -> bool {
        false
    }
}
