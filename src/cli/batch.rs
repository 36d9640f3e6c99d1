//! The loop every per-puzzle batch command (solve, rate, hint, and any
//! later one) shares: stream the input, handle each puzzle on every core
//! (or say why a line is not one), keep stdout aligned with the input's
//! puzzles, report problems on stderr as `NAME:LINE: message`, and turn the
//! outcome into an exit status.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use tudoku_engine::symbol;
use tudoku_engine::{Grid, Shape, first_clash};

use super::input::{Entry, open_input};
use super::lines::MAX_LINE_BYTES;
use super::output::{Output, say};
use super::parallel::{JobsArg, Stop, map_in_order};
use super::status::Status;

/// What every per-puzzle batch command reads: its input, the box shape and
/// how many threads to use. Flattened into each command's arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct BatchArgs {
    /// Puzzle file, one puzzle per line; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// Box shape as RxC (rows x columns per box), e.g. 3x2 for a 6x6 board
    /// with tall boxes.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// What a command made of one puzzle.
pub struct Outcome {
    /// Lines for stdout.
    pub lines: Vec<String>,
    /// Why the puzzle failed, for stderr after the input's name and the
    /// puzzle's line.
    pub message: Option<String>,
    /// Something worth knowing about a puzzle that did not fail. Warnings
    /// are counted and summarised in one line at the end; `--verbose`
    /// prints each with its line instead.
    pub warning: Option<&'static str>,
    /// False when this puzzle counts as a failure for the exit status.
    pub ok: bool,
}

impl Outcome {
    /// A puzzle handled as asked, printing `lines`.
    pub fn done(lines: Vec<String>) -> Outcome {
        Outcome {
            lines,
            message: None,
            warning: None,
            ok: true,
        }
    }

    /// A puzzle that failed: `word` on stdout keeps the lines aligned.
    pub fn failed(word: &str) -> Outcome {
        Outcome {
            ok: false,
            ..Outcome::done(vec![word.to_string()])
        }
    }

    /// The outcome with `message` for stderr.
    pub fn because(self, message: String) -> Outcome {
        Outcome {
            message: Some(message),
            ..self
        }
    }

    /// The outcome with a warning to count.
    pub fn warning(self, warning: &'static str) -> Outcome {
        Outcome {
            warning: Some(warning),
            ..self
        }
    }
}

/// Why `grid` has no solution, for stderr: the first two givens that clash,
/// as `r1c1 and r1c2 both hold 1` with the board's symbol for the digit,
/// or `otherwise` when no two do.
pub fn no_solution_because(grid: &Grid, otherwise: &str) -> String {
    match first_clash(grid) {
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

/// Runs a worker from `make_worker` on every puzzle of the input, on the
/// threads `--jobs` asks for (each thread makes its own worker), and writes
/// the outcomes in input order as they come: the input is a stream and is
/// never held whole. `verbose` prints each warning with its line. The exit
/// status is 0 when every puzzle was read and reported ok, 1 when some
/// puzzle failed, 2 when the input could not be read or the output written.
pub fn run_batch<W>(args: &BatchArgs, verbose: bool, make_worker: impl Fn() -> W + Sync) -> ExitCode
where
    W: FnMut(&Grid) -> Outcome,
{
    let stream = match open_input(args.file.as_ref()) {
        Ok(stream) => stream,
        Err(message) => {
            say!("tudoku: {message}");
            return Status::Trouble.into();
        }
    };
    let mut sink = Sink::new(stream.name.clone(), verbose);
    map_in_order(
        args.jobs.count(),
        stream.puzzles(args.box_shape),
        || {
            let mut each = make_worker();
            move |entry: Entry, _: &Stop| entry.map(|puzzle| (puzzle.line, each(&puzzle.grid)))
        },
        |handled| sink.take(handled),
    );
    sink.finish().into()
}

/// A puzzle's line and what the worker made of it.
type Handled = Entry<(usize, Outcome)>;

/// Writes outcomes in input order and keeps the count for the exit status.
struct Sink {
    name: String,
    out: Output,
    verbose: bool,
    puzzles: usize,
    /// Each warning not printed, and how many puzzles had it.
    warnings: BTreeMap<&'static str, usize>,
    status: Status,
}

impl Sink {
    fn new(name: String, verbose: bool) -> Sink {
        Sink {
            name,
            out: Output::new(),
            verbose,
            puzzles: 0,
            warnings: BTreeMap::new(),
            status: Status::Success,
        }
    }

    /// Writes one outcome, or says why a line is not a puzzle; `Break`
    /// when the command must stop.
    fn take(&mut self, handled: Handled) -> ControlFlow<()> {
        let name = &self.name;
        let outcome = match handled {
            Entry::Puzzle((line, outcome)) => {
                if let Some(message) = &outcome.message {
                    say!("{name}:{line}: {message}");
                }
                if let Some(warning) = outcome.warning {
                    if self.verbose {
                        say!("{name}:{line}: {warning}");
                    } else {
                        *self.warnings.entry(warning).or_default() += 1;
                    }
                }
                outcome
            }
            Entry::Invalid(e) => {
                say!("{name}:{}:{}: {}", e.line, e.column, e.kind);
                Outcome::failed("invalid")
            }
            Entry::TooLong { line } => {
                say!("{name}:{line}: line too long (over {MAX_LINE_BYTES} bytes)");
                Outcome::failed("invalid")
            }
            Entry::Unreadable(e) => {
                say!("tudoku: cannot read {name}: {e}");
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

    /// Flushes stdout, sums up the warnings and gives the exit status.
    fn finish(mut self) -> Status {
        if let Err(e) = self.out.finish() {
            self.status = self.status.max(e.status());
        }
        for (warning, count) in &self.warnings {
            let s = if *count == 1 { "" } else { "s" };
            say!(
                "{}: {warning}: {count} puzzle{s} (--verbose names each line)",
                self.name
            );
        }
        if self.puzzles == 0 && self.status == Status::Success {
            say!("{}: no puzzles found", self.name);
            self.status = Status::PuzzleFailed;
        }
        self.status
    }
}
