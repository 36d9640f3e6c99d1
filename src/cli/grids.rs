//! `tudoku grids`: how many grids a board has, and with
//! `--essentially-different` how many are different once board symmetries
//! and relabelling are set aside, with the Burnside table that shows it.

use std::process::ExitCode;

use tudoku_engine::count_all;
use tudoku_engine::{Census, census, published_grid_count};
use tudoku_engine::{Grid, Shape, SolutionCount};

use super::output::Output;
use super::parallel::JobsArg;
use super::values;

#[derive(clap::Args, Debug)]
pub struct GridsArgs {
    /// Board side: 4, 6, 8 or 9 (default box shape for that size).
    #[arg(long, short, value_name = "N", conflicts_with = "box_shape", value_parser = values::size())]
    pub size: Option<Shape>,
    /// Box shape as RxC, e.g. 2x3 for a 6x6 board.
    #[arg(long = "box", short = 'b', value_name = "RxC", value_parser = values::box_shape())]
    pub box_shape: Option<Shape>,
    /// Count the classes of grids under band, stack, row and column moves,
    /// transposition (square boxes) and relabelling, by Burnside's lemma,
    /// and print the table of symmetry classes that fix some grid.
    #[arg(long)]
    pub essentially_different: bool,
    #[command(flatten)]
    pub jobs: JobsArg,
}

pub fn run(args: &GridsArgs) -> ExitCode {
    let shape = args
        .box_shape
        .or(args.size)
        .unwrap_or_else(|| Shape::for_size(9).expect("9 is supported"));
    // A remainder in Burnside's division means a wrong count: say so, fail.
    let mut exact = true;
    let lines = if args.essentially_different {
        census(shape, args.jobs.count())
            .map(|c| {
                exact = c.essentially_different().1 == 0;
                census_lines(&c)
            })
            .map_err(|e| e.to_string())
    } else {
        grid_count_line(shape)
    };
    let lines = match lines {
        Ok(lines) => lines,
        Err(message) => {
            eprintln!("tudoku: {message}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = Output::new();
    let result = lines
        .iter()
        .try_for_each(|line| out.line(line))
        .and_then(|()| out.finish());
    match result {
        Ok(()) if exact => ExitCode::SUCCESS,
        Ok(()) => ExitCode::FAILURE,
        Err(e) => e.exit_code(),
    }
}

/// The number of grids: counted by the solver up to 6x6, the published
/// count for 8x8 and 9x9.
fn grid_count_line(shape: Shape) -> Result<Vec<String>, String> {
    let board = shape.board_name();
    if let Some(grids) = published_grid_count(shape) {
        return Ok(vec![format!(
            "{board}: {} grids (published count)",
            group(grids)
        )]);
    }
    if shape.n() > 6 {
        return Err(format!("no grid count for the {board} board: out of reach"));
    }
    match count_all(&Grid::empty(shape)) {
        SolutionCount::Exactly(grids) => {
            Ok(vec![format!("{board}: {} grids", group(grids.into()))])
        }
        other => Err(format!("the count stopped early at {}", other.found())),
    }
}

/// The Burnside table: the group, each class that fixes some grid, the sum
/// and the quotient.
fn census_lines(census: &Census) -> Vec<String> {
    let n = census.shape.n();
    let fixing: Vec<_> = census
        .classes
        .iter()
        .enumerate()
        .filter(|(_, c)| c.fixed > 0)
        .collect();
    let mut lines = vec![
        format!(
            "{}: {} cell symmetries in {} conjugacy classes, {} of them fix some grid",
            census.shape.board_name(),
            group(census.group_order()),
            census.classes.len(),
            fixing.len()
        ),
        format!("{:>5} {:>10} {:>26}", "class", "size", "fixed grids / n!"),
    ];
    for (i, c) in fixing {
        let mut line = format!(
            "{:>5} {:>10} {:>26}",
            i + 1,
            group(c.class.size.into()),
            group(c.fixed)
        );
        if i == 0 {
            line.push_str("  (counted band by band)");
        }
        lines.push(line);
    }
    let (classes, remainder) = census.essentially_different();
    lines.push(format!(
        "sum of size x fixed: {}",
        group(census.fixed_sum())
    ));
    if remainder != 0 {
        lines.push(format!("the sum leaves {remainder} over: a count is wrong"));
    }
    let grids = census.classes[0].fixed * (1..=n as u128).product::<u128>();
    lines.push(format!(
        "essentially different grids: {} (of {} grids, under {} symmetries and {n}! relabellings)",
        group(classes),
        group(grids),
        group(census.group_order()),
    ));
    lines
}

/// A number with commas between groups of three digits.
fn group(value: u128) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
