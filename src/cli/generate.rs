//! `tudoku generate`: unique puzzles, one per line, reproducible with --seed.

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use tudoku_engine::{
    Difficulty, GenerateError, GenerateOptions, Generated, Shape, Symmetry, Technique, Variant,
    VariantError, VariantPuzzle, generate_numbered, generate_variant, solo_description,
    variant_line,
};

use super::json::Object;
use super::output::{Output, Report, say};
use super::parallel::{JobsArg, Stop, map_in_order};
use super::progress::Progress;
use super::rate::rating_fields;
use super::status::Status;
use super::values;

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Board side: 4, 6, 8, 9, 12, 16 or 25 (default box shape for that size).
    #[arg(long, short, value_name = "N", conflicts_with = "box_shape", value_parser = values::size())]
    pub size: Option<Shape>,
    /// Box shape as RxC, e.g. 3x2 for a 6x6 board with tall boxes.
    #[arg(long = "box", short = 'b', value_name = "RxC", value_parser = values::box_shape())]
    pub box_shape: Option<Shape>,
    /// Rules: classic, x (diagonals), windoku (9x9 and other square boxes),
    /// jigsaw (random regions), killer (cages with sums, no givens), or a
    /// mix joined by '+': jigsaw+x, killer+x; boards up to 12x12 (windoku
    /// and jigsaw+x 9x9). Variant
    /// puzzles are written as tudoku's variant line (README, "Variants");
    /// levels and ratings are for classic only so far.
    #[arg(long, value_name = "V", default_value = "classic", value_parser = values::variant())]
    pub variant: Variant,
    /// With --variant, write Simon Tatham's Solo game descriptions
    /// (`solo 9j:...` opens them) instead of tudoku's lines.
    #[arg(long)]
    pub solo: bool,
    /// Level to hit exactly: easy, medium, hard, expert or extreme
    /// [default: whatever the digging gives].
    #[arg(long, short, value_name = "D", ignore_case = true, value_parser = values::difficulty())]
    pub difficulty: Option<Difficulty>,
    /// Practise a technique: puzzles whose hardest step is this one, by its
    /// name as `rate` prints it ("x-wing", "xy-chain", "nishio chain"; any
    /// case, spaces or dashes); the level is the technique's. The rarest
    /// (quads, jellyfish, ALS-XY-wing, forcing chains) come from a list of
    /// seed puzzles, each in a random disguise, that keep their own pattern.
    /// No puzzle is known for the static forcing chain or trial and error:
    /// it says why and exits 1.
    #[arg(long, value_name = "NAME", conflicts_with = "difficulty", value_parser = parse_technique)]
    pub technique: Option<Technique>,
    /// How many puzzles to write (at least 1).
    #[arg(long, short = 'n', value_name = "K", default_value_t = 1, value_parser = parse_count)]
    pub count: usize,
    /// Seed for the random generator: the same seed gives the same puzzles,
    /// for any --jobs.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Pattern of the givens: none, rotational, diagonal (square boxes
    /// only) or mirror
    /// [default: rotational for square boxes, none otherwise].
    #[arg(long, value_name = "S", ignore_case = true, value_parser = values::symmetry())]
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

pub fn run(args: &GenerateArgs, report: &Report) -> ExitCode {
    let shape = args
        .box_shape
        .or(args.size)
        .unwrap_or_else(|| Shape::for_size(9).expect("9 is supported"));
    if !args.variant.is_classic() {
        return run_variant(shape, args, report);
    }
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
            // asking for what the board cannot have is bad usage
            return ExitCode::from(2);
        }
        options.symmetry = symmetry;
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    write_in_order(
        args,
        report,
        |index, stop| {
            let cancelled = || stop.load(Ordering::Relaxed);
            generate_numbered(&options, seed, index as u64, &cancelled)
                .map(|generated| describe(&generated, args, report))
        },
        failure_status,
    )
}

/// Makes `args.count` puzzles on `args.jobs` threads with `make` and writes
/// their lines in index order, with progress; the first failure, told by
/// `status_of`, stops the run.
fn write_in_order<E: std::fmt::Display + Send>(
    args: &GenerateArgs,
    report: &Report,
    make: impl Fn(usize, &Stop) -> Result<String, E> + Sync,
    status_of: impl Fn(&E) -> Status,
) -> ExitCode {
    let mut out = Output::for_report(report);
    let mut progress = Progress::new(args.count, report.progress());
    let mut status = Status::Success;
    map_in_order(
        args.jobs.count(),
        0..args.count,
        || &make,
        |made: &Result<String, E>| {
            let line = match made {
                Ok(line) => line,
                Err(e) => {
                    progress.clear();
                    say!("tudoku: {e}");
                    status = status_of(e);
                    return ControlFlow::Break(());
                }
            };
            progress.advance();
            match out.line(line) {
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

/// Options a variant's generation has not got yet, by name, when given.
fn classic_only(args: &GenerateArgs) -> Option<&'static str> {
    [
        (args.difficulty.is_some(), "--difficulty"),
        (args.technique.is_some(), "--technique"),
        (args.symmetry.is_some(), "--symmetry"),
        (args.minimal, "--minimal"),
        (args.rate, "--rate"),
    ]
    .into_iter()
    .find_map(|(given, name)| given.then_some(name))
}

/// `generate --variant V`: puzzles of a variant, each unique under its
/// rules, in tudoku's variant line (or Solo's description with --solo).
fn run_variant(shape: Shape, args: &GenerateArgs, report: &Report) -> ExitCode {
    let variant = args.variant;
    if let Some(option) = classic_only(args) {
        eprintln!(
            "tudoku: {option} is for classic puzzles so far: {variant} puzzles are made without a level"
        );
        return ExitCode::from(2);
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    write_in_order(
        args,
        report,
        |index, _| {
            generate_variant(shape, variant, variant_seed(seed, index))
                .map(|made| describe_variant(&made, args, report))
        },
        |e| match e {
            VariantError::NoGrid { .. } => Status::PuzzleFailed,
            _ => Status::Trouble,
        },
    )
}

/// The seed of the `index`-th variant puzzle of a run: the same for any
/// --jobs, and apart for neighbouring indices.
fn variant_seed(seed: u64, index: usize) -> u64 {
    seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A variant puzzle's output line: its line (or Solo's description), then
/// the solution's values when asked; in JSON, every field.
fn describe_variant(made: &VariantPuzzle, args: &GenerateArgs, report: &Report) -> String {
    let line = match solo_description(&made.puzzle).filter(|_| args.solo) {
        Some(solo) => solo,
        None => variant_line(&made.puzzle),
    };
    let solution = made.solution.to_line(args.zeros);
    if report.json() {
        return Object::new()
            .str("puzzle", &line)
            .str("variant", &made.puzzle.rules().variant().to_string())
            .str("solution", &solution)
            .str("box", &made.puzzle.shape().to_string())
            .line();
    }
    if args.solution {
        format!("{line} {solution}")
    } else {
        line
    }
}

/// A level out of reach is a puzzle that could not be made (1), whether the
/// board never has it or the search gave up; a request refused outright is a
/// usage error (2).
fn failure_status(error: &GenerateError) -> Status {
    match error {
        GenerateError::MinimalTooLarge { .. } => Status::Trouble,
        // A level or technique out of reach, a level beyond the board, or
        // cancelled.
        _ => Status::PuzzleFailed,
    }
}

/// The output line: puzzle, then the solution and the rating when asked;
/// in JSON, every field.
fn describe(generated: &Generated, args: &GenerateArgs, report: &Report) -> String {
    if report.json() {
        return Object::new()
            .str("puzzle", &generated.puzzle.to_line(args.zeros))
            .str("solution", &generated.solution.to_line(args.zeros))
            .str("box", &generated.puzzle.shape().to_string())
            .merge(rating_fields(&generated.rating))
            .line();
    }
    let mut line = generated.puzzle.to_line(args.zeros);
    if args.solution {
        line.push(' ');
        line.push_str(&generated.solution.to_line(args.zeros));
    }
    if args.rate {
        line.push(' ');
        line.push_str(&generated.rating.to_string());
    }
    line
}
