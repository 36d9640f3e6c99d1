//! `tudoku rate`: one line per puzzle with its level, its rating on Sudoku
//! Explainer's scale, score and the hardest technique it needs.

use std::process::ExitCode;

use tudoku::engine::{Rating, Unsolvable, rate};

use super::batch::{BatchArgs, Outcome, no_solution_because, run_batch};

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &RateArgs) -> ExitCode {
    run_batch(&args.batch, false, || {
        |grid| match rate(grid) {
            Ok(rating) => Outcome::done(vec![rating_columns(&rating)]),
            Err(why) => {
                let word = match why {
                    Unsolvable::NoSolution => "no solution",
                    Unsolvable::MultipleSolutions => "several solutions",
                };
                let why = no_solution_because(grid, &why.to_string());
                Outcome::failed(word).because(format!("not rated: {why}"))
            }
        }
    })
}

/// `level ER=x.y score hardest technique`, as `rate` and `generate --rate`
/// print it: ER is the estimate of Sudoku Explainer's rating.
pub fn rating_columns(rating: &Rating) -> String {
    format!(
        "{} ER={} {} {}",
        rating.difficulty,
        rating.er,
        rating.score,
        rating.hardest.name()
    )
}
