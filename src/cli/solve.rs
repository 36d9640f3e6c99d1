//! `tudoku solve`: one output line per puzzle: its solution, `no solution`,
//! or with `--count` the number of solutions.

use std::path::PathBuf;
use std::process::ExitCode;

use tudoku::engine::{Shape, SolutionCount, parse_puzzles, solver};

use super::input::{Input, read_input};
use super::output::{Output, OutputError};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Puzzle file, one puzzle per line; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// Print the number of solutions instead of a solution.
    #[arg(long)]
    pub count: bool,
    /// With --count, stop counting at K solutions (0 counts them all).
    #[arg(long, value_name = "K", default_value_t = 0, requires = "count")]
    pub limit: u64,
    /// Box shape as RxC (rows x columns per box), e.g. 3x2 for tall 6x6 boxes.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,
    /// Print empty cells as 0 instead of `.` (no empty cells in solutions).
    #[arg(long)]
    pub zeros: bool,
}

/// Runs the command; the exit status is 0 only if every puzzle was read and
/// has a solution.
pub fn run(args: &SolveArgs) -> ExitCode {
    let input = match read_input(args.file.as_ref()) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("tudoku: {message}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = Output::new();
    match solve_all(args, &input, &mut out).and_then(|ok| out.finish().map(|()| ok)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => e.exit_code(),
    }
}

fn solve_all(args: &SolveArgs, input: &Input, out: &mut Output) -> Result<bool, OutputError> {
    let mut all_solved = true;
    let mut puzzles = 0;
    for item in parse_puzzles(&input.text, args.box_shape) {
        puzzles += 1;
        let puzzle = match item {
            Ok(puzzle) => puzzle,
            Err(error) => {
                input.report(&error);
                out.line("invalid")?;
                all_solved = false;
                continue;
            }
        };
        if args.count {
            let count = solver::count(&puzzle.grid, args.limit);
            all_solved &= count.found() > 0;
            out.line(&describe(count))?;
            continue;
        }
        match solver::solve(&puzzle.grid) {
            Some(solution) => {
                if !solver::count(&puzzle.grid, 2).is_unique() {
                    input.report_line(
                        puzzle.line,
                        "puzzle has more than one solution; printing one",
                    );
                }
                out.line(&solution.to_line(args.zeros))?;
            }
            None => {
                all_solved = false;
                out.line("no solution")?;
            }
        }
    }
    if puzzles == 0 {
        input.report_empty();
        all_solved = false;
    }
    Ok(all_solved)
}

/// `288`, or `at least 2` when counting stopped at the limit.
fn describe(count: SolutionCount) -> String {
    match count {
        SolutionCount::Exactly(k) => k.to_string(),
        SolutionCount::AtLeast(k) => format!("at least {k}"),
    }
}
