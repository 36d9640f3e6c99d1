//! The loop every per-puzzle batch command shares: read the input, handle
//! each puzzle (or report why a line is not one), keep stdout aligned with
//! the input's puzzles, and turn the outcome into an exit status.

use std::path::PathBuf;
use std::process::ExitCode;

use tudoku::engine::{Grid, Shape, parse_puzzles};

use super::input::{Input, read_input};
use super::output::{Output, OutputError};

/// What a command made of one puzzle.
pub struct Outcome {
    /// Lines for stdout.
    pub lines: Vec<String>,
    /// False when this puzzle counts as a failure for the exit status.
    pub ok: bool,
}

/// Runs `each` on every puzzle of `file` (stdin for `None` or `-`). Exit
/// status 0 only when every puzzle was read and `each` reported it ok.
pub fn run_batch(
    file: Option<&PathBuf>,
    shape: Option<Shape>,
    mut each: impl FnMut(&Input, usize, &Grid) -> Outcome,
) -> ExitCode {
    let input = match read_input(file) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("tudoku: {message}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = Output::new();
    let result = (|| -> Result<bool, OutputError> {
        let mut all_ok = true;
        let mut puzzles = 0;
        for item in parse_puzzles(&input.text, shape) {
            puzzles += 1;
            let outcome = match item {
                Ok(puzzle) => each(&input, puzzle.line, &puzzle.grid),
                Err(error) => {
                    input.report(&error);
                    Outcome {
                        lines: vec!["invalid".into()],
                        ok: false,
                    }
                }
            };
            all_ok &= outcome.ok;
            for line in &outcome.lines {
                out.line(line)?;
            }
        }
        if puzzles == 0 {
            input.report_empty();
            all_ok = false;
        }
        out.finish()?;
        Ok(all_ok)
    })();
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => e.exit_code(),
    }
}
