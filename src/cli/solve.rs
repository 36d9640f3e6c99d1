//! `tudoku solve`: one output line per puzzle: its solution, `no solution`,
//! or with `--count` the number of solutions.

use std::path::PathBuf;
use std::process::ExitCode;

use tudoku::engine::solver::{self, Solver};
use tudoku::engine::{Shape, SolutionCount};

use super::batch::{Outcome, no_solution_because, run_batch};
use super::progress::Tally;

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Puzzle file, one puzzle per line; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// Print the number of solutions instead of a solution.
    #[arg(long)]
    pub count: bool,
    /// With --count, stop counting at K solutions and print `at least K`
    /// (0: count them all, which can take hours on a board with few givens).
    #[arg(long, value_name = "K", default_value_t = DEFAULT_LIMIT, requires = "count")]
    pub limit: u64,
    /// Box shape as RxC (rows x columns per box), e.g. 3x2 for tall 6x6 boxes.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,
    /// Print empty cells as 0 instead of `.` (no empty cells in solutions).
    #[arg(long)]
    pub zeros: bool,
}

/// Where `--count` stops unless told otherwise: an empty 9x9 board gets
/// there in well under a second, and has 6.7e21 solutions to count.
pub const DEFAULT_LIMIT: u64 = 1_000_000;

/// Runs the command; the exit status is 0 only if every puzzle was read and
/// has a solution.
pub fn run(args: &SolveArgs) -> ExitCode {
    let mut solver = Solver::new();
    let tally = Tally::new();
    run_batch(args.file.as_ref(), args.box_shape, |grid| {
        if args.count {
            let count = solver.count_with_progress(grid, args.limit, &mut |k| tally.update(k));
            if count.found() == 0 {
                return Outcome::failed("0").because(no_solution_because(grid, "no solution"));
            }
            return Outcome::done(vec![describe(count)]);
        }
        match solver.solve_unique(grid) {
            solver::Outcome::Unsolvable => {
                Outcome::failed("no solution").because(no_solution_because(grid, "no solution"))
            }
            solver::Outcome::Unique(solution) => Outcome::done(vec![solution.to_line(args.zeros)]),
            solver::Outcome::Multiple(solution) => {
                Outcome::done(vec![solution.to_line(args.zeros)])
                    .because("puzzle has more than one solution; printing one".into())
            }
        }
    })
}

/// `288`, or `at least 2` when counting stopped at the limit.
fn describe(count: SolutionCount) -> String {
    match count {
        SolutionCount::Exactly(k) => k.to_string(),
        SolutionCount::AtLeast(k) => format!("at least {k}"),
    }
}
