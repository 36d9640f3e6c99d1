//! A daily set: one 9x9 puzzle per level for a date, the same for everyone
//! who runs it with that date, since the date is the seed.
//!
//! ```sh
//! cargo run --release --example daily_set -- 2026-11-25
//! ```

use std::process::ExitCode;

use tudoku_engine::{Difficulty, Shape};

fn main() -> ExitCode {
    let date = std::env::args().nth(1).unwrap_or_default();
    let Some(seed) = date_seed(&date) else {
        eprintln!("usage: daily_set YYYY-MM-DD");
        return ExitCode::from(2);
    };
    let shape = Shape::for_size(9).expect("9x9 is a board");
    for level in Difficulty::ALL {
        match tudoku_engine::generate(shape, Some(level), seed) {
            Ok(made) => println!("{:<8} {}", level.name(), made.puzzle),
            Err(e) => {
                eprintln!("{level}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// 2026-11-25 -> 20261125.
fn date_seed(date: &str) -> Option<u64> {
    let parts: Vec<&str> = date.split('-').collect();
    let [year, month, day] = parts[..] else {
        return None;
    };
    let (year, month, day): (u64, u64, u64) =
        (year.parse().ok()?, month.parse().ok()?, day.parse().ok()?);
    ((1..=12).contains(&month) && (1..=31).contains(&day))
        .then_some(year * 10_000 + month * 100 + day)
}
