//! `tudoku rate`: one line per puzzle with its level, its rating on Sudoku
//! Explainer's scale, score and the hardest technique it needs.

use std::process::ExitCode;

use tudoku_engine::{Rating, Unsolvable, rate};

use super::batch::{BatchArgs, Outcome, no_solution_because, run_batch};
use super::json::Object;
use super::output::Report;

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &RateArgs, report: &Report) -> ExitCode {
    run_batch(&args.batch, false, report, || {
        |read| match rate(&read.grid) {
            Ok(rating) => Outcome::either(
                report,
                || rating.to_string(),
                || {
                    Object::new()
                        .str("puzzle", &read.grid.to_line(false))
                        .merge(rating_fields(&rating))
                },
            ),
            Err(why) => {
                let word = match why {
                    Unsolvable::MultipleSolutions => "several solutions",
                    _ => "no solution",
                };
                let why = no_solution_because(&read.grid, &why.to_string());
                Outcome::failed(word).because(format!("not rated: {why}"))
            }
        }
    })
}

/// The rating's JSON fields, as `rate` and `generate` write them.
pub fn rating_fields(rating: &Rating) -> Object {
    Object::new()
        .str("level", rating.difficulty.name())
        .str("er", &rating.er.to_string())
        .num("score", rating.score)
        .str("hardest", rating.hardest.name())
        .num("steps", rating.steps as u64)
}
