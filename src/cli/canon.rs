//! `tudoku canon`: each puzzle's canonical (minlex) form, one line per
//! puzzle; `--dedupe` keeps the first puzzle of each class; `--same A B`
//! says whether two puzzles are one puzzle in disguise.

use std::collections::HashSet;
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::sync::{Mutex, PoisonError};

use tudoku_engine::Grid;
use tudoku_engine::Transform;
use tudoku_engine::symbol;
use tudoku_engine::{canonical_form, mapping};

use super::batch::{BatchArgs, Outcome, no_solution_because, run_batch};
use super::json::Object;
use super::output::{Report, say};
use super::parallel::JobsArg;

#[derive(clap::Args, Debug)]
pub struct CanonArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Print each class's first puzzle as given, once, instead of canonical
    /// forms; the number of classes goes to stderr. (Works on one core, to
    /// keep each class's first puzzle.)
    #[arg(long)]
    pub dedupe: bool,
    /// Compare two puzzles: exit 0 when they are one puzzle in disguise, 1
    /// when not.
    #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with = "dedupe")]
    pub same: Option<Vec<String>>,
    /// With --same, also print the symmetry that maps A onto B.
    #[arg(long, requires = "same")]
    pub map: bool,
    /// Print empty cells as 0 instead of `.`.
    #[arg(long)]
    pub zeros: bool,
}

pub fn run(args: &CanonArgs, report: &Report) -> ExitCode {
    if let Some(pair) = &args.same {
        if let Some(file) = &args.batch.file {
            say!(
                "tudoku: --same compares the two puzzles given; {} is not read",
                file.display()
            );
            return ExitCode::from(2);
        }
        return same(&pair[0], &pair[1], args);
    }
    if !args.dedupe {
        return run_batch(&args.batch, false, report, || {
            |read| match canonical_line(&read.grid, args.zeros) {
                Ok(form) => Outcome::either(
                    report,
                    || form.clone(),
                    || fields(&read.grid, &form, args.zeros),
                ),
                Err(message) => Outcome::failed("invalid").because(message),
            }
        });
    }
    // the first puzzle of each class, in input order: one worker
    let classes = Mutex::new(HashSet::new());
    let batch = BatchArgs {
        jobs: JobsArg {
            jobs: NonZeroUsize::new(1),
        },
        ..args.batch.clone()
    };
    let status = run_batch(&batch, false, report, || {
        |read| match canonical_line(&read.grid, args.zeros) {
            Ok(form) => {
                let first = classes
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(form.clone());
                if !first {
                    return Outcome::nothing();
                }
                Outcome::either(
                    report,
                    || read.grid.to_line(args.zeros),
                    || fields(&read.grid, &form, args.zeros),
                )
            }
            Err(message) => Outcome::failed("invalid").because(message),
        }
    });
    let count = classes.lock().unwrap_or_else(PoisonError::into_inner).len();
    say!("{count} classes");
    status
}

/// A puzzle's JSON fields: the puzzle as given and its canonical form.
fn fields(grid: &Grid, form: &str, zeros: bool) -> Object {
    Object::new()
        .str("puzzle", &grid.to_line(zeros))
        .str("canonical", form)
}

/// One line's result: a pure function of the puzzle, so lines can be
/// handled in any order or in parallel.
fn canonical_line(grid: &Grid, zeros: bool) -> Result<String, String> {
    canonical_form(grid)
        .map(|c| c.grid.to_line(zeros))
        .ok_or_else(|| {
            let why = no_solution_because(grid, "a digit repeats");
            format!("no canonical form: {why}")
        })
}

/// `--same A B`: exit 0 for one puzzle in disguise, 1 for two different
/// puzzles, 2 when either can't be read or they don't compare.
fn same(a: &str, b: &str, args: &CanonArgs) -> ExitCode {
    let parse = |name: &str, text: &str| {
        Grid::parse(text, args.batch.box_shape).map_err(|e| {
            eprintln!("tudoku: puzzle {name}: column {}: {}", e.column, e.kind);
        })
    };
    let (Ok(a), Ok(b)) = (parse("A", a), parse("B", b)) else {
        return ExitCode::from(2);
    };
    if a.shape() != b.shape() {
        eprintln!(
            "tudoku: A is a {} board and B a {} one: only boards of one size and box shape compare",
            a.shape().board_name(),
            b.shape().board_name()
        );
        return ExitCode::from(2);
    }
    for (name, grid) in [("A", &a), ("B", &b)] {
        if let Err(message) = canonical_line(grid, false) {
            eprintln!("tudoku: puzzle {name}: {message}");
            return ExitCode::from(2);
        }
    }
    match mapping(&a, &b) {
        Some(transform) => {
            println!("same");
            if args.map {
                for line in describe(&transform) {
                    println!("{line}");
                }
            }
            ExitCode::SUCCESS
        }
        None => {
            println!("different");
            ExitCode::from(1)
        }
    }
}

/// The symmetry in words, rows, columns and digits counted from 1.
fn describe(transform: &Transform) -> Vec<String> {
    let parts = transform.parts();
    let list = |lines: &[usize]| {
        lines
            .iter()
            .map(|l| (l + 1).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let digits = parts
        .digits
        .iter()
        .enumerate()
        .map(|(d, &to)| format!("{}>{}", symbol(d as u8 + 1), symbol(to)))
        .collect::<Vec<_>>()
        .join(" ");
    vec![
        format!(
            "transpose: {}",
            if parts.transposed {
                "yes (A is transposed first)"
            } else {
                "no"
            }
        ),
        format!("rows of B from rows of A: {}", list(&parts.rows)),
        format!("columns of B from columns of A: {}", list(&parts.cols)),
        format!("digits of A to B: {digits}"),
    ]
}
