//! Solves every puzzle in a file, one solution per line, with the library's
//! parser, solver and counter.
//!
//! ```sh
//! cargo run --example solve_file -- puzzles.txt
//! ```

use std::process::ExitCode;

use tudoku_engine::SolutionCount;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: solve_file FILE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut failed = false;
    for read in tudoku_engine::parse_puzzles(&text, None) {
        let answer = match read {
            Ok(read) => match tudoku_engine::count(&read.grid, 2) {
                SolutionCount::Exactly(0) => "no solution".to_string(),
                count => {
                    let solution =
                        tudoku_engine::some_solution(&read.grid).expect("counted at least one");
                    if count.is_unique() {
                        solution.to_line(false)
                    } else {
                        format!("{solution} (one of several)")
                    }
                }
            },
            Err(e) => {
                eprintln!("{path}:{}:{}: {}", e.line, e.column, e.kind);
                "invalid".to_string()
            }
        };
        failed |= answer == "invalid" || answer == "no solution";
        println!("{answer}");
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
