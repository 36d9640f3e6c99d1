//! Writing batch results to stdout. A closed pipe (`tudoku solve | head`)
//! ends the command quietly instead of panicking like `println!` would.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

pub struct Output {
    out: BufWriter<io::StdoutLock<'static>>,
}

/// Why output stopped: the reader went away, or writing failed for real.
pub enum OutputError {
    Closed,
    Failed(io::Error),
}

impl Output {
    pub fn new() -> Output {
        Output {
            out: BufWriter::new(io::stdout().lock()),
        }
    }

    pub fn line(&mut self, text: &str) -> Result<(), OutputError> {
        writeln!(self.out, "{text}").map_err(classify)
    }

    pub fn finish(mut self) -> Result<(), OutputError> {
        self.out.flush().map_err(classify)
    }
}

fn classify(e: io::Error) -> OutputError {
    if e.kind() == io::ErrorKind::BrokenPipe {
        OutputError::Closed
    } else {
        OutputError::Failed(e)
    }
}

impl OutputError {
    /// The exit status for a command whose output stopped.
    pub fn exit_code(self) -> ExitCode {
        match self {
            OutputError::Closed => ExitCode::SUCCESS,
            OutputError::Failed(e) => {
                eprintln!("tudoku: cannot write output: {e}");
                ExitCode::FAILURE
            }
        }
    }
}
