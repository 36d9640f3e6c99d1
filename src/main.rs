//! The `tudoku` binary: parses the command line and runs the game or a batch command.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// Sudoku for the terminal, and a puzzle engine: solve, count, generate, rate, hint.
#[derive(Parser, Debug)]
#[command(name = "tudoku", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve puzzles, or count their solutions (--count).
    Solve(cli::solve::SolveArgs),
    /// Generate puzzles with exactly one solution.
    Generate(cli::generate::GenerateArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Solve(args)) => cli::solve::run(&args),
        Some(Command::Generate(args)) => cli::generate::run(&args),
        None => {
            eprintln!("tudoku: the game is not playable yet; try `tudoku solve --help`");
            ExitCode::FAILURE
        }
    }
}
