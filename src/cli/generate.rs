//! `tudoku generate`: unique puzzles, one per line, reproducible with --seed.

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use tudoku::engine::{
    Difficulty, GenerateError, GenerateOptions, Generated, Shape, Symmetry, Technique,
    generate_cancellable,
};

use super::output::{Output, say};
use super::parallel::{JobsArg, Stop, map_in_order};
use super::progress::Progress;
use super::rate::rating_columns;
use super::status::Status;

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
    /// Practise a technique: puzzles whose hardest step is this one, by its
    /// name as `rate` prints it ("x-wing", "xy-chain", "nishio chain"; any
    /// case, spaces or dashes); the level is the technique's.
    #[arg(long, value_name = "NAME", conflicts_with = "difficulty", value_parser = parse_technique)]
    pub technique: Option<Technique>,
    /// How many puzzles to write (at least 1).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = parse_count)]
    pub count: usize,
    /// Seed for the random generator: the same seed gives the same puzzles,
    /// for any --jobs.
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
    /// Also write each puzzle's rating: level, ER estimate, score and hardest
    /// technique.
    #[arg(long)]
    pub rate: bool,
    /// Write empty cells as 0 instead of `.`.
    #[arg(long)]
    pub zeros: bool,
    #[command(flatten)]
    pub jobs: JobsArg,
}

pub fn parse_size(s: &str) -> Result<Shape, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .and_then(Shape::for_size)
        .ok_or_else(|| format!("unsupported size '{s}': use 4, 6, 8, 9, 12, 16 or 25"))
}

/// A technique by name, or the list of names to choose from.
fn parse_technique(s: &str) -> Result<Technique, String> {
    Technique::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!("unknown technique '{s}': use one of {}", names.join(", "))
    })
}

/// A `--count` of at least one: asking for none is a slip worth saying
/// (exit 2, like any usage error), not a silent success.
fn parse_count(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("0 puzzles is nothing to generate: give 1 or more".into()),
        Ok(k) => Ok(k),
        Err(e) => Err(format!("not a count: {e}")),
    }
}

pub fn run(args: &GenerateArgs) -> ExitCode {
    let shape = args
        .box_shape
        .or(args.size)
        .unwrap_or_else(|| Shape::for_size(9).expect("9 is supported"));
    let mut options = GenerateOptions::new(shape);
    options.minimal = args.minimal;
    options.difficulty = args.difficulty;
    options.technique = args.technique;
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
    let mut out = Output::new();
    let mut progress = Progress::new(args.count);
    let mut status = Status::Success;
    map_in_order(
        args.jobs.count(),
        0..args.count,
        || {
            |index, stop: &Stop| {
                let cancelled = || stop.load(Ordering::Relaxed);
                generate_cancellable(&options, &mut puzzle_rng(seed, index), &cancelled)
                    .map(|generated| describe(&generated, args))
            }
        },
        |made: Result<String, GenerateError>| {
            let line = match made {
                Ok(line) => line,
                Err(e) => {
                    progress.clear();
                    say!("tudoku: {e}");
                    status = failure_status(e);
                    return ControlFlow::Break(());
                }
            };
            progress.advance();
            match out.line(&line) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    status = e.status();
                    ControlFlow::Break(())
                }
            }
        },
    );
    if let Err(e) = out.finish() {
        status = status.max(e.status());
    }
    status.into()
}

/// The random numbers for puzzle `index` of a run: the seed's own ChaCha
/// stream number `index`. Each puzzle depends on the seed and its place
/// alone, whichever thread makes it and whatever came before, so a seed
/// gives the same output for any `--jobs`; puzzle 0 uses stream 0, the
/// generator's plain `seed_from_u64(seed)`.
fn puzzle_rng(seed: u64, index: usize) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index as u64);
    rng
}

/// A level out of reach is a puzzle that could not be made (1), whether the
/// board never has it or the search gave up; a request refused outright is a
/// usage error (2).
fn failure_status(error: GenerateError) -> Status {
    match error {
        GenerateError::LevelOutOfReach { .. }
        | GenerateError::TechniqueOutOfReach { .. }
        | GenerateError::LevelBeyondBoard { .. }
        | GenerateError::Cancelled => Status::PuzzleFailed,
        GenerateError::MinimalTooLarge { .. } => Status::Trouble,
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
