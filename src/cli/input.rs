//! Reading batch input (a file or stdin) and reporting per-puzzle problems the
//! same way in every batch command: `NAME:LINE:COLUMN: message` on stderr.

use std::fs;
use std::io::{self, Read};
use std::path::PathBuf;

use tudoku::engine::ParseError;

/// The text of a batch command's input and the name to use in messages.
pub struct Input {
    pub name: String,
    pub text: String,
}

/// Reads `path`, or stdin when it is `None` or `-`. Bytes that are not UTF-8
/// become U+FFFD, which the parser then reports as a bad symbol with its column.
pub fn read_input(path: Option<&PathBuf>) -> Result<Input, String> {
    let mut bytes = Vec::new();
    let name = match path {
        Some(p) if p.as_os_str() != "-" => {
            let name = p.display().to_string();
            bytes = fs::read(p).map_err(|e| format!("cannot read {name}: {e}"))?;
            name
        }
        _ => {
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            "<stdin>".to_string()
        }
    };
    Ok(Input {
        name,
        text: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

impl Input {
    /// Prints a parse error with the input's name, line and column.
    pub fn report(&self, error: &ParseError) {
        eprintln!(
            "{}:{}:{}: {}",
            self.name, error.line, error.column, error.kind
        );
    }

    /// Prints a problem with the puzzle that starts on `line`.
    pub fn report_line(&self, line: usize, message: &str) {
        eprintln!("{}:{}: {}", self.name, line, message);
    }

    /// Prints that the input held no puzzle at all.
    pub fn report_empty(&self) {
        eprintln!("{}: no puzzles found", self.name);
    }
}
