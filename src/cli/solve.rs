//! `tudoku solve`: one output line per puzzle: its solution, `no solution`,
//! or with `--count` the number of solutions.

use std::process::ExitCode;

use tudoku_engine::{Grid, ParsedPuzzle, SolutionCount, Solver, solve_unique_in_place_with};

use super::batch::{BatchArgs, Outcome, no_solution_because, run_batch};
use super::json::Object;
use super::output::Report;
use super::parallel::{JobsArg, parse_jobs};
use super::progress::Tally;

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Print the number of solutions instead of a solution.
    #[arg(long, short)]
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
    #[arg(long, short)]
    pub verbose: bool,
}

/// `solve`'s arguments from `FILE`, `--jobs N FILE`, `-j N FILE` or
/// `--jobs=N FILE` alone, where `FILE` is `-` or a name that does not start
/// with `-` and `N` is what `--jobs` takes; `None` for anything else, which
/// clap reads (main.rs, `plain_solve`).
pub fn plain_args(words: &[&str]) -> Option<SolveArgs> {
    let (jobs, file) = match *words {
        [file] => (None, file),
        ["--jobs" | "-j", jobs, file] => (Some(jobs), file),
        [jobs, file] => (Some(jobs.strip_prefix("--jobs=")?), file),
        _ => return None,
    };
    if file.is_empty() || file.starts_with('-') && file != "-" {
        return None;
    }
    let jobs = match jobs {
        Some(jobs) => Some(parse_jobs(jobs).ok()?),
        None => None,
    };
    Some(SolveArgs {
        batch: BatchArgs {
            file: Some(file.into()),
            box_shape: None,
            jobs: JobsArg { jobs },
        },
        count: false,
        limit: DEFAULT_LIMIT,
        zeros: false,
        verbose: false,
    })
}

/// Where `--count` stops unless told otherwise: an empty 9x9 board gets
/// there in well under a second, and has 6.7e21 solutions to count.
pub const DEFAULT_LIMIT: u64 = 1_000_000;

/// Said of a puzzle with several solutions, one of which is printed.
const SEVERAL: &str = "more than one solution, printed one";

/// Runs the command; the exit status is 0 only if every puzzle was read and
/// has a solution.
pub fn run(args: &SolveArgs, report: &Report) -> ExitCode {
    let tally = Tally::new(report.progress());
    run_batch(&args.batch, args.verbose, report, || {
        let mut solver = Solver::new();
        let tally = &tally;
        move |read: ParsedPuzzle| {
            let mut grid = read.grid;
            let puzzle = |grid: &Grid| Object::new().str("puzzle", &grid.to_line(args.zeros));
            if args.count {
                let grid = &grid;
                let count = solver.count_with_progress(grid, args.limit, &mut |k| tally.update(k));
                let fields = || {
                    puzzle(grid)
                        .num("count", count.found())
                        .bool("exact", matches!(count, SolutionCount::Exactly(_)))
                };
                if count.found() == 0 {
                    return Outcome::failed("0")
                        .with_fields(fields())
                        .because(no_solution_because(grid, "no solution"));
                }
                return Outcome::either(report, || describe(count), fields);
            }
            // the puzzle's line, for JSON, before the solution takes its place
            let fields = report.json().then(|| puzzle(&grid));
            let unique = match solve_unique_in_place_with(&mut solver, &mut grid) {
                SolutionCount::Exactly(0) => {
                    let why = no_solution_because(&grid, "no solution");
                    let outcome = Outcome::failed("no solution").because(why);
                    return match fields {
                        Some(fields) => outcome.with_fields(fields.str("solutions", "none")),
                        None => outcome,
                    };
                }
                count => count.is_unique(),
            };
            // the solution's own memory, once the puzzle's, becomes its line
            let line = grid.into_line(args.zeros);
            let outcome = match fields {
                Some(fields) => {
                    let solutions = if unique { "one" } else { "several" };
                    Outcome::nothing()
                        .with_fields(fields.str("solution", &line).str("solutions", solutions))
                }
                None => Outcome::done(line),
            };
            if unique {
                outcome
            } else {
                outcome.warning(SEVERAL)
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
