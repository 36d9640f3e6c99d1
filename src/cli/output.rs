//! Writing batch results to stdout and messages to stderr. A closed pipe
//! (`tudoku solve | head`) ends the command quietly instead of panicking
//! like `println!` would; a closed stderr (`2>&1 | head`) loses the
//! message, not the command.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use super::status::Status;

/// `eprintln!` that never panics: the line goes to stderr in one write,
/// and a stderr that cannot take it is ignored.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::output::say_line(format_args!($($arg)*))
    };
}
pub(crate) use say;

/// What [`say!`] does.
pub fn say_line(line: std::fmt::Arguments) {
    let text = format!("{line}\n");
    let _ = io::stderr().write_all(text.as_bytes());
}

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
        // two plain writes: `writeln!` goes through the formatting machinery,
        // a measurable share of a 9x9 solve's time
        self.out.write_all(text.as_bytes()).map_err(classify)?;
        self.out.write_all(b"\n").map_err(classify)
    }

    /// Text that already holds its line ends, such as a generated script.
    pub fn bytes(&mut self, bytes: &[u8]) -> Result<(), OutputError> {
        self.out.write_all(bytes).map_err(classify)
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
    /// The exit status for a command whose output stopped, for commands
    /// that return it directly.
    pub fn exit_code(self) -> ExitCode {
        self.status().into()
    }

    /// The exit status for a command whose output stopped: a reader that
    /// went away (`| head`) is not a failure.
    pub fn status(self) -> Status {
        match self {
            OutputError::Closed => Status::Success,
            OutputError::Failed(e) => {
                say!("tudoku: cannot write output: {e}");
                Status::Trouble
            }
        }
    }
}
