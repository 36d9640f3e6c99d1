//! `tudoku solve`: one output line per puzzle: its solution, `no solution`,
//! or with `--count` the number of solutions.

use std::process::ExitCode;

use tudoku_engine::{Outcome as Solved, SolutionCount, Solver, solve_unique_with};

use super::batch::{BatchArgs, Outcome, no_solution_because, run_batch};
use super::progress::Tally;

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Print the number of solutions instead of a solution.
    #[arg(long)]
    pub count: bool,
    /// With --count, stop counting at K solutions and print `at least K`
    /// (0: count them all, which can take hours on a board with few givens).
    #[arg(long, value_name = "K", default_value_t = DEFAULT_LIMIT, requires = "count")]
    pub limit: u64,
    /// Print empty cells as 0 instead of `.` (no empty cells in solutions).
    #[arg(long)]
    pub zeros: bool,
    /// Name each puzzle with more than one solution on its own line, instead
    /// of one line with their number at the end.
    #[arg(long)]
    pub verbose: bool,
}

/// Where `--count` stops unless told otherwise: an empty 9x9 board gets
/// there in well under a second, and has 6.7e21 solutions to count.
pub const DEFAULT_LIMIT: u64 = 1_000_000;

/// Said of a puzzle with several solutions, one of which is printed.
const SEVERAL: &str = "more than one solution, printed one";

/// Runs the command; the exit status is 0 only if every puzzle was read and
/// has a solution.
pub fn run(args: &SolveArgs) -> ExitCode {
    let tally = Tally::new();
    run_batch(&args.batch, args.verbose, || {
        let mut solver = Solver::new();
        let tally = &tally;
        move |grid| {
            if args.count {
                let count = solver.count_with_progress(grid, args.limit, &mut |k| tally.update(k));
                if count.found() == 0 {
                    return Outcome::failed("0").because(no_solution_because(grid, "no solution"));
                }
                return Outcome::done(vec![describe(count)]);
            }
            match solve_unique_with(&mut solver, grid) {
                Solved::Unsolvable => {
                    Outcome::failed("no solution").because(no_solution_because(grid, "no solution"))
                }
                Solved::Unique(solution) => Outcome::done(vec![solution.to_line(args.zeros)]),
                Solved::Multiple(solution) => {
                    Outcome::done(vec![solution.to_line(args.zeros)]).warning(SEVERAL)
                }
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
