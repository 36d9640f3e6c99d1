//! The `tudoku` binary: parses the command line and runs the game or a batch command.
//!
//! The game lives in the binary's own modules: `game` (one game in play),
//! `storage` (its files on disk), `ui` (the terminal interface) and `cli`
//! (the batch commands), built on the puzzle engine, the `tudoku-engine`
//! crate. They are not a library: the package is a binary only, so nothing
//! outside it can depend on them and they may change in any release. Their
//! tests that reach inside are in `tests` (src/tests/); the tests in tests/
//! run the binary, and the ones there and the benches that also need these
//! modules compile the same files by `#[path]`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::storage::ConfigDir;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

// The game reaches the engine as `crate::engine`, the name it had when it
// lived in this crate.
use tudoku_engine as engine;

mod cli;
mod game;
mod serve;
mod storage;
#[cfg(test)]
mod tests;
mod ui;

/// Sudoku for the terminal, and a puzzle engine: solve, count, generate, rate, hint.
#[derive(Parser, Debug)]
#[command(name = "tudoku", version, about)]
struct Cli {
    #[command(flatten)]
    globals: Globals,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The options of every command, given before or after its name.
#[derive(Args, Debug)]
struct Globals {
    /// Where config, saves and stats live [default: $TUDOKU_CONFIG_DIR, else
    /// the platform's config directory, e.g. ~/.config/tudoku].
    #[arg(long, global = true, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    config_dir: Option<PathBuf>,
    #[command(flatten)]
    report: cli::Report,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve puzzles, or count their solutions (--count).
    Solve(cli::solve::SolveArgs),
    /// Generate puzzles with exactly one solution.
    Generate(cli::generate::GenerateArgs),
    /// Rate puzzles: level, score and the hardest technique needed.
    Rate(cli::rate::RateArgs),
    /// Explain the next logical step of each puzzle (--all: every step).
    Hint(cli::hint::HintArgs),
    /// Canonical (minlex) forms: one per class of equivalent puzzles;
    /// --dedupe, --same A B [--map].
    Canon(cli::canon::CanonArgs),
    /// Count grids; --essentially-different: count them up to symmetry
    /// (Burnside's lemma) and print the table of symmetry classes.
    Grids(cli::grids::GridsArgs),
    /// Play a new game (a bare `tudoku` resumes the autosaved one).
    Play(cli::play::PlayArgs),
    /// Host the game over SSH: `ssh -p 2222 HOST` plays, `-t HOST race` or
    /// `share` opens a race or a shared board, `-t HOST join CODE` joins
    /// one, `-t HOST watch CODE` looks on (README, "Playing over SSH").
    Serve(serve::ServeArgs),
    /// List the saved games, or print one's puzzle (--export).
    Saves(cli::saves::SavesArgs),
    /// Show best and average times, streaks and hints per board and level.
    Stats,
    /// Print the completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions(cli::docs::CompletionsArgs),
    /// Print the manual page, as roff (`tudoku man | man -l -` to read it).
    Man,
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = plain_solve(&args)
        .or_else(|| quick_solve(args))
        .unwrap_or_else(Cli::parse);
    let Globals { config_dir, report } = cli.globals;
    let report = &report;
    match cli.command {
        Some(Command::Solve(args)) => cli::solve::run(&args, report),
        Some(Command::Generate(args)) => cli::generate::run(&args, report),
        Some(Command::Rate(args)) => cli::rate::run(&args, report),
        Some(Command::Hint(args)) => cli::hint::run(&args, report),
        Some(Command::Canon(args)) => cli::canon::run(&args, report),
        Some(Command::Grids(args)) => cli::grids::run(&args),
        Some(Command::Completions(args)) => cli::docs::completions(Cli::command(), args.shell),
        Some(Command::Man) => cli::docs::man(Cli::command()),
        Some(Command::Stats) => with_dir(config_dir, |dir| cli::stats::run(&dir, report)),
        Some(Command::Saves(args)) => {
            with_dir(config_dir, |dir| cli::saves::run(&dir, &args, report))
        }
        Some(Command::Play(args)) => {
            cli::play::run(ConfigDir::resolve(config_dir.as_deref()), Some(&args))
        }
        Some(Command::Serve(args)) => serve::run(&args, ConfigDir::resolve(config_dir.as_deref())),
        None => cli::play::run(ConfigDir::resolve(config_dir.as_deref()), None),
    }
}

/// `tudoku solve FILE` and `tudoku solve --jobs N FILE`, the lines scripts
/// and benchmarks run, read without clap (see `cli::solve::plain_args`):
/// even the parser of `solve` alone is a tenth of a one-puzzle run's
/// instructions, and the pages of its code are read in from disk. Any other
/// line returns `None`, for `quick_solve`; one this takes reads as the
/// whole parser reads it (tested in src/tests/cli_parse.rs).
fn plain_solve(args: &[OsString]) -> Option<Cli> {
    let words: Vec<&str> = args
        .iter()
        .skip(1)
        .map(|a| a.to_str())
        .collect::<Option<_>>()?;
    let (command, words) = words.split_first()?;
    if *command != "solve" {
        return None;
    }
    let args = cli::solve::plain_args(words)?;
    Some(Cli {
        globals: Globals {
            config_dir: None,
            report: cli::Report::default(),
        },
        command: Some(Command::Solve(args)),
    })
}

/// `tudoku solve ...` (the command named first), parsed by a parser that
/// knows `solve` alone. clap builds the parser of every command at each
/// start, and tearing it down again; a parser of one command is a fraction
/// of that work, which on `solve` is the share of the process that the
/// peers, which read no options, never pay. A command line this parser
/// refuses (`--help`, a mistake) returns `None`, for the whole parser,
/// which says what it says on any other command line; one it takes reads as
/// the whole parser reads it (tested in src/tests/cli_parse.rs).
fn quick_solve(args: impl IntoIterator<Item = OsString>) -> Option<Cli> {
    let args: Vec<OsString> = args.into_iter().collect();
    if args.get(1)? != "solve" {
        return None;
    }
    let solve = cli::solve::SolveArgs::augment_args(clap::Command::new("solve"));
    let parser = Globals::augment_args(clap::Command::new("tudoku")).subcommand(solve);
    let matches = parser.try_get_matches_from(args).ok()?;
    let globals = Globals::from_arg_matches(&matches).ok()?;
    let solve = cli::solve::SolveArgs::from_arg_matches(matches.subcommand_matches("solve")?);
    Some(Cli {
        globals,
        command: Some(Command::Solve(solve.ok()?)),
    })
}

/// Runs a command that needs the config directory.
fn with_dir(flag: Option<PathBuf>, command: impl FnOnce(ConfigDir) -> ExitCode) -> ExitCode {
    match ConfigDir::resolve(flag.as_deref()) {
        // a directory someone else could change is not used at all
        Some(dir) => match dir.check() {
            Ok(()) => command(dir),
            Err(why) => {
                eprintln!("tudoku: {why}");
                ExitCode::FAILURE
            }
        },
        None => {
            eprintln!("tudoku: no home directory; pass --config-dir DIR");
            ExitCode::FAILURE
        }
    }
}
