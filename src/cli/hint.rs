//! `tudoku hint`: the next logical step for each puzzle, explained; with
//! `--all`, the whole solve path one step per line.

use std::path::PathBuf;
use std::process::ExitCode;

use tudoku::engine::hint::{Hint, next_hint, solve_path};
use tudoku::engine::{Grid, Shape};

use super::batch::{Outcome, run_batch};

#[derive(clap::Args, Debug)]
pub struct HintArgs {
    /// Puzzle file, one puzzle per line; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// Print every step of a logical solve, numbered, with a blank line
    /// after each puzzle.
    #[arg(long)]
    pub all: bool,
    /// Box shape as RxC, e.g. 3x2 for a 6x6 board with tall boxes.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,
}

pub fn run(args: &HintArgs) -> ExitCode {
    run_batch(args.file.as_ref(), args.box_shape, |input, line, grid| {
        let result = if args.all {
            solve_path(grid)
                .map(|steps| {
                    let mut lines: Vec<String> = steps
                        .iter()
                        .enumerate()
                        .map(|(i, step)| format!("{}. {}", i + 1, step.explanation))
                        .collect();
                    lines.push(String::new());
                    lines
                })
                .map_err(|e| e.to_string())
        } else {
            next_step(grid)
        };
        match result {
            Ok(lines) => Outcome { lines, ok: true },
            Err(why) => {
                input.report_line(line, &format!("no hint: {why}"));
                Outcome {
                    lines: vec!["no hint".into()],
                    ok: false,
                }
            }
        }
    })
}

/// The one-line hint for a puzzle's givens.
fn next_step(grid: &Grid) -> Result<Vec<String>, String> {
    let entries = Grid::empty(grid.shape());
    match next_hint(grid, &entries, None, None).map_err(|e| e.to_string())? {
        Hint::Step { step, .. } => Ok(vec![step.explanation]),
        Hint::Solved => Ok(vec!["solved".into()]),
        Hint::Mistakes(_) | Hint::MissingNotes(_) => {
            unreachable!("a puzzle without entries or notes has no mistake")
        }
    }
}
