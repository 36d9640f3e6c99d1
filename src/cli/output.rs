//! Writing batch results to stdout and messages to stderr. A closed pipe
//! (`tudoku solve | head`) ends the command quietly instead of panicking
//! like `println!` would; a closed stderr (`2>&1 | head`) loses the
//! message, not the command.

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub use super::json::Format;
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

/// How long a batch's messages may wait to be written together.
const MESSAGE_DELAY: Duration = Duration::from_millis(50);

/// Bytes of messages that are written at once.
const MESSAGE_PAGE: usize = 8192;

/// The messages a batch says about its puzzles, to stderr in few writes:
/// a write a line held up the one thread that hands out every result
/// (`hint --jobs 2` on serg_benchmark, a message a puzzle: 1.22x to 1.45x
/// of `--jobs 1` once gathered). A message
/// waits at most until the next one or the next result after
/// [`MESSAGE_DELAY`] (see [`Messages::tick`]), a page fills, or the batch
/// ends; as with [`say!`], a stderr that cannot take them is ignored.
pub struct Messages {
    buf: Vec<u8>,
    since: Instant,
}

impl Messages {
    pub fn new() -> Messages {
        Messages {
            buf: Vec::new(),
            since: Instant::now(),
        }
    }

    /// Says one line.
    pub fn say(&mut self, line: fmt::Arguments) {
        let _ = writeln!(self.buf, "{line}");
        self.tick();
    }

    /// Writes out what waits when it has waited long enough or fills a page.
    pub fn tick(&mut self) {
        if !self.buf.is_empty()
            && (self.buf.len() >= MESSAGE_PAGE || self.since.elapsed() >= MESSAGE_DELAY)
        {
            self.flush();
        }
    }

    pub fn flush(&mut self) {
        if !self.buf.is_empty() {
            let _ = io::stderr().write_all(&self.buf);
            self.buf.clear();
        }
        self.since = Instant::now();
    }
}

impl Drop for Messages {
    fn drop(&mut self) {
        self.flush();
    }
}

/// How the commands report, global flags of every command.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct Report {
    /// Output format: text, or JSON Lines (one object per puzzle, slot or
    /// stats row; README lists the fields).
    #[arg(
        long,
        global = true,
        value_enum,
        default_value_t,
        value_name = "FORMAT"
    )]
    pub format: Format,
    /// Write nothing to standard output: the exit status tells how it went
    /// (errors still go to standard error).
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// Never draw progress on standard error, even on a terminal.
    #[arg(long, global = true)]
    pub no_progress: bool,
}

impl Report {
    /// True for `--format json`.
    pub fn json(&self) -> bool {
        self.format == Format::Json
    }

    /// True unless `--no-progress` or `--quiet` said otherwise (progress
    /// still shows only on a terminal).
    pub fn progress(&self) -> bool {
        !self.quiet && !self.no_progress
    }
}

pub struct Output {
    out: BufWriter<io::StdoutLock<'static>>,
    /// `--quiet`: lines are dropped.
    quiet: bool,
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
            quiet: false,
        }
    }

    /// Standard output as `report` asks: nothing at all with `--quiet`.
    pub fn for_report(report: &Report) -> Output {
        Output {
            quiet: report.quiet,
            ..Output::new()
        }
    }

    pub fn line(&mut self, text: &str) -> Result<(), OutputError> {
        if self.quiet {
            return Ok(());
        }
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
