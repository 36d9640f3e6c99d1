//! The exit statuses every batch command shares, as README.md's "Exit
//! status" section documents them: a script can tell a puzzle that failed
//! from a command that could not run.

use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every puzzle was read and handled.
    Success,
    /// Some puzzle failed: not a puzzle, no solution, not rated, no hint,
    /// not generated; or the input held no puzzle at all.
    PuzzleFailed,
    /// The command could not do its job: bad usage, an input that cannot be
    /// opened or read, output that cannot be written. (clap exits with 2 on
    /// bad usage too.)
    Trouble,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        match status {
            Status::Success => ExitCode::SUCCESS,
            Status::PuzzleFailed => ExitCode::from(1),
            Status::Trouble => ExitCode::from(2),
        }
    }
}
