//! The loop every per-puzzle batch command (solve, rate, hint, and any
//! later one) shares: stream the input, handle each puzzle on every core
//! (or say why a line is not one), keep stdout aligned with the input's
//! puzzles, report problems on stderr as `NAME:LINE: message`, and turn the
//! outcome into an exit status.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use tudoku_engine::symbol;
use tudoku_engine::{Grid, ParsedPuzzle, Shape, first_clash};

use super::input::{Entry, open_input};
use super::json::Object;
use super::lines::MAX_LINE_BYTES;
use super::output::{Messages, Output, Report, say};
use super::parallel::{JobsArg, Stop, map_in_order};
use super::status::Status;
use super::values;

/// What every per-puzzle batch command reads: its input, the box shape and
/// how many threads to use. Flattened into each command's arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct BatchArgs {
    /// Puzzle file, one puzzle per line; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// Box shape as RxC (rows x columns per box), e.g. 3x2 for a 6x6 board
    /// with tall boxes.
    #[arg(long = "box", short = 'b', value_name = "RxC", value_parser = values::box_shape())]
    pub box_shape: Option<Shape>,
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// What a command made of one puzzle.
pub struct Outcome {
    /// Text for stdout: one line, or several joined by `\n`, written with
    /// a line break after the last; `None` writes nothing. One string, not a
    /// list of lines: almost every outcome is one line, and a list costs an
    /// allocation per puzzle, a measurable share of a 9x9 solve.
    pub text: Option<String>,
    /// With `--format json`: the puzzle's fields, which the batch writes as
    /// one object after `line` and `ok` (and before `error` and `warning`);
    /// `None` writes no object for a puzzle that did not fail.
    pub fields: Option<Object>,
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
    /// A puzzle handled as asked, printing `text` (see [`Outcome::text`]).
    pub fn done(text: String) -> Outcome {
        Outcome {
            text: Some(text),
            ..Outcome::nothing()
        }
    }

    /// A puzzle handled as asked that prints nothing, such as a duplicate
    /// `canon --dedupe` leaves out.
    pub fn nothing() -> Outcome {
        Outcome {
            text: None,
            fields: None,
            message: None,
            warning: None,
            ok: true,
        }
    }

    /// A puzzle that failed: `word` on stdout keeps the lines aligned.
    pub fn failed(word: &str) -> Outcome {
        Outcome {
            ok: false,
            ..Outcome::done(word.to_string())
        }
    }

    /// A puzzle handled as asked, with the text or the JSON fields `report`
    /// asks for, each made only when asked.
    pub fn either(
        report: &Report,
        text: impl FnOnce() -> String,
        fields: impl FnOnce() -> Object,
    ) -> Outcome {
        if report.json() {
            Outcome::nothing().with_fields(fields())
        } else {
            Outcome::done(text())
        }
    }

    /// The outcome with `fields` for a JSON object.
    pub fn with_fields(self, fields: Object) -> Outcome {
        Outcome {
            fields: Some(fields),
            ..self
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
        Some(clash) => format!(
            "{} and {} both hold {}",
            clash.first,
            clash.second,
            symbol(clash.digit)
        ),
        None => otherwise.to_string(),
    }
}

/// Runs a worker from `make_worker` on every puzzle of the input, on the
/// threads `--jobs` asks for (each thread makes its own worker, which owns
/// each puzzle it is given: `solve` writes the solution in its memory),
/// and writes the outcomes in input order as they come: the input is a
/// stream and is never held whole. `verbose` prints each warning with its
/// line. The exit status is 0 when every puzzle was read and reported ok,
/// 1 when some puzzle failed, 2 when the input could not be read or the
/// output written.
pub fn run_batch<W>(
    args: &BatchArgs,
    verbose: bool,
    report: &Report,
    make_worker: impl Fn() -> W + Sync,
) -> ExitCode
where
    W: FnMut(ParsedPuzzle) -> Outcome,
{
    let stream = match open_input(args.file.as_ref()) {
        Ok(stream) => stream,
        Err(message) => {
            say!("tudoku: {message}");
            return Status::Trouble.into();
        }
    };
    let mut sink = Sink::new(stream.name.clone(), verbose, report);
    map_in_order(
        args.jobs.count(),
        stream.puzzles(args.box_shape),
        || {
            let mut each = make_worker();
            move |entry: Entry, _: &Stop| entry.map(|puzzle| (puzzle.line, each(puzzle)))
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
    json: bool,
    puzzles: usize,
    /// Each warning not printed, and how many puzzles had it.
    warnings: BTreeMap<&'static str, usize>,
    status: Status,
    /// What it says about the puzzles, on stderr.
    messages: Messages,
}

impl Sink {
    fn new(name: String, verbose: bool, report: &Report) -> Sink {
        Sink {
            name,
            out: Output::for_report(report),
            verbose,
            json: report.json(),
            puzzles: 0,
            warnings: BTreeMap::new(),
            status: Status::Success,
            messages: Messages::new(),
        }
    }

    /// Writes one outcome, or says why a line is not a puzzle; `Break`
    /// when the command must stop.
    fn take(&mut self, handled: &Handled) -> ControlFlow<()> {
        self.messages.tick();
        let name = &self.name;
        // the outcome of a line that is not a puzzle
        let mut invalid = None;
        let (line, outcome) = match handled {
            Entry::Puzzle((line, outcome)) => {
                if let Some(message) = &outcome.message {
                    self.messages.say(format_args!("{name}:{line}: {message}"));
                }
                if let Some(warning) = outcome.warning {
                    if self.verbose {
                        self.messages.say(format_args!("{name}:{line}: {warning}"));
                    } else {
                        *self.warnings.entry(warning).or_default() += 1;
                    }
                }
                (*line, outcome)
            }
            Entry::Invalid(e) => {
                self.messages
                    .say(format_args!("{name}:{}:{}: {}", e.line, e.column, e.kind));
                let why = format!("column {}: {}", e.column, e.kind);
                (
                    e.line,
                    &*invalid.insert(Outcome::failed("invalid").because(why)),
                )
            }
            Entry::TooLong { line } => {
                let why = format!("line too long (over {MAX_LINE_BYTES} bytes)");
                self.messages.say(format_args!("{name}:{line}: {why}"));
                (
                    *line,
                    &*invalid.insert(Outcome::failed("invalid").because(why)),
                )
            }
            Entry::Unreadable(e) => {
                self.messages
                    .say(format_args!("tudoku: cannot read {name}: {e}"));
                self.status = Status::Trouble;
                return ControlFlow::Break(());
            }
        };
        self.puzzles += 1;
        if !outcome.ok {
            self.status = self.status.max(Status::PuzzleFailed);
        }
        let text = if self.json {
            json_line(line, outcome).map(Cow::Owned)
        } else {
            outcome.text.as_deref().map(Cow::Borrowed)
        };
        if let Some(text) = text
            && let Err(e) = self.out.line(&text)
        {
            self.status = self.status.max(e.status());
            return ControlFlow::Break(());
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
            self.messages.say(format_args!(
                "{}: {warning}: {count} puzzle{s} (--verbose names each line)",
                self.name
            ));
        }
        if self.puzzles == 0 && self.status == Status::Success {
            self.messages
                .say(format_args!("{}: no puzzles found", self.name));
            self.status = Status::PuzzleFailed;
        }
        self.status
    }
}

/// The JSON object for a puzzle's outcome: `line`, `ok`, the command's
/// fields, then `error` and `warning` when there are any; `None` for a
/// puzzle that did not fail and has no fields (a duplicate `canon --dedupe`
/// leaves out).
fn json_line(line: usize, outcome: &Outcome) -> Option<String> {
    if outcome.ok && outcome.fields.is_none() {
        return None;
    }
    let mut object = Object::new()
        .num("line", line as u64)
        .bool("ok", outcome.ok);
    if let Some(fields) = &outcome.fields {
        object = object.merge(fields.clone());
    }
    if let Some(message) = &outcome.message {
        object = object.str("error", message);
    }
    if let Some(warning) = outcome.warning {
        object = object.str("warning", warning);
    }
    Some(object.line())
}
