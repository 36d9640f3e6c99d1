//! `tudoku rate`: one line per puzzle with its level, score and the hardest
//! technique it needs.

use std::process::ExitCode;

use tudoku_engine::{Unsolvable, rate};

use super::batch::{BatchArgs, Outcome, no_solution_because, run_batch};

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &RateArgs) -> ExitCode {
    run_batch(&args.batch, false, || {
        |grid| match rate(grid) {
            Ok(rating) => Outcome::done(vec![rating.to_string()]),
            Err(why) => {
                let word = match why {
                    Unsolvable::MultipleSolutions => "several solutions",
                    _ => "no solution",
                };
                let why = no_solution_because(grid, &why.to_string());
                Outcome::failed(word).because(format!("not rated: {why}"))
            }
        }
    })
}
