//! Where the App keeps its files: the config directory and this process's
//! autosave. A type of its own so that the App holds it without depending
//! on the file work in `disk`, which depends on the App.

use crate::storage::{Autosave, ConfigDir};

/// The config directory and this process's autosave.
#[derive(Debug)]
pub struct Disk {
    pub dir: ConfigDir,
    pub autosave: Autosave,
}

impl Disk {
    /// Takes the directory's autosave (see `Autosave::open` for a second instance).
    pub fn open(dir: ConfigDir) -> Disk {
        let autosave = Autosave::open(&dir);
        Disk { dir, autosave }
    }
}
