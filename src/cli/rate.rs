//! `tudoku rate`: one line per puzzle with its level, score and the hardest
//! technique it needs.

use std::path::PathBuf;
use std::process::ExitCode;

use tudoku::engine::Shape;
use tudoku::engine::rate::{Rating, Unsolvable, rate};

use super::batch::{Outcome, no_solution_because, run_batch};

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    /// Puzzle file, one puzzle per line; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// Box shape as RxC, e.g. 3x2 for a 6x6 board with tall boxes.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,
}

pub fn run(args: &RateArgs) -> ExitCode {
    run_batch(args.file.as_ref(), args.box_shape, |grid| {
        match rate(grid) {
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

/// `level score hardest technique`, as `rate` and `generate --rate` print it.
pub fn rating_columns(rating: &Rating) -> String {
    format!(
        "{} {} {}",
        rating.difficulty,
        rating.score,
        rating.hardest.name()
    )
}
