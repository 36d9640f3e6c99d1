//! `tudoku hint`: the next logical step for each puzzle, explained; with
//! `--all`, the whole solve path one step per line.

use std::process::ExitCode;

use tudoku_engine::Grid;
use tudoku_engine::{Hint, next_hint, solve_path};

use super::batch::{BatchArgs, Outcome, no_solution_because, run_batch};

#[derive(clap::Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Print every step of a logical solve, numbered, with a blank line
    /// after each puzzle.
    #[arg(long)]
    pub all: bool,
}

pub fn run(args: &HintArgs) -> ExitCode {
    run_batch(&args.batch, false, || {
        |grid| {
            let result = if args.all {
                whole_path(grid)
            } else {
                next_step(grid)
            };
            match result {
                Ok(lines) => Outcome::done(lines),
                Err(why) => {
                    let why = no_solution_because(grid, &why);
                    Outcome::failed("no hint").because(format!("no hint: {why}"))
                }
            }
        }
    })
}

/// Every step of a logical solve, numbered, then a blank line.
fn whole_path(grid: &Grid) -> Result<Vec<String>, String> {
    let steps = solve_path(grid).map_err(|e| e.to_string())?;
    let mut lines: Vec<String> = steps
        .iter()
        .enumerate()
        .map(|(i, step)| format!("{}. {}", i + 1, step.explanation))
        .collect();
    lines.push(String::new());
    Ok(lines)
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
