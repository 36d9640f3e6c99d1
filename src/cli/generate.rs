//! `tudoku generate`: unique puzzles, one per line, reproducible with --seed.

use std::process::ExitCode;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use tudoku::engine::{Difficulty, GenerateOptions, Generated, Shape, Symmetry, generate};

use super::output::Output;
use super::progress::Progress;
use super::rate::rating_columns;

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Board side: 4, 6, 8, 9, 12, 16 or 25 (default box shape for that size).
    #[arg(long, value_name = "N", conflicts_with = "box_shape", value_parser = parse_size)]
    pub size: Option<Shape>,
    /// Box shape as RxC, e.g. 3x2 for a 6x6 board with tall boxes.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,
    /// Level to hit exactly: easy, medium, hard, expert or extreme
    /// [default: whatever the digging gives].
    #[arg(long, value_name = "D")]
    pub difficulty: Option<Difficulty>,
    /// How many puzzles to write.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub count: usize,
    /// Seed for the random generator: the same seed gives the same puzzles.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Pattern of the givens: none, rotational, diagonal (square boxes
    /// only) or mirror
    /// [default: rotational for square boxes, none otherwise].
    #[arg(long)]
    pub symmetry: Option<Symmetry>,
    /// Remove clues until none can be removed (may break the symmetry;
    /// boards up to 16x16).
    #[arg(long)]
    pub minimal: bool,
    /// Also write each puzzle's solution, after a space.
    #[arg(long)]
    pub solution: bool,
    /// Also write each puzzle's rating: level, score and hardest technique.
    #[arg(long)]
    pub rate: bool,
    /// Write empty cells as 0 instead of `.`.
    #[arg(long)]
    pub zeros: bool,
}

pub fn parse_size(s: &str) -> Result<Shape, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .and_then(Shape::for_size)
        .ok_or_else(|| format!("unsupported size '{s}': use 4, 6, 8, 9, 12, 16 or 25"))
}

pub fn run(args: &GenerateArgs) -> ExitCode {
    let shape = args
        .box_shape
        .or(args.size)
        .unwrap_or_else(|| Shape::for_size(9).expect("9 is supported"));
    let mut options = GenerateOptions::new(shape);
    options.minimal = args.minimal;
    options.difficulty = args.difficulty;
    if let Some(symmetry) = args.symmetry {
        if symmetry != Symmetry::None && symmetry.transform(shape).is_none() {
            eprintln!(
                "tudoku: {symmetry} symmetry needs square boxes: a {} board's reflection has {} boxes",
                shape.board_name(),
                shape.transposed()
            );
            return ExitCode::FAILURE;
        }
        options.symmetry = symmetry;
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Output::new();
    let mut progress = Progress::new(args.count);
    for _ in 0..args.count {
        let generated = match generate(&options, &mut rng) {
            Ok(generated) => generated,
            Err(e) => {
                drop(progress);
                eprintln!("tudoku: {e}");
                return ExitCode::FAILURE;
            }
        };
        progress.advance();
        if let Err(e) = out.line(&describe(&generated, args)) {
            return e.exit_code();
        }
    }
    match out.finish() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit_code(),
    }
}

/// The output line: puzzle, then the solution and the rating when asked.
fn describe(generated: &Generated, args: &GenerateArgs) -> String {
    let mut line = generated.puzzle.to_line(args.zeros);
    if args.solution {
        line.push(' ');
        line.push_str(&generated.solution.to_line(args.zeros));
    }
    if args.rate {
        line.push(' ');
        line.push_str(&rating_columns(&generated.rating));
    }
    line
}
