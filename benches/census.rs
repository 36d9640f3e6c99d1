//! The hint path's step kinds over whole puzzle sets: every step of
//! `hint --all` on every puzzle of each set, counted by technique, with the
//! CPU time it took. It checks what README promises of the hint on the
//! benchmark sets: no step falls back to trial and error. The process exits
//! non-zero, naming the puzzles, when one does.
//!
//! `cargo bench --bench census` reads every `.txt` set in
//! `$TUDOKU_BENCH_DATA` (else `../shared/bench-data`); names after `--` pick
//! sets (`-- hardest_1106 top1465`), `--jobs N` sets the threads (default:
//! every core). The sets' hardest, hardest_1905_11plus, takes about 40
//! minutes of CPU: 5.4 million steps.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tudoku_engine::{Grid, Technique, parse_puzzles, solve_path};

mod common;
#[path = "common/cpu.rs"]
mod cpu;

/// Puzzles named per technique that should not show: enough to start from.
const NAMED: usize = 5;

/// What one set's hint paths held.
#[derive(Default)]
struct Census {
    puzzles: usize,
    /// Puzzles with no path: not one solution (serg_benchmark's all have
    /// several), or no solution.
    without_path: usize,
    steps: BTreeMap<Technique, usize>,
    /// The lines of the puzzles whose path falls back to trial and error.
    trial: Vec<usize>,
}

impl Census {
    fn add(&mut self, line: usize, path: Option<Vec<Technique>>) {
        self.puzzles += 1;
        let Some(path) = path else {
            self.without_path += 1;
            return;
        };
        if path.contains(&Technique::Backtrack) {
            self.trial.push(line);
        }
        for technique in path {
            *self.steps.entry(technique).or_default() += 1;
        }
    }

    /// Adds what another thread counted.
    fn merge(&mut self, other: Census) {
        self.puzzles += other.puzzles;
        self.without_path += other.without_path;
        self.trial.extend(other.trial);
        for (technique, count) in other.steps {
            *self.steps.entry(technique).or_default() += count;
        }
    }
}

/// Every step kind of every puzzle's path, on `jobs` threads taking the
/// puzzles in turn.
fn census(puzzles: &[(usize, Grid)], jobs: usize) -> Census {
    let next = AtomicUsize::new(0);
    let found = Mutex::new(Census::default());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let mut own = Census::default();
                while let Some((line, grid)) = puzzles.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let path = solve_path(grid).ok();
                    own.add(*line, path.map(|p| p.iter().map(|s| s.technique).collect()));
                }
                found
                    .lock()
                    .expect("no thread panics holding it")
                    .merge(own);
            });
        }
    });
    let mut all = found.into_inner().expect("no thread panicked");
    all.trial.sort_unstable();
    all
}

fn print(name: &str, census: &Census, cpu: Duration) {
    let steps: usize = census.steps.values().sum();
    println!(
        "{name}: {} puzzles, {} without one solution, {steps} steps, cpu {cpu:.1?}",
        census.puzzles, census.without_path
    );
    for (technique, count) in &census.steps {
        println!("  {count:>9} {}", technique.name());
    }
    if !census.trial.is_empty() {
        let lines: Vec<String> = census
            .trial
            .iter()
            .take(NAMED)
            .map(usize::to_string)
            .collect();
        println!(
            "  trial and error on {} puzzles, lines {}",
            census.trial.len(),
            lines.join(", ")
        );
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let jobs = args
        .iter()
        .position(|a| a == "--jobs")
        .and_then(|i| args.get(i + 1))
        .and_then(|j| j.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // cargo bench passes `--bench`; names are the words that are not flags
    let mut names: Vec<String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with("--") && (i == 0 || args[i - 1] != "--jobs"))
        .map(|(_, a)| a.clone())
        .collect();
    let dir = common::data_dir();
    if names.is_empty() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("no puzzle sets: cannot read {}", dir.display());
            return ExitCode::FAILURE;
        };
        names = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|f| f.strip_suffix(".txt").map(str::to_string))
            .collect();
        names.sort();
    }
    let mut ok = true;
    for name in names {
        let path = dir.join(format!("{name}.txt"));
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                ok = false;
                continue;
            }
        };
        let puzzles: Vec<(usize, Grid)> = parse_puzzles(&text, None)
            .filter_map(Result::ok)
            .map(|p| (p.line, p.grid))
            .collect();
        let start = cpu::process_cpu();
        let found = census(&puzzles, jobs);
        print(&name, &found, cpu::process_cpu().saturating_sub(start));
        ok &= found.trial.is_empty();
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
