//! `tudoku hint`: the next logical step for each puzzle, explained; with
//! `--all`, the whole solve path one step per line. From a position too:
//! after the puzzle on its line, the player's grid (entries; givens there
//! are ignored) and optionally their notes, and the answer comes in the
//! game's order, by the game's own function: a wrong entry first, then a
//! note that was wrongly removed, then the technique.

use std::process::ExitCode;

use tudoku_engine::{
    Cell, DigitSet, Grid, Hint, HintPart, link_lines, next_hint, solve_path, spell_out, symbol,
};

use super::batch::{BatchArgs, Outcome, no_solution_because, run_batch};
use super::json::Object;
use super::output::Report;

#[derive(clap::Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Print every step of a logical solve from the givens, numbered, with
    /// a blank line after each puzzle.
    #[arg(long, short)]
    pub all: bool,
    /// Write a chain a link per line, as the game's panel shows it: the
    /// technique and premise, each chain's first link after "if" and every
    /// link after it after "→", then the conclusion (other hints stay one line)
    #[arg(long, short)]
    pub links: bool,
}

pub fn run(args: &HintArgs, report: &Report) -> ExitCode {
    run_batch(&args.batch, false, report, || {
        |read| {
            let grid = &read.grid;
            let result = if args.all {
                whole_path(grid, args.links)
            } else {
                let entries = read
                    .second
                    .clone()
                    .unwrap_or_else(|| Grid::empty(grid.shape()));
                next_step(grid, &entries, read.notes.as_deref(), args.links)
            };
            let puzzle = || Object::new().str("puzzle", &grid.to_line(false));
            match result {
                Ok(said) => Outcome::either(report, || said.text, || puzzle().merge(said.fields)),
                Err(why) => {
                    let why = no_solution_because(grid, &why);
                    Outcome::failed("no hint")
                        .with_fields(puzzle())
                        .because(format!("no hint: {why}"))
                }
            }
        }
    })
}

/// A hint as text (lines joined by `\n`) and as JSON fields.
struct Said {
    text: String,
    fields: Object,
}

/// A hint's text as written: one line, or with `links` a link per line,
/// the lines after the first set in by `indent` columns.
fn written(text: &str, links: bool, indent: usize) -> String {
    if !links {
        return text.to_string();
    }
    let lines: Vec<String> = link_lines(text)
        .into_iter()
        .map(|(lead, line)| format!("{lead}{line}"))
        .collect();
    lines.join(&format!("\n{}", " ".repeat(indent)))
}

/// Every step of a logical solve, numbered, then a blank line.
fn whole_path(grid: &Grid, links: bool) -> Result<Said, String> {
    let steps = solve_path(grid).map_err(|e| e.to_string())?;
    let mut lines: Vec<String> = steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let number = format!("{}. ", i + 1);
            let indent = number.len();
            format!("{number}{}", written(&step.explanation, links, indent))
        })
        .collect();
    lines.push(String::new());
    let text = lines.join("\n");
    let fields = Object::new()
        .strs("steps", steps.iter().map(|s| s.explanation.as_str()))
        .strs("techniques", steps.iter().map(|s| s.technique.name()));
    Ok(Said { text, fields })
}

/// Each (cell, digit) as `r1c2 is 5` (`how` between them), the way the hint's JSON lists them.
fn named(pairs: impl IntoIterator<Item = (Cell, u8)>, how: &str) -> Vec<String> {
    pairs
        .into_iter()
        .map(|(cell, digit)| format!("{cell} {how} {}", symbol(digit)))
        .collect()
}

/// The hint for a position: `entries` the player's digits (0 elsewhere),
/// `notes` their candidate marks, if given; one line, or with `links` a
/// chain a link per line.
fn next_step(
    givens: &Grid,
    entries: &Grid,
    notes: Option<&[DigitSet]>,
    links: bool,
) -> Result<Said, String> {
    let shape = givens.shape();
    let (kind, text, technique, cells) =
        match next_hint(givens, entries, notes, None).map_err(|e| e.to_string())? {
            Hint::Mistakes(wrong) => {
                let cells = named(wrong, "is not");
                let text = format!("Mistake: {}", cells.join(", "));
                ("mistake", text, None, cells)
            }
            Hint::MissingNotes(missing) => {
                let cells = named(missing, "can be");
                let text = format!("Note removed wrongly: {}", cells.join(", "));
                ("missing note", text, None, cells)
            }
            Hint::Step { step, .. } => {
                let mut cells = named(step.placed(shape), "is");
                cells.extend(named(step.removed(shape), "is not"));
                ("step", step.explanation, Some(step.technique.name()), cells)
            }
            Hint::Solved => ("solved", "solved".to_string(), None, Vec::new()),
        };
    let mut fields = Object::new().str("kind", kind).str("hint", &text);
    if let Some(technique) = technique {
        fields = fields.str("technique", technique);
    }
    fields = fields.strs("cells", cells.iter().map(String::as_str));
    if kind == "step" {
        // the chains' links in order, and where each chain starts among them
        let (mut all, mut starts) = (Vec::new(), Vec::new());
        for part in spell_out(&text) {
            if let HintPart::Chain(chain) = part {
                starts.push(all.len() as u64);
                all.extend(chain);
            }
        }
        fields = fields
            .strs("links", all.iter().map(String::as_str))
            .nums("chain_starts", starts);
    }
    let text = written(&text, links, 0);
    Ok(Said { text, fields })
}
