//! The loop every per-puzzle batch command shares: stream the input, handle
//! each puzzle (or say why a line is not one), keep stdout aligned with the
//! input's puzzles, report problems on stderr as `NAME:LINE: message`, and
//! turn the outcome into an exit status.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use tudoku::engine::grid::symbol;
use tudoku::engine::{Grid, Shape, validate};

use super::input::{Entry, open_input};
use super::lines::MAX_LINE_BYTES;
use super::output::Output;
use super::status::Status;

/// What a command made of one puzzle.
pub struct Outcome {
    /// Lines for stdout.
    pub lines: Vec<String>,
    /// Messages for stderr, each printed after the input's name and the
    /// puzzle's line.
    pub messages: Vec<String>,
    /// False when this puzzle counts as a failure for the exit status.
    pub ok: bool,
}

impl Outcome {
    /// A puzzle handled as asked, printing `lines`.
    pub fn done(lines: Vec<String>) -> Outcome {
        Outcome {
            lines,
            messages: Vec::new(),
            ok: true,
        }
    }

    /// A puzzle that failed: `word` on stdout keeps the lines aligned.
    pub fn failed(word: &str) -> Outcome {
        Outcome {
            lines: vec![word.to_string()],
            messages: Vec::new(),
            ok: false,
        }
    }

    /// The outcome with `message` for stderr.
    pub fn because(mut self, message: String) -> Outcome {
        self.messages.push(message);
        self
    }
}

/// Why `grid` has no solution, for stderr: the first two givens that clash,
/// as `r1c1 and r1c2 both hold 1` with the board's symbol for the digit,
/// or `otherwise` when no two do.
pub fn no_solution_because(grid: &Grid, otherwise: &str) -> String {
    match validate::first_clash(grid) {
        Some(clash) => {
            let g = grid.shape().geometry();
            format!(
                "{} and {} both hold {}",
                g.cell_name(clash.first),
                g.cell_name(clash.second),
                symbol(clash.digit)
            )
        }
        None => otherwise.to_string(),
    }
}

/// Runs `each` on every puzzle of `file` (stdin for `None` or `-`) with the
/// line the puzzle starts on. The exit status is 0 when every puzzle was
/// read and `each` reported it ok, 1 when some puzzle failed, 2 when the
/// input could not be read or the output written.
pub fn run_batch(
    file: Option<&PathBuf>,
    shape: Option<Shape>,
    mut each: impl FnMut(&Grid) -> Outcome,
) -> ExitCode {
    let stream = match open_input(file) {
        Ok(stream) => stream,
        Err(message) => {
            eprintln!("tudoku: {message}");
            return Status::Trouble.into();
        }
    };
    let mut sink = Sink::new(stream.name.clone());
    for entry in stream.puzzles(shape) {
        let handled = entry.map(|puzzle| (puzzle.line, each(&puzzle.grid)));
        if sink.take(handled).is_break() {
            break;
        }
    }
    sink.finish().into()
}

/// A puzzle's line and what `each` made of it.
type Handled = Entry<(usize, Outcome)>;

/// Writes outcomes in input order and keeps the count for the exit status.
struct Sink {
    name: String,
    out: Output,
    puzzles: usize,
    status: Status,
}

impl Sink {
    fn new(name: String) -> Sink {
        Sink {
            name,
            out: Output::new(),
            puzzles: 0,
            status: Status::Success,
        }
    }

    /// Writes one outcome, or says why a line is not a puzzle; `Break`
    /// when the command must stop.
    fn take(&mut self, handled: Handled) -> ControlFlow<()> {
        let name = &self.name;
        let outcome = match handled {
            Entry::Puzzle((line, outcome)) => {
                for message in &outcome.messages {
                    eprintln!("{name}:{line}: {message}");
                }
                outcome
            }
            Entry::Invalid(e) => {
                eprintln!("{name}:{}:{}: {}", e.line, e.column, e.kind);
                Outcome::failed("invalid")
            }
            Entry::TooLong { line } => {
                eprintln!("{name}:{line}: line too long (over {MAX_LINE_BYTES} bytes)");
                Outcome::failed("invalid")
            }
            Entry::Unreadable(e) => {
                eprintln!("tudoku: cannot read {name}: {e}");
                self.status = Status::Trouble;
                return ControlFlow::Break(());
            }
        };
        self.puzzles += 1;
        if !outcome.ok {
            self.status = self.status.max(Status::PuzzleFailed);
        }
        for text in &outcome.lines {
            if let Err(e) = self.out.line(text) {
                self.status = self.status.max(e.status());
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    /// Flushes stdout and gives the exit status.
    fn finish(mut self) -> Status {
        if self.puzzles == 0 && self.status == Status::Success {
            eprintln!("{}: no puzzles found", self.name);
            self.status = Status::PuzzleFailed;
        }
        if let Err(e) = self.out.finish() {
            self.status = self.status.max(e.status());
        }
        self.status
    }
}
