//! The peers the 9x9 sets are measured against, in the same run: the
//! `sudoku` crate (0.8) in process, and a tdoku benchmark driver (see
//! /work/shared/peers/tdoku: it reads a file of puzzles, solves each with a
//! limit of two solutions and prints the count per line) as a child process
//! named by `TUDOKU_TDOKU`. Times are CPU times, best of the rounds.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use sudoku::Sudoku;

use crate::cpu::{children_cpu, thread_cpu};
use tudoku_engine::Grid;

/// The fastest of `rounds` runs of `run`, which returns what it measured.
pub fn best_of<T>(rounds: usize, mut run: impl FnMut() -> (Duration, T)) -> (Duration, T) {
    let mut best = run();
    for _ in 1..rounds {
        let next = run();
        if next.0 < best.0 {
            best = next;
        }
    }
    best
}

/// The `sudoku` crate's time to find up to two solutions of each puzzle
/// (the first written out, as tudoku's are), and how many had exactly one.
pub fn sudoku_crate(puzzles: &[Grid]) -> (Duration, usize) {
    let sudokus: Vec<Sudoku> = puzzles
        .iter()
        .map(|g| Sudoku::from_bytes_slice(g.values()).expect("a 9x9 grid is a sudoku"))
        .collect();
    let mut solutions = [[0u8; 81]; 2];
    let start = thread_cpu();
    let unique = sudokus
        .iter()
        .filter(|s| s.solutions_up_to_buffer(&mut solutions, 2) == 1)
        .count();
    (thread_cpu() - start, unique)
}

/// The tdoku driver's CPU time on the puzzles (it reads them from a file
/// written here, so that it solves exactly these), and how many it found
/// unique. Its time includes reading that file and starting the process.
pub fn tdoku(driver: &Path, set: &str, puzzles: &[Grid]) -> std::io::Result<(Duration, usize)> {
    let file = std::env::temp_dir().join(format!("tudoku-bench-{}-{set}.txt", std::process::id()));
    let mut text = Vec::new();
    for grid in puzzles {
        writeln!(text, "{}", grid.to_line(false))?;
    }
    std::fs::write(&file, text)?;
    let before = children_cpu()?;
    let output = Command::new(driver)
        .arg(&file)
        .stderr(Stdio::null())
        .output();
    let spent = children_cpu()? - before;
    std::fs::remove_file(&file)?;
    let output = output?;
    if !output.status.success() {
        return Err(std::io::Error::other(format!(
            "{} failed: {}",
            driver.display(),
            output.status
        )));
    }
    let unique = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|l| l.trim() == "1")
        .count();
    Ok((spent, unique))
}

/// The tdoku driver named by `TUDOKU_TDOKU`, if set.
pub fn tdoku_driver() -> Option<PathBuf> {
    std::env::var_os("TUDOKU_TDOKU").map(PathBuf::from)
}
